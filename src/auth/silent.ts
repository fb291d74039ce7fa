import { TimeoutError } from '../api/errors';
import { checkNavigationUrl } from '../api/safe-url';
import { AuthError } from './errors';

/** The silent sign-in gives up after this long (SPEC.md 9). */
export const SILENT_SIGN_IN_TIMEOUT_MS = 120_000;

/** What silent sign-in needs of a window: a document for the iframe, messages and timers. */
export interface FrameWindow {
  document: Document;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  setTimeout(handler: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
}

export interface SilentResult {
  code: string;
  state: string;
}

/**
 * Loads the platform's authorize page (`web_message` mode) in a hidden iframe and waits for its answer.
 * Only a message from the provider's origin, from that iframe's window, carrying our `state` counts; any
 * other message is ignored. An address that is not `https:` (or `http:` on loopback) is refused with an
 * `UnsafeUrlError` before any iframe is made. When the platform refuses the site's origin it says so at once
 * (`redirect_uri_not_allowed`) and this fails fast with a message naming the origin to allow. An aborted
 * `signal` (the store going away) fails it with an `AuthError` of reason `aborted`. The iframe, the
 * listeners and the timer are removed on every path.
 */
export async function runSilentSignIn(options: {
  win: FrameWindow;
  url: string;
  state: string;
  timeoutMs?: number;
  signal?: AbortSignal;
}): Promise<SilentResult> {
  const { win, state, signal } = options;
  const url = checkNavigationUrl(options.url);
  const providerOrigin = new URL(url).origin;
  const iframe = win.document.createElement('iframe');
  iframe.setAttribute('aria-hidden', 'true');
  iframe.setAttribute('title', 'Sign-in');
  iframe.tabIndex = -1;
  iframe.style.cssText = 'display:none;position:absolute;width:0;height:0;border:0';
  // Set by the promise's executor, which runs at once.
  let listener!: (event: MessageEvent) => void;
  let onAbort!: () => void;
  let timer: unknown;

  const result = new Promise<SilentResult>((resolve, reject) => {
    listener = (event: MessageEvent) => {
      if (event.origin !== providerOrigin || event.source !== iframe.contentWindow) return;
      const data = event.data as Record<string, unknown> | null;
      if (!data || typeof data !== 'object' || data.state !== state) return;
      if (data.error === 'redirect_uri_not_allowed') {
        const origin = typeof data.rejectedOrigin === 'string' ? data.rejectedOrigin : 'this site';
        reject(
          new AuthError(
            `Sign-in is not allowed from ${origin}: add ${origin} to the allowed domains of this OAuth client in the platform's settings`,
            { reason: 'redirect_uri_not_allowed' },
          ),
        );
        return;
      }
      if (typeof data.error === 'string') {
        const description = typeof data.error_description === 'string' ? data.error_description : data.error;
        reject(new AuthError(description, { reason: data.error }));
        return;
      }
      if (typeof data.code !== 'string' || !data.code) {
        reject(new AuthError('Missing code or _state', { reason: 'missing_code' }));
        return;
      }
      resolve({ code: data.code, state });
    };
    win.addEventListener('message', listener);
    onAbort = () => reject(new AuthError('The sign-in was cancelled', { reason: 'aborted' }));
    signal?.addEventListener('abort', onAbort);
    timer = win.setTimeout(
      () => reject(new TimeoutError('OAuth flow timed out')),
      options.timeoutMs ?? SILENT_SIGN_IN_TIMEOUT_MS,
    );
  });

  if (signal?.aborted) onAbort();
  else {
    iframe.src = url;
    (win.document.body ?? win.document.documentElement).appendChild(iframe);
  }

  return result.finally(() => {
    win.clearTimeout(timer);
    win.removeEventListener('message', listener);
    signal?.removeEventListener('abort', onAbort);
    iframe.remove();
  });
}
