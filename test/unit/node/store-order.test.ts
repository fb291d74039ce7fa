import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Cart } from '../../../src/api/types/cart';
import { memoryStorage } from '../../../src/auth/storage';
import { channelPair } from '../../../src/store/channel';
import { RECHECK_MS, UNSURE_KEY } from '../../../src/store/store';
import { sessionHarness } from '../../helpers/session';

/**
 * Issue 13.3: the server's latest cart is the only truth, whatever order the answers arrive in. Two tabs (two
 * stores on one channel, one visitor) over the in-process sandbox, with a transport the test drives by hand:
 * a request can wait before it reaches the server (`before`), be handled at once with its answer held
 * (`after`), be handled with its answer lost (`lose`), or fail without reaching the server (`fail`). Each test
 * makes its interleaving deterministically and fails when the guard it names is removed.
 */
type Mode = 'before' | 'after' | 'lose' | 'fail';

function twoTabs() {
  const h = sessionHarness();
  const storage = memoryStorage();
  const [channelA, channelB] = channelPair();
  const rules: Array<{
    tab: string;
    method: string;
    end: string;
    mode: Mode;
    gate: Promise<void>;
    reached: () => void;
  }> = [];
  /**
   * The next request of `tab` with this method and path end is treated as `mode` says; `reached` settles when
   * it is sent, and `release()` lets it go on (a `fail` or `lose` rule goes on at once unless `held`).
   */
  const hold = (tab: 'a' | 'b', method: string, end: string, mode: Mode, held = false) => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let reached!: () => void;
    const sent = new Promise<void>((resolve) => {
      reached = resolve;
    });
    if ((mode === 'fail' || mode === 'lose') && !held) release();
    rules.push({ tab, method, end, mode, gate, reached });
    return { reached: sent, release };
  };
  const fetchOf =
    (tab: string): typeof fetch =>
    async (input, init) => {
      const request = new Request(input as RequestInfo, init);
      const path = new URL(request.url).pathname;
      const at = rules.findIndex((r) => r.tab === tab && r.method === request.method && path.endsWith(r.end));
      const rule = at >= 0 ? rules.splice(at, 1)[0] : undefined;
      if (!rule) return h.fetch(request);
      rule.reached();
      if (rule.mode === 'before' || rule.mode === 'fail') {
        await rule.gate;
        if (rule.mode === 'fail') throw new TypeError('fetch failed');
        return h.fetch(request);
      }
      const response = await h.fetch(request);
      await rule.gate;
      if (rule.mode === 'lose') throw new TypeError('fetch failed');
      return response;
    };
  const a = h.storeWith({ storage, channel: channelA }, { fetch: fetchOf('a') });
  const b = h.storeWith({ storage, channel: channelB }, { fetch: fetchOf('b') });
  const id = (slug: string) =>
    [...h.sandbox.context.state.products.values()].find((p) => p.slug === slug)?.id as string;
  const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
  /** Quantities by product name: what a tab shows. */
  const lines = (tab: typeof a) =>
    Object.fromEntries(
      (tab.store.getState().cart.cart?.lineItems ?? []).map((l) => [l.productName?.original, l.quantity]),
    );
  const lineOf = (tab: typeof a, name: string) =>
    tab.store.getState().cart.cart?.lineItems?.find((l) => l.productName?.original === name)?.id as string;
  /** What the server holds now, by product name. */
  const server = async () => {
    const token = (await a.session.getAuthorization()) as string;
    const { cart } = (await h.call('GET', '/ecom/v1/carts/current', { headers: { authorization: token } }))
      .json as { cart: Cart };
    return Object.fromEntries((cart.lineItems ?? []).map((l) => [l.productName?.original, l.quantity]));
  };
  /** A mug in the cart, seen by both tabs, with the drawer's edits downloaded in both. */
  const withMug = async () => {
    await a.store.getState().addToCart({ productId: id('stoneware-mug') });
    await tick();
    b.session.reload();
    await b.store.getState().loadCart();
    await a.store.getState().estimate();
    await b.store.getState().estimate();
  };
  /** Waits for a tab to show what the server holds (another tab's message makes it read the cart again). */
  const inStep = async (tab: typeof a) => {
    const held = await server();
    await vi.waitFor(() => expect(lines(tab)).toEqual(held));
  };
  return { h, a, b, storage, channelA, channelB, hold, id, tick, lines, lineOf, server, withMug, inStep };
}

describe('the cart on show is the newest the server answered, in any order of arrival', () => {
  it('an add’s answer older than the cart taken does not replace it', async () => {
    const { a, hold, id, lines, server, withMug } = twoTabs();
    await withMug();
    const first = hold('a', 'POST', '/add-to-cart', 'after');
    const pins = a.store.getState().addToCart({ productId: id('enamel-pin-set') });
    await first.reached;
    await a.store.getState().addToCart({ productId: id('stoneware-mug'), quantity: 2 });
    expect(lines(a)).toEqual({ 'Stoneware Mug': 3, 'Enamel Pin Set': 1 });
    first.release();
    await pins;
    expect(lines(a)).toEqual(await server());
    expect(a.store.getState().cart.count).toBe(4);
  });

  it('a coupon’s answer older than the cart taken does not replace it', async () => {
    const { a, hold, lines, lineOf, server, withMug } = twoTabs();
    await withMug();
    const coupon = hold('a', 'PATCH', '/carts/current', 'after');
    const applied = a.store.getState().applyCoupon('SAVE10');
    await coupon.reached;
    await a.store.getState().setQuantity(lineOf(a, 'Stoneware Mug'), 3);
    coupon.release();
    expect(await applied).toBe(true);
    expect(lines(a)).toEqual({ 'Stoneware Mug': 3 });
    expect(lines(a)).toEqual(await server());
    // The quantity's answer was handled after the coupon: it holds the coupon too.
    expect(a.store.getState().cart.cart?.appliedDiscounts?.[0]?.coupon?.code).toBe('SAVE10');
  });

  it('a change’s answer is taken, and heard by the other tab, though a later change failed', async () => {
    const { a, b, hold, id, tick, lines, lineOf, server, withMug, inStep } = twoTabs();
    await withMug();
    await a.store.getState().addToCart({ productId: id('enamel-pin-set') });
    await tick();
    const mug = hold('a', 'POST', '/update-line-items-quantity', 'after');
    const mugChange = a.store.getState().setQuantity(lineOf(a, 'Stoneware Mug'), 2);
    await mug.reached;
    hold('a', 'POST', '/update-line-items-quantity', 'fail');
    hold('a', 'GET', '/carts/current', 'fail');
    await a.store.getState().setQuantity(lineOf(a, 'Enamel Pin Set'), 5);
    await tick();
    expect(a.store.getState().cart.error?.key).toBe('networkError');
    mug.release();
    await mugChange;
    await tick();
    expect(await server()).toEqual({ 'Stoneware Mug': 2, 'Enamel Pin Set': 1 });
    expect(lines(a)).toEqual(await server());
    await inStep(b);
  });

  it('another tab’s cart is shown with this tab’s change on its way over it', async () => {
    const { a, b, hold, id, tick, lines, lineOf, server, withMug } = twoTabs();
    await withMug();
    const change = hold('a', 'POST', '/update-line-items-quantity', 'before');
    const five = a.store.getState().setQuantity(lineOf(a, 'Stoneware Mug'), 5);
    await change.reached;
    await b.store.getState().addToCart({ productId: id('enamel-pin-set') });
    await tick();
    expect(lines(a)).toEqual({ 'Stoneware Mug': 5, 'Enamel Pin Set': 1 });
    expect(a.store.getState().cart.count).toBe(6);
    change.release();
    await five;
    await tick();
    expect(lines(a)).toEqual(await server());
    expect(lines(b)).toEqual(await server());
  });

  it('a reload’s answer older than a change’s does not replace it, and the change is heard', async () => {
    const { a, b, hold, tick, lines, lineOf, server, withMug, inStep } = twoTabs();
    await withMug();
    const change = hold('a', 'POST', '/update-line-items-quantity', 'before');
    const read = hold('a', 'GET', '/carts/current', 'after');
    const three = a.store.getState().setQuantity(lineOf(a, 'Stoneware Mug'), 3);
    await change.reached;
    // The read reaches the server before the change does; its answer comes last.
    const reload = a.store.getState().loadCart();
    await read.reached;
    change.release();
    await three;
    read.release();
    await reload;
    await tick();
    expect(await server()).toEqual({ 'Stoneware Mug': 3 });
    expect(lines(a)).toEqual(await server());
    await inStep(b);
    expect(a.store.getState().cart.status).toBe('ready');
  });

  it('a cart taken after a change failed keeps the warning that the cart may be stale', async () => {
    const { h, a, hold, id, tick, lineOf, withMug } = twoTabs();
    await withMug();
    const add = hold('a', 'POST', '/add-to-cart', 'after');
    const pins = a.store.getState().addToCart({ productId: id('enamel-pin-set') });
    await add.reached;
    // A quantity change reaches the server but its answer is lost, and the cart cannot be read again.
    hold('a', 'POST', '/update-line-items-quantity', 'lose');
    hold('a', 'GET', '/carts/current', 'fail');
    const line = lineOf(a, 'Stoneware Mug');
    await a.store.getState().setQuantity(line, 3);
    await tick();
    expect(a.store.getState().cart.error?.key).toBe('networkError');
    // The add's answer (handled before the change) comes now: newer than the cart on show, older than the
    // server's. The warning stays.
    add.release();
    await pins;
    expect(a.store.getState().cart.error?.key).toBe('networkError');
    // "Try again" reads the cart first, then makes the change unless the read says it arrived.
    expect(a.store.getState().cart.retry).toMatchObject({ quantity: 3, reread: true });
    // Back: the read says the change arrived (its answer was lost), so it is not sent again.
    const sent = h.wire.length;
    await a.store.getState().retryCart();
    const paths = h.wire.slice(sent).map((r) => `${r.method} ${r.path}`);
    expect(paths).toContain('GET /ecom/v1/carts/current');
    expect(paths.filter((path) => path.endsWith('/update-line-items-quantity'))).toEqual([]);
    expect(a.store.getState().cart.cart?.lineItems?.find((l) => l.id === line)?.quantity).toBe(3);
    expect(a.store.getState().cart.error).toBeNull();
  });

  it('a first read of the cart is taken though an add started and failed meanwhile (no endless skeleton)', async () => {
    const { a, hold } = twoTabs();
    const read = hold('a', 'GET', '/carts/current', 'after');
    const load = a.store.getState().loadCart();
    await read.reached;
    expect(a.store.getState().cart.status).toBe('loading');
    // An add the platform refuses (no such product).
    expect(await a.store.getState().addToCart({ productId: '00000000-0000-4000-8000-000000000000' })).toBe(0);
    read.release();
    await load;
    expect(a.store.getState().cart.status).toBe('ready');
    expect(a.store.getState().cart.error?.key).toBe('addFailed');
  });

  it('a read that found no cart, answered after an add made one, does not empty the cart', async () => {
    const { a, hold, id } = twoTabs();
    const read = hold('a', 'GET', '/carts/current', 'after');
    const load = a.store.getState().loadCart();
    await read.reached;
    await a.store.getState().addToCart({ productId: id('stoneware-mug') });
    expect(a.store.getState().cart.count).toBe(1);
    read.release();
    await load;
    expect(a.store.getState().cart.count).toBe(1);
    expect(a.store.getState().cart.cart?.lineItems).toHaveLength(1);
  });

  it('“no cart” from another tab, when this tab has one, is checked with the server', async () => {
    const { a, channelB, tick, withMug } = twoTabs();
    await withMug();
    // Tab B's read from before the cart was made arrives late.
    channelB.post({ type: 'cart-missing' });
    await tick();
    await tick();
    expect(a.store.getState().cart.count).toBe(1);
    expect(a.store.getState().cart.cart?.lineItems).toHaveLength(1);
  });

  it('the cart an estimate answers with, newer than the one on show, is taken and told to the other tab', async () => {
    const { h, a, b, lines, lineOf, server, withMug, inStep } = twoTabs();
    await withMug();
    // A change no tab heard of: its answer was lost to a reload, say (here: made on the server directly).
    const token = (await a.session.getAuthorization()) as string;
    await h.call('POST', '/ecom/v1/carts/current/update-line-items-quantity', {
      headers: { authorization: token },
      body: { lineItems: [{ id: lineOf(a, 'Stoneware Mug'), quantity: 4 }] },
    });
    const sent = h.wire.length;
    await a.store.getState().estimate();
    expect(lines(a)).toEqual(await server());
    await inStep(b);
    await vi.waitFor(() => expect(b.store.getState().cart.totalsStatus).toBe('ready'));
    // Taken without estimating again (the totals are for this very cart): one estimate in each tab (tab B's
    // for the cart it was told of), no more.
    expect(h.wire.slice(sent).filter((r) => r.path.endsWith('/estimate-totals'))).toHaveLength(2);
    expect(a.store.getState().cart.totals?.cart?.lineItems?.[0]?.quantity).toBe(4);
  });

  it('a read that fails says so, though another tab’s cart came meanwhile', async () => {
    const { a, b, hold, id, tick, withMug } = twoTabs();
    await withMug();
    const read = hold('a', 'GET', '/carts/current', 'fail', true);
    const reload = a.store.getState().loadCart();
    await read.reached;
    await b.store.getState().addToCart({ productId: id('enamel-pin-set') });
    await tick();
    expect(a.store.getState().cart.count).toBe(2);
    // The read fails: the cart tab A shows may still not be the server's.
    read.release();
    await reload;
    expect(a.store.getState().cart.error?.key).toBe('networkError');
    expect(a.store.getState().cart.retry).toBe('load');
  });

  it('a cart from another tab older than the one on show does not replace it', async () => {
    const { h, a, b, channelA, id, tick } = twoTabs();
    await a.store.getState().addToCart({ productId: id('stoneware-mug') });
    await tick();
    const older = a.store.getState().cart.cart;
    b.session.reload();
    await b.store.getState().loadCart();
    expect(b.store.getState().cart.count).toBe(1);
    h.clock.advance(60_000);
    await b.store.getState().addToCart({ productId: id('stoneware-mug'), quantity: 2 });
    expect(b.store.getState().cart.count).toBe(3);
    // Tab A's message about its older cart arrives late: tab B asks the server, which has the newer one.
    const sent = h.wire.length;
    channelA.post({
      type: 'cart',
      id: older?.id as string,
      revision: older?.revision,
      updated: older?.updatedDate,
    });
    await vi.waitFor(() => expect(h.wire.length).toBeGreaterThan(sent));
    await vi.waitFor(() => expect(b.store.getState().cart.status).toBe('ready'));
    expect(b.store.getState().cart.count).toBe(3);
  });

  it('a failed change is not undone over a newer cart from another tab when the cart cannot be read again', async () => {
    const { a, b, hold, withMug } = twoTabs();
    await withMug();
    const line = a.store.getState().cart.cart?.lineItems?.[0]?.id as string;
    // Tab A's change to 5 fails on the network once tab B's change to 4 has reached it (and A has read B's
    // cart, told of it by B); A's read of the cart after the failure fails.
    const failing = hold('a', 'POST', '/update-line-items-quantity', 'fail', true);
    const told = hold('a', 'GET', '/carts/current', 'after');
    told.release();
    hold('a', 'GET', '/carts/current', 'fail');
    const change = a.store.getState().setQuantity(line, 5);
    expect(a.store.getState().cart.cart?.lineItems?.[0]?.quantity).toBe(5);
    await b.store.getState().setQuantity(line, 4);
    await told.reached;
    await vi.waitFor(() => expect(a.store.getState().cart.status).toBe('ready'));
    // Tab B's cart is taken, with A's change still on its way shown over it.
    expect(a.store.getState().cart.cart?.lineItems?.[0]?.quantity).toBe(5);
    expect(a.store.getState().cart.count).toBe(5);
    failing.release();
    await change;
    // Not back to 1 (the line as it was when A's change started): 4 is the server's.
    expect(a.store.getState().cart.cart?.lineItems?.[0]?.quantity).toBe(4);
    expect(a.store.getState().cart.error?.key).toBe('networkError');
    // "Try again" reads the cart first, then makes the change unless the read says it arrived.
    expect(a.store.getState().cart.retry).toMatchObject({ quantity: 5, reread: true });
  });
});

describe('a page left with cart changes on their way', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('makes the other tabs read the cart again once the changes must have landed, checking till then', async () => {
    const { h, a, b, channelA, lines, lineOf, server, withMug } = twoTabs();
    await withMug();
    const token = (await a.session.getAuthorization()) as string;
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    // Tab A's page is left (a reload) while its change is on its way; the change lands after B heard of it.
    channelA.post({ type: 'cart-unsure' });
    await vi.advanceTimersByTimeAsync(0);
    expect(b.store.getState().cart.status).toBe('loading');
    await h.call('POST', '/ecom/v1/carts/current/update-line-items-quantity', {
      headers: { authorization: token },
      body: { lineItems: [{ id: lineOf(a, 'Stoneware Mug'), quantity: 3 }] },
    });
    await vi.advanceTimersByTimeAsync(RECHECK_MS - 1);
    expect(lines(b)).toEqual({ 'Stoneware Mug': 1 });
    await vi.advanceTimersByTimeAsync(1);
    vi.useRealTimers();
    await vi.waitFor(() => expect(b.store.getState().cart.status).toBe('ready'));
    expect(lines(b)).toEqual(await server());
  });

  it('makes the next page read the cart again, even a visitor’s last known to have none', async () => {
    const { h, storage, id, server, lines } = twoTabs();
    // The last page knew of no cart; its add was on its way when it was left.
    storage.set('cart', JSON.stringify({ count: 0, id: null }));
    storage.set(UNSURE_KEY, String(Date.now()));
    const next = h.storeWith({ storage });
    await next.session.getAuthorization();
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    await next.store.getState().start();
    expect(next.store.getState().cart.status).toBe('loading');
    const token = (await next.session.getAuthorization()) as string;
    await h.call('POST', '/ecom/v1/carts/current/add-to-cart', {
      headers: { authorization: token },
      body: {
        lineItems: [
          {
            catalogReference: {
              appId: '215238eb-22a5-4c36-9e7b-e7c08025e04e',
              catalogItemId: id('stoneware-mug'),
            },
            quantity: 1,
          },
        ],
      },
    });
    await vi.advanceTimersByTimeAsync(RECHECK_MS);
    vi.useRealTimers();
    await vi.waitFor(() => expect(next.store.getState().cart.status).toBe('ready'));
    expect(lines(next)).toEqual(await server());
    expect(next.store.getState().cart.count).toBe(1);
  });
});
