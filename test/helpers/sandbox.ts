import { createSandbox, type SandboxOptions } from '../../sandbox/app';

export const SANDBOX_ORIGIN = 'https://sandbox.test';

/** A fake clock in milliseconds that a test moves by hand. */
export function fakeClock(start = Date.parse('2026-11-22T12:00:00.000Z')) {
  let now = start;
  return {
    now: () => now,
    advance(ms: number) {
      now += ms;
    },
  };
}

/** An in-process sandbox and a small helper to call it: no port, no network. */
export function testSandbox(options: SandboxOptions = {}) {
  const sandbox = createSandbox({ publicUrl: SANDBOX_ORIGIN, ...options });
  async function call(
    method: string,
    path: string,
    init: { body?: unknown; headers?: Record<string, string>; rawBody?: string } = {},
  ) {
    const headers: Record<string, string> = { ...init.headers };
    let body: string | undefined = init.rawBody;
    if (init.body !== undefined) {
      body = JSON.stringify(init.body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await sandbox.fetch(`${SANDBOX_ORIGIN}${path}`, { method, headers, body });
    const text = await response.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    // biome-ignore lint/suspicious/noExplicitAny: tests read answers of many shapes
    return { status: response.status, headers: response.headers, json: json as any, text };
  }
  const anonymousTokens = async (clientId = 'demo-client') =>
    (await call('POST', '/oauth2/token', { body: { clientId, grantType: 'anonymous' } })).json as {
      access_token: string;
      refresh_token: string;
      expires_in: number;
    };
  return { sandbox, call, anonymousTokens };
}
