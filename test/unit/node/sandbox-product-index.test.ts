import { describe, expect, it } from 'vitest';
import { stableId } from '../../../sandbox/ids';
import { fakeClock, testSandbox } from '../../helpers/sandbox';

/**
 * Issue 38: the sandbox finds a slug's product, a SKU's products and the next numeric id through indexes (no
 * scan of every product at each create or query by SKU). They must answer as the scans did after every write
 * that moves a slug, a SKU or a numeric id: a create, a rename, a delete, a reset. Each test fails if one write
 * forgets the index.
 */

const KEY = { authorization: 'sandbox-admin-key' };
const MUG = stableId('product:stoneware-mug');

function setup() {
  // A clock that stands still: products made one after the other have the same dates, so order ties show.
  const s = testSandbox({ now: fakeClock().now });
  const create = (product: Record<string, unknown>) =>
    s.call('POST', '/stores/v1/products', {
      headers: KEY,
      body: { product: { name: 'Indexed', productType: 'physical', priceData: { price: 5 }, ...product } },
    });
  const update = (id: string, product: Record<string, unknown>) =>
    s.call('PATCH', `/stores/v1/products/${id}`, { headers: KEY, body: { product } });
  const remove = (id: string) => s.call('DELETE', `/stores/v1/products/${id}`, { headers: KEY });
  /** The SKUs and ids a merchant's query answers, in its order. */
  const query = async (filter: unknown, sort: unknown = undefined) => {
    const request = { query: { filter, sort, paging: { limit: 100 } }, includeHiddenProducts: true };
    const res = await s.call('POST', '/stores-reader/v1/products/query-platformized', {
      headers: KEY,
      body: request,
    });
    expect(res.status).toBe(200);
    const products = res.json.products as Array<{ id: string; sku: string }>;
    return { found: products.map((p) => `${p.sku} ${p.id}`), total: res.json.metadata.total as number };
  };
  return { ...s, create, update, remove, query };
}

describe('the product slug index', () => {
  it('frees a renamed product’s old slug and takes its new one, in any case', async () => {
    const s = setup();
    expect((await s.update(MUG, { slug: 'Renamed-Mug' })).status).toBe(200);
    // The old slug is free: asked for, or made from the name.
    expect((await s.create({ name: 'Stoneware Mug' })).json.product.slug).toBe('stoneware-mug');
    const taken = await s.create({ slug: 'renamed-mug' });
    expect(taken.status).toBe(409);
    expect(taken.json.details.applicationError.code).toBe('SLUG_ALREADY_EXISTS');
    expect((await s.create({ name: 'Renamed mug' })).json.product.slug).toBe('renamed-mug-2');
    // The product may keep its own slug, in another case; another product may not take it.
    expect((await s.update(MUG, { slug: 'renamed-MUG' })).status).toBe(200);
    const other = (await s.create({ name: 'Other' })).json.product.id;
    expect((await s.update(other, { slug: 'RENAMED-mug' })).status).toBe(409);
    // Renamed twice: the slug of the first rename is free too.
    expect((await s.update(MUG, { slug: 'mug-three' })).status).toBe(200);
    expect((await s.create({ slug: 'renamed-mug' })).status).toBe(200);
  });

  it('frees a deleted product’s slug', async () => {
    const s = setup();
    expect((await s.remove(MUG)).status).toBe(200);
    expect((await s.create({ name: 'Stoneware Mug' })).json.product.slug).toBe('stoneware-mug');
    const made = (await s.create({ slug: 'short-lived' })).json.product.id;
    expect((await s.create({ slug: 'short-lived' })).status).toBe(409);
    expect((await s.remove(made)).status).toBe(200);
    expect((await s.create({ slug: 'Short-Lived' })).status).toBe(200);
  });

  it('starts again from the seed after a reset', async () => {
    const s = setup();
    expect((await s.create({ slug: 'before-reset' })).status).toBe(200);
    expect((await s.remove(MUG)).status).toBe(200);
    expect((await s.call('POST', '/_sandbox/reset', { body: {} })).status).toBe(200);
    expect((await s.create({ slug: 'before-reset' })).status).toBe(200);
    expect((await s.create({ slug: 'Stoneware-Mug' })).status).toBe(409);
  });
});

describe('the numeric id', () => {
  it('is one more than the highest of the products there are, after creates, deletes and a reset', async () => {
    const s = setup();
    const numericId = async () => (await s.create({})).json.product as { id: string; numericId: string };
    const first = await numericId();
    expect(first.numericId).toBe('1000014');
    const second = await numericId();
    expect(second.numericId).toBe('1000015');
    // Deleting another product changes nothing; deleting the highest makes the next one the highest left's + 1.
    await s.remove(first.id);
    expect((await numericId()).numericId).toBe('1000016');
    const third = await numericId();
    await s.remove(third.id);
    expect((await numericId()).numericId).toBe('1000017');
    await s.call('POST', '/_sandbox/reset', { body: {} });
    expect((await numericId()).numericId).toBe('1000014');
  });
});

describe('the SKU index', () => {
  it('finds a product by its SKU after a create, an update and a delete, and never by an old SKU', async () => {
    const s = setup();
    const skus = async (filter: unknown) => (await s.query(filter)).found.map((line) => line.split(' ')[0]);
    expect(await skus({ sku: 'KC-MUG' })).toEqual(['KC-MUG']);
    expect((await s.update(MUG, { sku: 'KC-MUG-2' })).status).toBe(200);
    expect(await skus({ sku: 'KC-MUG' })).toEqual([]);
    expect(await skus({ sku: 'KC-MUG-2' })).toEqual(['KC-MUG-2']);
    const made = (await s.create({ sku: 'KC-MUG' })).json.product.id;
    expect(await skus({ sku: { $eq: 'KC-MUG' } })).toEqual(['KC-MUG']);
    // A SKU emptied ('' or null) is a product with no SKU, found by none.
    expect((await s.update(made, { sku: null })).status).toBe(200);
    expect(await skus({ sku: 'KC-MUG' })).toEqual([]);
    expect((await s.update(made, { sku: 'KC-MUG' })).status).toBe(200);
    expect(await skus({ sku: 'KC-MUG' })).toEqual(['KC-MUG']);
    await s.remove(made);
    expect(await skus({ sku: 'KC-MUG' })).toEqual([]);
    await s.call('POST', '/_sandbox/reset', { body: {} });
    expect(await skus({ sku: { $in: ['KC-MUG', 'KC-MUG-2'] } })).toEqual(['KC-MUG']);
  });

  it('answers as a scan of every product would: same products, order, total and other conditions', async () => {
    const s = setup();
    // Two products of one SKU (the platform allows it), of the same date, one hidden.
    const first = (await s.create({ sku: 'TWIN', name: 'Twin' })).json.product.id;
    const second = (await s.create({ sku: 'TWIN', name: 'Twin', visible: false })).json.product.id;
    await s.create({ sku: 'OTHER' });
    const twins = await s.query({ sku: 'TWIN' }, [{ fieldName: 'createdDate', order: 'ASC' }]);
    expect(twins).toEqual({ found: [`TWIN ${first}`, `TWIN ${second}`], total: 2 });
    // The same filters under $and: no SKU at the top, so every product is scanned.
    for (const filter of [
      { sku: 'TWIN' },
      { sku: { $in: ['OTHER', 'TWIN', 'NONE', 'KC-MUG'] } },
      { sku: { $in: ['TWIN', 'KC-MUG'], $ne: 'KC-MUG' }, visible: true },
      { sku: { $eq: 'TWIN' }, name: { $startsWith: 'tw' } },
      { sku: 'NONE' },
      { sku: { $startsWith: 'NW-' } },
      { sku: { $in: [] } },
    ]) {
      for (const sort of [undefined, [{ fieldName: 'name', order: 'DESC' }]]) {
        const indexed = await s.query(filter, sort);
        expect(indexed, JSON.stringify(filter)).toEqual(await s.query({ $and: [filter] }, sort));
      }
    }
  });
});
