import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import {
  accessTokenAuth,
  addToCurrentCart,
  anonymousGrant,
  apiKeyAuth,
  createApiClient,
  createRedirectSession,
  deleteCurrentCart,
  deleteMember,
  storeLineItem,
  updateMemberSlug,
  WEBHOOK_EVENT_NAMES,
} from '../../src/api/index';
import { catalogueChanges } from '../helpers/webhooks';
import { journeys } from './journey';

/**
 * Issue 27, as a reader does it: the webhooks guide's receiver, taken out of docs/webhooks.md as written and run by
 * plain `node` with the package installed by its name, subscribed with the guide's curl to the running sandbox, gets a
 * verified, typed event of every kind of SPEC.md 7, made through the widgets (a shopper in Chromium), the API
 * client (a visitor in Node) and the merchant API. The only changes are the addresses: the sandbox's port, and a
 * free port for the receiver instead of 3000.
 */

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../..');
const guide = readFileSync(resolve(root, 'docs/webhooks.md'), 'utf8');
const { demoUrl, sandboxUrl, freshPage } = journeys();
const _TEE = 'c8539b66-7a44-fe18-affc-afec4be8562a';

/** The fenced block between `<!-- quickstart:<name> -->` and `<!-- /quickstart:<name> -->`. */
function quickstart(name: string): string {
  const start = guide.indexOf(`<!-- quickstart:${name} -->`);
  const end = guide.indexOf(`<!-- /quickstart:${name} -->`);
  if (start < 0 || end < start) throw new Error(`docs/webhooks.md has no quickstart:${name} block`);
  const fence = /^```[\w-]*\n([\s\S]*?)\n```[ \t]*$/m.exec(guide.slice(start, end));
  if (!fence) throw new Error(`the quickstart:${name} block of docs/webhooks.md has no fenced code`);
  return `${fence[1]}\n`;
}

/** The guide's addresses moved to the running servers: each must be there as the guide writes it. */
function withAddresses(text: string, receiverPort: number): string {
  for (const written of ['http://127.0.0.1:4100', '127.0.0.1:3000']) expect(text).toContain(written);
  return text
    .replaceAll('http://127.0.0.1:4100', sandboxUrl)
    .replaceAll('127.0.0.1:3000', `127.0.0.1:${receiverPort}`)
    .replaceAll('.listen(3000,', `.listen(${receiverPort},`);
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

let receiver: ChildProcess | undefined;
let folder: string | undefined;
afterEach(() => {
  receiver?.kill();
  receiver = undefined;
  if (folder) rmSync(folder, { recursive: true, force: true });
  folder = undefined;
});

/** The guide's receiver, run by node in a new folder with the package installed by its name; its output lines. */
async function startReceiver(port: number) {
  folder = mkdtempSync(join(tmpdir(), 'sf-webhooks-'));
  mkdirSync(join(folder, 'node_modules'));
  symlinkSync(root, join(folder, 'node_modules/storefront-widgets'), 'dir');
  writeFileSync(join(folder, 'receiver.mjs'), withAddresses(quickstart('webhooks'), port));
  const child = spawn(process.execPath, ['receiver.mjs'], { cwd: folder, stdio: ['ignore', 'pipe', 'pipe'] });
  receiver = child;
  const lines: string[] = [];
  const errors: string[] = [];
  child.stdout
    ?.setEncoding('utf8')
    .on('data', (chunk: string) => lines.push(...chunk.split('\n').filter(Boolean)));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => errors.push(chunk));
  await expect
    .poll(() => lines, { timeout: 15_000 })
    .toContain(`Receiving on http://127.0.0.1:${port}/webhooks`);
  return { lines, errors };
}

const drawer = (page: Page) => page.locator('sf-cart-drawer dialog');
const badge = (page: Page) => page.locator('sf-member-badge');
const modal = (page: Page) => page.locator('sf-login-modal dialog');

/** A shopper on the demo page: adds the mug, one more, and creates an account in the login modal. */
async function shopInTheBrowser(): Promise<void> {
  const { page } = await freshPage();
  await page.goto(`${demoUrl}/handmade.html`);
  const mug = page.locator('article', { hasText: 'Stoneware Mug' });
  await mug.getByRole('button', { name: 'Add to cart' }).click();
  await drawer(page).locator('[part="line"]', { hasText: 'Stoneware Mug' }).waitFor();
  await drawer(page).getByRole('button', { name: 'One more Stoneware Mug' }).click();
  await expect.poll(() => page.locator('.site-header [data-sf-cart-count]').textContent()).toBe('2');
  await drawer(page).getByRole('button', { name: 'Close' }).click();
  await badge(page).getByRole('button', { name: 'Sign in', exact: true }).click();
  await modal(page).getByRole('button', { name: 'Create an account' }).click();
  await modal(page).getByLabel('Email').fill('hooked@example.com');
  await modal(page).getByLabel('Password', { exact: true }).fill('hooked-123');
  await modal(page).getByLabel('Name shown to others').fill('Hooked');
  await modal(page).getByRole('button', { name: 'Create account', exact: true }).click();
  await badge(page).getByText('Hooked').first().waitFor();
}

/** A visitor's own calls through the API client in Node: a cart made and deleted, a redirect session. */
async function visitorInNode(): Promise<void> {
  const tokens = await anonymousGrant(createApiClient({ apiBase: sandboxUrl }), 'demo-client');
  const client = createApiClient({ apiBase: sandboxUrl, auth: accessTokenAuth(tokens.access_token) });
  await addToCurrentCart(client, { lineItems: [storeLineItem('dace0cad-7e1d-4340-ac45-39a68ab5e3c8', 1)] });
  await deleteCurrentCart(client);
  await createRedirectSession(client, { storesProduct: { productSlug: 'stoneware-mug' } });
}

/** The merchant API: the catalogue and a member. */
async function merchantInNode(memberId: string): Promise<void> {
  const merchant = createApiClient({ apiBase: sandboxUrl, auth: apiKeyAuth('sandbox-admin-key') });
  await catalogueChanges(merchant, { product: 'Hook Mug', collection: 'Hooked on mugs' });
  await updateMemberSlug(merchant, memberId, 'hooked-for-good');
  await deleteMember(merchant, memberId);
}

describe("the webhooks guide's receiver", () => {
  it('gets a verified, typed event of every kind, from the widgets, the API client and the merchant API', async () => {
    const port = await freePort();
    const { lines, errors } = await startReceiver(port);
    await run('bash', ['-euo', 'pipefail', '-c', withAddresses(quickstart('webhooks-subscribe'), port)], {
      cwd: root,
    });

    await shopInTheBrowser();
    await expect
      .poll(() => lines.find((l) => l.startsWith('member.created ')), { timeout: 10_000 })
      .toBeTruthy();
    const memberId = (lines.find((l) => l.startsWith('member.created ')) as string).split(' ')[1] as string;
    await visitorInNode();
    await merchantInNode(memberId);

    const names = () => new Set(lines.map((l) => l.split(' ')[0]));
    await expect
      .poll(names, { timeout: 20_000 })
      .toEqual(new Set([...WEBHOOK_EVENT_NAMES, 'cart', 'Receiving']));
    // The typed handler: the shopper's cart, with its line, from the widgets.
    expect(lines).toContainEqual(expect.stringMatching(/^cart [0-9a-f-]{36}: 1 lines$/));
    expect(errors).toEqual([]);
    // Every attempt was answered 200: nothing was refused.
    const { deliveries } = await (await fetch(`${sandboxUrl}/_sandbox/webhooks/deliveries`)).json();
    expect(deliveries.filter((d: { status: number }) => d.status !== 200)).toEqual([]);
  });
});
