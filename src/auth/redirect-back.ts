import { AuthError } from './errors';
import { exchange } from './hosted';
import type { OAuthData } from './pkce';
import type { Session } from './session';

/**
 * The way back from the platform's hosted login page (WIRE.md 9). Its own module, so that only a page the
 * platform redirected back to downloads it.
 */

const ANSWER_KEYS = ['code', 'state', 'error'];

/** Whether a URL carries a sign-in answer (`code`, `state` or `error`) in its query or fragment. */
export function hasSignInAnswer(url: string): boolean {
  const parsed = new URL(url);
  const hash = new URLSearchParams(parsed.hash.replace(/^#/, ''));
  return ANSWER_KEYS.some((key) => parsed.searchParams.has(key) || hash.has(key));
}

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
  if (!hasSignInAnswer(url)) return null;
  const parsed = new URL(url);
  const stored = session.takeTransaction();
  const data = oauthData ?? stored;
  const query = parsed.searchParams;
  const hash = new URLSearchParams(parsed.hash.replace(/^#/, ''));
  const [params, alt] = data?.responseMode === 'query' ? [query, hash] : [hash, query];
  const get = (key: string) => params.get(key) ?? alt.get(key);
  if (!data) throw new AuthError('Invalid _state', { reason: 'no_transaction' });
  const error = get('error');
  if (error) throw new AuthError(get('error_description') ?? error, { reason: error });
  session.signInWith(await exchange(session, get('code'), get('state'), data));
  return data.originalUri ? { originalUri: data.originalUri } : {};
}
