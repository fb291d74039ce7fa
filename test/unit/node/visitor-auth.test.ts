/**
 * `visitorAuth(clientId)`: a server's own visitor token for reading the catalogue (a Server Component, a
 * loader): one anonymous grant for any number of calls, a new one before it expires or when the platform
 * refuses it, and a failed grant not kept.
 */
import { describe, expect, it } from 'vitest';
import { createApiClient, queryProducts, visitorAuth } from '../../../src/api/index';
import { fakeClock, SANDBOX_ORIGIN, testSandbox } from '../../helpers/sandbox';

/** A client of the in-process sandbox with a visitor's auth, and the token grants and Authorizations it sent. */
function serverClient(options: { now?: () => number; answer?: (path: string) => Response | undefined } = {}) {
  const { sandbox } = testSandbox();
  const grants: number[] = [];
  const sentWith: string[] = [];
  const auth = visitorAuth('demo-client', options.now ? { now: options.now } : {});
  /** A client of the platform, as a server makes one for each request (or once). */
  const newClient = () =>
    createApiClient({
      apiBase: SANDBOX_ORIGIN,
      auth,
      fetch: async (input, init) => {
        const request = new Request(input as RequestInfo, init);
        const path = new URL(request.url).pathname;
        if (path === '/oauth2/token') grants.push(grants.length);
        else sentWith.push(request.headers.get('authorization') ?? '');
        return options.answer?.(path) ?? sandbox.fetch(request);
      },
    });
  const client = newClient();
  const read = () => queryProducts(client).limit(1).find();
  return { client, grants, sentWith, read, newClient };
}

describe('visitorAuth', () => {
  it('takes one visitor token for many calls, at the same time or after', async () => {
    const { grants, sentWith, read } = serverClient();
    await Promise.all([read(), read(), read()]);
    await read();
    expect(grants).toHaveLength(1);
    expect(new Set(sentWith).size).toBe(1);
    expect(sentWith[0]).toMatch(/^\S{10,}$/);
  });

  it('keeps it for every client of the same platform: a client made for each request takes no grant of its own', async () => {
    const { grants, sentWith, newClient } = serverClient();
    for (let i = 0; i < 3; i++) await queryProducts(newClient()).limit(1).find();
    expect(grants).toHaveLength(1);
    expect(new Set(sentWith).size).toBe(1);
  });

  it('keeps a token whose lifetime the platform did not say for an hour, one that lasts a minute for half of it', async () => {
    const clock = fakeClock();
    let lifetime: unknown;
    const { grants, read } = serverClient({
      now: clock.now,
      // A platform of the test's own: its grant says the lifetime given, its catalogue takes any token.
      answer: (path) =>
        path === '/oauth2/token'
          ? Response.json({
              access_token: `token-${grants.length}`,
              expires_in: lifetime,
              refresh_token: 'r',
            })
          : Response.json({ products: [], metadata: { count: 0, offset: 0, total: 0 } }),
    });
    lifetime = undefined;
    await read();
    clock.advance(58 * 60 * 1000); // (renewed a minute before its hour)
    await read();
    expect(grants).toHaveLength(1);
    clock.advance(2 * 60 * 1000);
    lifetime = 60;
    await read();
    expect(grants).toHaveLength(2);
    clock.advance(29 * 1000);
    await read();
    expect(grants).toHaveLength(2);
    clock.advance(2 * 1000);
    await read();
    expect(grants).toHaveLength(3);
  });

  it('takes a new one a minute before the token expires, once for the calls that find it stale', async () => {
    const clock = fakeClock();
    const { grants, sentWith, read } = serverClient({ now: clock.now });
    await read();
    // The sandbox's tokens last 4 hours.
    clock.advance((4 * 3600 - 61) * 1000);
    await read();
    expect(grants).toHaveLength(1);
    clock.advance(1000);
    await Promise.all([read(), read()]);
    expect(grants).toHaveLength(2);
    expect(new Set(sentWith).size).toBe(2);
  });

  it('takes a new one when the platform refuses it, and sends the call again with it', async () => {
    let refuse = 1;
    const { grants, sentWith, read } = serverClient({
      answer: (path) =>
        path.endsWith('query-platformized') && refuse-- > 0
          ? Response.json(
              { message: 'expired', details: { applicationError: { code: 'EXPIRED_TOKEN' } } },
              { status: 401 },
            )
          : undefined,
    });
    const page = await read();
    expect(page.items).toHaveLength(1);
    expect(grants).toHaveLength(2);
    expect(sentWith).toHaveLength(2);
    expect(sentWith[0]).not.toBe(sentWith[1]);
  });

  it('does not keep a failed grant: the next call asks again', async () => {
    let fail = 1;
    const { grants, read } = serverClient({
      answer: (path) =>
        path === '/oauth2/token' && fail-- > 0
          ? Response.json({ message: 'down' }, { status: 503 })
          : undefined,
    });
    await expect(read()).rejects.toThrow();
    await read();
    expect(grants).toHaveLength(2);
  });

  it('needs a client id, and a client to take tokens through', async () => {
    expect(() => visitorAuth(' ')).toThrow("visitorAuth needs the site's OAuth client id");
    await expect(Promise.resolve().then(() => visitorAuth('demo-client').getAuthorization())).rejects.toThrow(
      'visitorAuth is the auth of a client: createApiClient({ auth })',
    );
  });
});
