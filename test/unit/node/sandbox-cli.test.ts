import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_ALLOWED_ORIGINS } from '../../../sandbox/app';
import { parseSandboxArgs, runCli, SANDBOX_USAGE, USAGE } from '../../../sandbox/cli';
import { optionsFromEnv, type SandboxServer } from '../../../sandbox/server';

/** `runCli` with an environment of its own, and what it printed. */
function cli(env: NodeJS.ProcessEnv = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const io = { env, log: (text: string) => out.push(text), error: (text: string) => err.push(text) };
  return { out, err, run: (...args: string[]) => runCli(args, io) };
}

const servers: SandboxServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function started(result: number | SandboxServer): Promise<SandboxServer> {
  if (typeof result === 'number') throw new Error(`exited with ${result}`);
  servers.push(result);
  return result;
}

describe('storefront-widgets sandbox: the command line', () => {
  it('reads --port and --origin over SANDBOX_PORT, PORT and SANDBOX_ALLOWED_ORIGINS', () => {
    const env = { SANDBOX_PORT: '5100', PORT: '3000', SANDBOX_ALLOWED_ORIGINS: 'http://localhost:3000' };
    expect(parseSandboxArgs([], {})).toMatchObject({
      help: false,
      options: {
        port: 4100,
        host: '127.0.0.1',
        clients: [{ id: 'demo-client', allowedOrigins: DEMO_ALLOWED_ORIGINS }],
      },
    });
    expect(parseSandboxArgs([], env)).toMatchObject({
      options: { port: 5100, clients: [{ allowedOrigins: ['http://localhost:3000'] }] },
    });
    expect(parseSandboxArgs([], { PORT: '3000' })).toMatchObject({ options: { port: 3000 } });
    // The flag wins, and a stale variable does not stop it.
    expect(parseSandboxArgs(['--port', '0'], { SANDBOX_PORT: 'not-a-port' })).toMatchObject({
      options: { port: 0 },
    });
    expect(
      parseSandboxArgs(['--origin', 'http://localhost:5173', '--origin=https://shop.example'], env),
    ).toMatchObject({
      options: {
        port: 5100,
        clients: [
          {
            id: 'demo-client',
            allowedOrigins: ['http://localhost:5173', 'https://shop.example', 'http://localhost:3000'],
          },
        ],
      },
    });
    expect(parseSandboxArgs(['-h'], {})).toEqual({ help: true });
  });

  it('honours SANDBOX_PORT, as npm start does, and PORT without it', () => {
    expect(optionsFromEnv({ SANDBOX_PORT: '4200', PORT: '4300' }).port).toBe(4200);
    expect(optionsFromEnv({ PORT: '4300' }).port).toBe(4300);
    expect(optionsFromEnv({}).port).toBe(4100);
    expect(() => optionsFromEnv({ SANDBOX_PORT: '65536' })).toThrow(
      'SANDBOX_PORT must be a port number from 0 to 65535, not "65536"',
    );
    expect(() => optionsFromEnv({ PORT: '80a' })).toThrow(
      'PORT must be a port number from 0 to 65535, not "80a"',
    );
  });

  it.each([
    [['sandbox', '--prot', '1'], "storefront-widgets sandbox: Unknown option '--prot'"],
    [['sandbox', '--port'], "storefront-widgets sandbox: Option '--port <value>' argument missing"],
    [
      ['sandbox', '--port', '99999'],
      'storefront-widgets sandbox: --port must be a port number from 0 to 65535, not "99999"',
    ],
    [
      ['sandbox', '--port', '1.5'],
      'storefront-widgets sandbox: --port must be a port number from 0 to 65535, not "1.5"',
    ],
    [
      ['sandbox', '--origin', 'localhost:5173'],
      'storefront-widgets sandbox: --origin: "localhost:5173" is not an origin such as http://localhost:5500',
    ],
    [['sandbox', 'now'], "storefront-widgets sandbox: Unexpected argument 'now'"],
  ])('refuses %j with exit code 2, saying why', async (args, message) => {
    const { out, err, run } = cli();
    expect(await run(...args)).toBe(2);
    expect(out).toEqual([]);
    expect(err[0]).toContain(message);
    expect(err[0]).not.toContain('positional');
    expect(err[1]).toBe("Run 'storefront-widgets sandbox --help' for the options.");
  });

  it('names a bad variable too', async () => {
    const { err, run } = cli({ SANDBOX_ALLOWED_ORIGINS: 'http://localhost:5173/' });
    expect(await run('sandbox')).toBe(2);
    expect(err[0]).toContain('SANDBOX_ALLOWED_ORIGINS: "http://localhost:5173/" is not an origin');
  });

  it('prints the help for --help, and the commands for none or an unknown one', async () => {
    const help = cli();
    expect(await help.run('sandbox', '--help')).toBe(0);
    expect(help.out).toEqual([SANDBOX_USAGE]);
    expect(await help.run('--help')).toBe(0);
    expect(help.out[1]).toBe(USAGE);
    const none = cli();
    expect(await none.run()).toBe(2);
    expect(none.err).toEqual(['Missing command', USAGE]);
    const unknown = cli();
    expect(await unknown.run('sandbx')).toBe(2);
    expect(unknown.err).toEqual(["Unknown command 'sandbx'", USAGE]);
  });
});

describe('storefront-widgets sandbox: the server', () => {
  it('serves the seeded sandbox to the origins it was given, and says where it listens first', async () => {
    const { out, run } = cli();
    const server = await started(await run('sandbox', '--port', '0', '--origin', 'http://localhost:5173'));
    expect(out[0]?.split('\n')[0]).toBe(`Sandbox platform listening on ${server.url}`);
    expect(out[0]).toContain('OAuth client "demo-client" accepts pages on http://localhost:5173');
    expect(out[0]).toContain('merchant API key "sandbox-admin-key" (SANDBOX_API_KEY)');
    const status = await (await fetch(`${server.url}/_sandbox/status`)).json();
    expect(status.counts.products).toBeGreaterThan(0);
    const preflight = await fetch(`${server.url}/oauth2/token`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
  });

  it('says on standard error, once, that a page origin is not allowed and how to allow it (issue 34)', async () => {
    const { err, run } = cli();
    const server = await started(await run('sandbox', '--port', '0', '--origin', 'http://localhost:5173'));
    for (let i = 0; i < 2; i++)
      await fetch(`${server.url}/oauth2/token`, {
        method: 'OPTIONS',
        headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'POST' },
      });
    expect(err).toEqual([
      '[sandbox] No OAuth client allows pages on http://localhost:3000, so the browser blocks their calls (a CORS error). Allow it with: npx storefront-widgets sandbox --origin http://localhost:3000 (or SANDBOX_ALLOWED_ORIGINS=http://localhost:3000)',
    ]);
  });

  it('says a port is in use and exits 1', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as { port: number };
    try {
      const { err, run } = cli({ SANDBOX_PORT: String(port) });
      expect(await run('sandbox')).toBe(1);
      expect(err).toEqual([
        `storefront-widgets sandbox: port ${port} on 127.0.0.1 is already in use. Stop the other server, or choose another port with --port (or SANDBOX_PORT).`,
      ]);
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });
});
