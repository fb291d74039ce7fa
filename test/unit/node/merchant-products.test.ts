import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createSandbox } from '../../../sandbox/app';
import { apiKeyAuth, createApiClient, importProducts, isProductRowsError } from '../../../src/api/index';
import {
  type Call,
  importedProducts,
  isWrite,
  merchantCli,
  productCsv,
  recordingFetch,
} from '../../helpers/merchant';
import { SANDBOX_ORIGIN } from '../../helpers/sandbox';

/**
 * Issue 38: `storefront-widgets products import` against the in-process sandbox: 2,000 rows created, the same
 * file again writing nothing, 10 prices changed by the bulk update alone, a dry run writing nothing, a bad
 * file refused before any call, and a create whose answer was lost not made twice.
 */

const sandboxOf = () => createSandbox({ publicUrl: SANDBOX_ORIGIN });

describe('products import (2,000 rows)', { timeout: 60_000 }, () => {
  const sandbox = sandboxOf();
  const file = productCsv(2000);

  it('creates them all, with their collections (made when missing)', async () => {
    const run = await merchantCli(sandbox, ['products', 'import', file]);
    expect(run.err).not.toContain('row ');
    expect(run.out).toContain('2,000 of 2,000 rows: 2,000 created, 0 updated, 0 unchanged, 0 failed');
    expect(run.out).toContain('collections created: imported');
    expect(run.code).toBe(0);
    const { products, duplicateSkus, duplicateSlugs } = importedProducts(sandbox);
    expect(products).toHaveLength(2000);
    expect([duplicateSkus, duplicateSlugs]).toEqual([0, 0]);
    const tee = products.find((p) => p.sku === 'IMP-0011');
    expect(tee).toMatchObject({
      name: 'Imported item 011',
      visible: false,
      description: '<p>Item "11", imported.</p>',
    });
    expect(tee?.priceData?.price).toBe(14);
    const summer = [...sandbox.context.state.collections.values()].find((c) => c.slug === 'summer');
    expect(products.filter((p) => p.collectionIds?.includes(summer?.id ?? ''))).toHaveLength(1000);
    // Collection membership by batches: 20 batches of 100 rows, in 2 collections each.
    expect(run.calls.filter((c) => c.path.endsWith('/productIds'))).toHaveLength(40);
  });

  it('writes nothing when the same file comes again, and says so', async () => {
    const run = await merchantCli(sandbox, ['products', 'import', file]);
    expect(run.out).toContain('0 created, 0 updated, 2,000 unchanged, 0 failed');
    expect(run.writes).toEqual([]);
    expect(run.code).toBe(0);
  });

  it('sends 10 changed prices with the bulk update, and nothing else', async () => {
    const changed = new Set<string>();
    const edited = productCsv(2000, (cells, i) => {
      if (i % 200 === 3) {
        cells.price = i < 1000 ? '99.99' : '49.50';
        changed.add(cells.sku as string);
      }
    });
    const run = await merchantCli(sandbox, ['products', 'import', edited]);
    expect(run.out).toContain('0 created, 10 updated, 1,990 unchanged, 0 failed');
    expect(run.writes.every((c) => c.path === '/stores/v1/bulk/products/update')).toBe(true);
    expect(run.writes.map((c) => c.body.set)).toEqual(
      expect.arrayContaining([{ price: 99.99 }, { price: 49.5 }]),
    );
    expect(run.writes).toHaveLength(2);
    const ids = run.writes.flatMap((c: Call) => c.body.ids as string[]);
    const skus = ids.map((id) => sandbox.context.state.products.get(id)?.sku);
    expect(new Set(skus)).toEqual(changed);
    expect(sandbox.context.state.products.get(ids[0] as string)?.priceData?.price).toBe(99.99);
  });

  it('--dry-run says what would change and writes nothing', async () => {
    const edited = productCsv(2001, (cells, i) => {
      if (i === 5) cells.name = 'Renamed';
      if (i === 7) cells.collections = 'imported|winter';
    });
    const run = await merchantCli(sandbox, ['products', 'import', edited, '--dry-run']);
    expect(run.writes).toEqual([]);
    expect(run.out).toContain('would create IMP-2000 (row 2002)');
    expect(run.out).toContain('would update IMP-0005 (row 7): name');
    expect(run.out).toContain('would update IMP-0007 (row 9): collections +winter -summer');
    expect(run.out).toContain('price 99.99 → 13');
    expect(run.out).toContain('Dry run, nothing written');
    expect(run.out).toContain('collections would be created: winter');
    expect(importedProducts(sandbox).products).toHaveLength(2000);
  });
});

describe('products import refuses a bad file before any call', () => {
  it('names the row and the column of an unknown column, a bad price and a SKU given twice', async () => {
    const sandbox = sandboxOf();
    const file = productCsv(30, (cells, i) => {
      if (i === 4) cells.price = '€12';
      if (i === 9) cells.sku = 'IMP-0002';
    });
    const run = await merchantCli(sandbox, ['products', 'import', file]);
    expect(run.code).toBe(1);
    expect(run.err).toContain('nothing was written');
    expect(run.err).toContain('row 6, column "price": "€12" is not a price');
    expect(run.err).toContain('row 11, column "sku": "IMP-0002" is given twice: in row 4 and here');
    expect(run.calls).toEqual([]);
    writeFileSync(file, readFileSync(file, 'utf8').replace('sku,name,', 'sku,colour,'));
    const unknown = await merchantCli(sandbox, ['products', 'import', file]);
    expect(unknown.err).toContain('row 1, column "colour": is not a column');
    expect(unknown.calls).toEqual([]);
  });

  it('checks rows given to importProducts the same way (JSON values too)', async () => {
    const sandbox = sandboxOf();
    const calls: Call[] = [];
    const client = createApiClient({
      apiBase: SANDBOX_ORIGIN,
      auth: apiKeyAuth('sandbox-admin-key'),
      fetch: recordingFetch(sandbox, calls),
    });
    const error = await importProducts(client, [
      { sku: 'A', price: -1 },
      { sku: 'B', visible: 'yes', weight: 'heavy' },
    ]).catch((e) => e);
    expect(isProductRowsError(error)).toBe(true);
    expect(error.problems.map((p: { row: number; column: string }) => `${p.row}:${p.column}`)).toEqual([
      '1:price',
      '2:visible',
      '2:weight',
    ]);
    expect(calls).toEqual([]);
  });
});

describe('products import on an unreliable network', () => {
  it('makes each product once when answers are lost (a lost create is looked for by SKU)', async () => {
    const sandbox = sandboxOf();
    sandbox.context.settings.lostAnswerRate = 0.3;
    let lostCreates = 0;
    const fetch: typeof globalThis.fetch = async (input, init) => {
      const create = init?.method === 'POST' && String(input).endsWith('/stores/v1/products');
      try {
        return await sandbox.fetch(input, init);
      } catch (error) {
        if (create) lostCreates += 1;
        throw error;
      }
    };
    const client = createApiClient({ apiBase: SANDBOX_ORIGIN, auth: apiKeyAuth('sandbox-admin-key'), fetch });
    const rows = Array.from({ length: 150 }, (_, i) => ({
      sku: `NET-${i}`,
      name: `Net ${i}`,
      price: 5,
      collections: ['net'],
    }));
    const summary = await importProducts(client, rows, { baseDelayMs: 0, attempts: 10 });
    expect(summary).toMatchObject({ created: 150, failed: 0 });
    const { products, duplicateSkus, duplicateSlugs } = importedProducts(sandbox, 'NET-');
    expect([products.length, duplicateSkus, duplicateSlugs]).toEqual([150, 0, 0]);
    // Creates were made and their answers lost: without the look-up by SKU, they would have been made twice.
    expect(lostCreates).toBeGreaterThan(10);
    expect(products.every((p) => p.collectionIds?.length === 2)).toBe(true);
  });
});

describe('products export', () => {
  it('writes every product as the import takes them: imported again, nothing changes', async () => {
    const sandbox = sandboxOf();
    const csv = await merchantCli(sandbox, ['products', 'export']);
    expect(csv.out.split('\n')[0]).toBe(
      'sku,name,price,description,productType,visible,brand,ribbon,weight,collections,options',
    );
    expect(csv.out).toContain('NW-TEE,Everyday Cotton Tee,25,');
    expect(csv.out).toContain('summer|apparel,Size: Small|Medium|Large|Extra large; Color: White|Black|Navy');
    const file = productCsv(0);
    writeFileSync(file, csv.out);
    const again = await merchantCli(sandbox, ['products', 'import', file]);
    expect(again.writes).toEqual([]);
    expect(again.out).toMatch(/0 created, 0 updated, \d+ unchanged, 0 failed/);
    const json = await merchantCli(sandbox, ['products', 'export', '--format', 'json']);
    const records = JSON.parse(json.out);
    expect(records[0]).toMatchObject({
      sku: 'NW-TEE',
      price: 25,
      options: { Size: ['Small', 'Medium', 'Large', 'Extra large'] },
    });
    writeFileSync(file.replace(/csv$/, 'json'), json.out);
    const fromJson = await merchantCli(sandbox, ['products', 'import', file.replace(/csv$/, 'json')]);
    expect(fromJson.writes.filter(isWrite)).toEqual([]);
    expect(fromJson.code).toBe(0);
  });
});
