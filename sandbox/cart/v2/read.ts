import type { FieldViolation } from '../../../src/api/types/errors';
import { validationError } from '../../errors';
import { toCents } from '../../money';
import { readList } from '../input';
import { MAX_LINE_IDS_PER_REQUEST } from '../limits';
import { isObject } from '../model';

/** Readers of V2 request fields: each reads one kind of value and says what is wrong with it, in V2's words. */

export type Json = Record<string, unknown>;

const DECIMAL_V2 = /^\d{1,9}(\.\d{1,3})?$/;

export const required = (field: string): FieldViolation => ({
  field,
  description: 'is required',
  violatedRule: 'REQUIRED_FIELD',
});

export function readWholeNumber(
  value: unknown,
  field: string,
  min: number,
  max: number,
  violations: FieldViolation[],
) {
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    violations.push(
      value === undefined
        ? required(field)
        : { field, description: 'must be a whole number', violatedRule: 'FORMAT' },
    );
    return 0;
  }
  if (value < min)
    violations.push({
      field,
      description: `must be at least ${min}`,
      violatedRule: 'MIN',
      data: { threshold: min },
    });
  if (value > max)
    violations.push({
      field,
      description: `must be at most ${max}`,
      violatedRule: 'MAX',
      data: { threshold: max },
    });
  return value;
}

export function readMoneyCents(
  value: unknown,
  field: string,
  violations: FieldViolation[],
  needed = true,
): number | undefined {
  if (value === undefined && !needed) return undefined;
  const amount = isObject(value) ? value.amount : undefined;
  if (typeof amount !== 'string' || !DECIMAL_V2.test(amount)) {
    violations.push({
      field: `${field}.amount`,
      description: 'must be a decimal amount of at least 0 with at most 3 decimals, such as "9.99"',
      violatedRule: 'DECIMAL_GTE',
    });
    return undefined;
  }
  return toCents(amount);
}

export function readText(
  value: unknown,
  field: string,
  max: number,
  violations: FieldViolation[],
): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || value.length > max) {
    violations.push({
      field,
      description: `must be text of at most ${max} characters`,
      violatedRule: 'MAX_LENGTH',
    });
    return undefined;
  }
  return value;
}

export function readCode(value: unknown, field: string, min: number, max: number): string {
  if (typeof value !== 'string' || value.trim().length < min || value.length > max) {
    throw validationError([
      value === undefined
        ? required(field)
        : { field, description: `must be a code of ${min} to ${max} characters`, violatedRule: 'MAX_LENGTH' },
    ]);
  }
  return value.trim();
}

export function readFlag(body: Json, key: string): boolean {
  const value = body[key];
  if (value === undefined || value === null) return false;
  if (typeof value !== 'boolean')
    throw validationError([{ field: key, description: 'must be true or false', violatedRule: 'FORMAT' }]);
  return value;
}

export function readLineIds(value: unknown, field: string): string[] {
  if (value === undefined) throw validationError([required(field)]);
  const ids = readList(value, field, MAX_LINE_IDS_PER_REQUEST);
  if (ids.length === 0) {
    throw validationError([
      { field, description: 'must list at least one line item id', violatedRule: 'MIN_SIZE' },
    ]);
  }
  const bad = ids.findIndex((id) => typeof id !== 'string' || !id);
  if (bad >= 0)
    throw validationError([
      { field: `${field}[${bad}]`, description: 'must be a line item id', violatedRule: 'FORMAT' },
    ]);
  return ids as string[];
}
