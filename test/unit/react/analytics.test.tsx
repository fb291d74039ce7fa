/**
 * `storefront-widgets/react`'s analytics: the provider's `analytics` and `consent` props and `useConsent()`, and
 * the product components' events under StrictMode, on real React (19, and 18 in the react18 project) in
 * happy-dom, against the in-process sandbox.
 */

import { act, createElement, type ReactElement, StrictMode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  Product,
  ProductGrid,
  StorefrontProvider,
  type StorefrontProviderProps,
  useConsent,
  useStorefront,
} from '../../../src/react/index';
import { reactRoot, shadowOf } from '../../helpers/react-app';
import { SANDBOX_ORIGIN } from '../../helpers/sandbox';
import { serverRead } from '../../helpers/server-render';
import { CHUNK_TIMEOUT_MS, importChunks } from '../../helpers/widget';

// The analytics' code and the product elements' parts load on first use: here once, so that the tests wait for
// the components, not for vitest loading them.
beforeAll(() => importChunks('analytics', 'productPage', 'productTextsEn', 'productCalls'), CHUNK_TIMEOUT_MS);

const app = reactRoot();
type Tagged = Window & { dataLayer?: unknown[] };
beforeEach(() => {
  (window as Tagged).dataLayer = [];
});
afterEach(() => app.cleanup());

/** The GA4 events pushed so far. */
const names = () =>
  ((window as Tagged).dataLayer ?? []).flatMap((entry) => (entry as { event?: string }).event ?? []);

/** The GA4 events pushed so far, in full. */
const pushed = () =>
  ((window as Tagged).dataLayer ?? []).filter((entry) => (entry as { event?: string }).event) as Array<{
    event: string;
    ecommerce?: { items: Array<{ item_id: string; index?: number }> };
  }>;

/** The app's controls: its storefront's `openCart`/`closeCart` and `useConsent()`. */
let controls: { api: ReturnType<typeof useStorefront>; consent: ReturnType<typeof useConsent> } | undefined;
function Controls(): ReactElement | null {
  controls = { api: useStorefront(), consent: useConsent() };
  return null;
}

describe('analytics in React', () => {
  it('sends what analytics={…} asks once the consent prop allows, and stops when it withdraws', async () => {
    const p = app.platform();
    const shop = (consent: StorefrontProviderProps['consent']) => (
      <StorefrontProvider
        clientId="demo-client"
        apiBase={SANDBOX_ORIGIN}
        fetch={p.sandboxFetch}
        analytics={['ga4']}
        consent={consent}
      >
        <Controls />
      </StorefrontProvider>
    );
    /** The cart opened and closed: a `view_cart` where consent allows. */
    const view = () =>
      act(() => {
        controls?.api.openCart();
        controls?.api.closeCart();
      });
    await app.show(shop({ analytics: false }));
    await view();
    // The marker: consent from the hook, a view, then the prop's word again.
    await act(() => controls?.consent({ analytics: true }));
    await view();
    await vi.waitFor(() => expect(names()).toEqual(['view_cart']));

    await app.show(shop({ analytics: true }));
    await view();
    await vi.waitFor(() => expect(names()).toEqual(['view_cart', 'view_cart']));

    await app.show(shop({ analytics: false }));
    await view();
    await act(() => controls?.consent({ analytics: true }));
    await view();
    // The view while the prop said no was dropped.
    await vi.waitFor(() => expect(names()).toEqual(['view_cart', 'view_cart', 'view_cart']));
  });

  /**
   * Everything the analytics heard so far is handled once a marker is (they hear each event in the order it
   * came): the cart opened and closed, its `view_cart`.
   */
  async function handled() {
    await act(() => {
      controls?.api.openCart();
      controls?.api.closeCart();
    });
    await vi.waitFor(() => expect(names()).toContain('view_cart'));
  }

  it('tells one view_item_list for a grid shown under StrictMode (its effects run twice), one view_item for a product page', async () => {
    const p = app.platform();
    const page = await serverRead(p.sandbox, 3);
    const [first] = page.items;
    if (!first) throw new Error('The catalogue has no product');
    await app.show(
      <StrictMode>
        <StorefrontProvider
          clientId="demo-client"
          apiBase={SANDBOX_ORIGIN}
          fetch={p.sandboxFetch}
          analytics={['ga4']}
        >
          <Controls />
          {/* Handed over: its cards are there as it mounts, so both runs of its effect see them. */}
          <ProductGrid pageSize={3} sort="name-asc" products={page.items} total={page.totalCount} />
          <Product product={first} layout="page" />
        </StorefrontProvider>
      </StrictMode>,
    );
    await vi.waitFor(() => expect(names()).toEqual(expect.arrayContaining(['view_item_list', 'view_item'])));
    await handled();
    expect(names().filter((name) => name !== 'view_cart')).toEqual(['view_item_list', 'view_item']);
    const list = pushed().find((entry) => entry.event === 'view_item_list');
    expect(list?.ecommerce?.items.map((item) => [item.item_id, item.index])).toEqual(
      page.items.map((item, index) => [item.id, index]),
    );
    expect(pushed().find((entry) => entry.event === 'view_item')?.ecommerce?.items).toMatchObject([
      { item_id: first.id, quantity: 1 },
    ]);
    // The grid's cards are in its shadow root (the events came from what was shown).
    expect(shadowOf('sf-product-grid').querySelectorAll('[part="card"]')).toHaveLength(3);
  });
});
