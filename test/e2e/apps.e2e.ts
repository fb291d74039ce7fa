import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, queryProducts, visitorAuth } from '../../src/api/index';
import { launchBrowser } from './browser';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../..');
const APPS = ['vite-react', 'next-app'] as const;
type App = (typeof APPS)[number];

/** Installs and builds are slow on a busy 2-core machine (a cold npm cache downloads Next.js and its compiler). */
const INSTALL_TIMEOUT_MS = 600_000;
const BUILD_TIMEOUT_MS = 300_000;
const SANDBOX_READY_TIMEOUT_MS = 60_000;
const MAX_BUFFER_BYTES = 20 * 1024 * 1024;

/**
 * The environment of a developer's shell: without vitest's NODE_ENV=test (Next.js and Vite build differently
 * under it) and the npm_* variables of an `npm test` around us (an app's npm must read its own settings).
 */
const env: NodeJS.ProcessEnv = {
  ...Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(npm_|VITEST|NODE_ENV$)/i.test(name)),
  ),
  NEXT_TELEMETRY_DISABLED: '1',
};

let scratch = '';
let packed: { files: string[]; manifest: PackageManifest };
const running = new Set<ChildProcess>();

interface PackageManifest {
  bin?: Record<string, string>;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

const appDir = (app: App) => join(scratch, app);
/** The Next.js app's sandbox (its catalogue at build time, and the browser's platform) and its port. */
let nextShop: { sandbox: { url: string; stop(): Promise<void> }; port: number } | undefined;

/**
 * `npm pack` of the built tree (the global setup built dist/), installed into a copy of each app of test/apps
 * with the app's own pinned dependencies, as an app developer installs it. The two installs run side by side:
 * they mostly wait for npm's cache and the registry.
 */
beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'sf-apps-'));
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', scratch], {
    cwd: root,
    env,
    maxBuffer: MAX_BUFFER_BYTES,
  });
  const [result] = JSON.parse(stdout) as Array<{ filename: string; files: Array<{ path: string }> }>;
  if (!result) throw new Error('npm pack made no tarball');
  const tarball = join(scratch, result.filename);
  await Promise.all(
    APPS.map(async (app) => {
      cpSync(resolve(root, 'test/apps', app), appDir(app), { recursive: true });
      await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', tarball], {
        cwd: appDir(app),
        env,
        timeout: INSTALL_TIMEOUT_MS,
        maxBuffer: MAX_BUFFER_BYTES,
      });
    }),
  );
  const installed = join(appDir('vite-react'), 'node_modules/storefront-widgets/package.json');
  packed = {
    files: result.files.map((file) => file.path),
    manifest: JSON.parse(readFileSync(installed, 'utf8')) as PackageManifest,
  };
}, INSTALL_TIMEOUT_MS);

afterAll(() => {
  for (const child of running) stopGroup(child);
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe('the packed package', () => {
  it('ships the sandbox command and leaves the React demo app out', () => {
    expect(packed.files).toContain('dist/cli/bin.js');
    expect(packed.manifest.bin).toEqual({ 'storefront-widgets': 'dist/cli/bin.js' });
    expect(packed.files.filter((file) => file.startsWith('dist/demo-react/'))).toEqual([]);
    const bin = join(appDir('vite-react'), 'node_modules/storefront-widgets/dist/cli/bin.js');
    expect(readFileSync(bin, 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);
  });

  it('installs no Preact into an app: nothing it ships imports it', () => {
    expect(Object.keys(packed.manifest.dependencies ?? {})).not.toContain('preact');
    expect(Object.keys(packed.manifest.peerDependencies ?? {})).not.toContain('preact');
    for (const app of APPS) expect(existsSync(join(appDir(app), 'node_modules/preact')), app).toBe(false);
  });
});

describe('an app that installs it', () => {
  it(
    'builds: a Vite React app, with no Preact in its bundle',
    async () => {
      await run('npm', ['run', 'build'], { cwd: appDir('vite-react'), env, maxBuffer: MAX_BUFFER_BYTES });
      const assets = join(appDir('vite-react'), 'dist/assets');
      const bundle = readdirSync(assets)
        .filter((file) => file.endsWith('.js'))
        .map((file) => readFileSync(join(assets, file), 'utf8'))
        .join('\n');
      expect(bundle).toContain('sf-cart-drawer');
      expect(bundle).not.toMatch(/preact/i);
    },
    BUILD_TIMEOUT_MS,
  );

  it(
    'builds: a Next.js App Router app whose Server Component page imports the components and renders the products it read',
    async () => {
      const page = readFileSync(join(appDir('next-app'), 'app/page.tsx'), 'utf8');
      expect(page).not.toMatch(/^['"]use client['"]/m);
      // The docs' example (React apps, Next.js) is this page, as written there.
      expect(readFileSync(join(root, 'docs/react.md'), 'utf8')).toContain(
        page.slice(page.indexOf('import {')),
      );
      // The page reads the catalogue as it is built (a static page): from the package's own sandbox, which
      // lets the origin of the `next start` below use the demo client.
      const port = await freePort();
      const sandbox = await startSandbox(appDir('next-app'), [
        '--port',
        '0',
        '--origin',
        `http://127.0.0.1:${port}`,
      ]);
      nextShop = { sandbox, port };
      await run('npm', ['run', 'build'], {
        cwd: appDir('next-app'),
        env: { ...env, STOREFRONT_API_BASE: sandbox.url },
        maxBuffer: MAX_BUFFER_BYTES,
      });
      // The page is static: its HTML is the build's, as `next start` serves it.
      const html = readFileSync(join(appDir('next-app'), '.next/server/app/index.html'), 'utf8');
      // The elements render on the server (the grid with its cards, the others' contents on the client) ...
      expect(html).toContain('<sf-member-badge></sf-member-badge>');
      expect(html).toContain('<sf-cart-drawer data-texts="ltr"></sf-cart-drawer>');
      const grid = serverGridOf(html);
      // The first page of the catalogue, as the page read it: every name, every price.
      const catalogue = createApiClient({ apiBase: sandbox.url, auth: visitorAuth('demo-client') });
      const read = await queryProducts(catalogue).limit(8).find();
      expect(cardNamesIn(grid)).toEqual(read.items.map((product) => product.name));
      for (const product of read.items)
        expect(text(grid)).toContain(
          new Intl.NumberFormat('en', {
            style: 'currency',
            currency: product.priceData?.currency ?? 'USD',
          }).format(product.priceData?.discountedPrice ?? product.priceData?.price ?? 0),
        );
      expect(grid).toContain('Add to cart');
      // The Pages Router's page, with getStaticProps: the same, in German (descending names, 4 a page).
      const classic = readFileSync(join(appDir('next-app'), '.next/server/pages/classic.html'), 'utf8');
      const classicGrid = serverGridOf(classic);
      const last = await queryProducts(catalogue).descending('name').limit(4).find();
      expect(cardNamesIn(classicGrid)).toEqual(last.items.map((product) => product.name));
      expect(text(classicGrid)).toContain('In den Warenkorb');
      // ... and the page's flight data names the components as client references (a component rendered on
      // the server would not be there): the package's 'use client' is the boundary.
      for (const name of ['StorefrontProvider', 'MemberBadge', 'ProductGrid', 'CartDrawer'])
        expect(html).toContain(`\\"${name}\\"`);
    },
    BUILD_TIMEOUT_MS,
  );

  it(
    'serves it with next start: both routers’ pages hydrate in Chromium with no error and no catalogue request, and add to the cart',
    async () => {
      await tryNextApp('start');
    },
    BUILD_TIMEOUT_MS,
  );

  it(
    'runs on next dev (React’s development build, StrictMode): the same, with no hydration warning',
    async () => {
      await tryNextApp('dev');
    },
    BUILD_TIMEOUT_MS,
  );
});

/**
 * The Next.js app as `next start` (after the build) or `next dev` serves it, on the port its sandbox allows:
 * each router's page, in Chromium, is hydrated with no error (React's development build reports a mismatch
 * as one) and no catalogue request (the server's products are taken over), and a card adds to the cart.
 */
async function tryNextApp(command: 'start' | 'dev') {
  if (!nextShop) throw new Error('The Next.js app was not built');
  const { sandbox, port } = nextShop;
  const server = await startServer(
    appDir('next-app'),
    ['--no', 'next', command, '-p', String(port), '-H', '127.0.0.1'],
    /- Local:\s+(http:\/\/\S+)/,
    { ...env, STOREFRONT_API_BASE: sandbox.url },
  );
  const browser = await launchBrowser();
  try {
    const { page, errors } = await browser.newPage();
    const catalogue: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/stores-reader/')) catalogue.push(request.url());
    });
    const missing: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 404) missing.push(new URL(response.url()).pathname);
    });
    for (const [path, add] of [
      ['/', 'Add to cart'],
      ['/classic', 'In den Warenkorb'],
    ] as const) {
      // The page as the server sends it has the cards. (A dev server compiles each page on its first request.)
      const html = await (await fetch(`${server.url}${path}`)).text();
      expect(cardNamesIn(serverGridOf(html)).length, path).toBe(path === '/' ? 8 : 4);
      await page.goto(`${server.url}${path}`, { timeout: BUILD_TIMEOUT_MS });
      await liveGrid(page);
      const button = page
        .locator('sf-product-grid [part="add-button"]:not([aria-disabled="true"])', { hasText: add })
        .first();
      await button.click({ timeout: BUILD_TIMEOUT_MS });
      await page.locator('sf-cart-drawer dialog [part="line"]').first().waitFor();
      expect(await page.locator('sf-product-grid [part="grid"]').count(), path).toBe(1);
      await page.keyboard.press('Escape');
    }
    expect(catalogue).toEqual([]);
    expect(missing).toEqual([]);
    expect(errors).toEqual([]);
  } finally {
    await browser.close();
    await server.stop();
  }
}

/**
 * Waits until the live grid has taken the server's place (the server's markup goes with its <style>; the
 * widget's styles are adopted): the server's buttons are not live, a press before then does nothing.
 */
const liveGrid = (page: Page) =>
  page.waitForFunction(
    () => {
      const root = document.querySelector('sf-product-grid')?.shadowRoot;
      return root?.querySelector('[part="grid"]') && !root.querySelector('style');
    },
    undefined,
    { timeout: BUILD_TIMEOUT_MS },
  );

/** The markup of a server-rendered `<sf-product-grid>`'s declarative shadow root (its styles left out). */
const serverGridOf = (html: string) =>
  /<sf-product-grid[^>]*><template shadowrootmode="open"><style>.*?<\/style>(.*?)<\/template><\/sf-product-grid>/s.exec(
    html,
  )?.[1] ?? '';

/** Markup's text. */
const text = (markup: string) => markup.replace(/<[^>]*>/g, '').replace(/&amp;/g, '&');

/** The cards' names in a grid's markup, in order. */
const cardNamesIn = (grid: string) =>
  [...grid.matchAll(/<h3 [^>]*part="name"[^>]*>(.*?)<\/h3>/g)].map((m) => text(m[1] ?? ''));

/** A port free on this machine now (for a server whose origin must be known before it starts). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

describe('npx storefront-widgets sandbox, from the installed package', () => {
  it(
    'serves the seeded catalogue to the API client, and to the page origin it is given',
    async () => {
      const cwd = appDir('vite-react');
      const sandbox = await startSandbox(cwd, ['--port', '0', '--origin', 'http://localhost:5173']);
      const status = (await (await fetch(`${sandbox.url}/_sandbox/status`)).json()) as {
        ok: boolean;
        counts: { products: number };
      };
      expect(status.ok).toBe(true);
      expect(status.counts.products).toBeGreaterThan(0);

      // The README's API quick start, from the app's folder: the package's own client.
      const { stdout } = await run(
        process.execPath,
        [
          '--input-type=module',
          '-e',
          `import { apiKeyAuth, createApiClient, queryProducts } from 'storefront-widgets/api';
const client = createApiClient({ apiBase: process.argv[1], auth: apiKeyAuth('sandbox-admin-key') });
const page = await queryProducts(client).ascending('name').limit(3).find();
console.log(JSON.stringify(page.items.map((product) => product.name)));`,
          sandbox.url,
        ],
        { cwd, env },
      );
      expect(JSON.parse(stdout)).toHaveLength(3);

      const preflight = (origin: string) =>
        fetch(`${sandbox.url}/oauth2/token`, {
          method: 'OPTIONS',
          headers: { origin, 'access-control-request-method': 'POST' },
        }).then((res) => res.headers.get('access-control-allow-origin'));
      expect(await preflight('http://localhost:5173')).toBe('http://localhost:5173');
      expect(await preflight('http://localhost:4000')).toBeNull();

      // A second one on the same port says so and exits 1.
      const port = new URL(sandbox.url).port;
      const taken = await runCommand(cwd, ['sandbox', '--port', port]);
      expect(taken.code).toBe(1);
      expect(taken.stderr).toContain(`port ${port} on 127.0.0.1 is already in use`);

      await sandbox.stop();
      await expect(fetch(`${sandbox.url}/_sandbox/status`)).rejects.toThrow();
    },
    SANDBOX_READY_TIMEOUT_MS * 2,
  );

  it('says what is wrong with a command line, and exits 2', async () => {
    const cwd = appDir('vite-react');
    const unknown = await runCommand(cwd, ['sandbox', '--prot', '4100']);
    expect(unknown).toMatchObject({ code: 2, stdout: '' });
    expect(unknown.stderr).toContain("Unknown option '--prot'");
    const badPort = await runCommand(cwd, ['sandbox', '--port', 'http']);
    expect(badPort.code).toBe(2);
    expect(badPort.stderr).toContain('--port must be a port number from 0 to 65535, not "http"');
    const help = await runCommand(cwd, ['sandbox', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: storefront-widgets sandbox [--port <port>] [--origin <origin>]');
  });
});

/** `npx storefront-widgets <args>` to its end, with its exit code and output. */
async function runCommand(
  cwd: string,
  args: string[],
): Promise<{ code: number; stdout: string; stderr: string }> {
  return run('npx', ['--no', 'storefront-widgets', ...args], { cwd, env }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      stdout: error.stdout,
      stderr: error.stderr,
    }),
  );
}

/** `npx storefront-widgets sandbox <args>`, resolved once it prints where it listens (its first line). */
const startSandbox = (cwd: string, args: string[]) =>
  startServer(
    cwd,
    ['--no', 'storefront-widgets', 'sandbox', ...args],
    /^Sandbox platform listening on (http:\/\/\S+)$/,
  );

/**
 * `npx <args>` (a server), resolved with its address once it prints a line that `ready` finds it in. It runs
 * in a process group of its own: npx starts the command as a child process, and `stop()` ends both.
 */
function startServer(
  cwd: string,
  args: string[],
  ready: RegExp,
  serverEnv: NodeJS.ProcessEnv = env,
): Promise<{ url: string; stop(): Promise<void> }> {
  const child = spawn('npx', args, {
    cwd,
    env: serverEnv,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk;
  });
  return new Promise((resolve, reject) => {
    const fail = (why: string) => {
      stopGroup(child);
      reject(new Error(`${why}; its stderr: ${stderr}`));
    };
    const timer = setTimeout(
      () => fail(`\`npx ${args.join(' ')}\` did not start in ${SANDBOX_READY_TIMEOUT_MS} ms`),
      SANDBOX_READY_TIMEOUT_MS,
    );
    const exitedEarly = (code: number | null) => {
      clearTimeout(timer);
      fail(`\`npx ${args.join(' ')}\` exited with ${code} before it was ready`);
    };
    child.once('exit', exitedEarly);
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
      const url = ready.exec(line)?.[1];
      if (!url) return;
      clearTimeout(timer);
      child.off('exit', exitedEarly);
      resolve({
        url,
        stop: async () => {
          stopGroup(child);
          await exited;
          running.delete(child);
        },
      });
    });
  });
}

/** SIGTERM to the command's process group: npx and the sandbox it started. */
function stopGroup(child: ChildProcess): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {}
}
