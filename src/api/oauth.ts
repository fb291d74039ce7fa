import { StorefrontError } from './errors';
import type { ApiClient } from './http';
import type { TokenInfo, TokenResponse } from './types/tokens';

const TOKEN = '/oauth2/token';

/** Anonymous visitor tokens (WIRE.md 6). */
export const anonymousGrant = (client: ApiClient, clientId: string) =>
  client.request<TokenResponse>({
    method: 'POST',
    path: TOKEN,
    anonymous: true,
    body: { clientId, grantType: 'anonymous' },
  });

/** A new access token for a refresh token; the refresh token itself is kept. */
export const refreshGrant = (client: ApiClient, clientId: string, refreshToken: string) =>
  client.request<TokenResponse>({
    method: 'POST',
    path: TOKEN,
    anonymous: true,
    body: { clientId, refreshToken, grantType: 'refresh_token' },
  });

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
