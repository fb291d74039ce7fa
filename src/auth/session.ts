import { isApiError, isSystemError } from '../api/errors';
import { type ApiClient, type ApiClientOptions, type AuthProvider, createApiClient } from '../api/http';
import { anonymousGrant, refreshGrant } from '../api/oauth';
import type { TokenRole } from '../api/types/enums';
import type { TokenResponse } from '../api/types/tokens';
import { type Lock, localLock } from './lock';
import type { OAuthData } from './pkce';
import { type KeyValueStorage, memoryStorage } from './storage';

export interface AccessToken {
  value: string;
  /** Epoch seconds: the time of issue plus `expires_in`. */
  expiresAt: number;
}

export interface RefreshToken {
  value: string;
  role: TokenRole;
}

export interface Tokens {
  accessToken: AccessToken;
  refreshToken: RefreshToken;
}

export const EMPTY_TOKENS: Tokens = Object.freeze({
  accessToken: Object.freeze({ value: '', expiresAt: 0 }),
  refreshToken: Object.freeze({ value: '', role: 'none' as const }),
}) as Tokens;

/** An access token is renewed this long before it expires, so a call never leaves with a dying token. */
export const EXPIRY_MARGIN_SECONDS = 30;

/** Why the tokens changed, for listeners (the store, other tabs). */
export type TokensChange = 'renewed' | 'visitor' | 'signedIn' | 'signedOut' | 'expired' | 'external';

/**
 * Where the token pair lives. In the widgets it is the page's zustand store, which persists it (README: "The
 * store"); elsewhere (Node, the API client) the session's own `storage` under `tokens`.
 */
export interface TokenHolder {
  get(): Tokens;
  set(tokens: Tokens): void;
  /** Takes what another tab stored since (the store reads them from storage again); a no-op where nothing caches. */
  reload?(): void;
}

/**
 * How long a tab that waited for another tab's renewal waits for that tab's tokens to reach it (a storage
 * event, see `reload`) before it renews by itself: the other tab may have failed or closed.
 */
export const RENEWAL_HANDOVER_MS = 3000;

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

const TOKENS_KEY = 'tokens';
const VISITOR_KEY = 'visitor';
const TRANSACTION_KEY = 'oauth';

/** A token holder over a storage's `tokens` key, for a session without a store (Node, tests). */
export const storageTokens = (storage: KeyValueStorage): TokenHolder => ({
  get: () => parseTokens(storage.get(TOKENS_KEY)),
  set: (tokens) => storage.set(TOKENS_KEY, JSON.stringify(tokens)),
});

/** Stored tokens as `JSON.stringify(tokens)` wrote them; anything else (damaged, foreign) is no tokens. */
export function parseTokens(raw: string | null | undefined): Tokens {
  if (!raw) return EMPTY_TOKENS;
  try {
    const parsed = JSON.parse(raw) as Tokens;
    if (typeof parsed?.accessToken?.value === 'string' && typeof parsed?.refreshToken?.value === 'string')
      return parsed;
  } catch {
    // a damaged entry counts as no tokens
  }
  return EMPTY_TOKENS;
}

/**
 * A visitor's or member's session: the token pair in storage, renewal, and every sign-in flow of SPEC.md
 * 4 and WIRE.md 6–9. It is also the `AuthProvider` of its own API client (`session.client`).
 */
export function createSession(options: SessionOptions) {
  const { clientId } = options;
  if (!clientId) throw new TypeError('createSession needs the OAuth client id');
  const storage = options.storage ?? memoryStorage();
  const transactions = options.transactions ?? storage;
  const holder = options.tokens;
  const lock = options.lock ?? localLock();
  const now = options.now ?? Date.now;
  const nowSeconds = () => Math.floor(now() / 1000);
  const listeners = new Set<(tokens: Tokens, change: TokensChange) => void>();
  let inflight: Promise<Tokens> | undefined;
  /** The tokens listeners last heard of, to tell another tab's change from none. */
  let lastRaw = JSON.stringify(holder.get());

  const auth: AuthProvider = {
    getAuthorization: async () => (await ensureTokens()).accessToken.value,
    // The platform no longer knows the stored access token (revoked, or the platform was reset): renew it,
    // falling back as a refused renewal does. The call is sent again, but a member's call is not replayed as
    // the visitor they fell back to (their "my member" would be a 403; the store reloads what it needs).
    async onUnauthorized(rejected) {
      const current = getTokens();
      if (current.accessToken.value === rejected) {
        holder.set({ ...current, accessToken: { value: '', expiresAt: 0 } });
      }
      const renewed = await ensureTokens();
      return (
        current.refreshToken.role !== 'member' || renewed.refreshToken.value === current.refreshToken.value
      );
    },
  };
  const client: ApiClient = createApiClient({
    // An empty `apiBase` is the default one.
    apiBase: options.apiBase || undefined,
    fetch: options.fetch,
    onError: options.onError,
    auth,
  });

  const notify = (tokens: Tokens, change: TokensChange) => {
    for (const listener of [...listeners]) {
      try {
        listener(tokens, change);
      } catch (error) {
        console.error('[storefront] a session listener failed:', error);
      }
    }
  };

  const getTokens = (): Tokens => holder.get();

  function setTokens(tokens: Tokens, change: TokensChange = 'external'): void {
    holder.set(tokens);
    lastRaw = JSON.stringify(tokens);
    notify(tokens, change);
  }

  /** Takes what another tab stored; tells listeners when it differs from what they know. */
  function reload(): Tokens {
    holder.reload?.();
    const tokens = holder.get();
    const raw = JSON.stringify(tokens);
    if (raw !== lastRaw) {
      lastRaw = raw;
      notify(tokens, 'external');
    }
    return tokens;
  }

  /**
   * After waiting for the lock behind another tab: that tab has most likely renewed, but its stored tokens can
   * reach this tab a moment after the lock does (browsers sync localStorage between tabs asynchronously).
   * Waits for them (each `reload` from a storage event is a look), for `RENEWAL_HANDOVER_MS` at most.
   */
  function handover(): Promise<Tokens> {
    return new Promise((resolve) => {
      const done = () => {
        off();
        clearTimeout(timer);
        resolve(getTokens());
      };
      const off = subscribe((tokens) => {
        if (isFresh(tokens.accessToken)) done();
      });
      const timer = setTimeout(done, RENEWAL_HANDOVER_MS);
    });
  }

  function subscribe(listener: (tokens: Tokens, change: TokensChange) => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }

  /** The tokens of a token endpoint's answer, with the refresh token they go with. */
  const issued = (res: TokenResponse, refreshToken: RefreshToken): Tokens => ({
    accessToken: { value: res.access_token, expiresAt: nowSeconds() + Number(res.expires_in) },
    refreshToken,
  });

  const isFresh = (token: AccessToken) =>
    Boolean(token.value) && token.expiresAt - EXPIRY_MARGIN_SECONDS > nowSeconds();

  async function newVisitor(change: TokensChange): Promise<Tokens> {
    const res = await anonymousGrant(client, clientId);
    const tokens = issued(res, { value: res.refresh_token, role: 'visitor' });
    storage.remove(VISITOR_KEY);
    setTokens(tokens, change);
    return tokens;
  }

  /**
   * Renews with the refresh token; when the platform refuses it (revoked, expired, unknown), a member falls
   * back to the visitor they were before signing in (so their cart is still there), else to a new visitor.
   * A network failure is not a refusal: it is thrown, and the session is kept for the next try.
   */
  async function renewOrReplace(tokens: Tokens): Promise<Tokens> {
    const refresh = tokens.refreshToken;
    if (refresh.value) {
      try {
        const res = await refreshGrant(client, clientId, refresh.value);
        const renewed = issued(res, refresh);
        setTokens(renewed, 'renewed');
        return renewed;
      } catch (error) {
        if (isSystemError(error) || (isApiError(error) && error.status >= 500)) throw error;
      }
      if (refresh.role === 'member') {
        const visitorRefresh = storage.get(VISITOR_KEY);
        storage.remove(VISITOR_KEY);
        if (visitorRefresh) {
          try {
            const res = await refreshGrant(client, clientId, visitorRefresh);
            const back = issued(res, { value: visitorRefresh, role: 'visitor' });
            setTokens(back, 'expired');
            return back;
          } catch (error) {
            if (isSystemError(error)) throw error;
          }
        }
        return newVisitor('expired');
      }
    }
    return newVisitor('visitor');
  }

  /**
   * Valid tokens: the stored ones while the access token is fresh; otherwise renewed once for every caller
   * of this page at the same moment, and under a lock so that only one tab renews at a time. A tab that
   * waited behind another takes that tab's new tokens (from storage, or when they arrive: `handover`) instead
   * of renewing again.
   */
  function ensureTokens(): Promise<Tokens> {
    const current = getTokens();
    if (isFresh(current.accessToken)) return Promise.resolve(current);
    inflight ??= lock
      .run(`sf:${clientId}:renew`, async (waited) => {
        let latest = reload();
        if (!isFresh(latest.accessToken) && waited) latest = await handover();
        return isFresh(latest.accessToken) ? latest : renewOrReplace(latest);
      })
      .finally(() => {
        inflight = undefined;
      });
    return inflight;
  }

  /** Stores member tokens, remembering the visitor's refresh token to fall back to later. */
  function signInWith(memberTokens: Tokens): Tokens {
    const previous = getTokens();
    if (previous.refreshToken.role === 'visitor' && previous.refreshToken.value)
      storage.set(VISITOR_KEY, previous.refreshToken.value);
    setTokens(memberTokens, 'signedIn');
    return memberTokens;
  }

  const memberTokensFrom = (res: TokenResponse): Tokens =>
    issued(res, { value: res.refresh_token, role: 'member' });

  return {
    clientId,
    /** The API client whose calls carry this session's (renewed) access token. */
    client,
    getTokens,
    /** Replaces the tokens (e.g. restored from a server), telling listeners. */
    setTokens: (tokens: Tokens) => setTokens(tokens, 'external'),
    ensureTokens,
    getAuthorization: auth.getAuthorization,
    /** True when the refresh token's role is member (SPEC.md 4). */
    loggedIn: () => getTokens().refreshToken.role === 'member',
    role: (): TokenRole => getTokens().refreshToken.role,
    /** Listens to token changes; returns the unsubscribe. */
    subscribe,
    /** Takes what another tab stored (call it on the storage event); tells listeners when it changed. */
    reload,

    /** Stores member tokens (a finished sign-in), remembering the visitor's refresh token to fall back to. */
    signInWith,
    memberTokensFrom,

    /** Keeps the verifier and state of a hosted sign-in until the platform redirects back (`auth/hosted.ts`). */
    saveTransaction: (data: OAuthData) => transactions.set(TRANSACTION_KEY, JSON.stringify(data)),
    /** The kept verifier and state, removed: a redirect's answer is used once. */
    takeTransaction(): OAuthData | undefined {
      const stored = transactions.get(TRANSACTION_KEY);
      transactions.remove(TRANSACTION_KEY);
      try {
        return stored ? (JSON.parse(stored) as OAuthData) : undefined;
      } catch {
        return undefined;
      }
    },

    /**
     * Signs out: the `logout` redirect session (whose page ends the platform's session), then both tokens
     * cleared and the role none (SPEC.md 4). The local sign-out happens even when the platform cannot be
     * reached; `logoutUrl` is then undefined.
     */
    async logout(
      postFlowUrl: string,
      options: { platform?: boolean } = {},
    ): Promise<{ logoutUrl: string | undefined }> {
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
      setTokens(EMPTY_TOKENS, 'signedOut');
      return { logoutUrl };
    },

    /** Stores member tokens obtained elsewhere (e.g. by the merchant's server), as a sign-in. */
    signInWithTokens: (tokens: Tokens) => signInWith(tokens),
  };
}

export type Session = ReturnType<typeof createSession>;
