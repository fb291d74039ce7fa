import type { FieldViolation } from '../../src/api/types/errors';
import { validationError } from '../errors';
import { MAX_OPTION_CHOICES, STORES_APP_ID } from './limits';
import { isObject } from './model';

/**
 * Request readers both cart versions share (v1 `/ecom/v1/carts/current…`, V2 `/ecom/v2/carts/current…`) and
 * the delivery solutions: lists, catalogue references, addresses and emails are read the same whichever
 * wire asks, so that the two versions refuse the same input with the same violations.
 */

export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A list field of a request: not a list, or longer than the platform takes, is a 400 before anything else. */
export function readList(value: unknown, field: string, maxSize: number): unknown[] {
  if (!Array.isArray(value))
    throw validationError([{ field, description: 'must be a list', violatedRule: 'FORMAT' }]);
  if (value.length > maxSize) {
    throw validationError([
      {
        field,
        description: `must list at most ${maxSize} items`,
        violatedRule: 'MAX_SIZE',
        data: { threshold: maxSize },
      },
    ]);
  }
  return value;
}

/** Checks a catalog reference's shape (ids, the store's app id, options); returns nothing, collects violations. */
export function checkCatalogReference(
  ref: Record<string, unknown>,
  at: string,
  violations: FieldViolation[],
) {
  if (typeof ref.catalogItemId !== 'string' || !ref.catalogItemId) {
    violations.push({
      field: `${at}.catalogItemId`,
      description: 'is required',
      violatedRule: 'REQUIRED_FIELD',
    });
  }
  if (typeof ref.appId !== 'string' || !ref.appId) {
    violations.push({ field: `${at}.appId`, description: 'is required', violatedRule: 'REQUIRED_FIELD' });
  } else if (ref.appId !== STORES_APP_ID) {
    violations.push({
      field: `${at}.appId`,
      description: `is not a catalog this site sells from (the store catalogue is ${STORES_APP_ID})`,
      violatedRule: 'VALIDATION',
    });
  }
  checkCatalogOptions(ref.options, at, violations);
}

/** A catalog reference's `options`: an object, whose `options` (the choices) name a bounded number of options. */
function checkCatalogOptions(options: unknown, at: string, violations: FieldViolation[]) {
  if (options !== undefined && !isObject(options)) {
    violations.push({ field: `${at}.options`, description: 'must be an object', violatedRule: 'FORMAT' });
    return;
  }
  if (!isObject(options) || options.options === undefined) return;
  const choices = options.options;
  if (!isObject(choices)) {
    violations.push({
      field: `${at}.options.options`,
      description: 'must be an object',
      violatedRule: 'FORMAT',
    });
  } else if (Object.keys(choices).length > MAX_OPTION_CHOICES) {
    violations.push({
      field: `${at}.options.options`,
      description: `must name at most ${MAX_OPTION_CHOICES} options`,
      violatedRule: 'MAX_SIZE',
      data: { threshold: MAX_OPTION_CHOICES },
    });
  }
}

/** Checks an address's country, subdivision and text lengths; returns a copy. */
export function readAddress(
  value: unknown,
  field: string,
  violations: FieldViolation[],
): Record<string, unknown> | undefined {
  if (value === undefined) return undefined;
  if (!isObject(value)) {
    violations.push({ field, description: 'must be an object', violatedRule: 'FORMAT' });
    return undefined;
  }
  if (
    value.country !== undefined &&
    (typeof value.country !== 'string' || !/^[A-Z]{2}$/.test(value.country))
  ) {
    violations.push({
      field: `${field}.country`,
      description: 'must be a 2-letter ISO country code such as "US"',
      violatedRule: 'FORMAT',
    });
  }
  if (
    value.subdivision !== undefined &&
    (typeof value.subdivision !== 'string' || !/^[A-Z]{2}(-[A-Z0-9]{1,3})?$/.test(value.subdivision))
  ) {
    violations.push({
      field: `${field}.subdivision`,
      description: 'must be an ISO 3166-2 code such as "US-NY"',
      violatedRule: 'FORMAT',
    });
  }
  for (const key of ['city', 'postalCode', 'addressLine', 'addressLine2']) {
    const v = value[key];
    if (v !== undefined && (typeof v !== 'string' || v.length > 250)) {
      violations.push({
        field: `${field}.${key}`,
        description: 'must be text of at most 250 characters',
        violatedRule: 'MAX_LENGTH',
      });
    }
  }
  return structuredClone(value);
}
