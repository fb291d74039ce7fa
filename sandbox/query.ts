import type { FieldViolation } from '../src/api/types/errors';
import { validationError } from './errors';
import { assertJsonDepth, MAX_FILTER_DEPTH } from './limits';
import { ownValue, setOwn } from './own';

/** A platform query filter (WIRE.md 5): `{field: value}`, `{field: {$op: value}}`, `$and`, `$or`, `$not`. */
export type Filter = Record<string, unknown>;

export interface Sorting {
  fieldName: string;
  order?: 'ASC' | 'DESC';
}

const FIELD_OPERATORS = new Set([
  '$eq',
  '$ne',
  '$gt',
  '$gte',
  '$lt',
  '$lte',
  '$in',
  '$nin',
  '$hasSome',
  '$hasAll',
  '$startsWith',
  '$endsWith',
  '$contains',
  '$exists',
  '$isEmpty',
]);

/**
 * The value at a dotted path (`profile.nickname`). Paths come from callers' filters and sorts: only the
 * entity's own fields count, so `constructor` or `choices.toString` is no field rather than every entity's.
 */
export function valueAt(entity: unknown, path: string): unknown {
  let current: unknown = entity;
  for (const key of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = ownValue(current as Record<string, unknown>, key);
  }
  return current;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b));
}

function equals(actual: unknown, expected: unknown): boolean {
  if (Array.isArray(actual)) return actual.some((item) => equals(item, expected));
  if (expected === null) return actual === null || actual === undefined;
  return actual === expected;
}

/**
 * Checks a filter's shape before it is used, so an unknown operator is a 400 with the path of the offence
 * rather than a silent empty result, and a filter nested deeper than `MAX_FILTER_DEPTH` is a 400 before
 * anything walks it recursively.
 */
export function validateFilter(filter: unknown, field = 'query.filter'): void {
  const violations: FieldViolation[] = [];
  let tooDeep = false;
  const walk = (node: unknown, path: string, depth = 0) => {
    if (depth > MAX_FILTER_DEPTH) {
      tooDeep = true;
      return;
    }
    if (!isPlainObject(node)) {
      violations.push({ field: path, description: 'must be an object', violatedRule: 'FORMAT' });
      return;
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === '$and' || key === '$or') {
        if (!Array.isArray(value)) {
          violations.push({
            field: `${path}.${key}`,
            description: 'must be a list of filters',
            violatedRule: 'FORMAT',
          });
        } else {
          for (const [index, child] of value.entries()) walk(child, `${path}.${key}[${index}]`, depth + 1);
        }
      } else if (key === '$not') walk(value, `${path}.$not`, depth + 1);
      else if (key.startsWith('$')) {
        violations.push({
          field: `${path}.${key}`,
          description: 'is not a logical operator',
          violatedRule: 'FORMAT',
        });
      } else if (isPlainObject(value)) {
        for (const op of Object.keys(value)) {
          if (!FIELD_OPERATORS.has(op)) {
            violations.push({
              field: `${path}.${key}.${op}`,
              description: `is not a supported operator (${[...FIELD_OPERATORS].join(', ')})`,
              violatedRule: 'FORMAT',
            });
          }
        }
      }
    }
  };
  if (filter !== undefined && filter !== null) walk(filter, field);
  if (tooDeep) {
    throw validationError([
      {
        field,
        description: `must not nest $and, $or and $not more than ${MAX_FILTER_DEPTH} levels deep`,
        violatedRule: 'MAX',
        data: { threshold: MAX_FILTER_DEPTH },
      },
    ]);
  }
  if (violations.length) throw validationError(violations);
}

/**
 * `$in` lists of strings and numbers as Sets, made once a list: a query's filter is matched against every
 * entity, and a list of 100 SKUs against 50,000 products would otherwise be 5 million comparisons a query.
 */
const inSets = new WeakMap<unknown[], Set<unknown> | null>();

/** Whether `actual` (or, for a list, one of its items) is one of `expected` (strictly equal, as `equals`). */
function isIn(actual: unknown, expected: unknown[]): boolean {
  if (typeof actual === 'string' || typeof actual === 'number') {
    let set = inSets.get(expected);
    if (set === undefined) {
      const primitive = expected.every((v) => typeof v === 'string' || typeof v === 'number');
      set = primitive ? new Set(expected) : null;
      inSets.set(expected, set);
    }
    if (set) return set.has(actual);
  }
  return expected.some((value) => equals(actual, value));
}

function matchOperator(actual: unknown, op: string, expected: unknown): boolean {
  switch (op) {
    case '$eq':
      return equals(actual, expected);
    case '$ne':
      return !equals(actual, expected);
    case '$gt':
      return actual !== undefined && actual !== null && compare(actual, expected) > 0;
    case '$gte':
      return actual !== undefined && actual !== null && compare(actual, expected) >= 0;
    case '$lt':
      return actual !== undefined && actual !== null && compare(actual, expected) < 0;
    case '$lte':
      return actual !== undefined && actual !== null && compare(actual, expected) <= 0;
    case '$in':
      return Array.isArray(expected) && isIn(actual, expected);
    case '$nin':
      return Array.isArray(expected) && !expected.some((value) => equals(actual, value));
    case '$hasSome':
      return Array.isArray(expected) && expected.some((value) => equals(actual, value));
    case '$hasAll':
      return (
        Array.isArray(expected) && Array.isArray(actual) && expected.every((value) => actual.includes(value))
      );
    case '$startsWith':
      return typeof actual === 'string' && actual.toLowerCase().startsWith(String(expected).toLowerCase());
    case '$endsWith':
      return typeof actual === 'string' && actual.toLowerCase().endsWith(String(expected).toLowerCase());
    case '$contains':
      return typeof actual === 'string' && actual.toLowerCase().includes(String(expected).toLowerCase());
    case '$exists':
      return (actual !== undefined && actual !== null) === Boolean(expected);
    case '$isEmpty':
      return (
        (actual === undefined ||
          actual === null ||
          actual === '' ||
          (Array.isArray(actual) && actual.length === 0)) === Boolean(expected)
      );
    default:
      return false;
  }
}

/** Whether an entity matches a filter. Call `validateFilter` first. */
export function matchesFilter(entity: unknown, filter: Filter | undefined | null): boolean {
  if (!filter) return true;
  return Object.entries(filter).every(([key, condition]) => {
    if (key === '$and') return (condition as Filter[]).every((child) => matchesFilter(entity, child));
    if (key === '$or') return (condition as Filter[]).some((child) => matchesFilter(entity, child));
    if (key === '$not') return !matchesFilter(entity, condition as Filter);
    const actual = valueAt(entity, key);
    if (isPlainObject(condition) && Object.keys(condition).every((op) => op.startsWith('$'))) {
      return Object.entries(condition).every(([op, expected]) => matchOperator(actual, op, expected));
    }
    return equals(actual, condition);
  });
}

/** Sorts a copy by each sorting in turn; missing values sort last. */
export function sortItems<T>(items: T[], sort: Sorting[] | undefined): T[] {
  if (!sort?.length) return [...items];
  return [...items].sort((a, b) => {
    for (const { fieldName, order } of sort) {
      const va = valueAt(a, fieldName);
      const vb = valueAt(b, fieldName);
      if (va === vb) continue;
      if (va === undefined || va === null) return 1;
      if (vb === undefined || vb === null) return -1;
      const result = compare(va, vb);
      if (result !== 0) return order === 'DESC' ? -result : result;
    }
    return 0;
  });
}

export const DEFAULT_PAGE_LIMIT = 50;
export const MAX_PAGE_LIMIT = 100;

/**
 * Reads `{limit, offset}` paging with the platform's defaults and bounds; a negative or oversized value is
 * a 400 naming the field.
 */
export function readOffsetPaging(paging: unknown, field = 'query.paging'): { limit: number; offset: number } {
  const p = isPlainObject(paging) ? paging : {};
  const limit = p.limit === undefined || p.limit === null ? DEFAULT_PAGE_LIMIT : p.limit;
  const offset = p.offset === undefined || p.offset === null ? 0 : p.offset;
  const violations: FieldViolation[] = [];
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 0) {
    violations.push({
      field: `${field}.limit`,
      description: 'must be a whole number of at least 0',
      violatedRule: 'MIN',
    });
  } else if (limit > MAX_PAGE_LIMIT) {
    violations.push({
      field: `${field}.limit`,
      description: `must be at most ${MAX_PAGE_LIMIT}`,
      violatedRule: 'MAX',
    });
  }
  if (typeof offset !== 'number' || !Number.isInteger(offset) || offset < 0) {
    violations.push({
      field: `${field}.offset`,
      description: 'must be a whole number of at least 0',
      violatedRule: 'MIN',
    });
  }
  if (violations.length) throw validationError(violations);
  return { limit: limit as number, offset: offset as number };
}

/** One offset page and its metadata (WIRE.md 11). */
export function offsetPage<T>(items: T[], paging: { limit: number; offset: number }) {
  const page = items.slice(paging.offset, paging.offset + paging.limit);
  return {
    items: page,
    metadata: { count: page.length, offset: paging.offset, total: items.length, tooManyToCount: false },
  };
}

/** Decodes the `.r` parameter of a complex GET (WIRE.md 4): base64url JSON without padding. */
export function decodeDotR(value: string): Record<string, unknown> {
  try {
    const json = Buffer.from(value, 'base64url').toString('utf8');
    const parsed = JSON.parse(json) as unknown;
    if (isPlainObject(parsed)) return parsed;
  } catch {
    // fall through to the 400 below
  }
  throw validationError([
    {
      field: '.r',
      description: 'must be base64url-encoded JSON of the request object',
      violatedRule: 'FORMAT',
    },
  ]);
}

function coerce(value: string): unknown {
  if (/^-?\d+(?:\.\d+)?$/.test(value) && value.length < 16) return Number(value);
  if (value === 'true') return true;
  if (value === 'false') return false;
  return value;
}

/**
 * The request object of a GET (WIRE.md 4): the decoded `.r` parameter when present, else the query string
 * unflattened: dotted keys nest (`paging.limit=10`), repeated keys become lists (`fieldsets=A&fieldsets=B`),
 * and numbers and booleans are read as such.
 */
export function readGetRequest(url: string): Record<string, unknown> {
  const params = new URL(url).searchParams;
  const dotR = params.get('.r');
  if (dotR !== null) {
    const request = decodeDotR(dotR);
    assertJsonDepth(request);
    return request;
  }
  // The keys are the caller's: own keys only, so `__proto__.x=1` is a field named `__proto__` (as in the
  // `.r` JSON) and never reaches Object.prototype.
  const out: Record<string, unknown> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key).map(coerce);
    const parts = key.split('.');
    let node = out;
    for (const part of parts.slice(0, -1)) {
      const child = ownValue(node, part);
      if (isPlainObject(child)) node = child;
      else {
        const fresh: Record<string, unknown> = {};
        setOwn(node, part, fresh);
        node = fresh;
      }
    }
    setOwn(node, parts[parts.length - 1] as string, values.length > 1 ? values : values[0]);
  }
  assertJsonDepth(out);
  return out;
}
