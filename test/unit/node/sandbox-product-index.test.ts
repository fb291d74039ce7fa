import { describe, expect, it } from 'vitest';
import { stableId } from '../../../sandbox/ids';
import { testSandbox } from '../../helpers/sandbox';

/**
 * Issue 38: the sandbox finds a slug's product and the next numeric id through indexes (no scan of every
 * product at each create). They must answer as the scans did after every write that moves a slug or a
 * numeric id: a rename, a delete, a reset. Each test fails if one write forgets the index.
 */

const KEY = { authorization: 'sandbox-admin-key' };
const MUG = stableId('product:stoneware-mug');

function setup() {
  const s = testSandbox();
  const create = (product: Record<string, unknown>) =>
    s.call('POST', '/stores/v1/products', {
      headers: KEY,
      body: { product: { name: 'Indexed', productType: 'physical', priceData: { price: 5 }, ...product } },
    });
  const update = (id: string, product: Record<string, unknown>) =>
    s.call('PATCH', `/stores/v1/products/${id}`, { headers: KEY, body: { product } });
  const remove = (id: string) => s.call('DELETE', `/stores/v1/products/${id}`, { headers: KEY });
  return { ...s, create, update, remove };
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
