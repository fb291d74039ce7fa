import { describe, expect, it, vi } from 'vitest';
import * as api from '../../../src/api/index';

/**
 * `isStorefrontError` knows every error class `storefront-widgets/api` exports, also when the error comes from
 * another copy of the package (two bundles on one page, where `instanceof` fails): a brand on
 * `StorefrontError.prototype`, not a list of names that a new class can be left out of (issue 34: `UnsafeUrlError`
 * and six webhook errors were).
 */

type Exports = Record<string, unknown>;
type ErrorClass = new (...args: unknown[]) => Error;

/** The exports whose prototype chain has `Error`'s: every error class of the entry, found, not listed. */
const errorClasses = (module: Exports): [string, ErrorClass][] =>
  Object.entries(module).filter(
    (entry): entry is [string, ErrorClass] =>
      typeof entry[1] === 'function' && (entry[1] as ErrorClass).prototype instanceof Error,
  );

/** Constructor arguments of the classes that take more than a message; the others get `['a message']`. */
const ARGUMENTS: Record<string, unknown[]> = {
  ApiError: ['Forbidden', { status: 403, code: 'Forbidden', method: 'GET', url: 'https://example.com/' }],
  ValidationError: ['INVALID_ARGUMENT', { status: 400, code: 'INVALID_ARGUMENT', method: 'GET', url: '/' }],
  SystemError: [{ method: 'GET', url: 'https://example.com/', requestId: 'r-1' }],
  WebhookVerificationError: ['malformed', 'The body is empty'],
  WebhookSignatureError: ['signature', 'The signature does not match'],
  WebhookExpiredError: ['expired', 'The token has expired'],
  WebhookAudienceError: ['audience', 'For another app'],
  UnknownWebhookEventError: ['wix.example.v1.thing_created'],
  WebhookHandlerError: ['cart.updated', 'event-1', [new Error('boom')]],
  ProductRowsError: [[{ row: 2, column: 'price', message: 'is not a price' }]],
};
const make = (name: string, Class: ErrorClass) => new Class(...(ARGUMENTS[name] ?? ['a message']));

/** The entry loaded again: new classes, as another bundle of the package would have. */
async function anotherCopy(): Promise<Exports> {
  vi.resetModules();
  const copy = (await import('../../../src/api/index')) as Exports;
  vi.resetModules();
  return copy;
}

describe('isStorefrontError (issue 34)', () => {
  const classes = errorClasses(api as Exports);

  it('finds the error classes of the entry, and each extends StorefrontError', () => {
    const names = classes.map(([name]) => name);
    for (const name of [
      'StorefrontError',
      'ApiError',
      'UnsafeUrlError',
      'WebhookVerificationError',
      'WebhookSignatureError',
      'WebhookExpiredError',
      'WebhookAudienceError',
      'UnknownWebhookEventError',
      'WebhookHandlerError',
    ])
      expect(names).toContain(name);
    for (const [name, Class] of classes) {
      expect(Class === api.StorefrontError || Class.prototype instanceof api.StorefrontError, name).toBe(
        true,
      );
      expect(make(name, Class), name).toBeInstanceOf(Error);
    }
  });

  it('is true for every exported error class, made by this copy of the package or by another', async () => {
    const copy = await anotherCopy();
    const copied = errorClasses(copy);
    expect(copied.map(([name]) => name)).toEqual(classes.map(([name]) => name));
    expect(copy.StorefrontError).not.toBe(api.StorefrontError);
    const isOther = copy.isStorefrontError as typeof api.isStorefrontError;
    for (const [name, Class] of copied) {
      const error = make(name, Class);
      expect(error, name).not.toBeInstanceOf(api.StorefrontError);
      expect(api.isStorefrontError(error), `${name} of another copy`).toBe(true);
      expect(isOther(error), name).toBe(true);
    }
    for (const [name, Class] of classes) {
      expect(api.isStorefrontError(make(name, Class)), name).toBe(true);
      expect(isOther(make(name, Class)), `${name} seen by another copy`).toBe(true);
    }
  });

  it('is false for anything else: a plain Error, an object or Error named as one of them', () => {
    for (const other of [
      new Error('x'),
      new TypeError('x'),
      { name: 'StorefrontError' },
      { name: 'ApiError', message: 'x' },
      Object.assign(new Error('x'), { name: 'UnsafeUrlError' }),
      { [Symbol.for('storefront-widgets.error')]: 'yes' },
      { [Symbol('storefront-widgets.error')]: true },
      'ApiError',
      null,
      undefined,
    ])
      expect(api.isStorefrontError(other), String((other as { name?: string })?.name ?? other)).toBe(false);
  });
});
