import { mkdirSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Browser, launchBrowser } from './browser';
import { unexpectedErrors } from './page-checks';

const demoUrl = inject('demoUrl');
const sandboxUrl = inject('sandboxUrl');
const screenshots = resolve(import.meta.dirname, '../../test-results/screenshots');
const cdn = resolve(import.meta.dirname, '../../dist/cdn');

/** A build's loader as the build named it (`loader-<hash>.js`, `v2/loader-<hash>.js`), relative to embed.js. */
const builtLoader = (folder: '' | 'v2/') =>
  `${folder}${readdirSync(resolve(cdn, folder)).find((file) => /^loader-[\w-]+\.js$/.test(file))}`;

let browser: Browser;
beforeAll(async () => {
  mkdirSync(screenshots, { recursive: true });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the demo page in Chromium', () => {
  it('loads embed.js, which mounts the widgets into open shadow roots without console errors', async () => {
    const { page, errors } = await browser.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(`${demoUrl}/handmade.html`);
    await page.waitForFunction(() =>
      document.querySelector('sf-member-badge')?.shadowRoot?.querySelector('[part="root"]'),
    );
    // The badge is in the loader; the views' code and texts load when one first opens, or before: a page with
    // add-to-cart buttons fetches the drawer's (and the buttons') code when the browser is idle. Nothing else.
    expect(scripts[0]).toBe('/cdn/embed.js');
    expect(scripts[1]).toMatch(/^\/cdn\/loader-[\w-]+\.js$/);
    for (const path of scripts.slice(2))
      expect(path).toMatch(/^\/cdn\/chunks\/(runtime|widgets|texts\.en|host-add-to-cart)-[\w-]+\.js$/);
    await page.evaluate(() =>
      (window as unknown as { Storefront: { openCart(): void } }).Storefront.openCart(),
    );
    await page.waitForFunction(() =>
      document.querySelector('sf-cart-drawer')?.shadowRoot?.querySelector('[part="drawer"]'),
    );
    await page.keyboard.press('Escape');
    const modes = await page.evaluate(() =>
      ['sf-cart-drawer', 'sf-login-modal', 'sf-member-badge'].map(
        (name) => document.querySelector(name)?.shadowRoot?.mode,
      ),
    );
    expect(modes).toEqual(['open', 'open', 'open']);
    expect(scripts).toEqual(
      expect.arrayContaining([
        '/cdn/embed.js',
        expect.stringMatching(/^\/cdn\/loader-[\w-]+\.js$/),
        expect.stringMatching(/^\/cdn\/chunks\/runtime-[\w-]+\.js$/),
        expect.stringMatching(/^\/cdn\/chunks\/widgets-[\w-]+\.js$/),
        expect.stringMatching(/^\/cdn\/chunks\/texts\.en-[\w-]+\.js$/),
      ]),
    );
    expect(scripts.filter((path) => /\/texts\.\w+-/.test(path))).toHaveLength(1);
    // Locators pierce open shadow roots.
    await page.waitForFunction(
      () => !document.querySelector('sf-cart-drawer')?.shadowRoot?.querySelector('[part="drawer"]'),
    );
    await page.screenshot({ path: resolve(screenshots, 'demo-foundation.png'), fullPage: true });
    expect(errors).toEqual([]);
  });

  it('readies the drawer’s fonts while the page is idle: an unseen, inert probe in the drawer’s styles comes and goes', async () => {
    const { page, errors } = await browser.newPage();
    // A site whose styles show everything (`!important`), and every element the page gets that holds the
    // drawer's elements in a shadow root, as it comes (seen? reachable? in the drawer's styles?) and as it goes.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { probeSeen: string[] }).probeSeen = seen;
      document.addEventListener('DOMContentLoaded', () => {
        const style = document.createElement('style');
        style.textContent = '* { visibility: visible !important; opacity: 1 !important }';
        document.head.append(style);
      });
      new MutationObserver((changes) => {
        for (const change of changes) {
          for (const node of change.addedNodes) {
            const el = node as HTMLElement;
            const drawer = el.shadowRoot?.querySelector<HTMLElement>('.drawer');
            if (!drawer || el.parentNode !== document.body) continue;
            const rules = el.shadowRoot?.adoptedStyleSheets.reduce(
              (n, sheet) => n + sheet.cssRules.length,
              0,
            );
            seen.push(
              `added ${el.localName} visible: ${drawer.checkVisibility({ visibilityProperty: true })}, inert: ${el.inert}, styled: ${(rules ?? 0) > 50}`,
            );
          }
          for (const node of change.removedNodes)
            if ((node as Element).shadowRoot?.querySelector('.drawer')) seen.push('removed');
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`${demoUrl}/handmade.html`);
    await page.waitForFunction(() =>
      (window as unknown as { probeSeen: string[] }).probeSeen.includes('removed'),
    );
    expect(await page.evaluate(() => (window as unknown as { probeSeen: string[] }).probeSeen)).toEqual([
      'added sf-drawer-fonts visible: false, inert: true, styled: true',
      'removed',
    ]);
    // The drawer itself has not shown: nothing was opened.
    expect(
      await page.evaluate(
        () => !!document.querySelector('sf-cart-drawer')?.shadowRoot?.querySelector('[part="drawer"]'),
      ),
    ).toBe(false);
    expect(errors).toEqual([]);
  });

  it('fetches the drawer’s code at a pointer on the cart button of a page with no add, before the click, with no platform call', async () => {
    const { page, errors } = await browser.newPage();
    // The hand-written page with its products' buttons made plain: only its header's cart button is left.
    await page.route(`${demoUrl}/handmade.html`, async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(/data-sf-(add-to-cart|product)\b/g, 'data-plain');
      await route.fulfill({ response, body: html });
    });
    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
    await page.goto(`${demoUrl}/handmade.html`);
    await page.waitForFunction(
      () => (window as unknown as { Storefront?: { loaded?: boolean } }).Storefront?.loaded,
    );
    await page.waitForLoadState('networkidle');
    const views = () => fetched.filter((path) => /\/chunks\/widgets-/.test(path));
    // Not while idle: nothing on the page adds.
    expect(views()).toEqual([]);
    const before = fetched.length;
    await page.locator('[data-sf-open-cart]').hover();
    await expect.poll(views, { timeout: 15_000 }).toHaveLength(1);
    // Static files only.
    expect(fetched.slice(before).filter((path) => !path.startsWith('/cdn/'))).toEqual([]);
    await page.locator('[data-sf-open-cart]').click();
    await page.waitForFunction(() =>
      document.querySelector('sf-cart-drawer')?.shadowRoot?.querySelector('dialog[open]'),
    );
    expect(views()).toHaveLength(1);
    // (A page the test answers itself is a public one to Chromium, which then refuses it the sandbox's pictures
    // on the loopback address: those errors are the test's, not the widgets'.)
    expect(errors.filter((error) => !error.includes('loopback') && !error.includes('ERR_FAILED'))).toEqual(
      [],
    );
  });

  it('points the page at the sandbox, which answers the anonymous grant from the demo origin (CORS)', async () => {
    const { page, errors } = await browser.newPage();
    await page.goto(`${demoUrl}/`);
    const apiBase = await page.getAttribute('script[data-client-id]', 'data-api-base');
    expect(apiBase).toBe(sandboxUrl);
    const answer = await page.evaluate(async (base) => {
      const response = await fetch(`${base}/oauth2/token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ clientId: 'demo-client', grantType: 'anonymous' }),
      });
      return {
        status: response.status,
        requestId: response.headers.get('x-wix-request-id'),
        body: await response.json(),
      };
    }, sandboxUrl);
    expect(answer.status).toBe(200);
    expect(answer.requestId).toMatch(/^\d+\.\d+$/);
    expect(answer.body.expires_in).toBe(14_400);
    expect(errors).toEqual([]);
  });

  it('shows a page on the demo origin a 429’s Retry-After (CORS), so its client waits as asked', async () => {
    const { page } = await browser.newPage();
    // A page of the demo's origin without the widgets: nothing else calls the sandbox while it is limited.
    await page.goto(`${demoUrl}/cdn/integrity.json`);
    const settings = (body: unknown) =>
      fetch(`${sandboxUrl}/_sandbox/settings`, {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await settings({ rateLimit: 1 })).status).toBe(200);
    try {
      const limited = await page.evaluate(async (base) => {
        // One call a second: of calls sent one after the other, the second in a second is refused.
        for (let i = 0; i < 20; i += 1) {
          const response = await fetch(`${base}/oauth2/token`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ clientId: 'demo-client', grantType: 'anonymous' }),
          });
          if (response.status === 429) return { retryAfter: response.headers.get('retry-after') };
        }
        return undefined;
      }, sandboxUrl);
      expect(limited?.retryAfter).toMatch(/^\d+$/);
    } finally {
      await settings({ rateLimit: 0 });
    }
  });

  it('loads the chunks cross-origin from the CDN path with CORS', async () => {
    const { page, errors } = await browser.newPage();
    // The demo pastes the bundle's absolute address on localhost, as a site would paste a CDN's: reached as
    // 127.0.0.1, the page loads its whole module graph cross-origin.
    const port = new URL(demoUrl).port;
    const loaded: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script')
        loaded.push(response.headers()['access-control-allow-origin'] ?? '');
    });
    await page.goto(`http://127.0.0.1:${port}/handmade.html`);
    await page.waitForFunction(() =>
      document.querySelector('sf-member-badge')?.shadowRoot?.querySelector('[part="root"]'),
    );
    await page.evaluate(() =>
      (window as unknown as { Storefront: { openCart(): void } }).Storefront.openCart(),
    );
    await page.waitForFunction(() =>
      document.querySelector('sf-cart-drawer')?.shadowRoot?.querySelector('[part="drawer"]'),
    );
    // embed.js, the loader, the views' chunks (Preact's and theirs) and their English texts (and the page's
    // add-to-cart code, when the idle prefetch came first).
    expect(loaded.length).toBeGreaterThanOrEqual(5);
    expect(new Set(loaded)).toEqual(new Set(['*']));
    expect(errors).toEqual([]);
  });

  it('speaks German on a German page, downloading the German texts and not the English ones', async () => {
    const { page, errors } = await browser.newPage();
    // The page's own language, set as the parser makes <html> (a routed copy of the page would lose the
    // loopback origin, so Chromium would block its images from the sandbox).
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (!document.documentElement) return;
        document.documentElement.lang = 'de-AT';
        observer.disconnect();
      }).observe(document, { childList: true });
    });
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(`${demoUrl}/handmade.html`);
    const badge = page.locator('sf-member-badge button');
    await expect.poll(() => badge.textContent()).toBe('Anmelden');
    await page.locator('[data-sf-open-cart]').first().click();
    const drawer = page.locator('sf-cart-drawer [part="drawer"]');
    await expect.poll(() => drawer.getByRole('heading').first().textContent()).toContain('Dein Warenkorb');
    await page.keyboard.press('Escape');
    await badge.click();
    const modal = page.getByRole('dialog');
    await expect.poll(() => modal.getByRole('heading').first().textContent()).toBe('Anmelden');
    // The badge's German is in German's language pack; the views' is one pack.
    const texts = scripts.filter((path) => /\/chunks\/(texts|lang)\./.test(path));
    expect(texts.sort()).toEqual([
      expect.stringMatching(/^\/cdn\/chunks\/lang\.de-[\w-]+\.js$/),
      expect.stringMatching(/^\/cdn\/chunks\/texts\.de-[\w-]+\.js$/),
    ]);
    // (This browser's visitor has tokens from the product grid of an earlier test, and no cart: the 404.)
    expect(unexpectedErrors(errors, [404])).toEqual([]);
  });

  it('takes Storefront calls made before the bundle is here, and makes them once it is', async () => {
    const { page, errors } = await browser.newPage();
    // The loader held back, so the page's calls meet embed.js's queue.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/cdn/loader-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${demoUrl}/`, { waitUntil: 'domcontentloaded' });
    const queued = await page.evaluate(() => {
      const sf = (
        window as unknown as { Storefront: Record<string, (...a: unknown[]) => void> & { q: unknown[][] } }
      ).Storefront;
      sf.setCaptchaProvider?.({ getTokens: async () => ({}) });
      sf.register?.();
      return sf.q.map(([name]) => name);
    });
    expect(queued).toEqual(['setCaptchaProvider', 'register']);
    release();
    await page.locator('sf-login-modal dialog').getByRole('heading', { name: 'Create an account' }).waitFor();
    expect(errors).toEqual([]);
  });

  it('downloads the views again when the connection drops the first time', async () => {
    const { page, errors } = await browser.newPage();
    let dropped = 0;
    await page.route('**/cdn/chunks/widgets-*.js', async (route) => {
      if (dropped++ === 0) return route.abort('connectionreset');
      return route.continue();
    });
    await page.goto(`${demoUrl}/`);
    // The page's buttons work once the loader is here (a click before that is not held: README).
    await page.waitForFunction(() => (window as { Storefront?: { loaded?: boolean } }).Storefront?.loaded);
    await page.locator('[data-sf-open-cart]').first().click();
    await page.locator('sf-cart-drawer [part="drawer"]').waitFor();
    expect(dropped).toBe(2);
    // The dropped download is the only complaint on the console.
    expect(errors.filter((e) => !e.includes('ERR_CONNECTION_RESET'))).toEqual([]);
  });

  it('loads the Cart V2 build on a Cart V2 page: V2 in its loader, its cart view and its views, no v1 code', async () => {
    const { page, errors } = await browser.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(`${demoUrl}/cart-v2/handmade.html`);
    const count = page.locator('.site-header [data-sf-cart-count]');
    await expect.poll(() => count.getAttribute('data-sf-status')).toBe('ready');
    // A new visitor's count needs no read and no code besides V2's loader (the page's idle prefetch of the
    // drawer's code may have come first, on a busy machine: with V2's view of the cart, which V2's changes use).
    expect(scripts[0]).toBe('/cdn/embed.js');
    expect(scripts[1]).toMatch(/^\/cdn\/v2\/loader-[\w-]+\.js$/);
    for (const path of scripts.slice(2))
      expect(path).toMatch(
        /^\/cdn\/v2\/chunks\/(runtime|widgets|cart-v2-read|texts\.en|host-add-to-cart)-[\w-]+\.js$/,
      );
    await page.evaluate(() =>
      (window as unknown as { Storefront: { openCart(): void } }).Storefront.openCart(),
    );
    await page.locator('sf-cart-drawer [part="drawer"]').waitFor();
    expect(scripts).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\/cdn\/v2\/chunks\/runtime-[\w-]+\.js$/),
        expect.stringMatching(/^\/cdn\/v2\/chunks\/widgets-[\w-]+\.js$/),
      ]),
    );
    expect(scripts.filter((path) => !path.startsWith('/cdn/v2/') && path !== '/cdn/embed.js')).toEqual([]);
    expect(scripts.filter((path) => path.includes('cart-v1'))).toEqual([]);
    expect(unexpectedErrors(errors, [404])).toEqual([]);
  });

  // A page that imports a build itself (not through embed.js) gets that build whatever its cart service: the
  // other service's code comes in lazy chunks of its own.
  it.each([
    [builtLoader(''), 'v2', /^\/cdn\/chunks\/cart-v2-[\w-]+\.js$/, '/ecom/v2/carts/current/add-line-items'],
    [
      builtLoader('v2/'),
      'v1',
      /^\/cdn\/v2\/chunks\/cart-v1-[\w-]+\.js$/,
      '/ecom/v1/carts/current/add-to-cart',
    ],
  ])(
    'runs %s on a %s page, its cart service downloaded when the cart changes',
    async (loader, cartApi, chunk, add) => {
      const { page, errors } = await browser.newPage();
      const scripts: string[] = [];
      const calls: string[] = [];
      page.on('request', (request) => {
        const path = new URL(request.url()).pathname;
        if (request.resourceType() === 'script') scripts.push(path);
        if (path.startsWith('/ecom/')) calls.push(path);
      });
      // The demo's page on that cart service, with a stand-in for embed.js that imports the other build.
      await page.route(`${demoUrl}/cdn/embed.js`, (route) =>
        route.fulfill({
          contentType: 'text/javascript',
          headers: { 'Access-Control-Allow-Origin': '*' },
          body: `const script = document.currentScript;
          import(new URL('${loader}', script.src).href).then((loader) => loader.boot({ script }));`,
        }),
      );
      await page.goto(`${demoUrl}${cartApi === 'v2' ? '/cart-v2' : ''}/handmade.html`);
      await page.waitForFunction(() => (window as { Storefront?: { loaded?: boolean } }).Storefront?.loaded);
      const added = await page.evaluate(() =>
        (
          window as unknown as { Storefront: { addToCart(id: string): Promise<number> } }
        ).Storefront.addToCart('dace0cad-7e1d-4340-ac45-39a68ab5e3c8'),
      );
      expect(unexpectedErrors(errors, [404])).toEqual([]);
      expect(added).toBe(1);
      expect(calls).toContain(add);
      expect(calls.every((path) => path.startsWith(`/ecom/${cartApi}/`))).toBe(true);
      expect(scripts.some((path) => chunk.test(path))).toBe(true);
    },
  );

  it('reports a script tag without data-client-id on the console', async () => {
    const { page, errors } = await browser.newPage();
    const port = new URL(demoUrl).port;
    await page.route(`http://localhost:${port}/`, async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace('data-client-id="demo-client"', '');
      await route.fulfill({ response, body: html });
    });
    await page.goto(`${demoUrl}/`);
    await page.waitForFunction(() => customElements.get('sf-cart-drawer'));
    // (Said a moment after boot: the texts of a tag's problems are a chunk of their own.)
    await expect
      .poll(() => errors.some((e) => e.includes('data-client-id is missing')), { timeout: 15_000 })
      .toBe(true);
  });
});
