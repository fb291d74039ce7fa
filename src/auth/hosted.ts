import { authorizationCodeGrant } from '../api/oauth';
import { createRedirectSession } from '../api/redirects';
import { AuthError } from './errors';
import type { OAuthData } from './pkce';
import type { Session, Tokens } from './session';

/**
 * The authorization-code half of a sign-in (WIRE.md 8–9): the `auth` redirect session that leads to the
 * platform's authorize page (hosted login, or the silent iframe), and the code's exchange for member tokens.
 * Apart from the session so that a page loads it only when someone signs in or comes back from doing so.
 */

/** Exchanges a code for member tokens, checking the state first (WIRE.md 9). */
export async function exchange(
  session: Session,
  code: string | null | undefined,
  state: string | null | undefined,
  data: OAuthData,
): Promise<Tokens> {
  if (!code || !state) throw new AuthError('Missing code or _state', { reason: 'missing_code' });
  if (state !== data.state) throw new AuthError('Invalid _state', { reason: 'invalid_state' });
  try {
    const res = await authorizationCodeGrant(session.client, {
      clientId: session.clientId,
      code,
      codeVerifier: data.codeVerifier,
      ...(data.redirectUri ? { redirectUri: data.redirectUri } : {}),
    });
    return session.memberTokensFrom(res);
  } catch (cause) {
    throw new AuthError('Failed to get member tokens', { reason: 'token_exchange_failed', cause });
  }
}

/** The platform's authorize page for a PKCE transaction, as an `auth` redirect session. */
export async function authorizeUrl(
  session: Session,
  data: OAuthData,
  responseMode: 'fragment' | 'query' | 'web_message',
  prompt: 'login' | 'none',
  extra: { sessionToken?: string } = {},
) {
  const { redirectSession } = await createRedirectSession(session.client, {
    auth: {
      authRequest: {
        ...(data.redirectUri ? { redirectUri: data.redirectUri } : {}),
        clientId: session.clientId,
        codeChallenge: data.codeChallenge,
        codeChallengeMethod: 'S256',
        responseMode,
        responseType: 'code',
        scope: 'offline_access',
        state: data.state,
        ...(extra.sessionToken ? { sessionToken: extra.sessionToken } : {}),
      },
      prompt,
    },
  });
  return redirectSession;
}
