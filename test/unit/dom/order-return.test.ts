// @vitest-environment-options {"url": "http://localhost:4000/shop?utm_source=mail"}
import { describe, expect, it, vi } from 'vitest';
import { boot } from '../../../src/loader';
import type { PlacedOrder } from '../../../src/store/store';
import { SANDBOX_ORIGIN } from '../../helpers/sandbox';
import { sandboxStore, textOf } from '../../helpers/widget';

type Holder = { Storefront?: { q?: unknown[][] } };

/**
 * A visitor buys the mug on the sandbox's hosted checkout page, which sends them back to this page with the
 * order in the address, as the platform's checkout does.
 */
async function buyAndComeBack() {
  const navigations: string[] = [];
  const { sandbox, store, productId } = sandboxStore({
    navigate: (url) => navigations.push(url),
    location: () => window.location.href,
  });
  await store.getState().addToCart({ productId: productId('stoneware-mug') });
  await store.getState().checkout();
  const placed = await sandbox.fetch(navigations[0] as string, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'email=buyer%40example.com',
  });
  expect(placed.status).toBe(303);
  const back = new URL(placed.headers.get('location') as string);
  store.getState().destroy();
  return { sandbox, back };
}

describe('back from checkout', () => {
  it('confirms the order in the drawer, announces it, and takes it out of the address bar', async () => {
    const { sandbox, back } = await buyAndComeBack();
    expect(back.searchParams.get('orderNumber')).toBe('10001');
    const orderId = back.searchParams.get('orderId') as string;
    history.replaceState(null, '', back.href);
    expect(window.location.search).toContain('orderId=');

    // The page listens before the bundle is here (the queue), and as a DOM event.
    const heard: PlacedOrder[] = [];
    const dom: unknown[] = [];
    document.addEventListener('sf:order:placed', (event) => dom.push((event as CustomEvent).detail));
    (window as unknown as Holder).Storefront = {
      q: [['on', 'order:placed', (detail: PlacedOrder) => heard.push(detail)]],
    };
    const script = document.createElement('script');
    script.dataset.clientId = 'demo-client';
    script.dataset.apiBase = SANDBOX_ORIGIN;
    const { store, ready } = boot({ script, fetch: sandbox.fetch });
    // The address bar is clean at once; the rest of the address stays.
    expect(window.location.href).toBe('http://localhost:4000/shop?utm_source=mail');
    await ready;

    expect(heard).toEqual([{ orderId, orderNumber: '10001' }]);
    expect(dom).toEqual(heard);
    expect(store.getState().ui).toMatchObject({ cartOpen: true, order: { orderId, orderNumber: '10001' } });
    const drawer = document.querySelector('sf-cart-drawer') as HTMLElement;
    const notice = await vi.waitFor(() => {
      const found = drawer.shadowRoot?.querySelector('[part="order"]');
      expect(found).not.toBeNull();
      return found as Element;
    });
    expect(textOf(notice)).toBe('Order #10001 placed. Thank you!');
    expect(notice.getAttribute('role')).toBe('status');

    // Closing the drawer ends the confirmation; opening it again shows the (now empty) cart alone.
    store.getState().closeCart();
    expect(store.getState().ui.order).toBeNull();
  });
});
