/**
 * The classic-script bootstrap a site builder pastes: `<script src=".../embed.js" data-client-id="…">`.
 * It stays tiny (≤ 1 KB gzip): it puts up `window.Storefront` as a queue that the page can call at once,
 * then imports the ESM loader that sits beside it (a classic script cannot code-split) and hands it its own
 * script tag, which a module cannot find by itself. The loader drains the queue and replaces the stub.
 */
((): void => {
  const win = window as unknown as {
    Storefront?: { q?: unknown[][]; loaded?: boolean } & Record<string, unknown>;
  };
  const script = document.currentScript as HTMLScriptElement | null;
  if (!script?.src) {
    console.error('[storefront] embed.js must be loaded by a <script src="…/embed.js"> tag');
    return;
  }
  const existing = win.Storefront;
  if (existing?.loaded) return;
  if (!existing?.q) {
    const queue: unknown[][] = [];
    const stub: Record<string, unknown> = { q: queue };
    for (const name of ['openCart', 'closeCart', 'addToCart', 'signIn', 'signOut', 'on', 'off', 'getState']) {
      stub[name] = (...args: unknown[]) => void queue.push([name, ...args]);
    }
    win.Storefront = stub;
  }
  const loaderUrl = new URL('loader.js', script.src).href;
  import(/* @vite-ignore */ loaderUrl).then(
    (loader: { boot(options: { script: HTMLScriptElement }): void }) => loader.boot({ script }),
    (error: unknown) => console.error(`[storefront] could not load ${loaderUrl}:`, error),
  );
})();
