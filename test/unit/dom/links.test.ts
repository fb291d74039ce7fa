// @vitest-environment-options {"url": "http://localhost:4000/shop"}
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { readEmbedConfig } from '../../../src/config';
import { type Started, startStorefront } from '../../../src/start';
import { SANDBOX_ORIGIN, testSandbox } from '../../helpers/sandbox';
import { CHUNK_TIMEOUT_MS, importChunks } from '../../helpers/widget';

// What the code loads on first use (`import()`), here once: the tests wait for it, not for vitest loading it.
beforeAll(() => importChunks('links', 'cartEdits', 'cartV1', 'cartV2', 'cartV2Read'), CHUNK_TIMEOUT_MS);

const started: Started[] = [];
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  for (const one of started.splice(0)) one.destroy();
  vi.restoreAllMocks();
});

/** The page at `address` (path and query), started as the script tag starts it, on the in-process sandbox. */
function arrive(address: string, data: Record<string, string> = {}, harness = testSandbox()) {
  history.replaceState(null, '', address);
  const { config } = readEmbedConfig({ clientId: 'demo-client', apiBase: SANDBOX_ORIGIN, ...data });
  const one = startStorefront(config, { win: window, fetch: harness.sandbox.fetch });
  started.push(one);
  const productId = (slug: string) =>
    [...harness.sandbox.context.state.products.values()].find((p) => p.slug === slug)?.id as string;
  const coupon = () =>
    one.store.getState().cart.cart?.appliedDiscounts?.find((d) => d.coupon)?.coupon?.code ?? null;
  return { ...one, harness, productId, coupon };
}

const here = () => `${location.pathname}${location.search}${location.hash}`;
/** The code waiting for the first add, in the tab's session storage. */
const waiting = () => sessionStorage.getItem('sf:demo-client:link-coupon');

describe.each(['v1', 'v2'])('a coupon link (cart %s)', (cartApi) => {
  it('leaves the address (the rest stays), waits for the first add, and is applied with it', async () => {
    const s = arrive('/shop?utm_source=mail&coupon=SAVE10&page=2#reviews', { cartApi });
    await vi.waitFor(() => expect(here()).toBe('/shop?utm_source=mail&page=2#reviews'));
    await s.ready;
    await vi.waitFor(() => expect(waiting()).toBe('SAVE10'));
    expect(s.coupon()).toBeNull();
    await s.store.getState().addToCart({ productId: s.productId('stoneware-mug') });
    await vi.waitFor(() => expect(s.coupon()).toBe('SAVE10'));
    // Once: the next add does not apply it again.
    expect(waiting()).toBeNull();
  });

  it('is applied at once to the cart the visitor has; a refused code is said at the drawer’s coupon', async () => {
    const harness = testSandbox();
    const first = arrive('/shop', { cartApi }, harness);
    await first.ready;
    await first.store.getState().addToCart({ productId: first.productId('stoneware-mug') });
    started.pop()?.destroy();
    const s = arrive('/shop?coupon=SAVE10', { cartApi }, harness);
    await vi.waitFor(() => expect(s.coupon()).toBe('SAVE10'));
    expect(here()).toBe('/shop');
    expect(waiting()).toBeNull();

    started.pop()?.destroy();
    const refused = arrive('/shop?coupon=NOSUCHCODE', { cartApi }, harness);
    await vi.waitFor(() => expect(refused.store.getState().cart.couponError).not.toBeNull());
    // Said as the platform names it (v1's COUPON_DOES_NOT_EXIST, V2's INVALID_COUPON_CODE), with its code.
    expect(refused.store.getState().cart.couponError).toEqual({ key: 'couponUnknown', detail: 'NOSUCHCODE' });
  });
});

describe('links', () => {
  it('takes only short printable text as a code: anything else is said on the console and kept out', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    for (const given of ['SAVE%0A10', 'SAVE 10', 'X'.repeat(41), '%20']) {
      sessionStorage.clear();
      const s = arrive(`/shop?coupon=${given}&x=1`);
      await vi.waitFor(() => expect(here()).toBe('/shop?x=1'));
      await s.ready;
      expect(waiting()).toBeNull();
      started.pop()?.destroy();
    }
    expect(errors.mock.calls.filter((call) => String(call[0]).includes('is not a coupon code'))).toHaveLength(
      4,
    );
    // A code in another script is one.
    const s = arrive('/shop?coupon=%C3%89T%C3%89-20');
    await vi.waitFor(() => expect(waiting()).toBe('ÉTÉ-20'));
    await s.ready;
  });

  it('believes no stored code that is not one (storage is outside data)', async () => {
    const s = arrive('/shop');
    await s.ready;
    sessionStorage.setItem('sf:demo-client:link-coupon', 'SAVE 10\n<b>');
    await s.store.getState().addToCart({ productId: s.productId('stoneware-mug') });
    expect(waiting()).toBeNull();
    expect(s.store.getState().cart.couponBusy).toBe(false);
    expect(s.coupon()).toBeNull();
  });

  it('takes its parameter’s name from data-coupon-param', async () => {
    const s = arrive('/shop?coupon=OTHER&promo=SAVE10', { couponParam: 'promo' });
    await vi.waitFor(() => expect(here()).toBe('/shop?coupon=OTHER'));
    await s.ready;
    await vi.waitFor(() => expect(waiting()).toBe('SAVE10'));
  });

  it('opens the cart once with ?sf-cart=open, and leaves the address', async () => {
    const s = arrive('/shop?sf-cart=open#top');
    await vi.waitFor(() => expect(s.store.getState().ui.cartOpen).toBe(true));
    expect(here()).toBe('/shop#top');
    started.pop()?.destroy();
    // The address as it is now (a reload): the cart stays closed.
    const again = arrive(here());
    await again.ready;
    expect(again.store.getState().ui.cartOpen).toBe(false);
    expect(here()).toBe('/shop#top');
  });
});
