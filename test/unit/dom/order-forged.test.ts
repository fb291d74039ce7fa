// @vitest-environment-options {"url": "http://localhost:4000/shop?utm_source=mail"}
import { describe, expect, it } from 'vitest';
import { buyAndComeBack, loadWithOrderListeners } from '../../helpers/checkout';

describe('a link to an order someone else wrote', () => {
  it('shows and announces nothing for a link someone else wrote, and still cleans the address bar', async () => {
    const { sandbox, back } = await buyAndComeBack();
    localStorage.clear();
    const forged = new URL(back.href);
    forged.searchParams.set(
      'orderNumber',
      '10001 FAILED. Your card was declined: call +1-555-0100 or pay at https://evil.example/pay',
    );
    const { store, ready, heard, dom } = loadWithOrderListeners(forged.href, sandbox.fetch);
    expect(window.location.href).toBe('http://localhost:4000/shop?utm_source=mail');
    await ready;
    expect(heard).toEqual([]);
    expect(dom).toEqual([]);
    expect(store.getState().ui.cartOpen).toBe(false);
    expect(document.querySelector('sf-cart-drawer')?.shadowRoot?.textContent ?? '').not.toContain('FAILED');
    store.getState().destroy();
  });
});
