import { StorefrontError } from './errors';
import type { Cursors, PagingMetadata } from './types/common';

/** Items per page when a query names no limit (SPEC.md 9). */
export const DEFAULT_PAGE_SIZE = 50;

/**
 * One page of query results with the means to move on. `next()` and `prev()` fail with `No next page to
 * fetch` / `No previous page to fetch` before sending any request when there is no such page.
 */
export interface Page<T> {
  readonly items: T[];
  readonly pageSize: number;
  /** Offset pages: the total when the server counted it. */
  readonly totalCount: number | undefined;
  /** Offset pages: the page number from 0. */
  readonly currentPage: number | undefined;
  readonly totalPages: number | undefined;
  /** Cursor pages: the cursors of the neighbours. */
  readonly cursors: Cursors | undefined;
  hasNext(): boolean;
  hasPrev(): boolean;
  next(): Promise<Page<T>>;
  prev(): Promise<Page<T>>;
}

const noNext = () => Promise.reject(new StorefrontError('No next page to fetch'));
const noPrev = () => Promise.reject(new StorefrontError('No previous page to fetch'));

/** An offset page (WIRE.md 11): there is a next page while `offset + count < total`. */
export function offsetPage<T>(init: {
  items: T[];
  offset: number;
  limit: number;
  metadata: PagingMetadata | undefined;
  fetch(paging: { offset: number; limit: number }): Promise<Page<T>>;
}): Page<T> {
  const { items, offset, limit, metadata } = init;
  const total = metadata?.tooManyToCount ? undefined : metadata?.total;
  const hasNext = () =>
    limit > 0 &&
    (total !== undefined ? offset + items.length < total : items.length === limit && items.length > 0);
  const hasPrev = () => limit > 0 && offset > 0;
  return {
    items,
    pageSize: limit,
    totalCount: total,
    currentPage: limit > 0 ? Math.floor(offset / limit) : undefined,
    totalPages: total !== undefined && limit > 0 ? Math.ceil(total / limit) : undefined,
    cursors: undefined,
    hasNext,
    hasPrev,
    next: () => (hasNext() ? init.fetch({ offset: offset + limit, limit }) : noNext()),
    prev: () => (hasPrev() ? init.fetch({ offset: Math.max(0, offset - limit), limit }) : noPrev()),
  };
}

/** A cursor page (WIRE.md 11): next and previous exist while their cursors do. */
export function cursorPage<T>(init: {
  items: T[];
  limit: number;
  cursors: Cursors | undefined;
  fetch(paging: { cursor: string; limit: number }): Promise<Page<T>>;
}): Page<T> {
  const { items, limit, cursors } = init;
  const next = cursors?.next ?? undefined;
  const prev = cursors?.prev ?? undefined;
  return {
    items,
    pageSize: limit,
    totalCount: undefined,
    currentPage: undefined,
    totalPages: undefined,
    cursors: { next: next ?? null, prev: prev ?? null },
    hasNext: () => Boolean(next),
    hasPrev: () => Boolean(prev),
    next: () => (next ? init.fetch({ cursor: next, limit }) : noNext()),
    prev: () => (prev ? init.fetch({ cursor: prev, limit }) : noPrev()),
  };
}
