import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { type SandboxServer, startSandboxServer } from '../../../sandbox/server';
import { importedProducts, merchantCli, productCsv } from '../../helpers/merchant';

/**
 * Issue 38: an import killed halfway (SIGKILL, as a lost machine or a second Ctrl-C) and run again ends with
 * every product once: no SKU and no slug twice. The import runs as its own process against the sandbox's
 * HTTP server, and is killed once the sandbox holds a number of its products (no sleep: the sandbox's state
 * is watched); the second run goes in-process.
 */

const root = resolve(import.meta.dirname, '../../..');
let server: SandboxServer | undefined;
afterAll(() => server?.close());

describe('products import, killed and run again', { timeout: 120_000 }, () => {
  it('finishes the job without a duplicate', async () => {
    server = await startSandboxServer({ port: 0 });
    const { sandbox } = server;
    const file = productCsv(1000);
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'bin/storefront-widgets.ts', 'products', 'import', file],
      {
        cwd: root,
        env: { ...process.env, STOREFRONT_API_KEY: 'sandbox-admin-key', STOREFRONT_API_BASE: server.url },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
    await vi.waitFor(
      () => {
        if (child.exitCode !== null) throw new Error(`the import ended before it was killed: ${output}`);
        expect(importedProducts(sandbox).products.length).toBeGreaterThanOrEqual(150);
      },
      { timeout: 90_000, interval: 2 },
    );
    child.kill('SIGKILL');
    await exited;
    const before = importedProducts(sandbox).products.length;
    expect(before).toBeLessThan(1000);

    const run = await merchantCli(sandbox, ['products', 'import', file], {
      fetch: (input, init) => sandbox.fetch(input, init),
      env: { STOREFRONT_API_KEY: 'sandbox-admin-key', STOREFRONT_API_BASE: server.url },
    });
    expect(run.code).toBe(0);
    expect(run.out).toMatch(/ 0 failed/);
    const created = Number(/([\d,]+) created/.exec(run.out)?.[1]?.replace(',', ''));
    expect(created).toBe(1000 - before);
    const { products, duplicateSkus, duplicateSlugs } = importedProducts(sandbox);
    expect([products.length, duplicateSkus, duplicateSlugs]).toEqual([1000, 0, 0]);
  });
});
