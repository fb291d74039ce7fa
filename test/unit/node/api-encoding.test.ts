import { toURLSearchParams } from '@wix/sdk-runtime/rest-modules';
import { transformError } from '@wix/sdk-runtime/transform-error';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { base64UrlDecodeJson, base64UrlEncodeJson } from '../../../src/api/base64';
import { toSearchParams } from '../../../src/api/encoding';
import { ApiError, errorFromResponse, ValidationError } from '../../../src/api/errors';
import type { FieldViolation } from '../../../src/api/types/errors';

/**
 * Query-string encoding (WIRE.md 4) and validation-error wording (WIRE.md 10, SPEC.md 5), checked against
 * the official client's own functions (`@wix/sdk-runtime` `toURLSearchParams` and `transformError`) on
 * generated inputs.
 */

const RUNS = { numRuns: 300 };
/**
 * Each property test's time: hundreds of generated values, pure computation (no waiting), which took 5 s, the
 * default, beside a full machine; the runs stay, with the time they need there.
 */
const PROPERTY_TIME = { timeout: 60_000 };

/** Keys of any kind (dots, `=`, `&`, non-ASCII), except `__proto__`, which no request object carries. */
const anyKey = fc.string({ unit: 'grapheme', maxLength: 8 }).filter((k) => k !== '__proto__');
/** Keys without a dot: a flat object keeps them as they are. */
const plainKey = anyKey.filter((k) => !k.includes('.'));

const text = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.constantFrom('👍🏽', 'Ünïcødé', '中文', 'a b&c=d', '+/=?#', ''),
);
const nonNullScalar = fc.oneof(text, fc.integer(), fc.double(), fc.boolean());
const scalar = fc.oneof(nonNullScalar, fc.constant(null), fc.constant(undefined));

/** Request objects: scalars, scalar lists, nested objects and lists of objects, a few levels deep. */
const { requestObject } = fc.letrec<{ value: unknown; requestObject: Record<string, unknown> }>((tie) => ({
  value: fc.oneof(
    { maxDepth: 3, depthIdentifier: 'request' },
    scalar,
    fc.array(scalar, { maxLength: 4 }),
    fc.array(tie('requestObject'), { maxLength: 3 }),
    tie('requestObject'),
  ),
  requestObject: fc.dictionary(anyKey, tie('value'), { maxKeys: 4, noNullPrototype: true }),
}));

/**
 * A request object that certainly has nesting: an object value with at least one scalar in it, under a
 * non-empty key (both clients flatten `{"": {"b": 1}}` to `b=1`).
 */
const nestedRequestObject = fc
  .tuple(requestObject, anyKey.filter(Boolean), requestObject, anyKey, scalar)
  .map(([base, key, inner, innerKey, leaf]) => ({ ...base, [key]: { ...inner, [innerKey]: leaf } }));

/** Flat objects of scalars and lists of non-null scalars (the official client treats a null in a list as an object). */
const flatRequestObject = fc.dictionary(
  plainKey,
  fc.oneof(scalar, fc.array(fc.oneof(nonNullScalar, fc.constant(undefined)), { maxLength: 4 })),
  { maxKeys: 6, noNullPrototype: true },
);

/** True when a list reachable through nested objects (as the flattening walks them) holds a null. */
function hasNullInFlattenedList(value: Record<string, unknown>): boolean {
  return Object.values(value).some((v) =>
    Array.isArray(v)
      ? v.some((item) => item === null)
      : v !== null && typeof v === 'object' && hasNullInFlattenedList(v as Record<string, unknown>),
  );
}

const jsonRoundTrip = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

describe('base64UrlEncodeJson / base64UrlDecodeJson', PROPERTY_TIME, () => {
  it('round-trips any JSON value, ASCII or not', () => {
    for (const stringUnit of ['grapheme-ascii', 'grapheme', 'binary'] as const) {
      fc.assert(
        fc.property(fc.jsonValue({ stringUnit }), (value) => {
          // JSON has no -0: compare with what JSON itself gives back.
          expect(base64UrlDecodeJson(base64UrlEncodeJson(value))).toEqual(jsonRoundTrip(value));
          expect(JSON.stringify(base64UrlDecodeJson(base64UrlEncodeJson(value)))).toBe(JSON.stringify(value));
        }),
        RUNS,
      );
    }
  });

  it('writes UTF-8 JSON in the URL-safe alphabet without padding (the same bytes as Node base64url)', () => {
    fc.assert(
      fc.property(fc.jsonValue({ stringUnit: 'grapheme' }), (value) => {
        const encoded = base64UrlEncodeJson(value);
        expect(encoded).toMatch(/^[A-Za-z0-9_-]*$/);
        expect(encoded).not.toContain('=');
        expect(encoded).toBe(Buffer.from(JSON.stringify(value), 'utf8').toString('base64url'));
      }),
      RUNS,
    );
  });

  it('encodes emoji and non-ASCII text exactly', () => {
    const value = { name: '👍🏽 Ünïcødé 中文', n: 1 };
    expect(base64UrlEncodeJson(value)).toBe('eyJuYW1lIjoi8J-RjfCfj70gw5xuw69jw7hkw6kg5Lit5paHIiwibiI6MX0');
    expect(base64UrlDecodeJson('eyJuYW1lIjoi8J-RjfCfj70gw5xuw69jw7hkw6kg5Lit5paHIiwibiI6MX0')).toEqual(value);
  });

  it('handles values longer than one 32 KiB chunk', () => {
    const value = { ids: Array.from({ length: 3000 }, (_, i) => `id-${i}-é😀`) };
    const encoded = base64UrlEncodeJson(value);
    expect(encoded).toBe(Buffer.from(JSON.stringify(value), 'utf8').toString('base64url'));
    expect(base64UrlDecodeJson(encoded)).toEqual(value);
  });
});

describe('toSearchParams', PROPERTY_TIME, () => {
  it('sends a nested request object as exactly one `.r` that decodes back to it', () => {
    fc.assert(
      fc.property(nestedRequestObject, (request) => {
        const params = toSearchParams(request, base64UrlEncodeJson);
        expect([...params.keys()]).toEqual(['.r']);
        const dotR = params.get('.r') as string;
        expect(dotR).toMatch(/^[A-Za-z0-9_-]+$/);
        expect(base64UrlDecodeJson(dotR)).toEqual(jsonRoundTrip(request));
      }),
      RUNS,
    );
  });

  it('writes flat objects the same whether complex or not: every non-null scalar, lists as repeated keys in order', () => {
    fc.assert(
      fc.property(flatRequestObject, (request) => {
        const expected: [string, string][] = [];
        for (const [key, value] of Object.entries(request)) {
          for (const item of Array.isArray(value) ? value : [value]) {
            if (item !== null && item !== undefined) expected.push([key, String(item)]);
          }
        }
        expect([...toSearchParams(request).entries()]).toEqual(expected);
        expect(toSearchParams(request, base64UrlEncodeJson).toString()).toBe(
          toSearchParams(request).toString(),
        );
      }),
      RUNS,
    );
  });

  it('matches the official toURLSearchParams for any request object when not complex', () => {
    fc.assert(
      fc.property(requestObject, (request) => {
        expect(toSearchParams(request).toString()).toBe(toURLSearchParams(request, false).toString());
      }),
      RUNS,
    );
  });

  it('matches the official toURLSearchParams for any request object when complex', () => {
    fc.assert(
      fc.property(
        requestObject.filter((r) => !hasNullInFlattenedList(r)),
        (request) => {
          expect(toSearchParams(request, base64UrlEncodeJson).toString()).toBe(
            toURLSearchParams(request, true).toString(),
          );
        },
      ),
      RUNS,
    );
  });

  it('matches the official toURLSearchParams on nested objects and lists of objects', () => {
    fc.assert(
      fc.property(nestedRequestObject, fc.boolean(), (request, complex) => {
        fc.pre(!hasNullInFlattenedList(request));
        expect(toSearchParams(request, complex ? base64UrlEncodeJson : undefined).toString()).toBe(
          toURLSearchParams(request, complex).toString(),
        );
      }),
      RUNS,
    );
  });

  // The official client treats a list holding a null as "a list of objects" (`typeof null === 'object'`)
  // and sends `.r`; ours drops the null and sends `a=1`.
  it('sends `.r` for a complex request whose list holds a null, as the official client does', () => {
    const request = { a: [null, 1] };
    expect(toURLSearchParams(request, true).toString()).toBe('.r=eyJhIjpbbnVsbCwxXX0');
    expect(toSearchParams(request, base64UrlEncodeJson).toString()).toBe('.r=eyJhIjpbbnVsbCwxXX0');
  });

  it('writes the recorded member list request as the official client did', () => {
    const request = {
      paging: { limit: 10, offset: 20 },
      fieldsets: ['PUBLIC'],
      sorting: [{ fieldName: 'profile.nickname', order: 'ASC' }],
    };
    const recorded =
      '.r=eyJwYWdpbmciOnsibGltaXQiOjEwLCJvZmZzZXQiOjIwfSwiZmllbGRzZXRzIjpbIlBVQkxJQyJdLCJzb3J0aW5nIjpbeyJmaWVsZE5hbWUiOiJwcm9maWxlLm5pY2tuYW1lIiwib3JkZXIiOiJBU0MifV19';
    expect(toSearchParams(request, base64UrlEncodeJson).toString()).toBe(recorded);
    expect(toSearchParams(request).toString()).toBe('paging.limit=10&paging.offset=20&fieldsets=PUBLIC');
  });
});

describe('validation errors against the official transformError', PROPERTY_TIME, () => {
  const RULES = ['VALIDATION', 'MAX_LENGTH', 'REQUIRED_FIELD', 'FORMAT', 'INVALID_ENUM_VALUE'] as const;
  const violation = fc.record({
    field: fc.oneof(
      fc.constantFrom('a', 'b', 'B', 'a.b', 'lineItems[0].quantity', 'loginId.email', ''),
      // The official client looks fields up in plain objects and crashes on `toString` and the like.
      fc.string({ unit: 'grapheme', maxLength: 10 }).filter((f) => !(f in {})),
    ),
    description: fc.oneof(fc.constantFrom('must be set', 'is too long', ''), fc.string({ maxLength: 20 })),
    violatedRule: fc.constantFrom(...RULES),
  }) as fc.Arbitrary<FieldViolation>;

  it('words the message exactly as the official client and sorts the violations by field', () => {
    fc.assert(
      fc.property(
        fc.array(violation, { minLength: 1, maxLength: 20 }),
        fc.option(fc.string({ minLength: 1, maxLength: 12 }), { nil: undefined }),
        (fieldViolations, requestId) => {
          const input = structuredClone(fieldViolations);
          const ours = errorFromResponse(
            400,
            '',
            { message: 'x', details: { validationError: { fieldViolations } } },
            { method: 'GET', url: 'https://api.test/p', requestId },
          );
          const official = transformError({
            response: {
              data: {
                details: { validationError: { fieldViolations: structuredClone(input) } },
                message: 'x',
              },
              status: 400,
            },
            requestId,
          }) as unknown as { message: string; details: { validationError: { fieldViolations: unknown[] } } };

          expect(ours).toBeInstanceOf(ValidationError);
          expect(ours).toBeInstanceOf(ApiError);
          expect(ours.message).toBe(JSON.parse(official.message).message);
          expect(ours.violations).toEqual(official.details.validationError.fieldViolations);
          const fields = ours.violations.map((v) => v.field);
          expect(fields).toEqual([...fields].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
          expect(ours.code).toBe('INVALID_ARGUMENT');
          expect(ours.status).toBe(400);
          expect(ours.requestId).toBe(requestId);
          // The caller's list is left as it was.
          expect(fieldViolations).toEqual(input);
        },
      ),
      RUNS,
    );
  });
});
