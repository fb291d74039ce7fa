import { describe, expect, it, vi } from 'vitest';
import { DEMO_ALLOWED_ORIGINS } from '../../../sandbox/app';
import { MAX_NOTICES } from '../../../sandbox/notices';
import { optionsFromEnv, originsFromEnv, startSandboxServer } from '../../../sandbox/server';
import { fakeClock, testSandbox } from '../../helpers/sandbox';

const DEMO_ORIGIN = 'http://localhost:4000';

describe('sandbox strictness', () => {
  it('answers an unknown path with 404, an error body and a request id', async () => {
    const { call } = testSandbox();
    const res = await call('GET', '/stores/v9/nothing-here');
    expect(res.status).toBe(404);
    expect(res.headers.get('x-wix-request-id')).toMatch(/^\d+\.\d+$/);
    expect(res.json).toEqual({
      message: 'No endpoint GET /stores/v9/nothing-here',
      details: {
        applicationError: {
          code: 'ENDPOINT_NOT_FOUND',
          description: 'No endpoint GET /stores/v9/nothing-here',
        },
      },
    });
  });

  it('answers a known path with the wrong method with 405 and Allow', async () => {
    const { call } = testSandbox();
    const res = await call('GET', '/oauth2/token');
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
    expect(res.json.details.applicationError.code).toBe('METHOD_NOT_ALLOWED');
    expect(res.headers.get('x-wix-request-id')).toBeTruthy();
    const patch = await call('DELETE', '/_sandbox/settings');
    expect(patch.status).toBe(405);
    expect(patch.headers.get('allow')).toBe('GET, HEAD, PATCH');
  });

  it('answers malformed JSON with 400', async () => {
    const { call } = testSandbox();
    const res = await call('POST', '/oauth2/token', {
      rawBody: '{"clientId": "demo-client",',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.json.details.applicationError.code).toBe('MALFORMED_JSON');
    expect(res.json.message).toMatch(/^Malformed JSON in request body: /);
  });

  it('answers JSON that is not an object with 400', async () => {
    const { call } = testSandbox();
    const res = await call('POST', '/oauth2/token', { body: ['clientId'] });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe('The request body must be a JSON object');
  });

  it('answers a body of another media type with 415', async () => {
    const { call } = testSandbox();
    const res = await call('POST', '/oauth2/token', {
      rawBody: 'clientId=demo-client&grantType=anonymous',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(415);
    expect(res.json.details.applicationError.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });
});

describe('CORS', () => {
  it('answers a preflight from an allowed origin, Authorization included', async () => {
    const { call } = testSandbox();
    const res = await call('OPTIONS', '/ecom/v1/carts/current', {
      headers: {
        origin: DEMO_ORIGIN,
        'access-control-request-method': 'PATCH',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(DEMO_ORIGIN);
    expect(res.headers.get('access-control-allow-headers')?.toLowerCase().split(',')).toEqual(
      expect.arrayContaining(['authorization', 'content-type']),
    );
    expect(res.headers.get('access-control-allow-methods')?.split(',')).toEqual(
      expect.arrayContaining(['GET', 'POST', 'PATCH', 'DELETE']),
    );
    expect(res.headers.get('x-wix-request-id')).toBeTruthy();
  });

  it('allows both demo origins and no other', async () => {
    const { call } = testSandbox();
    const preflight = (origin: string) =>
      call('OPTIONS', '/oauth2/token', { headers: { origin, 'access-control-request-method': 'POST' } });
    expect((await preflight('http://127.0.0.1:4000')).headers.get('access-control-allow-origin')).toBe(
      'http://127.0.0.1:4000',
    );
    expect((await preflight('http://evil.test')).headers.get('access-control-allow-origin')).toBeNull();
  });

  it('exposes the request id to the allowed origin on real requests', async () => {
    const { call } = testSandbox();
    const res = await call('POST', '/oauth2/token', {
      headers: { origin: DEMO_ORIGIN },
      body: { clientId: 'demo-client', grantType: 'anonymous' },
    });
    expect(res.headers.get('access-control-allow-origin')).toBe(DEMO_ORIGIN);
    expect(res.headers.get('access-control-expose-headers')?.toLowerCase()).toContain('x-wix-request-id');
  });

  it('lets the allowed origin read a 429’s Retry-After (no CORS-safelisted header)', async () => {
    // A clock that stands still: both calls fall in the same second of the limit.
    const { call } = testSandbox({ now: fakeClock().now });
    await call('PATCH', '/_sandbox/settings', { body: { rateLimit: 1 } });
    const read = () =>
      call('GET', '/stores-reader/v1/products/query-platformized', {
        headers: { origin: DEMO_ORIGIN, authorization: 'sandbox-admin-key' },
      });
    expect((await read()).status).toBe(200);
    const limited = await read();
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(limited.headers.get('access-control-allow-origin')).toBe(DEMO_ORIGIN);
    const exposed = limited.headers
      .get('access-control-expose-headers')
      ?.toLowerCase()
      .split(/\s*,\s*/);
    expect(exposed).toContain('retry-after');
  });

  it('follows the OAuth client origins changed through /_sandbox/clients', async () => {
    const { call } = testSandbox();
    const bad = await call('PATCH', '/_sandbox/clients/demo-client', {
      body: { allowedOrigins: ['not a url'] },
    });
    expect(bad.status).toBe(400);
    const changed = await call('PATCH', '/_sandbox/clients/demo-client', {
      body: { allowedOrigins: ['https://shop.example'] },
    });
    expect(changed.json.client.allowedOrigins).toEqual(['https://shop.example']);
    const res = await call('OPTIONS', '/oauth2/token', {
      headers: { origin: 'https://shop.example', 'access-control-request-method': 'POST' },
    });
    expect(res.headers.get('access-control-allow-origin')).toBe('https://shop.example');
    const old = await call('OPTIONS', '/oauth2/token', {
      headers: { origin: DEMO_ORIGIN, 'access-control-request-method': 'POST' },
    });
    expect(old.headers.get('access-control-allow-origin')).toBeNull();
    expect((await call('PATCH', '/_sandbox/clients/nobody', { body: { allowedOrigins: [] } })).status).toBe(
      404,
    );
  });

  it('adds one origin through POST /_sandbox/clients/<id>/origins, keeping the others (PATCH replaces them)', async () => {
    const { call } = testSandbox();
    const before = (await call('GET', '/_sandbox/clients')).json.clients[0].allowedOrigins as string[];
    expect(before).toEqual(['http://localhost:4000', 'http://127.0.0.1:4000']);
    const added = await call('POST', '/_sandbox/clients/demo-client/origins', {
      body: { origin: 'http://localhost:5500' },
    });
    expect(added.status).toBe(200);
    expect(added.json.client.allowedOrigins).toEqual([...before, 'http://localhost:5500']);
    // Once is enough: a second time changes nothing.
    const again = await call('POST', '/_sandbox/clients/demo-client/origins', {
      body: { origin: 'http://localhost:5500' },
    });
    expect(again.json.client.allowedOrigins).toEqual([...before, 'http://localhost:5500']);
    for (const origin of [DEMO_ORIGIN, 'http://localhost:5500']) {
      const res = await call('OPTIONS', '/oauth2/token', {
        headers: { origin, 'access-control-request-method': 'POST' },
      });
      expect(res.headers.get('access-control-allow-origin'), origin).toBe(origin);
    }
    // An address with a path, or no origin at all, is a 400 that changes nothing.
    for (const body of [{ origin: 'http://localhost:5500/shop' }, { origin: 42 }, {}]) {
      const bad = await call('POST', '/_sandbox/clients/demo-client/origins', { body });
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.json.details.validationError.fieldViolations).toEqual([
        {
          field: 'origin',
          description: 'must be an origin such as "http://localhost:4000" (scheme, host and port, no path)',
          violatedRule: 'FORMAT',
        },
      ]);
    }
    expect((await call('GET', '/_sandbox/clients')).json.clients[0].allowedOrigins).toHaveLength(3);
    expect(
      (await call('POST', '/_sandbox/clients/nobody/origins', { body: { origin: DEMO_ORIGIN } })).status,
    ).toBe(404);
  });
});

describe('a page origin no OAuth client allows (issue 34)', () => {
  const preflight = (call: ReturnType<typeof testSandbox>['call'], origin: string) =>
    call('OPTIONS', '/oauth2/token', { headers: { origin, 'access-control-request-method': 'POST' } });
  const allowWith = (origin: string) =>
    `[sandbox] No OAuth client allows pages on ${origin}, so the browser blocks their calls (a CORS error). Allow it with: npx storefront-widgets sandbox --origin ${origin} (or SANDBOX_ALLOWED_ORIGINS=${origin})`;

  it('is named once on the sandbox console, with the flag that allows it', async () => {
    const lines: string[] = [];
    const { call } = testSandbox({ log: (line) => lines.push(line) });
    await preflight(call, 'http://localhost:5173');
    await preflight(call, 'http://localhost:5173');
    await call('POST', '/oauth2/token', {
      body: { clientId: 'demo-client', grantType: 'anonymous' },
      headers: { origin: 'http://localhost:5173' },
    });
    // Allowed origins, the sandbox's own (its hosted pages' forms) and calls with no Origin: nothing to say.
    await preflight(call, DEMO_ORIGIN);
    await call('POST', '/oauth2/token', {
      body: { clientId: 'demo-client', grantType: 'anonymous' },
      headers: { origin: 'https://sandbox.test' },
    });
    await call('GET', '/_sandbox/status');
    expect(lines).toEqual([allowWith('http://localhost:5173')]);
    await preflight(call, 'null');
    expect(lines[1]).toMatch(/^\[sandbox\] A page with no origin \("Origin: null": opened as a file/);
    // The caller's text, with no terminal escape in it.
    await preflight(call, 'http://a\u001b[2J.test');
    expect(lines[2]).toContain('pages on http://a\ufffd[2J.test,');
  });

  it('is remembered for at most MAX_NOTICES origins, then no more are reported until a reset', async () => {
    const lines: string[] = [];
    const { call, sandbox } = testSandbox({ log: (line) => lines.push(line) });
    for (let i = 0; i < MAX_NOTICES + 20; i++) await preflight(call, `http://localhost:${6000 + i}`);
    expect(lines).toHaveLength(MAX_NOTICES + 1);
    expect(lines[MAX_NOTICES - 1]).toBe(allowWith(`http://localhost:${6000 + MAX_NOTICES - 1}`));
    expect(lines[MAX_NOTICES]).toBe(
      `[sandbox] More than ${MAX_NOTICES} refused origins and hosts: no more are reported until a reset`,
    );
    sandbox.reset();
    await preflight(call, 'http://localhost:6000');
    expect(lines).toHaveLength(MAX_NOTICES + 2);
  });

  it('prints nothing without a log: in-process sandboxes (the tests) stay quiet', async () => {
    const spies = (['log', 'info', 'warn', 'error'] as const).map((name) =>
      vi.spyOn(console, name).mockImplementation(() => {}),
    );
    try {
      const { call } = testSandbox();
      await preflight(call, 'http://localhost:5173');
      await call('GET', '/_sandbox/status', { headers: { host: 'rebind.test' } });
      for (const spy of spies) expect(spy).not.toHaveBeenCalled();
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });
});

describe('the sandbox over HTTP', () => {
  it('listens on loopback, and a dropped connection fails the request', async () => {
    const server = await startSandboxServer({ port: 0 });
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const ok = await fetch(`${server.url}/oauth2/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ clientId: 'demo-client', grantType: 'anonymous' }),
      });
      expect(ok.status).toBe(200);
      await fetch(`${server.url}/_sandbox/settings`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ dropRate: 1 }),
      });
      await expect(
        fetch(`${server.url}/oauth2/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ clientId: 'demo-client', grantType: 'anonymous' }),
        }),
      ).rejects.toThrow(TypeError);
      const status = await fetch(`${server.url}/_sandbox/status`);
      expect(status.status).toBe(200);
    } finally {
      await server.close();
    }
  });
});

describe('lost answers over HTTP (lostAnswerRate)', () => {
  it('makes the change, then breaks the answer off after its head: the body cannot be read', async () => {
    const server = await startSandboxServer({ port: 0 });
    try {
      const send = (method: string, path: string, body?: unknown, token?: string) =>
        fetch(`${server.url}${path}`, {
          method,
          headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
          ...(body ? { body: JSON.stringify(body) } : {}),
        });
      const tokens = (await (
        await send('POST', '/oauth2/token', { clientId: 'demo-client', grantType: 'anonymous' })
      ).json()) as { access_token: string };
      await send('PATCH', '/_sandbox/settings', { lostAnswerRate: 1 });
      const add = {
        lineItems: [
          {
            quantity: 2,
            catalogReference: {
              catalogItemId: 'dace0cad-7e1d-4340-ac45-39a68ab5e3c8',
              appId: '215238eb-22a5-4c36-9e7b-e7c08025e04e',
            },
          },
        ],
      };
      const lost = await send('POST', '/ecom/v1/carts/current/add-to-cart', add, tokens.access_token)
        .then((response) => response.text())
        .then(
          () => 'answered',
          (error: Error) => error.name,
        );
      expect(lost).toBe('TypeError');
      await send('PATCH', '/_sandbox/settings', { lostAnswerRate: 0 });
      const cart = (await (
        await send('GET', '/ecom/v1/carts/current', undefined, tokens.access_token)
      ).json()) as { cart: { lineItems: Array<{ quantity: number }> } };
      expect(cart.cart.lineItems.map((line) => line.quantity)).toEqual([2]);
    } finally {
      await server.close();
    }
  });
});

describe('SANDBOX_ALLOWED_ORIGINS', () => {
  it('lists the origins demo-client accepts, and the demo’s when it is not set', () => {
    expect(originsFromEnv(' http://localhost:5500, https://shop.example ,')).toEqual([
      'http://localhost:5500',
      'https://shop.example',
    ]);
    expect(originsFromEnv(undefined)).toEqual([]);
    expect(optionsFromEnv({ SANDBOX_ALLOWED_ORIGINS: 'http://localhost:5500' }).clients).toEqual([
      { id: 'demo-client', allowedOrigins: ['http://localhost:5500'] },
    ]);
    expect(optionsFromEnv({}).clients).toEqual([{ id: 'demo-client', allowedOrigins: DEMO_ALLOWED_ORIGINS }]);
  });

  it('names a value that is not an origin', () => {
    for (const bad of ['localhost:5500', 'http://localhost:5500/', 'http://localhost:5500/page', 'file:///x'])
      expect(() => originsFromEnv(bad), bad).toThrow(
        `"${bad}" is not an origin such as http://localhost:5500`,
      );
  });
});
