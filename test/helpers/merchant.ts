import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import type { Sandbox } from '../../sandbox/app';
import { runMerchantCommand } from '../../src/cli/main';
import type { MerchantIo } from '../../src/cli/merchant';
import { SANDBOX_ORIGIN } from './sandbox';

/** A writable that keeps what is written, as text. */
function capture() {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (chunk: Buffer) => {
    text += chunk.toString('utf8');
  });
  return { stream, text: () => text };
}

export interface Call {
  method: string;
  path: string;
  // biome-ignore lint/suspicious/noExplicitAny: tests read bodies of many shapes
  body: any;
}

/** A call that may change the shop: not a read (a query sent as a POST is a read). */
export const isWrite = (call: Call) => call.method !== 'GET' && !/\/query(-platformized)?$/.test(call.path);

/** The sandbox's in-process `fetch`, keeping every call (method, path, JSON body) in `calls`. */
export function recordingFetch(sandbox: Sandbox, calls: Call[]): typeof fetch {
  return async (input, init) => {
    const request = new Request(input as RequestInfo, init);
    const text = await request.clone().text();
    calls.push({
      method: request.method,
      path: new URL(request.url).pathname,
      body: text ? JSON.parse(text) : undefined,
    });
    return sandbox.fetch(request);
  };
}

/**
 * Runs `storefront-widgets <args>` in-process against an in-process sandbox (its `fetch`), with the merchant's
 * key; `extra` adds to the io (a simulated clock). `calls` are the calls it made.
 */
export async function merchantCli(sandbox: Sandbox, args: string[], extra: Partial<MerchantIo> = {}) {
  const out = capture();
  const err = capture();
  const calls: Call[] = [];
  const code = await runMerchantCommand(args, {
    env: { STOREFRONT_API_KEY: 'sandbox-admin-key', STOREFRONT_API_BASE: SANDBOX_ORIGIN },
    stdout: out.stream,
    stderr: err.stream,
    fetch: recordingFetch(sandbox, calls),
    ...extra,
  });
  // Let the captured streams flush what was written last.
  await new Promise((resolve) => setImmediate(resolve));
  return { code, out: out.text(), err: err.text(), calls, writes: calls.filter(isWrite) };
}

/** A CSV of `count` products `IMP-0000`…, in a new temporary folder; `edit` changes a row's cells. */
export function productCsv(
  count: number,
  edit: (cells: Record<string, string>, i: number) => void = () => {},
): string {
  const lines = ['sku,name,price,description,visible,collections'];
  for (let i = 0; i < count; i++) {
    const cells = {
      sku: `IMP-${String(i).padStart(4, '0')}`,
      name: `Imported item ${String(i % 100).padStart(3, '0')}`,
      price: (10 + (i % 7)).toFixed(2),
      description: `"<p>Item ""${i}"", imported.</p>"`,
      visible: i % 11 === 0 ? 'false' : 'true',
      collections: i % 2 ? 'imported|summer' : 'imported',
    };
    edit(cells, i);
    lines.push(Object.values(cells).join(','));
  }
  const file = join(mkdtempSync(join(tmpdir(), 'sf-import-')), 'products.csv');
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

/** The sandbox's products whose SKU starts with `prefix`, and whether any SKU or slug is held twice. */
export function importedProducts(sandbox: Sandbox, prefix = 'IMP-') {
  const all = [...sandbox.context.state.products.values()];
  const mine = all.filter((p) => p.sku?.startsWith(prefix));
  const skus = new Set(mine.map((p) => p.sku));
  const slugs = new Set(all.map((p) => p.slug));
  return { products: mine, duplicateSkus: mine.length - skus.size, duplicateSlugs: all.length - slugs.size };
}
