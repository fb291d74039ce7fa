// @vitest-environment-options {"url": "http://localhost:4000/shop?utm_source=mail"}
import { describe, expect, it } from 'vitest';
import { boot } from '../../../src/loader';
import type { PlacedOrder } from '../../../src/store/store';
import { buyAndComeBack } from '../../helpers/checkout';
import { SANDBOX_ORIGIN } from '../../helpers/sandbox';

type Holder = { Storefront?: { q?: unknown[][] } };

/** The page loaded at an address, as the script tag boots it, with what it announces. */
function load(href: string, fetch: typeof globalThis.fetch) {
  history.replaceState(null, '', href);
  const heard: PlacedOrder[] = [];
  const dom: unknown[] = [];
  document.addEventListener('sf:order:placed', (event) => dom.push((event as CustomEvent).detail));
  (window as unknown as Holder).Storefront = {
    q: [['on', 'order:placed', (detail: PlacedOrder) => heard.push(detail)]],
  };
  const script = document.createElement('script');
  script.dataset.clientId = 'demo-client';
  script.dataset.apiBase = SANDBOX_ORIGIN;
  return { ...boot({ script, fetch }), heard, dom };
}

describe('a link to an order someone else wrote', () => {
  it('shows and announces nothing for a link someone else wrote, and still cleans the address bar', async () => {
    const { sandbox, back } = await buyAndComeBack();
    localStorage.clear();
    const forged = new URL(back.href);
    forged.searchParams.set(
      'orderNumber',
      '10001 FAILED. Your card was declined: call +1-555-0100 or pay at https://evil.example/pay',
    );
    const { store, ready, heard, dom } = load(forged.href, sandbox.fetch);
    expect(window.location.href).toBe('http://localhost:4000/shop?utm_source=mail');
    await ready;
    expect(heard).toEqual([]);
    expect(dom).toEqual([]);
    expect(store.getState().ui.cartOpen).toBe(false);
    expect(document.querySelector('sf-cart-drawer')?.shadowRoot?.textContent ?? '').not.toContain('FAILED');
    store.getState().destroy();
  });
});
