import { AuthError } from './errors';
import { exchange } from './hosted';
import type { OAuthData } from './pkce';
import type { Session } from './session';
import { carriesAny, paramsOf } from './url-params';

/**
 * The way back from the platform's hosted login page (WIRE.md 9). Its own module, so that only a page the
 * platform redirected back to downloads it.
 */

const ANSWER_KEYS = ['code', 'state', 'error'];

/** Whether a URL carries a sign-in answer (`code`, `state` or `error`) in its query or fragment. */
export const hasSignInAnswer = (url: string): boolean => carriesAny(paramsOf(url), ANSWER_KEYS);

/**
 * Reads `code` and `state` (or `error`) from a URL the platform redirected back to, exchanges the code and
 * stores the member tokens. Returns null when the URL carries no sign-in answer. The transaction kept by
 * `getAuthUrl` is used once: a replayed URL fails.
 */
export async function finishRedirect(
  session: Session,
  url: string,
  oauthData?: OAuthData,
): Promise<{ originalUri?: string } | null> {
  const [query, hash] = paramsOf(url);
  if (!carriesAny([query, hash], ANSWER_KEYS)) return null;
  const stored = session.takeTransaction();
  const data = oauthData ?? stored;
  const [params, alt] = data?.responseMode === 'query' ? [query, hash] : [hash, query];
  const get = (key: string) => params.get(key) ?? alt.get(key);
  if (!data) throw new AuthError('Invalid _state', { reason: 'no_transaction' });
  const error = get('error');
  if (error) throw new AuthError(get('error_description') ?? error, { reason: error });
  session.signInWith(await exchange(session, get('code'), get('state'), data));
  return data.originalUri ? { originalUri: data.originalUri } : {};
}
