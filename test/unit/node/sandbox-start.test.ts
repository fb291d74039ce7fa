import { Server } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type SandboxServer, startSandboxServer } from '../../../sandbox/server';

/**
 * Issue 34: the sandbox listens only once it is ready. A script that waits for the port and then calls gets a
 * real answer, not a 503 while the webhook key pair is still being made.
 */

const probe = vi.hoisted(() => ({
  listening: false,
  answer: undefined as Promise<Response> | undefined,
}));

// A key pair asked for once the port is open is held until the request sent as it opened has its answer: a
// sandbox that made its keys after listening would answer that request before it is ready.
vi.mock(import('../../../sandbox/webhooks/signing'), async (importOriginal) => {
  const real = await importOriginal();
  return {
    ...real,
    generateWebhookKeys: async () => {
      if (probe.listening) await probe.answer?.catch(() => undefined);
      return real.generateWebhookKeys();
    },
  };
});

let server: SandboxServer | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await server?.close();
});

describe('the sandbox starting', () => {
  it('answers the first request sent as the port opens', async () => {
    const listen = Server.prototype.listen;
    vi.spyOn(Server.prototype, 'listen').mockImplementation(function (this: Server, ...args: unknown[]) {
      this.once('listening', () => {
        probe.listening = true;
        const { port } = this.address() as { port: number };
        probe.answer = fetch(`http://127.0.0.1:${port}/_sandbox/status`);
      });
      return listen.apply(this, args as Parameters<Server['listen']>);
    });
    server = await startSandboxServer({ port: 0 });
    const first = (await probe.answer) as Response;
    expect(first.status).toBe(200);
    expect(((await first.json()) as { counts: { products: number } }).counts.products).toBeGreaterThan(0);
  });
});
