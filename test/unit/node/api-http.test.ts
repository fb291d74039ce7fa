import { afterEach, describe, expect, it, vi } from 'vitest';
import { base64UrlEncodeJson } from '../../../src/api/base64';
import {
  ApiError,
  isApiError,
  isStorefrontError,
  isSystemError,
  isValidationError,
  StorefrontError,
  SystemError,
  statusTextOf,
  ValidationError,
} from '../../../src/api/errors';
import {
  type AuthProvider,
  accessTokenAuth,
  apiKeyAuth,
  createApiClient,
  LONG_GET_THRESHOLD,
  type RequestSpec,
} from '../../../src/api/http';
import { seg } from '../../../src/api/seg';

/**
 * The HTTP core against a fake `fetch`: URLs and query strings (WIRE.md 4), headers (WIRE.md 1, 2), bodies,
 * error mapping (WIRE.md 10, SPEC.md 8), retries, path segments and events.
 */

/** One request as it reached `fetch`. */
interface Sent {
  method: string;
  url: string;
  /** Only the headers the client set (a `Request` would add its own Content-Type to a string body). */
  headers: Headers;
  body: string | undefined;
}

type Reply = () => Response | Error;

/** A `fetch` that records every request and answers with the replies in turn (the last one repeats). */
function fakeFetch(...replies: Reply[]) {
  const sent: Sent[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    sent.push({
      method: request.method,
      url: request.url,
      headers: new Headers(init?.headers),
      body: request.body === null ? undefined : await request.text(),
    });
    const reply = replies[Math.min(sent.length, replies.length) - 1] ?? ok({});
    const answer = reply();
    if (answer instanceof Error) throw answer;
    return answer;
  });
  return { fetch, sent };
}

const ok =
  (body: unknown, headers: Record<string, string> = {}): Reply =>
  () =>
    new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'content-type': 'application/json', ...headers },
    });
const answer =
  (
    status: number,
    body: string | null,
    init: { statusText?: string; headers?: Record<string, string> } = {},
  ): Reply =>
  () =>
    new Response(body, { status, statusText: init.statusText ?? '', headers: init.headers ?? {} });
const jsonAnswer = (
  status: number,
  body: unknown,
  init: { statusText?: string; headers?: Record<string, string> } = {},
): Reply =>
  answer(status, JSON.stringify(body), {
    statusText: init.statusText,
    headers: { 'content-type': 'application/json', ...init.headers },
  });
const networkFailure: Reply = () => new TypeError('fetch failed');

function setup(
  replies: Reply[] = [ok({})],
  auth: AuthProvider | undefined = accessTokenAuth('<accessToken>'),
) {
  const { fetch, sent } = fakeFetch(...replies);
  const onError = vi.fn();
  const client = createApiClient({ apiBase: 'https://api.test', fetch, auth, onError });
  return { client, fetch, sent, onError };
}

/** The rejection of a call that must fail. */
async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error,
  );
}

const headerNames = (headers: Headers) => [...headers.keys()].sort();

afterEach(() => {
  vi.restoreAllMocks();
});

describe('URLs', () => {
  it('joins apiBase and path with or without trailing slashes', async () => {
    for (const apiBase of ['https://api.test', 'https://api.test/', 'https://api.test///']) {
      const { fetch, sent } = fakeFetch(ok({}));
      const client = createApiClient({ apiBase, fetch });
      expect(client.apiBase).toBe('https://api.test');
      await client.request({ method: 'GET', path: '/ecom/v1/carts/current' });
      expect(sent[0]?.url).toBe('https://api.test/ecom/v1/carts/current');
    }
    const { fetch, sent } = fakeFetch(ok({}));
    await createApiClient({ apiBase: 'http://localhost:8787/proxy/', fetch }).request({
      method: 'GET',
      path: '/v2/collections/c1',
    });
    expect(sent[0]?.url).toBe('http://localhost:8787/proxy/v2/collections/c1');
  });

  it('defaults to the production API', async () => {
    const { fetch, sent } = fakeFetch(ok({}));
    const client = createApiClient({ fetch });
    expect(client.apiBase).toBe('https://www.wixapis.com');
    await client.request({ method: 'GET', path: '/members/v1/members/my' });
    expect(sent[0]?.url).toBe('https://www.wixapis.com/members/v1/members/my');
  });

  it('refuses an apiBase that is not http(s)', () => {
    expect(() => createApiClient({ apiBase: 'ftp://x' })).toThrow(TypeError);
    expect(() => createApiClient({ apiBase: 'api.test' })).toThrow(TypeError);
    expect(() => createApiClient({ apiBase: 'javascript:alert(1)//' })).toThrow(TypeError);
  });

  it('writes GET query objects per WIRE.md 4: scalars, repeated keys, dotted keys, no null or undefined', async () => {
    const { client, sent } = setup();
    await client.request({
      method: 'GET',
      path: '/members/v1/members/m1',
      query: {
        id: 'm1',
        fieldsets: ['PUBLIC', 'EXTENDED'],
        paging: { limit: 10, offset: 20, cursor: null },
        gone: null,
        missing: undefined,
        flag: false,
        zero: 0,
        text: 'a b&c=d/é',
      },
    });
    expect(sent[0]?.url).toBe(
      'https://api.test/members/v1/members/m1?id=m1&fieldsets=PUBLIC&fieldsets=EXTENDED&paging.limit=10&paging.offset=20&flag=false&zero=0&text=a+b%26c%3Dd%2F%C3%A9',
    );
    expect(sent[0]?.method).toBe('GET');
    expect(sent[0]?.body).toBeUndefined();
  });

  it('adds no `?` when the query object has nothing to send', async () => {
    const { client, sent } = setup();
    await client.request({ method: 'GET', path: '/p', query: {} });
    await client.request({ method: 'GET', path: '/p', query: { a: null, b: undefined, c: {} } });
    await client.request({ method: 'GET', path: '/p', query: { list: [{ objectsAreDropped: true }] } });
    expect(sent.map((s) => s.url)).toEqual([
      'https://api.test/p',
      'https://api.test/p',
      'https://api.test/p',
    ]);
  });

  it('writes DELETE query objects the same way, with no body', async () => {
    const { client, sent } = setup();
    await client.request({
      method: 'DELETE',
      path: '/members/v1/members/my',
      query: { contentAssigneeId: 'c1', ids: ['x', 'y'] },
      body: { ignored: true },
    });
    expect(sent[0]?.method).toBe('DELETE');
    expect(sent[0]?.url).toBe('https://api.test/members/v1/members/my?contentAssigneeId=c1&ids=x&ids=y');
    expect(sent[0]?.body).toBeUndefined();
    expect(sent[0]?.headers.get('content-type')).toBeNull();
  });

  it('complex GETs send `.r` (base64url JSON, no padding) when there is nesting: the recorded member list', async () => {
    const { client, sent } = setup();
    await client.request({
      method: 'GET',
      path: '/members/v1/members',
      complex: base64UrlEncodeJson,
      query: {
        paging: { limit: 10, offset: 20 },
        fieldsets: ['PUBLIC'],
        sorting: [{ fieldName: 'profile.nickname', order: 'ASC' }],
      },
    });
    expect(sent[0]?.url).toBe(
      'https://api.test/members/v1/members?.r=eyJwYWdpbmciOnsibGltaXQiOjEwLCJvZmZzZXQiOjIwfSwiZmllbGRzZXRzIjpbIlBVQkxJQyJdLCJzb3J0aW5nIjpbeyJmaWVsZE5hbWUiOiJwcm9maWxlLm5pY2tuYW1lIiwib3JkZXIiOiJBU0MifV19',
    );
  });

  it('complex GETs send `.r` for a list of objects alone, and plain keys when flat', async () => {
    const { client, sent } = setup();
    const sortOnly = { sort: [{ fieldName: 'name', order: 'ASC' }] };
    await client.request({ method: 'GET', path: '/p', complex: base64UrlEncodeJson, query: sortOnly });
    await client.request({
      method: 'GET',
      path: '/p',
      complex: base64UrlEncodeJson,
      query: { fieldsets: ['PUBLIC', 'FULL'], q: 'x y', n: 3 },
    });
    await client.request({ method: 'GET', path: '/p', query: { paging: { limit: 5 } } });
    expect(sent[0]?.url).toBe(
      `https://api.test/p?.r=${Buffer.from(JSON.stringify(sortOnly)).toString('base64url')}`,
    );
    expect(sent[1]?.url).toBe('https://api.test/p?fieldsets=PUBLIC&fieldsets=FULL&q=x+y&n=3');
    expect(sent[2]?.url).toBe('https://api.test/p?paging.limit=5');
  });

  it('`.r` carries no padding and decodes to the request object', async () => {
    const { client, sent } = setup();
    // 1, 2 and 3 bytes over a multiple of 3: each would need padding in plain base64.
    for (const name of ['a', 'ab', 'abc']) {
      const query = { query: { filter: { name }, paging: { limit: 1 } } };
      await client.request({ method: 'GET', path: '/p', complex: base64UrlEncodeJson, query });
      const dotR = new URL(sent.at(-1)?.url as string).searchParams.get('.r') as string;
      expect(dotR).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(JSON.parse(Buffer.from(dotR, 'base64url').toString('utf8'))).toEqual(query);
    }
  });
});

describe('long-GET fallback', () => {
  it('is 4000 characters', () => {
    expect(LONG_GET_THRESHOLD).toBe(4000);
  });

  it('turns a GET whose query string is over 4000 characters into a POST with the request object as JSON', async () => {
    const { client, sent } = setup();
    const query = { q: 'a'.repeat(3999) }; // `q=` + 3999 = 4001 characters
    await client.request({
      method: 'GET',
      path: '/stores-reader/v1/products/query-platformized',
      query,
      longGetFallback: true,
    });
    expect(sent[0]?.method).toBe('POST');
    expect(sent[0]?.url).toBe('https://api.test/stores-reader/v1/products/query-platformized');
    expect(sent[0]?.headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(sent[0]?.body as string)).toEqual(query);
  });

  it('keeps a GET of exactly 4000 characters a GET', async () => {
    const { client, sent } = setup();
    const query = { q: 'a'.repeat(3998) };
    await client.request({ method: 'GET', path: '/p', query, longGetFallback: true });
    expect(sent[0]?.method).toBe('GET');
    expect(sent[0]?.url).toBe(`https://api.test/p?q=${'a'.repeat(3998)}`);
    expect(new URL(sent[0]?.url as string).search.length - 1).toBe(4000);
    expect(sent[0]?.body).toBeUndefined();
    expect(sent[0]?.headers.get('content-type')).toBeNull();
  });

  it('measures the encoded query string, not the raw text', async () => {
    const { client, sent } = setup();
    // Each `é` is `%C3%A9`: 2 + 6 × 667 = 4004 encoded characters, 669 raw.
    await client.request({ method: 'GET', path: '/p', query: { q: 'é'.repeat(667) }, longGetFallback: true });
    // 2 + 6 × 666 = 3998.
    await client.request({ method: 'GET', path: '/p', query: { q: 'é'.repeat(666) }, longGetFallback: true });
    expect(sent.map((s) => s.method)).toEqual(['POST', 'GET']);
    expect(JSON.parse(sent[0]?.body as string)).toEqual({ q: 'é'.repeat(667) });
  });

  it('posts the request object itself, not `.r`, for a long complex GET', async () => {
    const { client, sent } = setup();
    const ids = Array.from(
      { length: 120 },
      (_, i) => `aaaaaaaa-bbbb-4ccc-8ddd-${String(i).padStart(12, '0')}`,
    );
    const query = { query: { filter: { id: { $in: ids } }, paging: { limit: 100, offset: 0 } } };
    await client.request({
      method: 'GET',
      path: '/p',
      query,
      complex: base64UrlEncodeJson,
      longGetFallback: true,
    });
    expect(sent[0]?.method).toBe('POST');
    expect(sent[0]?.url).toBe('https://api.test/p');
    expect(JSON.parse(sent[0]?.body as string)).toEqual(query);
  });

  it('leaves long GETs alone without longGetFallback, and never turns a DELETE into a POST', async () => {
    const { client, sent } = setup();
    const query = { q: 'a'.repeat(3999) };
    await client.request({ method: 'GET', path: '/p', query });
    await client.request({ method: 'DELETE', path: '/p', query, longGetFallback: true });
    expect(sent.map((s) => s.method)).toEqual(['GET', 'DELETE']);
    expect(sent[0]?.url).toBe(`https://api.test/p?q=${'a'.repeat(3999)}`);
    expect(sent[1]?.url).toBe(`https://api.test/p?q=${'a'.repeat(3999)}`);
    expect(sent.map((s) => s.body)).toEqual([undefined, undefined]);
  });
});

describe('bodies', () => {
  it('sends POST, PUT and PATCH bodies as JSON with Content-Type: application/json', async () => {
    const { client, sent } = setup();
    const body = { lineItems: [{ id: 'l1', quantity: 3 }], note: 'é 👍' };
    for (const method of ['POST', 'PUT', 'PATCH'] as const) {
      await client.request({ method, path: '/ecom/v1/carts/current/update-line-items-quantity', body });
    }
    for (const s of sent) {
      expect(s.headers.get('content-type')).toBe('application/json');
      expect(s.body).toBe(JSON.stringify(body));
    }
    expect(sent.map((s) => s.method)).toEqual(['POST', 'PUT', 'PATCH']);
  });

  it('sends an empty object body as `{}`', async () => {
    const { client, sent } = setup();
    await client.request({ method: 'POST', path: '/ecom/v1/carts/current/remove-coupon', body: {} });
    expect(sent[0]?.body).toBe('{}');
    expect(sent[0]?.headers.get('content-type')).toBe('application/json');
  });

  it('sends no body and no Content-Type when there is no body', async () => {
    const { client, sent } = setup();
    await client.request({ method: 'POST', path: '/members/v1/members/join-community' });
    await client.request({ method: 'GET', path: '/p', body: { ignored: true } });
    await client.request({ method: 'DELETE', path: '/p' });
    for (const s of sent) {
      expect(s.body).toBeUndefined();
      expect(s.headers.get('content-type')).toBeNull();
    }
    expect(headerNames(sent[1]?.headers as Headers)).toEqual(['authorization']);
  });

  it('returns the parsed JSON answer of a 200', async () => {
    const { client } = setup([ok({ cart: { id: 'c1', lineItems: [] } })]);
    await expect(client.request({ method: 'GET', path: '/ecom/v1/carts/current' })).resolves.toEqual({
      cart: { id: 'c1', lineItems: [] },
    });
  });
});

describe('headers', () => {
  it('sends the raw access token or API key as Authorization, never `Bearer `', async () => {
    for (const [auth, expected] of [
      [accessTokenAuth('OauthNG.JWS.tok-123'), 'OauthNG.JWS.tok-123'],
      [apiKeyAuth('IST.api-key'), 'IST.api-key'],
    ] as const) {
      const { client, sent } = setup([ok({})], auth);
      await client.request({ method: 'POST', path: '/p', body: {} });
      expect(sent[0]?.headers.get('authorization')).toBe(expected);
    }
  });

  it('sends no Authorization on anonymous calls or without a token', async () => {
    const { client, sent } = setup();
    await client.request({
      method: 'POST',
      path: '/oauth2/token',
      body: { grantType: 'anonymous' },
      anonymous: true,
    });
    expect(sent[0]?.headers.get('authorization')).toBeNull();
    expect(headerNames(sent[0]?.headers as Headers)).toEqual(['content-type']);

    const none = setup([ok({})], { getAuthorization: () => undefined });
    await none.client.request({ method: 'GET', path: '/p' });
    expect(headerNames(none.sent[0]?.headers as Headers)).toEqual([]);

    const noAuth = fakeFetch(ok({}));
    await createApiClient({ apiBase: 'https://api.test', fetch: noAuth.fetch }).request({
      method: 'GET',
      path: '/p',
    });
    expect(noAuth.sent[0]?.headers.get('authorization')).toBeNull();
  });

  it('awaits an auth provider that returns a Promise, on every request', async () => {
    let n = 0;
    const { client, sent } = setup([ok({})], {
      getAuthorization: async () => {
        await new Promise((resolve) => setTimeout(resolve, 1));
        n += 1;
        return `async-token-${n}`;
      },
    });
    await client.request({ method: 'GET', path: '/p' });
    await client.request({ method: 'GET', path: '/p' });
    expect(sent.map((s) => s.headers.get('authorization'))).toEqual(['async-token-1', 'async-token-2']);
  });

  it('lets a call set its own Authorization (the authorized_client grant)', async () => {
    const { client, sent } = setup();
    await client.request({
      method: 'POST',
      path: '/oauth2/token',
      body: { grant_type: 'authorized_client' },
      headers: { Authorization: '<accessToken>,<apiKey>' },
    });
    expect(sent[0]?.headers.get('authorization')).toBe('<accessToken>,<apiKey>');
  });

  it('echoes X-Wix-Consistent unchanged on every later request, and replaces it when a newer one arrives', async () => {
    const first = '1712345678901|dc=42, a b;c=d';
    const { client, sent } = setup([
      ok({}, { 'X-Wix-Consistent': first }),
      ok({}),
      jsonAnswer(404, { message: 'gone' }, { headers: { 'x-wix-consistent': 'v2' } }),
      ok({}),
    ]);
    await client.request({ method: 'GET', path: '/a' });
    await client.request({ method: 'POST', path: '/b', body: {} });
    await failure(client.request({ method: 'GET', path: '/c' }));
    await client.request({ method: 'DELETE', path: '/d' });
    await client.request({ method: 'GET', path: '/e' });
    expect(sent.map((s) => s.headers.get('x-wix-consistent'))).toEqual([null, first, first, 'v2', 'v2']);
  });

  it('does not share X-Wix-Consistent between two clients', async () => {
    const one = fakeFetch(ok({}, { 'X-Wix-Consistent': 'only-for-one' }));
    const two = fakeFetch(ok({}));
    const a = createApiClient({ apiBase: 'https://api.test', fetch: one.fetch });
    const b = createApiClient({ apiBase: 'https://api.test', fetch: two.fetch });
    await a.request({ method: 'GET', path: '/p' });
    await b.request({ method: 'GET', path: '/p' });
    await a.request({ method: 'GET', path: '/p' });
    await b.request({ method: 'GET', path: '/p' });
    expect(one.sent.map((s) => s.headers.get('x-wix-consistent'))).toEqual([null, 'only-for-one']);
    expect(two.sent.map((s) => s.headers.get('x-wix-consistent'))).toEqual([null, null]);
  });
});

describe('errors', () => {
  const VIOLATIONS = [
    { field: 'b', description: 'is too long', violatedRule: 'MAX_LENGTH' },
    { field: 'a', description: 'must be set', violatedRule: 'REQUIRED_FIELD' },
    { field: 'a.c', description: 'is not a GUID', violatedRule: 'FORMAT' },
  ];

  it('maps a 400 with field violations to a ValidationError sorted by field', async () => {
    const body = { message: 'bad request', details: { validationError: { fieldViolations: VIOLATIONS } } };
    const { client, onError } = setup([
      jsonAnswer(400, body, { statusText: 'Bad Request', headers: { 'x-wix-request-id': 'req-400' } }),
    ]);
    const error = await failure(
      client.request({
        method: 'GET',
        path: '/stores-reader/v1/products/not-a-guid',
        query: { id: 'not-a-guid' },
      }),
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(StorefrontError);
    expect(error).toBeInstanceOf(Error);
    const e = error as ValidationError;
    expect(e.name).toBe('ValidationError');
    expect(e.message).toBe('INVALID_ARGUMENT: "a" must be set, "a.c" is not a GUID, "b" is too long');
    expect(e.violations).toEqual([VIOLATIONS[1], VIOLATIONS[2], VIOLATIONS[0]]);
    expect(e.code).toBe('INVALID_ARGUMENT');
    expect(e.status).toBe(400);
    expect(e.requestId).toBe('req-400');
    expect(e.method).toBe('GET');
    expect(e.url).toBe('https://api.test/stores-reader/v1/products/not-a-guid?id=not-a-guid');
    expect(e.body).toEqual(body);
    expect(e.applicationError).toBeUndefined();
    expect(isValidationError(e)).toBe(true);
    expect(isApiError(e)).toBe(true);
    expect(isSystemError(e)).toBe(false);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledWith(e, {
      method: 'GET',
      url: 'https://api.test/stores-reader/v1/products/not-a-guid?id=not-a-guid',
    });
  });

  it('maps a 404 with an applicationError to an ApiError with that code and the server message', async () => {
    const applicationError = { code: 'PRODUCT_NOT_FOUND', description: 'Product not found', data: {} };
    const { client } = setup([
      jsonAnswer(
        404,
        { message: 'Product not found', details: { applicationError } },
        { statusText: 'Not Found', headers: { 'x-wix-request-id': 'req-404' } },
      ),
    ]);
    const error = await failure(
      client.request({ method: 'GET', path: '/stores-reader/v1/products/p-missing' }),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).not.toBeInstanceOf(ValidationError);
    const e = error as ApiError;
    expect(e.name).toBe('ApiError');
    expect(e.code).toBe('PRODUCT_NOT_FOUND');
    expect(e.message).toBe('Product not found');
    expect(e.status).toBe(404);
    expect(e.requestId).toBe('req-404');
    expect(e.applicationError).toEqual(applicationError);
    expect(e.violations).toEqual([]);
    expect(e.method).toBe('GET');
    expect(e.url).toBe('https://api.test/stores-reader/v1/products/p-missing');
    expect(isValidationError(e)).toBe(false);
  });

  it('keeps a sign-in error code such as -19976 and words differing message and description as the official client does', async () => {
    const { client } = setup([
      jsonAnswer(
        401,
        {
          message: 'Login failed',
          details: { applicationError: { code: '-19976', description: 'wrong password' } },
        },
        { statusText: 'Unauthorized' },
      ),
    ]);
    const e = (await failure(
      client.request({ method: 'POST', path: '/_api/iam/authentication/v2/login', body: {} }),
    )) as ApiError;
    expect(e.code).toBe('-19976');
    expect(e.status).toBe(401);
    expect(e.message).toBe('Login failed: wrong password');
    expect(e.method).toBe('POST');
  });

  it('maps a 403 with no body to an ApiError whose code and message are the status text', async () => {
    for (const statusText of ['Forbidden', '']) {
      const { client } = setup([answer(403, null, { statusText })]);
      const e = (await failure(
        client.request({ method: 'GET', path: '/members/v1/members/my' }),
      )) as ApiError;
      expect(e).toBeInstanceOf(ApiError);
      expect(e).not.toBeInstanceOf(ValidationError);
      expect(e.code).toBe('Forbidden');
      expect(e.message).toBe('Forbidden');
      expect(e.status).toBe(403);
      expect(e.requestId).toBeUndefined();
      expect(e.applicationError).toBeUndefined();
      expect(e.method).toBe('GET');
      expect(e.url).toBe('https://api.test/members/v1/members/my');
    }
  });

  it('treats an error body that is not JSON as no body', async () => {
    const { client } = setup([answer(403, '<html>denied</html>', { statusText: 'Forbidden' })]);
    const e = (await failure(client.request({ method: 'GET', path: '/p' }))) as ApiError;
    expect(e).toBeInstanceOf(ApiError);
    expect(e.code).toBe('Forbidden');
    expect(e.message).toBe('Forbidden');
  });

  it('maps a 500 with no body to an ApiError that keeps the request id', async () => {
    const { client } = setup([
      answer(500, null, { statusText: 'Internal Server Error', headers: { 'x-wix-request-id': 'req-500' } }),
    ]);
    const e = (await failure(client.request({ method: 'GET', path: '/members/v1/members/my' }))) as ApiError;
    expect(e).toBeInstanceOf(ApiError);
    expect(e.status).toBe(500);
    expect(e.code).toBe('Internal Server Error');
    expect(e.message).toBe('Internal Server Error');
    expect(e.requestId).toBe('req-500');
    expect(e.method).toBe('GET');
    expect(e.url).toBe('https://api.test/members/v1/members/my');
  });

  it('treats any status other than 200 as an error, 201 and 204 included', async () => {
    const { client } = setup([
      jsonAnswer(201, { id: 'new' }, { statusText: 'Created' }),
      answer(204, null, { statusText: 'No Content' }),
    ]);
    const created = (await failure(client.request({ method: 'POST', path: '/p', body: {} }))) as ApiError;
    expect(created).toBeInstanceOf(ApiError);
    expect(created.status).toBe(201);
    expect(created.code).toBe('Created');
    const empty = (await failure(client.request({ method: 'DELETE', path: '/p' }))) as ApiError;
    expect(empty).toBeInstanceOf(ApiError);
    expect(empty.status).toBe(204);
    expect(empty.code).toBe('No Content');
    expect(empty.method).toBe('DELETE');
  });

  it('maps a fetch that throws to a SystemError `System error occurred` that keeps the cause', async () => {
    const cause = new TypeError('fetch failed');
    const { client, onError } = setup([() => cause]);
    const error = await failure(client.request({ method: 'POST', path: '/p', body: { a: 1 } }));
    expect(error).toBeInstanceOf(SystemError);
    expect(error).toBeInstanceOf(StorefrontError);
    expect(error).not.toBeInstanceOf(ApiError);
    const e = error as SystemError;
    expect(e.name).toBe('SystemError');
    expect(e.message).toBe('System error occurred');
    expect(e.cause).toBe(cause);
    expect(e.requestId).toBeUndefined();
    expect(e.method).toBe('POST');
    expect(e.url).toBe('https://api.test/p');
    expect(isSystemError(e)).toBe(true);
    expect(isApiError(e)).toBe(false);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledWith(e, { method: 'POST', url: 'https://api.test/p' });
  });

  it('maps a 200 whose body is not JSON to a SystemError with the request id', async () => {
    const { client } = setup([
      answer(200, '<html>oops</html>', { headers: { 'x-wix-request-id': 'req-9' } }),
    ]);
    const e = (await failure(client.request({ method: 'GET', path: '/p', query: { a: 1 } }))) as SystemError;
    expect(e).toBeInstanceOf(SystemError);
    expect(e.message).toBe('System error occurred, request-id: req-9');
    expect(e.requestId).toBe('req-9');
    expect(e.cause).toBeInstanceOf(SyntaxError);
    expect(e.method).toBe('GET');
    expect(e.url).toBe('https://api.test/p?a=1');
  });

  // A 200 whose body breaks off (connection reset mid-answer) has no usable body: SystemError's own doc
  // ("the connection was reset") and WIRE.md 10 make that a system error, but http.ts swallows the read
  // failure (`response.text().catch(() => undefined)`) and resolves `{}` as if the call had succeeded.
  it('maps a 200 whose body cannot be read to a SystemError', async () => {
    const cut: Reply = () =>
      new Response(
        new ReadableStream({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('{"cart":'));
            controller.error(new TypeError('terminated'));
          },
        }),
        { status: 200, headers: { 'x-wix-request-id': 'req-cut' } },
      );
    const { client } = setup([cut]);
    const e = await failure(client.request({ method: 'GET', path: '/ecom/v1/carts/current' }));
    expect(e).toBeInstanceOf(SystemError);
    expect((e as SystemError).message).toBe('System error occurred, request-id: req-cut');
  });

  it('names the method and URL actually sent after a long-GET fallback', async () => {
    const { client } = setup([answer(503, null, { statusText: 'Service Unavailable' })]);
    const e = (await failure(
      client.request({ method: 'GET', path: '/p', query: { q: 'a'.repeat(4000) }, longGetFallback: true }),
    )) as ApiError;
    expect(e.method).toBe('POST');
    expect(e.url).toBe('https://api.test/p');
  });

  it('calls onError exactly once with the typed error, before the call rejects with that same error', async () => {
    const events: string[] = [];
    const { fetch } = fakeFetch(jsonAnswer(404, { message: 'nope' }, { statusText: 'Not Found' }));
    let seen: unknown;
    const client = createApiClient({
      apiBase: 'https://api.test',
      fetch,
      onError: (error, request) => {
        seen = error;
        events.push(`onError ${error.name} ${request.method} ${request.url}`);
      },
    });
    const error = await client.request({ method: 'GET', path: '/x' }).catch((e: unknown) => {
      events.push('rejected');
      return e;
    });
    expect(events).toEqual(['onError ApiError GET https://api.test/x', 'rejected']);
    expect(error).toBe(seen);
    expect((error as ApiError).message).toBe('nope');
  });

  it('keeps the original error when onError throws', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { fetch } = fakeFetch(answer(403, null, { statusText: 'Forbidden' }));
    const hook = vi.fn(() => {
      throw new Error('hook broke');
    });
    const client = createApiClient({ apiBase: 'https://api.test', fetch, onError: hook });
    const e = (await failure(client.request({ method: 'GET', path: '/p' }))) as ApiError;
    expect(e).toBeInstanceOf(ApiError);
    expect(e.message).toBe('Forbidden');
    expect(e.status).toBe(403);
    expect(hook).toHaveBeenCalledTimes(1);
    expect(consoleError).toHaveBeenCalledTimes(1);
  });

  it('does not call onError on success', async () => {
    const { client, onError } = setup([ok({ a: 1 })]);
    await client.request({ method: 'GET', path: '/p' });
    expect(onError).not.toHaveBeenCalled();
  });

  it('guards work by name too, across bundles and realms', () => {
    expect(isApiError({ name: 'ApiError' })).toBe(true);
    expect(isApiError({ name: 'ValidationError' })).toBe(true);
    expect(isApiError(Object.assign(new Error('x'), { name: 'ApiError' }))).toBe(true);
    expect(isValidationError({ name: 'ValidationError' })).toBe(true);
    expect(isValidationError({ name: 'ApiError' })).toBe(false);
    expect(isSystemError({ name: 'SystemError' })).toBe(true);
    expect(isSystemError({ name: 'ApiError' })).toBe(false);
    // isStorefrontError looks for the package's brand, not a name (test/unit/node/api-errors.test.ts).
    expect(isStorefrontError({ name: 'SystemError' })).toBe(false);
    expect(isStorefrontError({ name: 'ValidationError' })).toBe(false);
    expect(isStorefrontError(new StorefrontError('x'))).toBe(true);
    for (const notOne of [
      null,
      undefined,
      'ApiError',
      {},
      { name: 'Error' },
      new Error('x'),
      new TypeError('x'),
    ]) {
      expect(isApiError(notOne)).toBe(false);
      expect(isValidationError(notOne)).toBe(false);
      expect(isSystemError(notOne)).toBe(false);
      expect(isStorefrontError(notOne)).toBe(false);
    }
  });

  it('statusTextOf fills in the reason phrase HTTP/2 leaves out', () => {
    expect(statusTextOf(403, '')).toBe('Forbidden');
    expect(statusTextOf(403)).toBe('Forbidden');
    expect(statusTextOf(404, '  ')).toBe('Not Found');
    expect(statusTextOf(503, '')).toBe('Service Unavailable');
    expect(statusTextOf(404, 'Custom')).toBe('Custom');
    expect(statusTextOf(418, '')).toBe('HTTP 418');
  });
});

describe('retries', () => {
  const unavailable = answer(503, null, { statusText: 'Service Unavailable' });

  it('tries once more after a 503 with retries: 1, sending the same request', async () => {
    const { client, sent, onError } = setup([unavailable, ok({ done: true })]);
    const spec: RequestSpec = { method: 'POST', path: '/p', body: { a: 1 }, retries: 1 };
    await expect(client.request(spec)).resolves.toEqual({ done: true });
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual(sent[0]);
    expect(onError).not.toHaveBeenCalled();
  });

  it('fails with the last 503 after retries run out', async () => {
    const { client, sent, onError } = setup([unavailable, unavailable, unavailable, ok({})]);
    const e = (await failure(client.request({ method: 'GET', path: '/p', retries: 1 }))) as ApiError;
    expect(e).toBeInstanceOf(ApiError);
    expect(e.status).toBe(503);
    expect(e.code).toBe('Service Unavailable');
    expect(sent).toHaveLength(2);
    expect(onError).toHaveBeenCalledTimes(1);

    const more = setup([unavailable, unavailable, unavailable, unavailable]);
    await failure(more.client.request({ method: 'GET', path: '/p', retries: 2 }));
    expect(more.sent).toHaveLength(3);
  });

  it('tries again after a network failure', async () => {
    const { client, sent } = setup([networkFailure, ok({ ok: 1 })]);
    await expect(client.request({ method: 'GET', path: '/p', retries: 1 })).resolves.toEqual({ ok: 1 });
    expect(sent).toHaveLength(2);

    const twice = setup([networkFailure, networkFailure, ok({})]);
    const e = await failure(twice.client.request({ method: 'GET', path: '/p', retries: 1 }));
    expect(e).toBeInstanceOf(SystemError);
    expect(twice.sent).toHaveLength(2);
  });

  it('never retries a 4xx', async () => {
    for (const status of [400, 401, 404, 409, 429]) {
      const { client, sent } = setup([jsonAnswer(status, { message: 'no' }), ok({})]);
      const e = (await failure(client.request({ method: 'GET', path: '/p', retries: 3 }))) as ApiError;
      expect(e.status).toBe(status);
      expect(sent).toHaveLength(1);
    }
  });

  it('does not retry by default', async () => {
    const a = setup([unavailable, ok({})]);
    expect(((await failure(a.client.request({ method: 'GET', path: '/p' }))) as ApiError).status).toBe(503);
    expect(a.sent).toHaveLength(1);
    const b = setup([networkFailure, ok({})]);
    expect(await failure(b.client.request({ method: 'GET', path: '/p' }))).toBeInstanceOf(SystemError);
    expect(b.sent).toHaveLength(1);
  });
});

describe('seg and auth helpers', () => {
  it('encodes `/`, `?`, `#` and spaces in a path segment', () => {
    expect(seg('a/b?c#d e')).toBe('a%2Fb%3Fc%23d%20e');
    expect(seg('../admin')).toBe('..%2Fadmin');
    expect(seg('é')).toBe('%C3%A9');
    expect(seg('3f1a2b4c-5d6e-4f70-8a9b-0c1d2e3f4a5b')).toBe('3f1a2b4c-5d6e-4f70-8a9b-0c1d2e3f4a5b');
  });

  it('refuses an empty or missing segment', () => {
    expect(() => seg('')).toThrow(TypeError);
    expect(() => seg(undefined as unknown as string)).toThrow(TypeError);
    expect(() => seg(42 as unknown as string)).toThrow(TypeError);
  });

  // `seg` exists so that ids and slugs "never" escape their segment, but `.` and `..` pass through
  // unencoded (encodeURIComponent keeps dots) and URL parsing resolves them: `/members/v1/members/..` is sent
  // as `/members/v1/`, `/members/v1/members/.` as the member list. Encoding cannot help (`%2E%2E` is a dot
  // segment too), so they must be refused.
  it('keeps `.` and `..` from leaving their segment', () => {
    for (const id of ['.', '..']) {
      let path: string;
      try {
        path = `/members/v1/members/${seg(id)}`;
      } catch (error) {
        expect(error).toBeInstanceOf(TypeError);
        continue;
      }
      expect(new URL(`https://api.test${path}`).pathname).toBe(path);
    }
  });

  it('apiKeyAuth needs a key; accessTokenAuth gives the token back', async () => {
    expect(() => apiKeyAuth('')).toThrow(TypeError);
    expect(await apiKeyAuth('k').getAuthorization()).toBe('k');
    expect(await accessTokenAuth('t').getAuthorization()).toBe('t');
  });
});

describe('events', () => {
  const cart = { id: 'c1' } as never;

  it('on() returns an unsubscribe', () => {
    const { client } = setup();
    const handler = vi.fn();
    const off = client.on('cart.updated', handler);
    client.emit('cart.updated', { cart });
    expect(handler).toHaveBeenCalledTimes(1);
    expect(handler).toHaveBeenCalledWith({ cart });
    off();
    client.emit('cart.updated', { cart });
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('off() removes a handler, and other events do not reach it', () => {
    const { client } = setup();
    const handler = vi.fn();
    const other = vi.fn();
    client.on('member.deleted', handler);
    client.on('member.deleted', other);
    client.emit('cart.deleted', {});
    expect(handler).not.toHaveBeenCalled();
    client.off('member.deleted', handler);
    client.emit('member.deleted', { memberId: 'm1' });
    expect(handler).not.toHaveBeenCalled();
    expect(other).toHaveBeenCalledWith({ memberId: 'm1' });
  });

  it('a throwing handler does not stop the next one', () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { client } = setup();
    const calls: string[] = [];
    client.on('product.deleted', () => {
      calls.push('first');
      throw new Error('handler broke');
    });
    client.on('product.deleted', ({ productId }) => {
      calls.push(`second ${productId}`);
    });
    expect(() => client.emit('product.deleted', { productId: 'p1' })).not.toThrow();
    expect(calls).toEqual(['first', 'second p1']);
    expect(consoleError).toHaveBeenCalledTimes(1);
  });

  it('keeps each client’s handlers to itself', () => {
    const a = setup().client;
    const b = setup().client;
    const handler = vi.fn();
    a.on('cart.deleted', handler);
    b.emit('cart.deleted', {});
    expect(handler).not.toHaveBeenCalled();
  });
});
