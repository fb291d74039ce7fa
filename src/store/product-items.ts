import type { Product } from '../api/types/products';
import type { ProductsSlice } from './types';

/**
 * The slice's products and slugs with these kept, by id (products without one are not). Spreads and
 * `Object.fromEntries` make own keys, where `items[id] = product` would set the prototype of an id
 * `__proto__`. Every element of the page then shows the same data.
 */
export function withProducts(
  slice: Pick<ProductsSlice, 'items' | 'slugs'>,
  products: Product[],
): Pick<ProductsSlice, 'items' | 'slugs'> {
  const kept = products.filter((product) => product.id) as Array<Product & { id: string }>;
  return {
    items: { ...slice.items, ...Object.fromEntries(kept.map((product) => [product.id, product])) },
    slugs: {
      ...slice.slugs,
      ...Object.fromEntries(kept.flatMap((product) => (product.slug ? [[product.slug, product.id]] : []))),
    },
  };
}
