import { describe, expect, it, vi } from 'vitest';
import { boot } from '../../../src/loader';

describe('boot', () => {
  it('reads the script tag, defines the three widgets once, and a second boot changes nothing', async () => {
    const script = document.createElement('script');
    script.dataset.clientId = 'demo-client';
    script.dataset.apiBase = 'http://127.0.0.1:4100';
    const first = boot({ script });
    expect(first.config).toMatchObject({ clientId: 'demo-client', apiBase: 'http://127.0.0.1:4100' });
    for (const name of ['sf-cart-drawer', 'sf-login-modal', 'sf-member-badge']) {
      expect(customElements.get(name)).toBeDefined();
    }
    const define = vi.spyOn(customElements, 'define');
    const other = document.createElement('script');
    other.dataset.clientId = 'someone-else';
    expect(boot({ script: other })).toBe(first);
    expect(define).not.toHaveBeenCalled();

    // The drawer's code waits until the cart first opens.
    const drawer = document.createElement('sf-cart-drawer');
    document.body.append(drawer);
    await new Promise((r) => setTimeout(r, 20));
    expect(drawer.shadowRoot?.mode).toBe('open');
    expect(drawer.shadowRoot?.querySelector('[part="drawer"]')).toBeNull();
    first.api.openCart();
    await vi.waitFor(() => expect(drawer.shadowRoot?.querySelector('[part="drawer"]')).not.toBeNull());
    first.api.closeCart();
    await vi.waitFor(() => expect(drawer.shadowRoot?.querySelector('[part="drawer"]')).toBeNull());
  });
});
