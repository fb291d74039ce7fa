import { postedMessage } from './frame';

/** One hidden iframe the silent sign-in added to the page, and what the platform's page in it answered. */
export interface SilentFrame {
  /** The iframe's address: the platform's authorize page (`prompt=none`, `web_message`). */
  src: string;
  /** The message the platform's page posts to the site, once it has been fetched. */
  data?: Record<string, unknown>;
  /** The origin the page posts to (`postMessage`'s second argument). */
  targetOrigin?: string;
  /** Whether the message reached the page's window (a browser delivers it only to the target origin). */
  delivered: boolean;
}

/**
 * Plays the browser's part for the silent sign-in iframes of a happy-dom page, whose iframes load nothing:
 * each iframe added to `document.body` has its page fetched from the in-process platform as a browser loads a
 * cross-origin iframe (Referer: the page's origin, under the default referrer policy), and the message that
 * page posts with `window.parent.postMessage(data, targetOrigin)` is dispatched on `window` from the
 * platform's origin and the iframe's window, when the target origin is the page's. Returns the frames seen
 * and how to stop watching.
 */
export function answerSilentFrames(
  fetchPage: (url: string, referer: string) => Response | Promise<Response>,
  win: Window = window,
) {
  const frames: SilentFrame[] = [];

  async function answer(iframe: HTMLIFrameElement): Promise<void> {
    const frame: SilentFrame = { src: iframe.getAttribute('src') ?? '', delivered: false };
    frames.push(frame);
    const page = await fetchPage(frame.src, `${win.location.origin}/`);
    const { data, targetOrigin } = postedMessage(await page.text());
    frame.data = data;
    frame.targetOrigin = targetOrigin;
    if (targetOrigin !== '*' && targetOrigin !== win.location.origin) return;
    if (!iframe.isConnected) return;
    frame.delivered = true;
    // `source` is the iframe's own window, as the listener checks (null in happy-dom, which loads no page).
    win.dispatchEvent(
      new MessageEvent('message', {
        data,
        origin: new URL(frame.src).origin,
        source: iframe.contentWindow,
      }),
    );
  }

  const observer = new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (node.nodeName !== 'IFRAME') continue;
        answer(node as HTMLIFrameElement).catch((error: unknown) => {
          console.error('[test] the silent sign-in frame could not be answered:', error);
        });
      }
    }
  });
  observer.observe(win.document.body, { childList: true });

  return {
    frames,
    stop: () => observer.disconnect(),
  };
}

/**
 * A GET with a Referer, for an in-process Hono app. happy-dom's `Request` drops forbidden headers (Referer
 * among them) when it is made, as a page's `fetch` must; a browser still sends one when it loads an iframe,
 * so it is set on the request afterwards.
 */
export function pageRequest(url: string, referer: string): Request {
  const request = new Request(url);
  request.headers.set('referer', referer);
  return request;
}
