import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { journeys } from './journey';
import { unexpectedErrors } from './page-checks';

/**
 * The script-tag build as a site builder gets it from a CDN: the packed package unpacked and served at a
 * versioned path (`/npm/storefront-widgets@<version>/`, as jsDelivr and unpkg serve a package), and a page of
 * another origin with README's pinned tag (its `integrity` too). The shop works; a file altered on the server
 * runs none of its code, the widget says the shop cannot load and the console names the file.
 */

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../..');
const { version } = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as { version: string };
const readme = readFileSync(resolve(root, 'README.md'), 'utf8');
const { sandboxUrl, freshPage, sandbox, shot } = journeys();
const MUG = 'dace0cad-7e1d-4340-ac45-39a68ab5e3c8';

/** README's pinned tag, between `<!-- cdn:pinned-tag -->` markers. */
function pinnedTag(): string {
  const start = readme.indexOf('<!-- cdn:pinned-tag -->');
  const end = readme.indexOf('<!-- /cdn:pinned-tag -->');
  if (start < 0 || end < start) throw new Error('README.md has no cdn:pinned-tag block');
  const tag = /<script[\s\S]*?<\/script>/.exec(readme.slice(start, end))?.[0];
  if (!tag) throw new Error('the cdn:pinned-tag block of README.md has no <script> tag');
  return tag;
}

let unpacked = '';
let cdn: { server: Server; url: string };
let site: { server: Server; url: string };
/** Files served altered (path under the package → a change of their text), for the tests that alter one. */
const altered = new Map<string, (code: string) => string>();
/** What the site serves at `/`. */
let pageHtml = '';

const TYPES: Record<string, string> = { '.js': 'text/javascript', '.json': 'application/json' };

function listen(server: Server, host: string): Promise<string> {
  return new Promise((done) =>
    server.listen(0, host, () => done(`http://${host}:${(server.address() as AddressInfo).port}`)),
  );
}

beforeAll(async () => {
  unpacked = mkdtempSync(join(tmpdir(), 'sf-cdn-'));
  await run('npm', ['pack', '--silent', '--pack-destination', unpacked], { cwd: root });
  const tarball = readdirSync(unpacked).find((file) => file.endsWith('.tgz'));
  if (!tarball) throw new Error('npm pack made no tarball');
  await run('tar', ['-xzf', tarball], { cwd: unpacked });
  const prefix = `/npm/storefront-widgets@${version}/`;
  const cdnServer = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://cdn').pathname;
    const file = path.startsWith(prefix) ? join(unpacked, 'package', path.slice(prefix.length)) : '';
    if (
      !file ||
      !file.startsWith(join(unpacked, 'package')) ||
      !existsSync(file) ||
      !statSync(file).isFile()
    ) {
      res.writeHead(404, { 'Access-Control-Allow-Origin': '*' }).end('Not found');
      return;
    }
    const relative = path.slice(prefix.length);
    const change = altered.get(relative);
    const body = change ? change(readFileSync(file, 'utf8')) : readFileSync(file);
    res
      .writeHead(200, {
        'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
        'Access-Control-Allow-Origin': '*',
        'Cache-Control': 'no-store',
      })
      .end(body);
  });
  cdn = { server: cdnServer, url: await listen(cdnServer, '127.0.0.1') };
  const siteServer = createServer((req, res) => {
    if (new URL(req.url ?? '/', 'http://site').pathname !== '/') res.writeHead(404).end();
    else res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(pageHtml);
  });
  site = { server: siteServer, url: await listen(siteServer, 'localhost') };
}, 240_000);

afterAll(async () => {
  await Promise.all([cdn, site].map(({ server }) => new Promise((done) => server?.close(done))));
  if (unpacked) rmSync(unpacked, { recursive: true, force: true });
});

beforeEach(async () => {
  altered.clear();
  await sandbox('POST', '/_sandbox/clients/demo-client/origins', { origin: site.url });
});

/** A page of the site's origin with README's pinned tag, served from the local CDN, on the sandbox. */
function sitePage(body: string, { lang = 'en', tag = pinnedTag() } = {}): string {
  const script = tag
    .replace('https://cdn.jsdelivr.net', cdn.url)
    .replace(/data-client-id="[^"]*"/, `data-client-id="demo-client" data-api-base="${sandboxUrl}"`);
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>A shop</title>
<link rel="icon" href="data:,"></head><body>
<header><sf-member-badge></sf-member-badge>
<button type="button" data-sf-open-cart>Cart (<span data-sf-cart-count>0</span>)</button></header>
${body}
${script}
</body></html>`;
}

/** The package's file under dist/cdn/ whose name starts so (`chunks/widgets-`), but one that starts with `not`. */
function builtFile(prefix: string, not?: string): string {
  const folder = prefix.slice(0, prefix.lastIndexOf('/') + 1);
  const start = prefix.slice(folder.length);
  const name = readdirSync(join(unpacked, 'package/dist/cdn', folder)).find(
    (file) => file.startsWith(start) && !(not && file.startsWith(not)),
  );
  if (!name) throw new Error(`no dist/cdn/${prefix}* in the package`);
  return `dist/cdn/${folder}${name}`;
}

/** Every module URL the page fetched from the CDN, with whether its hash was in the page's import maps then. */
async function watchChunks(page: Page): Promise<Array<{ url: string; mapped: boolean }>> {
  const seen: Array<{ url: string; mapped: boolean }> = [];
  await page.route(`${cdn.url}/**/chunks/*.js`, async (route) => {
    const url = route.request().url();
    const mapped = await page.evaluate(
      (wanted) =>
        [...document.querySelectorAll('script[type="importmap"]')].some((map) => {
          const integrity = (JSON.parse(map.textContent ?? '{}') as { integrity?: Record<string, string> })
            .integrity;
          return typeof integrity?.[wanted] === 'string';
        }),
      url,
    );
    seen.push({ url, mapped });
    await route.continue();
  });
  return seen;
}

const alteredRan = (page: Page) => page.evaluate(() => (window as { altered?: number }).altered);
const markAltered = (code: string) => `window.altered = (window.altered ?? 0) + 1;\n${code}`;

describe('README’s pinned tag', () => {
  it('is the packed version, with the sha384 of the build’s embed.js (dist/cdn/integrity.json)', () => {
    const tag = pinnedTag();
    const integrity = JSON.parse(readFileSync(join(unpacked, 'package/dist/cdn/integrity.json'), 'utf8')) as {
      version: string;
      files: Record<string, string>;
    };
    expect(integrity.version).toBe(version);
    expect(tag).toContain(
      `src="https://cdn.jsdelivr.net/npm/storefront-widgets@${version}/dist/cdn/embed.js"`,
    );
    expect(tag).toContain('crossorigin="anonymous"');
    const written = /integrity="([^"]+)"/.exec(tag)?.[1];
    expect(written, 'README.md’s pinned tag: run `npm run build && npm run readme:integrity`').toBe(
      integrity.files['embed.js'],
    );
    // Every file embed.js may load is in integrity.json, and nothing else (a file in the tarball, not built).
    const built = readdirSync(join(unpacked, 'package/dist/cdn'), { recursive: true, encoding: 'utf8' })
      .map((file) => file.replaceAll('\\', '/'))
      .filter((file) => /\.(js|json)$/.test(file) && !['integrity.json', 'strings.en.json'].includes(file))
      .sort();
    expect(Object.keys(integrity.files).sort()).toEqual(built);
    expect(Object.values(integrity.files).every((hash) => /^sha384-[A-Za-z0-9+/]{64}$/.test(hash))).toBe(
      true,
    );
  });
});

describe('the package served by a CDN at a versioned path, on a page of another origin', () => {
  it('shows the badge, adds to the cart and opens the drawer, every chunk checked against its hash', async () => {
    pageHtml = sitePage(`<main><h1>The mug</h1>
<button type="button" data-sf-add-to-cart="${MUG}">Add the mug</button>
<sf-product-grid page-size="4"></sf-product-grid></main>`);
    const { page, errors } = await freshPage();
    const chunks = await watchChunks(page);
    await page.goto(site.url);
    await page.locator('sf-member-badge').getByRole('button', { name: 'Sign in' }).waitFor();
    await expect.poll(() => page.locator('sf-product-grid [part="card"]').count()).toBe(4);
    await page.getByRole('button', { name: 'Add the mug' }).click();
    await page.locator('sf-cart-drawer [part="line"]', { hasText: 'Stoneware Mug' }).waitFor();
    expect(await page.locator('[data-sf-cart-count]').textContent()).toBe('1');
    await shot(page, 'cdn-pinned-drawer');
    await page.keyboard.press('Escape');
    // The sign-in flows, code few pages load, come with the first keystroke: their hash is in the second manifest.
    await page.locator('sf-member-badge').getByRole('button', { name: 'Sign in' }).click();
    await page.locator('sf-login-modal').getByLabel('Email').pressSequentially('jane@example.com');
    await expect.poll(() => chunks.some((chunk) => /\/sign-in-flows-[\w-]+\.js$/.test(chunk.url))).toBe(true);
    // The loader came by the module script embed.js added, with its hash; every chunk after the map had its.
    expect(await page.locator(`script[type="module"][integrity^="sha256-"]`).count()).toBe(1);
    expect(chunks.length).toBeGreaterThanOrEqual(3);
    expect(chunks.filter((chunk) => !chunk.mapped)).toEqual([]);
    expect(unexpectedErrors(errors, [])).toEqual([]);
  });

  it('in German: the texts’ packs are checked too (their language pack’s table)', async () => {
    pageHtml = sitePage(`<button type="button" data-sf-add-to-cart="${MUG}">Add the mug</button>`, {
      lang: 'de',
    });
    const { page, errors } = await freshPage();
    const chunks = await watchChunks(page);
    await page.goto(site.url);
    await page.locator('sf-member-badge').getByRole('button', { name: 'Anmelden' }).waitFor();
    await page.getByRole('button', { name: 'Add the mug' }).click();
    await page.locator('sf-cart-drawer').getByRole('button', { name: 'Zur Kasse' }).waitFor();
    expect(chunks.map((chunk) => chunk.url)).toEqual(
      expect.arrayContaining([expect.stringMatching(/\/lang\.de-/), expect.stringMatching(/\/texts\.de-/)]),
    );
    expect(chunks.filter((chunk) => !chunk.mapped)).toEqual([]);
    expect(unexpectedErrors(errors, [])).toEqual([]);
  });

  it('on Cart V2 (`data-cart-api="v2"`): its own build, every chunk checked', async () => {
    pageHtml = sitePage(`<button type="button" data-sf-add-to-cart="${MUG}">Add the mug</button>`, {
      tag: pinnedTag().replace('data-client-id=', 'data-cart-api="v2" data-client-id='),
    });
    const { page, errors } = await freshPage();
    const chunks = await watchChunks(page);
    await page.goto(site.url);
    await page.getByRole('button', { name: 'Add the mug' }).click();
    await page.locator('sf-cart-drawer [part="line"]', { hasText: 'Stoneware Mug' }).waitFor();
    expect(chunks.map((chunk) => chunk.url)).toEqual(
      expect.arrayContaining([expect.stringMatching(/\/dist\/cdn\/v2\/chunks\/widgets-/)]),
    );
    expect(chunks.filter((chunk) => !chunk.url.includes('/dist/cdn/v2/'))).toEqual([]);
    expect(chunks.filter((chunk) => !chunk.mapped)).toEqual([]);
    expect(unexpectedErrors(errors, [])).toEqual([]);
  });

  it('without `integrity` on the tag, adds no import map and works the same (nothing to anchor the checks)', async () => {
    pageHtml = sitePage(`<button type="button" data-sf-add-to-cart="${MUG}">Add the mug</button>`, {
      tag: pinnedTag().replace(/\s*integrity="[^"]*"/, ''),
    });
    const { page, errors } = await freshPage();
    await page.goto(site.url);
    await page.getByRole('button', { name: 'Add the mug' }).click();
    await page.locator('sf-cart-drawer [part="line"]', { hasText: 'Stoneware Mug' }).waitFor();
    expect(await page.locator('script[type="importmap"]').count()).toBe(0);
    expect(unexpectedErrors(errors, [])).toEqual([]);
  });
});

describe('what a page downloads with every widget used', () => {
  /**
   * `npm run size`'s list of the page with every widget used (an add, the drawer, a sign-in with the modal, the
   * member menu), by service and language, with its budget: what Chromium must download on that journey.
   */
  const sizes = async () =>
    // (It exits 1 when a page is over its budget, with the same JSON: the journey says by how much.)
    JSON.parse(
      (
        await run('npx', ['tsx', 'scripts/size.ts', '--json'], { cwd: root }).catch(
          (error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }),
        )
      ).stdout,
    ) as {
      usedPages: Array<{ service: 'v1' | 'v2'; lang: string; files: string[] }>;
      budgets: Record<'v1' | 'v2', number>;
    };
  const gzipped = (file: string) =>
    gzipSync(readFileSync(join(unpacked, 'package/dist/cdn', file)), { level: 9 }).length;

  it.each([
    ['v1', 'en'],
    ['v2', 'ja'],
  ] as const)('on %s in "%s": the files npm run size counts, within its budget', async (service, lang) => {
    const { usedPages, budgets } = await sizes();
    const budget = budgets[service];
    pageHtml = sitePage(`<button type="button" data-sf-add-to-cart="${MUG}">Add the mug</button>`, {
      lang,
      ...(service === 'v2'
        ? { tag: pinnedTag().replace('data-client-id=', 'data-cart-api="v2" data-client-id=') }
        : {}),
    });
    const { page, errors } = await freshPage();
    const fetched = new Set<string>();
    const prefix = `${cdn.url}/npm/storefront-widgets@${version}/dist/cdn/`;
    page.on('response', (response) => {
      if (response.url().startsWith(prefix) && response.ok())
        fetched.add(response.url().slice(prefix.length));
    });
    await page.goto(site.url);
    const badge = page.locator('sf-member-badge');
    await badge.locator('[part="sign-in"]').waitFor();
    // An add: its code, the drawer's, opened with the line.
    await page.getByRole('button', { name: 'Add the mug' }).click();
    await page.locator('sf-cart-drawer [part="line"]').waitFor();
    await page.keyboard.press('Escape');
    // A sign-in with the modal.
    await badge.locator('[part="sign-in"]').click();
    const modal = page.locator('sf-login-modal');
    await modal.locator('input[type="email"]').pressSequentially('jane@example.com');
    await modal.locator('input[autocomplete="current-password"]').fill('storefront-demo');
    await modal.locator('form button[type="submit"]').click();
    // The member's menu.
    const trigger = badge.locator('[part="trigger"]:not([aria-busy])');
    await trigger.click();
    await badge.locator('[part="menu"] [role="menuitem"]').first().waitFor();
    const expected = usedPages.find((one) => one.service === service && one.lang === lang)?.files ?? [];
    expect([...fetched].sort()).toEqual([...expected].sort());
    const total = [...fetched].reduce((sum, file) => sum + gzipped(file), 0);
    console.log(`every widget used, ${service}, "${lang}", pinned: ${total} B gzip (budget ${budget} B)`);
    expect(total).toBeLessThanOrEqual(budget);
    expect(unexpectedErrors(errors, [])).toEqual([]);
  });
});

describe('a file altered on the CDN', () => {
  const ADD_AND_GRID = `<button type="button" data-sf-add-to-cart="${MUG}">Add the mug</button>
<sf-product-grid page-size="4"></sf-product-grid>`;
  const add = (page: Page) => page.getByRole('button', { name: 'Add the mug' }).click();
  const alert = (page: Page, element: string, text: string) =>
    page.locator(`${element} [role="alert"]`, { hasText: text }).waitFor();
  /** A chunk altered, and the manifest's hash of it too (an attacker who can change one file can change two). */
  const rehashed = (chunk: string) => {
    const code = markAltered(readFileSync(join(unpacked, 'package', chunk), 'utf8'));
    const hash = `sha256-${createHash('sha256').update(code).digest('base64')}`;
    const name = chunk.slice(chunk.lastIndexOf('/') + 1);
    const manifest = builtFile('chunks/integrity-', 'integrity-more-');
    return [
      [chunk, () => code],
      [manifest, (json: string) => json.replace(new RegExp(`"${name}":"[^"]+"`), `"${name}":"${hash}"`)],
    ] as Array<[string, (text: string) => string]>;
  };

  /** Each case: the files altered (their code marks the page when it runs), the page, what the shopper does, what shows. */
  const cases: Array<{
    name: string;
    alter: () => Array<[string, (text: string) => string]>;
    lang?: string;
    act: (page: Page) => Promise<void>;
    shows: (page: Page) => Promise<void>;
  }> = [
    {
      name: 'the views’ chunk: the drawer, opened by an add, says the shop cannot load',
      alter: () => [[builtFile('chunks/widgets-'), markAltered]],
      act: add,
      shows: (page) => alert(page, 'sf-cart-drawer', 'The shop could not be loaded.'),
    },
    {
      name: 'the views’ chunk on a German page: said in German (from its language pack)',
      alter: () => [[builtFile('chunks/widgets-'), markAltered]],
      lang: 'de',
      act: add,
      shows: (page) => alert(page, 'sf-cart-drawer', 'Der Shop konnte nicht geladen werden.'),
    },
    {
      name: 'Preact’s chunk, a static import of the product grid’s: the grid says so',
      alter: () => [[builtFile('chunks/runtime-'), markAltered]],
      act: async () => {},
      shows: (page) => alert(page, 'sf-product-grid', 'The shop could not be loaded.'),
    },
    {
      name: 'the products’ chunk and the manifest’s hash of it: the manifest does not match the loader’s hash',
      alter: () => rehashed(builtFile('chunks/products-')),
      act: async () => {},
      shows: (page) => alert(page, 'sf-product-grid', 'The shop could not be loaded.'),
    },
    {
      name: 'a language pack (German), the way to its texts: the drawer shows in English instead',
      alter: () => [[builtFile('chunks/lang.de-'), markAltered]],
      lang: 'de',
      act: add,
      shows: (page) => page.locator('sf-cart-drawer').getByRole('button', { name: 'Check out' }).waitFor(),
    },
    {
      name: 'the sign-in code, in the second manifest: the login form says the shop cannot be reached',
      alter: () => [[builtFile('chunks/sign-in-flows-'), markAltered]],
      act: async (page) => {
        await page.locator('sf-member-badge').getByRole('button', { name: 'Sign in' }).click();
        await page.locator('sf-login-modal').getByLabel('Email').pressSequentially('jane@example.com');
        await page.locator('sf-login-modal').getByLabel('Password', { exact: true }).fill('storefront-demo');
        await page.locator('sf-login-modal').getByRole('button', { name: 'Sign in' }).click();
      },
      shows: (page) => page.locator('sf-login-modal').getByText('The shop cannot be reached.').waitFor(),
    },
    {
      name: 'a language’s texts (German): the drawer shows in English instead',
      alter: () => [[builtFile('chunks/texts.de-'), markAltered]],
      lang: 'de',
      act: add,
      shows: (page) => page.locator('sf-cart-drawer').getByRole('button', { name: 'Check out' }).waitFor(),
    },
  ];

  it.each(cases)('runs none of it: $name', async ({ alter, lang, act, shows }) => {
    const files = alter();
    for (const [path, change] of files) altered.set(path, change);
    pageHtml = sitePage(ADD_AND_GRID, lang ? { lang } : {});
    const { page, errors } = await freshPage();
    await page.goto(site.url);
    await page.locator('sf-member-badge [part="root"]').waitFor();
    await act(page);
    await shows(page);
    await shot(page, `cdn-altered-${cases.findIndex((one) => one.alter === alter) + 1}`);
    expect(await alteredRan(page)).toBeUndefined();
    // The console names the file that does not match (the browser's own message, and the widget's).
    const name = (files.at(-1)?.[0] ?? '').replace(/^.*\//, '');
    expect(errors.filter((error) => error.includes(name))).not.toEqual([]);
  });

  it('runs none of the loader: the page keeps its own content, and the console names the file', async () => {
    const loader = builtFile('loader-');
    altered.set(loader, markAltered);
    pageHtml = sitePage('<sf-product-grid page-size="4"><a href="/all">All products</a></sf-product-grid>');
    const { page, errors } = await freshPage();
    const served = (request: { url(): string }) => request.url().endsWith(loader);
    const failed = Promise.race([
      page.waitForEvent('requestfinished', served),
      page.waitForEvent('requestfailed', served),
    ]);
    await page.goto(site.url);
    await failed;
    await expect
      .poll(() => errors.some((error) => error.includes(loader.slice(loader.lastIndexOf('/') + 1))))
      .toBe(true);
    expect(await alteredRan(page)).toBeUndefined();
    expect(await page.getByRole('link', { name: 'All products' }).isVisible()).toBe(true);
    expect(
      await page.evaluate(() => (window as { Storefront?: { loaded?: boolean } }).Storefront?.loaded),
    ).toBeFalsy();
  });
});
