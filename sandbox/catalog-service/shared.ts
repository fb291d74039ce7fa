/**
 * What the catalogue's parts share: who reads, field checks that collect every violation, id and amount
 * rules.
 */
import type { RuleType } from '../../src/api/types/enums';
import type { FieldViolation } from '../../src/api/types/errors';
import type { SandboxContext } from '../context';
import { validationError } from '../errors';

export type Json = Record<string, unknown>;

/** Who reads: the merchant sees hidden products and collections, and may ask for merchant data. */
export interface Reader {
  merchant: boolean;
}

export const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Collection ids are GUIDs, except the platform's `00000000-000000-000000-000000000001` ("All Products"). */
const COLLECTION_ID =
  /^[0-9a-f]{8}-(?:[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}|[0-9a-f]{6}-[0-9a-f]{6})-[0-9a-f]{12}$/i;
export const SLUG = /^[^\s/?#]+$/;
export const MAX_AMOUNT = 999_999_999.99;
export const MAX_AMOUNT_CENTS = 99_999_999_999;

export const nowIso = (ctx: SandboxContext) => new Date(ctx.now()).toISOString();
export const list = (values: Iterable<string>) => [...values].join(', ');

// ---------------------------------------------------------------------------------------------------------
// Validation

/** Collects field violations, so one answer names every offending field (WIRE.md 10). */
export class Violations {
  readonly items: FieldViolation[] = [];
  add(field: string, description: string, violatedRule: RuleType): void {
    this.items.push({ field, description, violatedRule });
  }
  get empty(): boolean {
    return this.items.length === 0;
  }
  throwIfAny(): void {
    if (this.items.length) throw validationError(this.items);
  }
}

export const fail = (field: string, description: string, violatedRule: RuleType) =>
  validationError([{ field, description, violatedRule }]);

export function readString(
  v: Violations,
  value: unknown,
  field: string,
  limits: { min?: number; max: number },
): string | undefined {
  if (typeof value !== 'string') {
    v.add(field, 'must be a string', 'FORMAT');
    return undefined;
  }
  const min = limits.min ?? 0;
  if (value.length < min) {
    v.add(field, min === 1 ? 'must not be empty' : `must be at least ${min} characters`, 'MIN_LENGTH');
  } else if (value.length > limits.max) {
    v.add(field, `must be at most ${limits.max} characters`, 'MAX_LENGTH');
  } else return value;
  return undefined;
}

/** A catalogue amount: a weight's bounds, with at most 2 decimals. */
export function readAmount(v: Violations, value: unknown, field: string): number | undefined {
  const amount = readWeight(v, value, field);
  if (amount === undefined) return undefined;
  if (!/^\d+(?:\.\d{1,2})?$/.test(String(amount))) {
    v.add(field, 'must have at most 2 decimal places', 'DECIMAL_MAX_SCALE');
    return undefined;
  }
  return amount;
}

/** A weight: a number from 0 to 999999999.99. */
export function readWeight(v: Violations, value: unknown, field: string): number | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    v.add(field, 'must be a number', 'FORMAT');
  } else if (value < 0) {
    v.add(field, 'must be at least 0', 'DECIMAL_GTE');
  } else if (value > MAX_AMOUNT) {
    v.add(field, `must be at most ${MAX_AMOUNT}`, 'DECIMAL_LTE');
  } else return value;
  return undefined;
}

export function readBoolean(v: Violations, value: unknown, field: string): boolean | undefined {
  if (typeof value === 'boolean') return value;
  v.add(field, 'must be true or false', 'FORMAT');
  return undefined;
}

export function readEnum<T extends string>(
  v: Violations,
  value: unknown,
  field: string,
  allowed: readonly T[],
): T | undefined {
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  v.add(field, `must be one of ${list(allowed)}`, 'INVALID_ENUM_VALUE');
  return undefined;
}

export function readStringList(
  v: Violations,
  value: unknown,
  field: string,
  limits: { min?: number; max: number; format?: RegExp; formatName?: string },
): string[] | undefined {
  if (!Array.isArray(value)) {
    v.add(field, 'must be a list of strings', 'FORMAT');
    return undefined;
  }
  if (value.length < (limits.min ?? 0)) {
    v.add(field, `must hold at least ${limits.min} item${limits.min === 1 ? '' : 's'}`, 'MIN_SIZE');
    return undefined;
  }
  if (value.length > limits.max) {
    v.add(field, `must hold at most ${limits.max} items`, 'MAX_SIZE');
    return undefined;
  }
  let ok = true;
  value.forEach((item, index) => {
    if (typeof item !== 'string' || item === '') {
      v.add(`${field}[${index}]`, 'must be a non-empty string', 'FORMAT');
      ok = false;
    } else if (limits.format && !limits.format.test(item)) {
      v.add(`${field}[${index}]`, `must be ${limits.formatName ?? 'well formed'}, got "${item}"`, 'FORMAT');
      ok = false;
    }
  });
  return ok ? (value as string[]) : undefined;
}

/** A required list of 1 to `max` entries. */
export function readEntries(raw: unknown, field: string, max: number): unknown[] {
  if (raw === undefined || raw === null) throw fail(field, 'is required', 'REQUIRED_FIELD');
  if (!Array.isArray(raw)) throw fail(field, 'must be a list', 'FORMAT');
  if (raw.length === 0) throw fail(field, 'must hold at least 1 item', 'MIN_SIZE');
  if (raw.length > max) throw fail(field, `must hold at most ${max} items`, 'MAX_SIZE');
  return raw;
}

/** The id of a path or body: a GUID, else a 400 on `field` (the platform rejects malformed ids up front). */
export function checkProductId(id: string, field = 'id'): string {
  if (!GUID.test(id)) throw fail(field, `must be a GUID (8-4-4-4-12 hex digits), got "${id}"`, 'FORMAT');
  return id;
}

export function checkCollectionId(id: string, field = 'id'): string {
  if (!COLLECTION_ID.test(id)) throw fail(field, `must be a collection id (a GUID), got "${id}"`, 'FORMAT');
  return id;
}

/** Whether a body sets a field (a field given as `undefined` is not set). */
export const has = (input: Json, key: string) => Object.hasOwn(input, key) && input[key] !== undefined;

/**
 * Visits each entry of a list that must hold objects, with its field path (`media[2]`); an entry that is
 * not an object is a violation and is skipped.
 */
export function eachObject(
  v: Violations,
  entries: unknown[],
  at: string,
  visit: (entry: Json, field: string) => void,
): void {
  entries.forEach((entry, i) => {
    const field = `${at}[${i}]`;
    if (isObject(entry)) visit(entry, field);
    else v.add(field, 'must be an object', 'FORMAT');
  });
}
