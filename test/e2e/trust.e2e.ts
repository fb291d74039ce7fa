/**
 * Issue 22's six findings, checked in Chromium (and over HTTP for the sandbox's own) through public surfaces
 * only: the address bar, the client's BroadcastChannel, its localStorage keys, `window.Storefront`, the page's
 * `data-sf-*` elements and the sandbox's HTTP API. Nothing reaches into the bundle.
 */
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_CLIENT_ID } from '../../sandbox/app';
import { SANDBOX_IDP_ID } from '../../sandbox/identity';
import { idpKeyFromEnv, signSandboxIdToken } from '../../sandbox/idp';
import { storageNamespace } from '../../src/auth/storage';
import { journeys } from './journey';
import { unexpectedErrors } from './page-checks';

const { demoUrl, sandboxUrl, freshPage, shot } = journeys();

/** The client's namespace: its localStorage keys' prefix and its tabs' BroadcastChannel (src/start.ts). */
const NAMESPACE = storageNamespace(DEMO_CLIENT_ID);
const MUG = 'dace0cad-7e1d-4340-ac45-39a68ab5e3c8';
/** The e-book: a digital product without stock tracking, for adds that only show the page still works. */
const EBOOK = '424fd041-afac-45c4-a45c-a3a8f25e29f8';

/** What the tests read of the page's window: the public API and what their init scripts record. */
interface ShopWindow {
  Storefront: {
    addToCart(productId: string, options?: { quantity?: number }): Promise<number>;
    getState(): { cartCount: number; cart: { id?: string; revision?: string } | null };
  };
  sfOrders: { dom: unknown[]; api: unknown[] };
  sfStatuses: string[];
  sfShown: string[];
  sfChannel: BroadcastChannel;
}

const count = (page: Page) => page.locator('.site-header [data-sf-cart-count]');
const status = (page: Page) => count(page).getAttribute('data-sf-status');
const drawer = (page: Page) => page.locator('sf-cart-drawer dialog');
const orderBanner = (page: Page) => page.locator('sf-cart-drawer [part="order"]');

/** `Storefront.addToCart` as a site's own script calls it (it does not open the drawer). */
const add = (page: Page, productId: string, quantity = 1) =>
  page.evaluate(
    ([id, n]) =>
      (window as unknown as ShopWindow).Storefront.addToCart(id as string, { quantity: n as number }),
    [productId, quantity] as const,
  );

/** The page's reads of the current cart (v1 or V2), as they are sent. */
function cartReads(page: Page) {
  const reads: Array<{ request: Request; at: number }> = [];
  page.on('request', (request) => {
    if (request.method() === 'GET' && /^\/ecom\/v\d\/carts\/current$/.test(new URL(request.url()).pathname))
      reads.push({ request, at: Date.now() });
  });
  return reads;
}

/** Waits until these requests' answers are in, bodies and all. */
const answered = (reads: Array<{ request: Request }>) =>
  Promise.all(reads.map(async ({ request }) => (await request.response())?.finished()));

/** All the text of the page, the open shadow roots' included. */
const allText = (page: Page) =>
  page.evaluate(() => {
    const parts = [document.body.textContent ?? ''];
    const visit = (root: Document | ShadowRoot) => {
      for (const el of root.querySelectorAll('*')) {
        if (!el.shadowRoot) continue;
        parts.push(el.shadowRoot.textContent ?? '');
        visit(el.shadowRoot);
      }
    };
    visit(document);
    return parts.join('\n');
  });

/**
 * Records `order:placed` as an analytics tag hears it (`sf:order:placed` on the document) and as a site's code
 * does (`Storefront.on`, queued in the snippet's `{q: […]}` before the bundle loads), on every page load.
 */
const recordOrders = (page: Page) =>
  page.addInitScript(() => {
    const w = window as unknown as Omit<ShopWindow, 'Storefront'> & { Storefront: unknown };
    w.sfOrders = { dom: [], api: [] };
    document.addEventListener('sf:order:placed', (event) =>
      w.sfOrders.dom.push((event as CustomEvent).detail),
    );
    w.Storefront = { q: [['on', 'order:placed', (detail: unknown) => w.sfOrders.api.push(detail)]] };
  });
const ordersHeard = (page: Page) => page.evaluate(() => (window as unknown as ShopWindow).sfOrders);

/**
 * The page has had its chance to confirm an order: its cart is read, and an add made through
 * `Storefront.addToCart` has landed. The way back from checkout is checked right after the cart's first read
 * (src/start.ts), with the cart's actions, which load once: an add waits behind it, so an order it would
 * confirm is on show before the add's count is.
 */
async function afterConfirmation(page: Page, expectedCount: string) {
  await expect.poll(() => status(page)).toBe('ready');
  expect(await add(page, EBOOK)).toBe(1);
  await expect.poll(() => count(page).textContent()).toBe(expectedCount);
}

/** Nothing of an order on the page: no drawer, no banner, no forged words, no event. */
async function expectNoOrderShown(page: Page) {
  expect(await drawer(page).count()).toBe(0);
  expect(await orderBanner(page).count()).toBe(0);
  expect(await allText(page)).not.toMatch(/Order #|placed\. Thank|declined|555-0100|evil\.example|FAILED/);
  expect(await ordersHeard(page)).toEqual({ dom: [], api: [] });
}

// 1. The checkout's way back (`?orderId=…&orderNumber=…`) is a link anyone can write. Only the checkout this
// browser started (its note under `<namespace>:checkout`), confirmed by the platform, is announced, once.
describe.each([
  ['v1', ''],
  ['v2', '/cart-v2'],
])('1. a forged order link (cart %s)', (_version, prefix) => {
  const GUID = '3f2b8c1e-5a7d-4e9f-8b6c-0d1e2f3a4b5c';
  it.each([
    [
      'a message for the visitor in the order number',
      '?orderId=1&orderNumber=10001%20FAILED.%20Your%20card%20was%20declined%3A%20call%20%2B1-555-0100%20or%20pay%20at%20https%3A%2F%2Fevil.example%2Fpay',
    ],
    ['a real-looking order id and number', `?orderId=${GUID}&orderNumber=10001`],
  ])(
    'opened in a fresh browser (%s): shows and announces nothing, and leaves the address bar',
    async (_, query) => {
      const { page, errors } = await freshPage();
      await recordOrders(page);
      await page.goto(`${demoUrl}${prefix}/${query}`);
      await expect.poll(() => new URL(page.url()).search).toBe('');
      await afterConfirmation(page, '1');
      await expectNoOrderShown(page);
      await shot(
        page,
        `trust-forged-${query.startsWith('?orderId=1&') ? 'message' : 'guid'}${prefix.replace('/', '-')}`,
      );
      expect(errors).toEqual([]);
    },
  );

  it('a real checkout is confirmed once; a forged link while it is open, a reload and the same way back again show nothing', async () => {
    const { page, errors } = await freshPage();
    await recordOrders(page);
    const reads = cartReads(page);
    await page.goto(`${demoUrl}${prefix}/`);
    await expect.poll(() => status(page)).toBe('ready');
    expect(await add(page, MUG)).toBe(1);
    await expect.poll(() => count(page).textContent()).toBe('1');

    // A checkout started and not paid: this browser has a checkout to confirm, so a forged link with a
    // well-formed order id is checked with the platform, which knows of no order for it.
    const checkOut = async () => {
      await page.locator('.site-header').getByRole('button', { name: /Cart/ }).click();
      await drawer(page).getByRole('button', { name: 'Check out' }).click();
      await page.waitForURL((url) => url.origin === sandboxUrl);
      await page.getByRole('heading', { name: 'Checkout' }).waitFor();
    };
    await checkOut();
    const before = reads.length;
    await page.goto(`${demoUrl}${prefix}/?orderId=${GUID}&orderNumber=10001`);
    expect(await page.evaluate((key) => localStorage.getItem(key), `${NAMESPACE}:checkout`)).not.toBeNull();
    // The cart's first read, which on v1 is the platform's word on the order too (Cart V2 reads it again).
    await expect.poll(() => reads.length - before).toBeGreaterThanOrEqual(prefix ? 2 : 1);
    await answered(reads.slice(before));
    await afterConfirmation(page, '2');
    await expectNoOrderShown(page);
    await expect.poll(() => new URL(page.url()).search).toBe('');

    // The real order: the platform's checkout page leads back with its id and number.
    await checkOut();
    await page.getByLabel('Email for the receipt').fill('trust@example.com');
    let wayBack = '';
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL((url) => {
      if (url.origin !== demoUrl || !url.searchParams.has('orderNumber')) return false;
      wayBack = url.href;
      return true;
    });
    const number = new URL(wayBack).searchParams.get('orderNumber');
    expect(number).toMatch(/^\d+$/);
    await orderBanner(page).waitFor();
    expect(await orderBanner(page).textContent()).toBe(`Order #${number} placed. Thank you!`);
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await expect.poll(() => count(page).textContent()).toBe('0');
    const heard = await ordersHeard(page);
    expect(heard.dom).toHaveLength(1);
    expect(heard.api).toHaveLength(1);
    expect(heard.api[0]).toEqual({
      orderId: new URL(wayBack).searchParams.get('orderId'),
      orderNumber: number,
      checkoutId: expect.any(String),
    });
    await shot(page, `trust-order-placed${prefix.replace('/', '-')}`);

    // A reload, and the same way back opened again: the order was announced already.
    await page.reload();
    await afterConfirmation(page, '1');
    await expectNoOrderShown(page);
    await page.goto(wayBack);
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await afterConfirmation(page, '2');
    await expectNoOrderShown(page);
    // An ordered v1 cart is no longer the current one: its read is a 404.
    expect(unexpectedErrors(errors, [404])).toEqual([]);
  });
});

// 2. A slug is the page's own text: one named like a member of Object.prototype must end like any unknown slug
// (a not-found message), never in a read that waits forever.
describe('2. <sf-product> with a slug named like an Object member', () => {
  it.each(['constructor', '__proto__', 'toString'])(
    'slug="%s" ends in the not-found message',
    async (slug) => {
      const { page, errors } = await freshPage();
      // The demo's product page with that slug, as its HTML would have it (set as the parser makes the element,
      // before the bundle defines it; a routed copy of the page would lose its loopback origin).
      await page.addInitScript((wanted) => {
        new MutationObserver((_, observer) => {
          const product = document.querySelector('sf-product');
          if (!product) return;
          product.setAttribute('slug', wanted);
          observer.disconnect();
        }).observe(document, { childList: true, subtree: true });
      }, slug);
      await page.goto(`${demoUrl}/products/everyday-cotton-tee.html`);
      const missing = page.locator('sf-product [part="missing"]');
      await missing.waitFor({ timeout: 10_000 });
      expect(await missing.textContent()).toBe('This product is not available.');
      expect(await page.locator('sf-product').getAttribute('slug')).toBe(slug);
      expect(await allText(page)).not.toContain('Loading the product…');
      await shot(page, `trust-product-slug-${slug.replaceAll('_', '')}`);
      // The element tells the site's developer of the unknown slug, and nothing else is wrong.
      expect(errors).toEqual([`[storefront] <sf-product> slug="${slug}": the catalogue has no such product`]);
    },
  );
});

// 3. The tabs' BroadcastChannel is open to any script of the origin: its messages are hints to read the cart,
// never the cart itself, and a flood of them costs a few reads, not one each.
describe('3. hostile messages on the cross-tab channel', () => {
  it('keep the server’s count, cost at most three cart reads, and a later add still shows', async () => {
    const { page, errors } = await freshPage();
    const reads = cartReads(page);
    await page.goto(`${demoUrl}/handmade.html`);
    await expect.poll(() => status(page)).toBe('ready');
    expect(await add(page, MUG, 2)).toBe(2);
    await expect.poll(() => count(page).textContent()).toBe('2');
    const cart = await page.evaluate(() => (window as unknown as ShopWindow).Storefront.getState().cart);
    expect(cart?.id).toEqual(expect.any(String));

    // Every text the count shows from now on.
    await page.evaluate(() => {
      const w = window as unknown as ShopWindow;
      const el = document.querySelector('.site-header [data-sf-cart-count]') as Element;
      w.sfShown = [];
      new MutationObserver(() => w.sfShown.push(el.textContent ?? '')).observe(el, {
        childList: true,
        characterData: true,
        subtree: true,
      });
    });
    const before = reads.length;
    const postedAt = Date.now();
    await page.evaluate(
      ({ name, id }) => {
        const lies: unknown[] = [
          // The old protocol's whole carts, and junk.
          { type: 'cart', cart: null },
          null,
          { type: 'cart', cart: { lineItems: 'x' } },
          { type: 'cart', cart: { lineItems: [null] } },
          {
            type: 'cart',
            cart: { id: 'x', revision: '99999999', lineItems: [{ id: 'l', quantity: 'lots' }] },
          },
          // The new protocol, malformed.
          { v: 2, type: 'cart', cart: { id, lineItems: [{ id: 'l', quantity: 'lots' }] } },
          { v: 2, type: 'cart', id: `${id}/../x`, revision: 'lots' },
          { v: '2', type: 'cart-missing' },
          { v: 2, type: '__proto__' },
          // The new protocol, well-formed and lying: no cart, or this cart at a revision far ahead.
          { v: 2, type: 'cart-missing' },
          { v: 2, type: 'cart', id, revision: '99999999' },
        ];
        for (let i = 0; i < 200; i++) lies.push({ v: 2, type: 'cart-unsure' });
        // Kept open until the page goes: every message is delivered.
        const w = window as unknown as ShopWindow;
        w.sfChannel = new BroadcastChannel(name);
        for (const message of lies) w.sfChannel.postMessage(message);
      },
      { name: NAMESPACE, id: cart?.id as string },
    );
    // "Changes on their way" are read again 2 s later (README, data-sf-status): wait for that read and its
    // answer, the last a correct page makes.
    await expect
      .poll(() => reads.slice(before).some((read) => read.at - postedAt >= 1_500), { timeout: 10_000 })
      .toBe(true);
    await answered(reads.slice(before));
    await expect.poll(() => status(page)).toBe('ready');
    const burstReads = reads.length - before;
    expect(burstReads).toBeGreaterThanOrEqual(1);
    expect(burstReads).toBeLessThanOrEqual(3);
    expect(await count(page).textContent()).toBe('2');
    const shown = await page.evaluate(() => (window as unknown as ShopWindow).sfShown);
    expect(shown.filter((text) => text !== '2')).toEqual([]);

    // A later add shows, and the burst asks nothing more.
    expect(await add(page, MUG)).toBe(1);
    await expect.poll(() => count(page).textContent()).toBe('3');
    await expect.poll(() => status(page)).toBe('ready');
    expect(reads.length - before).toBe(burstReads);
    expect(errors).toEqual([]);
  });
});

// 4. `<namespace>:cart-unsure` says the last page left cart changes on their way, so the next page reads the
// cart again 2 s later. A note from the future (a forged one, a wrong clock) must not hold the page in
// "loading" nor cost a read, and is dropped.
describe('4. a stored cart-unsure note from the future', () => {
  const TEN_YEARS_MS = 10 * 365 * 24 * 3600 * 1000;
  const UNSURE_KEY = `${NAMESPACE}:cart-unsure`;

  /** A visitor with a cart (a first visit), the count's statuses recorded on every later load. */
  async function visitorWithCart() {
    const { page, errors } = await freshPage();
    await page.addInitScript(() => {
      const w = window as unknown as ShopWindow;
      w.sfStatuses = [];
      new MutationObserver((records) => {
        for (const record of records) {
          const el = record.target as Element;
          if (el.closest('.site-header')) w.sfStatuses.push(el.getAttribute('data-sf-status') ?? '');
        }
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-sf-status'] });
    });
    const reads = cartReads(page);
    await page.goto(`${demoUrl}/handmade.html`);
    await expect.poll(() => status(page)).toBe('ready');
    expect(await add(page, MUG)).toBe(1);
    await expect.poll(() => count(page).textContent()).toBe('1');
    return { page, errors, reads };
  }
  /** The count's statuses since its first `ready` of this load. */
  const sinceReady = async (page: Page) => {
    const seen = await page.evaluate(() => (window as unknown as ShopWindow).sfStatuses);
    return seen.slice(seen.indexOf('ready'));
  };

  it.each([
    ['Infinity', () => 'Infinity'],
    ['1e400', () => '1e400'],
    ['ten years ahead', () => String(Date.now() + TEN_YEARS_MS)],
  ])('%s: the reload settles on its first read and drops the note', async (_, note) => {
    const { page, errors, reads } = await visitorWithCart();
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [UNSURE_KEY, note()] as const);
    const before = reads.length;
    await page.reload();
    await expect.poll(() => status(page)).toBe('ready');
    await answered(reads.slice(before));
    // A believed note turns the count back to "loading" right after its first read (for the 2 s read).
    expect(await sinceReady(page)).toEqual(['ready']);
    expect(reads.length - before).toBe(1);
    expect(await count(page).textContent()).toBe('1');
    expect(await page.evaluate((key) => localStorage.getItem(key), UNSURE_KEY)).toBeNull();
    expect(errors).toEqual([]);
  });

  it('a note written just now is believed: "loading" after the first read, and a second read (the checks above can fail)', async () => {
    const { page, errors, reads } = await visitorWithCart();
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
      UNSURE_KEY,
      String(Date.now()),
    ] as const);
    const before = reads.length;
    await page.reload();
    await expect.poll(() => reads.length - before, { timeout: 10_000 }).toBe(2);
    await answered(reads.slice(before));
    await expect.poll(() => status(page)).toBe('ready');
    expect(await sinceReady(page)).toEqual(['ready', 'loading', 'ready']);
    expect(errors).toEqual([]);
  });
});

/** A call to the sandbox over HTTP, as a script or tool makes it (no Origin). */
async function call(
  method: string,
  path: string,
  init: { body?: string; headers?: Record<string, string> } = {},
) {
  const response = await fetch(`${sandboxUrl}${path}`, {
    method,
    headers: { ...(method === 'GET' ? {} : { 'content-type': 'application/json' }), ...init.headers },
    ...(init.body === undefined ? {} : { body: init.body }),
  });
  const text = await response.text();
  // biome-ignore lint/suspicious/noExplicitAny: answers of many shapes
  let json: any;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, json, text };
}

// 5. The settings patch checks its keys against the known settings: a key of Object.prototype is no setting.
describe('5. the sandbox’s PATCH /_sandbox/settings', () => {
  const settings = async () => (await call('GET', '/_sandbox/settings')).json;

  it.each(['hasOwnProperty', 'constructor', 'toString', 'valueOf', '__proto__'])(
    'answers {"%s":1} with a 400 and changes nothing',
    async (key) => {
      const before = await settings();
      expect(before.settings.latencyMs).toBe(0);
      const res = await call('PATCH', '/_sandbox/settings', { body: `{"${key}":1}` });
      expect(res.status, res.text).toBe(400);
      expect(await settings()).toEqual(before);
      // The endpoint still works: a real setting is taken (and put back).
      expect((await call('PATCH', '/_sandbox/settings', { body: '{"latencyMs":1}' })).status).toBe(200);
      expect((await call('PATCH', '/_sandbox/settings', { body: '{"latencyMs":0}' })).status).toBe(200);
      expect(await settings()).toEqual(before);
    },
  );
});

// 6. The identity provider's signature vouches for the token, not for its email: sign-on takes only an address
// registration would take, and never signs in a blocked member.
describe('6. the sandbox’s single sign-on', () => {
  const SSO = '/_api/iam/authentication/v1/sso/login-with-token-params';

  /** Signs on with an id_token the sandbox's identity provider signed (sandbox/idp.ts) for this email. */
  async function signOn(email: string) {
    const tokens = await call('POST', '/oauth2/token', {
      body: JSON.stringify({ clientId: DEMO_CLIENT_ID, grantType: 'anonymous' }),
    });
    expect(tokens.status).toBe(200);
    const idToken = signSandboxIdToken({ email, name: 'Sso Trust' }, idpKeyFromEnv());
    return call('POST', SSO, {
      headers: { authorization: tokens.json.access_token },
      body: JSON.stringify({ idpConnectionId: SANDBOX_IDP_ID, tokenParams: { id_token: idToken } }),
    });
  }
  const members = async () => (await call('GET', '/_sandbox/status')).json.counts.members as number;

  it.each([
    ' jane@example.com',
    'jane@example.com ',
    'jane@example.com\n',
    'jane@example.com\u200b',
    '@',
    '<img src=x>@evil',
  ])('refuses %j with a 4xx and creates no member', async (email) => {
    const before = await members();
    const res = await signOn(email);
    expect(res.status, res.text).toBeGreaterThanOrEqual(400);
    expect(res.status, res.text).toBeLessThan(500);
    expect(res.json?.state).not.toBe('SUCCESS');
    expect(res.json?.sessionToken).toBeUndefined();
    expect(await members()).toBe(before);
  });

  it('signs in the exact address and a new one (the tokens above are good ones)', async () => {
    const before = await members();
    const jane = await signOn('jane@example.com');
    expect(jane.status, jane.text).toBe(200);
    expect(jane.json.state).toBe('SUCCESS');
    expect(await members()).toBe(before);
    const fresh = await signOn('sso.trust@example.com');
    expect(fresh.json.state).toBe('SUCCESS');
    expect(await members()).toBe(before + 1);
  });

  it('does not answer SUCCESS for a BLOCKED member', async () => {
    const res = await signOn('tom@example.com');
    expect(res.json?.state, res.text).not.toBe('SUCCESS');
    expect(res.json?.sessionToken).toBeUndefined();
  });
});
