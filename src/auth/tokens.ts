import type { TokenRole } from '../api/types/enums';
import type { KeyValueStorage } from './storage';

/**
 * The token pair and where it lives: what the session's parts (`token-changes.ts`, `renewal.ts`) share
 * with it, in a module that imports none of them back. `session.ts` exports its public names.
 */

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

/** Why the tokens changed, for listeners (the store, other tabs). */
export type TokensChange = 'renewed' | 'visitor' | 'signedIn' | 'signedOut' | 'expired' | 'external';

export type TokensListener = (tokens: Tokens, change: TokensChange) => void;

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

/** The key the tokens have always been stored under (`sf:<clientId>:tokens` in localStorage). */
export const TOKENS_KEY = 'tokens';
/** Where a member's session keeps the refresh token of the visitor they were, to fall back to. */
export const VISITOR_KEY = 'visitor';

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
