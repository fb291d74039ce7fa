/**
 * The catalogue's indexes: which product holds a slug, the products of a SKU, the highest numeric id, so that
 * a product create, and a query by SKU, cost the same in a shop of 50,000 products as in the seed's (no scan
 * of every product). Each index belongs to one `state.products` Map and is built from it the first time it is
 * asked for (a reset brings a new Map, so a new index); after that the catalogue's writes keep it:
 * `indexProduct` on a create, `reindexProduct` after an update, `unindexProduct` on a delete. Code that
 * changes `state.products`, a slug or a SKU any other way makes it wrong.
 */
import type { Product } from '../../src/api/types/products';
import type { SandboxContext } from '../context';

/** The numeric ids start above this (the seed's are 1000000 and up). */
export const NUMERIC_ID_FLOOR = 1_000_000;

interface ProductIndex {
  /** Product ids by lower-cased slug: slugs are unique whatever their case (SLUG_ALREADY_EXISTS). */
  readonly bySlug: Map<string, string>;
  /** Product ids by SKU, as written (two products may share one). */
  readonly bySku: Map<string, Set<string>>;
  /** Each product's place in `state.products` (its insertion order), to give index hits in the Map's order. */
  readonly order: Map<string, number>;
  /** The place the next product takes. */
  next: number;
  /** The highest numeric id of the products, or undefined when the product that held it was deleted. */
  maxNumericId: number | undefined;
}

const indexes = new WeakMap<Map<string, Product>, ProductIndex>();

const slugKey = (slug: string | undefined) => (slug ?? '').toLowerCase();
const numericIdOf = (product: Product) => Number(product.numericId ?? 0);

function highestNumericId(products: Map<string, Product>): number {
  let max = NUMERIC_ID_FLOOR;
  for (const product of products.values()) max = Math.max(max, numericIdOf(product));
  return max;
}

function addKeys(index: ProductIndex, product: Product): void {
  const id = product.id ?? '';
  if (product.slug) index.bySlug.set(slugKey(product.slug), id);
  if (typeof product.sku === 'string') {
    const ids = index.bySku.get(product.sku);
    if (ids) ids.add(id);
    else index.bySku.set(product.sku, new Set([id]));
  }
}

function removeKeys(index: ProductIndex, id: string, keys: { slug?: string; sku?: string }): void {
  if (index.bySlug.get(slugKey(keys.slug)) === id) index.bySlug.delete(slugKey(keys.slug));
  const ids = keys.sku === undefined ? undefined : index.bySku.get(keys.sku);
  ids?.delete(id);
  if (ids?.size === 0) index.bySku.delete(keys.sku as string);
}

function indexOf(ctx: SandboxContext): ProductIndex {
  const products = ctx.state.products;
  let index = indexes.get(products);
  if (!index) {
    index = { bySlug: new Map(), bySku: new Map(), order: new Map(), next: 0, maxNumericId: undefined };
    for (const product of products.values()) {
      addKeys(index, product);
      index.order.set(product.id ?? '', index.next++);
    }
    index.maxNumericId = highestNumericId(products);
    indexes.set(products, index);
  }
  return index;
}

/** Whether another product than `except` holds the slug, in any case. */
export function slugTaken(ctx: SandboxContext, slug: string, except?: string): boolean {
  const owner = indexOf(ctx).bySlug.get(slugKey(slug));
  return owner !== undefined && owner !== except;
}

/** The products whose SKU is one of `skus`, in the order of `state.products`. */
export function productsOfSkus(ctx: SandboxContext, skus: Iterable<string>): Product[] {
  const index = indexOf(ctx);
  const ids = new Set<string>();
  for (const sku of skus) for (const id of index.bySku.get(sku) ?? []) ids.add(id);
  return [...ids]
    .sort((a, b) => (index.order.get(a) ?? 0) - (index.order.get(b) ?? 0))
    .map((id) => ctx.state.products.get(id) as Product);
}

/** The numeric id of the next product: one more than the highest of the products there are. */
export function nextNumericId(ctx: SandboxContext): string {
  const index = indexOf(ctx);
  index.maxNumericId ??= highestNumericId(ctx.state.products);
  return String(index.maxNumericId + 1);
}

/** A product just added to `state.products`. */
export function indexProduct(ctx: SandboxContext, product: Product): void {
  const index = indexOf(ctx);
  addKeys(index, product);
  if (!index.order.has(product.id ?? '')) index.order.set(product.id ?? '', index.next++);
  if (index.maxNumericId !== undefined)
    index.maxNumericId = Math.max(index.maxNumericId, numericIdOf(product));
}

/** A product of `state.products` whose slug and SKU were `before`'s, and are now its own. */
export function reindexProduct(
  ctx: SandboxContext,
  product: Product,
  before: { slug?: string; sku?: string },
): void {
  if (before.slug === product.slug && before.sku === product.sku) return;
  const index = indexOf(ctx);
  removeKeys(index, product.id ?? '', before);
  addKeys(index, product);
}

/** A product just taken out of `state.products`: its slug is free, and its numeric id may have been the top. */
export function unindexProduct(ctx: SandboxContext, product: Product): void {
  const index = indexOf(ctx);
  removeKeys(index, product.id ?? '', product);
  index.order.delete(product.id ?? '');
  if (numericIdOf(product) >= (index.maxNumericId ?? Number.POSITIVE_INFINITY))
    index.maxNumericId = undefined;
}
