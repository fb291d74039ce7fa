import { isApiError } from '../api/errors';
import { getCollectionBySlug, getProduct, queryProductsPage } from '../api/products';
import type { Filter, QueryRequest } from '../api/query-builder';
import type { PagingMetadata } from '../api/types/common';
import type { Product } from '../api/types/products';
import { problemOf } from './problems';
import { withProducts } from './product-items';
import { listKey, own, pageSizeOf, readKey, SORTS } from './product-keys';
import type {
  ProductActions,
  ProductList,
  ProductListQuery,
  ProductRead,
  ProductsSlice,
  SliceContext,
} from './types';

export type ProductCalls = ProductActions;

/** Collection ids: GUIDs, and the platform's "All Products" `00000000-000000-000000-000000000001`. */
const COLLECTION_ID =
  /^[0-9a-f]{8}-(?:[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}|[0-9a-f]{6}-[0-9a-f]{6})-[0-9a-f]{12}$/i;

/** How many products match, unless the catalogue did not count them. */
const totalOf = (metadata: PagingMetadata | undefined) =>
  metadata?.tooManyToCount ? undefined : metadata?.total;

/** Offset paging (WIRE.md 11): there is more while `offset + count < total` (a full page, when uncounted). */
const hasMore = (offset: number, count: number, limit: number, metadata: PagingMetadata | undefined) => {
  const total = totalOf(metadata);
  return total === undefined ? count === limit && count > 0 : offset + count < total;
};

/**
 * The catalogue's reads for the store (`productActions` in `product-actions.ts` loads them with the product
 * elements): one request per grid page and per product the page has not seen yet, each at most once at a time,
 * their answers kept for the page's life.
 */
export function productCalls(ctx: SliceContext): ProductCalls {
  const slice = catalogueSlice(ctx);
  return { loadProduct: productRead(ctx, slice), ...gridReads(ctx, slice) };
}

type CatalogueSlice = ReturnType<typeof catalogueSlice>;

/** The slice's writes, and the reads on their way (a second element asking for the same joins the first). */
function catalogueSlice({ set }: SliceContext) {
  /** Reads on their way, by key. */
  const flights = new Map<string, Promise<void>>();
  const patch = (change: (slice: ProductsSlice) => Partial<ProductsSlice>) =>
    set((state) => ({ products: { ...state.products, ...change(state.products) } }));
  return {
    flights,
    setRead: (key: string, read: ProductRead) =>
      patch((slice) => ({ reads: { ...slice.reads, [key]: read } })),
    setList: (key: string, list: Partial<ProductList>) =>
      patch((slice) => ({
        lists: { ...slice.lists, [key]: { ...(slice.lists[key] ?? EMPTY_LIST), ...list } },
      })),
    /** Keeps products by id and slug (`withProducts`). */
    keep: (products: Product[]) => patch((slice) => withProducts(slice, products)),
    once(key: string, run: () => Promise<void>) {
      let flight = flights.get(key);
      if (!flight) {
        flight = run().finally(() => flights.delete(key));
        flights.set(key, flight);
      }
      return flight;
    },
  };
}

/** One product, by its id or slug, read once for the page (none when a grid already brought it). */
function productRead({ get, session }: SliceContext, slice: CatalogueSlice): ProductCalls['loadProduct'] {
  const { setRead } = slice;
  return (ref) => {
    const key = readKey(ref);
    const read = get().products.reads[key];
    if (read && read.status !== 'error') return slice.flights.get(key) ?? Promise.resolve();
    const { items, slugs } = get().products;
    const known = ref.id ? own(items, ref.id)?.id : own(slugs, ref.slug as string);
    if (known) {
      setRead(key, { status: 'ready', id: known, problem: null });
      return Promise.resolve();
    }
    return slice.once(key, async () => {
      setRead(key, { status: 'loading', id: null, problem: null });
      try {
        const product = ref.id
          ? (await getProduct(session.client, ref.id)).product
          : (
              await queryProductsPage(
                session.client,
                { filter: { slug: ref.slug }, paging: { offset: 0, limit: 1 } },
                { includeVariants: true },
              )
            ).products?.[0];
        if (product?.id) slice.keep([product]);
        setRead(key, { status: product?.id ? 'ready' : 'missing', id: product?.id ?? null, problem: null });
      } catch (error) {
        if (isApiError(error) && error.status === 404)
          setRead(key, { status: 'missing', id: null, problem: null });
        else setRead(key, { status: 'error', id: null, problem: problemOf(error, 'productFailed') });
      }
    });
  };
}

/** A grid's products: its first page, then page after page ("Load more"). */
function gridReads(
  { get, session }: SliceContext,
  slice: CatalogueSlice,
): Pick<ProductCalls, 'loadProducts' | 'loadMoreProducts'> {
  const api = session.client;
  const { setList, once, flights } = slice;
  /** Each grid's query and where its next page starts. */
  const pages = new Map<string, QueryRequest>();
  const gridQuery = gridQueries(api);

  /** Reads a page of a grid's query and shows it after the cards it has. */
  const readPage = async (key: string, request: QueryRequest, ids: string[]) => {
    const { products = [], metadata } = await queryProductsPage(api, request, { includeVariants: true });
    const { offset, limit } = request.paging;
    pages.set(key, { ...request, paging: { offset: offset + limit, limit } });
    slice.keep(products);
    setList(key, {
      status: 'ready',
      ids: [...ids, ...products.flatMap((p) => (p.id && !ids.includes(p.id) ? [p.id] : []))],
      total: totalOf(metadata),
      hasMore: hasMore(offset, products.length, limit, metadata),
      more: 'idle',
      problem: null,
    });
  };

  return {
    loadProducts(query) {
      const key = listKey(query);
      const list = get().products.lists[key];
      if (list && list.status !== 'error') return flights.get(key) ?? Promise.resolve();
      return once(key, async () => {
        setList(key, { status: 'loading', problem: null });
        try {
          const request = await gridQuery(query);
          if (request) await readPage(key, request, []);
          else
            setList(key, {
              ...EMPTY_LIST,
              status: 'ready',
              problem: { key: 'collectionMissing', detail: query.collection },
            });
        } catch (error) {
          setList(key, { status: 'error', problem: problemOf(error, 'productsFailed') });
        }
      });
    },

    loadMoreProducts(query) {
      const key = listKey(query);
      const list = get().products.lists[key];
      if (!list?.hasMore || list.more === 'loading') return flights.get(key) ?? Promise.resolve();
      return once(key, async () => {
        setList(key, { more: 'loading', problem: null });
        try {
          // A list handed over by a server (React's `products`) goes on from the cards it has.
          const next =
            pages.get(key) ??
            (await gridQuery(query).then(
              (request) => request && { ...request, paging: { ...request.paging, offset: list.ids.length } },
            ));
          if (next) await readPage(key, next, get().products.lists[key]?.ids ?? []);
          else setList(key, { more: 'idle', hasMore: false });
        } catch (error) {
          setList(key, { more: 'error', problem: problemOf(error, 'productsFailed') });
        }
      });
    },
  };
}

/**
 * A grid's query: its collection's products (every product without one), in its order, a page at a time; null
 * for a collection the catalogue does not have. Collection ids by slug are looked up once for every grid.
 */
function gridQueries(api: SliceContext['session']['client']) {
  const collections = new Map<string, Promise<string | null>>();
  const collectionId = (collection: string): Promise<string | null> => {
    if (COLLECTION_ID.test(collection)) return Promise.resolve(collection);
    let id = collections.get(collection);
    if (!id) {
      id = getCollectionBySlug(api, collection).then(
        ({ collection: found }) => found.id ?? null,
        (error: unknown) => {
          if (isApiError(error) && error.status === 404) return null;
          collections.delete(collection);
          throw error;
        },
      );
      collections.set(collection, id);
    }
    return id;
  };
  return async (query: ProductListQuery): Promise<QueryRequest | null> => {
    let filter: Filter = {};
    if (query.collection) {
      const id = await collectionId(query.collection);
      if (!id) return null;
      filter = { collectionIds: { $hasSome: [id] } };
    }
    const sort = query.sort && Object.hasOwn(SORTS, query.sort) ? SORTS[query.sort] : undefined;
    return {
      filter,
      paging: { offset: 0, limit: pageSizeOf(query) },
      ...(sort ? { sort: [{ fieldName: sort[0], order: sort[1] }] } : {}),
    };
  };
}

const EMPTY_LIST: ProductList = {
  status: 'loading',
  ids: [],
  total: undefined,
  hasMore: false,
  more: 'idle',
  problem: null,
};
