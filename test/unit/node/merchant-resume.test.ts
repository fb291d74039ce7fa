import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { afterAll, describe, expect, it } from 'vitest';
import { createSandbox } from '../../../sandbox/app';
import { importedProducts, merchantCli, productCsv } from '../../helpers/merchant';
import { SANDBOX_ORIGIN } from '../../helpers/sandbox';

/**
 * Issue 38: an import killed halfway (SIGKILL, as a lost machine or a second Ctrl-C) and run again ends with
 * every product once: no SKU and no slug twice. The import runs as its own process against the sandbox over
 * HTTP; the server in front of the sandbox kills it while it handles the import's 300th create (made, its
 * answer never received), so the kill falls mid-import whatever the machine's speed: no sleep, no timing.
 * The second run goes in-process.
 */

const root = resolve(import.meta.dirname, '../../..');
const ROWS = 2000;
const KILL_AT = 300;
/** The import's calls in flight at once (its default): creates sent before the kill may still be made. */
const CONCURRENCY = 8;

const sandbox = createSandbox({ publicUrl: SANDBOX_ORIGIN });
let child: ChildProcess | undefined;
let exited: Promise<unknown> = Promise.resolve();
let creates = 0;
/** The calls being answered: all are done before the products are counted. */
const inFlight = new Set<Promise<Response>>();

async function answer(request: Request): Promise<Response> {
  const create = request.method === 'POST' && new URL(request.url).pathname === '/stores/v1/products';
  const response = await sandbox.fetch(request);
  if (create && ++creates === KILL_AT) {
    child?.kill('SIGKILL');
    await exited;
  }
  return response;
}

const server = createServer(
  getRequestListener((request) => {
    const answered = answer(request);
    inFlight.add(answered);
    void answered.finally(() => inFlight.delete(answered));
    return answered;
  }),
);
afterAll(() => {
  child?.kill('SIGKILL');
  server.closeAllConnections();
  server.close();
});

describe('products import, killed and run again', { timeout: 120_000 }, () => {
  it(`finishes the job of ${ROWS} rows without a duplicate`, async () => {
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const file = productCsv(ROWS);
    const import1 = spawn(
      process.execPath,
      ['--import', 'tsx', 'bin/storefront-widgets.ts', 'products', 'import', file],
      {
        cwd: root,
        env: { ...process.env, STOREFRONT_API_KEY: 'sandbox-admin-key', STOREFRONT_API_BASE: apiBase },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    child = import1;
    let output = '';
    import1.stdout.on('data', (chunk) => (output += chunk));
    import1.stderr.on('data', (chunk) => (output += chunk));
    exited = once(import1, 'exit');
    const [code, signal] = (await exited) as [number | null, string | null];
    expect({ code, signal, output }).toMatchObject({ code: null, signal: 'SIGKILL' });
    expect(output).not.toContain('rows:');
    // No call is taken after this, and the ones being answered are finished before anything is counted.
    server.close();
    server.closeAllConnections();
    await Promise.allSettled([...inFlight]);

    // Killed mid-import: the creates sent before the kill were made, and no more.
    const before = importedProducts(sandbox).products.length;
    expect(before).toBeGreaterThanOrEqual(KILL_AT);
    expect(before).toBeLessThan(KILL_AT + CONCURRENCY);

    const again = await merchantCli(sandbox, ['products', 'import', file]);
    expect(again.code).toBe(0);
    expect(again.out).toMatch(/ 0 failed/);
    const created = Number(/([\d,]+) created/.exec(again.out)?.[1]?.replace(',', ''));
    expect(created).toBe(ROWS - before);
    const { products, duplicateSkus, duplicateSlugs } = importedProducts(sandbox);
    expect([products.length, duplicateSkus, duplicateSlugs]).toEqual([ROWS, 0, 0]);

    // The job is done: the file a third time changes nothing (collections included).
    const third = await merchantCli(sandbox, ['products', 'import', file]);
    expect(third.out).toContain('0 created, 0 updated, 2,000 unchanged, 0 failed');
    expect(third.writes).toEqual([]);
  });
});
