import { describe, expect, it, vi } from 'vitest';
import type { Sandbox } from '../../../sandbox/app';
import { addLineItemsToCurrentCartV2, storeCatalogItem } from '../../../src/api/cart-v2';
import { sandboxStore } from '../../helpers/widget';

/**
 * Cart V2's view of its cart (`cart-v2-read.ts`, a chunk of its own) downloads beside a V2 page's first cart
 * read's request, not before it: here its module is held until the test lets it come.
 */
const view = vi.hoisted(() => {
  let release = () => {};
  const here = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { here, release, asked: false };
});
vi.mock('../../../src/store/cart-v2-read', async (importOriginal) => {
  view.asked = true;
  await view.here;
  return importOriginal();
});

describe('a Cart V2 page’s first cart read', () => {
  it('asks the platform for the cart while its view of the cart is still downloading', async () => {
    const paths: string[] = [];
    const recorded = (sandbox: Sandbox) => (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input as RequestInfo, init);
      paths.push(`${request.method} ${new URL(request.url).pathname}`);
      return sandbox.fetch(request);
    };
    // A visitor with a cart (added through the API client, which the view is no part of)…
    const first = sandboxStore({ cartApi: 'v2' }, { fetch: recorded });
    await addLineItemsToCurrentCartV2(first.session.client, {
      catalogItems: [storeCatalogItem(first.productId('stoneware-mug'), 2)],
    });
    first.store.getState().destroy();
    // …comes back: a page with her tokens, no count cached.
    const next = sandboxStore(
      { cartApi: 'v2' },
      { harness: first.harness, storage: first.storage, fetch: recorded },
    );
    paths.length = 0;
    const started = next.store.getState().start();
    await vi.waitFor(() => expect(paths).toContain('GET /ecom/v2/carts/current'));
    expect(view.asked).toBe(true);
    expect(next.store.getState().cart.status).toBe('loading');
    view.release();
    await started;
    expect(next.store.getState().cart).toMatchObject({ status: 'ready', count: 2 });
    expect(next.store.getState().cart.cart?.lineItems?.[0]?.quantity).toBe(2);
    expect(paths).toEqual(['GET /ecom/v2/carts/current']);
  });
});
