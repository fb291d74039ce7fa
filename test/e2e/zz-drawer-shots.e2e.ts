// Throwaway (not committed): screenshots of every drawer state for the closing note.
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { journeys } from './journey';
import { animationsDone, type CartLineInput, cartWith } from './page-checks';

const { demoUrl, freshPage } = journeys();
const OUT = process.env.SHOTS_DIR ?? '/work/main/test-results/issue-36/drawer';
const MUG = 'dace0cad-7e1d-4340-ac45-39a68ab5e3c8';
const BEANIE = '595b4dc1-8373-46dc-ae00-f2d4ca42cd68';
const LINEN = '77266b0c-1810-4943-a3f1-3829a2488070';
const LANGS = (process.env.SHOT_LANGS ?? 'en,de,ar').split(',');
const WIDTHS = (process.env.SHOT_WIDTHS ?? '375,1280').split(',').map(Number);
const DARKS = (process.env.SHOT_DARK ?? 'light,dark').split(',');
const STATES = (
  process.env.SHOT_STATES ?? 'empty,lines,coupon-open,coupon-applied,shipping-open,shipping-estimated,adding'
).split(',');

async function open(lang: string, width: number, dark: boolean) {
  const phone = width < 500;
  const { page } = await freshPage({
    viewport: { width, height: phone ? 812 : 800 },
    ...(phone ? { hasTouch: true, isMobile: true } : {}),
  });
  await page.emulateMedia({ colorScheme: dark ? 'dark' : 'light' });
  await page.addInitScript(
    ([lang, dark]) =>
      new MutationObserver((_r, observer) => {
        if (!document.head) return;
        observer.disconnect();
        document.documentElement.lang = lang as string;
        if (lang === 'ar') document.documentElement.dir = 'rtl';
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
    [lang, dark] as const,
  );
  await page.goto(`${demoUrl}/handmade.html`);
  return page;
}

const drawer = (page: Page) => page.locator('sf-cart-drawer [part="drawer"]');
const threeLines: CartLineInput[] = [
  { productId: LINEN, quantity: 1, options: { Size: 'Medium' } },
  { productId: MUG, quantity: 2 },
  { productId: BEANIE, quantity: 1, options: { Color: 'Charcoal' } },
];

async function snap(page: Page, name: string) {
  await animationsDone(page);
  await page.screenshot({ path: `${OUT}/${name}.png` });
}

describe('drawer shots', () => {
  mkdirSync(OUT, { recursive: true });
  for (const lang of LANGS)
    for (const width of WIDTHS)
      for (const scheme of DARKS) {
        const tag = `${lang}-${width}-${scheme}`;
        const dark = scheme === 'dark';
        it(`shots ${tag}`, async () => {
          if (STATES.includes('empty')) {
            const page = await open(lang, width, dark);
            await page.waitForFunction(
              () => 'openCart' in ((window as { Storefront?: object }).Storefront ?? {}),
            );
            await page.evaluate(() =>
              (window as unknown as { Storefront: { openCart(): void } }).Storefront.openCart(),
            );
            await drawer(page).locator('[part="empty"]').waitFor();
            await snap(page, `empty-${tag}`);
          }
          const page = await open(lang, width, dark);
          await cartWith(page, threeLines);
          const d = drawer(page);
          await d.locator('[part="line"]').nth(2).waitFor();
          await d.locator('[part="totals"] .grand').waitFor();
          await snap(page, `lines-${tag}`);
          await d.locator('[part="coupon-toggle"]').click();
          await d.locator('[part="coupon"] input').fill('BOGUS');
          await d.locator('[part="coupon"] button[type="submit"]').click();
          await d.locator('[part="coupon"] [role="alert"]').waitFor();
          await d.locator('[part="coupon"]').evaluate((el) => el.scrollIntoView({ block: 'center' }));
          await snap(page, `coupon-open-refused-${tag}`);
          await d.locator('[part="coupon"] input').fill('SAVE10');
          await d.locator('[part="coupon"] button[type="submit"]').click();
          await d.locator('[part="coupon"].applied').waitFor();
          await d.locator('[part="totals"] .total-row:nth-child(2)').waitFor();
          await d.locator('[part="coupon"]').evaluate((el) => el.scrollIntoView({ block: 'center' }));
          await snap(page, `coupon-applied-${tag}`);
          await d.locator('[part="shipping-toggle"]').click();
          await d.locator('[part="shipping"]').evaluate((el) => el.scrollIntoView({ block: 'center' }));
          await snap(page, `shipping-open-${tag}`);
          await d.locator('[part="shipping"] select').selectOption('US');
          await d.locator('[part="shipping"] input').fill('94107');
          await d.locator('[part="shipping"] button[type="submit"]').click();
          await d.locator('[part="shipping"] .option').nth(1).waitFor();
          await page.waitForTimeout(600);
          await snap(page, `shipping-estimated-${tag}`);
          if (STATES.includes('adding')) {
            let release: () => void = () => {};
            const held = new Promise<void>((r) => {
              release = r;
            });
            await page.route(/add-to-cart|add-line-items/, async (route) => {
              await held;
              await route.continue();
            });
            await page.evaluate(() => {
              const sf = (window as unknown as { Storefront: Record<string, (...a: unknown[]) => unknown> })
                .Storefront;
              void sf.addToCart?.({
                productId: 'c8539b66-7a44-fe18-affc-afec4be8562a',
                quantity: 1,
                options: { Size: 'Medium', Color: 'Black' },
              });
            });
            await d.locator('[part="adding"]').waitFor();
            await snap(page, `adding-${tag}`);
            release();
          }
        });
      }
});
