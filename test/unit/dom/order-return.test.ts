// @vitest-environment-options {"url": "http://localhost:4000/shop?utm_source=mail"}
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { buyAndComeBack, loadWithOrderListeners } from '../../helpers/checkout';
import { CHUNK_TIMEOUT_MS, importChunks, textOf } from '../../helpers/widget';

// What the code loads on first use (`import()`), here once: the tests wait for it, not for vitest loading it.
beforeAll(() => importChunks('drawer', 'textsEn', 'cartEdits', 'cartV1', 'redirects'), CHUNK_TIMEOUT_MS);

describe('back from checkout', () => {
  it('confirms the order in the drawer, announces it, and takes it out of the address bar', async () => {
    const { sandbox, back } = await buyAndComeBack();
    expect(back.searchParams.get('orderNumber')).toBe('10001');
    const orderId = back.searchParams.get('orderId') as string;
    // The page listens before the bundle is here (the queue), and as a DOM event.
    const { store, ready, heard, dom } = loadWithOrderListeners(back.href, sandbox.fetch);
    // The address bar is clean at once; the rest of the address stays.
    expect(window.location.href).toBe('http://localhost:4000/shop?utm_source=mail');
    await ready;

    expect(heard).toEqual([{ orderId, orderNumber: '10001', checkoutId: expect.any(String) }]);
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
