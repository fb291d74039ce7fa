import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type SandboxServer, startSandboxServer } from '../../../sandbox/server';
import {
  accessTokenAuth,
  addToCurrentCart,
  anonymousGrant,
  createApiClient,
  storeLineItem,
  type WebhookEvents,
  Webhooks,
} from '../../../src/api/index';

/**
 * The sandbox's webhooks over real HTTP (issue 27): the server on a free port delivers to receivers on node:http
 * (port 0), as a merchant's server would run one; slow and dead receivers.
 */

const MUG = 'dace0cad-7e1d-4340-ac45-39a68ab5e3c8';
const opened: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((server) => server.close()));
});

async function sandboxServer(): Promise<SandboxServer> {
  const server = await startSandboxServer({ port: 0, appId: 'http-test-app' });
  opened.push(server);
  return server;
}

/** A receiver on node:http, port 0: `handle` answers each request (its body read first). */
async function receiver(handle: (body: string, req: IncomingMessage, res: ServerResponse) => void) {
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => handle(Buffer.concat(chunks).toString('utf8'), req, res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const closable = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  opened.push(closable);
  return closable;
}

async function send(base: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return res.json();
}

/** A new visitor's add of the mug, through the API client over HTTP. */
async function addMug(base: string) {
  const tokens = await anonymousGrant(createApiClient({ apiBase: base }), 'demo-client');
  const client = createApiClient({ apiBase: base, auth: accessTokenAuth(tokens.access_token) });
  return addToCurrentCart(client, { lineItems: [storeLineItem(MUG, 1)] });
}

describe('webhooks over HTTP', () => {
  it('a node:http receiver verifies the deliveries with the public key the sandbox serves', async () => {
    const sandbox = await sandboxServer();
    const publicKey = await (await fetch(`${sandbox.url}/_sandbox/webhooks/public-key`)).text();
    const webhooks = new Webhooks({ publicKey, appId: 'http-test-app' });
    const events: Array<WebhookEvents['cart.created']> = [];
    webhooks.on('cart.created', (event) => {
      events.push(event);
    });
    const hook = await receiver((body, _req, res) => {
      webhooks.process(body).then(
        () => res.writeHead(200).end(),
        () => res.writeHead(401).end(),
      );
    });
    await send(sandbox.url, 'POST', '/_sandbox/webhooks', {
      url: hook.url,
      events: ['wix.ecom.v1.cart_created'],
    });
    const { cart } = await addMug(sandbox.url);
    await vi.waitFor(() => expect(events).toHaveLength(1), { timeout: 5_000 });
    expect(events[0]?.cart.id).toBe(cart.id);
    expect(events[0]?.metadata.identity?.identityType).toBe('ANONYMOUS_VISITOR');
  });

  it('an answer later than 1,250 ms is retried after the wait, with the same token (the same event id)', async () => {
    const sandbox = await sandboxServer();
    await send(sandbox.url, 'PATCH', '/_sandbox/settings', { webhookRetryDelaysMs: [50] });
    const bodies: string[] = [];
    let firstClosed = false;
    const hook = await receiver((body, req, res) => {
      bodies.push(body);
      // The first delivery gets no answer: the sandbox gives up on it after 1,250 ms and closes it.
      if (bodies.length === 1) {
        req.socket.on('close', () => {
          firstClosed = true;
        });
        return;
      }
      res.writeHead(200).end();
    });
    await send(sandbox.url, 'POST', '/_sandbox/webhooks', {
      url: hook.url,
      events: ['wix.ecom.v1.cart_created'],
    });
    await addMug(sandbox.url);
    await vi.waitFor(() => expect(bodies).toHaveLength(2), { timeout: 10_000, interval: 20 });
    expect(firstClosed).toBe(true);
    expect(bodies[1]).toBe(bodies[0]);
    const { deliveries } = await send(sandbox.url, 'GET', '/_sandbox/webhooks/deliveries');
    expect(deliveries).toEqual([
      expect.objectContaining({
        attempt: 1,
        status: null,
        error: 'no answer within 1250 ms',
        outcome: 'retrying',
      }),
      expect.objectContaining({ attempt: 2, status: 200, outcome: 'delivered' }),
    ]);
    expect(deliveries[0].eventId).toBe(deliveries[1].eventId);
    expect(deliveries[0].durationMs).toBeGreaterThanOrEqual(1_250);
  });

  it('five dead receivers (connections taken, never answered) do not hold up the calls that made the events', async () => {
    const sandbox = await sandboxServer();
    const held: ServerResponse[] = [];
    const dead = await receiver((_body, _req, res) => {
      held.push(res);
    });
    for (let i = 0; i < 5; i++)
      await send(sandbox.url, 'POST', '/_sandbox/webhooks', { url: `${dead.url}/${i}` });
    const { webhooks } = sandbox.sandbox.context;
    for (let i = 0; i < 3; i++) {
      const { cart } = await addMug(sandbox.url);
      // The call is answered while its event's five attempts are due or waiting for an answer (the soonest
      // ends 1,250 ms after it starts): none has ended.
      expect(webhooks.attempts().filter((attempt) => attempt.entityId === cart.id)).toEqual([]);
      expect(webhooks.pendingDeliveries).toBeGreaterThanOrEqual(5);
    }
    await vi.waitFor(() => expect(held.length).toBe(15), { timeout: 5_000 });
  });
});
