import { StorefrontError } from './errors';
import type { ApiClient, AuthProvider } from './http';
import { anonymousGrant, TOKEN } from './token-grants';
import type { TokenInfo, TokenResponse } from './types/tokens';

// The grants a shopper's session renews its tokens with, in a module of their own: they come with a page's
// first script, the other grants with the code that asks for them.
export { anonymousGrant, refreshGrant } from './token-grants';

/** Seconds before its expiry that a visitor's token taken by `visitorAuth` is replaced. */
const VISITOR_MARGIN_SECONDS = 60;

interface VisitorToken {
  value: string;
  /** When to take a new one (ms): a minute before it expires (half its life, for a short one). */
  renewAt: number;
}

/**
 * A visitor's access token that a server takes for itself (the anonymous grant, WIRE.md 6), for reading the
 * catalogue where no shopper is signed in: a Server Component, a loader, a build step. It is taken on the first
 * call and kept for every call to the same platform (`apiBase`) of every client it is given to, a client made
 * for each request included; it is replaced before it expires or when the platform refuses it. A server's
 * visitor has no shopper's cart: carts belong to the shoppers' own tokens, in their browsers.
 *
 * @example
 * const client = createApiClient({ apiBase, auth: visitorAuth('my-client-id') });
 * const page = await queryProducts(client, { includeVariants: true }).limit(8).find();
 */
export function visitorAuth(clientId: string, options: { now?: () => number } = {}): AuthProvider {
  if (!clientId?.trim()) throw new TypeError("visitorAuth needs the site's OAuth client id");
  const now = options.now ?? Date.now;
  /** Each platform's token, on its way or kept: one grant at a time however many calls and clients. */
  const tokens = new Map<string, Promise<VisitorToken>>();
  /** Tokens the platform refused (a few at most: each is replaced at once). */
  const refused = new Set<string>();
  const take = (client: ApiClient) => {
    const taken = anonymousGrant(client, clientId).then((res): VisitorToken => {
      if (typeof res.access_token !== 'string' || !res.access_token)
        throw new StorefrontError('The platform answered the anonymous grant without an access token');
      const seconds = Number.isFinite(res.expires_in) && res.expires_in > 0 ? res.expires_in : 3600;
      const lasts = Math.max(seconds - VISITOR_MARGIN_SECONDS, seconds / 2);
      // The refused ones are replaced by now (this one included, when it was refused).
      refused.clear();
      return { value: res.access_token, renewAt: now() + lasts * 1000 };
    });
    // A failed grant is not kept: the next call asks again.
    taken.catch(() => tokens.get(client.apiBase) === taken && tokens.delete(client.apiBase));
    tokens.set(client.apiBase, taken);
    return taken;
  };
  return {
    async getAuthorization(client) {
      if (!client) throw new TypeError('visitorAuth is the auth of a client: createApiClient({ auth })');
      const held = tokens.get(client.apiBase) ?? take(client);
      const token = await held;
      if (token.renewAt > now() && !refused.has(token.value)) return token.value;
      // Stale: one new grant for every call that finds it so (a call that came later may have asked already).
      const current = tokens.get(client.apiBase);
      return (await (current && current !== held ? current : take(client))).value;
    },
    onUnauthorized(rejected) {
      refused.add(rejected);
      return true;
    },
  };
}

/** Member tokens for an authorization code and its PKCE verifier. */
export const authorizationCodeGrant = (
  client: ApiClient,
  options: { clientId: string; code: string; codeVerifier: string; redirectUri?: string },
) =>
  client.request<TokenResponse>({
    method: 'POST',
    path: TOKEN,
    anonymous: true,
    body: {
      clientId: options.clientId,
      grantType: 'authorization_code',
      ...(options.redirectUri ? { redirectUri: options.redirectUri } : {}),
      code: options.code,
      codeVerifier: options.codeVerifier,
    },
  });

/**
 * Member tokens for a member the merchant's server vouches for: `Authorization: <accessToken>,<apiKey>`.
 * With `sessionToken` after `signOn`; with `scope: offline_access` otherwise (WIRE.md 6).
 */
export const authorizedClientGrant = (
  client: ApiClient,
  options: { memberId: string; accessToken: string; apiKey: string; sessionToken?: string },
) =>
  client.request<TokenResponse>({
    method: 'POST',
    path: TOKEN,
    anonymous: true,
    headers: { Authorization: `${options.accessToken},${options.apiKey}` },
    body: options.sessionToken
      ? { grant_type: 'authorized_client', member_id: options.memberId, session_token: options.sessionToken }
      : { grant_type: 'authorized_client', scope: 'offline_access', member_id: options.memberId },
  });

/** Whether an access token is active, for whom and until when. */
export const getTokenInfo = (client: ApiClient, token: string) =>
  client.request<TokenInfo>({ method: 'POST', path: '/oauth2/token-info', anonymous: true, body: { token } });

/**
 * A GraphQL query (WIRE.md 14). A 200 answers `{data, errors}`; any other status is an error
 * (`GraphQL request failed with status <status>`).
 */
export async function graphql<T = unknown>(
  client: ApiClient,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<{ data: T; errors?: Array<{ message: string }> }> {
  try {
    const res = await client.request<{ data?: T; errors?: Array<{ message: string }> }>({
      method: 'POST',
      path: '/graphql/alpha',
      body: { query, variables },
    });
    return { data: (res.data ?? {}) as T, ...(res.errors ? { errors: res.errors } : {}) };
  } catch (error) {
    const status = (error as { status?: number }).status;
    if (typeof status === 'number') {
      throw new StorefrontError(`GraphQL request failed with status ${status}`, { cause: error });
    }
    throw error;
  }
}
