import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journeys } from './journey';
import { unexpectedErrors } from './page-checks';

/**
 * The README's quick starts, taken out of README.md as they are written (between `<!-- quickstart:… -->`
 * markers) and run as a reader would: the site builder's page served on an origin of its own, the Node script
 * with plain `node`, and the member's sign-up with the emailed code. The only changes are the ones README tells
 * the reader to make: the ports (`DEMO_PORT`, `SANDBOX_PORT`, the page's own), which are free ports here.
 */

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../..');
const readme = readFileSync(resolve(root, 'README.md'), 'utf8');
const { demoUrl, sandboxUrl, freshPage, sandbox, shot } = journeys();

/** The fenced block between `<!-- quickstart:<name> -->` and `<!-- /quickstart:<name> -->`, unindented. */
function quickstart(name: string): string {
  const start = readme.indexOf(`<!-- quickstart:${name} -->`);
  const end = readme.indexOf(`<!-- /quickstart:${name} -->`);
  if (start < 0 || end < start) throw new Error(`README.md has no quickstart:${name} block`);
  const fence = /^([ \t]*)```[\w-]*\n([\s\S]*?)\n\1```[ \t]*$/m.exec(readme.slice(start, end));
  if (!fence) throw new Error(`the quickstart:${name} block of README.md has no fenced code`);
  const [, indent = '', body = ''] = fence;
  return `${body
    .split('\n')
    .map((line) => (line.startsWith(indent) ? line.slice(indent.length) : line))
    .join('\n')}\n`;
}

const portOf = (url: string) => new URL(url).port;

/**
 * What README says to change when the servers run elsewhere: the demo server's port in the bundle's address
 * (`DEMO_PORT`), the sandbox's in `data-api-base` (`SANDBOX_PORT`), and the page's own origin. Each must be
 * there as README writes it, so a README that moves to other addresses fails here rather than passing untested.
 */
function withPorts(text: string, ports: { demo?: string; sandbox?: string; page?: string }): string {
  let out = text;
  for (const [written, port] of [
    ['http://localhost:4000', ports.demo],
    ['http://127.0.0.1:4100', ports.sandbox],
    ['http://localhost:5500', ports.page],
  ] as const) {
    if (port === undefined) continue;
    expect(out, `README's block names ${written}`).toContain(written);
    out = out.replaceAll(written, written.replace(/\d+$/, port));
  }
  return out;
}

/** Runs a README shell block with bash, as a reader pastes it into a terminal. */
async function shell(script: string): Promise<string> {
  const { stdout } = await run('bash', ['-euo', 'pipefail', '-c', script], { cwd: root });
  return stdout;
}

/** `python3 -m http.server` in the reader's folder: the page at `/`, on IPv4 and IPv6 loopback like `localhost`. */
async function servePage(html: string): Promise<{ url: string; close(): Promise<void> }> {
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://page').pathname;
    if (path === '/' || path === '/index.html')
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(html);
    else res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
  };
  const listen = (host: string, port: number) =>
    new Promise<Server>((done, fail) => {
      const server = createServer(handler);
      server.once('error', fail);
      server.listen(port, host, () => done(server));
    });
  const first = await listen('127.0.0.1', 0);
  const servers = [first];
  const port = (first.address() as AddressInfo).port;
  try {
    servers.push(await listen('::1', port));
  } catch {
    // No IPv6 loopback here: localhost is 127.0.0.1.
  }
  return {
    url: `http://localhost:${port}`,
    close: () =>
      Promise.all(
        servers.map(
          (server) =>
            new Promise<void>((done) => {
              server.close(() => done());
              server.closeAllConnections();
            }),
        ),
      ).then(() => undefined),
  };
}

let site: { url: string; close(): Promise<void> } | undefined;

beforeAll(async () => {
  site = await servePage(
    withPorts(quickstart('site'), { demo: portOf(demoUrl), sandbox: portOf(sandboxUrl) }),
  );
});

afterAll(async () => {
  await site?.close();
  // The sandbox is shared with the other end-to-end files: back to its seed (prices, settings, origins).
  await sandbox('POST', '/_sandbox/reset');
});

/** The origins the sandbox's `demo-client` allows now. */
async function allowedOrigins(): Promise<string[]> {
  const { clients } = await sandbox('GET', '/_sandbox/clients');
  return clients.find((client: { id: string }) => client.id === 'demo-client').allowedOrigins;
}

/** Step 1 of the site builder's quick start on a running sandbox: the README's curl, adding the page's origin. */
async function allowThePage(): Promise<void> {
  const origin = site?.url as string;
  expect(await allowedOrigins()).not.toContain(origin);
  await shell(withPorts(quickstart('site-origin'), { sandbox: portOf(sandboxUrl), page: portOf(origin) }));
  expect(await allowedOrigins()).toContain(origin);
}

const badge = (page: Page) => page.locator('sf-member-badge');
const drawer = (page: Page) => page.locator('sf-cart-drawer dialog');
const modal = (page: Page) => page.locator('sf-login-modal dialog');
const count = (page: Page) => page.locator('[data-sf-cart-count]');

describe("README's quick starts, pasted as they are", () => {
  it("the site builder's page, on an origin of its own: products, the add button, the count, the drawer and the badge", async () => {
    await allowThePage();
    const { page, errors } = await freshPage();
    // Which answers failed, to name them when the console reports one.
    const failed: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
    });
    await page.goto(`${site?.url}/`);
    expect(new URL(page.url()).origin).not.toBe(new URL(demoUrl).origin);

    // The grid shows the catalogue (page-size="8" of the sandbox's 14 products), and the badge offers sign-in.
    const cards = page.locator('sf-product-grid [part="card"]');
    await cards.first().waitFor();
    await expect.poll(() => cards.count()).toBe(8);
    expect(await cards.first().locator('[part="name"]').textContent()).toMatch(/\w/);
    await badge(page).getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    await expect.poll(() => count(page).getAttribute('data-sf-status')).toBe('ready');
    expect(await count(page).textContent()).toBe('0');

    // The page's own button adds the mug: the drawer opens with its line and the count follows.
    const add = page.getByRole('button', { name: 'Add the mug to the cart' });
    await add.click();
    await drawer(page).waitFor();
    await drawer(page).locator('[part="line"]', { hasText: 'Stoneware Mug' }).waitFor();
    await expect.poll(() => add.getAttribute('data-sf-state')).toBe('added');
    await expect.poll(() => count(page).textContent()).toBe('1');
    expect(await count(page).getAttribute('data-sf-count')).toBe('1');
    await shot(page, 'quickstart-site-drawer');
    await drawer(page).getByRole('button', { name: 'Close' }).click();
    await drawer(page).waitFor({ state: 'detached' });

    // The cart is the server's: a reload shows the same count.
    await page.reload();
    await expect.poll(() => count(page).getAttribute('data-sf-status')).toBe('ready');
    expect(await count(page).textContent()).toBe('1');
    expect({ errors, failed }).toEqual({ errors: [], failed: [] });
  });

  it("the merchant's Node script, run by node with the package installed by its name", async () => {
    const folder = mkdtempSync(join(tmpdir(), 'sf-quickstart-node-'));
    try {
      // `npm install <the packed package>` in a new folder, as a link to this checkout's built package.
      mkdirSync(join(folder, 'node_modules'));
      symlinkSync(root, join(folder, 'node_modules/storefront-widgets'), 'dir');
      writeFileSync(
        join(folder, 'price-edit.mjs'),
        withPorts(quickstart('node'), { sandbox: portOf(sandboxUrl) }),
      );
      const { stdout, stderr } = await run(process.execPath, ['price-edit.mjs'], { cwd: folder });
      expect(stderr).toBe('');
      const [first, ...rest] = stdout.trim().split('\n');
      // What README says it prints.
      expect(first).toBe('Summer: 4 of 4 products up 10 %');
      expect(rest).toHaveLength(4);
      expect(rest).toContain('  Linen Camp Shirt: 60 → 66');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
    const { products } = await (
      await fetch(`${sandboxUrl}/stores-reader/v1/products/query-platformized`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'sandbox-admin-key' },
        body: JSON.stringify({ query: { filter: { slug: 'linen-shirt' } } }),
      })
    ).json();
    expect(products[0].priceData.price).toBe(66);
  });

  it("a member's sign-up on the site builder's page, with the email-code step switched on", async () => {
    await allowThePage();
    const settings = await shell(withPorts(quickstart('member'), { sandbox: portOf(sandboxUrl) }));
    expect(JSON.parse(settings).settings.requireEmailVerification).toBe(true);

    const { page, errors } = await freshPage();
    await page.goto(`${site?.url}/`);
    await badge(page).getByRole('button', { name: 'Sign in', exact: true }).click();
    await modal(page).getByRole('button', { name: 'Create an account' }).click();
    await modal(page).getByRole('heading', { name: 'Create an account' }).waitFor();
    // The address README's mailbox call asks for.
    await modal(page).getByLabel('Email').fill('you@example.com');
    await modal(page).getByLabel('Password', { exact: true }).fill('my-password');
    await modal(page).getByLabel('Name shown to others').fill('Robin');
    await modal(page).getByRole('button', { name: 'Create account', exact: true }).click();
    await modal(page).getByRole('heading', { name: 'Check your email' }).waitFor();

    const mailbox = JSON.parse(
      await shell(withPorts(quickstart('mailbox'), { sandbox: portOf(sandboxUrl) })),
    ) as { messages: Array<{ to: string; codes: string[] }> };
    const code = mailbox.messages.at(-1)?.codes[0] as string;
    expect(code).toMatch(/^\d{6}$/);
    await modal(page).getByLabel('Verification code').fill(code);
    await modal(page).getByRole('button', { name: 'Verify', exact: true }).click();
    await modal(page).waitFor({ state: 'detached' });
    await badge(page).getByRole('button', { name: 'Robin account menu' }).waitFor();
    await shot(page, 'quickstart-site-member');
    // A new member has no cart yet: the platform's 404 to the one cart read is how it says so.
    expect(unexpectedErrors(errors, [404])).toEqual([]);
  });
});
