/**
 * Part of `npm run bench`: a shopper's add-to-cart against the sandbox's HTTP server, with no webhook subscriber
 * and with five whose URL is dead, to show that deliveries do not slow the API (issue 27).
 *
 * Two kinds of dead: a receiver that takes the connection and never answers, and a closed port. The first is the
 * worse: each attempt holds a socket and a timer for the whole 1,250 ms before it fails, and the retries pile up
 * on top, where a closed port refuses at once. Both are measured; the summary gives the first.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { startSandboxServer } from '../sandbox/server';
import { addToCurrentCart, storeLineItem } from '../src/api/cart';
import { accessTokenAuth, createApiClient } from '../src/api/http';
import { anonymousGrant } from '../src/api/oauth';

const MUG = 'dace0cad-7e1d-4340-ac45-39a68ab5e3c8';
/** Subscribers in the dead rows. */
export const DEAD_SUBSCRIBERS = 5;
const ADDS = Math.max(20, Math.floor(Number(process.env.BENCH_ADDS)) || 300);
const WARMUP_ADDS = 20;

export interface CartAddFigures {
  label: string;
  p50: number;
  p95: number;
  /** Deliveries not yet delivered nor given up when the last add was answered. */
  pending: number;
}

/** A TCP server that accepts every connection and never writes a byte. */
async function silentServer(): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.resume();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    close: () =>
      new Promise<void>((done) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => done());
      }),
  };
}

/** A port nothing listens on (taken, then given back). */
async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise<void>((done) => server.close(() => done()));
  return `http://127.0.0.1:${port}/webhooks`;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? Number.NaN;

async function devCall(base: string, method: string, path: string, body: unknown = {}) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
}

/** `ADDS` adds of the mug by one visitor over HTTP, after a warm-up, with `urls` subscribed to every event. */
async function measure(
  base: string,
  label: string,
  urls: string[],
): Promise<CartAddFigures & { times: number[] }> {
  await devCall(base, 'POST', '/_sandbox/reset');
  for (const url of urls) await devCall(base, 'POST', '/_sandbox/webhooks', { url });
  const tokens = await anonymousGrant(createApiClient({ apiBase: base }), 'demo-client');
  const client = createApiClient({ apiBase: base, auth: accessTokenAuth(tokens.access_token) });
  const add = () => addToCurrentCart(client, { lineItems: [storeLineItem(MUG, 1)] });
  for (let i = 0; i < WARMUP_ADDS; i++) await add();
  const times: number[] = [];
  for (let i = 0; i < ADDS; i++) {
    const started = performance.now();
    await add();
    times.push(performance.now() - started);
  }
  const sorted = [...times].sort((a, b) => a - b);
  return { label, times, p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), pending: 0 };
}

/**
 * The p50 and p95 of an add-to-cart call with 0 subscribers, with five that never answer and with five on a
 * closed port. Prints a row each through `line`.
 */
export async function benchCartAddWithDeadSubscribers(
  line: (label: string, value: string) => void,
): Promise<CartAddFigures[]> {
  const sandbox = await startSandboxServer({ port: 0 });
  const silent = await silentServer();
  const ms = (value: number) => `${value.toFixed(2)} ms`;
  try {
    const rows: CartAddFigures[] = [];
    const cases: Array<[string, string[]]> = [
      ['no subscriber', []],
      [
        `${DEAD_SUBSCRIBERS} subscribers that take the connection and never answer`,
        Array(DEAD_SUBSCRIBERS).fill(silent.url),
      ],
      [
        `${DEAD_SUBSCRIBERS} subscribers on a closed port`,
        Array(DEAD_SUBSCRIBERS).fill(await closedPortUrl()),
      ],
    ];
    for (const [label, urls] of cases) {
      const figures = await measure(sandbox.url, label, urls);
      figures.pending = sandbox.sandbox.context.webhooks.pendingDeliveries;
      const inFlight = urls.length ? `; ${figures.pending} deliveries pending at the end` : '';
      line(
        `${label}: p50 / p95 of ${figures.times.length} adds`,
        `${ms(figures.p50)} / ${ms(figures.p95)}${inFlight}`,
      );
      rows.push(figures);
    }
    return rows;
  } finally {
    await sandbox.close();
    await silent.close();
  }
}
