import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CLASSIC_JSX } from '../../build/react-subset';
import { stableId } from '../../sandbox/ids';
import { createApiClient, queryProducts, visitorAuth } from '../../src/api/index';
import { journeys } from './journey';
import { unexpectedErrors } from './page-checks';
import { type SsrProps, ssrApp } from './react-dev/ssr-app';

const root = resolve(import.meta.dirname, '../..');
const REACT_18 = resolve(root, 'test/react-18/node_modules');

/**
 * The app of test/e2e/react-dev as a React developer runs one: Vite's dev server, React's development build
 * (StrictMode runs every effect, its cleanup and the effect again) and the built `dist/react/index.js` as the
 * installed package. React 19 is the repository's; React 18 the test/react-18 workspace's, by alias.
 */
/** The server-rendered page the dev server serves at /ssr.html (set by the test that renders it). */
let ssrPage = '';

async function startDevApp(react: '19' | '18'): Promise<{ origin: string; server: ViteDevServer }> {
  const reactAliases = [
    { find: /^react(\/.*)?$/, replacement: `${REACT_18}/react$1` },
    { find: /^react-dom(\/.*)?$/, replacement: `${REACT_18}/react-dom$1` },
  ];
  const server = await createServer({
    root: resolve(import.meta.dirname, 'react-dev'),
    configFile: false,
    logLevel: 'warn',
    mode: 'development',
    // One optimised copy of each React, never the other's.
    cacheDir: resolve(root, `test-results/vite-react-dev-${react}`),
    oxc: CLASSIC_JSX,
    define: { 'process.env.NODE_ENV': '"development"' },
    resolve: {
      alias: [
        { find: 'storefront-widgets/react', replacement: resolve(root, 'dist/react/index.js') },
        ...(react === '18' ? reactAliases : []),
      ],
    },
    // Every dependency optimised before the first page, none found on the way (which reloads the page).
    optimizeDeps: {
      noDiscovery: true,
      include: ['react', 'react-dom', 'react-dom/client', 'zustand', 'zustand/vanilla', '@floating-ui/react'],
    },
    server: { host: '127.0.0.1', port: 0, hmr: false, watch: null },
    plugins: [
      {
        name: 'server-rendered-page',
        configureServer(dev) {
          dev.middlewares.use('/ssr.html', (_request, response) => {
            response.setHeader('content-type', 'text/html; charset=utf-8');
            response.end(ssrPage);
          });
        },
      },
    ],
  });
  await server.listen();
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('The dev server has no address');
  return { origin: new URL(url).origin, server };
}

const { sandboxUrl, sandbox, freshPage, shot } = journeys();
const MUG = stableId('product:stoneware-mug');
const WIDGETS = ['sf-cart-drawer', 'sf-login-modal'] as const;

const drawer = (page: Page) => page.locator('sf-cart-drawer dialog');
const modal = (page: Page) => page.locator('sf-login-modal dialog');
const signInButton = (page: Page, name: string) =>
  page.locator('sf-member-badge').getByRole('button', { name, exact: true });

interface Recorded {
  /** The storefront's events, as `sf:*` DOM events on the document. */
  events: string[];
  /** Each `close` event of a widget's <dialog>, and whether the dialog was open when it arrived. */
  closes: Array<{ widget: string; open: boolean }>;
}
type RecordingWindow = Window & { recorded: Recorded };

/** The storefront's open and close events, from the page's start. */
function recordEvents(page: Page) {
  return page.addInitScript(() => {
    const recorded: Recorded = { events: [], closes: [] };
    (window as unknown as RecordingWindow).recorded = recorded;
    for (const name of ['cart:opened', 'cart:closed', 'login:opened', 'login:closed'])
      document.addEventListener(`sf:${name}`, () => recorded.events.push(name));
  });
}

/** The dialogs' `close` events (they do not leave the shadow root: heard there, on their way down). */
async function recordCloses(page: Page) {
  await page.waitForFunction(
    (widgets) => widgets.every((w) => document.querySelector(w)?.shadowRoot),
    WIDGETS as unknown as string[],
  );
  await page.evaluate(
    (widgets) => {
      const { recorded } = window as unknown as RecordingWindow;
      for (const widget of widgets) {
        document
          .querySelector(widget)
          ?.shadowRoot?.addEventListener(
            'close',
            (event) => recorded.closes.push({ widget, open: (event.target as HTMLDialogElement).open }),
            true,
          );
      }
    },
    WIDGETS as unknown as string[],
  );
}

const recorded = (page: Page) => page.evaluate(() => (window as unknown as RecordingWindow).recorded);

/**
 * Waits until the <dialog> of `widget` is shown, then two frames and a task more: StrictMode's cleanup and its
 * second run of the dialog's effect are behind it (the dialog shows in a task after its render's,
 * src/ui/modal-dialog.tsx), and a close they had caused would have been heard and rendered by then. None of the
 * dialog's `close` events may have found it closed (a close that was not asked for).
 */
async function afterStrictModeRuns(page: Page, widget: string) {
  await page.locator(`${widget} dialog[open]`).waitFor();
  await page.evaluate(
    () =>
      new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done)))),
  );
  expect((await recorded(page)).closes.filter((c) => c.widget === widget && !c.open)).toEqual([]);
}

for (const react of ['19', '18'] as const)
  describe(`storefront-widgets/react on React ${react} in development, in StrictMode (a Vite dev server)`, () => {
    let app: Awaited<ReturnType<typeof startDevApp>> | undefined;
    beforeAll(async () => {
      app = await startDevApp(react);
    });
    afterAll(async () => {
      await app?.server.close();
    });
    // The sandbox (back to its seed before each test) lets the dev server's origin use the demo client.
    beforeEach(async () => {
      await sandbox('POST', '/_sandbox/clients/demo-client/origins', { origin: app?.origin });
    });

    it('keeps the drawer and the login modal open, and after a language switch an add and useCart().openCart() open the drawer', async () => {
      const { page, errors } = await freshPage();
      await recordEvents(page);
      const query = new URLSearchParams({ apiBase: sandboxUrl, product: MUG });
      await page.goto(`${app?.origin}/?${query}`);
      await signInButton(page, 'Sign in').waitFor();
      await recordCloses(page);
      expect(await page.locator('html').getAttribute('data-react')).toMatch(new RegExp(`^${react}\\.`));

      // <AddToCartButton>: the drawer opens with the line, and stays open.
      await page.getByRole('button', { name: 'Add the Stoneware Mug' }).click();
      await afterStrictModeRuns(page, 'sf-cart-drawer');
      expect((await recorded(page)).events).toEqual(['cart:opened']);
      await drawer(page).locator('[part="line"]', { hasText: 'Stoneware Mug' }).waitFor();
      expect(await drawer(page).evaluate((d: HTMLDialogElement) => d.open)).toBe(true);
      // Escape still closes it.
      await page.keyboard.press('Escape');
      await drawer(page).waitFor({ state: 'detached' });
      expect((await recorded(page)).events).toEqual(['cart:opened', 'cart:closed']);

      // The badge's sign-in: the modal opens, and stays open.
      await signInButton(page, 'Sign in').click();
      await afterStrictModeRuns(page, 'sf-login-modal');
      expect((await recorded(page)).events.slice(2)).toEqual(['login:opened']);
      await modal(page).getByLabel('Email').waitFor();
      expect(await modal(page).evaluate((d: HTMLDialogElement) => d.open)).toBe(true);
      await modal(page).getByLabel('Email').fill('jane@example.com');
      // Its close button still closes it.
      await modal(page).getByRole('button', { name: 'Close' }).click();
      await modal(page).waitFor({ state: 'detached' });
      expect((await recorded(page)).events.slice(2)).toEqual(['login:opened', 'login:closed']);

      // The language switcher: the same storefront in German (the same visitor, her cart kept).
      await page.getByRole('button', { name: 'Deutsch' }).click();
      await signInButton(page, 'Anmelden').waitFor();
      await page.getByRole('button', { name: 'Add the Stoneware Mug' }).click();
      await drawer(page)
        .getByRole('heading', { name: /^Dein Warenkorb/ })
        .waitFor();
      await drawer(page).getByRole('button', { name: 'Ein Stoneware Mug mehr' }).waitFor();
      await expect.poll(() => page.locator('.cart-button').textContent()).toBe('Cart (2)');
      expect((await recorded(page)).events.slice(4)).toEqual(['cart:opened']);
      await page.keyboard.press('Escape');
      await drawer(page).waitFor({ state: 'detached' });
      // The app's own button: useCart().openCart().
      await page.locator('.cart-button').click();
      await drawer(page)
        .getByRole('heading', { name: /^Dein Warenkorb/ })
        .waitFor();
      expect((await recorded(page)).events.slice(4)).toEqual(['cart:opened', 'cart:closed', 'cart:opened']);
      expect(unexpectedErrors(errors, [])).toEqual([]);
    });

    it("keeps a controlled drawer and modal (the app's state) open, and closes them through onOpenChange", async () => {
      const { page, errors } = await freshPage();
      await recordEvents(page);
      const query = new URLSearchParams({ apiBase: sandboxUrl, product: MUG, controlled: '' });
      await page.goto(`${app?.origin}/?${query}`);
      await signInButton(page, 'Sign in').waitFor();
      await recordCloses(page);
      const asked = () => page.locator('.asked').textContent();

      // The app opens its drawer: the store follows, and it stays open through StrictMode's cleanup.
      await page.getByRole('button', { name: 'Open the cart (app state)' }).click();
      await afterStrictModeRuns(page, 'sf-cart-drawer');
      expect((await recorded(page)).events).toEqual(['cart:opened']);
      expect(await drawer(page).evaluate((d: HTMLDialogElement) => d.open)).toBe(true);
      expect(await asked()).toBe('');
      // Escape asks the app, which closes it.
      await page.keyboard.press('Escape');
      await drawer(page).waitFor({ state: 'detached' });
      expect(await asked()).toBe('cart:false');
      expect((await recorded(page)).events).toEqual(['cart:opened', 'cart:closed']);

      // An add opens it through the store: the app is asked, and takes it.
      await page.getByRole('button', { name: 'Add the Stoneware Mug' }).click();
      await drawer(page).locator('[part="line"]', { hasText: 'Stoneware Mug' }).waitFor();
      expect(await asked()).toBe('cart:false cart:true');
      await page.keyboard.press('Escape');
      await drawer(page).waitFor({ state: 'detached' });

      // The badge's sign-in asks for the modal; it stays open; its close button asks to close it.
      await signInButton(page, 'Sign in').click();
      await afterStrictModeRuns(page, 'sf-login-modal');
      await modal(page).getByLabel('Email').waitFor();
      expect(await modal(page).evaluate((d: HTMLDialogElement) => d.open)).toBe(true);
      await modal(page).getByRole('button', { name: 'Close' }).click();
      await modal(page).waitFor({ state: 'detached' });
      expect(await asked()).toBe('cart:false cart:true cart:false login:true login:false');
      expect((await recorded(page)).events.slice(4)).toEqual(['login:opened', 'login:closed']);
      expect(unexpectedErrors(errors, [])).toEqual([]);
    });

    // The server's React is the repository's (19): the page is hydrated on the same.
    it.runIf(react === '19')(
      'server-renders a grid of products a server read, shows it before any script, and hydrates it with no warning and no catalogue request',
      async () => {
        await renderSsrPage(sandboxUrl);
        const products = (
          JSON.parse(/id="ssr-props">(.*?)<\/script>/s.exec(ssrPage)?.[1] ?? '{}') as SsrProps
        ).products;
        const names = products.map((product) => product.name);

        // Without JavaScript: the browser attached the declarative shadow root, styled, as it parsed the page.
        const still = await freshPage({ javaScriptEnabled: false });
        await still.page.goto(`${app?.origin}/ssr.html`);
        const cards = still.page.locator('sf-product-grid [part="name"]');
        expect(await cards.allTextContents()).toEqual(names);
        expect(await still.page.locator('sf-product-grid [part="add-button"]').first().isVisible()).toBe(
          true,
        );
        expect(
          await still.page
            .locator('sf-product-grid [part="grid"]')
            .evaluate((grid) => getComputedStyle(grid).display),
        ).toBe('grid');
        await shot(still.page, 'react-ssr-no-script');

        // With it: hydrated in React's development build (which reports any mismatch) without a request for
        // what the server read. The product texts are held back: the server's cards are on show, and a press
        // on one of their buttons is made again by the live widget when it comes.
        const { page, errors } = await freshPage();
        const catalogue: string[] = [];
        page.on('request', (request) => {
          if (request.url().includes('/stores-reader/')) catalogue.push(request.url());
        });
        let release = () => {};
        const texts = new Promise<void>((asked) =>
          page.route('**/products.en-*.js', async (route) => {
            asked();
            await new Promise<void>((resolve) => {
              release = resolve;
            });
            await route.continue();
          }),
        );
        await page.goto(`${app?.origin}/ssr.html`);
        const grid = page.locator('sf-product-grid');
        // Hydrated (the widget asks for its texts after hydrating): the server's button, pressed now.
        await texts;
        const first = grid.locator('[part="card"]', { hasText: names[0] as string });
        await first.getByRole('button', { name: 'Add to cart' }).click();
        release();
        await drawer(page)
          .locator('[part="line"]', { hasText: names[0] as string })
          .waitFor();
        // The server's markup (with its <style>) gave way to the live widget (adopted styles).
        expect(await grid.evaluate((host) => host.shadowRoot?.querySelector('style'))).toBeNull();
        expect(await grid.locator('[part="name"]').allTextContents()).toEqual(names);
        expect(await grid.evaluate((host) => host.shadowRoot?.querySelectorAll('[part="grid"]').length)).toBe(
          1,
        );
        expect(catalogue).toEqual([]);
        await page.keyboard.press('Escape');
        // "Load more" goes on from the server's page.
        await grid.getByRole('button', { name: 'Load more' }).click();
        await expect.poll(() => grid.locator('[part="name"]').count()).toBe(Math.min(8, products.length * 2));
        expect(catalogue).toHaveLength(1);
        expect(unexpectedErrors(errors, [])).toEqual([]);
      },
    );
  });

/**
 * The server's side: the first page of the catalogue read with a visitor's token of the server's own, rendered
 * by React's streaming renderer (its development build, as in a dev server's SSR) with the built package, into
 * the page the dev server serves at /ssr.html, which hydrates it (`react-dev/ssr.ts`).
 */
async function renderSsrPage(apiBase: string) {
  const client = createApiClient({ apiBase, auth: visitorAuth('demo-client') });
  const page = await queryProducts(client, { includeVariants: true }).ascending('name').limit(4).find();
  const props: SsrProps = { apiBase, products: page.items, total: page.totalCount };
  const widgets = (await import(resolve(root, 'dist/react/index.js'))) as Parameters<typeof ssrApp>[0] & {
    serverReady: Promise<void>;
  };
  // As a server of its own that started a moment ago would: its texts loaded before its first page.
  await widgets.serverReady;
  const { renderToReadableStream } = await import('react-dom/server');
  const stream = await renderToReadableStream(ssrApp(widgets, props));
  await stream.allReady;
  const html = await new Response(stream).text();
  ssrPage = `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8" /><title>Server-rendered shop</title><link rel="icon" href="data:," /></head>
  <body>
    <div id="root">${html}</div>
    <script type="application/json" id="ssr-props">${JSON.stringify(props).replace(/</g, '\\u003c')}</script>
    <script type="module" src="/ssr.ts"></script>
  </body>
</html>`;
}
