import { StorefrontError } from './errors';

/**
 * A page address from the platform (a redirect session's `fullUrl`, a checkout URL, the silent sign-in's
 * iframe) that is refused: anything but `https:` (and `http:` on a loopback host, for the sandbox). A
 * `javascript:` or `data:` address opened in a site's page would run in the site's origin.
 */
export class UnsafeUrlError extends StorefrontError {
  override name = 'UnsafeUrlError';
}

export const isUnsafeUrlError = (error: unknown): error is UnsafeUrlError =>
  error instanceof UnsafeUrlError ||
  (typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'UnsafeUrlError');

/**
 * A parsed address's scheme and host: `https:` with any host, or `http:` with localhost, 127.0.0.0/8 or [::1]
 * as the URL parser writes them (`127.1` and `0x7f.1` become `127.0.0.1`).
 */
const OPENABLE = /^https:|^http:(localhost|127(\.\d+){3}|\[::1\])$/;

/**
 * The address, parsed and written out again, when the browser may be sent to it or frame it: an absolute
 * `https:` URL, or `http:` on localhost, 127.0.0.0/8 or [::1]. Anything else (`javascript:`, `data:`,
 * `blob:`, a relative path, `http:` elsewhere) throws an `UnsafeUrlError` naming it, before any navigation.
 *
 * @example
 * location.assign(checkNavigationUrl(redirectSession.fullUrl));
 */
export function checkNavigationUrl(url: string | undefined): string {
  const parsed = url !== undefined && URL.canParse(url) && new URL(url);
  if (parsed && OPENABLE.test(parsed.protocol + parsed.hostname)) return parsed.href;
  throw new UnsafeUrlError(`Refused to open ${JSON.stringify(String(url).slice(0, 80))}: not https:`);
}
