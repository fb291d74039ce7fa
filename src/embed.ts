/**
 * The classic-script bootstrap a site builder pastes: `<script src=".../embed.js" data-client-id="…">`.
 * It stays tiny (≤ 1 KB gzip) and does one thing: import the ESM loader that sits beside it (a classic
 * script cannot code-split) and hand it its own script tag, which a module cannot find by itself.
 */
((): void => {
  const script = document.currentScript as HTMLScriptElement | null;
  if (!script?.src) {
    console.error('[storefront] embed.js must be loaded by a <script src="…/embed.js"> tag');
    return;
  }
  const loaderUrl = new URL('loader.js', script.src).href;
  import(/* @vite-ignore */ loaderUrl).then(
    (loader: { boot(options: { script: HTMLScriptElement }): void }) => loader.boot({ script }),
    (error: unknown) => console.error(`[storefront] could not load ${loaderUrl}:`, error),
  );
})();
