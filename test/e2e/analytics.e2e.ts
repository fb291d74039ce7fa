import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { journeys } from './journey';

const { demoUrl, freshPage } = journeys();

/**
 * Google Tag Manager's container snippet, as Tag Manager gives it to paste at the top of `<head>`, for a test
 * container id. Its `gtm.js` cannot be had here (no network; not on npm): `GTM_JS` stands in for it.
 */
const GTM_SNIPPET = `(function(w,d,s,l,i){w[l]=w[l]||[];w[l].push({'gtm.start':
new Date().getTime(),event:'gtm.js'});var f=d.getElementsByTagName(s)[0],
j=d.createElement(s),dl=l!='dataLayer'?'&l='+l:'';j.async=true;j.src=
'https://www.googletagmanager.com/gtm.js?id='+i+dl;f.parentNode.insertBefore(j,f);
})(window,document,'script','dataLayer','GTM-TEST1');`;

/**
 * A stand-in for `gtm.js` that does with `dataLayer` what Tag Manager documents (and Google's data-layer helper
 * does): it processes the messages queued before it and every later `push`, merging each into one data model,
 * objects and arrays recursively (which is why `{ecommerce: null}` must come before each e-commerce event: else
 * the last event's items merge into this one's). For every message with an `event` it records the model's
 * `ecommerce` as a tag firing on that event would read it (`window.gtmFired`).
 */
const GTM_JS = `(() => {
  const layer = window.dataLayer;
  const model = {};
  window.gtmFired = [];
  const plain = (v) => v !== null && typeof v === 'object';
  const merge = (into, from) => {
    for (const key of Object.keys(from)) {
      const value = from[key];
      if (plain(value)) {
        if (!plain(into[key]) || Array.isArray(into[key]) !== Array.isArray(value)) into[key] = Array.isArray(value) ? [] : {};
        merge(into[key], value);
      } else into[key] = value;
    }
  };
  const process = (message) => {
    if (!plain(message) || Object.prototype.toString.call(message) === '[object Arguments]') return;
    merge(model, message);
    if (typeof message.event === 'string' && !message.event.startsWith('gtm.'))
      window.gtmFired.push({ event: message.event, ecommerce: JSON.parse(JSON.stringify(model.ecommerce ?? null)) });
  };
  layer.forEach(process);
  const push = layer.push;
  layer.push = function (...messages) {
    const result = push.apply(layer, messages);
    messages.forEach(process);
    return result;
  };
})();`;

/**
 * The demo's handmade page as a site would have it: GTM's snippet at the top of `<head>` and Meta's pixel
 * (recording its calls in `window.fbqCalls`), with `tags`; the script tag with `attributes` added. (Set as the
 * page is parsed, before the tag runs: a page served by the test itself would be another address space, whose
 * requests to the sandbox on the loopback address Chromium refuses.)
 */
async function shopPage(page: Page, attributes: Record<string, string>, tags = true) {
  await page.route('https://www.googletagmanager.com/gtm.js*', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: GTM_JS }),
  );
  await page.addInitScript(
    ({ attributes, tags, snippet }) => {
      const w = window as unknown as { fbqCalls: unknown[][]; fbq: (...args: unknown[]) => void };
      if (tags) {
        w.fbqCalls = [];
        w.fbq = (...args) => void w.fbqCalls.push(args);
      }
      new MutationObserver((records) => {
        for (const node of records.flatMap((record) => [...record.addedNodes])) {
          if (tags && node.nodeName === 'HEAD') {
            const script = document.createElement('script');
            script.textContent = snippet;
            (node as Element).prepend(script);
          }
          if (node instanceof HTMLScriptElement && node.dataset.clientId)
            for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
        }
      }).observe(document, { childList: true, subtree: true });
    },
    { attributes, tags, snippet: GTM_SNIPPET },
  );
}

type Fired = { event: string; ecommerce: Record<string, unknown> | null };
const fired = (page: Page) => page.evaluate(() => (window as unknown as { gtmFired: Fired[] }).gtmFired);
const firedNames = async (page: Page) => (await fired(page)).map((f) => f.event);
const fbqCalls = (page: Page) =>
  page.evaluate(() => (window as unknown as { fbqCalls: unknown[][] }).fbqCalls);
const drawer = (page: Page) => page.locator('sf-cart-drawer dialog');
const count = (page: Page) => page.locator('.site-header [data-sf-cart-count]');

describe.each([
  ['v1', ''],
  ['v2', '/cart-v2'],
])('analytics on the demo shop (cart %s)', (_version, prefix) => {
  it('tells GTM and Meta exactly one event per action, in their shapes, and one purchase per order', async () => {
    const { page } = await freshPage();
    await shopPage(page, { 'data-analytics': 'ga4 meta' });
    await page.goto(`${demoUrl}${prefix}/handmade.html`);
    await expect.poll(() => count(page).getAttribute('data-sf-status')).toBe('ready');
    const mug = page.locator('article', { hasText: 'Stoneware Mug' });
    const mugId = await mug.getByRole('button', { name: 'Add to cart' }).getAttribute('data-sf-add-to-cart');
    await mug.getByRole('button', { name: 'Add to cart' }).click();
    await expect.poll(() => count(page).textContent()).toBe('1');
    // The drawer opened as the add started (its cart then empty), then the add.
    await expect.poll(() => firedNames(page)).toEqual(['view_cart', 'add_to_cart']);
    const item = { item_id: mugId, item_name: 'Stoneware Mug', price: 18 };
    expect((await fired(page))[1]).toEqual({
      event: 'add_to_cart',
      ecommerce: { currency: 'USD', value: 18, items: [{ ...item, quantity: 1 }] },
    });

    await drawer(page).getByRole('button', { name: 'One more Stoneware Mug' }).click();
    await expect.poll(() => count(page).textContent()).toBe('2');
    await drawer(page).getByRole('button', { name: 'One fewer Stoneware Mug' }).click();
    await expect.poll(() => count(page).textContent()).toBe('1');
    await expect.poll(() => firedNames(page)).toEqual(['view_cart', 'add_to_cart', 'remove_from_cart']);
    // GTM's model holds this event's items only: the add's did not merge in.
    expect((await fired(page))[2]?.ecommerce).toEqual({
      currency: 'USD',
      value: 18,
      items: [{ ...item, quantity: 1 }],
    });

    await drawer(page).getByRole('button', { name: 'Check out' }).click();
    await page.waitForURL((url) => url.pathname.includes('checkout'));
    // (The last page's events: read before it went.)
    await page.getByLabel('Email for the receipt').fill('visitor@example.com');
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL((url) => url.searchParams.has('orderNumber'));
    await expect.poll(() => firedNames(page)).toContain('purchase');
    const purchase = (await fired(page)).filter((f) => f.event === 'purchase');
    expect(purchase).toEqual([
      {
        event: 'purchase',
        ecommerce: {
          currency: 'USD',
          value: 18,
          transaction_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
          // What the drawer showed for the lines as the checkout started.
          tax: 0,
          shipping: 0,
          items: [{ ...item, quantity: 1, index: 0 }],
        },
      },
    ]);
    const orderId = purchase[0]?.ecommerce?.transaction_id;
    const metaPurchase = (await fbqCalls(page)).filter((call) => call[1] === 'Purchase');
    expect(metaPurchase).toEqual([
      [
        'track',
        'Purchase',
        {
          content_ids: [mugId],
          contents: [{ id: mugId, quantity: 1 }],
          content_type: 'product',
          currency: 'USD',
          value: 18,
        },
        { eventID: `order:${orderId}` },
      ],
    ]);

    // A reload: no second purchase.
    await page.reload();
    await expect.poll(() => count(page).getAttribute('data-sf-status')).toBe('ready');
    await page.locator('.site-header [data-sf-open-cart]').click();
    // (The page it came back to may show grids: each tells its list, view_item_list, as it shows.)
    await expect
      .poll(async () => (await firedNames(page)).filter((name) => name !== 'view_item_list'))
      .toEqual(['view_cart']);
  });
});

describe('analytics before the checkout', () => {
  it('sends Meta’s AddToCart and InitiateCheckout with an eventID, and begin_checkout to GTM', async () => {
    const { page } = await freshPage();
    await shopPage(page, { 'data-analytics': 'ga4 meta' });
    await page.goto(`${demoUrl}/handmade.html`);
    await expect.poll(() => count(page).getAttribute('data-sf-status')).toBe('ready');
    const mug = page.locator('article', { hasText: 'Stoneware Mug' });
    await mug.getByRole('button', { name: 'Add to cart' }).click();
    await expect.poll(() => count(page).textContent()).toBe('1');
    // The checkout's events: the page stays (an answer without content leaves it where it is).
    await page.route(/\/_hosted\/checkout/, (route) => route.fulfill({ status: 204 }));
    await drawer(page).getByRole('button', { name: 'Check out' }).click();
    await expect.poll(() => firedNames(page)).toEqual(['view_cart', 'add_to_cart', 'begin_checkout']);
    expect((await fired(page))[2]?.ecommerce).toMatchObject({ currency: 'USD', value: 18 });
    const calls = await fbqCalls(page);
    expect(calls.map((call) => call[1])).toEqual(['AddToCart', 'InitiateCheckout']);
    expect(calls[0]?.[3]).toEqual({ eventID: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(calls[1]?.[3]).toEqual({ eventID: expect.stringMatching(/^checkout:/) });
  });

  it('with data-consent="required", sends nothing until Storefront.consent({analytics: true})', async () => {
    const { page } = await freshPage();
    await shopPage(page, { 'data-analytics': 'ga4 meta', 'data-consent': 'required' });
    await page.goto(`${demoUrl}/handmade.html`);
    await expect.poll(() => count(page).getAttribute('data-sf-status')).toBe('ready');
    const mug = page.locator('article', { hasText: 'Stoneware Mug' });
    await mug.getByRole('button', { name: 'Add to cart' }).click();
    await expect.poll(() => count(page).textContent()).toBe('1');
    await drawer(page).getByRole('button', { name: 'Close' }).click();
    await page.evaluate(() =>
      (window as unknown as { Storefront: { consent(c: unknown): void } }).Storefront.consent({
        analytics: true,
      }),
    );
    await mug.getByRole('button', { name: 'Add to cart' }).click();
    await expect.poll(() => count(page).textContent()).toBe('2');
    // Only what came after the consent: the first add and its view were dropped.
    await expect.poll(() => firedNames(page)).toEqual(['view_cart', 'add_to_cart']);
    expect((await fbqCalls(page)).map((call) => call[1])).toEqual(['AddToCart']);
  });
});

describe('analytics of the product elements', () => {
  /** The summer grid (its collection's four cards). */
  const summer = (page: Page) => page.locator('sf-product-grid[collection="summer"]');
  /** A product's quick view, over the page (the first grid that has the product shows it). */
  const quickView = (page: Page) => page.locator('sf-product-grid [part="quick-view"]');
  /**
   * Everything told so far has reached Tag Manager once a marker has (the widgets tell each event in the order
   * it came): the cart opened from the header, its `view_cart`.
   */
  async function marked(page: Page) {
    await page.locator('.site-header [data-sf-open-cart]').click();
    await expect.poll(async () => (await firedNames(page)).at(-1)).toBe('view_cart');
    await drawer(page).getByRole('button', { name: 'Close' }).click();
  }
  const lists = async (page: Page) =>
    (await fired(page)).filter((f) => f.event === 'view_item_list').map((f) => f.ecommerce?.item_list_id);

  it('tells exactly one view_item_list a grid shown, and select_item then view_item as a card opens its quick view', async () => {
    const { page } = await freshPage();
    await shopPage(page, { 'data-analytics': 'ga4 meta' });
    await page.goto(`${demoUrl}/index.html`);
    // The front page's two grids: the summer collection's, and every product's.
    await expect.poll(() => lists(page)).toEqual(expect.arrayContaining(['summer', 'all']));
    await marked(page);
    expect((await lists(page)).sort()).toEqual(['all', 'summer']);
    const shown = (await fired(page)).find((f) => f.ecommerce?.item_list_id === 'summer');
    const items = (shown?.ecommerce?.items ?? []) as Array<Record<string, unknown>>;
    expect(items).toHaveLength(4);
    expect(items.map((item) => item.index)).toEqual([0, 1, 2, 3]);
    expect(shown?.ecommerce).toMatchObject({ currency: 'USD', item_list_name: 'summer (price-asc)' });

    // The second card's name: the quick view opens over the page.
    const second = items[1] as { item_id: string; item_name: string };
    await summer(page).getByRole('link', { name: second.item_name }).click();
    await quickView(page).locator('.texts').waitFor({ state: 'attached' });
    await expect.poll(async () => (await firedNames(page)).slice(-2)).toEqual(['select_item', 'view_item']);
    const [selected, viewed] = (await fired(page)).slice(-2);
    expect(selected?.ecommerce).toMatchObject({
      item_list_id: 'summer',
      items: [{ item_id: second.item_id, index: 1, item_list_id: 'summer' }],
    });
    expect(viewed?.ecommerce).toMatchObject({
      currency: 'USD',
      items: [{ item_id: second.item_id, quantity: 1 }],
    });
    // GTM's model holds the view's item only: the list's did not merge in.
    expect(viewed?.ecommerce?.items).toHaveLength(1);
    await quickView(page).getByRole('button', { name: 'Close' }).click();
    expect((viewed?.ecommerce?.items as Array<Record<string, unknown>> | undefined)?.[0]).not.toHaveProperty(
      'index',
    );
    await marked(page);
    expect(await lists(page)).toHaveLength(2);
    expect((await firedNames(page)).filter((name) => name === 'view_item')).toHaveLength(1);
  });

  it('tells view_item and Meta’s ViewContent, with an eventID, on a product page', async () => {
    const { page } = await freshPage();
    await shopPage(page, { 'data-analytics': 'ga4 meta' });
    await page.goto(`${demoUrl}/products/everyday-cotton-tee.html`);
    await expect.poll(() => firedNames(page)).toContain('view_item');
    await marked(page);
    expect((await firedNames(page)).filter((name) => name === 'view_item')).toHaveLength(1);
    const viewed = (await fired(page)).find((f) => f.event === 'view_item');
    const item = (viewed?.ecommerce?.items as Array<{ item_id: string }> | undefined)?.[0];
    expect(viewed?.ecommerce).toMatchObject({
      currency: 'USD',
      value: 25,
      items: [{ item_name: 'Everyday Cotton Tee', price: 25, quantity: 1 }],
    });
    const calls = (await fbqCalls(page)).filter((call) => call[1] === 'ViewContent');
    expect(calls).toEqual([
      [
        'track',
        'ViewContent',
        {
          content_ids: [item?.item_id],
          contents: [{ id: item?.item_id, quantity: 1 }],
          content_type: 'product',
          currency: 'USD',
          value: 25,
        },
        { eventID: expect.stringMatching(/^[0-9a-f-]{36}$/) },
      ],
    ]);
  });

  it('with data-consent="required", tells nothing of the products before Storefront.consent()', async () => {
    const { page } = await freshPage();
    await shopPage(page, { 'data-analytics': 'ga4 meta', 'data-consent': 'required' });
    await page.goto(`${demoUrl}/index.html`);
    await summer(page).locator('[part="card"]').nth(3).waitFor();
    await summer(page).locator('[part="card"] [part="name"] a').first().click();
    await quickView(page).locator('.texts').waitFor({ state: 'attached' });
    // Its effects (the view told) run after the next frame, then the consent comes.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done))));
    await page.evaluate(() =>
      (window as unknown as { Storefront: { consent(c: unknown): void } }).Storefront.consent({
        analytics: true,
      }),
    );
    await quickView(page).getByRole('button', { name: 'Close' }).click();
    await marked(page);
    // Only the marker: the lists shown, the card chosen and its view before consent were dropped.
    expect(await firedNames(page)).toEqual(['view_cart']);
    expect(await fbqCalls(page)).toEqual([]);
  });
});

describe.each([
  ['v1', ''],
  ['v2', '/cart-v2'],
])('links (cart %s)', (_version, prefix) => {
  for (const [lang, applied] of [
    ['en', 'Coupon SAVE10 applied'],
    ['de', 'Gutschein SAVE10 eingelöst'],
  ] as const) {
    it(`a coupon link is applied at the first add, in ${lang}; the cart link opens the drawer`, async () => {
      const { page } = await freshPage();
      await shopPage(page, { 'data-lang': lang }, false);
      await page.goto(`${demoUrl}${prefix}/handmade.html?coupon=SAVE10&utm_source=mail#shop`);
      await expect.poll(() => new URL(page.url()).search).toBe('?utm_source=mail');
      expect(new URL(page.url()).hash).toBe('#shop');
      await page.locator('article', { hasText: 'Stoneware Mug' }).locator('[data-sf-add-to-cart]').click();
      await drawer(page).getByText(applied).waitFor();
      // An abandoned-cart email's link: the drawer opens on load, once.
      await page.goto(`${demoUrl}${prefix}/handmade.html?sf-cart=open`);
      await drawer(page).getByText(applied).waitFor();
      expect(new URL(page.url()).search).toBe('');
    });
  }
});
