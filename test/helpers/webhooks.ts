import { createHmac, generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { vi } from 'vitest';
import type { SandboxOptions } from '../../sandbox/app';
import type { DeliveryTimers } from '../../sandbox/webhooks';
import type { ApiClient } from '../../src/api/http';
import {
  createCollection,
  createProduct,
  deleteCollection,
  deleteProduct,
  updateCollection,
  updateProduct,
  updateProductVariants,
} from '../../src/api/products';
import type { Collection } from '../../src/api/types/collections';
import type { Product } from '../../src/api/types/products';
import {
  WEBHOOK_EVENT_NAMES,
  type WebhookEventName,
  type WebhookEvents,
  Webhooks,
  type WebhooksOptions,
} from '../../src/api/webhooks';
import { apiHarness } from './api';
import { SANDBOX_ORIGIN } from './sandbox';

/**
 * Simulated time for webhook deliveries (`webhookTimers`) and the sandbox's and receiver's clocks (`now`): it
 * moves only when `runNext` runs the earliest timer (in the order they were set, for the same time).
 */
export function simulatedTime(start = Date.parse('2026-11-22T12:00:00.000Z')) {
  let now = start;
  let order = 0;
  const timers = new Map<number, { at: number; order: number; task: () => void }>();
  const time: DeliveryTimers & { runNext(): boolean } = {
    now: () => now,
    setTimeout(task, delayMs) {
      order += 1;
      timers.set(order, { at: now + Math.max(0, delayMs), order, task });
      return order;
    },
    clearTimeout(timer) {
      timers.delete(timer as number);
    },
    runNext() {
      let next: { at: number; order: number; task: () => void } | undefined;
      for (const timer of timers.values())
        if (!next || timer.at < next.at || (timer.at === next.at && timer.order < next.order)) next = timer;
      if (!next) return false;
      timers.delete(next.order);
      now = Math.max(now, next.at);
      next.task();
      return true;
    },
  };
  return time;
}

export interface TestKeys {
  privateKey: KeyObject;
  privatePem: string;
  publicPem: string;
}

/** A 2048-bit RSA key pair (made once per call: reuse it across a file's tests). */
export function testKeys(): TestKeys {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKey,
    privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * A compact JWS of `claims`, signed as `header.alg` says: RS256/RS384/RS512 with `key`, HS256 with `secret`
 * (an attacker's use of the public key as an HMAC secret), `none` unsigned. For the tests' forged deliveries.
 */
export function forgeToken(
  claims: Record<string, unknown>,
  options: { key?: KeyObject; secret?: string; header?: Record<string, unknown> },
): string {
  const header = { alg: 'RS256', typ: 'JWT', ...options.header };
  const input = `${b64(header)}.${b64(claims)}`;
  const alg = String(header.alg);
  if (alg === 'none') return `${input}.`;
  if (alg.startsWith('HS'))
    return `${input}.${createHmac(`sha${alg.slice(2)}`, options.secret ?? '')
      .update(input)
      .digest('base64url')}`;
  if (!options.key) throw new Error(`forgeToken: ${alg} needs a key`);
  return `${input}.${sign(`sha${alg.slice(2)}`, Buffer.from(input), options.key).toString('base64url')}`;
}

/** The claims a delivery carries, for forged ones: a domain event's envelope around `data`. */
export function deliveryClaims(
  data: Record<string, unknown>,
  options: {
    eventType?: string;
    iat?: number;
    exp?: number;
    aud?: string;
    iss?: string;
    identity?: unknown;
  } = {},
): Record<string, unknown> {
  const iat = options.iat ?? Math.floor(Date.now() / 1000);
  return {
    data: JSON.stringify({
      eventType: options.eventType ?? 'wix.ecom.v1.cart_updated',
      instanceId: 'instance-1',
      data: JSON.stringify(data),
      ...(options.identity ? { identity: JSON.stringify(options.identity) } : {}),
    }),
    iat,
    exp: options.exp ?? iat + 300,
    iss: options.iss ?? 'wix.com',
    aud: options.aud ?? 'app-1',
  };
}

export interface Received<K extends WebhookEventName = WebhookEventName> {
  name: K;
  event: WebhookEvents[K];
}

/**
 * A receiver as README builds one (`Webhooks` and its `handler()`), taking every event name and noting each
 * event it is handed; `answer` can make it answer otherwise (a status, or a handler that fails).
 */
export function recordingReceiver(options: WebhooksOptions) {
  const webhooks = new Webhooks(options);
  const received: Received[] = [];
  for (const name of WEBHOOK_EVENT_NAMES) {
    webhooks.on(name, (event) => {
      received.push({ name, event } as Received);
    });
  }
  const route = webhooks.handler({ onError: () => {} });
  /** The first event of `name` (that `match` accepts), waited for. */
  const next = async <K extends WebhookEventName>(
    name: K,
    match: (event: WebhookEvents[K]) => boolean = () => true,
    timeout = 5_000,
  ): Promise<WebhookEvents[K]> =>
    vi.waitFor(
      () => {
        const found = received.find((r) => r.name === name && match(r.event as WebhookEvents[K]));
        if (!found)
          throw new Error(`no "${name}" event yet; got ${received.map((r) => r.name).join(', ') || 'none'}`);
        return found.event as WebhookEvents[K];
      },
      { timeout, interval: 10 },
    );
  const of = <K extends WebhookEventName>(name: K) =>
    received.filter((r) => r.name === name).map((r) => r.event as WebhookEvents[K]);
  return { webhooks, received, route, next, of };
}

/**
 * An in-process sandbox (`apiHarness`: API clients for visitors, members and the merchant) whose deliveries go to
 * an in-process receiver (`recordingReceiver`'s route, or `answer` to answer otherwise), signed with `keys`;
 * `subscribe` subscribes its address.
 */
export function webhookSandbox(
  keys: TestKeys,
  options: SandboxOptions & {
    answer?: (request: Request, route: (request: Request) => Promise<Response>) => Promise<Response>;
  } = {},
) {
  const { answer, ...sandboxOptions } = options;
  const appId = options.appId ?? 'storefront-test-app';
  const receiver = recordingReceiver({
    publicKey: keys.publicPem,
    appId,
    ...(options.now ? { now: options.now } : {}),
  });
  const requests: Request[] = [];
  const harness = apiHarness({
    webhookKey: keys.privatePem,
    ...sandboxOptions,
    appId,
    webhookFetch: async (url, init) => {
      const request = new Request(url, init);
      requests.push(request.clone());
      return answer ? answer(request, receiver.route) : receiver.route(request);
    },
  });
  const subscribe = async (body: Record<string, unknown> = {}) => {
    const res = await harness.call('POST', '/_sandbox/webhooks', {
      body: { url: 'https://receiver.test/webhooks', ...body },
    });
    if (res.status !== 200) throw new Error(`subscribe: ${res.status} ${res.text}`);
    return res.json.subscription as { id: string; url: string; events: string[] | null };
  };
  return { ...harness, receiver, requests, subscribe, origin: SANDBOX_ORIGIN };
}

/** The seeded Everyday Cotton Tee, whose variants the catalogue's changes reprice. */
const TEE = 'c8539b66-7a44-fe18-affc-afec4be8562a';

/**
 * Every catalogue event kind, by the merchant API: a product made (`name`), renamed and deleted, the tee's
 * variants repriced, and a collection made (`collection`), renamed and deleted. Returns what was made.
 */
export async function catalogueChanges(
  merchant: ApiClient,
  names: { product: string; collection: string },
): Promise<{ product: Product; collection: Collection }> {
  const { product } = await createProduct(merchant, {
    name: names.product,
    productType: 'physical',
    priceData: { price: 9 },
  });
  await updateProduct(merchant, product.id as string, { name: `${names.product} II` });
  await updateProductVariants(merchant, TEE, [{ choices: { Size: 'Large' }, price: 30 }]);
  const { collection } = await createCollection(merchant, { name: names.collection });
  await updateCollection(merchant, collection.id as string, { name: `${names.collection} again` });
  await deleteCollection(merchant, collection.id as string);
  await deleteProduct(merchant, product.id as string);
  return { product, collection };
}
