import { beforeAll, describe, expect, it } from 'vitest';
import type { StorefrontEvents } from '../../../src/store/store';
import { CHUNK_TIMEOUT_MS, importChunks, sandboxStore } from '../../helpers/widget';

// What the code loads on first use (`import()`), here once: the tests wait for it, not for vitest loading it.
beforeAll(() => importChunks('cartEdits', 'cartV1', 'cartV2', 'cartV2Read', 'redirects'), CHUNK_TIMEOUT_MS);

type CartApi = 'v1' | 'v2';

/**
 * One store on the in-process sandbox (`sandboxStore`), on v1's or V2's cart service, with every platform path
 * it called, every event it announced and every page it sent the browser to. A second store shares the first
 * one's sandbox and storage by passing them.
 */
function shop(cartApi: CartApi, shared: Parameters<typeof sandboxStore>[1] = {}) {
  const paths: string[] = [];
  const events: Array<[keyof StorefrontEvents, unknown]> = [];
  const navigations: string[] = [];
  const made = sandboxStore(
    {
      cartApi,
      emit: (name, detail) => events.push([name, detail]),
      navigate: (url) => navigations.push(url),
      location: () => 'http://localhost:4000/shop',
    },
    {
      ...shared,
      fetch: (sandbox) => (input, init) => {
        const request = new Request(input as RequestInfo, init);
        paths.push(`${request.method} ${new URL(request.url).pathname}`);
        return sandbox.fetch(request);
      },
    },
  );
  return { ...made, paths, events, navigations };
}

const linesOf = (s: ReturnType<typeof shop>) =>
  (s.store.getState().cart.cart?.lineItems ?? []).map((line) => ({
    name: line.productName?.original,
    quantity: line.quantity,
    price: line.price?.amount,
    total: line.lineItemPrice?.amount,
    options: (line.descriptionLines ?? []).map(
      (d) => `${d.name?.original}: ${d.plainText?.original ?? d.colorInfo?.original}`,
    ),
  }));

describe.each<CartApi>(['v1', 'v2'])('the cart on %s', (cartApi) => {
  it('adds with options, changes quantities and removes, with one view of the cart', async () => {
    const s = shop(cartApi);
    const { getState } = s.store;
    await getState().start();
    expect(
      await getState().addToCart({
        productId: s.productId('everyday-cotton-tee'),
        quantity: 2,
        options: { Size: 'Medium', Color: 'Navy' },
      }),
    ).toBe(2);
    expect(await getState().addToCart({ productId: s.productId('stoneware-mug') })).toBe(1);
    expect(linesOf(s)).toEqual([
      {
        name: 'Everyday Cotton Tee',
        quantity: 2,
        price: '25',
        total: '50',
        options: ['Size: Medium', 'Color: Navy'],
      },
      {
        name: 'Stoneware Mug',
        quantity: 1,
        price: expect.any(String),
        total: expect.any(String),
        options: [],
      },
    ]);
    expect(getState().cart.count).toBe(3);
    const [tee, mug] = getState().cart.cart?.lineItems ?? [];
    await getState().setQuantity(tee?.id as string, 3);
    expect(linesOf(s)[0]).toMatchObject({ quantity: 3, total: '75' });
    await getState().removeLine(mug?.id as string);
    expect(linesOf(s).map((l) => l.name)).toEqual(['Everyday Cotton Tee']);
    expect(getState().cart).toMatchObject({ count: 3, status: 'ready', error: null });
    expect(s.events.filter(([name]) => name === 'cart:added')).toHaveLength(2);
    expect(s.events.filter(([name]) => name === 'cart:updated').at(-1)).toEqual([
      'cart:updated',
      { count: 3, cart: getState().cart.cart },
    ]);
    // A removal is announced with the line as it was (a raised quantity is not a removal).
    const removals = () => s.events.filter(([name]) => name === 'cart:removed').map(([, detail]) => detail);
    expect(removals()).toEqual([
      {
        productId: s.productId('stoneware-mug'),
        quantity: 1,
        line: expect.objectContaining({ id: mug?.id, quantity: 1 }),
        currency: 'USD',
      },
    ]);
    // A lower quantity is a removal of the difference.
    await getState().setQuantity(tee?.id as string, 1);
    expect(removals()[1]).toEqual({
      productId: s.productId('everyday-cotton-tee'),
      quantity: 2,
      line: expect.objectContaining({ id: tee?.id, quantity: 3 }),
      currency: 'USD',
    });
    // Only this version's paths were called.
    const other = cartApi === 'v1' ? '/ecom/v2/' : '/ecom/v1/';
    expect(s.paths.filter((p) => p.includes(other))).toEqual([]);
  });

  it('applies a coupon, replaces it with another, keeps it when a code is refused, and removes it', async () => {
    const s = shop(cartApi);
    const { getState } = s.store;
    await getState().start();
    await getState().addToCart({ productId: s.productId('stoneware-mug'), quantity: 4 });
    const coupon = () => getState().cart.cart?.appliedDiscounts?.find((d) => d.coupon)?.coupon?.code;
    expect(await getState().applyCoupon(' SAVE10 ')).toBe(true);
    expect(coupon()).toBe('SAVE10');
    expect(await getState().applyCoupon('TENOFF')).toBe(true);
    expect(coupon()).toBe('TENOFF');
    // The platform's refusals by their codes (v1's and V2's), the code asked for in `detail`.
    expect(await getState().applyCoupon('NOPE-NOT-A-CODE')).toBe(false);
    expect(getState().cart.couponError).toEqual({ key: 'couponUnknown', detail: 'NOPE-NOT-A-CODE' });
    expect(await getState().applyCoupon('WELCOME2025')).toBe(false);
    expect(getState().cart.couponError).toEqual({ key: 'couponExpired', detail: 'WELCOME2025' });
    // $72 of mugs, under its $150.
    expect(await getState().applyCoupon('BIGSPENDER')).toBe(false);
    expect(getState().cart.couponError).toEqual({ key: 'couponMinimum', detail: 'BIGSPENDER' });
    expect(coupon()).toBe('TENOFF');
    await getState().loadCart();
    expect(coupon()).toBe('TENOFF');
    await getState().removeCoupon();
    expect(coupon()).toBeUndefined();
  });

  it('says why an add is refused and offers no retry for a sold-out product', async () => {
    const s = shop(cartApi);
    const { getState } = s.store;
    await getState().start();
    const beanie = s.sandbox.context.state.products.get(s.productId('wool-beanie'));
    const mustard = beanie?.variants?.find((v) => JSON.stringify(v.choices).includes('Mustard'));
    expect(mustard).toBeDefined();
    if (mustard?.stock) mustard.stock.quantity = 0;
    if (mustard?.stock) mustard.stock.inStock = false;
    expect(
      await getState().addToCart({ productId: beanie?.id as string, options: { Color: 'Mustard' } }),
    ).toBe(0);
    expect(getState().cart.error).toMatchObject({
      key: 'addFailed',
      detail: expect.stringContaining('Mustard'),
    });
    expect(getState().cart.retry).toBeNull();
  });

  it('sends the shopper to the platform checkout page for the cart', async () => {
    const s = shop(cartApi);
    const { getState } = s.store;
    await getState().start();
    await getState().addToCart({ productId: s.productId('stoneware-mug') });
    await getState().checkout();
    expect(getState().cart.checkout).toBe('working');
    expect(s.navigations).toHaveLength(1);
    expect(s.navigations[0]).toMatch(/^https:\/\/sandbox\.test\/_hosted\/checkout\?session=/);
    const started = s.events.find(([name]) => name === 'checkout:started')?.[1] as { checkoutId: string };
    expect(started.checkoutId).toBeTruthy();
    if (cartApi === 'v2') expect(started.checkoutId).toBe(getState().cart.cart?.id);
  });
});

describe('the shipping estimate on both', () => {
  /** The options offered for an address and the totals, after the shopper picks one by its title. */
  async function estimateOn(cartApi: CartApi) {
    const s = shop(cartApi);
    const { getState } = s.store;
    await getState().start();
    await getState().addToCart({ productId: s.productId('stoneware-mug'), quantity: 2 });
    await getState().applyCoupon('SAVE10');
    await getState().estimate({ country: 'US', postalCode: '10001' });
    const offered = () =>
      (getState().cart.totals?.shippingInfo?.carrierServiceOptions ?? [])
        .flatMap((carrier) => carrier.shippingOptions ?? [])
        .map((option) => ({
          code: option.code,
          title: option.title,
          price: Number(option.cost?.price?.amount),
          pickup: option.logistics?.pickupDetails?.address?.city,
        }));
    const totals = () => {
      const summary = getState().cart.totals?.priceSummary;
      return [summary?.subtotal, summary?.discount, summary?.shipping, summary?.tax, summary?.total].map(
        (price) => Number(price?.amount),
      );
    };
    const first = {
      options: offered(),
      selected: getState().cart.totals?.shippingInfo?.selectedCarrierServiceOption?.code,
      totals: totals(),
    };
    const express = offered().find((option) => option.title?.startsWith('Express'));
    await getState().estimate({ country: 'US', postalCode: '10001', code: express?.code as string });
    return {
      first,
      express: {
        selected: getState().cart.totals?.shippingInfo?.selectedCarrierServiceOption?.code,
        totals: totals(),
      },
      status: getState().cart.totalsStatus,
    };
  }

  it('offers the same delivery options and the same totals on v1 and V2', async () => {
    const v1 = await estimateOn('v1');
    const v2 = await estimateOn('v2');
    expect(v1.first.options.length).toBeGreaterThan(2);
    expect(v1.first.options.some((option) => option.pickup)).toBe(true);
    expect(v2).toEqual(v1);
    expect(v2.express.totals).not.toEqual(v2.first.totals);
    expect(v2.status).toBe('ready');
  });
});

describe('coming back from Cart V2’s checkout page', () => {
  it('leads to the client’s site pages (V2 takes no callbacks), with the order in the address', async () => {
    const s = shop('v2');
    const { harness } = s;
    // Site pages only on the client's own origins.
    const refused = await harness.call('PUT', '/_sandbox/clients/demo-client/site-urls', {
      body: { thankYouPageUrl: 'https://evil.example/thanks' },
    });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('thankYouPageUrl');
    const set = await harness.call('PUT', '/_sandbox/clients/demo-client/site-urls', {
      body: { thankYouPageUrl: 'http://localhost:4000/shop/thanks' },
    });
    expect(set.status).toBe(200);

    await s.store.getState().start();
    await s.store.getState().addToCart({ productId: s.productId('stoneware-mug') });
    await s.store.getState().checkout();
    const placed = await harness.sandbox.fetch(s.navigations[0] as string, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=buyer%40example.com',
    });
    expect(placed.status).toBe(303);
    const back = new URL(placed.headers.get('location') as string);
    expect(`${back.origin}${back.pathname}`).toBe('http://localhost:4000/shop/thanks');
    expect(back.searchParams.get('orderNumber')).toMatch(/^\d+$/);

    // V2 still shows the ordered cart; the widgets count it as none.
    await s.store.getState().loadCart();
    expect(s.store.getState().cart).toMatchObject({ cart: null, count: 0 });
  });
});

describe('switching a site from v1 to V2', () => {
  it('keeps the visitor’s cart: the one made on v1 is read, changed and counted on V2', async () => {
    const before = shop('v1');
    await before.store.getState().start();
    await before.store.getState().addToCart({
      productId: before.productId('everyday-cotton-tee'),
      quantity: 2,
      options: { Size: 'Small', Color: 'White' },
    });
    await before.store.getState().applyCoupon('SAVE10');
    const made = before.store.getState().cart.cart;
    before.store.getState().destroy();

    const after = shop('v2', { harness: before.harness, storage: before.storage });
    await after.store.getState().start();
    const cart = after.store.getState().cart;
    expect(cart.count).toBe(2);
    expect(cart.cart?.id).toBe(made?.id);
    expect(linesOf(after)).toEqual(linesOf(before));
    expect(cart.cart?.appliedDiscounts?.[0]?.coupon?.code).toBe('SAVE10');
    await after.store.getState().setQuantity(cart.cart?.lineItems?.[0]?.id as string, 5);
    expect(after.store.getState().cart.count).toBe(5);
    expect(after.paths.some((p) => p.startsWith('GET /ecom/v2/carts/current'))).toBe(true);
  });
});
