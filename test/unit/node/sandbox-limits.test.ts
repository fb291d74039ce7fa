import { describe, expect, it } from 'vitest';
import { startSandboxServer } from '../../../sandbox/server';
import { testSandbox } from '../../helpers/sandbox';

const ADMIN = { authorization: 'sandbox-admin-key', 'content-type': 'application/json' };
const MIB = 1024 * 1024;

/** `depth` levels of `{"$and": [...]}` around `leaf`, as raw JSON (JSON.stringify itself overflows at depth). */
const nestedAnd = (depth: number, leaf: string) => '{"$and":['.repeat(depth) + leaf + ']}'.repeat(depth);
/** `depth` levels of `{"a": ...}`. */
const nestedObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
const dotR = (json: string) => Buffer.from(json).toString('base64url');

describe('request body size', () => {
  it('answers a body over 1 MiB with 413 and the platform error body, and takes one just under', async () => {
    const { call } = testSandbox();
    const padding = (bytes: number) =>
      JSON.stringify({ grantType: 'anonymous', clientId: 'demo-client', pad: 'x'.repeat(bytes) });
    const overhead = padding(0).length;
    const over = await call('POST', '/oauth2/token', {
      rawBody: padding(MIB - overhead + 1),
      headers: ADMIN,
    });
    expect(over.status).toBe(413);
    expect(over.json).toEqual({
      message: 'The request body is larger than the sandbox accepts (1048576 bytes, 1 MiB)',
      details: {
        applicationError: {
          code: 'PAYLOAD_TOO_LARGE',
          description: 'The request body is larger than the sandbox accepts (1048576 bytes, 1 MiB)',
        },
      },
    });
    expect(over.headers.get('x-wix-request-id')).toBeTruthy();
    const under = await call('POST', '/oauth2/token', { rawBody: padding(MIB - overhead), headers: ADMIN });
    expect(under.status).toBe(200);
  });

  it('refuses a large body sent over HTTP with a Content-Length, and a hosted form too', async () => {
    const server = await startSandboxServer({ port: 0 });
    try {
      const res = await fetch(`${server.url}/members/v1/members/query`, {
        method: 'POST',
        headers: ADMIN,
        body: JSON.stringify({ query: {}, pad: 'x'.repeat(2 * MIB) }),
      });
      expect(res.status).toBe(413);
      expect((await res.json()).details.applicationError.code).toBe('PAYLOAD_TOO_LARGE');
      const form = await fetch(`${server.url}/_hosted/reset-password`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `token=x&password=${'x'.repeat(2 * MIB)}`,
      });
      expect(form.status).toBe(413);
    } finally {
      await server.close();
    }
  });
});

describe('query filter depth', () => {
  it('takes a members filter 32 levels deep and refuses 33 with a validation error naming the limit', async () => {
    const { call } = testSandbox();
    const query = (depth: number) =>
      call('POST', '/members/v1/members/query', {
        headers: ADMIN,
        rawBody: `{"query":{"filter":${nestedAnd(depth, '{"profile.nickname":"Jane"}')}}}`,
      });
    const ok = await query(32);
    expect(ok.status).toBe(200);
    expect(ok.json.members).toHaveLength(1);
    const deep = await query(33);
    expect(deep.status).toBe(400);
    expect(deep.json).toEqual({
      message: 'INVALID_ARGUMENT: "query.filter" must not nest $and, $or and $not more than 32 levels deep',
      details: {
        validationError: {
          fieldViolations: [
            {
              field: 'query.filter',
              description: 'must not nest $and, $or and $not more than 32 levels deep',
              violatedRule: 'MAX',
              data: { threshold: 32 },
            },
          ],
        },
      },
    });
  });

  it('answers 1,000 to 3,000 nested $and with a 400, never a 500 (members, products, collections, bulk, .r)', async () => {
    const { call } = testSandbox();
    const calls: Array<[string, string, string | undefined]> = [
      ['POST', '/members/v1/members/query', `{"query":{"filter":${nestedAnd(1000, '{}')}}}`],
      ['POST', '/members/v1/members/bulk/approve-by-filter', `{"filter":${nestedAnd(3000, '{}')}}`],
      [
        'POST',
        '/stores-reader/v1/products/query-platformized',
        `{"query":{"filter":${nestedAnd(3000, '{}')}}}`,
      ],
      [
        'GET',
        `/stores-reader/v1/products/query-platformized?.r=${dotR(`{"query":{"filter":${nestedAnd(3000, '{}')}}}`)}`,
        undefined,
      ],
      ['GET', `/v2/collections/query?.r=${dotR(`{"query":{"filter":${nestedAnd(1000, '{}')}}}`)}`, undefined],
    ];
    for (const [method, path, rawBody] of calls) {
      const res = await call(method, path, { headers: ADMIN, ...(rawBody ? { rawBody } : {}) });
      expect(res.status, `${method} ${path.slice(0, 60)}`).toBe(400);
      expect(res.json.details.validationError.fieldViolations[0].violatedRule).toBe('MAX');
      expect(res.text).not.toMatch(/call stack|Internal/);
    }
  });
});

describe('JSON nesting of any body', () => {
  it('answers bodies nested deeper than 100 levels with a 400 naming the field, never a 500', async () => {
    const { call } = testSandbox();
    const calls: Array<[string, string, string]> = [
      [
        '/_api/redirects-api/v1/redirect-session',
        `{"login":{},"preferences":${nestedObject(20_000)}}`,
        'preferences',
      ],
      [
        '/stores/v1/products',
        `{"product":{"name":"x","productType":"physical","priceData":{"price":1},"seoData":${nestedObject(20_000)}}}`,
        'product',
      ],
      ['/oauth2/token', `{"grantType":"anonymous","clientId":"demo-client","x":${nestedObject(100)}}`, 'x'],
    ];
    for (const [path, rawBody, field] of calls) {
      const res = await call('POST', path, { headers: ADMIN, rawBody });
      expect(res.status, path).toBe(400);
      expect(res.json.details.validationError.fieldViolations, path).toEqual([
        {
          field,
          description: 'must not nest objects and lists more than 100 levels deep',
          violatedRule: 'MAX',
          data: { threshold: 100 },
        },
      ]);
    }
    const shallow = `{"grantType":"anonymous","clientId":"demo-client","x":${nestedObject(99)}}`;
    expect((await call('POST', '/oauth2/token', { headers: ADMIN, rawBody: shallow })).status).toBe(200);
  });

  it('applies the same limit to a GET request object (.r)', async () => {
    const { call } = testSandbox();
    const res = await call('GET', `/members/v1/members?.r=${dotR(`{"paging":${nestedObject(20_000)}}`)}`, {
      headers: ADMIN,
    });
    expect(res.status).toBe(400);
    expect(res.json.details.validationError.fieldViolations[0].field).toBe('paging');
  });
});
