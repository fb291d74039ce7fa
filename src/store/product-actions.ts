import type { Product } from '../api/types/products';
import { lazyActions } from './lazy-actions';
import type { ProductCalls } from './products';
import type { Problem, SliceContext } from './store';

/** How a product grid is sorted (`<sf-product-grid sort="price-asc">`); the catalogue's own order without. */
export type ProductSort = 'price-asc' | 'price-desc' | 'name-asc' | 'name-desc' | 'newest';

/** A product grid's query: a collection (by slug or id; every product without), its order and page size. */
export interface ProductListQuery {
  collection?: string;
  sort?: ProductSort;
  pageSize?: number;
}

/** A product asked for by its slug or its id. */
export type ProductRef = { slug: string; id?: undefined } | { id: string; slug?: undefined };

/** One product's read: `missing` when the catalogue has no such (visible) product. */
export interface ProductRead {
  status: 'loading' | 'ready' | 'missing' | 'error';
  id: string | null;
  problem: Problem | null;
}

/** A grid's products, page after page: their ids in order, and how many there are in all. */
export interface ProductList {
  status: 'loading' | 'ready' | 'error';
  ids: string[];
  /** How many products match, when the catalogue counted them. */
  total: number | undefined;
  hasMore: boolean;
  /** The next page's load ("Load more"). */
  more: 'idle' | 'loading' | 'error';
  problem: Problem | null;
}

/**
 * The catalogue as the page has seen it, kept for the page's life and shared by every element: products by id
 * (with their variants, so a change of choice needs no request), ids by slug, each product's read and each
 * grid's list. A merchant's change shows on the next page load.
 */
export interface ProductsSlice {
  items: Record<string, Product>;
  slugs: Record<string, string>;
  reads: Record<string, ProductRead>;
  lists: Record<string, ProductList>;
}

export interface ProductActions {
  /** Reads a product once for the page (none when a grid already brought it). */
  loadProduct(ref: ProductRef): Promise<void>;
  /** Reads a grid's first page: one catalogue request (a collection named by slug is looked up once first). */
  loadProducts(query: ProductListQuery): Promise<void>;
  /** Reads a grid's next page, appended to its list. */
  loadMoreProducts(query: ProductListQuery): Promise<void>;
}

/**
 * The catalogue's slice of the store. Its reads are in `products.ts`, which downloads with the product
 * elements' chunk, so that `loader.js` carries only these few lines.
 */
export function productActions(ctx: SliceContext): { products: ProductsSlice } & ProductActions {
  return {
    products: { items: {}, slugs: {}, reads: {}, lists: {} },
    ...lazyActions(
      () => import('./products').then((module): ProductCalls => module.productCalls(ctx)),
      ['loadProduct', 'loadProducts', 'loadMoreProducts'],
    ),
  };
}
