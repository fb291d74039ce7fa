/**
 * `storefront-widgets/react`'s headless catalogue (issue 24): `useProduct({ slug } | { productId } | slug)` and
 * `useProducts({ collection, sort, pageSize })` with `loadMore`, on the same store and catalogue cache as
 * `<Product>` and `<ProductGrid>`, and their problems as typed values. Real React (19, and 18 in the react18
 * project) in happy-dom, against the in-process sandbox.
 */
import { act, createElement, version } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type Problem,
  ProductGrid,
  StorefrontProvider,
  useProduct,
  useProducts,
} from '../../../src/react/index';
import { click, probe, reactRoot, type Sent, shadowOf } from '../../helpers/react-app';
import { SANDBOX_ORIGIN } from '../../helpers/sandbox';
import { getByRole, textOf } from '../../helpers/widget';

const app = reactRoot();
afterEach(() => app.cleanup());

/** The catalogue's requests: a page of products (or a product by slug), and a product by id. */
const QUERY = '/stores-reader/v1/products/query-platformized';

/** The page a catalogue query asks for (its query, base64url JSON in `.r`, as the platform's GETs carry it). */
const pagingOf = (request: Sent) =>
  (
    JSON.parse(Buffer.from(new URLSearchParams(request.search).get('.r') ?? '', 'base64url').toString()) as {
      query: { paging: unknown };
    }
  ).query.paging;

describe(`useProducts() and useProduct() on React ${version}`, () => {
  it('pages a collection with loadMore, on the same list as a <ProductGrid> of the same query: one request a page for both', async () => {
    const p = app.platform();
    const query = { collection: 'summer', sort: 'price-asc', pageSize: 1 } as const;
    const list = probe(() => useProducts(query));
    await app.show(
      <StorefrontProvider clientId="demo-client" apiBase={SANDBOX_ORIGIN} fetch={p.sandboxFetch}>
        <list.Probe />
        <ProductGrid {...query} />
      </StorefrontProvider>,
    );
    await vi.waitFor(() => expect(list.current.status).toBe('ready'));
    const names = () => list.current.products.map((product) => product.name);
    expect(names()).toEqual(['Everyday Cotton Tee']);
    expect(list.current.hasMore).toBe(true);
    expect(list.current.total).toBe(4);
    expect(list.current.problem).toBeNull();
    const grid = shadowOf('sf-product-grid');
    const cards = () => [...grid.querySelectorAll('[part="name"]')].map((n) => textOf(n));
    await vi.waitFor(() => expect(cards()).toEqual(names()));
    expect(p.requestsTo(QUERY)).toHaveLength(1);

    // The hook's "load more" is the grid's too.
    let more: Promise<void> | undefined;
    await act(async () => {
      more = list.current.loadMore();
    });
    await act(() => more as Promise<void>);
    expect(names()).toEqual(['Everyday Cotton Tee', 'Insulated Steel Bottle']);
    expect(list.current.loadingMore).toBe(false);
    await vi.waitFor(() => expect(cards()).toEqual(names()));
    expect(p.requestsTo(QUERY)).toHaveLength(2);
    expect(p.requestsTo(QUERY).map(pagingOf)).toEqual([
      { offset: 0, limit: 1 },
      { offset: 1, limit: 1 },
    ]);
    // And the grid's is the hook's.
    await click(getByRole(grid, 'button', 'Load more'));
    await vi.waitFor(() => expect(list.current.products).toHaveLength(3));
    expect(cards()).toEqual(names());
    expect(p.requestsTo(QUERY)).toHaveLength(3);
  });

  it('reads a product by slug, by { slug } and by { productId }, once for the page, shared with a list that brought it', async () => {
    const p = app.platform();
    const mug = p.productId('stoneware-mug');
    const bySlug = probe(() => useProduct('stoneware-mug'));
    const byObject = probe(() => useProduct({ slug: 'stoneware-mug' }));
    const byId = probe(() => useProduct({ productId: mug }));
    const tee = probe(() => useProduct({ slug: 'everyday-cotton-tee' }));
    const list = probe(() => useProducts({ collection: 'summer', sort: 'price-asc', pageSize: 2 }));
    await app.show(
      <StorefrontProvider clientId="demo-client" apiBase={SANDBOX_ORIGIN} fetch={p.sandboxFetch}>
        <bySlug.Probe />
        <byObject.Probe />
        <byId.Probe />
        <list.Probe />
      </StorefrontProvider>,
    );
    await vi.waitFor(() => expect(list.current.status).toBe('ready'));
    await vi.waitFor(() =>
      expect([bySlug, byObject, byId].map((read) => read.current.status)).toEqual([
        'ready',
        'ready',
        'ready',
      ]),
    );
    expect(bySlug.current.product?.id).toBe(mug);
    expect(byObject.current.product).toBe(bySlug.current.product);
    expect(byId.current.product).toBe(bySlug.current.product);
    // The slug's read (one request for both slug forms) and the id's read (one request).
    expect(p.requestsTo(QUERY)).toHaveLength(2);
    expect(p.requestsTo(`/stores-reader/v1/products/${mug}`)).toHaveLength(1);

    // A product the list brought is ready with no request.
    const before = p.sent.length;
    await app.show(
      <StorefrontProvider clientId="demo-client" apiBase={SANDBOX_ORIGIN} fetch={p.sandboxFetch}>
        <list.Probe />
        <tee.Probe />
      </StorefrontProvider>,
    );
    await vi.waitFor(() => expect(tee.current.status).toBe('ready'));
    expect(tee.current.product?.name).toBe('Everyday Cotton Tee');
    expect(p.sent.slice(before)).toEqual([]);
  });

  it("gives its problems as typed values in the provider's language, and tries again with reload", async () => {
    const p = app.platform();
    const list = probe(() => useProducts({ pageSize: 3 }));
    const missing = probe(() => useProducts({ collection: 'no-such-collection' }));
    const product = probe(() => useProduct({ slug: 'no-such-product' }));
    const stop = p.intercept((r) =>
      r.path.endsWith(QUERY)
        ? Response.json({ message: 'The catalogue is resting' }, { status: 503 })
        : undefined,
    );
    await app.show(
      <StorefrontProvider clientId="demo-client" apiBase={SANDBOX_ORIGIN} fetch={p.sandboxFetch} lang="de">
        <list.Probe />
        <missing.Probe />
        <product.Probe />
      </StorefrontProvider>,
    );
    await vi.waitFor(() => expect(list.current.status).toBe('error'));
    const failed: Problem = {
      code: 'products_failed',
      message: 'Die Produkte konnten nicht geladen werden.',
      key: 'productsFailed',
      detail: 'The catalogue is resting',
      scope: 'products',
    };
    await vi.waitFor(() => expect(list.current.problem).toEqual(failed));
    await vi.waitFor(() => expect(product.current.problem?.code).toBe('product_failed'));
    expect(product.current.problem?.message).toBe('Dieses Produkt konnte nicht geladen werden.');
    await vi.waitFor(() => expect(missing.current.problem?.code).toBe('collection_missing'));
    expect(missing.current).toMatchObject({ status: 'ready', products: [], hasMore: false });
    expect(missing.current.problem).toMatchObject({ key: 'collectionMissing', detail: 'no-such-collection' });

    stop();
    await act(() => list.current.reload());
    expect(list.current.status).toBe('ready');
    expect(list.current.problem).toBeNull();
    expect(list.current.products).toHaveLength(3);
    await act(() => product.current.reload());
    expect(product.current.status).toBe('missing');
    expect(product.current.problem).toBeNull();
  });
});
