import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../../src/auth/storage';
import { sessionHarness } from '../../helpers/session';

/**
 * Issue 23/26: an add that opens the drawer (the page's add button, `openCartOnAdd`) asks for the totals once,
 * for the cart the add answers with, not also for the cart before it.
 */
function shop() {
  const h = sessionHarness();
  const { store } = h.storeWith({ storage: memoryStorage() });
  const id = (slug: string) =>
    [...h.sandbox.context.state.products.values()].find((p) => p.slug === slug)?.id as string;
  const estimates = () => h.wire.filter((r) => r.path.endsWith('/estimate-totals')).length;
  return { h, store, id, estimates };
}

describe('the totals after an add that opens the drawer', () => {
  it('are asked for once, for the cart the add answers with', async () => {
    const { store, id, estimates } = shop();
    await store.getState().addToCart({ productId: id('stoneware-mug') });
    await store.getState().estimate();
    store.getState().closeCart();
    const before = estimates();
    // As the page's add button does: the add starts, and the drawer opens at once.
    const adding = store.getState().addToCart({ productId: id('enamel-pin-set') });
    store.getState().openCart();
    expect(await adding).toBe(1);
    await expect.poll(() => store.getState().cart.totalsStatus, { timeout: 10_000 }).toBe('ready');
    expect(estimates()).toBe(before + 1);
    expect(store.getState().cart.totals?.cart?.lineItems).toHaveLength(2);
  });

  it('are still asked for when the add changed nothing', async () => {
    const { store, id, estimates } = shop();
    await store.getState().addToCart({ productId: id('stoneware-mug') });
    const before = estimates();
    const adding = store.getState().addToCart({ productId: '00000000-0000-4000-8000-000000000000' });
    store.getState().openCart();
    expect(await adding).toBe(0);
    await expect.poll(() => store.getState().cart.totalsStatus, { timeout: 10_000 }).toBe('ready');
    expect(estimates()).toBe(before + 1);
  });
});
