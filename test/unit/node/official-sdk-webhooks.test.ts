/**
 * The platform's own JavaScript SDK receives the sandbox's webhooks (issue 27): `AppStrategy` with the sandbox's
 * public key, `webhooks.process` on each delivered body, and the event handlers of @wix/ecom (cart), @wix/members,
 * @wix/redirects and @wix/stores (products, collections, variants) each handed the right entity. If the sandbox
 * signed, shaped or named its events only as our receiver reads them, this would fail.
 */

import { cart } from '@wix/ecom';
import { members } from '@wix/members';
import { redirects } from '@wix/redirects';
import { AppStrategy, createClient } from '@wix/sdk';
import { products } from '@wix/stores';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  addToCurrentCart,
  approveMember,
  blockMember,
  createMember,
  createRedirectSession,
  deleteCurrentCart,
  deleteMember,
  storeLineItem,
  updateCurrentCartLineItemQuantity,
} from '../../../src/api/index';
import { catalogueChanges, forgeToken, testKeys, webhookSandbox } from '../../helpers/webhooks';

const APP_ID = 'storefront-test-app';
const TEE = 'c8539b66-7a44-fe18-affc-afec4be8562a';
const keys = testKeys();

/** What the SDK hands a handler: `{entity, metadata}` (domain events) or `{data, metadata}` (legacy ones). */
// biome-ignore lint/suspicious/noExplicitAny: the SDK's envelopes, read field by field
type Envelope = { entity?: any; data?: any; metadata?: any };

let h: ReturnType<typeof webhookSandbox> | undefined;
afterEach(() => h?.sandbox.context.webhooks.clear());

/** The official SDK as an app's server uses it, with a handler for each of SPEC.md 7's events noting what it got. */
function officialReceiver() {
  const wix = createClient({
    auth: AppStrategy({ appId: APP_ID, publicKey: keys.publicPem }),
    modules: { cart, members, redirects, products },
  });
  const got: Array<{ handler: string; event: Envelope }> = [];
  const note = (handler: string) => (event: unknown) => {
    got.push({ handler, event: event as Envelope });
  };
  wix.cart.onCartCreated(note('cart.onCartCreated'));
  wix.cart.onCartUpdated(note('cart.onCartUpdated'));
  wix.cart.onCartDeleted(note('cart.onCartDeleted'));
  wix.members.onMemberCreated(note('members.onMemberCreated'));
  wix.members.onMemberUpdated(note('members.onMemberUpdated'));
  wix.members.onMemberDeleted(note('members.onMemberDeleted'));
  wix.redirects.onRedirectSessionCreated(note('redirects.onRedirectSessionCreated'));
  wix.products.onProductCreated(note('products.onProductCreated'));
  wix.products.onProductChanged(note('products.onProductChanged'));
  wix.products.onProductDeleted(note('products.onProductDeleted'));
  wix.products.onProductCollectionCreated(note('products.onProductCollectionCreated'));
  wix.products.onProductCollectionChanged(note('products.onProductCollectionChanged'));
  wix.products.onProductCollectionDeleted(note('products.onProductCollectionDeleted'));
  wix.products.onProductVariantsChanged(note('products.onProductVariantsChanged'));
  return { wix, got };
}

describe("the official SDK's webhook processing accepts the sandbox's deliveries", () => {
  it('hands each handler the right entity, for every event kind of SPEC.md 7', async () => {
    const bodies: string[] = [];
    const s = webhookSandbox(keys, {
      appId: APP_ID,
      answer: async (request) => {
        bodies.push(await request.text());
        return new Response(null, { status: 200 });
      },
    });
    h = s;
    await s.subscribe();

    // Carts: a visitor's add, a quantity change and the delete.
    const { client } = await s.visitor();
    const { cart: made } = await addToCurrentCart(client, {
      lineItems: [storeLineItem(s.productId('stoneware-mug'), 1)],
    });
    await updateCurrentCartLineItemQuantity(client, [{ id: made.lineItems?.[0]?.id as string, quantity: 2 }]);
    await deleteCurrentCart(client);
    // Members: the merchant creates, blocks, approves and deletes one. (A member the merchant creates is
    // approved already: approving her at once would change nothing but, at most, the time of the change.)
    const merchant = s.merchant();
    const { member } = await createMember(merchant, { loginEmail: 'sdk@example.com' });
    await blockMember(merchant, member.id as string);
    await approveMember(merchant, member.id as string);
    await deleteMember(merchant, member.id as string);
    // A redirect session, and the catalogue.
    const { redirectSession } = await createRedirectSession(client, {
      storesProduct: { productSlug: 'stoneware-mug' },
    });
    const { product, collection } = await catalogueChanges(merchant, {
      product: 'SDK Mug',
      collection: 'SDK picks',
    });
    await vi.waitFor(() => expect(s.sandbox.context.webhooks.pendingDeliveries).toBe(0), { timeout: 5_000 });

    const { wix, got } = officialReceiver();
    for (const body of bodies) await wix.webhooks.process(body);
    const first = (handler: string): Envelope => {
      const found = got.find((g) => g.handler === handler);
      if (!found) throw new Error(`${handler} was not called`);
      return found.event;
    };
    const entityId = (handler: string) => first(handler).entity?._id;

    expect(entityId('cart.onCartCreated')).toBe(made.id);
    expect(entityId('cart.onCartUpdated')).toBe(made.id);
    expect(first('cart.onCartUpdated').entity.lineItems[0].quantity).toBe(2);
    expect(first('cart.onCartDeleted').metadata.entityId).toBe(made.id);
    expect(entityId('members.onMemberCreated')).toBe(member.id);
    expect(first('members.onMemberCreated').entity.loginEmail).toBe('sdk@example.com');
    expect(entityId('members.onMemberUpdated')).toBe(member.id);
    expect(first('members.onMemberDeleted').metadata.entityId).toBe(member.id);
    expect(entityId('redirects.onRedirectSessionCreated')).toBe(redirectSession.id);
    expect(first('redirects.onRedirectSessionCreated').entity.fullUrl).toBe(redirectSession.fullUrl);
    expect(first('products.onProductCreated').data).toMatchObject({
      productId: product.id,
      name: 'SDK Mug',
    });
    expect(
      got.filter((g) => g.handler === 'products.onProductChanged').map((g) => g.event.data),
    ).toContainEqual(
      expect.objectContaining({ productId: product.id, changedFields: expect.arrayContaining(['name']) }),
    );
    expect(first('products.onProductDeleted').data).toMatchObject({ productId: product.id });
    expect(
      got.filter((g) => g.handler === 'products.onProductVariantsChanged').map((g) => g.event.data),
    ).toContainEqual(expect.objectContaining({ productId: TEE }));
    expect(first('products.onProductCollectionCreated').data).toMatchObject({
      collectionId: collection.id,
      name: 'SDK picks',
    });
    expect(
      got.filter((g) => g.handler === 'products.onProductCollectionChanged').map((g) => g.event.data),
    ).toContainEqual(expect.objectContaining({ collectionId: collection.id, changedFields: ['name'] }));
    expect(first('products.onProductCollectionDeleted').data).toMatchObject({ collectionId: collection.id });

    // Every handler got its events with the envelope's metadata: the app instance and the caller.
    expect(new Set(got.map((g) => g.handler)).size).toBe(14);
    expect(first('cart.onCartCreated').metadata).toMatchObject({
      instanceId: expect.any(String),
      identity: { identityType: 'ANONYMOUS_VISITOR' },
      _id: expect.any(String),
      slug: 'created',
    });
  });

  it('refuses a body signed with another key, as it should', async () => {
    const other = testKeys();
    const { wix, got } = officialReceiver();
    const claims = {
      data: JSON.stringify({ eventType: 'wix.ecom.v1.cart_deleted', instanceId: 'i', data: '{}' }),
    };
    const now = Math.floor(Date.now() / 1000);
    const forged = forgeToken(
      { ...claims, iat: now, exp: now + 60, iss: 'wix.com', aud: APP_ID },
      { key: other.privateKey },
    );
    await expect(wix.webhooks.process(forged)).rejects.toThrow();
    expect(got).toEqual([]);
  });
});
