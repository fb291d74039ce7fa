import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fontsLoaded } from './fonts';
import { journeys } from './journey';
import {
  animationsDone,
  cartWith,
  expectAccessible,
  overflows,
  unexpectedErrors,
  withScriptAttributes,
} from './page-checks';
import { layoutProblems } from './visual-checks';

/*
 * Issue 37, the marketer's cart, in Chromium on the demo shop (its script tag given the attributes): the drawer
 * with the free-shipping bar, the cross-sell (the summer collection, whose products have options: the front
 * page's summer grid has quick views) and the note, on v1 and Cart V2, a German page at 320 and 1280 px: it fits,
 * axe finds nothing serious, the note is saved and there again after a reload. The notice of an add
 * (`data-open-cart-on-add="toast"`) under the header on a 320 px phone. Screenshots to look at in
 * test-results/issue-37/ (en, de, ar; light and dark; 320 and 1280 px).
 */

const { demoUrl, freshPage } = journeys();
const MUG = 'dace0cad-7e1d-4340-ac45-39a68ab5e3c8';
const MARKETING = { 'free-shipping-over': '50', 'cross-sell': 'summer', 'cart-note': '' };
const shots = resolve(import.meta.dirname, '../../test-results/issue-37');

/** The page's language and direction, as its own HTML says them, before the script tag reads them. */
async function inLanguage(page: Page, lang: string) {
  await page.addInitScript(
    ([lang, dir]) =>
      new MutationObserver((_records, observer) => {
        if (!document.documentElement) return;
        observer.disconnect();
        document.documentElement.lang = lang as string;
        document.documentElement.dir = dir as string;
      }).observe(document, { childList: true }),
    [lang, lang === 'ar' ? 'rtl' : 'ltr'],
  );
}

/** The front page with the mug in the cart and the drawer open, every marketing part shown. */
async function drawerWithEveryPart(page: Page, prefix: string) {
  await page.goto(`${demoUrl}${prefix}/`);
  await expect.poll(() => page.locator('sf-product-grid [part="card"]').count()).toBe(12);
  await cartWith(page, [{ productId: MUG, quantity: 1 }]);
  const drawer = page.locator('sf-cart-drawer [part="drawer"]');
  await drawer.locator('[part="free-shipping"]').waitFor();
  await expect.poll(() => drawer.locator('[part="cross-sell"] .offer').count()).toBe(4);
  await drawer.locator('[part="note"]').waitFor();
  await expect.poll(() => drawer.locator('[part="totals"][aria-busy]').count()).toBe(0);
  return drawer;
}

/** The page turned dark as a dark site is: its background, and the widgets' `data-theme` (the loader's for one). */
const darkSite = (page: Page, dark: boolean) =>
  page.evaluate((dark) => {
    document.body.style.background = dark ? '#121316' : '';
    document.body.style.color = dark ? '#e8eaed' : '';
    for (const el of document.querySelectorAll('sf-cart-drawer, sf-cart-toast'))
      el.setAttribute('data-theme', dark ? 'dark' : 'light');
  }, dark);

const sizes = [
  { width: 320, height: 640 },
  { width: 1280, height: 800 },
];

describe.each([
  ['v1', ''],
  ['Cart V2', '/cart-v2'],
])('the marketer’s cart on %s', (_service, prefix) => {
  it('a German page: the bar, the cross-sell and the note fit at 320 and 1280 px, axe is content, the note stays', async () => {
    const { page, errors } = await freshPage({ viewport: sizes[0], hasTouch: true, isMobile: true });
    await inLanguage(page, 'de');
    await withScriptAttributes(page, MARKETING);
    const drawer = await drawerWithEveryPart(page, prefix);
    await expect
      .poll(() => drawer.locator('.free-shipping-line').textContent())
      .toMatch(/^Noch 32,00\s\$ bis zum kostenlosen Versand$/);
    const meter = drawer.getByRole('progressbar', { name: 'Kostenloser Versand' });
    expect(await meter.getAttribute('aria-valuenow')).toBe('18');
    expect(await drawer.locator('[part="cross-sell"] h3').textContent()).toBe('Das könnte dir auch gefallen');
    await fontsLoaded(page);
    for (const size of sizes) {
      await page.setViewportSize(size);
      await animationsDone(page);
      expect.soft(await overflows(page, 'sf-cart-drawer'), `overflows at ${size.width}`).toEqual([]);
      expect
        .soft(await layoutProblems(page, 'sf-cart-drawer', size.width < 400), `layout at ${size.width}`)
        .toEqual([]);
    }
    // The note's disclosure open: every part shown, then axe on the whole drawer.
    await drawer.locator('[part="note"] summary').click();
    await expectAccessible(page, `the drawer with every part (${prefix || 'v1'})`, 'sf-cart-drawer');

    const field = drawer.getByLabel('Notiz an den Shop');
    await field.fill('Bitte als Geschenk verpacken <b>danke</b>');
    await drawer.getByRole('button', { name: 'Notiz speichern' }).click();
    await drawer.getByText('Notiz gespeichert').waitFor();
    // A reload: the platform kept it on the cart.
    await page.reload();
    await page.waitForFunction(() => 'openCart' in ((window as { Storefront?: object }).Storefront ?? {}));
    await page.evaluate(() =>
      (window as unknown as { Storefront: { openCart(): void } }).Storefront.openCart(),
    );
    await expect
      .poll(() => drawer.locator('[part="note"] textarea').inputValue())
      .toBe('Bitte als Geschenk verpacken <b>danke</b>');
    expect(await drawer.locator('[part="note"] b').count()).toBe(0);
    expect(unexpectedErrors(errors, [404])).toEqual([]);
  });
});

describe('screenshots to look at (test-results/issue-37/)', () => {
  it.each(['en', 'de', 'ar'])(
    'the drawer with every part in "%s", light and dark, 320 and 1280 px',
    async (lang) => {
      mkdirSync(shots, { recursive: true });
      const { page } = await freshPage({ viewport: sizes[0] });
      await inLanguage(page, lang);
      await withScriptAttributes(page, MARKETING);
      const drawer = await drawerWithEveryPart(page, '');
      await drawer.locator('[part="note"] summary').click();
      await fontsLoaded(page);
      for (const scheme of ['light', 'dark'] as const) {
        await darkSite(page, scheme === 'dark');
        for (const size of sizes) {
          await page.setViewportSize(size);
          await animationsDone(page);
          expect.soft(await overflows(page, 'sf-cart-drawer'), `${lang} ${scheme} ${size.width}`).toEqual([]);
          await page.screenshot({ path: resolve(shots, `drawer-${lang}-${scheme}-${size.width}.png`) });
          await drawer.locator('.drawer-body').evaluate((body) => body.scrollTo(0, body.scrollHeight));
          await page.screenshot({ path: resolve(shots, `drawer-${lang}-${scheme}-${size.width}-end.png`) });
          await drawer.locator('.drawer-body').evaluate((body) => body.scrollTo(0, 0));
        }
      }
    },
  );
});

describe('the notice of an add (data-open-cart-on-add="toast")', () => {
  it('shows under the header on a 320 px phone, covering none of its controls, and View cart opens the drawer', async () => {
    mkdirSync(shots, { recursive: true });
    const { page, errors } = await freshPage({ viewport: sizes[0], hasTouch: true, isMobile: true });
    await withScriptAttributes(page, { 'open-cart-on-add': 'toast' });
    await page.goto(`${demoUrl}/handmade.html`);
    // Pressed with the page at its top, its header in view (a press by script: no scrolling to the button).
    await page.locator(`[data-sf-add-to-cart="${MUG}"]`).evaluate((button: HTMLElement) => button.click());
    const toast = page.locator('sf-cart-toast [part="toast"]');
    await toast.waitFor();
    expect(await page.locator('sf-cart-drawer [part="drawer"]').count()).toBe(0);
    expect(await toast.textContent()).toContain('Added to cart');
    await fontsLoaded(page);
    await animationsDone(page);
    const top = (await toast.boundingBox())?.y ?? 0;
    const header = await page.locator('header').first().boundingBox();
    expect(top).toBeGreaterThanOrEqual((header?.y ?? 0) + (header?.height ?? 0));
    expect(await overflows(page, 'sf-cart-toast')).toEqual([]);
    expect(await layoutProblems(page, 'sf-cart-toast', true)).toEqual([]);
    await expectAccessible(page, 'the notice of an add', 'sf-cart-toast');
    await page.screenshot({ path: resolve(shots, 'toast-light-320.png') });
    await darkSite(page, true);
    await page.screenshot({ path: resolve(shots, 'toast-dark-320.png') });
    await darkSite(page, false);
    await toast.getByRole('button', { name: 'View cart' }).click();
    await page.locator('sf-cart-drawer [part="drawer"]').waitFor();
    expect(await toast.count()).toBe(0);
    expect(unexpectedErrors(errors, [404])).toEqual([]);
  });
});
