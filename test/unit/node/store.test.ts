import { describe, expect, it, vi } from 'vitest';
import { STORES_APP_ID } from '../../../src/api/types/enums';
import { memoryStorage } from '../../../src/auth/storage';
import { channelPair } from '../../../src/store/channel';
import { withQuantity } from '../../../src/store/line-quantity';
import type { StorefrontEvents } from '../../../src/store/store';
import { SANDBOX_ORIGIN } from '../../helpers/sandbox';
import { SITE_ORIGIN, sessionHarness } from '../../helpers/session';

function setup(options: { fetch?: typeof fetch } = {}) {
  const h = sessionHarness();
  const events: Array<[string, unknown]> = [];
  const navigate = vi.fn();
  const cache = memoryStorage();
  const { store, session } = h.storeWith(
    {
      storage: cache,
      emit: (name, detail) => events.push([name, detail]),
      navigate,
      location: () => `${SITE_ORIGIN}/shop`,
    },
    options.fetch ? { fetch: options.fetch } : {},
  );
  const id = (slug: string) =>
    [...h.sandbox.context.state.products.values()].find((p) => p.slug === slug)?.id as string;
  return { h, session, store, events, navigate, cache, id };
}

const named = (events: Array<[string, unknown]>, name: keyof StorefrontEvents) =>
  events.filter(([n]) => n === name).map(([, d]) => d);

describe('the store', () => {
  it('shows a new visitor’s count with no request at all: no tokens yet, so no cart yet', async () => {
    const { h, store } = setup();
    await store.getState().start();
    expect(h.wire).toEqual([]);
    expect(store.getState().cart).toMatchObject({ status: 'ready', count: 0, cart: null });
  });

  it('asks nothing for a visitor whose cart is known to be gone', async () => {
    const { h, store, cache, session, id } = setup();
    await store.getState().addToCart({ productId: id('enamel-pin-set') });
    await h.call('DELETE', '/ecom/v1/carts/current', {
      headers: { authorization: (await session.getAuthorization()) as string },
    });
    await store.getState().loadCart();
    expect(JSON.parse(cache.get('cart') as string)).toEqual({ count: 0, id: null });
    const before = h.wire.length;
    const { store: next } = h.storeWith({ storage: cache });
    await next.getState().start();
    expect(h.wire.length).toBe(before);
    expect(next.getState().cart).toMatchObject({ status: 'ready', count: 0 });
  });

  it('shows a returning visitor’s count from the cache with 0 requests, then revalidates with 1', async () => {
    const first = setup();
    await first.store.getState().addToCart({ productId: first.id('enamel-pin-set'), quantity: 3 });
    const cached = first.cache.get('cart');
    const h = first.h;
    // A new page: the same storage (tokens and cached count), a new store.
    const { store } = h.storeWith({ storage: first.cache });
    const before = h.wire.length;
    const started = store.getState().start();
    expect(store.getState().cart).toMatchObject({ status: 'cached', count: 3 });
    expect(h.wire.length).toBe(before);
    await started;
    expect(h.wire.slice(before).map((r) => `${r.method} ${r.path}`)).toEqual(['GET /ecom/v1/carts/current']);
    expect(store.getState().cart).toMatchObject({ status: 'ready', count: 3 });
    expect(JSON.parse(cached as string).count).toBe(3);
  });

  it('adds to the cart and announces it', async () => {
    const { store, events, id } = setup();
    await store.getState().start();
    expect(
      await store.getState().addToCart({
        productId: id('everyday-cotton-tee'),
        quantity: 2,
        options: { Size: 'Medium', Color: 'Navy' },
      }),
    ).toBe(2);
    expect(store.getState().cart.count).toBe(2);
    expect(named(events, 'cart:added')).toEqual([
      {
        productId: id('everyday-cotton-tee'),
        quantity: 2,
        asked: 2,
        // The line the add went to, as the cart now has it, and the cart's currency.
        line: expect.objectContaining({ id: store.getState().cart.cart?.lineItems?.[0]?.id, quantity: 2 }),
        currency: 'USD',
      },
    ]);
    expect(named(events, 'cart:updated').at(-1)).toMatchObject({ count: 2 });
  });

  it('never applies an add twice: after a lost answer it reads the cart instead of sending it again', async () => {
    let loseNextAnswer = false;
    const base = sessionHarness();
    const { store, events, id } = setup({
      fetch: async (input, init) => {
        const response = await base.fetch(input, init);
        if (loseNextAnswer && String(input).endsWith('/add-to-cart')) {
          loseNextAnswer = false;
          throw new TypeError('fetch failed');
        }
        return response;
      },
    });
    await store.getState().start();
    loseNextAnswer = true;
    // It arrived, but the changed cart cannot say whose change it is: the cart on show is the server's, and
    // the shopper is asked to check it; no add is claimed.
    expect(await store.getState().addToCart({ productId: id('enamel-pin-set'), quantity: 2 })).toBe(0);
    expect(store.getState().cart.count).toBe(2);
    expect(base.wire.filter((r) => r.path.endsWith('/add-to-cart'))).toHaveLength(1);
    expect(store.getState().cart.error).toEqual({ key: 'addUnconfirmed' });
    expect(named(events, 'cart:added')).toEqual([]);
  });

  it('never reports a lost add as added when another tab added the same product meanwhile', async () => {
    const base = sessionHarness();
    let otherTab: (() => Promise<unknown>) | undefined;
    const { store, events, id } = setup({
      fetch: async (input, init) => {
        if (String(input).endsWith('/add-to-cart') && otherTab) {
          // This tab's add is lost on the way; the other tab's add of the same product arrives.
          const run = otherTab;
          otherTab = undefined;
          await run();
          throw new TypeError('fetch failed');
        }
        return base.fetch(input, init);
      },
    });
    await store.getState().start();
    await store.getState().addToCart({ productId: id('enamel-pin-set') });
    const pins = id('enamel-pin-set');
    otherTab = () =>
      base.fetch(`${SANDBOX_ORIGIN}/ecom/v1/carts/current/add-to-cart`, {
        method: 'POST',
        headers: {
          authorization: String(store.getState().session.tokens.accessToken.value),
          'content-type': 'application/json',
        },
        body: JSON.stringify({
          lineItems: [{ quantity: 1, catalogReference: { appId: STORES_APP_ID, catalogItemId: pins } }],
        }),
      });
    events.length = 0;
    expect(await store.getState().addToCart({ productId: pins })).toBe(0);
    // The count went up (the other tab's add), yet this add is not reported: the cart says it changed.
    expect(store.getState().cart.count).toBe(2);
    expect(named(events, 'cart:added')).toEqual([]);
    expect(store.getState().cart.error).toEqual({ key: 'addUnconfirmed' });
  });

  it('"Try again" after a failed add sends the add again; after a refusal that cannot change there is none', async () => {
    const base = sessionHarness();
    let failNext = false;
    const { store, id } = setup({
      fetch: async (input, init) => {
        if (failNext && String(input).endsWith('/add-to-cart')) {
          failNext = false;
          return new Response(JSON.stringify({ message: 'upstream' }), { status: 503 });
        }
        return base.fetch(input, init);
      },
    });
    await store.getState().start();
    failNext = true;
    const mug = { productId: id('stoneware-mug'), quantity: 2 };
    expect(await store.getState().addToCart(mug)).toBe(0);
    expect(store.getState().cart.retry).toEqual(mug);
    await store.getState().retryCart();
    expect(store.getState().cart).toMatchObject({ count: 2, error: null, retry: null });
    expect(base.wire.filter((r) => r.path.endsWith('/add-to-cart'))).toHaveLength(1);

    // Sold out: the same add would be refused again.
    expect(await store.getState().addToCart({ productId: id('canvas-tote') })).toBe(0);
    expect(store.getState().cart.error?.detail).toMatch(/out of stock/);
    expect(store.getState().cart.retry).toBeNull();
    store.getState().dismissCartError();
    expect(store.getState().cart).toMatchObject({ error: null, retry: null });
  });

  it('"Try again" after a change whose cart could not be read again either makes that change, over a read', async () => {
    const base = sessionHarness();
    let down = false;
    const { store, id } = setup({
      fetch: async (input, init) => {
        if (down) throw new TypeError('fetch failed');
        return base.fetch(input, init);
      },
    });
    await store.getState().addToCart({ productId: id('stoneware-mug'), quantity: 2 });
    await store.getState().estimate();
    const line = store.getState().cart.cart?.lineItems?.[0]?.id as string;
    // The network goes: the + fails, and so does the read of the cart after it.
    down = true;
    await store.getState().setQuantity(line, 3);
    await vi.waitFor(() => expect(store.getState().cart.status).not.toBe('loading'));
    expect(store.getState().cart.error?.key).toBe('networkError');
    expect(store.getState().cart.retry).toMatchObject({ lineId: line, quantity: 3 });
    // Back: "Try again" reads the cart, then sends the change the shopper asked for.
    down = false;
    const sent = base.wire.length;
    await store.getState().retryCart();
    const paths = base.wire.slice(sent).map((r) => `${r.method} ${r.path}`);
    expect(paths[0]).toBe('GET /ecom/v1/carts/current');
    expect(paths).toContain('POST /ecom/v1/carts/current/update-line-items-quantity');
    expect(store.getState().cart.cart?.lineItems?.[0]?.quantity).toBe(3);
    expect(store.getState().cart).toMatchObject({ error: null, retry: null });
  });

  it('says so when an add did not arrive, and does not resend it', async () => {
    const base = sessionHarness();
    const { store, events, id } = setup({
      fetch: async (input, init) => {
        if (String(input).endsWith('/add-to-cart')) throw new TypeError('fetch failed');
        return base.fetch(input, init);
      },
    });
    await store.getState().start();
    expect(await store.getState().addToCart({ productId: id('enamel-pin-set') })).toBe(0);
    // The cart read again is as it was: the add did not arrive, and may be tried again.
    expect(store.getState().cart.error).toEqual({ key: 'addLost' });
    expect(store.getState().cart.count).toBe(0);
    expect(named(events, 'cart:added')).toEqual([]);
  });

  it('changes quantities optimistically, reconciles with the server and rolls back on failure', async () => {
    const { h, store, id } = setup();
    await store.getState().addToCart({ productId: id('pothos-plant'), quantity: 1 });
    // The drawer's edits load with it (opening it estimates the totals); from then on a change shows at once.
    await store.getState().estimate();
    const line = store.getState().cart.cart?.lineItems?.[0];
    const pending = store.getState().setQuantity(line?.id as string, 3);
    expect(store.getState().cart.count).toBe(3);
    expect(store.getState().cart.pending).toEqual({ [line?.id as string]: true });
    expect(store.getState().cart.cart?.lineItems?.[0]?.lineItemPrice?.amount).toBe('84');
    await pending;
    expect(store.getState().cart.pending).toEqual({});
    expect(store.getState().cart.cart?.lineItems?.[0]?.lineItemPrice).toMatchObject({
      amount: '84',
      formattedAmount: '$84.00',
    });

    await h.call('PATCH', '/_sandbox/settings', { body: { failureRate: 1 } });
    await store.getState().setQuantity(line?.id as string, 5);
    expect(store.getState().cart.count).toBe(3);
    expect(store.getState().cart.error).toEqual({
      key: 'quantityFailed',
      detail: 'Service temporarily unavailable (simulated by the sandbox failureRate setting)',
    });
  });

  it('explains an impossible quantity without a request', async () => {
    const { h, store, id } = setup();
    await store.getState().addToCart({ productId: id('pothos-plant'), quantity: 1 });
    const line = store.getState().cart.cart?.lineItems?.[0]?.id as string;
    const before = h.wire.length;
    for (const q of [0, -1, 1.5, 10_000]) {
      await store.getState().setQuantity(line, q);
      expect(store.getState().cart.error).toEqual({ key: 'quantityInvalid', detail: String(q) });
    }
    expect(h.wire.length).toBe(before);
  });

  it('shows the server’s coupon error and keeps the cart; applies SAVE10; estimates totals', async () => {
    const { store, id } = setup();
    await store.getState().addToCart({ productId: id('pothos-plant'), quantity: 2 });
    expect(await store.getState().applyCoupon('BOGUS')).toBe(false);
    // The platform names it (COUPON_DOES_NOT_EXIST): the drawer's own text says it, with the code asked for.
    expect(store.getState().cart.couponError).toEqual({ key: 'couponUnknown', detail: 'BOGUS' });
    expect(store.getState().cart.cart?.appliedDiscounts).toEqual([]);
    expect(await store.getState().applyCoupon('SAVE10')).toBe(true);
    expect(store.getState().cart.couponError).toBeNull();
    await store.getState().estimate({ country: 'us', postalCode: '10001' });
    expect(store.getState().cart.totals?.priceSummary).toMatchObject({
      subtotal: { amount: '56' },
      discount: { amount: '5.6' },
      shipping: { amount: '5' },
    });
    await store.getState().removeCoupon();
    // The totals follow the cart by themselves.
    await vi.waitFor(() => expect(store.getState().cart.totals?.priceSummary?.discount?.amount).toBe('0'));
  });

  it('checks out: a checkout, the ecomCheckout redirect session back to this page, then the hosted page', async () => {
    const { h, store, navigate, events, id } = setup();
    await store.getState().addToCart({ productId: id('pothos-plant'), quantity: 1 });
    await store.getState().checkout();
    const session = h.wire.find((r) => r.path === '/_api/redirects-api/v1/redirect-session');
    expect((session?.body as { callbacks?: unknown } | undefined)?.callbacks).toEqual({
      postFlowUrl: `${SITE_ORIGIN}/shop`,
      cartPageUrl: `${SITE_ORIGIN}/shop`,
      thankYouPageUrl: `${SITE_ORIGIN}/shop`,
    });
    expect(navigate).toHaveBeenCalledWith(
      expect.stringMatching(/^https:\/\/sandbox\.test\/_hosted\/checkout\?session=/),
    );
    expect(named(events, 'checkout:started')).toHaveLength(1);
  });

  it('keeps the page when the site says so before checkout (beforeCheckout, React’s onCheckout)', async () => {
    const h = sessionHarness();
    const navigate = vi.fn();
    const events: Array<[string, unknown]> = [];
    const asked: Array<{ checkoutId: string; url: string }> = [];
    const storage = memoryStorage();
    const { store } = h.storeWith({
      storage,
      emit: (name, detail) => events.push([name, detail]),
      navigate,
      location: () => `${SITE_ORIGIN}/shop`,
      beforeCheckout: (checkout) => {
        asked.push(checkout);
        return false;
      },
    });
    const mug = [...h.sandbox.context.state.products.values()].find((p) => p.slug === 'stoneware-mug')
      ?.id as string;
    await store.getState().addToCart({ productId: mug });
    await store.getState().checkout();
    // The checkout is made and announced; the browser stays, and the button is ready again.
    expect(asked).toEqual([
      {
        checkoutId: [...h.sandbox.context.state.checkouts.keys()][0],
        url: expect.stringMatching(/^https:\/\/sandbox\.test\/_hosted\/checkout\?session=/),
      },
    ]);
    expect(named(events, 'checkout:started')).toEqual([
      { checkoutId: asked[0]?.checkoutId, cart: store.getState().cart.cart },
    ]);
    expect(navigate).not.toHaveBeenCalled();
    expect(store.getState().cart).toMatchObject({ checkout: 'idle', checkoutError: null });
    // Its note is kept: the site may still send the shopper to `url`, and the way back confirms the order.
    expect(JSON.parse(storage.get('checkout') ?? '{}')).toMatchObject({ checkoutId: asked[0]?.checkoutId });
  });

  it('keeps the other tabs’ carts in step', async () => {
    const h = sessionHarness();
    const [a, b] = channelPair();
    const cache = memoryStorage();
    const { store: tabA } = h.storeWith({ storage: cache, channel: a });
    const { store: tabB } = h.storeWith({ storage: cache, channel: b });
    await tabA.getState().start();
    await tabB.getState().start();
    const pins = [...h.sandbox.context.state.products.values()].find((p) => p.slug === 'enamel-pin-set')
      ?.id as string;
    await tabA.getState().addToCart({ productId: pins, quantity: 4 });
    await new Promise((r) => setTimeout(r, 0));
    expect(tabB.getState().cart.count).toBe(4);
    expect(tabB.getState().cart.cart?.lineItems?.[0]?.quantity).toBe(4);
  });

  it('tells the visitor when their member session ended, and keeps their visitor cart', async () => {
    const { h, session, store, events, id } = setup();
    await store.getState().start();
    await store.getState().addToCart({ productId: id('enamel-pin-set'), quantity: 1 });
    const result = await session.login({ email: 'jane@example.com', password: 'storefront-demo' });
    if (result.loginState !== 'SUCCESS') throw new Error('login failed');
    await session.completeSignIn(result.data.sessionToken);
    await vi.waitFor(() => expect(store.getState().member.member?.loginEmail).toBe('jane@example.com'));
    expect(named(events, 'member:signedIn')).toHaveLength(1);
    const janeId = h.sandbox.context.state.identities.get('jane@example.com')?.memberId as string;
    await h.call('POST', '/_sandbox/revoke', { body: { memberId: janeId } });
    h.clock.advance(14_400_000);
    await store.getState().loadCart();
    expect(store.getState().session).toMatchObject({ role: 'visitor', notice: { key: 'sessionExpired' } });
    expect(named(events, 'session:expired')).toHaveLength(1);
    expect(store.getState().member.status).toBe('none');
  });

  it('signs out: to the platform’s sign-out page, with the member and the cart count gone', async () => {
    const { session, store, navigate, id } = setup();
    await store.getState().start();
    const result = await session.login({ email: 'jane@example.com', password: 'storefront-demo' });
    if (result.loginState !== 'SUCCESS') throw new Error('login failed');
    await session.completeSignIn(result.data.sessionToken);
    await store.getState().addToCart({ productId: id('enamel-pin-set'), quantity: 1 });
    await store.getState().signOut();
    expect(navigate).toHaveBeenCalledWith(
      expect.stringMatching(/^https:\/\/sandbox\.test\/_hosted\/logout\?session=/),
    );
    expect(store.getState().member).toEqual({ status: 'none', member: null });
    expect(store.getState().cart.count).toBe(0);
    expect(store.getState().session.role).toBe('none');
  });
});

describe('withQuantity', () => {
  it('works the line price out in whole cents, with no float drift', () => {
    const priced = (amount: string) => ({ id: 'l', quantity: 1, price: { amount } });
    for (const [unit, quantity, total] of [
      ['19.99', 3, '59.97'],
      ['0.1', 3, '0.3'],
      ['18.10', 1, '18.1'],
      ['33.33', 3, '99.99'],
      ['28', 3, '84'],
      ['0', 5, '0'],
      ['999999.99', 9999, '9998999900.01'],
    ] as const) {
      expect(withQuantity(priced(unit), quantity).lineItemPrice?.amount, `${unit} × ${quantity}`).toBe(total);
    }
    expect(withQuantity({ id: 'l', quantity: 1 }, 4)).toEqual({ id: 'l', quantity: 4 });
  });
});
