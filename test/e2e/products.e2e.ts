import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PAYLOADS } from '../helpers/payloads';
import { withoutTestFontStack } from './fonts';
import { journeys } from './journey';
import { focused, tabTo } from './keyboard';
import { animationsDone, contrast, expectAccessible, unexpectedErrors } from './page-checks';

const { demoUrl, sandboxUrl, freshPage, shot } = journeys();

const ADMIN = { authorization: 'sandbox-admin-key', 'content-type': 'application/json' };
const TEE = 'c8539b66-7a44-fe18-affc-afec4be8562a';

const count = (page: Page) => page.locator('.site-header [data-sf-cart-count]');
const drawer = (page: Page) => page.locator('sf-cart-drawer dialog');
const allProducts = (page: Page) => page.locator('sf-product-grid').nth(1);
const card = (page: Page, name: string) => page.locator('[part="card"]', { hasText: name }).first();

/** The merchant's call to the platform (the API key), as a merchant's script would make it. */
async function merchant(method: string, path: string, body: unknown) {
  const response = await fetch(`${sandboxUrl}${path}`, {
    method,
    headers: ADMIN,
    body: JSON.stringify(body),
  });
  expect(response.status, `${method} ${path}`).toBe(200);
}

/** Catalogue requests the page sent, by path. */
function catalogueRequests(page: Page) {
  const sent: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (
      url.origin === sandboxUrl &&
      (url.pathname.startsWith('/stores-reader/') || url.pathname.startsWith('/v2/'))
    )
      sent.push(url.pathname);
  });
  return sent;
}

describe('the product grid page by mouse', () => {
  it('shows the catalogue with one request a grid, loads more, marks a sold-out colour and adds the chosen variant', async () => {
    const { page, errors } = await freshPage();
    const sent = catalogueRequests(page);
    await page.goto(`${demoUrl}/`);
    await expect.poll(() => allProducts(page).locator('[part="card"]').count()).toBe(8);
    await expect.poll(() => page.locator('sf-product-grid').first().locator('[part="card"]').count()).toBe(4);
    // Two grids: one query each, and one look-up of the summer collection's id.
    expect(sent.filter((p) => p.endsWith('/query-platformized'))).toHaveLength(2);
    expect(sent.filter((p) => p === '/v2/collections/slug/summer')).toHaveLength(1);
    expect(sent).toHaveLength(3);
    expect(await allProducts(page).locator('[part="count"]').textContent()).toBe('Showing 8 of 14 products');
    await shot(page, 'products-grid');
    await expectAccessible(page, 'the grid page');

    await allProducts(page).getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => allProducts(page).locator('[part="card"]').count()).toBe(14);
    expect(await allProducts(page).getByRole('button', { name: 'Load more' }).count()).toBe(0);
    // The focus is on the first new card, where the keyboard user goes on.
    await expect.poll(() => focused(page)).toMatch(/^article/);

    const beanie = card(page, 'Merino Wool Beanie');
    await beanie.scrollIntoViewIfNeeded();
    await beanie.getByRole('radio', { name: 'Mustard (sold out)' }).check();
    await beanie.getByRole('button', { name: 'Sold out' }).waitFor();
    // Said once: the badge on the picture and the one blocked button; no "Out of stock" line.
    expect(await beanie.locator('[part="sold-out-badge"]').textContent()).toBe('Sold out');
    expect(await beanie.locator('[part="stock"]').count()).toBe(0);
    // Readable though it cannot act: 4.5:1, not faded by an opacity.
    const soldOut = await beanie.getByRole('button', { name: 'Sold out' }).evaluate((el) => {
      const style = getComputedStyle(el);
      return { color: style.color, background: style.backgroundColor, opacity: style.opacity };
    });
    expect(soldOut.opacity).toBe('1');
    expect(contrast(soldOut.color, soldOut.background), JSON.stringify(soldOut)).toBeGreaterThanOrEqual(4.5);
    await shot(page, 'products-sold-out-choice');
    await expectAccessible(page, 'a sold-out choice');
    await beanie.getByRole('radio', { name: 'Forest' }).check();
    expect(await beanie.locator('[part="stock"]').textContent()).toBe('Only 3 left');
    await beanie.getByRole('button', { name: 'Add to cart' }).click();

    await drawer(page).waitFor();
    const line = drawer(page).locator('[part="line"]', { hasText: 'Merino Wool Beanie' });
    await line.waitFor();
    expect(await line.textContent()).toContain('Forest');
    await expect.poll(() => count(page).textContent()).toBe('1');
    await drawer(page).getByRole('button', { name: 'Close' }).click();
    await drawer(page).waitFor({ state: 'detached' });
    // Back on the button that opened the drawer.
    await expect.poll(() => focused(page)).toBe('button Add to cart');
    expect(unexpectedErrors(errors, [404])).toEqual([]);
  });

  it('fits a phone’s width: two compact cards a row (no stepper), nothing wider than the screen', async () => {
    const { page, errors } = await freshPage();
    await page.setViewportSize({ width: 375, height: 760 });
    await page.goto(`${demoUrl}/`);
    await expect.poll(() => allProducts(page).locator('[part="card"]').count()).toBe(8);
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      viewport: window.innerWidth,
    }));
    expect(widths.page).toBeLessThanOrEqual(widths.viewport);
    const boxes = await allProducts(page)
      .locator('[part="card"]')
      .evaluateAll((cards) => cards.slice(0, 3).map((c) => c.getBoundingClientRect().toJSON() as DOMRect));
    const [first, second, third] = boxes as [DOMRect, DOMRect, DOMRect];
    // Side by side, the same width, and the third card on the next row.
    expect(Math.abs(second.y - first.y)).toBeLessThan(1);
    expect(second.x > first.x + first.width || first.x > second.x + second.width).toBe(true);
    expect(Math.abs(second.width - first.width)).toBeLessThan(1);
    expect(first.width).toBeGreaterThan(140);
    expect(third.y).toBeGreaterThan(first.y + first.height);
    // One at a time from a phone's card: no stepper.
    expect(await card(page, 'Everyday Cotton Tee').locator('[part="quantity"]').isVisible()).toBe(false);
    await card(page, 'Everyday Cotton Tee').scrollIntoViewIfNeeded();
    await shot(page, 'products-mobile');
    await expectAccessible(page, 'the grid on a phone');
    expect(errors).toEqual([]);
  });

  it('gives every control 44 px to press on a touch screen, around the smaller swatches and the name', async () => {
    const { page, errors } = await freshPage({
      viewport: { width: 375, height: 760 },
      hasTouch: true,
      isMobile: true,
    });
    await page.goto(`${demoUrl}/`);
    const tee = card(page, 'Everyday Cotton Tee');
    await tee.scrollIntoViewIfNeeded();
    /** Whether a press this far outside an element's drawn edge reaches it (inside its shadow root). */
    const pressed = (selector: string, dx: number, dy: number) =>
      tee
        .locator(selector)
        .first()
        .evaluate(
          (el, at) => {
            el.scrollIntoView({ block: 'center' });
            const box = el.getBoundingClientRect();
            const root = el.getRootNode() as ShadowRoot;
            const x = at.dx < 0 ? box.left + at.dx : at.dx > 0 ? box.right + at.dx : box.left + box.width / 2;
            const y = at.dy < 0 ? box.top + at.dy : at.dy > 0 ? box.bottom + at.dy : box.top + box.height / 2;
            const hit = root.elementFromPoint(x, y);
            // A chip is pressed through its swatch's label (its radio inside).
            const target = el.closest('label') ?? el;
            return { size: [box.width, box.height], reached: hit === target || target.contains(hit) };
          },
          { dx, dy },
        );
    // The chip: 32 px seen, 44 px to press (6 px beyond each edge).
    const swatch = await pressed('[part="swatch"] .chip', 0, -5);
    expect(swatch.size[1]).toBeLessThan(44);
    expect(swatch.reached).toBe(true);
    expect((await pressed('[part="swatch"] .chip', 0, 5)).reached).toBe(true);
    expect((await pressed('[part="swatch"] .chip', -5, 0)).reached).toBe(true);
    expect((await pressed('[part="swatch"] .chip', 5, 0)).reached).toBe(true);
    // The name's link, 8 px above and below the text.
    expect((await pressed('[part="name"] a', 0, -7)).reached).toBe(true);
    expect((await pressed('[part="name"] a', 0, 7)).reached).toBe(true);
    const boxes = await tee
      .locator('select, [part="add-button"]')
      .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().height));
    for (const height of boxes) expect(height).toBeGreaterThanOrEqual(44);
    // A press beside the swatch chooses it.
    const black = tee.locator('[part="swatch"]').nth(1);
    const box = await black.locator('.chip').boundingBox();
    if (!box) throw new Error('no swatch');
    await page.mouse.click(box.x + box.width / 2, box.y + box.height + 4);
    await expect.poll(() => black.locator('input').isChecked()).toBe(true);
    expect(errors).toEqual([]);
  });

  it('shows the page’s own fallback before it upgrades, and to a visitor whose browser runs no script', async () => {
    const { page } = await freshPage();
    await page.route('**/cdn/embed.js', (route) => route.abort());
    await page.goto(`${demoUrl}/`);
    const fallback = allProducts(page).locator('ul.fallback');
    expect(await fallback.isVisible()).toBe(true);
    expect(await fallback.textContent()).toContain('Everyday Cotton Tee');
    await page.unroute('**/cdn/embed.js');
    // With the script, the fallback stays on show while the catalogue is on its way.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(`${sandboxUrl}/stores-reader/**`, async (route) => {
      await held;
      await route.continue();
    });
    await page.reload();
    await page.waitForFunction(() => customElements.get('sf-product-grid'));
    await page.waitForFunction(() =>
      document.querySelectorAll('sf-product-grid')[1]?.shadowRoot?.querySelector('slot'),
    );
    expect(await fallback.isVisible()).toBe(true);
    release();
    await expect.poll(() => allProducts(page).locator('[part="card"]').count()).toBe(8);
    expect(await fallback.isVisible()).toBe(false);
  });

  it('works under the strict Content-Security-Policy: styles and swatch colours, no violation', async () => {
    const { page, errors } = await freshPage();
    await page.goto(`${demoUrl}/strict/`);
    await expect.poll(() => allProducts(page).locator('[part="card"]').count()).toBe(8);
    const chip = card(page, 'Merino Wool Beanie').locator('.chip').nth(1);
    expect(await chip.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(217, 166, 46)');
    expect(
      await allProducts(page)
        .locator('[part="grid"]')
        .evaluate((el) => getComputedStyle(el).display),
    ).toBe('grid');
    expect(errors).toEqual([]);
  });
});

describe('the product page by keyboard', () => {
  it('chooses a size and a colour (a radio group: arrow keys), a quantity, adds, and gets back to the button', async () => {
    const { page, errors } = await freshPage();
    await page.goto(`${demoUrl}/products/everyday-cotton-tee.html`);
    const product = page.locator('sf-product [part="product"]');
    await product.locator('[part="description"]').waitFor();
    expect(await product.getByRole('heading', { level: 1 }).textContent()).toBe('Everyday Cotton Tee');
    // The description ends well before the first info section's line.
    const gap = await product.locator('[part="description"]').evaluate((description) => {
      const next = description.nextElementSibling as Element;
      return next.getBoundingClientRect().top - description.getBoundingClientRect().bottom;
    });
    expect(gap).toBeGreaterThanOrEqual(16);
    await shot(page, 'product-page');
    await expectAccessible(page, 'the product page');

    await tabTo(page, /^select Size/);
    await page.keyboard.press('ArrowDown'); // Medium
    await tabTo(page, /^input\[radio\] White/);
    await page.keyboard.press('ArrowRight'); // Black
    expect(await focused(page)).toBe('input[radio] Black');
    expect(await product.locator('legend').textContent()).toBe('Color: Black');
    expect(await product.locator('[part="sku"]').textContent()).toBe('SKU NW-TEE-M-BLACK');
    await tabTo(page, /^input\[number\] Quantity/);
    await page.keyboard.press('Control+A');
    await page.keyboard.type('2');
    await tabTo(page, /^button Add to cart/);
    await page.keyboard.press('Enter');

    const line = drawer(page).locator('[part="line"]', { hasText: 'Everyday Cotton Tee' });
    await line.waitFor();
    expect(await line.textContent()).toContain('Size: Medium');
    expect(await line.textContent()).toContain('Black');
    await expect.poll(() => count(page).textContent()).toBe('2');
    await page.keyboard.press('Escape');
    await drawer(page).waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toBe('button Add to cart');
    expect(unexpectedErrors(errors, [404])).toEqual([]);
  });

  it('keeps the price and "Add to cart" at hand on a phone as the page scrolls, and adds the choices made from there', async () => {
    const { page, errors } = await freshPage({
      viewport: { width: 375, height: 667 },
      hasTouch: true,
      isMobile: true,
    });
    await page.goto(`${demoUrl}/products/everyday-cotton-tee.html`);
    const product = page.locator('sf-product');
    await product.locator('[part="description"]').waitFor();
    const bar = product.locator('[part="sticky-bar"]');
    const barButton = bar.getByRole('button', { name: 'Add to cart' });
    /** Whether the bar's button is on screen, whole (found by its part: hidden, it has no role). */
    const inView = () =>
      bar.locator('[part="sticky-add-button"]').evaluate((el) => {
        const box = el.getBoundingClientRect();
        return (
          getComputedStyle(el.parentElement as Element).visibility === 'visible' &&
          box.top >= 0 &&
          box.bottom <= window.innerHeight
        );
      });
    // On a phone's screen the page's own button is further down: the bar has the price and the button.
    await expect.poll(inView).toBe(true);
    expect(await bar.textContent()).toContain('$25.00');
    // Scrolled to the page's own button: the bar goes.
    const navy = product.getByRole('radio', { name: 'Navy' });
    // (In the middle of the screen: at its foot, the bar would be over it.)
    await navy.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await navy.check();
    await product.locator('[part="add-button"]').evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await expect.poll(inView).toBe(false);
    // Back up: the bar again, and its button adds the choices made.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(inView).toBe(true);
    await shot(page, 'products-sticky-bar');
    await barButton.click();
    await drawer(page).locator('[part="line"]').waitFor();
    expect(await drawer(page).locator('[part="line"]').textContent()).toContain('Navy');
    // Closed by a tap: the focus it gives back to the bar's button is not a keyboard's, which would keep the bar.
    await drawer(page).getByRole('button', { name: 'Close' }).first().click();
    await drawer(page).waitFor({ state: 'detached' });
    // Back to the page's button: the bar goes.
    await product.locator('[part="add-button"]').evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await expect.poll(inView).toBe(false);
    expect(errors).toEqual([]);
  });

  it('shows a merchant’s new price after a reload (the page keeps what it read until then)', async () => {
    const { page, errors } = await freshPage();
    await page.goto(`${demoUrl}/products/everyday-cotton-tee.html`);
    const price = page.locator('sf-product [part="price"]');
    await expect.poll(() => price.textContent()).toBe('$25.00');
    await merchant('POST', '/stores/v1/bulk/products/adjust-properties', {
      ids: [TEE],
      adjust: { price: { percentage: 10 } },
    });
    await page.reload();
    await expect.poll(() => price.textContent()).toBe('$27.50');
    expect(unexpectedErrors(errors, [404])).toEqual([]);
  });
});

describe('the product elements’ look', () => {
  it('takes the page’s font, unless --sf-font-family names one', async () => {
    const { page, errors } = await freshPage();
    await page.goto(`${demoUrl}/`);
    await withoutTestFontStack(page);
    await page.addStyleTag({
      content: 'sf-product-grid { --sf-font-family: initial } main { font-family: "Courier New", monospace }',
    });
    const tee = card(page, 'Everyday Cotton Tee');
    const fonts = () =>
      tee.locator('[part="name"]').evaluate((el) => {
        const host = (el.getRootNode() as ShadowRoot).host;
        return [getComputedStyle(el).fontFamily, getComputedStyle(host).fontFamily];
      });
    await expect.poll(async () => (await fonts())[0]).toBe('"Courier New", monospace');
    const [, around] = await fonts();
    expect(around).toBe('"Courier New", monospace');
    await page.addStyleTag({ content: 'sf-product-grid { --sf-font-family: Verdana, sans-serif }' });
    await expect.poll(async () => (await fonts())[0]).toBe('Verdana, sans-serif');
    expect(errors).toEqual([]);
  });

  it('follows the page’s dark colour scheme and its right-to-left direction, and stays accessible there', async () => {
    const { page, errors } = await freshPage();
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto(`${demoUrl}/`);
    // On the demo's light page the cards stay light: they sit on the page and take its colour scheme.
    const name = () =>
      card(page, 'Everyday Cotton Tee')
        .locator('[part="name"]')
        .evaluate((el) => getComputedStyle(el).color);
    await expect.poll(name).toBe('rgb(31, 35, 40)');
    // A page with a dark mode of its own lets them follow the visitor (data-theme="auto"); this one, right to left.
    await page.evaluate(() => {
      document.documentElement.dir = 'rtl';
      document.body.style.background = '#121316';
      for (const grid of document.querySelectorAll('sf-product-grid'))
        grid.setAttribute('data-theme', 'auto');
    });
    const tee = card(page, 'Everyday Cotton Tee');
    await tee.waitFor();
    await animationsDone(page);
    expect(await tee.locator('[part="name"]').evaluate((el) => getComputedStyle(el).color)).toBe(
      'rgb(232, 234, 237)',
    );
    // The ribbon sits at the inline start of the picture: its right in right-to-left.
    const media = await tee.locator('[part="media"]').boundingBox();
    const ribbon = await tee.locator('[part="ribbon"]').boundingBox();
    expect((ribbon?.x ?? 0) + (ribbon?.width ?? 0)).toBeGreaterThan(
      (media?.x ?? 0) + (media?.width ?? 0) - 20,
    );
    await shot(page, 'products-rtl-dark');
    await expectAccessible(page, 'the grid in dark, right to left', 'sf-product-grid');
    expect(errors).toEqual([]);
  });

  it('keeps a merchant’s hostile description, name and ribbon inert in Chromium’s own parser', async () => {
    const { page, errors } = await freshPage();
    await merchant('PATCH', `/stores/v1/products/${TEE}`, {
      product: {
        id: TEE,
        name: 'Tee <img src=x onerror="window.__pwned=1">',
        ribbon: '<b onclick="x()">New</b>',
        description: PAYLOADS.join('\n'),
        additionalInfoSections: [{ title: '<b>Care</b>', description: PAYLOADS.slice(0, 20).join('') }],
      },
    });
    await page.goto(`${demoUrl}/products/everyday-cotton-tee.html`);
    const product = page.locator('sf-product [part="product"]');
    await product.locator('[part="description"]').waitFor();
    await product.locator('summary').click();
    // An image made now from a page that is no image (a round trip to the server, no 404 on the console) fails
    // after any the description made earlier: once its error handler has run, theirs have had their turn too.
    await page.evaluate(
      () =>
        new Promise((resolve) => {
          const probe = new Image();
          probe.onerror = resolve;
          probe.src = `${location.href}?xss-probe`;
        }),
    );
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await product.locator('[part="name"]').textContent()).toBe(
      'Tee <img src=x onerror="window.__pwned=1">',
    );
    const unsafe = await page.evaluate(() => {
      const root = document.querySelector('sf-product')?.shadowRoot;
      const found = [...(root?.querySelectorAll('.rich *') ?? [])].flatMap((el) => [
        ...(/^(script|style|img|iframe|svg|math|link|object|embed|form|input|button|template)$/.test(
          el.localName,
        )
          ? [el.localName]
          : []),
        ...[...el.attributes]
          .filter(
            (a) =>
              a.name.startsWith('on') ||
              a.name === 'style' ||
              /^\s*(javascript|data|vbscript):/i.test(a.value),
          )
          .map((a) => `${el.localName}[${a.name}]`),
      ]);
      return found;
    });
    expect(unsafe).toEqual([]);
    await shot(page, 'product-hostile-description');
    expect(errors).toEqual([]);
  });
});

describe('a grid’s quick view (link="quick-view")', () => {
  it('opens the product page in a dialog at its own address; Back, Escape and the close button close it', async () => {
    const { page, errors } = await freshPage();
    await page.goto(`${demoUrl}/`);
    const quickView = page.locator('sf-product-grid [part="quick-view"]');
    const tee = allProducts(page).locator('[part="card"]', { hasText: 'Everyday Cotton Tee' });
    await tee.getByRole('link', { name: 'Everyday Cotton Tee' }).click();
    await quickView.locator('[part="description"]').waitFor();
    // One dialog for the page, though both grids have the tee.
    expect(await quickView.count()).toBe(1);
    expect(new URL(page.url()).hash).toBe('#sf-product=everyday-cotton-tee');
    expect(await quickView.getByRole('heading', { level: 2 }).textContent()).toBe('Everyday Cotton Tee');
    await shot(page, 'products-quick-view');

    // Back closes it, and the page stays.
    await page.goBack();
    await expect.poll(() => quickView.count()).toBe(0);
    expect(new URL(page.url()).hash).toBe('');
    expect(new URL(page.url()).pathname).toBe('/');

    // The close button and Escape go back the same way.
    await tee.getByRole('link', { name: 'Everyday Cotton Tee' }).click();
    await quickView.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => quickView.count()).toBe(0);
    expect(new URL(page.url()).hash).toBe('');
    await tee.getByRole('link', { name: 'Everyday Cotton Tee' }).click();
    await quickView.locator('[part="description"]').waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => quickView.count()).toBe(0);
    expect(new URL(page.url()).hash).toBe('');

    // A shared link opens it; closing it stays on the page (there is nothing to go back to).
    await page.goto(`${demoUrl}/#sf-product=stoneware-mug`);
    await quickView.getByRole('heading', { level: 2, name: 'Stoneware Mug' }).waitFor();
    await quickView.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => quickView.count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/');
    expect(new URL(page.url()).hash).toBe('');
    expect(errors).toEqual([]);
  });
});
