import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { stableId } from '../../sandbox/ids';
import { CLASSIC_JSX } from '../../vite.config';
import { journeys } from './journey';
import { unexpectedErrors } from './page-checks';

const root = resolve(import.meta.dirname, '../..');
const REACT_18 = resolve(root, 'test/react-18/node_modules');

/**
 * The app of test/e2e/react-dev as a React developer runs one: Vite's dev server, React's development build
 * (StrictMode runs every effect, its cleanup and the effect again) and the built `dist/react/index.js` as the
 * installed package. React 19 is the repository's; React 18 the test/react-18 workspace's, by alias.
 */
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
  });
  await server.listen();
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('The dev server has no address');
  return { origin: new URL(url).origin, server };
}

const { sandboxUrl, sandbox, freshPage } = journeys();
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
 * Waits until the <dialog> of `widget` has had the `close` event of StrictMode's cleanup while open again
 * (the event that closed it before the fix), then two frames and a task more: by then a close it had caused
 * would have been heard and rendered.
 */
async function afterTheCleanupsClose(page: Page, widget: string) {
  await page.waitForFunction(
    (w) => (window as unknown as RecordingWindow).recorded.closes.some((c) => c.widget === w && c.open),
    widget,
  );
  await page.evaluate(
    () =>
      new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done)))),
  );
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
      await afterTheCleanupsClose(page, 'sf-cart-drawer');
      expect((await recorded(page)).events).toEqual(['cart:opened']);
      await drawer(page).locator('[part="line"]', { hasText: 'Stoneware Mug' }).waitFor();
      expect(await drawer(page).evaluate((d: HTMLDialogElement) => d.open)).toBe(true);
      // Escape still closes it.
      await page.keyboard.press('Escape');
      await drawer(page).waitFor({ state: 'detached' });
      expect((await recorded(page)).events).toEqual(['cart:opened', 'cart:closed']);

      // The badge's sign-in: the modal opens, and stays open.
      await signInButton(page, 'Sign in').click();
      await afterTheCleanupsClose(page, 'sf-login-modal');
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
      await afterTheCleanupsClose(page, 'sf-cart-drawer');
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
      await afterTheCleanupsClose(page, 'sf-login-modal');
      await modal(page).getByLabel('Email').waitFor();
      expect(await modal(page).evaluate((d: HTMLDialogElement) => d.open)).toBe(true);
      await modal(page).getByRole('button', { name: 'Close' }).click();
      await modal(page).waitFor({ state: 'detached' });
      expect(await asked()).toBe('cart:false cart:true cart:false login:true login:false');
      expect((await recorded(page)).events.slice(4)).toEqual(['login:opened', 'login:closed']);
      expect(unexpectedErrors(errors, [])).toEqual([]);
    });
  });
