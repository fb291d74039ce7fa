import { beforeAll, describe, expect, it, vi } from 'vitest';
import { boot } from '../../../src/loader';
import { CHUNK_TIMEOUT_MS, importChunks, settle } from '../../helpers/widget';

// Here already, the drawer's chunk would mount in the same turn if anything loaded it before its time.
beforeAll(() => importChunks('drawer', 'textsEn', 'cartEdits', 'cartV1'), CHUNK_TIMEOUT_MS);

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

    // The drawer's code waits until the cart first opens: nothing is mounted, the element shows its own
    // children (a mounted drawer, even closed, would have replaced the slot).
    const drawer = document.createElement('sf-cart-drawer');
    document.body.append(drawer);
    await settle();
    expect(drawer.shadowRoot?.mode).toBe('open');
    expect(drawer.shadowRoot?.querySelector('slot')).not.toBeNull();
    expect(drawer.shadowRoot?.querySelector('[part="drawer"]')).toBeNull();
    first.api.openCart();
    await vi.waitFor(() => expect(drawer.shadowRoot?.querySelector('[part="drawer"]')).not.toBeNull());
    first.api.closeCart();
    await vi.waitFor(() => expect(drawer.shadowRoot?.querySelector('[part="drawer"]')).toBeNull());
  });
});
