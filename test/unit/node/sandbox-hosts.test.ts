import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { parseSandboxArgs, runCli } from '../../../sandbox/cli';
import { allowedHostOf, hostNameOf } from '../../../sandbox/hosts';
import { hostsFromEnv, type SandboxServer, startSandboxServer } from '../../../sandbox/server';
import { testSandbox } from '../../helpers/sandbox';

/**
 * Issue 34: DNS rebinding. A page on http://rebind.test:4100 whose name resolves to 127.0.0.1 is the sandbox's
 * own origin to the browser; its requests say `Host: rebind.test:4100`, and the sandbox refuses them before
 * anything runs. Loopback names, the public URL's host and the hosts allowed are answered.
 */

const servers: SandboxServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** A request over HTTP with the `Host` a browser on `host` would send. */
function send(
  url: string,
  init: { method?: string; host: string; body?: unknown; headers?: Record<string, string> },
): Promise<{ status: number; json: { message?: string } & Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const body = init.body === undefined ? undefined : JSON.stringify(init.body);
    const req = request(
      url,
      {
        method: init.method ?? 'GET',
        headers: {
          host: init.host,
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...init.headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, json: text ? JSON.parse(text) : {} }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('the Host check', () => {
  it('refuses a foreign Host on every route over HTTP, with the error body, and changes nothing', async () => {
    const server = await startSandboxServer({ port: 0 });
    servers.push(server);
    const { context } = server.sandbox;
    const port = new URL(server.url).port;
    const rebind = `rebind.test:${port}`;
    // A message in the mailbox to steal, as a recovery email would leave.
    const visitor = await send(`${server.url}/oauth2/token`, {
      method: 'POST',
      host: `127.0.0.1:${port}`,
      body: { clientId: 'demo-client', grantType: 'anonymous' },
    });
    await send(`${server.url}/_api/iam/recovery/v1/send-email`, {
      method: 'POST',
      host: `localhost:${port}`,
      headers: { authorization: String(visitor.json.access_token) },
      body: { email: 'jane@example.com' },
    });
    expect(context.mailbox.list()).toHaveLength(1);
    const settings = structuredClone(context.settings);

    for (const [method, path, body] of [
      ['POST', '/oauth2/token', { clientId: 'demo-client', grantType: 'anonymous' }],
      ['POST', '/_api/iam/recovery/v1/send-email', { email: 'jane@example.com' }],
      ['GET', '/_sandbox/mailbox', undefined],
      ['DELETE', '/_sandbox/mailbox', undefined],
      ['PATCH', '/_sandbox/settings', { failureRate: 1 }],
      ['POST', '/_sandbox/reset', {}],
      ['GET', '/stores/v1/products/query', undefined],
      ['OPTIONS', '/oauth2/token', undefined],
    ] as const) {
      const refused = await send(`${server.url}${path}`, { method, host: rebind, body });
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(refused.json).toEqual({
        message: expect.stringContaining('host "rebind.test"'),
        details: {
          applicationError: {
            code: 'HOST_NOT_ALLOWED',
            description: refused.json.message,
          },
        },
      });
      expect(refused.json.message).toContain(
        'npx storefront-widgets sandbox --allowed-host rebind.test (or SANDBOX_ALLOWED_HOSTS=rebind.test)',
      );
      expect(JSON.stringify(refused.json)).not.toContain('jane@example.com');
    }
    expect(context.mailbox.list()).toHaveLength(1);
    expect(context.settings).toEqual(settings);
    // The same requests by the sandbox's own name are answered.
    const mailbox = await send(`${server.url}/_sandbox/mailbox`, { host: `127.0.0.1:${port}` });
    expect(mailbox.status).toBe(200);
  });

  it('answers loopback names, the public URL host, and in-process calls without a Host', async () => {
    const { call } = testSandbox({ publicUrl: 'https://sandbox.example.dev' });
    const status = (host?: string) =>
      call('GET', '/_sandbox/status', host === undefined ? {} : { headers: { host } }).then((r) => r.status);
    for (const host of [
      'localhost:4100',
      'LOCALHOST',
      'localhost.:4100',
      'shop.localhost:4100',
      '127.0.0.1:4100',
      '127.0.0.1',
      '127.1.2.3:4100',
      '[::1]:4100',
      '[::ffff:127.0.0.1]:4100',
      'sandbox.example.dev',
      'sandbox.example.dev:443',
      undefined,
    ])
      expect(await status(host), String(host)).toBe(200);
    for (const host of [
      'rebind.test:4100',
      'sandbox.example.dev.rebind.test',
      'localhost.rebind.test',
      '127.0.0.1.nip.io:4100',
      '10.0.0.2:4100',
      '[fd00::1]:4100',
      '0.0.0.0:4100',
      'evil.test@127.0.0.1',
      '',
    ])
      expect(await status(host), host).toBe(403);
  });

  it('answers the hosts allowed (allowedHosts, --allowed-host, SANDBOX_ALLOWED_HOSTS), a leading dot for a domain', async () => {
    const { call } = testSandbox({ allowedHosts: ['my-machine.local', '.example.test', '192.168.1.20'] });
    const status = (host: string) =>
      call('GET', '/_sandbox/status', { headers: { host } }).then((r) => r.status);
    for (const host of ['my-machine.local:4100', 'example.test', 'shop.example.test', '192.168.1.20:4100'])
      expect(await status(host), host).toBe(200);
    for (const host of ['other.local', 'notexample.test', '192.168.1.21'])
      expect(await status(host), host).toBe(403);

    expect(
      parseSandboxArgs(['--allowed-host', 'my-machine.local', '--allowed-host=.example.test'], {
        SANDBOX_ALLOWED_HOSTS: 'ci.internal',
      }),
    ).toMatchObject({ options: { allowedHosts: ['my-machine.local', '.example.test', 'ci.internal'] } });
    expect(hostsFromEnv(' a.test, .b.test ,')).toEqual(['a.test', '.b.test']);
    for (const bad of ['http://a.test', 'a.test:4100', 'a.test/x', '.', 'a b'])
      expect(() => hostsFromEnv(bad), bad).toThrow(`SANDBOX_ALLOWED_HOSTS: "${bad}" is not a host name`);
    const err: string[] = [];
    const io = { env: {}, log: () => {}, error: (text: string) => err.push(text) };
    expect(await runCli(['sandbox', '--allowed-host', 'localhost:5173'], io)).toBe(2);
    expect(err[0]).toContain('--allowed-host: "localhost:5173" is not a host name');
    expect(allowedHostOf('::1')).toBe('[::1]');
    expect(hostNameOf('127.1')).toBe('127.0.0.1');
  });

  it('over HTTP, the command answers a host given with --allowed-host, and says once what it refused', async () => {
    const out: string[] = [];
    const err: string[] = [];
    const io = { env: {}, log: (text: string) => out.push(text), error: (text: string) => err.push(text) };
    const result = await runCli(['sandbox', '--port', '0', '--allowed-host', 'my-machine.local'], io);
    if (typeof result === 'number') throw new Error(`exited with ${result}`);
    servers.push(result);
    expect(out[0]).toContain(
      'answers requests for my-machine.local too (--allowed-host, SANDBOX_ALLOWED_HOSTS)',
    );
    const port = new URL(result.url).port;
    expect((await send(`${result.url}/_sandbox/status`, { host: `my-machine.local:${port}` })).status).toBe(
      200,
    );
    expect((await send(`${result.url}/_sandbox/status`, { host: `rebind.test:${port}` })).status).toBe(403);
    expect((await send(`${result.url}/_sandbox/mailbox`, { host: `rebind.test:${port}` })).status).toBe(403);
    expect(err).toEqual([
      '[sandbox] Refused a request for host "rebind.test". Allow it with npx storefront-widgets sandbox --allowed-host rebind.test (or SANDBOX_ALLOWED_HOSTS=rebind.test)',
    ]);
  });
});
