import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { journeys } from './journey';
import { animationsDone, cartWith } from './page-checks';
import { dressAsSite } from './site-look';

const { demoUrl, freshPage, shot } = journeys();
const MUG = 'dace0cad-7e1d-4340-ac45-39a68ab5e3c8';
const BEANIE = '595b4dc1-8373-46dc-ae00-f2d4ca42cd68';
const LINEN = '77266b0c-1810-4943-a3f1-3829a2488070';

/** The hand-written demo page on a touch phone of this width, in this language, with two lines in the drawer. */
async function drawerOnPhone(width: number, lang: string): Promise<{ page: Page; errors: string[] }> {
  const { page, errors } = await freshPage({
    viewport: { width, height: 740 },
    hasTouch: true,
    isMobile: true,
  });
  // The page's language, as its own HTML would say it, before the script tag runs.
  await dressAsSite(page, { lang });
  await page.goto(`${demoUrl}/handmade.html`);
  await cartWith(page, [
    { productId: MUG, quantity: 2 },
    { productId: BEANIE, quantity: 1, options: { Color: 'Charcoal' } },
  ]);
  await page.locator('sf-cart-drawer [part="line"]').nth(1).waitFor();
  await animationsDone(page);
  return { page, errors };
}

/** The drawer's boxes that matter for the layout, measured in the page. */
const measure = (page: Page) =>
  page.locator('sf-cart-drawer [part="drawer"]').evaluate((drawer) => {
    const box = (el: Element) => el.getBoundingClientRect();
    const root = drawer.getRootNode() as ShadowRoot;
    const totals = [...root.querySelectorAll('.total-row dd')].map((el) => box(el).right);
    return {
      drawer: { left: box(drawer).left, right: box(drawer).right },
      prices: [...root.querySelectorAll('[part="line-total"]')].map((el) => ({
        text: (el.textContent ?? '').replace(/\s/g, ' '),
        right: box(el).right,
        clipped: el.scrollWidth > el.clientWidth,
      })),
      totalsRight: totals[0] ?? 0,
      lineLeft: box(root.querySelector('[part="line"]') as Element).left,
      couponLeft: box(root.querySelector('[part="coupon"]') as Element).left,
      overflowing: [...root.querySelectorAll('.drawer-body, .drawer-footer, .line')]
        .filter((el) => el.scrollWidth > el.clientWidth + 1)
        .map((el) => el.className),
      // The buttons on show (the closed disclosures' forms are hidden), their toggles among them.
      targets: [
        ...root.querySelectorAll('.stepper button, .line-controls .link, .primary, .secondary, .toggle'),
      ]
        .filter((el) => el.checkVisibility())
        .map((el) => ({ name: el.getAttribute('aria-label') ?? el.textContent ?? '', ...box(el).toJSON() })),
    };
  });

describe('the cart drawer on a phone', () => {
  for (const width of [320, 360, 390]) {
    for (const lang of ['en', 'de']) {
      it(`shows every price whole, on the totals' column, with 44 px targets at ${width} px in "${lang}"`, async () => {
        const { page, errors } = await drawerOnPhone(width, lang);
        const found = await measure(page);
        expect(found.prices.map((p) => p.text)).toEqual(
          lang === 'de' ? ['36,00 $', '22,00 $'] : ['$36.00', '$22.00'],
        );
        for (const price of found.prices) {
          expect(price.clipped, price.text).toBe(false);
          expect(price.right, price.text).toBeLessThanOrEqual(found.drawer.right);
          // The prices align with the totals, and the lines with the coupon's column.
          expect(Math.abs(price.right - found.totalsRight), price.text).toBeLessThanOrEqual(1);
        }
        expect(Math.abs(found.lineLeft - found.couponLeft)).toBeLessThanOrEqual(1);
        expect(found.overflowing).toEqual([]);
        for (const target of found.targets) {
          expect(target.height, target.name).toBeGreaterThanOrEqual(44);
          expect(target.width, target.name).toBeGreaterThanOrEqual(44);
        }
        await shot(page, `phone-drawer-${width}-${lang}`);
        expect(errors).toEqual([]);
      });
    }
  }

  for (const lang of ['en', 'de', 'ar']) {
    it(`shows three lines, a sale among them, and Check out on one 375 × 812 screen, without scrolling, in "${lang}"`, async () => {
      const { page, errors } = await freshPage({
        viewport: { width: 375, height: 812 },
        hasTouch: true,
        isMobile: true,
      });
      await dressAsSite(page, { lang, rtl: lang === 'ar' });
      await page.goto(`${demoUrl}/handmade.html`);
      await cartWith(page, [
        { productId: LINEN, quantity: 1, options: { Size: 'Medium' } },
        { productId: MUG, quantity: 2 },
        { productId: BEANIE, quantity: 1, options: { Color: 'Charcoal' } },
      ]);
      const drawer = page.locator('sf-cart-drawer [part="drawer"]');
      await drawer.locator('[part="line"]').nth(2).waitFor();
      await drawer.locator('[part="totals"] .grand').waitFor();
      await animationsDone(page);
      const found = await drawer.evaluate((panel) => {
        const root = panel.getRootNode() as ShadowRoot;
        const body = root.querySelector('.drawer-body') as HTMLElement;
        const sight = body.getBoundingClientRect();
        const box = (el: Element | null) => el?.getBoundingClientRect().toJSON() as DOMRect;
        return {
          scrolled: body.scrollTop,
          body: { top: sight.top, bottom: sight.bottom },
          stepper: box(root.querySelectorAll('[part="line"]')[2]?.querySelector('[part="stepper"]') ?? null),
          checkout: box(root.querySelector('[part="checkout-button"]')),
          saving: root.querySelector('[part="saving"]')?.textContent,
        };
      });
      expect(found.scrolled).toBe(0);
      // The third line's stepper whole in the drawer's body (above the footer), and Check out on the screen.
      expect(found.stepper.top).toBeGreaterThanOrEqual(found.body.top);
      expect(found.stepper.bottom).toBeLessThanOrEqual(found.body.bottom);
      expect(found.checkout.top).toBeGreaterThanOrEqual(0);
      expect(found.checkout.bottom).toBeLessThanOrEqual(812);
      expect(found.saving).toBeTruthy();
      await shot(page, `phone-drawer-375x812-three-lines-${lang}`);
      expect(errors).toEqual([]);
    });
  }

  it('brings the delivery options into view above the footer when they arrive, each time and price whole', async () => {
    const { page, errors } = await drawerOnPhone(360, 'en');
    const inDrawer = page.locator('sf-cart-drawer');
    await inDrawer.getByRole('button', { name: 'Estimate shipping' }).click();
    await inDrawer.getByLabel('Country').selectOption('US');
    await inDrawer.getByRole('button', { name: 'Estimate', exact: true }).click();
    const express = inDrawer.getByRole('radio', { name: /^Express/ }).first();
    await express.waitFor();
    const visible = () =>
      page.locator('sf-cart-drawer .options-list').evaluate((list) => {
        const root = list.getRootNode() as ShadowRoot;
        const footer = (root.querySelector('.drawer-footer') as Element).getBoundingClientRect();
        const legend = (list.querySelector('legend') as Element).getBoundingClientRect();
        return legend.top >= 0 && legend.bottom <= footer.top;
      });
    await expect.poll(visible, { timeout: 5_000 }).toBe(true);
    // Every option's time is on one line: its box is one line high.
    const lines = await page
      .locator('sf-cart-drawer .option .nowrap.muted')
      .evaluateAll((els) =>
        els.map(
          (el) => el.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(el).lineHeight),
        ),
      );
    expect(lines.length).toBeGreaterThan(0);
    for (const count of lines) expect(count).toBeLessThan(1.5);
    await shot(page, 'phone-drawer-360-delivery');
    expect(errors).toEqual([]);
  });
});
