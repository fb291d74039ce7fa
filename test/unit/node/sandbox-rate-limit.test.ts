import { describe, expect, it } from 'vitest';
import { createSandbox } from '../../../sandbox/app';
import {
  apiKeyAuth,
  createApiClient,
  importProducts,
  isApiError,
  queryProducts,
  retryAfterMs,
} from '../../../src/api/index';
import { importedProducts } from '../../helpers/merchant';
import { SANDBOX_ORIGIN, testSandbox } from '../../helpers/sandbox';

/**
 * Issue 38: the sandbox's `rateLimit` setting answers as the platform does (429, `Retry-After`, the error
 * body), and an import under it waits for `Retry-After` and loses no row. The clock is simulated: the
 * sandbox's and the import's waits are the same, so nothing waits for real.
 */

const START = Date.parse('2026-11-22T12:00:00.250Z');

describe('the rateLimit setting', () => {
  it('answers 429 with Retry-After and the platform’s error body past the limit of a key, a second', async () => {
    let now = START;
    const { call } = testSandbox({ now: () => now });
    expect((await call('PATCH', '/_sandbox/settings', { body: { rateLimit: 2 } })).status).toBe(200);
    const read = (key = 'sandbox-admin-key') =>
      call('GET', '/stores-reader/v1/products/query-platformized', { headers: { authorization: key } });
    expect([(await read()).status, (await read()).status]).toEqual([200, 200]);
    const limited = await read();
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('1');
    expect(limited.json).toEqual({
      message: expect.stringMatching(/^Too many requests: at most 2 a second for one key/),
      details: {
        applicationError: {
          code: 'TOO_MANY_REQUESTS',
          description: limited.json.message,
          data: { limit: 2, retryAfterSeconds: 1 },
        },
      },
    });
    // Another key has its own count; the sandbox's own endpoints none.
    expect((await read('another-token')).status).not.toBe(429);
    expect((await call('GET', '/_sandbox/settings')).status).toBe(200);
    now += 750;
    expect((await read()).status).toBe(200);
    expect((await call('PATCH', '/_sandbox/settings', { body: { rateLimit: -1 } })).status).toBe(400);
  });

  it('gives the client the header as ApiError.retryAfter', async () => {
    const sandbox = createSandbox({ publicUrl: SANDBOX_ORIGIN, now: () => START });
    sandbox.context.settings.rateLimit = 1;
    const client = createApiClient({
      apiBase: SANDBOX_ORIGIN,
      auth: apiKeyAuth('sandbox-admin-key'),
      fetch: sandbox.fetch,
    });
    await queryProducts(client).find();
    const error = await queryProducts(client)
      .find()
      .catch((e) => e);
    expect(isApiError(error) && [error.status, error.code, error.retryAfter]).toEqual([
      429,
      'TOO_MANY_REQUESTS',
      '1',
    ]);
    expect(retryAfterMs('2', 0)).toBe(2000);
    expect(retryAfterMs(new Date(START + 3000).toUTCString(), START)).toBe(3000 - (START % 1000));
    expect(retryAfterMs('soon', 0)).toBeUndefined();
  });
});

describe('an import under the rate limit', () => {
  it('waits for each Retry-After and ends with no failed row', async () => {
    let now = START;
    const sandbox = createSandbox({ publicUrl: SANDBOX_ORIGIN, now: () => now });
    sandbox.context.settings.rateLimit = 5;
    const answered: number[] = [];
    const client = createApiClient({
      apiBase: SANDBOX_ORIGIN,
      auth: apiKeyAuth('sandbox-admin-key'),
      fetch: async (input, init) => {
        const response = await sandbox.fetch(input, init);
        if (response.status !== 429) answered.push(Math.floor(now / 1000));
        return response;
      },
    });
    const waits: number[] = [];
    // A wait moves the shared clock to its end (waits that end together move it once).
    const sleep = async (ms: number) => {
      const until = now + ms;
      await Promise.resolve();
      now = Math.max(now, until);
    };
    const rows = Array.from({ length: 100 }, (_, i) => ({
      sku: `RL-${i}`,
      name: `Limited ${i}`,
      price: 3,
      collections: ['limited'],
    }));
    const summary = await importProducts(client, rows, {
      now: () => now,
      sleep,
      onWait: ({ ms, reason }) => waits.push(reason === 'rateLimited' ? ms : -ms),
    });
    expect(summary.failures).toEqual([]);
    expect(summary).toMatchObject({ created: 100, failed: 0 });
    expect(importedProducts(sandbox, 'RL-').products).toHaveLength(100);
    // It was limited, and each time waited for what Retry-After asked: 1 s (never a retry of its own).
    expect(waits.length).toBeGreaterThan(5);
    expect(new Set(waits)).toEqual(new Set([1000]));
    // No second of the clock saw more calls than the limit.
    const perSecond = new Map<number, number>();
    for (const second of answered) perSecond.set(second, (perSecond.get(second) ?? 0) + 1);
    expect(Math.max(...perSecond.values())).toBeLessThanOrEqual(5);
  });
});
