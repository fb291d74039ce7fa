import { isApiError, isSystemError } from '../api/errors';
import type { ApiClient, AuthProvider } from '../api/http';
import { anonymousGrant, refreshGrant } from '../api/token-grants';
import type { TokenResponse } from '../api/types/tokens';
import type { Lock } from './lock';
import type { KeyValueStorage } from './storage';
import type { WatchedTokens } from './token-changes';
import {
  type AccessToken,
  type RefreshToken,
  type TokenHolder,
  type Tokens,
  type TokensChange,
  VISITOR_KEY,
} from './tokens';

/** An access token is renewed this long before it expires, so a call never leaves with a dying token. */
export const EXPIRY_MARGIN_SECONDS = 30;

/**
 * How long a tab that waited for another tab's renewal waits for that tab's tokens to reach it (a storage
 * event, see `reload`) before it renews by itself: the other tab may have failed or closed.
 */
export const RENEWAL_HANDOVER_MS = 3000;

/** The tokens of a token endpoint's answer, with the refresh token they go with. */
export type IssueTokens = (res: TokenResponse, refreshToken: RefreshToken) => Tokens;

/**
 * The session's `ensureTokens`: valid tokens, the stored ones while the access token is fresh; otherwise
 * renewed once for every caller of this page at the same moment, and under a lock so that only one tab renews
 * at a time. A tab that waited behind another takes that tab's new tokens (from storage, or when they arrive:
 * `waitForHandover`) instead of renewing again. It needs the session's client for the grants, and the client
 * needs it for its Authorization: the session makes the client first (`renewingAuth`), then this.
 */
export function createRenewal(
  tokens: WatchedTokens,
  client: ApiClient,
  clientId: string,
  storage: KeyValueStorage,
  lock: Lock,
  issued: IssueTokens,
  nowSeconds: () => number,
): () => Promise<Tokens> {
  let inflight: Promise<Tokens> | undefined;
  const isFresh = (token: AccessToken) =>
    Boolean(token.value) && token.expiresAt - EXPIRY_MARGIN_SECONDS > nowSeconds();

  /** A new visitor (the anonymous grant), in place of any visitor kept from before a sign-in. */
  async function newVisitor(change: TokensChange): Promise<Tokens> {
    const res = await anonymousGrant(client, clientId);
    const visitor = issued(res, { value: res.refresh_token, role: 'visitor' });
    storage.remove(VISITOR_KEY);
    tokens.set(visitor, change);
    return visitor;
  }

  /** The refresh grant's tokens for `refresh`, stored with why they changed. */
  async function renew(refresh: RefreshToken, change: TokensChange): Promise<Tokens> {
    const renewed = issued(await refreshGrant(client, clientId, refresh.value), refresh);
    tokens.set(renewed, change);
    return renewed;
  }

  /**
   * Renews with the refresh token; when the platform refuses it (revoked, expired, unknown), a member falls
   * back to the visitor they were before signing in (so their cart is still there), else to a new visitor.
   * A network failure is not a refusal: it is thrown, and the session is kept for the next try.
   */
  async function renewOrReplace(refresh: RefreshToken): Promise<Tokens> {
    if (refresh.value) {
      try {
        return await renew(refresh, 'renewed');
      } catch (error) {
        if (isSystemError(error) || (isApiError(error) && error.status >= 500)) throw error;
      }
      if (refresh.role === 'member') {
        const visitorRefresh = storage.get(VISITOR_KEY);
        storage.remove(VISITOR_KEY);
        if (visitorRefresh) {
          try {
            return await renew({ value: visitorRefresh, role: 'visitor' }, 'expired');
          } catch (error) {
            if (isSystemError(error)) throw error;
          }
        }
        return newVisitor('expired');
      }
    }
    return newVisitor('visitor');
  }

  return () => {
    const current = tokens.get();
    if (isFresh(current.accessToken)) return Promise.resolve(current);
    inflight ??= lock
      .run(`sf:${clientId}:renew`, async (waited) => {
        let latest = tokens.reload();
        if (!isFresh(latest.accessToken) && waited) latest = await waitForHandover(tokens, isFresh);
        return isFresh(latest.accessToken) ? latest : renewOrReplace(latest.refreshToken);
      })
      .finally(() => {
        inflight = undefined;
      });
    return inflight;
  };
}

/**
 * After waiting for the lock behind another tab: that tab has most likely renewed, but its stored tokens can
 * reach this tab a moment after the lock does (browsers sync localStorage between tabs asynchronously).
 * Waits for them (each `reload` from a storage event is a look), for `RENEWAL_HANDOVER_MS` at most.
 */
function waitForHandover(tokens: WatchedTokens, isFresh: (token: AccessToken) => boolean): Promise<Tokens> {
  return new Promise((resolve) => {
    const done = () => {
      off();
      clearTimeout(timer);
      resolve(tokens.get());
    };
    const off = tokens.subscribe((latest) => {
      if (isFresh(latest.accessToken)) done();
    });
    const timer = setTimeout(done, RENEWAL_HANDOVER_MS);
  });
}

/**
 * The session as its API client's `AuthProvider`: every call carries a fresh access token. When the platform
 * no longer knows the stored one (revoked, or the platform was reset), it is renewed, falling back as a
 * refused renewal does. The call is then sent again, but a member's call is not replayed as the visitor they
 * fell back to (their "my member" would be a 403; the store reloads what it needs).
 */
export function renewingAuth(holder: TokenHolder, ensureTokens: () => Promise<Tokens>): AuthProvider {
  return {
    getAuthorization: async () => (await ensureTokens()).accessToken.value,
    async onUnauthorized(rejected) {
      const current = holder.get();
      if (current.accessToken.value === rejected) {
        holder.set({ ...current, accessToken: { value: '', expiresAt: 0 } });
      }
      const renewed = await ensureTokens();
      return (
        current.refreshToken.role !== 'member' || renewed.refreshToken.value === current.refreshToken.value
      );
    },
  };
}
