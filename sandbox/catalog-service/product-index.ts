/**
 * The catalogue's indexes: which product holds a slug, and the highest numeric id, so that a product create
 * costs the same in a shop of 50,000 products as in the seed's (no scan of every product). Each index belongs
 * to one `state.products` Map and is built from it the first time it is asked for (a reset brings a new Map,
 * so a new index); after that the catalogue's writes keep it: `indexProduct` on a create, `renameProduct` on a
 * new slug, `unindexProduct` on a delete. Code that changes `state.products` or a slug any other way makes it
 * wrong.
 */
import type { Product } from '../../src/api/types/products';
import type { SandboxContext } from '../context';

/** The numeric ids start above this (the seed's are 1000000 and up). */
export const NUMERIC_ID_FLOOR = 1_000_000;

interface ProductIndex {
  /** Product ids by lower-cased slug: slugs are unique whatever their case (SLUG_ALREADY_EXISTS). */
  readonly bySlug: Map<string, string>;
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

function indexOf(ctx: SandboxContext): ProductIndex {
  const products = ctx.state.products;
  let index = indexes.get(products);
  if (!index) {
    const bySlug = new Map<string, string>();
    for (const product of products.values())
      if (product.slug) bySlug.set(slugKey(product.slug), product.id ?? '');
    index = { bySlug, maxNumericId: highestNumericId(products) };
    indexes.set(products, index);
  }
  return index;
}

/** Whether another product than `except` holds the slug, in any case. */
export function slugTaken(ctx: SandboxContext, slug: string, except?: string): boolean {
  const owner = indexOf(ctx).bySlug.get(slugKey(slug));
  return owner !== undefined && owner !== except;
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
  if (product.slug) index.bySlug.set(slugKey(product.slug), product.id ?? '');
  if (index.maxNumericId !== undefined)
    index.maxNumericId = Math.max(index.maxNumericId, numericIdOf(product));
}

/** A product whose slug was `from` and is now its `slug`. */
export function renameProduct(ctx: SandboxContext, product: Product, from: string | undefined): void {
  const index = indexOf(ctx);
  if (from && index.bySlug.get(slugKey(from)) === product.id) index.bySlug.delete(slugKey(from));
  if (product.slug) index.bySlug.set(slugKey(product.slug), product.id ?? '');
}

/** A product just taken out of `state.products`: its slug is free, and its numeric id may have been the top. */
export function unindexProduct(ctx: SandboxContext, product: Product): void {
  const index = indexOf(ctx);
  if (index.bySlug.get(slugKey(product.slug)) === product.id) index.bySlug.delete(slugKey(product.slug));
  if (numericIdOf(product) >= (index.maxNumericId ?? Number.POSITIVE_INFINITY))
    index.maxNumericId = undefined;
}
