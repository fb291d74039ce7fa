import type { ApiClient } from './http';
import type { TokenResponse } from './types/tokens';

/*
 * The grants a shopper's session takes and renews its tokens with (WIRE.md 6), in a module of their own: a page
 * may renew its tokens before any widget opens, so these come with the first script, and the other calls of
 * `./oauth.ts` (the authorization code's exchange, the merchant's grants) only with the code that makes them.
 */

/** The token endpoint. */
export const TOKEN = '/oauth2/token';

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
