import type { Page } from 'playwright-core';

/** How the site's own HTML dresses the page: its language, right to left, a dark site on a dark system. */
export interface SiteLook {
  lang?: string | undefined;
  rtl?: boolean | undefined;
  dark?: boolean | undefined;
}

/**
 * Dresses every page the tab opens from now on as its own HTML would, before the script tag runs: `<html
 * lang dir>`, and for a dark site a `color-scheme` meta (every widget follows it, the product elements too,
 * which a site with both schemes would mark `data-theme="auto"`) and the site's dark colours; the tab's
 * `prefers-color-scheme` too.
 */
export async function dressAsSite(page: Page, look: SiteLook): Promise<void> {
  await page.emulateMedia({ colorScheme: look.dark ? 'dark' : 'light' });
  await page.addInitScript(
    ({ lang, rtl, dark }) =>
      new MutationObserver((_records, observer) => {
        if (!document.head) return;
        observer.disconnect();
        if (lang) document.documentElement.lang = lang;
        if (rtl) document.documentElement.dir = 'rtl';
        if (dark) {
          const meta = document.createElement('meta');
          meta.name = 'color-scheme';
          meta.content = 'dark';
          document.head.prepend(meta);
          const style = document.createElement('style');
          style.textContent = 'body { background: #121316; color: #e8eaed }';
          document.head.append(style);
        }
      }).observe(document, { childList: true, subtree: true }),
    { lang: look.lang, rtl: !!look.rtl, dark: !!look.dark },
  );
}
