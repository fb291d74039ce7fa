import { useEffect, useMemo, useSyncExternalStore } from 'react';
import type { Product } from '../api/types/products';
import { listKey, own, readKey } from '../store/product-keys';
import type { ProductList, ProductListQuery, ProductRead, ProductRef, ProductSort } from '../store/types';
import { useKeyedMemo } from '../ui/keyed-memo';
import { useStorefrontContext } from './context';
import { nothing } from './hooks';
import { type Problem, useProblem } from './problems';
import { productTexts, useTexts } from './texts';

/** A product asked for by its slug (`"everyday-cotton-tee"`, or `{ slug }`) or by its id (`{ productId }`). */
export type ProductLookup =
  | string
  | { slug: string; productId?: undefined }
  | { productId: string; slug?: undefined };

/** What `useProduct()` gives. */
export interface ProductState {
  /** `loading`, `ready`, `missing` (the catalogue has no such visible product) or `error`. */
  status: ProductRead['status'];
  /** The platform's product (with its variants, options, media and stock) once ready. */
  product: Product | null;
  /** Why the read failed (`product_failed`, `network_error`). */
  problem: Problem | null;
  /** Tries a failed read again. */
  reload(): Promise<void>;
}

/** The store's reference for a lookup. */
const refOf = (lookup: ProductLookup): ProductRef =>
  typeof lookup === 'string'
    ? { slug: lookup }
    : lookup.productId === undefined
      ? { slug: lookup.slug }
      : { id: lookup.productId };

/**
 * A product from the catalogue by its slug or id, read once for the page and shared with every `<Product>` and
 * `<ProductGrid>` that shows it (a grid that brought it already makes it ready with no request): `status`,
 * the platform's `product` entity (with its variants) and a typed `problem`; `reload` tries a failed read again.
 *
 * @example
 * const { status, product } = useProduct({ slug: 'everyday-cotton-tee' }); // or useProduct('everyday-cotton-tee')
 * return status === 'ready' ? <h1>{product?.name}</h1> : null;
 */
export function useProduct(lookup: ProductLookup): ProductState {
  const { started, live } = useStorefrontContext('useProduct()');
  const store = started?.store;
  const key = readKey(refOf(lookup));
  // One reference while the lookup names the same product (a new object on every render is the same lookup).
  const ref = useKeyedMemo(key, () => refOf(lookup));
  // Read by the storefront once it runs, and by a new one (a new `clientId`), whose store has read nothing.
  useEffect(() => {
    void store?.getState().loadProduct(ref);
  }, [store, ref]);
  const read = useSyncExternalStore(
    store ? store.subscribe : nothing,
    () => store?.getState().products.reads[key],
    () => undefined,
  );
  const product = useSyncExternalStore(
    store ? store.subscribe : nothing,
    () => (read?.id && store ? own(store.getState().products.items, read.id) : undefined),
    () => undefined,
  );
  const problem = useProblem(read?.problem, 'product', useTexts(started, productTexts));
  const reload = useMemo(
    () => () => live.whenStarted().then(({ store: s }) => s.getState().loadProduct(ref)),
    [live, ref],
  );
  return { status: read?.status ?? 'loading', product: product ?? null, problem, reload };
}

/** A list of products: a collection's (by slug or id; every product without), in an order, a page at a time. */
export interface ProductsQuery {
  collection?: string;
  /** The catalogue's own order without. */
  sort?: ProductSort;
  /** Products a page, 1 to 100; 12 by default. */
  pageSize?: number;
}

/** What `useProducts()` gives. */
export interface ProductsState {
  /** `loading` (the first page), `ready` or `error` (the first page failed). */
  status: ProductList['status'];
  /** The products of the pages read so far, in order. */
  products: Product[];
  /** How many products match, when the catalogue counted them. */
  total: number | null;
  /** Whether there is a next page. */
  hasMore: boolean;
  /** The next page is on its way. */
  loadingMore: boolean;
  /**
   * Why the first page or the last "load more" failed (`products_failed`, `network_error`), or
   * `collection_missing` (the list is then empty).
   */
  problem: Problem | null;
  /** Reads the next page (nothing when there is none, or one is on its way). */
  loadMore(): Promise<void>;
  /** Tries a failed read again: the first page, or the next one after a failed `loadMore`. */
  reload(): Promise<void>;
}

/**
 * The products of a collection (or every product), page after page, for a grid the app draws itself
 * (headless): the same store and catalogue cache as `<ProductGrid>` and `<Product>`. A `<ProductGrid>` with the
 * same `collection`, `sort` and `pageSize` is the same list: one request a page for both, and `loadMore` here
 * shows the next page there too.
 *
 * @example
 * const { products, hasMore, loadingMore, loadMore } = useProducts({ collection: 'summer', pageSize: 8 });
 * <ul>{products.map((p) => <li key={p.id}>{p.name}</li>)}</ul>
 * {hasMore ? <button disabled={loadingMore} onClick={loadMore}>More</button> : null}
 */
export function useProducts(query: ProductsQuery = {}): ProductsState {
  const { started, live } = useStorefrontContext('useProducts()');
  const store = started?.store;
  const key = listKey(query);
  const { collection, sort, pageSize } = query;
  // One query while it asks the same (`key`).
  const list: ProductListQuery = useKeyedMemo(key, () => ({
    ...(collection ? { collection } : {}),
    ...(sort ? { sort } : {}),
    ...(pageSize ? { pageSize } : {}),
  }));
  useEffect(() => {
    void store?.getState().loadProducts(list);
  }, [store, list]);
  const read = useSyncExternalStore(
    store ? store.subscribe : nothing,
    () => store?.getState().products.lists[key],
    () => undefined,
  );
  const items = useSyncExternalStore(
    store ? store.subscribe : nothing,
    () => store?.getState().products.items,
    () => undefined,
  );
  const ids = read?.ids;
  const products = useMemo(
    () => (ids && items ? ids.flatMap((id) => own(items, id) ?? []) : []),
    [ids, items],
  );
  const problem = useProblem(read?.problem, 'products', useTexts(started, productTexts));
  const actions = useMemo(() => {
    const state = () => live.whenStarted().then(({ store: s }) => s.getState());
    return {
      loadMore: () => state().then((s) => s.loadMoreProducts(list)),
      reload: () =>
        state().then((s) =>
          s.products.lists[key]?.more === 'error' ? s.loadMoreProducts(list) : s.loadProducts(list),
        ),
    };
  }, [live, list, key]);
  return {
    status: read?.status ?? 'loading',
    products,
    total: read?.total ?? null,
    hasMore: read?.hasMore ?? false,
    loadingMore: read?.more === 'loading',
    problem,
    ...actions,
  };
}
