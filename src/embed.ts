/**
 * The classic-script bootstrap a site builder pastes: `<script src=".../embed.js" data-client-id="…">`.
 * It stays tiny (≤ 1 KB gzip): it puts up `window.Storefront` as a queue that the page can call at once,
 * then loads the ESM loader that sits beside it (a classic script cannot code-split) as a module script carrying
 * the tag's `data-*` configuration, from which the loader boots. The loader drains the queue and replaces the
 * stub.
 *
 * A page on Cart V2 (`data-cart-api="v2"`) gets the build made for it (`loaderOf`). A tag pinned with
 * `integrity` gets the loader checked against the hash this file carries, and the loader checks every chunk
 * (src/integrity.ts); the tag's `nonce` goes along, for a page whose Content-Security-Policy asks for one.
 */
import { loaderOf } from './loader-url';
import { installQueueStub } from './queue-stub';

((): void => {
  const script = document.currentScript as HTMLScriptElement | null;
  if (!script?.src) {
    console.error('[storefront] embed.js must be loaded by a <script src="…/embed.js"> tag');
    return;
  }
  if (!installQueueStub(window as never)) return;
  const [url, integrity] = loaderOf(script);
  const loader = document.createElement('script');
  Object.assign(loader.dataset, script.dataset);
  loader.type = 'module';
  loader.src = url;
  if (script.integrity && integrity) loader.integrity = integrity;
  loader.nonce = script.nonce as string;
  // (A loader that cannot be had, or does not match its hash, is named by the browser's own console message.)
  document.head.append(loader);
})();
