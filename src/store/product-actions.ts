import { lazyActions } from './lazy-actions';
import type { ProductActions, ProductsSlice, SliceContext } from './types';

/**
 * The catalogue's slice of the store. Its reads are in `products.ts`, which downloads with the product
 * elements' chunk, so that `loader.js` carries only these few lines.
 */
export function productActions(ctx: SliceContext): { products: ProductsSlice } & ProductActions {
  return {
    products: { items: {}, slugs: {}, reads: {}, lists: {} },
    ...lazyActions(
      () => import('./products').then((module): ProductActions => module.productCalls(ctx)),
      ['loadProduct', 'loadProducts', 'loadMoreProducts'],
    ),
  };
}
