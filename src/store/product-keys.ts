import type { ProductListQuery, ProductRef } from './types';

/*
 * What the product elements and the React hooks need of the catalogue's slice at once, apart from its reads
 * (`products.ts`, downloaded with the first product element): keys, page sizes, sort fields.
 */

/** Products a grid shows at once unless it says otherwise (`page-size`), and the most the catalogue sends. */
export const DEFAULT_GRID_PAGE_SIZE = 12;
export const MAX_GRID_PAGE_SIZE = 100;

/**
 * A record's own entry, never a member of Object.prototype's: a catalogue's slug or id may be `constructor`
 * or `__proto__`, and the slice's records are plain objects (zustand's spreads make them so again).
 */
export const own = <T>(record: Record<string, T>, key: string): T | undefined =>
  Object.hasOwn(record, key) ? record[key] : undefined;

/** The key of a product's read and of a grid's list in the slice (prefixed: never a prototype's member). */
export const readKey = (ref: ProductRef) => (ref.id ? `id:${ref.id}` : `slug:${ref.slug}`);
export const listKey = (query: ProductListQuery) =>
  JSON.stringify([query.collection ?? '', query.sort ?? '', pageSizeOf(query)]);

/** A grid's page size, from 1 to 100 (12 when it names none or one that is not a whole number). */
export function pageSizeOf(query: ProductListQuery): number {
  const size = query.pageSize;
  return Number.isInteger(size) && (size as number) > 0
    ? Math.min(size as number, MAX_GRID_PAGE_SIZE)
    : DEFAULT_GRID_PAGE_SIZE;
}

/** The catalogue's sort fields for a grid's `sort` (newest: the catalogue numbers products as they are made). */
export const SORTS = {
  'price-asc': ['price', 'ASC'],
  'price-desc': ['price', 'DESC'],
  'name-asc': ['name', 'ASC'],
  'name-desc': ['name', 'DESC'],
  newest: ['numericId', 'DESC'],
} as const;
