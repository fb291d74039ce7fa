// @vitest-environment-options {"url": "http://localhost:5173/shop"}
import { afterEach, describe, expect, it, vi } from 'vitest';
import { boot } from '../../../src/loader';
import { SANDBOX_ORIGIN } from '../../helpers/sandbox';

afterEach(() => vi.restoreAllMocks());

describe('a page whose origin the shop does not allow', () => {
  it('says once on the console which origin, and how to allow it in the sandbox; nothing while offline', async () => {
    // What a browser's fetch does for a cross-origin call the platform's CORS answer refuses.
    const fetch: typeof globalThis.fetch = async () => {
      throw new TypeError('Failed to fetch');
    };
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const said = () =>
      errors.mock.calls.map((call) => String(call[0])).filter((line) => line.includes('cannot be reached'));
    const script = document.createElement('script');
    script.dataset.clientId = 'demo-client';
    script.dataset.apiBase = SANDBOX_ORIGIN;
    const { api, ready } = boot({ script, fetch });
    await ready;
    // Offline, the browser says why: nothing to add.
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(await api.addToCart('00000000-0000-4000-8000-000000000001')).toBe(0);
    expect(said()).toEqual([]);
    online.mockReturnValue(true);
    expect(await api.addToCart('00000000-0000-4000-8000-000000000001')).toBe(0);
    expect(await api.addToCart('00000000-0000-4000-8000-000000000001')).toBe(0);
    // (Its code comes on the failure: waited for as long as a slow machine may take.)
    await vi.waitFor(() => expect(said()).toHaveLength(1), { timeout: 20_000 });
    expect(said()).toEqual([
      '[storefront] the shop cannot be reached from http://localhost:5173: is this origin allowed? (the sandbox: npx storefront-widgets sandbox --origin http://localhost:5173)',
    ]);
  });
});
