import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { testFonts } from './fonts';
import { journeys } from './journey';
import { cartWith, withScriptAttributes } from './page-checks';
import { dressAsSite } from './site-look';
import { compareWithBaseline, layoutProblems, settle } from './visual-checks';

/*
 * Visual tests: each widget state as a screenshot compared with its committed baseline in
 * test/e2e/visual-baselines/ (npm run visual:update writes them), plus layout checks of the same state: no text
 * cut off, nothing wider than its box, and targets big enough to press.
 */

const { demoUrl, sandboxUrl, freshPage } = journeys();
const ADMIN = { authorization: 'sandbox-admin-key', 'content-type': 'application/json' };
const MUG = 'dace0cad-7e1d-4340-ac45-39a68ab5e3c8';
const BEANIE = '595b4dc1-8373-46dc-ae00-f2d4ca42cd68';
/** 80 characters, the longest name the platform takes. */
const LONG_NAME = 'Hand-thrown Stoneware Mug with a Speckled Oatmeal Glaze and an Extra-Wide Handle';

interface Variant {
  name: string;
  viewport: { width: number; height: number };
  touch: boolean;
  dark: boolean;
  rtl: boolean;
}

const phone = { viewport: { width: 360, height: 740 }, touch: true, dark: false, rtl: false };
/** Every state at the three widths in light, left to right; on the phone also dark, and right to left. */
const VARIANTS: Variant[] = [
  { name: 'phone', ...phone },
  { name: 'tablet', viewport: { width: 768, height: 1024 }, touch: false, dark: false, rtl: false },
  { name: 'desktop', viewport: { width: 1280, height: 800 }, touch: false, dark: false, rtl: false },
  { name: 'phone-dark', ...phone, dark: true },
  { name: 'phone-rtl', ...phone, rtl: true },
];

/** A fresh profile at the variant's size, its page dark (a dark site on a dark system) or right to left. */
async function openPage(
  variant: Variant,
  path: string,
  /** More of the script tag's `data-*` attributes (the drawer's marketing parts). */
  attributes?: Record<string, string>,
): Promise<Page> {
  const { page } = await freshPage({
    viewport: variant.viewport,
    ...(variant.touch ? { hasTouch: true, isMobile: true } : {}),
  });
  if (attributes) await withScriptAttributes(page, attributes);
  // As the site's own HTML would say it, before the script tag runs.
  await dressAsSite(page, variant);
  await page.goto(`${demoUrl}${path}`);
  return page;
}

/**
 * The state at rest, its layout checked (in `hosts`' shadow roots and the page) and its screenshot compared
 * with the baseline `<state>-<variant>.png`. `mask`: what changes from run to run (dates).
 */
async function check(
  page: Page,
  variant: Variant,
  state: string,
  hosts: string,
  target: Locator | (() => Promise<{ x: number; y: number; width: number; height: number }>),
  mask: Locator[] = [],
) {
  await settle(page);
  const name = `${state}-${variant.name}`;
  expect(await layoutProblems(page, hosts, variant.touch), `layout of ${name}`).toEqual([]);
  const options = { animations: 'disabled', caret: 'hide', scale: 'css', mask } as const;
  const png =
    typeof target === 'function'
      ? await page.screenshot({ ...options, clip: await target() })
      : await target.screenshot(options);
  const problem = compareWithBaseline(name, png);
  expect(problem, name).toBeUndefined();
}

/**
 * Marks the delivery slots' times that the drawer's body shows whole (`data-visual-mask`), once it stopped
 * scrolling. A mask is painted over everything, the footer too: a slot partly out of sight is hidden instead.
 */
async function settleAndMarkSlots(page: Page) {
  await settle(page);
  await page.locator('sf-cart-drawer .drawer-body').evaluate((body) => {
    const sight = body.getBoundingClientRect();
    for (const slot of body.querySelectorAll<HTMLElement>('.option-text > .muted.nowrap')) {
      // A slot has a time of day; an option's delivery time ("3–5 business days") stays in the picture.
      if (!/\d:\d\d/.test(slot.textContent ?? '')) continue;
      const box = slot.getBoundingClientRect();
      if (box.top >= sight.top && box.bottom <= sight.bottom) slot.setAttribute('data-visual-mask', '');
      else slot.style.visibility = 'hidden';
    }
  });
}

it('has a glyph in the bundled fonts for every character the pages can show (no tofu box, no system font)', () => {
  // The tests' Chromium sees no other font: a character none of them has would be drawn as a box, or nothing.
  expect(testFonts().missing).toBe('');
});

describe.each(VARIANTS)('visual: $name', (variant) => {
  it('the cart drawer: a long name and a wide price, a refused coupon, SAVE10, shipping options', async () => {
    // The merchant names the mug as long as the platform allows and prices it high.
    const patched = await fetch(`${sandboxUrl}/stores/v1/products/${MUG}`, {
      method: 'PATCH',
      headers: ADMIN,
      body: JSON.stringify({ product: { id: MUG, name: LONG_NAME, priceData: { price: 12345.67 } } }),
    });
    expect(patched.status).toBe(200);
    const page = await openPage(variant, '/handmade.html');
    await cartWith(page, [
      { productId: MUG, quantity: 3 },
      { productId: BEANIE, quantity: 1, options: { Color: 'Charcoal' } },
    ]);
    const drawer = page.locator('sf-cart-drawer [part="drawer"]');
    await drawer.locator('[part="line"]').nth(1).waitFor();
    await drawer.locator('[part="line-total"]', { hasText: '$37,037.01' }).waitFor();
    await check(page, variant, 'drawer-long-name', 'sf-cart-drawer', drawer);

    // The coupon's form, open: refused, then SAVE10 applied (its one line, the shipping estimate's row below).
    await drawer.getByRole('button', { name: 'Add a coupon code' }).click();
    const coupon = drawer.getByLabel('Coupon code');
    const inView = () =>
      drawer.locator('[part="coupon"]').evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await coupon.fill('BOGUS');
    await drawer.getByRole('button', { name: 'Apply' }).click();
    await drawer.locator('[part="coupon"] [role="alert"]').waitFor();
    await inView();
    await check(page, variant, 'drawer-coupon-error', 'sf-cart-drawer', drawer);

    await coupon.fill('SAVE10');
    await drawer.getByRole('button', { name: 'Apply' }).click();
    await drawer.getByText('Coupon SAVE10 applied').waitFor();
    await drawer.locator('[part="totals"]', { hasText: 'Discount' }).waitFor();
    await inView();
    await check(page, variant, 'drawer-coupon', 'sf-cart-drawer', drawer);

    await drawer.getByRole('button', { name: 'Estimate shipping' }).click();
    await drawer.getByLabel('Country').selectOption('US');
    await drawer.getByRole('button', { name: 'Estimate', exact: true }).click();
    await drawer.locator('[part="shipping"] .option').nth(2).waitFor();
    await drawer.locator('[part="shipping"] form').waitFor({ state: 'hidden' });
    // The time slots are tomorrow's: their dates are masked (each box the option's width, whatever the date).
    await settleAndMarkSlots(page);
    await check(page, variant, 'drawer-shipping', 'sf-cart-drawer', drawer, [
      drawer.locator('[data-visual-mask]'),
    ]);
  });

  it('the cart drawer’s marketing parts: the free-shipping bar, the cross-sell, the note', async () => {
    const page = await openPage(variant, '/', {
      'free-shipping-over': '50',
      'cross-sell': 'summer',
      'cart-note': '',
    });
    await page.locator('sf-product-grid [part="card"]').nth(11).waitFor();
    await cartWith(page, [{ productId: MUG, quantity: 1 }]);
    const drawer = page.locator('sf-cart-drawer [part="drawer"]');
    await drawer.locator('[part="free-shipping"]', { hasText: '$32.00 away from free shipping' }).waitFor();
    await drawer.locator('[part="cross-sell"] .offer').nth(3).waitFor();
    // The totals as the server worked them out ("Taxes at checkout" until an address is given).
    await drawer.locator('[part="tax-note"]').waitFor();
    await expect.poll(() => drawer.locator('[part="totals"][aria-busy]').count()).toBe(0);
    await check(page, variant, 'drawer-marketing', 'sf-cart-drawer', drawer);

    await drawer.locator('[part="note"] summary').click();
    await drawer.getByLabel('Note for the shop').fill('Gift wrap, please.');
    await drawer.getByRole('button', { name: 'Save note' }).click();
    await drawer.getByText('Note saved').waitFor();
    await drawer.locator('.drawer-body').evaluate((body) => body.scrollTo(0, body.scrollHeight));
    await check(page, variant, 'drawer-marketing-note', 'sf-cart-drawer', drawer);
  });

  it('the login modal: a wrong password, then the register view with an error', async () => {
    const page = await openPage(variant, '/');
    const badge = page.locator('sf-member-badge');
    const modal = page.locator('sf-login-modal [part="modal"]');
    await badge.getByRole('button', { name: 'Sign in', exact: true }).click();
    await modal.getByLabel('Email').fill('jane@example.com');
    await modal.getByLabel('Password', { exact: true }).fill('not-her-password');
    await modal.getByRole('button', { name: 'Sign in', exact: true }).click();
    await modal.locator('[role="alert"]', { hasText: 'Wrong email or password' }).waitFor();
    await check(page, variant, 'modal-sign-in-error', 'sf-login-modal', modal);

    await modal.getByRole('button', { name: 'Create an account' }).click();
    await modal.getByRole('heading', { name: 'Create an account' }).waitFor();
    await modal.getByLabel('Email').fill('jane@example.com');
    await modal.getByLabel('Password', { exact: true }).fill('a-long-enough-password');
    await modal.getByLabel('Name shown to others').fill('Jane');
    await modal.getByRole('button', { name: 'Create account', exact: true }).click();
    await modal.locator('[role="alert"]').first().waitFor();
    await check(page, variant, 'modal-register-error', 'sf-login-modal', modal);
  });

  it('the member menu, open', async () => {
    const page = await openPage(variant, '/');
    const badge = page.locator('sf-member-badge');
    const modal = page.locator('sf-login-modal [part="modal"]');
    await badge.getByRole('button', { name: 'Sign in', exact: true }).click();
    await modal.getByLabel('Email').fill('jane@example.com');
    await modal.getByLabel('Password', { exact: true }).fill('storefront-demo');
    await modal.getByRole('button', { name: 'Sign in', exact: true }).click();
    const trigger = badge.getByRole('button', { name: 'Jane account menu' });
    await trigger.click();
    const menu = badge.locator('[part="menu"]');
    await menu.getByRole('menuitem').first().waitFor();
    // The button and its menu, with a margin.
    const area = async () => {
      const [a, b] = [await trigger.boundingBox(), await menu.boundingBox()];
      if (!a || !b) throw new Error('the member menu is not on screen');
      const x = Math.max(0, Math.floor(Math.min(a.x, b.x)) - 8);
      const y = Math.max(0, Math.floor(Math.min(a.y, b.y)) - 8);
      const right = Math.min(variant.viewport.width, Math.ceil(Math.max(a.x + a.width, b.x + b.width)) + 8);
      const bottom = Math.ceil(Math.max(a.y + a.height, b.y + b.height)) + 8;
      return { x, y, width: right - x, height: bottom - y };
    };
    await check(page, variant, 'member-menu', 'sf-member-badge', area);
  });

  it('the product grid’s cards', async () => {
    const page = await openPage(variant, '/');
    const grid = page.locator('sf-product-grid').first();
    await expect.poll(() => grid.locator('[part="card"]').count()).toBe(4);
    await check(page, variant, 'product-grid', 'sf-product-grid', grid);
  });

  it('the product page', async () => {
    const page = await openPage(variant, '/products/everyday-cotton-tee.html');
    const product = page.locator('sf-product');
    await product.locator('[part="description"]').waitFor();
    // The page as laid out: on a phone its bar (shown by where the page is scrolled) is products.e2e.ts's.
    await page.addStyleTag({ content: 'sf-product::part(sticky-bar) { display: none }' });
    await check(page, variant, 'product-page', 'sf-product', product);
  });
});
