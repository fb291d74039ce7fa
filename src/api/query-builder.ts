import { DEFAULT_PAGE_SIZE, offsetPage, type Page } from './paging';
import type { SortOrder } from './types/enums';

export type Filter = Record<string, unknown>;

export interface Sorting {
  fieldName: string;
  order: SortOrder;
}

/** The `query` of a platform query body (WIRE.md 5). */
export interface QueryRequest {
  filter: Filter;
  paging: { offset: number; limit: number };
  sort?: Sorting[];
}

function and(a: Filter, b: Filter): Filter {
  if (Object.keys(a).length === 0) return b;
  if (Object.keys(b).length === 0) return a;
  const parts = (f: Filter) =>
    Object.keys(f).length === 1 && Array.isArray(f.$and) ? (f.$and as Filter[]) : [f];
  return { $and: [...parts(a), ...parts(b)] };
}

function or(a: Filter, b: Filter): Filter {
  if (Object.keys(a).length === 0) return b;
  if (Object.keys(b).length === 0) return a;
  const parts = (f: Filter) =>
    Object.keys(f).length === 1 && Array.isArray(f.$or) ? (f.$or as Filter[]) : [f];
  return { $or: [...parts(a), ...parts(b)] };
}

/**
 * An immutable query builder that writes the platform's query bodies: every condition is joined with
 * `$and`, `or()` joins with `$or`; `limit()` and `skip()` set offset paging (default limit 50).
 *
 * @example
 * const page = await queryProducts(client).hasSome('productType', ['physical']).gt('price', 5)
 *   .ascending('name').limit(5).skip(10).find();
 */
export class QueryBuilder<T> {
  constructor(
    private readonly run: (query: QueryRequest) => Promise<{
      items: T[];
      metadata?: { count?: number; offset?: number; total?: number; tooManyToCount?: boolean };
    }>,
    readonly query: QueryRequest = { filter: {}, paging: { offset: 0, limit: DEFAULT_PAGE_SIZE } },
  ) {}

  private with(change: Partial<QueryRequest>): QueryBuilder<T> {
    return new QueryBuilder(this.run, { ...this.query, ...change });
  }

  private where(condition: Filter): QueryBuilder<T> {
    return this.with({ filter: and(this.query.filter, condition) });
  }

  eq(field: string, value: unknown) {
    return this.where({ [field]: value === undefined ? null : value });
  }
  ne(field: string, value: unknown) {
    return this.where({ [field]: { $ne: value === undefined ? null : value } });
  }
  gt(field: string, value: unknown) {
    return this.where({ [field]: { $gt: value } });
  }
  ge(field: string, value: unknown) {
    return this.where({ [field]: { $gte: value } });
  }
  lt(field: string, value: unknown) {
    return this.where({ [field]: { $lt: value } });
  }
  le(field: string, value: unknown) {
    return this.where({ [field]: { $lte: value } });
  }
  between(field: string, from: unknown, to: unknown) {
    return this.ge(field, from).lt(field, to);
  }
  in(field: string, values: unknown[]) {
    return this.where({ [field]: { $in: values } });
  }
  hasSome(field: string, values: unknown[]) {
    return this.where({ [field]: { $hasSome: values } });
  }
  hasAll(field: string, values: unknown[]) {
    return this.where({ [field]: { $hasAll: values } });
  }
  startsWith(field: string, value: string) {
    return this.where({ [field]: { $startsWith: value } });
  }
  contains(field: string, value: string) {
    return this.where({ [field]: { $contains: value } });
  }
  exists(field: string, value = true) {
    return this.where({ [field]: { $exists: value } });
  }
  isEmpty(field: string) {
    return this.eq(field, null);
  }
  isNotEmpty(field: string) {
    return this.ne(field, null);
  }
  /** Either this query's conditions or the other's. */
  or(other: QueryBuilder<T>) {
    return this.with({ filter: or(this.query.filter, other.query.filter) });
  }
  and(other: QueryBuilder<T>) {
    return this.with({ filter: and(this.query.filter, other.query.filter) });
  }
  /** Everything the other query's conditions do not match. */
  not(other: QueryBuilder<T>) {
    const f = other.query.filter;
    return this.where(Object.keys(f).length ? { $not: f } : {});
  }
  ascending(...fields: string[]) {
    return this.with({
      sort: [
        ...(this.query.sort ?? []),
        ...fields.map((fieldName) => ({ fieldName, order: 'ASC' as const })),
      ],
    });
  }
  descending(...fields: string[]) {
    return this.with({
      sort: [
        ...(this.query.sort ?? []),
        ...fields.map((fieldName) => ({ fieldName, order: 'DESC' as const })),
      ],
    });
  }
  limit(limit: number) {
    if (!Number.isInteger(limit) || limit < 0)
      throw new RangeError(`limit must be a whole number ≥ 0, not ${limit}`);
    return this.with({ paging: { offset: this.query.paging.offset, limit } });
  }
  skip(offset: number) {
    if (!Number.isInteger(offset) || offset < 0)
      throw new RangeError(`skip must be a whole number ≥ 0, not ${offset}`);
    return this.with({ paging: { offset, limit: this.query.paging.limit } });
  }

  /** Runs the query: the first page, with `next()` and `prev()`. */
  async find(): Promise<Page<T>> {
    const { items, metadata } = await this.run(this.query);
    return offsetPage({
      items,
      offset: this.query.paging.offset,
      limit: this.query.paging.limit,
      metadata,
      fetch: (paging) => this.with({ paging }).find(),
    });
  }
}
