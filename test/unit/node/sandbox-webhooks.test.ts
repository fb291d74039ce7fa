import { generateKeyPairSync } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { webhookOptionsFromEnv } from '../../../sandbox/server';
import { ALL_EVENT_TYPES, SANDBOX_INSTANCE_ID } from '../../../sandbox/webhooks';
import { readWebhookKey } from '../../../sandbox/webhooks/signing';
import {
  addProductsToCollection,
  addToCurrentCart,
  apiKeyAuth,
  approveMember,
  blockMember,
  calculateCurrentCartV2,
  createCollection,
  createCurrentCartV2,
  createProduct,
  createRedirectSession,
  deleteCollection,
  deleteCurrentCart,
  deleteMember,
  deleteProduct,
  loginV2,
  placeOrderFromCartV2,
  registerV2,
  storeCatalogItem,
  storeLineItem,
  updateCollection,
  updateCurrentCartLineItemQuantity,
  updateCurrentMemberSlug,
  updateMemberSlug,
  updateProduct,
  updateProductVariants,
  WEBHOOK_EVENT_TYPES,
} from '../../../src/api/index';
import { NY } from '../../helpers/api';
import { simulatedTime, testKeys, webhookSandbox } from '../../helpers/webhooks';

/**
 * The sandbox's webhooks (issue 27), in-process: every state change of SPEC.md 7's scope, made through the API
 * client as a visitor, a member or the merchant, reaches a receiver built as README builds one (`Webhooks` and its
 * `handler()`), verified and typed; the dev endpoints; the retries.
 */

const keys = testKeys();
let h: ReturnType<typeof webhookSandbox> | undefined;
const setup = (options: Parameters<typeof webhookSandbox>[1] = {}) => {
  h = webhookSandbox(keys, options);
  return h;
};
// No attempt of this file's sandboxes outlives its test.
afterEach(() => h?.sandbox.context.webhooks.clear());

const TEE = 'c8539b66-7a44-fe18-affc-afec4be8562a';
const decode = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString());
/** Every attempt of the sandbox done (none due or under way). */
const settled = (s: ReturnType<typeof webhookSandbox>) =>
  vi.waitFor(() => expect(s.sandbox.context.webhooks.pendingDeliveries).toBe(0), { timeout: 5_000 });

describe('the dev endpoints', () => {
  it('subscribe (http and https addresses, known event types), list and delete', async () => {
    const { call } = setup();
    const refused = async (body: unknown) => {
      const res = await call('POST', '/_sandbox/webhooks', { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      return res.json.details.validationError.fieldViolations.map((v: { field: string }) => v.field);
    };
    expect(await refused({})).toEqual(['url']);
    expect(await refused({ url: 'ftp://receiver.test/hooks' })).toEqual(['url']);
    expect(await refused({ url: 'javascript:alert(1)' })).toEqual(['url']);
    expect(await refused({ url: '/webhooks' })).toEqual(['url']);
    expect(await refused({ url: 'https://user:secret@receiver.test/hooks' })).toEqual(['url']);
    expect(await refused({ url: 'https://receiver.test/', events: [] })).toEqual(['events']);
    expect(
      await refused({ url: 'https://receiver.test/', events: ['wix.ecom.v1.cart_updated', 'cart.updated'] }),
    ).toEqual(['events[1]']);

    const made = await call('POST', '/_sandbox/webhooks', {
      body: { url: 'http://127.0.0.1:3000/webhooks', events: ['wix.ecom.v1.cart_updated'] },
    });
    expect(made.status).toBe(200);
    const subscription = made.json.subscription;
    expect(subscription).toMatchObject({
      id: expect.any(String),
      url: 'http://127.0.0.1:3000/webhooks',
      events: ['wix.ecom.v1.cart_updated'],
    });
    const all = await call('POST', '/_sandbox/webhooks', { body: { url: 'https://receiver.test/all' } });
    expect(all.json.subscription.events).toBeNull();

    const list = (await call('GET', '/_sandbox/webhooks')).json;
    expect(list).toMatchObject({
      appId: 'storefront-test-app',
      instanceId: SANDBOX_INSTANCE_ID,
      publicKeyUrl: 'https://sandbox.test/_sandbox/webhooks/public-key',
      subscriptions: [subscription, all.json.subscription],
      pendingDeliveries: 0,
    });
    // The sandbox's list of event types is SPEC.md 7's, as the client names them too.
    expect(new Set(list.eventTypes)).toEqual(new Set(Object.values(WEBHOOK_EVENT_TYPES)));

    const del = { headers: { 'content-type': 'application/json' } };
    expect((await call('DELETE', `/_sandbox/webhooks/${subscription.id}`, del)).status).toBe(200);
    expect((await call('DELETE', `/_sandbox/webhooks/${subscription.id}`, del)).status).toBe(404);
    expect((await call('GET', '/_sandbox/webhooks')).json.subscriptions).toEqual([all.json.subscription]);
  });

  it('refuse cross-site calls as the other dev endpoints do (JSON only, no other Origin)', async () => {
    const { call, sandbox } = setup();
    const body = JSON.stringify({ url: 'https://receiver.test/hooks' });
    const form = await call('POST', '/_sandbox/webhooks', {
      rawBody: body,
      headers: { 'content-type': 'text/plain' },
    });
    expect(form.status).toBe(415);
    const page = await call('POST', '/_sandbox/webhooks', {
      rawBody: body,
      headers: { 'content-type': 'application/json', origin: 'http://localhost:4000' },
    });
    expect(page.status).toBe(403);
    expect(sandbox.context.webhooks.subscriptions()).toEqual([]);
    const id = sandbox.context.webhooks.subscribe('https://receiver.test/hooks', null).id;
    const removal = await call('DELETE', `/_sandbox/webhooks/${id}`, {
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
    });
    expect(removal.status).toBe(403);
    expect(sandbox.context.webhooks.subscriptions()).toHaveLength(1);
  });

  it('serve the public key (PEM) of the key deliveries are signed with', async () => {
    const { call } = setup();
    const res = await call('GET', '/_sandbox/webhooks/public-key');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(res.text.trim()).toBe(keys.publicPem.trim());
  });

  it('take webhookRetryDelaysMs: a list of whole milliseconds, checked', async () => {
    const { call } = setup();
    const patch = (value: unknown) =>
      call('PATCH', '/_sandbox/settings', { body: { webhookRetryDelaysMs: value } });
    expect((await patch([50, 200])).json.settings.webhookRetryDelaysMs).toEqual([50, 200]);
    expect((await patch([])).json.settings.webhookRetryDelaysMs).toEqual([]);
    for (const [value, field] of [
      ['soon', 'webhookRetryDelaysMs'],
      [[10, -1], 'webhookRetryDelaysMs[1]'],
      [[1.5], 'webhookRetryDelaysMs[0]'],
      [[86_400_001], 'webhookRetryDelaysMs[0]'],
      [Array.from({ length: 21 }, () => 1), 'webhookRetryDelaysMs'],
    ] as const) {
      const res = await patch(value);
      expect(res.status).toBe(400);
      expect(res.json.details.validationError.fieldViolations[0].field).toBe(field);
    }
    expect((await call('GET', '/_sandbox/settings')).json.settings.webhookRetryDelaysMs).toEqual([]);
  });

  it('SANDBOX_WEBHOOK_KEY (PEM, one-line PEM, base64) and SANDBOX_APP_ID, read at start, refused by name', () => {
    const oneLine = keys.privatePem.replaceAll('\n', '\\n');
    const base64 = Buffer.from(keys.privatePem).toString('base64');
    for (const key of [keys.privatePem, oneLine, base64]) {
      expect(readWebhookKey(key).publicKeyPem.trim()).toBe(keys.publicPem.trim());
      expect(webhookOptionsFromEnv({ SANDBOX_WEBHOOK_KEY: key, SANDBOX_APP_ID: 'my-app' })).toEqual({
        appId: 'my-app',
        webhookKey: key.trim(),
      });
    }
    expect(webhookOptionsFromEnv({})).toEqual({});
    expect(() => webhookOptionsFromEnv({ SANDBOX_WEBHOOK_KEY: 'nonsense' })).toThrow(
      /^SANDBOX_WEBHOOK_KEY is not a private key in PEM/,
    );
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({
      type: 'pkcs8',
      format: 'pem',
    });
    expect(() => readWebhookKey(String(ec))).toThrow(/must be an RSA key of at least 2048 bits/);
    const short = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({
      type: 'pkcs8',
      format: 'pem',
    });
    expect(() => readWebhookKey(String(short))).toThrow(/this is rsa 1024 bits/);
    expect(() => webhookOptionsFromEnv({ SANDBOX_APP_ID: 'my app; drop' })).toThrow(
      /^SANDBOX_APP_ID must be an app id/,
    );
  });

  it('a reset ends the subscriptions; with none, calls are not followed', async () => {
    const s = setup();
    expect(s.sandbox.context.webhooks.tracking).toBe(false);
    await s.subscribe();
    expect(s.sandbox.context.webhooks.tracking).toBe(true);
    await s.call('POST', '/_sandbox/reset', { body: {} });
    expect(s.sandbox.context.webhooks.subscriptions()).toEqual([]);
    expect(s.sandbox.context.webhooks.tracking).toBe(false);
  });
});

describe('cart events', () => {
  it("a visitor's v1 cart: created, updated and deleted, signed for the app, the visitor as identity", async () => {
    const s = setup();
    await s.subscribe();
    const { client } = await s.visitor();
    const mug = s.productId('stoneware-mug');
    const { cart } = await addToCurrentCart(client, { lineItems: [storeLineItem(mug, 1)] });
    const created = await s.receiver.next('cart.created');
    expect(created.cart).toMatchObject({
      id: cart.id,
      lineItems: [{ quantity: 1, productName: { original: 'Stoneware Mug' } }],
    });
    expect(created.metadata).toMatchObject({
      eventType: 'wix.ecom.v1.cart_created',
      entityId: cart.id,
      instanceId: SANDBOX_INSTANCE_ID,
      identity: { identityType: 'ANONYMOUS_VISITOR', anonymousVisitorId: expect.any(String) },
      slug: 'created',
      entityEventSequence: '1',
    });
    // One write, one event: no cart.updated for the add that made the cart.
    expect(s.receiver.of('cart.updated')).toEqual([]);

    const line = cart.lineItems?.[0]?.id as string;
    await updateCurrentCartLineItemQuantity(client, [{ id: line, quantity: 3 }]);
    const updated = await s.receiver.next('cart.updated');
    expect(updated.cart.lineItems?.[0]?.quantity).toBe(3);
    expect(updated.metadata.entityEventSequence).toBe('2');
    expect(updated.metadata.eventId).not.toBe(created.metadata.eventId);

    await deleteCurrentCart(client);
    const deleted = await s.receiver.next('cart.deleted');
    expect(deleted).toMatchObject({ cartId: cart.id, metadata: { entityId: cart.id, slug: 'deleted' } });

    const claims = decode((await s.requests[0]?.text()) as string);
    expect(claims).toMatchObject({ iss: 'wix.com', aud: 'storefront-test-app', data: expect.any(String) });
    expect(claims.exp).toBeGreaterThan(claims.iat);
    const envelope = JSON.parse(claims.data);
    expect(Object.keys(envelope)).toEqual(['eventType', 'instanceId', 'data', 'identity']);
    expect(JSON.parse(envelope.data)).toMatchObject({
      entityFqdn: 'wix.ecom.v1.cart',
      createdEvent: { entity: { id: cart.id } },
    });
  });

  it('Cart V2 and a member: created, and deleted when the order is placed (stock taken: variants changed)', async () => {
    const s = setup();
    await s.subscribe();
    const jane = s.member('jane@example.com');
    const mug = s.productId('stoneware-mug');
    await createCurrentCartV2(jane.client, {
      cart: { deliveryInfo: { address: NY }, customerInfo: { email: 'jane@example.com' } },
      catalogItems: [storeCatalogItem(mug, 2)],
      deliveryMethod: { code: 'standard' },
    });
    const created = await s.receiver.next('cart.created');
    expect(created.metadata.identity).toEqual({ identityType: 'MEMBER', memberId: jane.memberId });
    expect(created.cart.buyerInfo?.memberId).toBe(jane.memberId);
    expect(created.cart.lineItems?.[0]?.quantity).toBe(2);

    const { cart, summary } = await calculateCurrentCartV2(jane.client);
    await placeOrderFromCartV2(jane.client, cart.id as string, {
      priceVerificationToken: summary.priceVerificationToken as string,
    });
    // v1 has no ordered cart: the current cart is gone.
    expect((await s.receiver.next('cart.deleted')).cartId).toBe(cart.id);
    const stock = await s.receiver.next('variants.updated', (e) => e.productId === mug);
    expect(stock.changedVariants).toEqual([expect.objectContaining({ changedFields: ['stock'] })]);
  });

  it('the merchant places the order of a cart by its id: the cart is deleted, the merchant (a Wix user) as identity', async () => {
    const s = setup();
    const { client } = await s.visitor();
    const { cart } = await createCurrentCartV2(client, {
      cart: { deliveryInfo: { address: NY }, customerInfo: { email: 'buyer@example.com' } },
      catalogItems: [storeCatalogItem(s.productId('stoneware-mug'), 1)],
      deliveryMethod: { code: 'standard' },
    });
    await s.subscribe({ events: ['wix.ecom.v1.cart_deleted'] });
    await placeOrderFromCartV2(s.merchant(), cart.id as string);
    const deleted = await s.receiver.next('cart.deleted');
    expect(deleted.metadata.identity).toEqual({ identityType: 'WIX_USER', wixUserId: expect.any(String) });
    await settled(s);
    expect(s.receiver.received.map((r) => r.name)).toEqual(['cart.deleted']);
  });
});

describe('member events', () => {
  it('registration, approval, blocking, profile changes and deletion; a sign-in alone is no update', async () => {
    const s = setup();
    await s.call('PATCH', '/_sandbox/settings', { body: { requireOwnerApproval: true } });
    await s.subscribe({
      events: [
        'wix.members.v1.member_created',
        'wix.members.v1.member_updated',
        'wix.members.v1.member_deleted',
      ],
    });
    const { client } = await s.visitor();
    await registerV2(client, {
      email: 'new@example.com',
      password: 'secret-123',
      profile: { nickname: 'Newt' },
    });
    const created = await s.receiver.next('member.created');
    expect(created.member).toMatchObject({
      loginEmail: 'new@example.com',
      status: 'PENDING',
      profile: { nickname: 'Newt' },
    });
    expect(created.metadata.identity?.identityType).toBe('ANONYMOUS_VISITOR');
    const id = created.member.id as string;

    const merchant = s.merchant();
    const statuses = () => s.receiver.of('member.updated').map((e) => e.member.status);
    await approveMember(merchant, id);
    await vi.waitFor(() => expect(statuses()).toEqual(['APPROVED']));
    await blockMember(merchant, id);
    await vi.waitFor(() => expect(statuses()).toEqual(['APPROVED', 'BLOCKED']));
    await updateMemberSlug(merchant, id, 'newt-the-first');
    await s.receiver.next('member.updated', (e) => e.member.profile?.slug === 'newt-the-first');

    const jane = s.member('jane@example.com');
    await updateCurrentMemberSlug(jane.client, 'jane-doe');
    const own = await s.receiver.next('member.updated', (e) => e.member.id === jane.memberId);
    expect(own.metadata.identity).toEqual({ identityType: 'MEMBER', memberId: jane.memberId });

    await settled(s);
    const before = s.receiver.received.length;
    await loginV2(client, { email: 'jane@example.com', password: 'storefront-demo' });
    expect(s.sandbox.context.webhooks.pendingDeliveries).toBe(0);
    expect(s.receiver.received.length).toBe(before);

    await deleteMember(merchant, id);
    expect(await s.receiver.next('member.deleted')).toMatchObject({
      memberId: id,
      metadata: { entityId: id },
    });
  });
});

describe('redirect session and catalogue events', () => {
  it('redirect session created: the session as the create call answered it', async () => {
    const s = setup();
    await s.subscribe();
    const { client } = await s.visitor();
    const { redirectSession } = await createRedirectSession(client, {
      storesProduct: { productSlug: 'stoneware-mug' },
    });
    const event = await s.receiver.next('redirectSession.created');
    expect(event.redirectSession).toEqual(redirectSession);
    expect(event.metadata.entityId).toBe(redirectSession.id);
  });

  it("products, variants and collections, as the merchant's API writes them", async () => {
    const s = setup();
    await s.subscribe();
    const merchant = s.merchant();
    const { product } = await createProduct(merchant, {
      name: 'Webhook Mug',
      productType: 'physical',
      priceData: { price: 12 },
    });
    const id = product.id as string;
    const created = await s.receiver.next('product.created');
    expect(created.product).toMatchObject({
      id,
      name: 'Webhook Mug',
      priceData: { price: 12 },
      visible: true,
    });
    expect(created.metadata).toMatchObject({
      entityId: id,
      eventId: expect.stringMatching(/^sha256:/),
      identity: { identityType: 'WIX_USER' },
    });

    await updateProduct(merchant, id, { name: 'Webhook Mug II' });
    const renamed = await s.receiver.next('product.updated', (e) => e.changedFields.includes('name'));
    expect(renamed.productId).toBe(id);
    expect(renamed.changedFields).not.toContain('lastUpdated');

    await updateProductVariants(merchant, TEE, [{ choices: { Size: 'Medium' }, price: 21 }]);
    const variants = await s.receiver.next('variants.updated', (e) => e.productId === TEE);
    expect(variants.changedVariants).toHaveLength(3);
    expect(variants.changedVariants[0]).toMatchObject({
      choices: { Size: 'Medium' },
      changedFields: expect.arrayContaining(['priceData']),
    });

    const { collection } = await createCollection(merchant, { name: 'Webhook picks' });
    const collectionId = collection.id as string;
    expect((await s.receiver.next('collection.created')).collection).toMatchObject({
      id: collectionId,
      name: 'Webhook picks',
      visible: true,
    });
    await addProductsToCollection(merchant, collectionId, [id]);
    await s.receiver.next(
      'product.updated',
      (e) => e.productId === id && e.changedFields.includes('collectionIds'),
    );
    const counted = await s.receiver.next('collection.updated', (e) => e.collectionId === collectionId);
    expect(counted.changedFields).toEqual(['numberOfProducts']);
    await updateCollection(merchant, collectionId, { name: 'Webhook favourites' });
    await s.receiver.next('collection.updated', (e) => e.changedFields.includes('name'));
    await deleteCollection(merchant, collectionId);
    expect((await s.receiver.next('collection.deleted')).collectionId).toBe(collectionId);
    await deleteProduct(merchant, id);
    expect((await s.receiver.next('product.deleted')).productId).toBe(id);
  });

  it('every event type of SPEC.md 7 is one the receiver knows, and the sandbox sends no other', () => {
    expect(new Set(ALL_EVENT_TYPES)).toEqual(new Set(Object.values(WEBHOOK_EVENT_TYPES)));
  });
});

describe('deliveries like the platform', () => {
  it('a 500 is retried after the (shortened) wait with the same token, so the same event id', async () => {
    let calls = 0;
    const s = setup({
      answer: async (request, route) =>
        ++calls === 1 ? new Response('down', { status: 500 }) : route(request),
    });
    await s.call('PATCH', '/_sandbox/settings', { body: { webhookRetryDelaysMs: [30, 60] } });
    const subscription = await s.subscribe();
    await addToCurrentCart((await s.visitor()).client, {
      lineItems: [storeLineItem(s.productId('stoneware-mug'), 1)],
    });
    const event = await s.receiver.next('cart.created');
    await settled(s);
    const [first, second] = await Promise.all(s.requests.map((r) => r.text()));
    expect(second).toBe(first);
    const attempts = (await s.call('GET', `/_sandbox/webhooks/deliveries?subscription=${subscription.id}`))
      .json.deliveries;
    expect(attempts).toEqual([
      expect.objectContaining({
        eventId: event.metadata.eventId,
        attempt: 1,
        status: 500,
        outcome: 'retrying',
        nextAttemptInMs: 30,
      }),
      expect.objectContaining({
        eventId: event.metadata.eventId,
        attempt: 2,
        status: 200,
        outcome: 'delivered',
      }),
    ]);
    expect(s.receiver.of('cart.created')).toHaveLength(1);
  });

  it('gives up after the last retry; a receiver that refuses the connection is retried too', async () => {
    const s = setup({
      answer: () => Promise.reject(new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } })),
    });
    await s.call('PATCH', '/_sandbox/settings', { body: { webhookRetryDelaysMs: [10] } });
    await s.subscribe({ events: ['wix.headless.v1.redirect_session_created'] });
    await createRedirectSession((await s.visitor()).client, {
      storesProduct: { productSlug: 'stoneware-mug' },
    });
    await settled(s);
    expect(
      s.sandbox.context.webhooks.attempts().map((a) => [a.attempt, a.status, a.error, a.outcome]),
    ).toEqual([
      [1, null, 'ECONNREFUSED', 'retrying'],
      [2, null, 'ECONNREFUSED', 'failed'],
    ]);
  });

  it('a dead receiver gets its attempts one at a time, a quarter of a second apart, not one per event at once', async () => {
    let underWay = 0;
    let most = 0;
    const s = setup({
      answer: async () => {
        underWay += 1;
        most = Math.max(most, underWay);
        // Refused a moment later (a macrotask), so that attempts started together overlap.
        await new Promise((resolve) => setImmediate(resolve));
        underWay -= 1;
        throw new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } });
      },
    });
    await s.call('PATCH', '/_sandbox/settings', { body: { webhookRetryDelaysMs: [] } });
    await s.subscribe({ events: ['wix.headless.v1.redirect_session_created'] });
    const { client } = await s.visitor();
    for (let i = 0; i < 12; i++)
      await createRedirectSession(client, { storesProduct: { productSlug: 'stoneware-mug' } });
    expect(s.sandbox.context.webhooks.pendingDeliveries).toBe(12);
    await vi.waitFor(() => expect(s.sandbox.context.webhooks.attempts().length).toBeGreaterThanOrEqual(7), {
      timeout: 5_000,
    });
    const attempts = s.sandbox.context.webhooks.attempts();
    // The first four together; once they failed, one at a time, each at least 250 ms after the one before.
    expect(most).toBeLessThanOrEqual(4);
    const starts = attempts.slice(4, 7).map((a) => Date.parse(a.sentDate));
    for (let i = 1; i < starts.length; i++)
      expect((starts[i] ?? 0) - (starts[i - 1] ?? 0)).toBeGreaterThanOrEqual(245);
    expect(s.sandbox.context.webhooks.pendingDeliveries).toBe(12 - attempts.length);
  });

  it('a backlog behind a receiver down for 30 minutes: every event accepted once after, no token sent expired', async () => {
    // Simulated time for the attempts, the sandbox's clock (the tokens' iat and exp) and the receiver's (which
    // checks exp). A failing lane sends one attempt every 250 ms, so the retries of 600 events wait in it for
    // longer, in all, than the five minutes a token has beyond the retry schedule (1 s, 10 s, 1 min, 10 min, 1 h).
    const time = simulatedTime();
    const upAt = time.now() + 30 * 60_000;
    const answered = new Map<number, number>();
    /** Per event (the token's `data`), the `iat` of each token sent; and the least time to `exp` one was sent with. */
    const issued = new Map<string, Set<number>>();
    let leastLifeSeconds = Number.POSITIVE_INFINITY;
    const s = setup({
      now: time.now,
      webhookTimers: time,
      answer: async (request, route) => {
        const claims = decode(await request.clone().text());
        leastLifeSeconds = Math.min(leastLifeSeconds, claims.exp - time.now() / 1000);
        issued.set(claims.data, (issued.get(claims.data) ?? new Set()).add(claims.iat));
        if (time.now() < upAt) return new Response('down', { status: 503 });
        const response = await route(request);
        answered.set(response.status, (answered.get(response.status) ?? 0) + 1);
        return response;
      },
    });
    await s.subscribe({ events: ['wix.headless.v1.redirect_session_created'] });
    const { client } = await s.visitor();
    const made: string[] = [];
    for (let i = 0; i < 600; i++) {
      const { redirectSession } = await createRedirectSession(client, {
        storesProduct: { productSlug: 'stoneware-mug' },
      });
      made.push(redirectSession.id as string);
    }
    const webhooks = s.sandbox.context.webhooks;
    while (webhooks.pendingDeliveries > 0) {
      await webhooks.idle();
      if (webhooks.pendingDeliveries > 0 && !time.runNext()) throw new Error('deliveries left, no timer');
    }
    expect(time.now()).toBeGreaterThan(upAt);
    // Every event accepted once, by a receiver that verified it at the (simulated) time it came; none refused.
    expect(Object.fromEntries(answered)).toEqual({ 200: made.length });
    const accepted = s.receiver.of('redirectSession.created').map((e) => e.redirectSession.id);
    expect(accepted.sort()).toEqual(made.sort());
    expect(webhooks.attempts().filter((a) => a.outcome === 'failed')).toEqual([]);
    // A token that waited too long was signed again, the same event in it; none was sent with under 5 minutes left.
    expect(issued.size).toBe(made.length);
    expect([...issued.values()].some((iats) => iats.size > 1)).toBe(true);
    expect(leastLifeSeconds).toBeGreaterThanOrEqual(300);
  }, 30_000);

  it('the merchant API key is an elevated identity: the events name the site owner', async () => {
    const s = setup();
    await s.subscribe();
    const merchant = s.client(apiKeyAuth(s.sandbox.context.apiKey));
    await createCollection(merchant, { name: 'Owner picks' });
    const event = await s.receiver.next('collection.created');
    expect(event.metadata.identity).toEqual({
      identityType: 'WIX_USER',
      wixUserId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
  });
});
