/**
 * The classic-script bootstrap a site builder pastes: `<script src=".../embed.js" data-client-id="…">`.
 * It stays tiny (≤ 1 KB gzip): it puts up `window.Storefront` as a queue that the page can call at once,
 * then imports the ESM loader that sits beside it (a classic script cannot code-split) and hands it its own
 * script tag, which a module cannot find by itself. The loader drains the queue and replaces the stub.
 *
 * A page on Cart V2 (`data-cart-api="v2"`) gets the build made for it, `v2/loader.js` (`loaderUrlOf`).
 */
import { loaderUrlOf } from './loader-url';
import { installQueueStub } from './queue-stub';

((): void => {
  const script = document.currentScript as HTMLScriptElement | null;
  if (!script?.src) {
    console.error('[storefront] embed.js must be loaded by a <script src="…/embed.js"> tag');
    return;
  }
  if (!installQueueStub(window as never)) return;
  const loaderUrl = loaderUrlOf(script);
  import(/* @vite-ignore */ loaderUrl).then(
    (loader: { boot(options: { script: HTMLScriptElement }): void }) => loader.boot({ script }),
    (error: unknown) => console.error(`[storefront] could not load ${loaderUrl}:`, error),
  );
})();
