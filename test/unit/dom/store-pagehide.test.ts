import { beforeAll, describe, expect, it } from 'vitest';
import type { TabMessage } from '../../../src/store/channel';
import { UNSURE_KEY } from '../../../src/store/store';
import { CHUNK_TIMEOUT_MS, importChunks, sandboxStore } from '../../helpers/widget';

// What the code loads on first use (`import()`), here once: the tests wait for it, not for vitest loading it.
beforeAll(() => importChunks('cartEdits', 'cartV1'), CHUNK_TIMEOUT_MS);

/**
 * Issue 13.3: a page left (reloaded, closed, navigated away) while a cart change is on its way tells the other
 * tabs and the next page that the cart may change after their reads; a page left with nothing on its way says
 * nothing.
 */
function tab() {
  const posted: TabMessage[] = [];
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let holding = false;
  let arrive!: () => void;
  /** Resolves once a held POST is on its way (sent, not answered). */
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  const made = sandboxStore(
    { channel: { post: (message) => posted.push(message), subscribe: () => () => {} } },
    {
      fetch: (sandbox) => async (input, init) => {
        const request = new Request(input as RequestInfo, init);
        if (holding && request.method === 'POST') {
          arrive();
          await gate;
        }
        return sandbox.fetch(request);
      },
    },
  );
  const hold = () => {
    holding = true;
  };
  return { ...made, posted, hold, release, arrived };
}

describe('a page left with cart changes on their way', () => {
  it('leaves a note for the next page and tells the other tabs', async () => {
    const { store, storage, posted, productId, hold, release, arrived } = tab();
    await store.getState().addToCart({ productId: productId('stoneware-mug') });
    const line = store.getState().cart.cart?.lineItems?.[0]?.id as string;
    hold();
    const change = store.getState().setQuantity(line, 3);
    await arrived;
    posted.length = 0;
    window.dispatchEvent(new Event('pagehide'));
    expect(posted).toEqual([{ type: 'cart-unsure' }]);
    expect(Number(storage.get(UNSURE_KEY))).toBeGreaterThan(Date.now() - 1000);
    release();
    await change;
  });

  it('says nothing when nothing is on its way', async () => {
    const { store, storage, posted, productId } = tab();
    await store.getState().addToCart({ productId: productId('stoneware-mug') });
    posted.length = 0;
    window.dispatchEvent(new Event('pagehide'));
    expect(posted).toEqual([]);
    expect(storage.get(UNSURE_KEY)).toBeNull();
  });
});
