/**
 * Names from outside that are also Object.prototype's (`constructor`, `__proto__`, `toString`…), in the
 * lookups that run without a DOM: the catalogue's slice of the store, the query string, the texts' helpers,
 * the login form's field paths and the page's queued calls.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toSearchParams } from '../../../src/api/encoding';
import { memoryStorage } from '../../../src/auth/storage';
import { drainQueue, type StorefrontApi } from '../../../src/public-api';
import { readKey } from '../../../src/store/product-keys';
import { refusalOf } from '../../../src/store/sign-in-problems';
import { fill, withOverrides } from '../../../src/ui/i18n';
import { failureProblem } from '../../../src/widgets/login-modal/problems';
import type { LoginStrings } from '../../../src/widgets/login-modal/strings';
import { sessionHarness } from '../../helpers/session';

const ADMIN = { authorization: 'sandbox-admin-key' };

/** An object with these own keys (an object literal's `__proto__:` would set its prototype instead). */
const record = (pairs: [string, unknown][]) => Object.fromEntries(pairs);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the catalogue’s slice of the store', () => {
  it('keeps a product a grid brought under its slug `__proto__`: the product element then needs no request', async () => {
    const h = sessionHarness();
    const { store } = h.storeWith({ storage: memoryStorage() });
    const made = await h.call('POST', '/stores/v1/products', {
      headers: ADMIN,
      body: {
        product: {
          name: 'Odd',
          slug: '__proto__',
          productType: 'physical',
          priceData: { price: 5 },
          visible: true,
        },
      },
    });
    expect(made.status).toBe(200);
    const id = made.json.product.id as string;
    const reads = () => h.wire.filter((r) => r.path.startsWith('/stores-reader/'));

    await store.getState().loadProducts({ pageSize: 100 });
    expect(Object.hasOwn(store.getState().products.slugs, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(store.getState().products.slugs)).toBe(Object.prototype);
    const count = reads().length;
    await store.getState().loadProduct({ slug: '__proto__' });
    expect(reads()).toHaveLength(count);
    expect(store.getState().products.reads[readKey({ slug: '__proto__' })]).toEqual({
      status: 'ready',
      id,
      problem: null,
    });
    // A product id `constructor` is not one the page has seen: the catalogue is asked (a malformed id, it says).
    await store.getState().loadProduct({ id: 'constructor' });
    expect(reads()).toHaveLength(count + 1);
    expect(store.getState().products.reads[readKey({ id: 'constructor' })]).toMatchObject({ id: null });
    expect(store.getState().products.reads[readKey({ id: 'constructor' })]?.status).not.toBe('loading');
  });
});

describe('the query string of a GET', () => {
  it('sends a top-level key `__proto__` or `constructor` as a parameter like any other', () => {
    const params = toSearchParams(
      record([
        ['__proto__', 'a'],
        ['constructor', 'b'],
        ['toString', ['c', 'd']],
      ]),
    );
    expect([...params]).toEqual([
      ['__proto__', 'a'],
      ['constructor', 'b'],
      ['toString', 'c'],
      ['toString', 'd'],
    ]);
  });
});

describe('texts', () => {
  it('fills only the values given: `{constructor}` and `{toString}` in a site’s template stay as written', () => {
    expect(fill('{constructor} {toString} {__proto__} {name}', { name: 'Mug' })).toBe(
      '{constructor} {toString} {__proto__} Mug',
    );
    expect(fill('{hasOwnProperty}')).toBe('{hasOwnProperty}');
  });

  it('lays overrides over the texts’ own keys only, never over `toString`, `constructor` or `__proto__`', () => {
    const texts = { checkout: 'Checkout', close: 'Close' };
    const out = withOverrides(
      texts,
      record([
        ['__proto__', 'P'],
        ['toString', 'T'],
        ['constructor', 'C'],
        ['valueOf', 'V'],
        ['close', 'Done'],
      ]) as Record<string, string>,
    );
    expect(out).toEqual({ checkout: 'Checkout', close: 'Done' });
    expect(Object.keys(out)).toEqual(['checkout', 'close']);
    expect(String(out)).toBe('[object Object]');
  });
});

describe('the login form', () => {
  it('puts a violation of a field path it does not know, `constructor` included, on the form', () => {
    const violation = (field: string) => ({
      field,
      description: 'is wrong',
      violatedRule: 'VALIDATION' as const,
    });
    for (const path of ['constructor', '__proto__', 'toString']) {
      const said = refusalOf({
        loginState: 'FAILURE',
        error: 'Something is off',
        violations: [violation(path)],
      });
      expect(said, path).toEqual([{ field: '', words: 'Something is off' }]);
      expect(failureProblem({ loginState: 'FAILURE', error: 'x', said }, {} as LoginStrings), path).toEqual([
        { field: 'form', message: 'Something is off' },
      ]);
    }
    expect(
      refusalOf({ loginState: 'FAILURE', error: 'x', violations: [violation('loginId.email')] }),
    ).toEqual([{ field: 'email', words: 'Is wrong' }]);
  });

  it('says a platform code it does not know, `constructor` included, in the platform’s words', () => {
    for (const code of ['constructor', '__proto__', 'toString']) {
      expect(refusalOf({ loginState: 'FAILURE', error: 'Something is off', code }), code).toEqual([
        { field: '', words: 'Something is off' },
      ]);
      // A key that is not one of the modal's texts (an inherited name included) is not looked up.
      expect(
        failureProblem(
          {
            loginState: 'FAILURE',
            error: 'x',
            said: [{ field: 'password', key: code, words: 'Something is off' }],
          },
          { required: 'Required' } as LoginStrings,
        ),
        code,
      ).toEqual([{ field: 'password', message: 'Something is off' }]);
    }
  });
});

describe('the page’s queued calls', () => {
  it('runs Storefront’s own methods only: a queued `constructor` or `toString` is reported, not called', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const openCart = vi.fn();
    const api = { loaded: true, openCart } as unknown as StorefrontApi;
    drainQueue([['constructor'], ['toString'], ['hasOwnProperty', 'x'], ['loaded'], ['openCart']], api);
    expect(openCart).toHaveBeenCalledTimes(1);
    expect(errors.mock.calls.map(([, error]) => String(error))).toEqual([
      'TypeError: Storefront has no method "constructor"',
      'TypeError: Storefront has no method "toString"',
      'TypeError: Storefront has no method "hasOwnProperty"',
      'TypeError: Storefront has no method "loaded"',
    ]);
  });
});
