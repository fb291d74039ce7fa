import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import {
  isUnknownWebhookEventError,
  isWebhookVerificationError,
  MAX_WEBHOOK_BODY_BYTES,
  UnknownWebhookEventError,
  WebhookAudienceError,
  WebhookExpiredError,
  WebhookHandlerError,
  WebhookSignatureError,
  Webhooks,
  WebhookVerificationError,
} from '../../../src/api/webhooks';
import { deliveryClaims, forgeToken, testKeys } from '../../helpers/webhooks';

/**
 * `Webhooks` (storefront-widgets/api) on its own, with tokens made here: each check of a delivery (RS256 only,
 * the signature, `exp`, `iss` and `aud`) refuses the body it is there for, with its own error, and runs no
 * handler. Each test below fails when its check is taken out of `src/api/webhooks.ts`.
 */

const keys = testKeys();
const other = testKeys();
const NOW = Date.parse('2026-11-22T12:00:00.000Z');
const iat = NOW / 1000;
const cart = { id: 'cart-1', lineItems: [], revision: '3' };
const cartUpdated = {
  id: 'event-1',
  entityFqdn: 'wix.ecom.v1.cart',
  slug: 'updated',
  entityId: 'cart-1',
  eventTime: '2026-11-22T11:59:59.000Z',
  entityEventSequence: '3',
  updatedEvent: { currentEntity: cart },
};
const good = (
  claims: Partial<Parameters<typeof deliveryClaims>[1]> = {},
  data: Record<string, unknown> = cartUpdated,
) => forgeToken(deliveryClaims(data, { iat, ...claims }), { key: keys.privateKey });

/** A receiver with one handler per test, noting what it was handed. */
function receiver(options: { appId?: string; seen?: (id: string) => boolean } = {}) {
  const webhooks = new Webhooks({ publicKey: keys.publicPem, now: () => NOW, ...options });
  const handled: unknown[] = [];
  webhooks.on('cart.updated', (event) => {
    handled.push(event);
  });
  return { webhooks, handled };
}

async function refusal(body: string, options: { appId?: string } = { appId: 'app-1' }) {
  const { webhooks, handled } = receiver(options);
  const error = await webhooks.process(body).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(handled, 'no handler runs for a refused body').toEqual([]);
  return error as WebhookVerificationError;
}

describe('Webhooks.process: a good delivery', () => {
  it('runs the handlers with the typed payload and its metadata', async () => {
    const { webhooks, handled } = receiver({ appId: 'app-1' });
    const token = good({
      identity: { identityType: 'ANONYMOUS_VISITOR', anonymousVisitorId: 'visitor-1' },
    });
    const result = await webhooks.process(token);
    expect(result).toMatchObject({ name: 'cart.updated', duplicate: false, handled: 1 });
    expect(handled).toEqual([
      {
        cart,
        metadata: {
          eventId: 'event-1',
          eventType: 'wix.ecom.v1.cart_updated',
          entityId: 'cart-1',
          eventTime: '2026-11-22T11:59:59.000Z',
          instanceId: 'instance-1',
          identity: { identityType: 'ANONYMOUS_VISITOR', anonymousVisitorId: 'visitor-1' },
          slug: 'updated',
          entityEventSequence: '3',
        },
      },
    ]);
  });

  it('takes the body as bytes too (express.raw), and says what a parsed body is', async () => {
    const { webhooks, handled } = receiver();
    await webhooks.process(new TextEncoder().encode(good()));
    expect(handled).toHaveLength(1);
    const parsed = await webhooks.process({ data: 'x' } as never).catch((e: unknown) => e);
    expect(parsed).toBeInstanceOf(WebhookVerificationError);
    expect((parsed as Error).message).toMatch(/must be the request's text \(a string or bytes\), not object/);
  });

  it('takes the key as the base64 of its PEM, as the dashboard may give it', async () => {
    const webhooks = new Webhooks({
      publicKey: Buffer.from(keys.publicPem).toString('base64'),
      now: () => NOW,
    });
    await expect(webhooks.process(good())).resolves.toMatchObject({ name: 'cart.updated', handled: 0 });
  });

  it('checks neither iss nor aud without an appId (as the official SDK)', async () => {
    const { webhooks, handled } = receiver();
    await webhooks.process(good({ aud: 'another-app', iss: 'example.com' }));
    expect(handled).toHaveLength(1);
  });

  it('refuses a key that is not a PEM public key when made', () => {
    expect(() => new Webhooks({ publicKey: 'not a key' })).toThrow(/publicKey must be the public key in PEM/);
    expect(() => new Webhooks({ publicKey: keys.privatePem })).toThrow(/BEGIN PUBLIC KEY/);
    expect(() => new Webhooks({ publicKey: keys.publicPem, appId: ' ' })).toThrow(/appId/);
  });
});

describe('Webhooks.process: every check refuses its body with its own error, and no handler runs', () => {
  it('signature: a body changed after signing', async () => {
    const [header, , signature] = good().split('.');
    const changed = { ...cartUpdated, updatedEvent: { currentEntity: { ...cart, revision: '99' } } };
    const payload = Buffer.from(JSON.stringify(deliveryClaims(changed, { iat }))).toString('base64url');
    const error = await refusal(`${header}.${payload}.${signature}`);
    expect(error).toBeInstanceOf(WebhookSignatureError);
    expect(error.reason).toBe('signature');
  });

  it('signature: a body signed with another key', async () => {
    const error = await refusal(forgeToken(deliveryClaims(cartUpdated, { iat }), { key: other.privateKey }));
    expect(error).toBeInstanceOf(WebhookSignatureError);
    expect(error.reason).toBe('signature');
  });

  it('algorithm: only RS256, even signed with the right private key (RS512, PS-less), HS256 or none', async () => {
    const claims = deliveryClaims(cartUpdated, { iat });
    for (const token of [
      forgeToken(claims, { key: keys.privateKey, header: { alg: 'RS512' } }),
      forgeToken(claims, { key: keys.privateKey, header: { alg: 'RS384' } }),
      // The public key is public: an HMAC keyed with it is the classic forgery of RS256 tokens.
      forgeToken(claims, { secret: keys.publicPem, header: { alg: 'HS256' } }),
      forgeToken(claims, { header: { alg: 'none' } }),
    ]) {
      const error = await refusal(token);
      expect(error, token.split('.')[0]).toBeInstanceOf(WebhookSignatureError);
      expect(error.reason).toBe('algorithm');
    }
  });

  it('exp: an expired token, and one without exp', async () => {
    const expired = await refusal(good({ iat: iat - 3600, exp: iat - 1 }));
    expect(expired).toBeInstanceOf(WebhookExpiredError);
    expect(expired.reason).toBe('expired');
    const claims = deliveryClaims(cartUpdated, { iat });
    delete claims.exp;
    const endless = await refusal(forgeToken(claims, { key: keys.privateKey }));
    expect(endless).toBeInstanceOf(WebhookVerificationError);
    expect(endless.message).toMatch(/"exp"/);
  });

  it('aud: a token for another app (when an appId is given)', async () => {
    const error = await refusal(good({ aud: 'another-app' }));
    expect(error).toBeInstanceOf(WebhookAudienceError);
    expect(error.reason).toBe('audience');
  });

  it('iss: a token not issued by wix.com (when an appId is given)', async () => {
    const error = await refusal(good({ iss: 'evil.example' }));
    expect(isWebhookVerificationError(error)).toBe(true);
    expect(error.reason).toBe('issuer');
  });

  it('an unknown event type, verified: UnknownWebhookEventError', async () => {
    const error = await refusal(good({ eventType: 'wix.bookings.v2.booking_created' }));
    expect(error).toBeInstanceOf(UnknownWebhookEventError);
    expect(isUnknownWebhookEventError(error)).toBe(true);
    expect((error as unknown as UnknownWebhookEventError).eventType).toBe('wix.bookings.v2.booking_created');
  });

  it('malformed: not a token, JSON, a data claim that is not JSON, an event without its entity', async () => {
    const claims = { ...deliveryClaims(cartUpdated, { iat }), data: '{not json' };
    const noEntity = { ...cartUpdated, updatedEvent: {} };
    for (const body of [
      '',
      '{"eventType":"wix.ecom.v1.cart_updated"}',
      'a.b.c',
      forgeToken(claims, { key: keys.privateKey }),
      good({}, noEntity),
    ]) {
      const error = await refusal(body);
      expect(error, body.slice(0, 40)).toBeInstanceOf(WebhookVerificationError);
      expect(error.reason).toBe('malformed');
    }
  });
});

describe('Webhooks: handlers, de-duplication and the Fetch route', () => {
  it('off() removes a handler; a failing handler makes process throw WebhookHandlerError', async () => {
    const webhooks = new Webhooks({ publicKey: keys.publicPem, now: () => NOW });
    const ran = vi.fn();
    const off = webhooks.on('cart.updated', ran);
    off();
    await webhooks.process(good());
    expect(ran).not.toHaveBeenCalled();
    webhooks.on('cart.updated', async () => {
      throw new Error('the warehouse is down');
    });
    const error = await webhooks.process(good()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WebhookHandlerError);
    expect((error as WebhookHandlerError).eventId).toBe('event-1');
    expect(() => webhooks.on('cart.changed' as never, ran)).toThrow(/unknown event "cart.changed"/);
  });

  it('seen(id) skips a resend already handled', async () => {
    const done = new Set<string>();
    const { webhooks, handled } = receiver({ seen: (id) => done.has(id) });
    await webhooks.process(good());
    done.add('event-1');
    const again = await webhooks.process(good());
    expect(again).toMatchObject({ duplicate: true, handled: 0 });
    expect(handled).toHaveLength(1);
  });

  it('the legacy catalogue events get the digest of their signed body as eventId, the same on a resend', async () => {
    const { webhooks } = receiver();
    const data = { productId: 'p-1', changedFields: ['name'], originatedFromVersion: 'V1_CATALOG' };
    const eventType = 'com.wix.ecommerce.catalog.api.v1.ProductChanged';
    const token = forgeToken(deliveryClaims(data, { iat, eventType }), { key: keys.privateKey });
    const first = await webhooks.process(token);
    const resend = await webhooks.process(token);
    const later = await webhooks.process(
      forgeToken(deliveryClaims(data, { iat: iat + 1, eventType }), { key: keys.privateKey }),
    );
    expect(first.event).toEqual({
      productId: 'p-1',
      changedFields: ['name'],
      metadata: {
        eventId: expect.stringMatching(/^sha256:[0-9a-f]{64}$/),
        eventType,
        entityId: 'p-1',
        eventTime: '2026-11-22T12:00:00.000Z',
        instanceId: 'instance-1',
      },
    });
    expect(resend.event.metadata.eventId).toBe(first.event.metadata.eventId);
    expect(later.event.metadata.eventId).not.toBe(first.event.metadata.eventId);
    // The digest of what the signature covers (header and claims), not of the signature's spelling (issue 34).
    const signed = token.slice(0, token.lastIndexOf('.'));
    expect(first.event.metadata.eventId).toBe(`sha256:${createHash('sha256').update(signed).digest('hex')}`);
  });

  it('handler(): 200 for a good body, 401 for a bad signature, 400 for an unknown type, 405, and 500 when a handler fails', async () => {
    const webhooks = new Webhooks({ publicKey: keys.publicPem, appId: 'app-1', now: () => NOW });
    const failures: unknown[] = [];
    const route = webhooks.handler({ onError: (e) => failures.push(e) });
    const post = (body: string) =>
      route(new Request('https://shop.example/webhooks', { method: 'POST', body }));
    const ok = await post(good());
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ received: 'event-1' });
    const forged = await post(forgeToken(deliveryClaims(cartUpdated, { iat }), { key: other.privateKey }));
    expect(forged.status).toBe(401);
    expect(await forged.json()).toMatchObject({ error: 'signature' });
    expect((await post(good({ aud: 'another-app' }))).status).toBe(401);
    expect((await post(good({ iat: iat - 900, exp: iat - 600 }))).status).toBe(401);
    expect((await post(good({ eventType: 'wix.example.v1.thing_created' }))).status).toBe(400);
    expect((await post('hello')).status).toBe(400);
    expect((await route(new Request('https://shop.example/webhooks'))).status).toBe(405);
    webhooks.on('cart.updated', () => {
      throw new Error('boom');
    });
    expect((await post(good())).status).toBe(500);
    expect(failures).toEqual([expect.any(WebhookHandlerError)]);
  });

  it('handler({background}) answers 200 once verified and leaves the handlers running', async () => {
    const webhooks = new Webhooks({ publicKey: keys.publicPem, now: () => NOW });
    let finish = () => {};
    webhooks.on('cart.updated', () => new Promise<void>((resolve) => (finish = resolve)));
    const tasks: Promise<unknown>[] = [];
    const route = webhooks.handler({ background: (task) => tasks.push(task) });
    const res = await route(new Request('https://shop.example/webhooks', { method: 'POST', body: good() }));
    expect(res.status).toBe(200);
    expect(tasks).toHaveLength(1);
    finish();
    await tasks[0];
  });
});

describe('Webhooks: one delivery has one spelling (issue 34)', () => {
  const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  const eventType = 'com.wix.ecommerce.catalog.api.v1.ProductChanged';
  const data = { productId: 'p-1', changedFields: ['name'] };
  const token = forgeToken(deliveryClaims(data, { iat, eventType }), { key: keys.privateKey });

  /** A base64url segment spelled another way that jose may still read as the same bytes. */
  const respelling = (segment: string) =>
    fc.oneof(
      fc.constant(segment),
      // Padding, as base64 writes it, or more of it.
      fc.integer({ min: 1, max: 3 }).map((n) => segment + '='.repeat(n)),
      // The last character's unused low bits (4 of them at 4n+2 characters, 2 at 4n+3) set otherwise.
      fc.integer({ min: 0, max: 15 }).map((bits) => {
        const unused = [0, 0, 15, 3][segment.length % 4] as number;
        const last = ALPHABET.indexOf(segment.at(-1) as string);
        return segment.slice(0, -1) + ALPHABET[(last & ~unused) | (bits & unused)];
      }),
      // base64's alphabet instead of base64url's.
      fc.constant(segment.replace(/-/g, '+').replace(/_/g, '/')),
      // A character atob skips or another base64 one, anywhere.
      fc
        .tuple(fc.nat({ max: segment.length }), fc.constantFrom(' ', '\n', '\t', '\f', '\r', '+', '/', '='))
        .map(([at, c]) => segment.slice(0, at) + c + segment.slice(at)),
    );
  const respellings = fc
    .tuple(...token.split('.').map(respelling))
    .map((segments) => segments.join('.'))
    .filter((spelled) => spelled !== token);

  it('every other spelling of a catalogue event is refused or has its id, and the handler runs once', async () => {
    const done = new Set<string>();
    const webhooks = new Webhooks({ publicKey: keys.publicPem, now: () => NOW, seen: (id) => done.has(id) });
    const handled: string[] = [];
    webhooks.on('product.updated', ({ metadata }) => {
      handled.push(metadata.eventId);
      done.add(metadata.eventId);
    });
    const { event } = await webhooks.process(token);
    await fc.assert(
      fc.asyncProperty(respellings, async (spelled) => {
        const result = await webhooks.process(spelled).catch((error: unknown) => error);
        if (result instanceof WebhookVerificationError) return;
        expect(result).toMatchObject({ duplicate: true, handled: 0 });
        expect((result as { event: typeof event }).event.metadata.eventId).toBe(event.metadata.eventId);
      }),
      { numRuns: 300 },
    );
    expect(handled).toEqual([event.metadata.eventId]);
  });

  it('refuses padding, characters outside base64url and unused bits set, each saying so', async () => {
    const [header, claims, signature] = token.split('.') as [string, string, string];
    const last = ALPHABET.indexOf(signature.at(-1) as string);
    const cases: [string, RegExp][] = [
      [`${token}==`, /signature is padded with "="/],
      [`${header}.${claims}=.${signature}`, /claims is padded with "="/],
      [
        `${header}.${claims}.${signature.replace(/_/g, '/').replace(/-/g, '+')}`,
        /characters outside base64url/,
      ],
      [
        `${header}.${claims}.${signature.slice(0, 100)} ${signature.slice(100)}`,
        /characters outside base64url/,
      ],
      [`${header}.${claims}.${signature.slice(0, -1)}${ALPHABET[last ^ 1]}`, /unused low bits are not zero/],
      [`${header}.${claims}.${signature}AAA`, /a length base64url cannot have/],
    ];
    expect(signature.length % 4, 'a 2048-bit signature leaves 4 bits unused').toBe(2);
    for (const [body, message] of cases) {
      const error = await refusal(body, {});
      expect(error, body.slice(-8)).toBeInstanceOf(WebhookVerificationError);
      expect(error.reason).toBe('malformed');
      expect(error.message).toMatch(message);
    }
    const route = new Webhooks({ publicKey: keys.publicPem, now: () => NOW }).handler();
    const res = await route(
      new Request('https://shop.example/webhooks', { method: 'POST', body: `${token}==` }),
    );
    expect(res.status).toBe(400);
  });
});

describe('handler(): a body is at most 1 MiB, in bytes, whatever Content-Length says (issue 34)', () => {
  const CHUNK = 64 * 1024;
  const route = () => new Webhooks({ publicKey: keys.publicPem, now: () => NOW }).handler();
  // `duplex` (Node's fetch needs it for a stream body) is not in the DOM's RequestInit yet.
  const post = (body: BodyInit, headers: Record<string, string> = {}) =>
    route()(
      new Request('https://shop.example/webhooks', {
        method: 'POST',
        body,
        headers,
        duplex: 'half',
      } as RequestInit),
    );

  /** A chunked body of `total` bytes made as it is read, noting how much was read and whether it was cancelled. */
  function lazyBody(total: number) {
    const read = { bytes: 0, cancelled: false };
    const chunk = new Uint8Array(CHUNK).fill(0x61);
    const stream = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          const size = Math.min(CHUNK, total - read.bytes);
          read.bytes += size;
          controller.enqueue(size === CHUNK ? chunk : chunk.subarray(0, size));
          if (read.bytes >= total) controller.close();
        },
        cancel() {
          read.cancelled = true;
        },
      },
      { highWaterMark: 0 },
    );
    return { stream, read };
  }

  it('stops reading a 200 MiB chunked body past the limit and answers 413', async () => {
    const { stream, read } = lazyBody(200 * 1024 * 1024);
    const res = await post(stream);
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: 'too-large' });
    expect(read.bytes).toBeLessThanOrEqual(MAX_WEBHOOK_BODY_BYTES + CHUNK);
    expect(read.cancelled).toBe(true);
  });

  it('refuses a Content-Length over the limit unread', async () => {
    const { stream, read } = lazyBody(2 * MAX_WEBHOOK_BODY_BYTES);
    const res = await post(stream, { 'content-length': String(2 * MAX_WEBHOOK_BODY_BYTES) });
    expect(res.status).toBe(413);
    expect(read.bytes).toBeLessThanOrEqual(CHUNK);
  });

  it('counts bytes, not characters: 600,000 × "é" (1.2 MB) is too large', async () => {
    const body = 'é'.repeat(600_000);
    expect(body.length).toBeLessThan(MAX_WEBHOOK_BODY_BYTES);
    expect((await post(body)).status).toBe(413);
    const error = await refusal(body, {});
    expect(error.message).toMatch(/over 1048576 bytes/);
  });

  it('takes a delivery of exactly 1 MiB, not one byte more', async () => {
    const token = good();
    const exactly = token + ' '.repeat(MAX_WEBHOOK_BODY_BYTES - token.length);
    const res = await post(exactly);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: 'event-1' });
    expect((await post(`${exactly} `)).status).toBe(413);
    await expect(receiver().webhooks.process(exactly)).resolves.toMatchObject({ handled: 1 });
  });

  it('refuses bytes that are not UTF-8 (400), not replaced', async () => {
    const token = new TextEncoder().encode(good());
    const res = await post(new Uint8Array([...token, 0xff]));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error: 'malformed',
      message: expect.stringMatching(/not UTF-8/),
    });
  });
});
