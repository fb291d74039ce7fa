import { describe, expect, it } from 'vitest';
import { createSession } from '../../../src/auth/session';
import { memoryStorage } from '../../../src/auth/storage';
import type { StoreDeps, StorefrontEvents } from '../../../src/store/store';
import { createStorefrontStore } from '../../../src/store/store';
import { SANDBOX_ORIGIN, testSandbox } from '../../helpers/sandbox';

type CartApi = 'v1' | 'v2';

/**
 * One store on the in-process sandbox, on v1's or V2's cart service, with every platform path it called and
 * every event it announced.
 */
function shop(cartApi: CartApi, given?: ReturnType<typeof testSandbox>, storage = memoryStorage()) {
  const { sandbox } = given ?? testSandbox();
  const paths: string[] = [];
  const events: Array<[keyof StorefrontEvents, unknown]> = [];
  const navigations: string[] = [];
  const fetch: typeof globalThis.fetch = (input, init) => {
    const request = new Request(input as RequestInfo, init);
    paths.push(`${request.method} ${new URL(request.url).pathname}`);
    return sandbox.fetch(request);
  };
  const deps: StoreDeps = {
    session: (tokens) =>
      createSession({ clientId: 'demo-client', apiBase: SANDBOX_ORIGIN, fetch, storage, tokens }),
    storage,
    cartApi,
    emit: (name, detail) => events.push([name, detail]),
    navigate: (url) => navigations.push(url),
    location: () => 'http://localhost:4000/shop',
  };
  const store = createStorefrontStore(deps);
  const productId = (slug: string) =>
    [...sandbox.context.state.products.values()].find((p) => p.slug === slug)?.id as string;
  return { sandbox, store, paths, events, navigations, productId, storage };
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
    ).toBe(true);
    expect(await getState().addToCart({ productId: s.productId('stoneware-mug') })).toBe(true);
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
    expect(s.events.at(-1)).toEqual(['cart:updated', { count: 3, cart: getState().cart.cart }]);
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
    expect(await getState().applyCoupon('NOPE-NOT-A-CODE')).toBe(false);
    expect(getState().cart.couponError?.key).toBe('couponFailed');
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
    ).toBe(false);
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

describe('switching a site from v1 to V2', () => {
  it('keeps the visitor’s cart: the one made on v1 is read, changed and counted on V2', async () => {
    const harness = testSandbox();
    const storage = memoryStorage();
    const before = shop('v1', harness, storage);
    await before.store.getState().start();
    await before.store.getState().addToCart({
      productId: before.productId('everyday-cotton-tee'),
      quantity: 2,
      options: { Size: 'Small', Color: 'White' },
    });
    await before.store.getState().applyCoupon('SAVE10');
    const made = before.store.getState().cart.cart;
    before.store.getState().destroy();

    const after = shop('v2', harness, storage);
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
