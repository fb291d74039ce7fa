import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { journeys } from './journey';
import { focused, tabTo } from './keyboard';
import { animationsDone, cartWith, expectAccessible, unexpectedErrors } from './page-checks';

const { demoUrl, sandboxUrl, freshPage, sandbox, shot } = journeys();

const count = (page: Page) => page.locator('.site-header [data-sf-cart-count]');
const drawer = (page: Page) => page.locator('sf-cart-drawer dialog');
/** The drawer's panel inside the <dialog> (which fills the viewport in the top layer). */
const panel = (page: Page) => page.locator('sf-cart-drawer [part="drawer"]');
const line = (page: Page, name: string) => drawer(page).locator('[part="line"]', { hasText: name });

/** Places the order on the sandbox's hosted checkout page, which sends the visitor back to the shop. */
async function placeOrder(page: Page) {
  await page.getByLabel('Email for the receipt').fill('visitor@example.com');
  await page.getByRole('button', { name: 'Place order' }).click();
  await page.waitForURL((url) => url.searchParams.has('orderNumber'));
}

// The same journey on both of the platform's cart services: v1 (the demo's pages) and Cart V2 (the same pages
// under /cart-v2/, with data-cart-api="v2").
describe.each([
  ['v1', ''],
  ['v2', '/cart-v2'],
])('a visitor shops the demo by mouse (cart %s)', (version, prefix) => {
  it('adds from host buttons, edits the cart, tries coupons, estimates shipping, keeps it all over reloads and tabs, and checks out', async () => {
    const { page, errors, another } = await freshPage();
    // Only this version's cart service is called.
    const cartCalls: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (/\/ecom\/v\d\/carts|delivery-rates/.test(path)) cartCalls.push(path);
    });
    // The v2 journey's screenshots beside the v1 ones.
    const named = (name: string) => (version === 'v1' ? name : `${name}-v2`);
    await page.goto(`${demoUrl}${prefix}/handmade.html`);
    await expect.poll(() => count(page).getAttribute('data-sf-status')).toBe('ready');
    expect(await count(page).textContent()).toBe('0');

    // The tee needs a size: the page says so at the picker and nothing is sent.
    const tee = page.locator('article', { hasText: 'Everyday Cotton Tee' });
    await tee.getByRole('button', { name: 'Add to cart' }).click();
    await expect.poll(() => tee.locator('[data-sf-message]').textContent()).toBe('Choose a Size.');
    expect(await tee.getByLabel('Size').getAttribute('aria-invalid')).toBe('true');
    expect(await tee.getByLabel('Size').evaluate((el) => el === document.activeElement)).toBe(true);
    await tee.getByLabel('Size').selectOption('Medium');
    await tee.getByLabel('Navy').check();
    expect(await tee.getByLabel('Size').getAttribute('aria-invalid')).toBeNull();
    await tee.getByRole('button', { name: 'Add to cart' }).click();

    // The drawer opens with the line and the count follows the server's cart.
    await drawer(page).waitFor();
    await line(page, 'Everyday Cotton Tee').waitFor();
    expect(await line(page, 'Everyday Cotton Tee').textContent()).toContain('Size: Medium');
    expect(await line(page, 'Everyday Cotton Tee').textContent()).toContain('Navy');
    await expect.poll(() => count(page).textContent()).toBe('1');
    await drawer(page).getByRole('button', { name: 'Close' }).click();
    await drawer(page).waitFor({ state: 'detached' });

    const mug = page.locator('article', { hasText: 'Stoneware Mug' });
    await mug.getByRole('button', { name: 'Add to cart' }).click();
    await line(page, 'Stoneware Mug').waitFor();
    await expect.poll(() => count(page).textContent()).toBe('2');

    // Quantity: the stepper, then a typed number; a bad number is explained and nothing changes.
    await drawer(page).getByRole('button', { name: 'One more Stoneware Mug' }).click();
    await expect.poll(() => count(page).textContent()).toBe('3');
    await expect
      .poll(() => line(page, 'Stoneware Mug').locator('[part="line-total"]').textContent())
      .toBe('$36.00');
    const quantity = drawer(page).getByLabel('Quantity of Stoneware Mug');
    await quantity.fill('10000');
    await quantity.press('Enter');
    await drawer(page).getByText('Enter a whole number from 1 to 9999.').waitFor();
    await quantity.fill('3');
    await quantity.press('Enter');
    await expect.poll(() => count(page).textContent()).toBe('4');
    await expect
      .poll(() => line(page, 'Stoneware Mug').locator('[part="line-total"]').textContent())
      .toBe('$54.00');
    await shot(page, named('shop-drawer-lines'));
    await expectAccessible(page, 'drawer with lines');

    // A coupon that does not exist: said in an alert. Then SAVE10. (Its form is behind "Add a coupon code".)
    await drawer(page).getByRole('button', { name: 'Add a coupon code' }).click();
    const coupon = drawer(page).getByLabel('Coupon code');
    await coupon.fill('BOGUS');
    await drawer(page).getByRole('button', { name: 'Apply' }).click();
    const alert = drawer(page).locator('[part="coupon"] [role="alert"]');
    await alert.waitFor();
    expect(await alert.textContent()).toBe('There is no coupon “BOGUS”. Check the code.');
    await shot(page, named('shop-drawer-coupon-error'));
    await expectAccessible(page, 'drawer with a coupon error');
    await coupon.fill('SAVE10');
    await drawer(page).getByRole('button', { name: 'Apply' }).click();
    await drawer(page).getByText('Coupon SAVE10 applied').waitFor();
    await drawer(page).locator('[part="totals"]', { hasText: 'Discount' }).waitFor();

    // Shipping to the US: delivery options with store pickup and time slots; choosing one changes the total.
    await drawer(page).getByRole('button', { name: 'Estimate shipping' }).click();
    await drawer(page).getByLabel('Country').selectOption('US');
    await drawer(page).getByLabel('Postal code').fill('10001');
    await drawer(page).getByRole('button', { name: 'Estimate', exact: true }).click();
    const options = drawer(page).locator('[part="shipping"] input[type="radio"]');
    await expect.poll(() => options.count()).toBeGreaterThan(2);
    const labels = await drawer(page).locator('[part="shipping"] label.option').allTextContents();
    expect(labels.join('\n')).toMatch(/Pick up at/);
    expect(labels.join('\n')).toMatch(/\d{1,2}:\d{2}/);
    const total = drawer(page).locator('[part="totals"] dd').last();
    const before = await total.textContent();
    await drawer(page).locator('[part="shipping"] label.option', { hasText: 'Express' }).first().click();
    await expect.poll(() => total.textContent()).not.toBe(before);
    await shot(page, named('shop-drawer-shipping'));
    await expectAccessible(page, 'drawer with shipping options');

    // A reload keeps the cart (the count comes from the cache first: npm run bench counts the requests).
    await page.reload();
    await expect.poll(() => count(page).textContent()).toBe('4');
    await page.locator('.site-header').getByRole('button', { name: /Cart/ }).click();
    await line(page, 'Stoneware Mug').waitFor();
    await drawer(page).getByText('Coupon SAVE10 applied').waitFor();

    // A second tab follows the first one's changes.
    const second = await another();
    await second.page.goto(`${demoUrl}${prefix}/handmade.html`);
    await expect.poll(() => count(second.page).textContent()).toBe('4');
    // The first tab in front again (a background tab's animation frames are throttled, slowing its clicks).
    await page.bringToFront();
    await drawer(page).getByRole('button', { name: 'Remove Everyday Cotton Tee' }).click();
    // The line (and its button) are gone; the focus is on the drawer, not on the page behind it.
    await expect.poll(() => focused(page)).toMatch(/^dialog Your cart/);
    await expect.poll(() => count(page).textContent()).toBe('3');
    await expect.poll(() => count(second.page).textContent(), { timeout: 2_000 }).toBe('3');

    // Checkout: the platform's hosted page, back to the shop with the cart intact, then the order.
    await drawer(page).getByRole('button', { name: 'Check out' }).click();
    await page.waitForURL((url) => url.origin === sandboxUrl);
    await page.getByRole('heading', { name: 'Checkout' }).waitFor();
    expect(await page.locator('table').textContent()).toContain('Stoneware Mug');
    await page.getByRole('link', { name: 'Back to the shop' }).click();
    await page.waitForURL((url) => url.origin === demoUrl);
    await expect.poll(() => count(page).textContent()).toBe('3');
    await page.locator('.site-header').getByRole('button', { name: /Cart/ }).click();
    await drawer(page).getByRole('button', { name: 'Check out' }).click();
    await page.waitForURL((url) => url.origin === sandboxUrl);
    await placeOrder(page);
    expect(new URL(page.url()).origin).toBe(demoUrl);
    // Back from checkout, the drawer opens by itself with the order's confirmation above the empty cart,
    // and the order's parameters leave the address bar.
    const placed = drawer(page).locator('[part="order"]');
    await placed.waitFor();
    expect(await placed.textContent()).toMatch(/^Order #\d+ placed\. Thank you!$/);
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await expect.poll(() => count(page).textContent()).toBe('0');
    await drawer(page).locator('[part="empty"]').waitFor();
    await shot(page, named('shop-drawer-order-placed'));
    await expectAccessible(page, 'empty drawer after an order');
    // Closed and opened again, the drawer shows the empty cart alone.
    await drawer(page).getByRole('button', { name: 'Close' }).click();
    await drawer(page).waitFor({ state: 'detached' });
    await page.locator('.site-header').getByRole('button', { name: /Cart/ }).click();
    await drawer(page).locator('[part="empty"]').waitFor();
    expect(await placed.count()).toBe(0);
    await shot(page, named('shop-drawer-empty'));
    expect(unexpectedErrors([...errors, ...second.errors], [400, 404])).toEqual([]);
    expect(cartCalls.length).toBeGreaterThan(10);
    expect(cartCalls.filter((path) => path.includes(version === 'v1' ? '/ecom/v2/' : '/ecom/v1/'))).toEqual(
      [],
    );
    if (version === 'v2') expect(cartCalls.some((path) => path.includes('delivery-rates'))).toBe(true);
  });

  it('refuses a coupon that does not exist in German on a German page (the platform names it by its code)', async () => {
    const { page, errors } = await freshPage();
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (!document.documentElement) return;
        document.documentElement.lang = 'de';
        observer.disconnect();
      }).observe(document, { childList: true });
    });
    await page.goto(`${demoUrl}${prefix}/handmade.html`);
    await cartWith(page, [{ productId: 'dace0cad-7e1d-4340-ac45-39a68ab5e3c8', quantity: 1 }]);
    await line(page, 'Stoneware Mug').waitFor();
    await drawer(page).getByRole('button', { name: 'Gutscheincode hinzufügen' }).click();
    await drawer(page).getByLabel('Gutscheincode').fill('BOGUS');
    await drawer(page).getByRole('button', { name: 'Einlösen' }).click();
    const alert = drawer(page).locator('[part="coupon"] [role="alert"]');
    await alert.waitFor();
    // Said in German only: not the platform's English words ('Coupon "BOGUS" does not exist').
    expect(await alert.textContent()).toBe('Den Gutschein „BOGUS“ gibt es nicht. Prüfe den Code.');
    expect(unexpectedErrors(errors, [400])).toEqual([]);
  });
});

describe('a visitor shops the demo by keyboard only', () => {
  it.each([
    ['the normal page', ''],
    ['the strict-CSP page', '/strict'],
  ])(
    'on %s: reaches every control of the hand-written buttons, operates the drawer and checks out without a mouse',
    async (_, prefix) => {
      const { page, errors } = await freshPage();
      await page.goto(`${demoUrl}${prefix}/handmade.html`);
      await expect.poll(() => count(page).getAttribute('data-sf-status')).toBe('ready');

      await tabTo(page, /^select Size/);
      await page.keyboard.press('ArrowDown'); // Small
      await page.keyboard.press('ArrowDown'); // Medium
      await tabTo(page, /^input\[radio\] White/);
      await page.keyboard.press('ArrowRight'); // Black
      await tabTo(page, /^input\[number\]/);
      await page.keyboard.press('Control+A');
      await page.keyboard.type('2');
      await page.keyboard.press('Enter'); // submits the form: its add-to-cart button

      await line(page, 'Everyday Cotton Tee').waitFor();
      await expect.poll(() => count(page).textContent()).toBe('2');
      expect(await line(page, 'Everyday Cotton Tee').textContent()).toContain('Black');
      // Focus is in the dialog and stays there.
      expect(await focused(page)).toMatch(/Close/);
      await tabTo(page, /^button One more Everyday Cotton Tee/);
      await page.keyboard.press('Enter');
      await expect.poll(() => count(page).textContent()).toBe('3');
      // The button stayed focused while the line was busy: the place is kept for the next press.
      expect(await focused(page)).toMatch(/^button One more Everyday Cotton Tee/);
      await tabTo(page, /^button Add a coupon code/);
      await page.keyboard.press('Enter');
      await tabTo(page, /^input\[text\] Coupon code/);
      await page.keyboard.type('NOPE');
      await page.keyboard.press('Enter');
      await drawer(page).locator('[part="coupon"] [role="alert"]').waitFor();
      await page.keyboard.press('Control+A');
      await page.keyboard.type('SAVE10');
      await page.keyboard.press('Enter');
      await drawer(page).getByText('Coupon SAVE10 applied').waitFor();
      // Apply is gone: the focus is on what took its place, the coupon's Remove.
      await expect.poll(() => focused(page)).toBe('button Remove coupon SAVE10');
      await tabTo(page, /^button Estimate shipping/);
      await page.keyboard.press('Enter');
      await tabTo(page, /^select Country/);
      await page.keyboard.type('Germany');
      await tabTo(page, /^input\[text\] Postal code/);
      await page.keyboard.type('10115');
      await page.keyboard.press('Enter');
      await expect
        .poll(() => drawer(page).locator('[part="shipping"] input[type="radio"]').count())
        .toBeGreaterThan(0);
      // The form closed on its summary; its Change has the focus Estimate had.
      await expect.poll(() => focused(page)).toBe('button Change');
      await shot(page, `shop-keyboard-drawer${prefix.replace('/', '-')}`);

      // Escape closes and gives focus back to where it was; the header button opens again.
      await page.keyboard.press('Escape');
      await drawer(page).waitFor({ state: 'detached' });
      await tabTo(page, /^button Cart/, { back: true });
      await page.keyboard.press('Enter');
      await drawer(page).waitFor();
      await tabTo(page, /^button Check out/);
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.origin === sandboxUrl);
      await tabTo(page, /^input\[email\]/);
      await page.keyboard.type('keys@example.com');
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.searchParams.has('orderNumber'));
      await expect.poll(() => count(page).textContent()).toBe('0');
      expect(unexpectedErrors(errors, [400, 404])).toEqual([]);
    },
  );
});

describe('the strict Content-Security-Policy page', () => {
  it('works with no inline scripts or styles allowed and reports no violation', async () => {
    const { page, errors } = await freshPage();
    const response = await page.goto(`${demoUrl}/strict/handmade.html`);
    const policy = response?.headers()['content-security-policy'] ?? '';
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toContain('unsafe-inline');
    expect(policy).not.toContain('unsafe-eval');
    await expect.poll(() => count(page).getAttribute('data-sf-status')).toBe('ready');
    const mug = page.locator('article', { hasText: 'Stoneware Mug' });
    await mug.getByRole('button', { name: 'Add to cart' }).click();
    await line(page, 'Stoneware Mug').waitFor();
    // The widget's styles apply (constructed stylesheets, no <style> element): the drawer is a fixed panel.
    const position = await panel(page).evaluate((el) => getComputedStyle(el).position);
    expect(position).toBe('fixed');
    await drawer(page).getByRole('button', { name: 'One more Stoneware Mug' }).click();
    await expect.poll(() => count(page).textContent()).toBe('2');
    await drawer(page).getByRole('button', { name: 'Check out' }).click();
    await page.waitForURL((url) => url.origin === sandboxUrl);
    await placeOrder(page);
    expect(new URL(page.url()).pathname).toBe('/strict/handmade.html');
    await expect.poll(() => count(page).textContent()).toBe('0');
    await shot(page, 'shop-strict-csp');
    expect(unexpectedErrors(errors, [404])).toEqual([]);
  });
});

describe('drawer states', () => {
  it('is accessible while loading and with an error banner, and the banner’s retry recovers', async () => {
    const { page, errors } = await freshPage();
    await page.goto(`${demoUrl}/handmade.html`);
    await expect.poll(() => count(page).getAttribute('data-sf-status')).toBe('ready');
    await page
      .locator('article', { hasText: 'Stoneware Mug' })
      .getByRole('button', { name: 'Add to cart' })
      .click();
    await line(page, 'Stoneware Mug').waitFor();
    await drawer(page).getByRole('button', { name: 'Close' }).click();
    const settings = (body: unknown) => sandbox('PATCH', '/_sandbox/settings', body);
    try {
      // Loading: a slow platform shows the skeleton.
      await settings({ latencyMs: 1500 });
      await page.reload();
      await page.locator('.site-header').getByRole('button', { name: /Cart/ }).click();
      await drawer(page).locator('.skeleton').waitFor();
      await shot(page, 'shop-drawer-loading');
      await expectAccessible(page, 'drawer loading');
      await line(page, 'Stoneware Mug').waitFor();
      await drawer(page).getByRole('button', { name: 'Close' }).click();

      // An error banner: the platform fails every call.
      await settings({ latencyMs: 0, failureRate: 1 });
      await page.reload();
      await page.locator('.site-header').getByRole('button', { name: /Cart/ }).click();
      const banner = drawer(page).locator('[part="error"]');
      await banner.waitFor();
      await shot(page, 'shop-drawer-error');
      await expectAccessible(page, 'drawer with an error banner');
      await settings({ failureRate: 0 });
      await banner.getByRole('button', { name: 'Try again' }).click();
      await line(page, 'Stoneware Mug').waitFor();
      await banner.waitFor({ state: 'detached' });
    } finally {
      await settings({ latencyMs: 0, failureRate: 0 });
    }
    expect(unexpectedErrors(errors, [503])).toEqual([]);
  });
});

/**
 * The demo shop on a dark system, with the (empty) cart drawer open: `declared` is the page's
 * `<meta name="color-scheme">`, in its head before the script tag runs (as the site's HTML would say it),
 * `prepare` runs once it has loaded.
 */
async function drawerOnDarkSystem(prepare: () => void, declared?: string) {
  const { page, errors } = await freshPage();
  await page.emulateMedia({ colorScheme: 'dark' });
  if (declared)
    await page.addInitScript(
      (content) =>
        new MutationObserver((_records, observer) => {
          if (!document.head) return;
          observer.disconnect();
          const meta = document.createElement('meta');
          meta.name = 'color-scheme';
          meta.content = content;
          document.head.prepend(meta);
        }).observe(document, { childList: true, subtree: true }),
      declared,
    );
  await page.goto(`${demoUrl}/`);
  await expect.poll(() => count(page).getAttribute('data-sf-status')).toBe('ready');
  await page.evaluate(prepare);
  await page.locator('.site-header').getByRole('button', { name: /Cart/ }).click();
  await drawer(page).locator('[part="empty"]').waitFor();
  return { page, errors };
}

describe('theming', () => {
  it('lays the drawer out right to left, follows a dark colour scheme and takes the site’s --sf-* colours', async () => {
    // A site with a dark mode of its own (`color-scheme: light dark`): the widgets follow the visitor's system.
    const { page, errors } = await drawerOnDarkSystem(() => {
      document.documentElement.dir = 'rtl';
    }, 'light dark');
    await animationsDone(page);
    const box = await panel(page).boundingBox();
    expect(box?.x).toBe(0); // the drawer sits at the inline end, which is the left in right-to-left
    expect(box?.width).toBeLessThan(page.viewportSize()?.width ?? 0);
    const background = () => panel(page).evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(await background()).toBe('rgb(23, 25, 29)');
    await shot(page, 'shop-drawer-rtl-dark');
    // A site's own colour, set on the element, wins over the built-in palette.
    await page.evaluate(() =>
      document
        .querySelector('sf-cart-drawer')
        ?.setAttribute('style', '--sf-color-background: rgb(250, 240, 200)'),
    );
    await expect.poll(background).toBe('rgb(250, 240, 200)');
    expect(errors).toEqual([]);
  });

  it('keeps a light-only site’s widgets light on a dark system (data-theme="auto")', async () => {
    // The site says it is light only, as many sites do.
    const { page, errors } = await drawerOnDarkSystem(() => {}, 'only light');
    expect(await page.locator('sf-member-badge').getAttribute('data-theme')).toBe('light');
    expect(await page.locator('sf-cart-drawer').getAttribute('data-theme')).toBe('light');
    expect(await panel(page).evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
      'rgb(255, 255, 255)',
    );
    expect(errors).toEqual([]);
  });

  it('keeps the widgets of a page that declares no colour scheme as light or dark as its background', async () => {
    // The demo declares nothing and is white: light widgets on a dark system, the badge as the drawer.
    const light = await drawerOnDarkSystem(() => {});
    expect(await light.page.locator('sf-member-badge').getAttribute('data-theme')).toBe('light');
    expect(await panel(light.page).evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
      'rgb(255, 255, 255)',
    );
    const signIn = light.page.locator('sf-member-badge').getByRole('button', { name: 'Sign in' });
    expect(await signIn.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(255, 255, 255)');
    expect(light.errors).toEqual([]);
    // The same page painted dark by its own CSS, with no declaration: dark widgets, on a light system too.
    const { page, errors } = await freshPage();
    await page.emulateMedia({ colorScheme: 'light' });
    await page.addInitScript(() =>
      new MutationObserver((_records, observer) => {
        if (!document.head) return;
        observer.disconnect();
        const style = document.createElement('style');
        style.textContent = 'body { background: #111418; color: #eee }';
        document.head.append(style);
      }).observe(document, { childList: true, subtree: true }),
    );
    await page.goto(`${demoUrl}/`);
    await expect.poll(() => page.locator('sf-member-badge').getAttribute('data-theme')).toBe('dark');
    await page.locator('.site-header').getByRole('button', { name: /Cart/ }).click();
    await drawer(page).locator('[part="empty"]').waitFor();
    expect(await panel(page).evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(23, 25, 29)');
    expect(errors).toEqual([]);
  });
});
