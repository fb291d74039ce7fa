import { isApiError, isSystemError } from '../api/errors';
import { type ApiClient, type ApiClientOptions, type AuthProvider, createApiClient } from '../api/http';
import { anonymousGrant, authorizationCodeGrant, refreshGrant } from '../api/oauth';
import { createRedirectSession } from '../api/redirects';
import type { TokenRole } from '../api/types/enums';
import type { TokenResponse } from '../api/types/tokens';
import { AuthError } from './errors';
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

export interface SessionOptions {
  clientId: string;
  apiBase?: string;
  fetch?: typeof fetch;
  /** Where tokens persist (localStorage, namespaced by client id, in browsers). */
  storage?: KeyValueStorage;
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

function parseTokens(raw: string | null): Tokens {
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
  const lock = options.lock ?? localLock();
  const now = options.now ?? Date.now;
  const nowSeconds = () => Math.floor(now() / 1000);
  const listeners = new Set<(tokens: Tokens, change: TokensChange) => void>();
  let inflight: Promise<Tokens> | undefined;
  let lastRaw: string | null = storage.get(TOKENS_KEY);

  const auth: AuthProvider = {
    getAuthorization: async () => (await ensureTokens()).accessToken.value,
    // The platform no longer knows the stored access token (revoked, or the platform was reset): renew it,
    // falling back as a refused renewal does. The call is sent again, but a member's call is not replayed as
    // the visitor they fell back to (their "my member" would be a 403; the store reloads what it needs).
    async onUnauthorized(rejected) {
      const current = getTokens();
      if (current.accessToken.value === rejected) {
        storage.set(TOKENS_KEY, JSON.stringify({ ...current, accessToken: { value: '', expiresAt: 0 } }));
      }
      const renewed = await ensureTokens();
      return (
        current.refreshToken.role !== 'member' || renewed.refreshToken.value === current.refreshToken.value
      );
    },
  };
  const client: ApiClient = createApiClient({
    ...(options.apiBase ? { apiBase: options.apiBase } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.onError ? { onError: options.onError } : {}),
    auth,
  });
  /** For the token endpoint, which takes no Authorization. */
  const tokenClient = client;

  const notify = (tokens: Tokens, change: TokensChange) => {
    for (const listener of [...listeners]) {
      try {
        listener(tokens, change);
      } catch (error) {
        console.error('[storefront] a session listener failed:', error);
      }
    }
  };

  function getTokens(): Tokens {
    return parseTokens(storage.get(TOKENS_KEY));
  }

  function setTokens(tokens: Tokens, change: TokensChange = 'external'): void {
    const raw = JSON.stringify(tokens);
    storage.set(TOKENS_KEY, raw);
    lastRaw = raw;
    notify(tokens, change);
  }

  const toAccess = (res: TokenResponse): AccessToken => ({
    value: res.access_token,
    expiresAt: nowSeconds() + Number(res.expires_in),
  });

  const isFresh = (token: AccessToken) =>
    Boolean(token.value) && token.expiresAt - EXPIRY_MARGIN_SECONDS > nowSeconds();

  async function newVisitor(change: TokensChange): Promise<Tokens> {
    const res = await anonymousGrant(tokenClient, clientId);
    const tokens: Tokens = {
      accessToken: toAccess(res),
      refreshToken: { value: res.refresh_token, role: 'visitor' },
    };
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
        const res = await refreshGrant(tokenClient, clientId, refresh.value);
        const renewed: Tokens = { accessToken: toAccess(res), refreshToken: refresh };
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
            const res = await refreshGrant(tokenClient, clientId, visitorRefresh);
            const back: Tokens = {
              accessToken: toAccess(res),
              refreshToken: { value: visitorRefresh, role: 'visitor' },
            };
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
   * of this page at the same moment, and under a lock so that only one tab renews at a time (a tab that waited
   * finds the other's new tokens in storage and uses them).
   */
  function ensureTokens(): Promise<Tokens> {
    const current = getTokens();
    if (isFresh(current.accessToken)) return Promise.resolve(current);
    inflight ??= lock
      .run(`sf:${clientId}:renew`, async () => {
        const latest = getTokens();
        if (isFresh(latest.accessToken)) {
          if (JSON.stringify(latest) !== JSON.stringify(current)) notify(latest, 'external');
          return latest;
        }
        return renewOrReplace(latest);
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

  const memberTokensFrom = (res: TokenResponse): Tokens => ({
    accessToken: toAccess(res),
    refreshToken: { value: res.refresh_token, role: 'member' },
  });

  /** Exchanges a code for member tokens, checking the state first (WIRE.md 9). */
  async function exchange(
    code: string | null | undefined,
    state: string | null | undefined,
    data: OAuthData,
  ): Promise<Tokens> {
    if (!code || !state) throw new AuthError('Missing code or _state', { reason: 'missing_code' });
    if (state !== data.state) throw new AuthError('Invalid _state', { reason: 'invalid_state' });
    try {
      const res = await authorizationCodeGrant(tokenClient, {
        clientId,
        code,
        codeVerifier: data.codeVerifier,
        ...(data.redirectUri ? { redirectUri: data.redirectUri } : {}),
      });
      return memberTokensFrom(res);
    } catch (cause) {
      throw new AuthError('Failed to get member tokens', { reason: 'token_exchange_failed', cause });
    }
  }

  async function authorizeUrl(
    data: OAuthData,
    responseMode: 'fragment' | 'query' | 'web_message',
    prompt: 'login' | 'none',
    extra: { sessionToken?: string; idp?: string } = {},
  ) {
    const { redirectSession } = await createRedirectSession(client, {
      auth: {
        authRequest: {
          ...(data.redirectUri ? { redirectUri: data.redirectUri } : {}),
          clientId,
          codeChallenge: data.codeChallenge,
          codeChallengeMethod: 'S256',
          responseMode,
          responseType: 'code',
          scope: 'offline_access',
          state: data.state,
          ...(extra.sessionToken ? { sessionToken: extra.sessionToken } : {}),
          ...(extra.idp ? ({ idp: extra.idp } as Record<string, string>) : {}),
        },
        prompt,
      },
    });
    return redirectSession;
  }

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
    subscribe(listener: (tokens: Tokens, change: TokensChange) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Re-reads storage (another tab may have changed it); tells listeners when it did change. */
    reload(): Tokens {
      const raw = storage.get(TOKENS_KEY);
      const tokens = parseTokens(raw);
      if (raw !== lastRaw) {
        lastRaw = raw;
        notify(tokens, 'external');
      }
      return tokens;
    },

    /** Stores member tokens (a finished sign-in), remembering the visitor's refresh token to fall back to. */
    signInWith,
    exchange,
    authorizeUrl,
    memberTokensFrom,

    /**
     * Reads `code` and `state` (or `error`) from a URL the platform redirected back to, exchanges the code
     * and stores the member tokens. Returns null when the URL carries no sign-in answer.
     */
    async finishRedirect(url: string, oauthData?: OAuthData): Promise<{ originalUri?: string } | null> {
      const stored = transactions.get(TRANSACTION_KEY);
      const data = oauthData ?? (stored ? (JSON.parse(stored) as OAuthData) : undefined);
      const parsed = new URL(url);
      const params =
        data?.responseMode === 'query'
          ? parsed.searchParams
          : new URLSearchParams(parsed.hash.replace(/^#/, ''));
      const alt =
        data?.responseMode === 'query'
          ? new URLSearchParams(parsed.hash.replace(/^#/, ''))
          : parsed.searchParams;
      const get = (key: string) => params.get(key) ?? alt.get(key);
      const code = get('code');
      const state = get('state');
      const error = get('error');
      if (!code && !state && !error) return null;
      transactions.remove(TRANSACTION_KEY);
      if (!data) throw new AuthError('Invalid _state', { reason: 'no_transaction' });
      if (error) throw new AuthError(get('error_description') ?? error, { reason: error });
      signInWith(await exchange(code, state, data));
      return data.originalUri ? { originalUri: data.originalUri } : {};
    },

    /** Keeps the verifier and state of a hosted sign-in until the platform redirects back. */
    saveTransaction: (data: OAuthData) => transactions.set(TRANSACTION_KEY, JSON.stringify(data)),

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
      setTokens(
        { accessToken: { value: '', expiresAt: 0 }, refreshToken: { value: '', role: 'none' } },
        'signedOut',
      );
      return { logoutUrl };
    },

    /** Stores member tokens obtained elsewhere (e.g. by the merchant's server), as a sign-in. */
    signInWithTokens: (tokens: Tokens) => signInWith(tokens),
  };
}

export type Session = ReturnType<typeof createSession>;
