import { describe, expect, it } from 'vitest';
import * as api from '../../../src/api/index';
import { type ApiClient, createApiClient } from '../../../src/api/index';
import { expectSameWire, RECORDED, recorded, type WireRequest } from '../../helpers/api';

/**
 * Every storefront and merchant call, made with the arguments of the official client's recording, must put
 * the same request on the wire (../shared/wire/requests.jsonl): method, path, query (`.r` decoded) and body.
 * The answers here are canned; behaviour is tested against the sandbox elsewhere.
 */
const CANNED = {
  cart: { id: 'cart-1' },
  member: { id: 'member-1' },
  members: [],
  product: { id: 'product-1' },
  products: [],
  collection: { id: 'collection-1' },
  collections: [],
  variants: [],
  variant: { id: 'v' },
  results: [],
  redirectSession: { id: 'rs', fullUrl: 'https://example.com' },
  checkoutId: 'checkout-1',
  metadata: { count: 10, offset: 0, total: 30 },
};

function stubClient() {
  const wire: WireRequest[] = [];
  const client = createApiClient({
    apiBase: 'https://www.wixapis.com',
    auth: { getAuthorization: () => '<accessToken>' },
    fetch: async (input, init) => {
      const request = new Request(input as RequestInfo, init);
      const url = new URL(request.url);
      const text = await request.text();
      const query = url.search.replace(/^\?/, '');
      const dotR = new URLSearchParams(query).get('.r');
      wire.push({
        method: request.method,
        path: url.pathname,
        query,
        ...(dotR ? { queryDotR: JSON.parse(Buffer.from(dotR, 'base64url').toString('utf8')) } : {}),
        authorization: request.headers.get('authorization') ?? 'none',
        ...(request.headers.get('content-type')
          ? { contentType: request.headers.get('content-type') as string }
          : {}),
        headers: request.headers,
        ...(text ? { body: JSON.parse(text) } : {}),
      });
      return new Response(JSON.stringify(CANNED), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    },
  });
  return { client, wire };
}

const M = '3f1a2b4c-5d6e-4f70-8a9b-0c1d2e3f4a5b';
const M2 = '7e8f9a0b-1c2d-4e3f-9a5b-6c7d8e9f0a1b';
const P = 'c8539b66-7a44-fe18-affc-afec4be8562a';
const P2 = '1a2b3c4d-0000-4000-8000-000000000002';
const C = '00000000-000000-000000-000000000001';

type Call = (client: ApiClient) => Promise<unknown>;

const CALLS: Record<string, Call> = {
  'currentCart.getCurrentCart': (c) => api.getCurrentCart(c),
  'currentCart.updateCurrentCart': (c) =>
    api.updateCurrentCart(c, {
      cartInfo: {
        buyerNote: 'Gift wrap please',
        contactInfo: {
          address: { city: 'Springfield', country: 'US', postalCode: '12345', addressLine: '1 Main St' },
        },
      },
      couponCode: 'SUMMER10',
    }),
  'currentCart.addToCurrentCart': (c) =>
    api.addToCurrentCart(c, {
      lineItems: [
        api.storeLineItem(P, 2, {
          variantId: '00000000-0000-0000-0000-000000000000',
          options: { Size: 'M' },
        } as never),
      ],
    }),
  'currentCart.removeLineItemsFromCurrentCart': (c) =>
    api.removeLineItemsFromCurrentCart(c, ['li-1', 'li-2']),
  'currentCart.updateCurrentCartLineItemQuantity': (c) =>
    api.updateCurrentCartLineItemQuantity(c, [{ id: 'li-1', quantity: 3 }]),
  'currentCart.removeCouponFromCurrentCart': (c) => api.removeCouponFromCurrentCart(c),
  'currentCart.estimateCurrentCartTotals': (c) =>
    api.estimateCurrentCartTotals(c, {
      selectedShippingOption: { code: 'standard' },
      shippingAddress: {
        city: 'New York',
        subdivision: 'US-NY',
        country: 'US',
        postalCode: '10001',
        addressLine: '5th Ave 1',
      },
    }),
  'currentCart.createCheckoutFromCurrentCart': (c) =>
    api.createCheckoutFromCurrentCart(c, { channelType: 'WEB', email: 'jane@example.com' }),
  'currentCart.deleteCurrentCart': (c) => api.deleteCurrentCart(c),
  'members.getCurrentMember({fieldsets:[FULL]})': (c) => api.getCurrentMember(c, { fieldsets: ['FULL'] }),
  'members.getCurrentMember()': (c) => api.getCurrentMember(c),
  'members.getMember': (c) => api.getMember(c, M, { fieldsets: ['PUBLIC', 'EXTENDED'] }),
  'members.listMembers': (c) =>
    api.listMembers(c, {
      paging: { limit: 10, offset: 20 },
      fieldsets: ['PUBLIC'],
      sorting: [{ fieldName: 'profile.nickname', order: 'ASC' }],
    }),
  'members.queryMembers(builder).find': (c) =>
    api
      .queryMembers(c, { fieldsets: ['FULL'] })
      .eq('loginEmail', 'jane@example.com')
      .ne('id', M2)
      .ascending('createdDate')
      .limit(10)
      .find(),
  'members.queryMembers(builder).next': async (c) => {
    const page = await api
      .queryMembers(c, { fieldsets: ['FULL'] })
      .eq('loginEmail', 'jane@example.com')
      .ne('id', M2)
      .ascending('createdDate')
      .limit(10)
      .find();
    return page.next();
  },
  'members.updateCurrentMemberSlug': (c) => api.updateCurrentMemberSlug(c, 'jane-doe'),
  'members.updateMemberSlug': (c) => api.updateMemberSlug(c, M, 'jane-doe'),
  'members.joinCommunity': (c) => api.joinCommunity(c),
  'members.leaveCommunity': (c) => api.leaveCommunity(c),
  'members.muteMember': (c) => api.muteMember(c, M),
  'members.unmuteMember': (c) => api.unmuteMember(c, M),
  'members.approveMember': (c) => api.approveMember(c, M),
  'members.blockMember': (c) => api.blockMember(c, M),
  'members.disconnectMember': (c) => api.disconnectMember(c, M),
  'members.deleteMember': (c) => api.deleteMember(c, M),
  'members.deleteMyMember': (c) => api.deleteMyMember(c, { contentAssigneeId: M2 }),
  'members.bulkDeleteMembers': (c) => api.bulkDeleteMembers(c, [M, M2]),
  'members.bulkDeleteMembersByFilter': (c) =>
    api.bulkDeleteMembersByFilter(c, {
      filter: { status: 'BLOCKED' },
      contentAssigneeId: M2,
      search: { expression: 'spam' },
    }),
  'members.bulkApproveMembers': (c) => api.bulkApproveMembers(c, { status: 'PENDING' }),
  'members.bulkBlockMembers': (c) => api.bulkBlockMembers(c, { id: { $in: [M] } }),
  'members.createMember': (c) =>
    api.createMember(c, {
      loginEmail: 'new@example.com',
      profile: { nickname: 'Newbie' },
      contact: {
        firstName: 'New',
        lastName: 'User',
        birthdate: '1990-01-01',
        addresses: [{ addressLine: '1 Main St', city: 'Springfield', country: 'US' }],
      },
    }),
  'members.updateMember': (c) =>
    api.updateMember(c, M, {
      profile: { nickname: 'J' },
      lastLoginDate: '2024-06-01T12:00:00.000Z',
      createdDate: '2024-01-01T00:00:00.000Z',
    }),
  'members.deleteMemberPhones': (c) => api.deleteMemberPhones(c, M),
  'members.deleteMemberEmails': (c) => api.deleteMemberEmails(c, M),
  'members.deleteMemberAddresses': (c) => api.deleteMemberAddresses(c, M),
  'products.getProduct': (c) => api.getProduct(c, P, { includeMerchantSpecificData: true }),
  'products.queryProducts(builder).find': (c) =>
    api
      .queryProducts(c)
      .eq('collectionIds', C)
      .hasSome('productType', ['physical'])
      .gt('price', 5)
      .ascending('name')
      .limit(5)
      .skip(10)
      .find(),
  'products.queryProducts(typed)': (c) => api.queryProducts(c).startsWith('name', 'Tee').limit(2).find(),
  'products.queryProducts(builder, >4000 chars -> fallback)': (c) => {
    const ids = (
      recorded('products.queryProducts(builder, >4000 chars -> fallback)').body as {
        query: { filter: { id: { $in: string[] } } };
      }
    ).query.filter.id.$in;
    const paging = (
      recorded('products.queryProducts(builder, >4000 chars -> fallback)').body as {
        query: { paging: { limit: number; offset: number } };
      }
    ).query.paging;
    return api.queryProducts(c).in('id', ids).limit(paging.limit).skip(paging.offset).find();
  },
  'products.createProduct': (c) =>
    api.createProduct(c, {
      name: 'Tee',
      productType: 'physical',
      priceData: { price: 19.99 },
      description: 'Soft cotton tee',
      sku: 'TEE-1',
      visible: true,
      weight: 0.2,
      productOptions: [{ name: 'Size', choices: [{ value: 'M', description: 'Medium' }] }],
    }),
  'products.updateProduct': (c) => api.updateProduct(c, P, { name: 'Tee v2', priceData: { price: 24.5 } }),
  'products.deleteProduct': (c) => api.deleteProduct(c, P),
  'products.updateProductVariants': (c) =>
    api.updateProductVariants(c, P, [{ choices: { Size: 'M' }, price: 21, visible: true }]),
  'products.resetAllProductVariantData': (c) => api.resetAllProductVariantData(c, P),
  'products.addProductsToCollection': (c) => api.addProductsToCollection(c, C, [P, P2]),
  'products.removeProductsFromCollection': (c) => api.removeProductsFromCollection(c, C, [P]),
  'products.addProductMedia': (c) =>
    api.addProductMedia(c, P, [
      { url: 'https://static.wixstatic.com/media/abc.jpg', choice: { option: 'Color', choice: 'Red' } },
    ]),
  'products.removeProductMedia': (c) => api.removeProductMedia(c, P, ['media-1']),
  'products.addProductMediaToChoices': (c) =>
    api.addProductMediaToChoices(c, P, [{ option: 'Color', choice: 'Red', mediaIds: ['media-1'] }]),
  'products.removeProductMediaFromChoices': (c) =>
    api.removeProductMediaFromChoices(c, P, [{ option: 'Color', choice: 'Red', mediaIds: ['media-1'] }]),
  'products.deleteProductOptions': (c) => api.deleteProductOptions(c, P),
  'products.removeBrand': (c) => api.removeBrand(c, P),
  'products.removeRibbon': (c) => api.removeRibbon(c, P),
  'products.createCollection': (c) =>
    api.createCollection(c, { name: 'Summer', description: 'Summer picks', slug: 'summer' }),
  'products.updateCollection': (c) => api.updateCollection(c, C, { name: 'Summer 24', visible: true }),
  'products.deleteCollection': (c) => api.deleteCollection(c, C),
  'products.getCollectionBySlug': (c) => api.getCollectionBySlugV1(c, 'summer'),
  'products.bulkUpdateProductsProperty': (c) => api.bulkUpdateProductsProperty(c, [P, P2], { price: 10 }),
  'products.bulkAdjustProductProperty': (c) =>
    api.bulkAdjustProductProperty(c, [P], { price: { percentage: 10 } }),
  'products.getProductOptionsAvailability': (c) =>
    api.getProductOptionsAvailability(c, P, { Size: 'M', Color: 'Red' }),
  'products.queryProductVariants': (c) =>
    api.queryProductVariants(c, P, { choices: { Size: 'M' }, paging: { limit: 10, offset: 0 } }),
  'products.queryStoreVariants': (c) =>
    api.queryStoreVariants(c, { filter: { productId: P }, paging: { limit: 10 } }),
  'products.getStoreVariant': (c) => api.getStoreVariant(c, `${P}-00000000-0000-0000-0000-000000000000`),
  'collections.getCollection': (c) => api.getCollection(c, C),
  'collections.getCollectionBySlug': (c) => api.getCollectionBySlug(c, 'summer'),
  'collections.queryCollections(builder).find': (c) =>
    api.queryCollections(c).eq('name', 'Summer').limit(10).find(),
  'redirects.createRedirectSession(login)': (c) =>
    api.createRedirectSession(c, {
      login: {},
      callbacks: { postFlowUrl: 'https://shop.example.com/account' },
    }),
  'redirects.createRedirectSession(logout)': (c) =>
    api.createRedirectSession(c, {
      logout: { clientId: 'test-client' },
      callbacks: { postFlowUrl: 'https://shop.example.com/' },
    }),
  'redirects.createRedirectSession(ecomCheckout)': (c) =>
    api.createRedirectSession(c, {
      ecomCheckout: { checkoutId: 'checkout-1' },
      callbacks: {
        postFlowUrl: 'https://shop.example.com/',
        thankYouPageUrl: 'https://shop.example.com/thanks',
        cartPageUrl: 'https://shop.example.com/cart',
      },
    }),
  'redirects.createRedirectSession(auth)': (c) =>
    api.createRedirectSession(c, {
      auth: {
        authRequest: {
          clientId: 'test-client',
          redirectUri: 'https://shop.example.com/callback',
          responseType: 'code',
          responseMode: 'fragment',
          scope: 'offline_access',
          state: 'xyz',
          codeChallenge: 'abc',
          codeChallengeMethod: 'S256',
        },
        prompt: 'login',
      },
    }),
};

describe('our client speaks the recorded wire protocol', () => {
  for (const [op, call] of Object.entries(CALLS)) {
    it(op, async () => {
      const { client, wire } = stubClient();
      await call(client);
      const mine = wire[wire.length - 1] as WireRequest;
      expectSameWire(mine, recorded(op), expect);
      expect(mine.authorization).toBe('<accessToken>');
    });
  }

  it('covers every recorded storefront and merchant call (identity and token calls come with the session layer)', () => {
    const storefrontOps = RECORDED.map((r) => r.op).filter((op) =>
      /^(currentCart|members|products|collections|redirects)\./.test(op),
    );
    const missing = storefrontOps.filter(
      (op) =>
        !(op in CALLS) &&
        op !== 'members.queryMembers(typed)' &&
        op !== 'members.getCurrentMember (as member)',
    );
    expect(missing).toEqual([]);
  });

  it('members.queryMembers(typed): search and fieldsets beside the query', async () => {
    const { client, wire } = stubClient();
    await api
      .queryMembers(client, {
        fieldsets: ['FULL'],
        search: { expression: 'jane', fields: ['profile.nickname'] },
      })
      .startsWith('profile.nickname', 'Ja')
      .descending('createdDate')
      .limit(5)
      .find();
    const expected = recorded('members.queryMembers(typed)').body as { query: Record<string, unknown> };
    const body = wire[0]?.body as { query: Record<string, unknown>; fieldsets: unknown; search: unknown };
    expect(body.fieldsets).toEqual(['FULL']);
    expect(body.search).toEqual({ expression: 'jane', fields: ['profile.nickname'] });
    expect(body.query.filter).toEqual(expected.query.filter);
    expect(body.query.paging).toEqual(expected.query.paging);
    // The official typed query says `sorting`; the builder says `sort`; the platform takes both (WIRE.md 5).
    expect(body.query.sort).toEqual(expected.query.sorting);
  });
});
