import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../../../src/auth/storage';
import { tabMessageOf } from '../../../src/store/cart-hints';
import { CHECKOUT_KEY } from '../../../src/store/cart-model';
import { channelPair, TAB_PROTOCOL, type TabChannel } from '../../../src/store/channel';
import { CHECKOUT_NOTE_MS } from '../../../src/store/order-return';
import {
  createStorefrontStore,
  RECHECK_MS,
  type StorefrontEvents,
  UNSURE_KEY,
  UNSURE_MS,
} from '../../../src/store/store';
import { SITE_ORIGIN, sessionHarness } from '../../helpers/session';

/**
 * Issue 22: what a link, another tab or storage says is outside data. An order confirmation only for a
 * checkout this browser started and the platform confirms; the tabs' channel as hints checked for shape and
 * version, its re-reads coalesced; the next page's note believed only while it is 0–30 s old.
 */

function shop(options: { cartApi?: 'v1' | 'v2' } = {}) {
  const h = sessionHarness();
  const storage = memoryStorage();
  const events: Array<[keyof StorefrontEvents, unknown]> = [];
  const navigations: string[] = [];
  const [mine, other] = channelPair();
  const make = (channel = mine) =>
    h.storeWith({
      storage,
      channel,
      now: h.clock.now,
      cartApi: options.cartApi,
      emit: (name, detail) => events.push([name, detail]),
      navigate: (url) => navigations.push(url),
      location: () => `${SITE_ORIGIN}/shop`,
    });
  const tab = make();
  const id = (slug: string) =>
    [...h.sandbox.context.state.products.values()].find((p) => p.slug === slug)?.id as string;
  const named = (name: keyof StorefrontEvents) => events.filter(([n]) => n === name).map(([, d]) => d);
  const reads = () => h.wire.filter((r) => r.method === 'GET' && r.path.endsWith('/carts/current')).length;
  /** Pays for the cart on the platform's hosted checkout page; answers where it leads back to. */
  const pay = async () => {
    const placed = await h.sandbox.fetch(navigations.at(-1) as string, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=buyer%40example.com',
    });
    // v1's checkout leads back to the page it was given; Cart V2's page takes no callbacks (the site's own
    // thank-you page, which the test client has none of, would get the same parameters).
    if (options.cartApi !== 'v2') {
      expect(placed.status).toBe(303);
      const back = new URL(placed.headers.get('location') as string);
      return {
        orderId: back.searchParams.get('orderId') as string,
        orderNumber: back.searchParams.get('orderNumber'),
      };
    }
    expect(placed.status).toBe(200);
    const order = [...h.sandbox.context.state.orders.values()].at(-1);
    return { orderId: order?.id as string, orderNumber: order?.number as string };
  };
  return { h, storage, events, named, navigations, tab, make, other, id, reads, pay };
}

/**
 * Waits until a tab has read the cart for a message that must make it read (a hint of a cart it does not
 * have), and taken the answer: the positive signal after which "nothing else happened" can be checked (messages
 * are heard in the order they were sent, and a read asked for while one is on its way makes one more after it).
 */
async function sentinelRead(s: ReturnType<typeof shop>) {
  const updates = s.named('cart:updated').length;
  s.other.post({ type: 'cart', id: 'sentinel', revision: '1' });
  await vi.waitFor(() => expect(s.named('cart:updated').length).toBe(updates + 1), { timeout: 10_000 });
}

/** A page the checkout leads back to: a new store over the same storage (tokens, the checkout's note). */
async function comeBack(s: ReturnType<typeof shop>) {
  s.tab.store.getState().destroy();
  const page = s.make();
  await page.store.getState().start();
  return page.store;
}

describe('an order confirmation only for a real order', () => {
  for (const cartApi of ['v1', 'v2'] as const) {
    it(`confirms this browser’s order once, with the platform’s number (${cartApi})`, async () => {
      const s = shop({ cartApi });
      await s.tab.store.getState().addToCart({ productId: s.id('stoneware-mug') });
      await s.tab.store.getState().checkout();
      expect(JSON.parse(s.storage.get(CHECKOUT_KEY) as string)).toMatchObject({ at: s.h.clock.now() });
      const returned = await s.pay();
      expect(returned.orderNumber).toBe('10001');
      const before = s.reads();
      const store = await comeBack(s);
      expect(await store.getState().confirmOrder(returned)).toBe(true);
      // One read of the cart, the page's own as it starts: on v1 its 404 says the cart was ordered, and no
      // second request is made to hear it again (each is an error in the site's console).
      expect(s.reads() - before).toBe(cartApi === 'v1' ? 1 : 2);
      expect(s.named('order:placed')).toEqual([
        // The checkout this browser started, which the order was placed from.
        { orderId: returned.orderId, orderNumber: '10001', checkoutId: expect.any(String) },
      ]);
      expect(store.getState().ui).toMatchObject({ cartOpen: true, order: { orderNumber: '10001' } });
      // The same link again (a reload, a shared link): nothing.
      expect(await store.getState().confirmOrder(returned)).toBe(false);
      expect(s.named('order:placed')).toHaveLength(1);
    });

    it(`shows and fires nothing for a forged or foreign link (${cartApi})`, async () => {
      const s = shop({ cartApi });
      const forged = {
        orderId: '1',
        orderNumber:
          '10001 FAILED. Your card was declined: call +1-555-0100 or pay at https://evil.example/pay',
      };
      await s.tab.store.getState().addToCart({ productId: s.id('stoneware-mug') });
      const store = await comeBack(s);
      // No checkout started in this browser.
      expect(await store.getState().confirmOrder(forged)).toBe(false);
      expect(
        await store.getState().confirmOrder({ orderId: crypto.randomUUID(), orderNumber: '10001' }),
      ).toBe(false);
      // A checkout started but not paid: the platform says no order was placed from that cart.
      await store.getState().checkout();
      expect(
        await store.getState().confirmOrder({ orderId: crypto.randomUUID(), orderNumber: '10001' }),
      ).toBe(false);
      expect(await store.getState().confirmOrder(forged)).toBe(false);
      expect(s.named('order:placed')).toEqual([]);
      expect(store.getState().ui.cartOpen).toBe(false);
      expect(store.getState().ui.order).toBeUndefined();
    });
  }

  it('on Cart V2, an order id other than the one the platform placed is refused', async () => {
    const s = shop({ cartApi: 'v2' });
    await s.tab.store.getState().addToCart({ productId: s.id('stoneware-mug') });
    await s.tab.store.getState().checkout();
    const returned = await s.pay();
    const store = await comeBack(s);
    expect(await store.getState().confirmOrder({ ...returned, orderId: crypto.randomUUID() })).toBe(false);
    expect(s.named('order:placed')).toEqual([]);
    // The real one still is.
    expect(await store.getState().confirmOrder(returned)).toBe(true);
  });

  it('shows the order number only in the platform’s format, never free text from the address', async () => {
    const s = shop();
    await s.tab.store.getState().addToCart({ productId: s.id('stoneware-mug') });
    await s.tab.store.getState().checkout();
    const returned = await s.pay();
    const store = await comeBack(s);
    const text = '10001 FAILED. Your card was declined: pay at https://evil.example/pay';
    expect(await store.getState().confirmOrder({ ...returned, orderNumber: text })).toBe(true);
    expect(s.named('order:placed')).toEqual([
      { orderId: returned.orderId, orderNumber: '', checkoutId: expect.any(String) },
    ]);
  });

  it('believes no stored note that is not one, or too old, or from the future', async () => {
    const s = shop();
    await s.tab.store.getState().addToCart({ productId: s.id('stoneware-mug') });
    await s.tab.store.getState().checkout();
    const returned = await s.pay();
    const note = JSON.parse(s.storage.get(CHECKOUT_KEY) as string);
    const now = s.h.clock.now();
    const store = await comeBack(s);
    for (const bad of [
      'not json',
      'null',
      '[]',
      JSON.stringify({ ...note, at: now + 60_000 }),
      JSON.stringify({ ...note, at: now - CHECKOUT_NOTE_MS - 1 }),
      JSON.stringify({ ...note, at: 'Infinity' }),
      JSON.stringify({ ...note, cartId: 42 }),
      JSON.stringify({ ...note, cartId: '' }),
    ]) {
      s.storage.set(CHECKOUT_KEY, bad);
      expect(await store.getState().confirmOrder(returned), bad).toBe(false);
    }
    expect(s.named('order:placed')).toEqual([]);
  });
});

describe('the tabs’ channel: hints checked for shape and version', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const HOSTILE: Array<[string, unknown]> = [
    ['null', null],
    ['a number', 42],
    ['a string', 'cart'],
    ['an array', [TAB_PROTOCOL, 'cart']],
    ['version 1’s “no cart” (a whole cart, no version)', { type: 'cart', cart: null }],
    ['version 1’s cart', { type: 'cart', cart: { id: 'x', lineItems: [] }, count: 0 }],
    ['another version', { v: TAB_PROTOCOL + 1, type: 'cart-missing' }],
    ['a version as text', { v: String(TAB_PROTOCOL), type: 'cart-missing' }],
    ['an unknown type', { v: TAB_PROTOCOL, type: 'cart-cleared' }],
    ['no id', { v: TAB_PROTOCOL, type: 'cart' }],
    ['an id that is not text', { v: TAB_PROTOCOL, type: 'cart', id: { toString: null } }],
    ['an id with markup', { v: TAB_PROTOCOL, type: 'cart', id: '<img src=x onerror=alert(1)>' }],
    ['a huge id', { v: TAB_PROTOCOL, type: 'cart', id: 'a'.repeat(10_000) }],
    ['a revision in words', { v: TAB_PROTOCOL, type: 'cart', id: 'c1', revision: 'lots' }],
    ['a revision as a number', { v: TAB_PROTOCOL, type: 'cart', id: 'c1', revision: 99_999_999 }],
    ['a huge revision', { v: TAB_PROTOCOL, type: 'cart', id: 'c1', revision: '9'.repeat(400) }],
    ['an update time with markup', { v: TAB_PROTOCOL, type: 'cart', id: 'c1', updated: '<b>9999</b>' }],
  ];

  for (const [name, data] of HOSTILE) {
    it(`ignores ${name}`, () => {
      expect(tabMessageOf(data)).toBeNull();
    });
  }

  it('takes a message of this version in its exact shape, and nothing else it carries', () => {
    expect(
      tabMessageOf({ v: TAB_PROTOCOL, type: 'cart', id: 'c1', revision: '7', lineItems: 'x', count: 'lots' }),
    ).toEqual({ type: 'cart', id: 'c1', revision: '7' });
    expect(tabMessageOf({ v: TAB_PROTOCOL, type: 'cart-unsure', extra: 1 })).toEqual({ type: 'cart-unsure' });
  });

  it('never throws, and gives only the known shapes, for anything at all', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.anything(),
          fc.record({
            v: fc.oneof(fc.constant(TAB_PROTOCOL), fc.anything()),
            type: fc.oneof(fc.constantFrom('cart', 'cart-missing', 'cart-unsure'), fc.string()),
            id: fc.oneof(fc.string(), fc.anything()),
            revision: fc.oneof(fc.string(), fc.nat().map(String), fc.anything()),
            updated: fc.oneof(
              fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
              fc.anything(),
            ),
          }),
        ),
        (data) => {
          const message = tabMessageOf(data);
          if (message === null) return;
          expect(['cart', 'cart-missing', 'cart-unsure']).toContain(message.type);
          if (message.type !== 'cart') expect(Object.keys(message)).toEqual(['type']);
          else {
            expect(message.id).toMatch(/^[\w-]{1,100}$/);
            expect(message.revision ?? '0').toMatch(/^\d{1,16}$/);
            expect(Object.keys(message).every((k) => ['type', 'id', 'revision', 'updated'].includes(k))).toBe(
              true,
            );
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('a hostile message changes nothing, throws nothing and asks nothing; a lying one only makes a read', async () => {
    const s = shop();
    await s.tab.store.getState().addToCart({ productId: s.id('stoneware-mug'), quantity: 2 });
    await s.tab.store.getState().start();
    const shown = s.tab.store.getState().cart;
    const sent = s.h.wire.length;
    const errors = vi.spyOn(console, 'error');
    const reads = s.reads();
    for (const [, data] of HOSTILE) s.other.raw(data);
    await sentinelRead(s);
    // The sentinel's read alone: no request, no change and no error for any hostile message before it.
    expect(s.reads()).toBe(reads + 1);
    expect(s.h.wire.length).toBe(sent + 1);
    expect(s.tab.store.getState().cart.cart).toEqual(shown.cart);
    expect(errors).not.toHaveBeenCalled();

    // Well-formed but untrue: the cart empties, or a revision far ahead. Each is a hint: the server is asked,
    // and its cart stays on show.
    s.other.post({ type: 'cart-missing' });
    s.other.post({ type: 'cart', id: shown.cart?.id as string, revision: '99999999', updated: '9999-01-01' });
    await vi.waitFor(() => expect(s.reads()).toBeGreaterThan(0));
    await vi.waitFor(() => expect(s.tab.store.getState().cart.status).toBe('ready'));
    expect(s.tab.store.getState().cart.count).toBe(2);
    // Not frozen: a later add shows.
    expect(await s.tab.store.getState().addToCart({ productId: s.id('stoneware-mug') })).toBe(1);
    expect(s.tab.store.getState().cart.count).toBe(3);
    expect(s.tab.store.getState().cart.cart?.lineItems?.[0]?.quantity).toBe(3);
  });

  it('a tab that has the cart a message names asks nothing', async () => {
    const s = shop();
    await s.tab.store.getState().addToCart({ productId: s.id('stoneware-mug') });
    const cart = s.tab.store.getState().cart.cart;
    const before = s.reads();
    s.other.post({
      type: 'cart',
      id: cart?.id as string,
      revision: cart?.revision,
      updated: cart?.updatedDate,
    });
    await sentinelRead(s);
    expect(s.reads()).toBe(before + 1);
  });

  it('a burst of messages makes two reads, not one each', async () => {
    const s = shop();
    await s.tab.store.getState().addToCart({ productId: s.id('stoneware-mug') });
    const before = s.reads();
    for (let i = 0; i < 200; i++) {
      s.other.post(
        i % 2 ? { type: 'cart-missing' } : { type: 'cart', id: `other-${i}`, revision: String(i) },
      );
    }
    await vi.waitFor(() => expect(s.reads()).toBe(before + 2), { timeout: 10_000 });
    await vi.waitFor(() => expect(s.tab.store.getState().cart.status).toBe('ready'));
    // A third read, had the burst made one more, would be on its way or done by the sentinel's: four in all.
    await sentinelRead(s);
    await vi.waitFor(() => expect(s.tab.store.getState().cart.status).toBe('ready'));
    expect(s.reads()).toBe(before + 3);
    expect(s.tab.store.getState().cart.count).toBe(1);
  });

  it('many “changes on their way” notes make one read, once they must have landed', async () => {
    const s = shop();
    await s.tab.store.getState().addToCart({ productId: s.id('stoneware-mug') });
    const before = s.reads();
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    for (let i = 0; i < 200; i++) s.other.post({ type: 'cart-unsure' });
    await vi.advanceTimersByTimeAsync(RECHECK_MS);
    vi.useRealTimers();
    await vi.waitFor(() => expect(s.tab.store.getState().cart.status).toBe('ready'));
    expect(s.reads()).toBe(before + 1);
  });

  it('a cart read while a note’s wait runs does not end the checking early', async () => {
    const s = shop();
    await s.tab.store.getState().addToCart({ productId: s.id('stoneware-mug') });
    const before = s.reads();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const updates = s.named('cart:updated').length;
    s.other.post({ type: 'cart-unsure' });
    s.other.post({ type: 'cart-missing' });
    // The other message's read is answered (its cart taken) well before the note's wait ends.
    let waited = 0;
    while (s.named('cart:updated').length === updates && waited < RECHECK_MS / 2) {
      await vi.advanceTimersByTimeAsync(1);
      waited++;
    }
    expect(s.reads()).toBe(before + 1);
    expect(s.named('cart:updated').length).toBe(updates + 1);
    await vi.advanceTimersByTimeAsync(RECHECK_MS - 1 - waited);
    expect(s.tab.store.getState().cart.status).toBe('loading');
    await vi.advanceTimersByTimeAsync(1);
    vi.useRealTimers();
    await vi.waitFor(() => expect(s.tab.store.getState().cart.status).toBe('ready'));
    expect(s.reads()).toBe(before + 2);
  });

  it('a destroyed store reads nothing when a note’s wait ends', async () => {
    const s = shop();
    await s.tab.store.getState().addToCart({ productId: s.id('stoneware-mug') });
    const before = s.reads();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    s.other.post({ type: 'cart-unsure' });
    await vi.advanceTimersByTimeAsync(0);
    s.tab.store.getState().destroy();
    await vi.advanceTimersByTimeAsync(RECHECK_MS * 2);
    expect(s.reads()).toBe(before);
  });
});

describe('the next page’s note of changes on their way', () => {
  /** Whether a page that finds this note reads the cart again later (shows `loading` after its first read). */
  async function rechecks(noteAt: (now: number) => string) {
    const s = shop();
    await s.tab.store.getState().addToCart({ productId: s.id('stoneware-mug') });
    s.tab.store.getState().destroy();
    s.storage.set(UNSURE_KEY, noteAt(s.h.clock.now()));
    const page = s.make();
    await page.store.getState().start();
    const status = page.store.getState().cart.status;
    page.store.getState().destroy();
    return { rechecked: status === 'loading', kept: s.storage.get(UNSURE_KEY) !== null };
  }

  it('is believed while it is 0 to 30 s old', async () => {
    expect((await rechecks((now) => String(now - 1_000))).rechecked).toBe(true);
    expect((await rechecks((now) => String(now))).rechecked).toBe(true);
    expect((await rechecks((now) => String(now - UNSURE_MS + 1))).rechecked).toBe(true);
  });

  for (const [name, noteAt] of [
    ['Infinity', () => 'Infinity'],
    ['1e400', () => '1e400'],
    ['ten years ahead', (now: number) => String(now + 315_360_000_000)],
    ['a minute ahead', (now: number) => String(now + 60_000)],
    ['30 s old', (now: number) => String(now - UNSURE_MS)],
    ['not a number', () => 'soon'],
    ['empty', () => ''],
  ] as const) {
    it(`is not believed, and is removed, when it is ${name}`, async () => {
      const result = await rechecks(noteAt);
      expect(result.rechecked).toBe(false);
      expect(result.kept).toBe(false);
    });
  }

  it('is believed exactly when its time is 0 to 30 s ago, for any text', async () => {
    const s = shop();
    await s.tab.store.getState().addToCart({ productId: s.id('stoneware-mug') });
    s.tab.store.getState().destroy();
    const now = s.h.clock.now();
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string(),
          fc.double().map(String),
          fc.integer({ min: now - 2 * UNSURE_MS, max: now + UNSURE_MS }).map(String),
        ),
        async (note) => {
          s.storage.set(UNSURE_KEY, note);
          const page = s.make();
          await page.store.getState().start();
          const age = now - Number(note);
          expect(page.store.getState().cart.status === 'loading', note).toBe(age >= 0 && age < UNSURE_MS);
          page.store.getState().destroy();
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('the store’s listening', () => {
  it('starts with listen() or start(), once, and ends with destroy(): making a store subscribes to nothing', async () => {
    const h = sessionHarness();
    let subscribed = 0;
    let live = 0;
    const channel: TabChannel = {
      post() {},
      subscribe: () => {
        subscribed++;
        live++;
        return () => {
          live--;
        };
      },
    };
    const store = createStorefrontStore({
      storage: memoryStorage(),
      channel,
      session: (tokens) => h.make({ tokens }),
    });
    expect(subscribed).toBe(0);
    store.getState().listen();
    await store.getState().start();
    expect(subscribed).toBe(1);
    expect(live).toBe(1);
    store.getState().destroy();
    expect(live).toBe(0);
  });
});
