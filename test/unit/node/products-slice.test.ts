import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../../src/auth/storage';
import { listKey, readKey } from '../../../src/store/product-keys';
import { sessionHarness } from '../../helpers/session';

const ADMIN = { authorization: 'sandbox-admin-key' };

function setup() {
  const h = sessionHarness();
  const { store } = h.storeWith({ storage: memoryStorage() });
  const reads = () => h.wire.filter((r) => r.path.startsWith('/stores-reader/') || r.path.startsWith('/v2/'));
  const id = (slug: string) =>
    [...h.sandbox.context.state.products.values()].find((p) => p.slug === slug)?.id as string;
  const names = (query: Parameters<typeof listKey>[0]) =>
    (store.getState().products.lists[listKey(query)]?.ids ?? []).map(
      (productId) => store.getState().products.items[productId]?.name,
    );
  return { h, store, reads, id, names };
}

describe('the catalogue’s slice of the store', () => {
  it('reads a grid’s page in one request, with the variants, and keeps it for the page: a second grid asks nothing', async () => {
    const { store, reads, names } = setup();
    await Promise.all([store.getState().loadProducts({}), store.getState().loadProducts({})]);
    expect(reads()).toHaveLength(1);
    expect(reads()[0]?.path).toBe('/stores-reader/v1/products/query-platformized');
    const list = store.getState().products.lists[listKey({})];
    expect(list).toMatchObject({ status: 'ready', total: 14, hasMore: true, more: 'idle' });
    expect(names({})).toHaveLength(12);
    const tee = Object.values(store.getState().products.items).find((p) => p.slug === 'everyday-cotton-tee');
    expect(tee?.variants).toHaveLength(12);
    await store.getState().loadProducts({});
    expect(reads()).toHaveLength(1);
  });

  it('loads more: the next page appended, then no more', async () => {
    const { store, reads, names } = setup();
    await store.getState().loadProducts({ pageSize: 5, sort: 'name-asc' });
    const query = { pageSize: 5, sort: 'name-asc' } as const;
    await store.getState().loadMoreProducts(query);
    await store.getState().loadMoreProducts(query);
    const all = names(query);
    expect(all).toHaveLength(14);
    expect(all).toEqual([...all].sort((a, b) => String(a).localeCompare(String(b))));
    expect(store.getState().products.lists[listKey(query)]).toMatchObject({ hasMore: false, total: 14 });
    // The end: "Load more" has nothing to ask.
    await store.getState().loadMoreProducts(query);
    expect(reads()).toHaveLength(3);
  });

  it('sorts by price, and takes a collection by slug (looked up once for every grid of the page) or by id', async () => {
    const { h, store, reads, names } = setup();
    await store.getState().loadProducts({ collection: 'summer', sort: 'price-asc' });
    await store.getState().loadProducts({ collection: 'summer', sort: 'price-desc' });
    expect(reads().filter((r) => r.path === '/v2/collections/slug/summer')).toHaveLength(1);
    const ascending = names({ collection: 'summer', sort: 'price-asc' });
    expect(ascending).toEqual([
      'Everyday Cotton Tee',
      'Insulated Steel Bottle',
      'Linen Camp Shirt',
      'Polarized Sunglasses',
    ]);
    expect(names({ collection: 'summer', sort: 'price-desc' })).toEqual([...ascending].reverse());
    const { json } = await h.call('GET', '/v2/collections/slug/accessories', { headers: ADMIN });
    const before = reads().length;
    await store.getState().loadProducts({ collection: json.collection.id });
    expect(reads().length - before).toBe(1);
    expect(names({ collection: json.collection.id })).toContain('Merino Wool Beanie');
  });

  it('shows a collection that does not exist as an empty list saying so', async () => {
    const { store } = setup();
    await store.getState().loadProducts({ collection: 'winter' });
    expect(store.getState().products.lists[listKey({ collection: 'winter' })]).toMatchObject({
      status: 'ready',
      ids: [],
      problem: { key: 'collectionMissing', detail: 'winter' },
    });
  });

  it('reads one product by slug or id once; none at all when a grid brought it', async () => {
    const { store, reads, id } = setup();
    await store.getState().loadProduct({ slug: 'stoneware-mug' });
    expect(reads()).toHaveLength(1);
    expect(store.getState().products.reads[readKey({ slug: 'stoneware-mug' })]).toMatchObject({
      status: 'ready',
      id: id('stoneware-mug'),
    });
    await store.getState().loadProduct({ id: id('linen-shirt') });
    expect(reads().at(-1)?.path).toBe(`/stores-reader/v1/products/${id('linen-shirt')}`);
    await store.getState().loadProducts({ collection: 'summer' });
    const count = reads().length;
    await store.getState().loadProduct({ slug: 'everyday-cotton-tee' });
    await store.getState().loadProduct({ id: id('polarized-sunglasses') });
    expect(reads().length).toBe(count);
    expect(store.getState().products.reads[readKey({ slug: 'everyday-cotton-tee' })]?.status).toBe('ready');
  });

  it('tells a product that is not there (or hidden) from a failed read, and tries a failed one again', async () => {
    const { h, store, id } = setup();
    await store.getState().loadProduct({ slug: 'no-such-thing' });
    await store.getState().loadProduct({ id: '6f2b8ab6-9c0e-4d9a-8a9c-000000000000' });
    expect(store.getState().products.reads[readKey({ slug: 'no-such-thing' })]?.status).toBe('missing');
    expect(
      store.getState().products.reads[readKey({ id: '6f2b8ab6-9c0e-4d9a-8a9c-000000000000' })]?.status,
    ).toBe('missing');
    await h.call('PATCH', '/_sandbox/settings', { body: { failureRate: 1 } });
    await store.getState().loadProduct({ id: id('soy-candle') });
    const failed = store.getState().products.reads[readKey({ id: id('soy-candle') })];
    expect(failed?.status).toBe('error');
    expect(failed?.problem?.key).toBe('productFailed');
    await store.getState().loadProducts({});
    expect(store.getState().products.lists[listKey({})]?.status).toBe('error');
    await h.call('PATCH', '/_sandbox/settings', { body: { failureRate: 0 } });
    await store.getState().loadProduct({ id: id('soy-candle') });
    await store.getState().loadProducts({});
    expect(store.getState().products.reads[readKey({ id: id('soy-candle') })]?.status).toBe('ready');
    expect(store.getState().products.lists[listKey({})]?.status).toBe('ready');
  });

  it('keeps what it read for the page’s life: a merchant’s new price shows on the next page (a new store)', async () => {
    const { h, store, id } = setup();
    await store.getState().loadProduct({ slug: 'stoneware-mug' });
    const mug = id('stoneware-mug');
    const edited = await h.call('POST', '/stores/v1/bulk/products/update', {
      headers: ADMIN,
      body: { ids: [mug], set: { price: 21 } },
    });
    expect(edited.status).toBe(200);
    await store.getState().loadProduct({ slug: 'stoneware-mug' });
    expect(store.getState().products.items[mug]?.priceData?.price).toBe(18);
    const { store: next } = h.storeWith({ storage: memoryStorage() });
    await next.getState().loadProduct({ slug: 'stoneware-mug' });
    expect(next.getState().products.items[mug]?.priceData?.price).toBe(21);
  });

  it('keys a grid by its query, page sizes from 1 to 100 (12 when not a whole number)', () => {
    expect(listKey({ pageSize: 0 })).toBe(listKey({}));
    expect(listKey({ pageSize: 2.5 })).toBe(listKey({ pageSize: 12 }));
    expect(listKey({ pageSize: 500 })).toBe(listKey({ pageSize: 100 }));
    expect(listKey({ collection: 'a' })).not.toBe(listKey({ collection: 'b' }));
  });
});
