import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, inject, it } from 'vitest';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../..');
const sandboxUrl = inject('sandboxUrl');

afterAll(async () => {
  await fetch(`${sandboxUrl}/_sandbox/reset`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
  });
});

describe('the API library from Node', () => {
  it('is exported as "." and "./api" with type declarations', async () => {
    const { stdout } = await run(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const a = await import('storefront-widgets'); const b = await import('storefront-widgets/api');
       console.log(JSON.stringify({ same: a.createApiClient === b.createApiClient, fns: typeof a.bulkAdjustProductProperty, status: a.MemberStatus.PENDING }));`,
      ],
      { cwd: root },
    );
    expect(JSON.parse(stdout)).toEqual({ same: true, fns: 'function', status: 'PENDING' });
    expect(existsSync(resolve(root, 'dist/api/index.d.ts'))).toBe(true);
    expect(existsSync(resolve(root, 'dist/api/http.d.ts'))).toBe(true);
  });

  it("runs the README's merchant script: a bulk price edit of a collection", async () => {
    const before = await (
      await fetch(`${sandboxUrl}/stores-reader/v1/products/query-platformized`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'sandbox-admin-key' },
        body: JSON.stringify({ query: { filter: { slug: 'linen-shirt' } } }),
      })
    ).json();
    expect(before.products[0].priceData.price).toBe(60);

    const { stdout } = await run(process.execPath, ['examples/bulk-price-edit.mjs', 'summer', '10'], {
      cwd: root,
      env: { ...process.env, API_BASE: sandboxUrl, WIX_API_KEY: 'sandbox-admin-key' },
    });
    expect(stdout.trim()).toMatch(/^Summer: (\d+) of \1 products up 10 %$/);

    const after = await (
      await fetch(`${sandboxUrl}/stores-reader/v1/products/query-platformized`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'sandbox-admin-key' },
        body: JSON.stringify({ query: { filter: { slug: 'linen-shirt' } } }),
      })
    ).json();
    expect(after.products[0].priceData).toMatchObject({ price: 66, discountedPrice: 52.8 });
  });

  it('explains a wrong API key and exits 1', async () => {
    const failure = await run(process.execPath, ['examples/bulk-price-edit.mjs', 'summer', '10'], {
      cwd: root,
      env: { ...process.env, API_BASE: sandboxUrl, WIX_API_KEY: 'wrong-key' },
    }).catch((error: { code: number; stderr: string }) => error);
    expect((failure as { code: number }).code).toBe(1);
    expect((failure as { stderr: string }).stderr).toMatch(
      /^Invalid access token \(HTTP 401, request id \d+\.\d+\)/,
    );
  });
});
