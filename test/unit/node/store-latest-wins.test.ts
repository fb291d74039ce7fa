import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../../src/auth/storage';
import { SITE_ORIGIN, sessionHarness } from '../../helpers/session';

/**
 * The store's "latest answer wins" guards, each with the interleaving that needs it made by hand: a request
 * reaches the sandbox at once, but its answer is held back until the test releases it, after a later call's
 * answer has arrived. Each test fails when its guard is removed.
 */
function setup() {
  const h = sessionHarness();
  const held: Array<{ match: (method: string, path: string) => boolean; gate: Promise<void> }> = [];
  const answers: Array<{ path: string; body: unknown }> = [];
  /** Holds the answer of the next request matching `method path-suffix` until `release()`. */
  const holdAnswer = (method: string, pathEnd: string) => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let sent!: () => void;
    const arrived = new Promise<void>((resolve) => {
      sent = resolve;
    });
    held.push({
      match: (m, p) => {
        if (m !== method || !p.endsWith(pathEnd)) return false;
        sent();
        return true;
      },
      gate,
    });
    return { arrived, release };
  };
  const fetchHeld: typeof fetch = async (input, init) => {
    const request = new Request(input as RequestInfo, init);
    const path = new URL(request.url).pathname;
    const response = await h.fetch(request);
    const body = await response
      .clone()
      .json()
      .catch(() => undefined);
    answers.push({ path, body });
    const at = held.findIndex((entry) => entry.match(request.method, path));
    if (at >= 0) {
      const [entry] = held.splice(at, 1);
      await entry?.gate;
    }
    return response;
  };
  const { store, session } = h.storeWith(
    { storage: memoryStorage(), location: () => `${SITE_ORIGIN}/shop` },
    { fetch: fetchHeld },
  );
  const id = (slug: string) =>
    [...h.sandbox.context.state.products.values()].find((p) => p.slug === slug)?.id as string;
  const lines = () =>
    Object.fromEntries(
      (store.getState().cart.cart?.lineItems ?? []).map((l) => [l.productName?.original, l.quantity]),
    );
  return { h, session, store, id, holdAnswer, answers, lines };
}

describe('the store takes the latest answer, not the last to arrive', () => {
  it('loadCart: an older read of the cart arriving late does not replace a newer one', async () => {
    const { store, id, holdAnswer, session, h } = setup();
    await store.getState().addToCart({ productId: id('stoneware-mug') });
    const first = holdAnswer('GET', '/carts/current');
    const older = store.getState().loadCart();
    await first.arrived;
    // Meanwhile the cart changes on the platform (another tab adds a second mug), and a new read sees it.
    const token = (await session.getAuthorization()) as string;
    const cart = (await h.call('GET', '/ecom/v1/carts/current', { headers: { authorization: token } })).json
      .cart;
    await h.call('POST', '/ecom/v1/carts/current/update-line-items-quantity', {
      headers: { authorization: token },
      body: { lineItems: [{ id: cart.lineItems[0].id, quantity: 2 }] },
    });
    await store.getState().loadCart();
    expect(store.getState().cart.count).toBe(2);
    first.release();
    await older;
    expect(store.getState().cart.count).toBe(2);
  });

  it('a line change: an earlier change’s answer arriving after a later one’s does not undo it', async () => {
    const { store, id, holdAnswer, lines } = setup();
    await store.getState().addToCart({ productId: id('stoneware-mug') });
    await store.getState().addToCart({ productId: id('enamel-pin-set') });
    const mugLine = store
      .getState()
      .cart.cart?.lineItems?.find((l) => l.productName?.original === 'Stoneware Mug');
    const pinLine = store
      .getState()
      .cart.cart?.lineItems?.find((l) => l.productName?.original !== 'Stoneware Mug');
    const first = holdAnswer('POST', '/update-line-items-quantity');
    const mug = store.getState().setQuantity(mugLine?.id as string, 2);
    await first.arrived;
    // The first answer (mug 2, pins 1) is held; the second change (pins 5) is answered at once.
    await store.getState().setQuantity(pinLine?.id as string, 5);
    expect(lines()).toEqual({ 'Stoneware Mug': 2, 'Enamel Pin Set': 5 });
    first.release();
    await mug;
    expect(lines()).toEqual({ 'Stoneware Mug': 2, 'Enamel Pin Set': 5 });
    expect(store.getState().cart.count).toBe(7);
  });

  it('totals: an earlier estimate arriving after a later one does not replace its totals', async () => {
    const { store, id, holdAnswer, answers } = setup();
    await store.getState().addToCart({ productId: id('stoneware-mug') });
    const first = holdAnswer('POST', '/estimate-totals');
    const us = store.getState().estimate({ country: 'US', postalCode: '' });
    await first.arrived;
    await store.getState().estimate({ country: 'GB', postalCode: '' });
    const estimates = answers.filter((a) => a.path.endsWith('/estimate-totals'));
    const [usAnswer, gbAnswer] = estimates.map((a) => a.body);
    expect(usAnswer).not.toEqual(gbAnswer);
    expect(store.getState().cart.totals).toEqual(gbAnswer);
    first.release();
    await us;
    expect(store.getState().cart.totals).toEqual(gbAnswer);
    expect(store.getState().cart.totalsStatus).toBe('ready');
  });
});
