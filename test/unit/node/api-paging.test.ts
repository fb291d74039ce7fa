import { queryBuilder as officialQueryBuilder } from '@wix/sdk-runtime/query-builder';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
// Not in the package's exports map: the official builder's own `and`/`or`, imported by file.
import {
  and as officialAnd,
  or as officialOr,
} from '../../../node_modules/@wix/sdk-runtime/build/query-filter.js';
import { isStorefrontError } from '../../../src/api/errors';
import { cursorPage, DEFAULT_PAGE_SIZE, offsetPage, type Page } from '../../../src/api/paging';
import { type Filter, QueryBuilder, type QueryRequest } from '../../../src/api/query-builder';

/** Offset and cursor pages (WIRE.md 11, SPEC.md 8 and 9) and the query builder (WIRE.md 5). */

type Item = { id: string };
const items = (n: number, from = 0): Item[] => Array.from({ length: n }, (_, i) => ({ id: `i${from + i}` }));

/** The rejection of a promise that must reject. */
async function rejectionOf(promise: Promise<unknown>): Promise<Error> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: Error) => error,
  );
}

function sentinelPage(): Page<Item> {
  return offsetPage<Item>({ items: [], offset: 0, limit: 1, metadata: undefined, fetch: vi.fn() });
}

describe('offsetPage', () => {
  it('describes the first of three pages and fetches the next one at offset + limit', async () => {
    const next = sentinelPage();
    const fetch = vi.fn(async () => next);
    const page = offsetPage<Item>({
      items: items(10),
      offset: 0,
      limit: 10,
      metadata: { count: 10, offset: 0, total: 25 },
      fetch,
    });
    expect(page.items).toEqual(items(10));
    expect(page.pageSize).toBe(10);
    expect(page.totalCount).toBe(25);
    expect(page.totalPages).toBe(3);
    expect(page.currentPage).toBe(0);
    expect(page.cursors).toBeUndefined();
    expect(page.hasNext()).toBe(true);
    expect(page.hasPrev()).toBe(false);
    expect(await page.next()).toBe(next);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith({ offset: 10, limit: 10 });
  });

  it('rejects prev() on the first page with exactly `No previous page to fetch`, before any request', async () => {
    const fetch = vi.fn(async () => sentinelPage());
    const page = offsetPage<Item>({
      items: items(10),
      offset: 0,
      limit: 10,
      metadata: { count: 10, offset: 0, total: 25 },
      fetch,
    });
    const promise = page.prev();
    expect(promise).toBeInstanceOf(Promise);
    const error = await rejectionOf(promise);
    expect(error.message).toBe('No previous page to fetch');
    expect(isStorefrontError(error)).toBe(true);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('rejects next() on the last page with exactly `No next page to fetch`, before any request', async () => {
    const fetch = vi.fn(async () => sentinelPage());
    const page = offsetPage<Item>({
      items: items(5, 20),
      offset: 20,
      limit: 10,
      metadata: { count: 5, offset: 20, total: 25 },
      fetch,
    });
    expect(page.currentPage).toBe(2);
    expect(page.totalPages).toBe(3);
    expect(page.hasNext()).toBe(false);
    expect(page.hasPrev()).toBe(true);
    const error = await rejectionOf(page.next());
    expect(error.message).toBe('No next page to fetch');
    expect(isStorefrontError(error)).toBe(true);
    expect(fetch).not.toHaveBeenCalled();
    await page.prev();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith({ offset: 10, limit: 10 });
  });

  it('has a next page while offset + count < total, and none when they are equal', async () => {
    const fetch = vi.fn(async () => sentinelPage());
    const middle = offsetPage<Item>({
      items: items(10, 10),
      offset: 10,
      limit: 10,
      metadata: { count: 10, offset: 10, total: 30 },
      fetch,
    });
    expect(middle.hasNext()).toBe(true);
    const full = offsetPage<Item>({
      items: items(10, 20),
      offset: 20,
      limit: 10,
      metadata: { count: 10, offset: 20, total: 30 },
      fetch,
    });
    expect(full.hasNext()).toBe(false);
    expect(full.totalPages).toBe(3);
    expect((await rejectionOf(full.next())).message).toBe('No next page to fetch');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('never asks for an offset below 0', async () => {
    const fetch = vi.fn(async () => sentinelPage());
    const page = offsetPage<Item>({
      items: items(10, 5),
      offset: 5,
      limit: 10,
      metadata: { count: 10, offset: 5, total: 40 },
      fetch,
    });
    expect(page.hasPrev()).toBe(true);
    await page.prev();
    expect(fetch).toHaveBeenCalledWith({ offset: 0, limit: 10 });
  });

  it('hides the total when the server says it is too many to count', () => {
    const page = offsetPage<Item>({
      items: items(10),
      offset: 0,
      limit: 10,
      metadata: { count: 10, offset: 0, total: 10000, tooManyToCount: true },
      fetch: vi.fn(),
    });
    expect(page.totalCount).toBeUndefined();
    expect(page.totalPages).toBeUndefined();
    expect(page.currentPage).toBe(0);
  });

  it('has no page numbers with a limit of 0, and no next or previous page', async () => {
    const fetch = vi.fn(async () => sentinelPage());
    const page = offsetPage<Item>({
      items: [],
      offset: 10,
      limit: 0,
      metadata: { count: 0, offset: 10, total: 30 },
      fetch,
    });
    expect(page.currentPage).toBeUndefined();
    expect(page.totalPages).toBeUndefined();
    expect(page.hasNext()).toBe(false);
    expect(page.hasPrev()).toBe(false);
    expect((await rejectionOf(page.next())).message).toBe('No next page to fetch');
    expect((await rejectionOf(page.prev())).message).toBe('No previous page to fetch');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('steps by offset ± limit for any page (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 100 }),
        fc.integer({ min: 0, max: 50 }),
        fc.integer({ min: 0, max: 5000 }),
        async (limit, pageIndex, total) => {
          const offset = pageIndex * limit;
          const count = Math.max(0, Math.min(limit, total - offset));
          const fetch = vi.fn(async () => sentinelPage());
          const page = offsetPage<Item>({
            items: items(count, offset),
            offset,
            limit,
            metadata: { count, offset, total },
            fetch,
          });
          expect(page.currentPage).toBe(pageIndex);
          expect(page.totalPages).toBe(Math.ceil(total / limit));
          expect(page.hasNext()).toBe(offset + count < total);
          expect(page.hasPrev()).toBe(offset > 0);
          if (page.hasNext()) {
            await page.next();
            expect(fetch).toHaveBeenLastCalledWith({ offset: offset + limit, limit });
          } else {
            expect((await rejectionOf(page.next())).message).toBe('No next page to fetch');
          }
          if (page.hasPrev()) {
            await page.prev();
            expect(fetch).toHaveBeenLastCalledWith({ offset: Math.max(0, offset - limit), limit });
          } else {
            expect((await rejectionOf(page.prev())).message).toBe('No previous page to fetch');
          }
          expect(fetch).toHaveBeenCalledTimes(Number(page.hasNext()) + Number(page.hasPrev()));
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('cursorPage', () => {
  it('follows cursors.next and has no previous page on the first page', async () => {
    const next = sentinelPage();
    const fetch = vi.fn(async () => next);
    const page = cursorPage<Item>({
      items: items(3),
      limit: 3,
      cursors: { next: 'c-next', prev: null },
      fetch,
    });
    expect(page.pageSize).toBe(3);
    expect(page.cursors).toEqual({ next: 'c-next', prev: null });
    expect(page.totalCount).toBeUndefined();
    expect(page.totalPages).toBeUndefined();
    expect(page.currentPage).toBeUndefined();
    expect(page.hasNext()).toBe(true);
    expect(page.hasPrev()).toBe(false);
    expect((await rejectionOf(page.prev())).message).toBe('No previous page to fetch');
    expect(fetch).not.toHaveBeenCalled();
    expect(await page.next()).toBe(next);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith({ cursor: 'c-next', limit: 3 });
  });

  it('follows cursors.prev and rejects next() on the last page before any request', async () => {
    const fetch = vi.fn(async () => sentinelPage());
    const page = cursorPage<Item>({ items: items(2), limit: 3, cursors: { prev: 'c-prev' }, fetch });
    expect(page.cursors).toEqual({ next: null, prev: 'c-prev' });
    expect(page.hasNext()).toBe(false);
    expect(page.hasPrev()).toBe(true);
    const error = await rejectionOf(page.next());
    expect(error.message).toBe('No next page to fetch');
    expect(isStorefrontError(error)).toBe(true);
    expect(fetch).not.toHaveBeenCalled();
    await page.prev();
    expect(fetch).toHaveBeenCalledWith({ cursor: 'c-prev', limit: 3 });
  });

  it('has neither neighbour without cursors (or with empty ones)', async () => {
    const fetch = vi.fn(async () => sentinelPage());
    for (const cursors of [undefined, {}, { next: '', prev: '' }, { next: null, prev: null }]) {
      const page = cursorPage<Item>({ items: [], limit: 10, cursors, fetch });
      expect(page.hasNext()).toBe(false);
      expect(page.hasPrev()).toBe(false);
      expect((await rejectionOf(page.next())).message).toBe('No next page to fetch');
      expect((await rejectionOf(page.prev())).message).toBe('No previous page to fetch');
    }
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('QueryBuilder', () => {
  const never = async () => ({ items: [] as Item[] });
  const qb = () => new QueryBuilder<Item>(never);

  it('starts with no filter and offset paging {offset: 0, limit: 50}', () => {
    expect(DEFAULT_PAGE_SIZE).toBe(50);
    expect(qb().query).toStrictEqual({ filter: {}, paging: { offset: 0, limit: 50 } });
  });

  it('writes one condition as it is, and joins more with a flat $and', () => {
    expect(qb().eq('name', 'Tee').query.filter).toEqual({ name: 'Tee' });
    expect(qb().eq('a', 1).gt('b', 2).query.filter).toEqual({ $and: [{ a: 1 }, { b: { $gt: 2 } }] });
    expect(qb().eq('a', 1).ne('b', 2).lt('c', 3).query.filter).toEqual({
      $and: [{ a: 1 }, { b: { $ne: 2 } }, { c: { $lt: 3 } }],
    });
  });

  it('writes every operator as the platform names it', () => {
    const q = qb()
      .eq('a', undefined)
      .ne('b', undefined)
      .ge('c', 1)
      .le('d', 2)
      .in('e', ['x', 'y'])
      .hasSome('f', ['physical'])
      .hasAll('g', [1, 2])
      .startsWith('h', 'Te')
      .contains('i', 'ee')
      .exists('j')
      .exists('k', false)
      .isEmpty('l')
      .isNotEmpty('m')
      .between('n', 5, 10);
    expect(q.query.filter).toEqual({
      $and: [
        { a: null },
        { b: { $ne: null } },
        { c: { $gte: 1 } },
        { d: { $lte: 2 } },
        { e: { $in: ['x', 'y'] } },
        { f: { $hasSome: ['physical'] } },
        { g: { $hasAll: [1, 2] } },
        { h: { $startsWith: 'Te' } },
        { i: { $contains: 'ee' } },
        { j: { $exists: true } },
        { k: { $exists: false } },
        { l: null },
        { m: { $ne: null } },
        { n: { $gte: 5 } },
        { n: { $lt: 10 } },
      ],
    });
  });

  it('flattens nested $ands as the official and() does', () => {
    expect(qb().eq('a', 1).and(qb().eq('b', 2).eq('c', 3)).query.filter).toEqual({
      $and: [{ a: 1 }, { b: 2 }, { c: 3 }],
    });
    expect(qb().eq('a', 1).eq('b', 2).and(qb().eq('c', 3).eq('d', 4)).query.filter).toEqual({
      $and: [{ a: 1 }, { b: 2 }, { c: 3 }, { d: 4 }],
    });
    expect(qb().eq('a', 1).and(qb()).query.filter).toEqual({ a: 1 });
    expect(qb().and(qb().eq('a', 1)).query.filter).toEqual({ a: 1 });
  });

  it('joins with $or, flattening nested $ors, and keeps an $or whole inside a later $and', () => {
    const either = qb().eq('a', 1).or(qb().eq('b', 2));
    expect(either.query.filter).toEqual({ $or: [{ a: 1 }, { b: 2 }] });
    expect(either.or(qb().eq('c', 3)).query.filter).toEqual({ $or: [{ a: 1 }, { b: 2 }, { c: 3 }] });
    expect(either.eq('d', 4).query.filter).toEqual({ $and: [{ $or: [{ a: 1 }, { b: 2 }] }, { d: 4 }] });
    expect(qb().eq('a', 1).eq('b', 2).or(qb().eq('c', 3)).query.filter).toEqual({
      $or: [{ $and: [{ a: 1 }, { b: 2 }] }, { c: 3 }],
    });
    expect(qb().or(qb().eq('a', 1)).query.filter).toEqual({ a: 1 });
  });

  it('not() adds the negation of the other query as one more condition', () => {
    expect(qb().eq('a', 1).not(qb().eq('b', 2)).query.filter).toEqual({
      $and: [{ a: 1 }, { $not: { b: 2 } }],
    });
    expect(qb().not(qb().eq('b', 2).gt('c', 3)).query.filter).toEqual({
      $not: { $and: [{ b: 2 }, { c: { $gt: 3 } }] },
    });
    expect(qb().eq('a', 1).not(qb()).query.filter).toEqual({ a: 1 });
  });

  it('appends ascending and descending fields to sort in call order', () => {
    const q = qb().ascending('name', 'price').descending('lastUpdated').ascending('id');
    expect(q.query.sort).toEqual([
      { fieldName: 'name', order: 'ASC' },
      { fieldName: 'price', order: 'ASC' },
      { fieldName: 'lastUpdated', order: 'DESC' },
      { fieldName: 'id', order: 'ASC' },
    ]);
  });

  it('limit() and skip() keep each other', () => {
    expect(qb().limit(5).skip(10).query.paging).toEqual({ offset: 10, limit: 5 });
    expect(qb().skip(10).limit(5).query.paging).toEqual({ offset: 10, limit: 5 });
    expect(qb().skip(7).query.paging).toEqual({ offset: 7, limit: 50 });
    expect(qb().limit(0).query.paging).toEqual({ offset: 0, limit: 0 });
  });

  it('is immutable: chaining leaves earlier builders as they were', () => {
    const base = qb();
    const first = base.eq('a', 1).ascending('name').limit(5);
    const snapshot = structuredClone(first.query);
    const later = first
      .eq('b', 2)
      .or(qb().eq('c', 3))
      .descending('price')
      .skip(10)
      .limit(7)
      .not(qb().eq('d', 4));
    expect(first.query).toEqual(snapshot);
    expect(base.query).toStrictEqual({ filter: {}, paging: { offset: 0, limit: 50 } });
    expect(later).not.toBe(first);
    expect(later.query.paging).toEqual({ offset: 10, limit: 7 });
    expect(first.query.sort).toEqual([{ fieldName: 'name', order: 'ASC' }]);
  });

  it('refuses a negative or fractional limit or skip with a RangeError', () => {
    for (const bad of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, -0.5]) {
      expect(() => qb().limit(bad)).toThrow(RangeError);
      expect(() => qb().skip(bad)).toThrow(RangeError);
    }
    expect(() => qb().limit(0).skip(0)).not.toThrow();
  });

  it('find() runs the query and pages on with the same filter and sort', async () => {
    const run = vi.fn(async (query: QueryRequest) => ({
      items: items(Math.min(query.paging.limit, 12 - query.paging.offset), query.paging.offset),
      metadata: {
        count: Math.min(query.paging.limit, 12 - query.paging.offset),
        offset: query.paging.offset,
        total: 12,
      },
    }));
    const q = new QueryBuilder<Item>(run).eq('a', 1).ascending('name').limit(5);
    const first = await q.find();
    expect(run).toHaveBeenCalledTimes(1);
    expect(run).toHaveBeenLastCalledWith({
      filter: { a: 1 },
      paging: { offset: 0, limit: 5 },
      sort: [{ fieldName: 'name', order: 'ASC' }],
    });
    expect(first.items).toEqual(items(5));
    expect(first.totalCount).toBe(12);
    expect(first.totalPages).toBe(3);
    expect((await rejectionOf(first.prev())).message).toBe('No previous page to fetch');
    expect(run).toHaveBeenCalledTimes(1);

    const second = await first.next();
    expect(run).toHaveBeenLastCalledWith({
      filter: { a: 1 },
      paging: { offset: 5, limit: 5 },
      sort: [{ fieldName: 'name', order: 'ASC' }],
    });
    expect(second.currentPage).toBe(1);
    const third = await second.next();
    expect(third.items).toEqual(items(2, 10));
    expect(third.hasNext()).toBe(false);
    expect((await rejectionOf(third.next())).message).toBe('No next page to fetch');
    expect(run).toHaveBeenCalledTimes(3);
    const back = await third.prev();
    expect(back.currentPage).toBe(1);
    expect(run).toHaveBeenCalledTimes(4);
  });
});

describe('QueryBuilder against the official query filter and builder', () => {
  const never = async () => ({ items: [] as Item[] });
  const FIELDS = ['name', 'price', 'a', 'b.c', 'productType', 'collectionIds'] as const;
  const field = fc.constantFrom(...FIELDS);
  const value = fc.oneof(fc.string({ maxLength: 6 }), fc.integer(), fc.boolean(), fc.constant(null));

  const condition: fc.Arbitrary<Filter> = fc.oneof(
    field.chain((f) => value.map((v) => ({ [f]: v }))),
    fc
      .tuple(field, fc.constantFrom('$ne', '$gt', '$lt', '$gte', '$lte', '$startsWith'), value)
      .map(([f, op, v]) => ({ [f]: { [op]: v } })),
    fc.tuple(field, fc.array(value, { maxLength: 3 })).map(([f, vs]) => ({ [f]: { $in: vs } })),
  );
  const { filter } = fc.letrec<{ filter: Filter }>((tie) => ({
    filter: fc.oneof(
      { maxDepth: 3, depthIdentifier: 'filter' },
      condition,
      fc.constant({}),
      fc.array(tie('filter'), { minLength: 1, maxLength: 3 }).map((parts) => ({ $and: parts })),
      fc.array(tie('filter'), { minLength: 1, maxLength: 3 }).map((parts) => ({ $or: parts })),
      tie('filter').map((f) => ({ $not: f })),
      // more than one key: not a logical operator, so it is kept whole
      fc.tuple(condition, condition).map(([x, y]) => ({ ...x, ...y })),
      fc.array(tie('filter'), { minLength: 1, maxLength: 2 }).map((parts) => ({ $and: parts, extra: 1 })),
    ),
  }));
  const withFilter = (f: Filter) =>
    new QueryBuilder<Item>(never, { filter: f, paging: { offset: 0, limit: 50 } });

  it('and() gives the same filter as the official and() for any two filters', () => {
    fc.assert(
      fc.property(filter, filter, (a, b) => {
        const expected = officialAnd(structuredClone(a) as never, structuredClone(b) as never);
        expect(withFilter(a).and(withFilter(b)).query.filter).toEqual(expected);
      }),
      { numRuns: 500 },
    );
  });

  it('or() gives the same filter as the official or() for any two filters', () => {
    fc.assert(
      fc.property(filter, filter, (a, b) => {
        const expected = officialOr(structuredClone(a) as never, structuredClone(b) as never);
        expect(withFilter(a).or(withFilter(b)).query.filter).toEqual(expected);
      }),
      { numRuns: 500 },
    );
  });

  it('adding a condition gives the official and() of the filter and the condition', () => {
    fc.assert(
      fc.property(filter, field, value, (a, f, v) => {
        const expected = officialAnd(structuredClone(a) as never, { [f]: { $gt: v } } as never);
        expect(withFilter(a).gt(f, v).query.filter).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  type Step =
    | { kind: 'eq' | 'ne' | 'gt' | 'ge' | 'lt' | 'le'; field: string; value: unknown }
    | { kind: 'in' | 'hasSome' | 'hasAll'; field: string; values: (string | number)[] }
    | { kind: 'startsWith' | 'contains'; field: string; text: string }
    | { kind: 'exists'; field: string; flag: boolean }
    | { kind: 'ascending' | 'descending'; fields: string[] }
    | { kind: 'limit' | 'skip'; n: number }
    | { kind: 'and' | 'or'; steps: Step[] };

  const simpleStep: fc.Arbitrary<Step> = fc.oneof(
    fc.record({ kind: fc.constantFrom('eq', 'ne', 'gt', 'ge', 'lt', 'le'), field, value }),
    fc.record({
      kind: fc.constantFrom('in', 'hasSome', 'hasAll'),
      field,
      values: fc.array(fc.oneof(fc.string({ maxLength: 4 }), fc.integer()), { minLength: 1, maxLength: 3 }),
    }),
    fc.record({ kind: fc.constantFrom('startsWith', 'contains'), field, text: fc.string({ maxLength: 5 }) }),
    fc.record({ kind: fc.constant('exists'), field, flag: fc.boolean() }),
    fc.record({
      kind: fc.constantFrom('ascending', 'descending'),
      fields: fc.array(field, { maxLength: 3 }),
    }),
    fc.record({ kind: fc.constantFrom('limit', 'skip'), n: fc.nat(200) }),
  ) as fc.Arbitrary<Step>;
  const step: fc.Arbitrary<Step> = fc.oneof(
    { weight: 5, arbitrary: simpleStep },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constantFrom('and', 'or'),
        steps: fc.array(simpleStep, { maxLength: 4 }),
      }) as fc.Arbitrary<Step>,
    },
  );

  // Both builders share these method names; `apply` drives either one.
  // biome-ignore lint/suspicious/noExplicitAny: the two builders have different but compatible types
  type AnyBuilder = any;
  function apply(builder: AnyBuilder, steps: Step[], fresh: () => AnyBuilder): AnyBuilder {
    let b = builder;
    for (const s of steps) {
      switch (s.kind) {
        case 'in':
        case 'hasSome':
        case 'hasAll':
          b = b[s.kind](s.field, s.values);
          break;
        case 'startsWith':
        case 'contains':
          b = b[s.kind](s.field, s.text);
          break;
        case 'exists':
          b = b.exists(s.field, s.flag);
          break;
        case 'ascending':
        case 'descending':
          b = b[s.kind](...s.fields);
          break;
        case 'limit':
        case 'skip':
          b = b[s.kind](s.n);
          break;
        case 'and':
        case 'or':
          b = b[s.kind](apply(fresh(), s.steps, fresh));
          break;
        default:
          b = b[s.kind](s.field, s.value);
      }
    }
    return b;
  }

  it('builds the same query as the official builder for any chain of calls (not() aside)', () => {
    const official = () =>
      officialQueryBuilder({
        func: async () => ({ data: {} }) as never,
        requestTransformer: (query) => query,
        responseTransformer: () => ({}),
        errorTransformer: () => undefined,
        pagingMethod: 'OFFSET',
        transformationPaths: {},
      });
    const ours = () => new QueryBuilder<Item>(never);
    fc.assert(
      fc.property(fc.array(step, { maxLength: 8 }), (steps) => {
        const expected = apply(official(), steps, official).query;
        const actual = apply(ours(), steps, ours).query;
        expect(actual).toEqual(expected);
      }),
      { numRuns: 500 },
    );
  });
});
