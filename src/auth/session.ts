import { type ApiClient, type ApiClientOptions, type AuthProvider, createApiClient } from '../api/http';
import type { TokenRole } from '../api/types/enums';
import type { TokenResponse } from '../api/types/tokens';
import { type Lock, localLock } from './lock';
import type { OAuthData } from './pkce';
import { createRenewal, renewingAuth } from './renewal';
import { type KeyValueStorage, memoryStorage } from './storage';
import { watchTokens } from './token-changes';
import {
  EMPTY_TOKENS,
  type RefreshToken,
  type TokenHolder,
  type Tokens,
  type TokensListener,
  VISITOR_KEY,
} from './tokens';

// The session's public names, wherever its parts define them.
export { EXPIRY_MARGIN_SECONDS, RENEWAL_HANDOVER_MS } from './renewal';
export {
  type AccessToken,
  EMPTY_TOKENS,
  parseTokens,
  type RefreshToken,
  storageTokens,
  TOKENS_KEY,
  type TokenHolder,
  type Tokens,
  type TokensChange,
} from './tokens';

/** Where a hosted sign-in's verifier and state wait, in `transactions`. */
const TRANSACTION_KEY = 'oauth';

export interface SessionOptions {
  clientId: string;
  apiBase?: string;
  fetch?: typeof fetch;
  /**
   * Where the visitor's refresh token waits while a member is signed in, and the tokens when no `tokens`
   * holder is given (localStorage, namespaced by client id, in browsers).
   */
  storage?: KeyValueStorage;
  /** Where the token pair lives: the store's, in the widgets; `storageTokens(storage)` elsewhere. */
  tokens: TokenHolder;
  /** Where a hosted sign-in's verifier and state wait for the redirect back (sessionStorage in browsers). */
  transactions?: KeyValueStorage;
  /** One renewal at a time, across tabs with Web Locks. */
  lock?: Lock;
  /** Milliseconds since the epoch. */
  now?: () => number;
  onError?: ApiClientOptions['onError'];
}

/**
 * A visitor's or member's session: the token pair in storage, renewal, and every sign-in flow of SPEC.md
 * 4 and WIRE.md 6–9. It is also the `AuthProvider` of its own API client (`session.client`).
 */
export function createSession(options: SessionOptions): Session {
  const { clientId } = options;
  if (!clientId) throw new TypeError('createSession needs the OAuth client id');
  const storage = options.storage ?? memoryStorage();
  const transactions = options.transactions ?? storage;
  const now = options.now ?? Date.now;
  const nowSeconds = () => Math.floor(now() / 1000);
  const tokens = watchTokens(options.tokens);
  // (An arrow: `ensureTokens` comes from the renewal, which needs this auth's client first.)
  const auth = renewingAuth(options.tokens, () => ensureTokens());
  const client: ApiClient = createApiClient({
    // An empty `apiBase` is the default one.
    apiBase: options.apiBase || undefined,
    fetch: options.fetch,
    onError: options.onError,
    auth,
  });
  /** The tokens of a token endpoint's answer, with the refresh token they go with. */
  const issued = (res: TokenResponse, refreshToken: RefreshToken): Tokens => ({
    accessToken: { value: res.access_token, expiresAt: nowSeconds() + Number(res.expires_in) },
    refreshToken,
  });
  const lock = options.lock ?? localLock();
  const ensureTokens = createRenewal(tokens, client, clientId, storage, lock, issued, nowSeconds);

  function signInWith(memberTokens: Tokens): Tokens {
    const previous = tokens.get().refreshToken;
    if (previous.role === 'visitor' && previous.value) storage.set(VISITOR_KEY, previous.value);
    tokens.set(memberTokens, 'signedIn');
    return memberTokens;
  }

  return {
    clientId,
    client,
    getTokens: tokens.get,
    setTokens: (restored) => tokens.set(restored, 'external'),
    ensureTokens,
    getAuthorization: auth.getAuthorization,
    loggedIn: () => tokens.get().refreshToken.role === 'member',
    role: () => tokens.get().refreshToken.role,
    subscribe: tokens.subscribe,
    reload: tokens.reload,
    signInWith,
    memberTokensFrom: (res) => issued(res, { value: res.refresh_token, role: 'member' }),
    saveTransaction: (data) => transactions.set(TRANSACTION_KEY, JSON.stringify(data)),
    takeTransaction() {
      const stored = transactions.get(TRANSACTION_KEY);
      transactions.remove(TRANSACTION_KEY);
      try {
        return stored ? (JSON.parse(stored) as OAuthData) : undefined;
      } catch {
        return undefined;
      }
    },
    async logout(postFlowUrl, options = {}) {
      let logoutUrl: string | undefined;
      // `platform: false` (the member's account is deleted): nothing to end on the platform's side.
      if (options.platform !== false)
        try {
          // Downloaded when someone signs out (with the widgets' chunk in the script tag's build).
          const { createRedirectSession } = await import('../api/redirects');
          const { redirectSession } = await createRedirectSession(client, {
            logout: { clientId },
            callbacks: { postFlowUrl },
          });
          logoutUrl = redirectSession.fullUrl;
        } catch (error) {
          console.warn(
            '[storefront] the platform could not be told about the sign-out; signed out on this site only:',
            error,
          );
        }
      storage.remove(VISITOR_KEY);
      tokens.set(EMPTY_TOKENS, 'signedOut');
      return { logoutUrl };
    },
    signInWithTokens: signInWith,
  };
}

/**
 * What `createSession` gives: the session's whole API, documented here, so the factory itself is only the
 * wiring of its parts (the shape is the one the factory returned before it was written down).
 */
export interface Session {
  clientId: string;
  /** The API client whose calls carry this session's (renewed) access token. */
  client: ApiClient;
  getTokens: () => Tokens;
  /** Replaces the tokens (e.g. restored from a server), telling listeners. */
  setTokens: (tokens: Tokens) => void;
  ensureTokens: () => Promise<Tokens>;
  getAuthorization: AuthProvider['getAuthorization'];
  /** True when the refresh token's role is member (SPEC.md 4). */
  loggedIn: () => boolean;
  role: () => TokenRole;
  /** Listens to token changes; returns the unsubscribe. */
  subscribe: (listener: TokensListener) => () => void;
  /** Takes what another tab stored (call it on the storage event); tells listeners when it changed. */
  reload: () => Tokens;
  /** Stores member tokens (a finished sign-in), remembering the visitor's refresh token to fall back to. */
  signInWith: (memberTokens: Tokens) => Tokens;
  memberTokensFrom: (res: TokenResponse) => Tokens;
  /** Keeps the verifier and state of a hosted sign-in until the platform redirects back (`auth/hosted.ts`). */
  saveTransaction: (data: OAuthData) => void;
  /** The kept verifier and state, removed: a redirect's answer is used once. */
  takeTransaction(): OAuthData | undefined;
  /**
   * Signs out: the `logout` redirect session (whose page ends the platform's session), then both tokens
   * cleared and the role none (SPEC.md 4). The local sign-out happens even when the platform cannot be
   * reached; `logoutUrl` is then undefined.
   */
  logout(postFlowUrl: string, options?: { platform?: boolean }): Promise<{ logoutUrl: string | undefined }>;
  /** Stores member tokens obtained elsewhere (e.g. by the merchant's server), as a sign-in. */
  signInWithTokens: (tokens: Tokens) => Tokens;
}
