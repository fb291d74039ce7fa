import type { ApiClient } from './http';
import { checkNavigationUrl } from './safe-url';
import {
  type CreateRedirectSessionRequest,
  type CreateRedirectSessionResponse,
  REDIRECT_INTENTS,
} from './types/redirects';

/**
 * A redirect session: a platform page (login, logout, checkout, authorize, a members-account section, …)
 * with a `fullUrl` to send the visitor to. Exactly one intent must be given. A `fullUrl` that is not
 * `https:` (or `http:` on a loopback host) is refused with an `UnsafeUrlError` (`checkNavigationUrl`), so no
 * caller opens a `javascript:` or `data:` address the platform (or a machine in the middle) answered.
 *
 * @example
 * const { redirectSession } = await createRedirectSession(client, {
 *   ecomCheckout: { checkoutId },
 *   callbacks: { postFlowUrl: location.href, thankYouPageUrl: `${location.origin}/thanks` },
 * });
 * location.assign(redirectSession.fullUrl);
 */
export async function createRedirectSession(
  client: ApiClient,
  request: CreateRedirectSessionRequest,
): Promise<CreateRedirectSessionResponse> {
  const intents = REDIRECT_INTENTS.filter((intent) => request[intent] !== undefined);
  if (intents.length !== 1) {
    throw new TypeError(
      `A redirect session needs exactly one intent (${REDIRECT_INTENTS.join(', ')}); got ${intents.length ? intents.join(', ') : 'none'}`,
    );
  }
  const res = await client.request<CreateRedirectSessionResponse>({
    method: 'POST',
    path: '/_api/redirects-api/v1/redirect-session',
    body: request,
  });
  checkNavigationUrl(res.redirectSession?.fullUrl);
  client.emit('redirectSession.created', { redirectSession: res.redirectSession });
  return res;
}
