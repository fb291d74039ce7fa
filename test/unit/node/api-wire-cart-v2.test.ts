import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as api from '../../../src/api/index';
import { type ApiClient, createApiClient } from '../../../src/api/index';
import { cannedFetch, type SentRequest } from '../../helpers/api';

/**
 * Every Cart V2 call of our client, made with the arguments of the official SDK's recording, puts the same
 * request on the wire (../shared/wire/requests.v2.jsonl): method, path, no query, body, Content-Type only
 * with a body, the raw Authorization. The answers are canned; behaviour is tested against the sandbox.
 */
interface RecordedV2 {
  op: string;
  host: string;
  method: string;
  path: string;
  query: string;
  headers: Record<string, string>;
  body: unknown;
}

const read = (file: string): RecordedV2[] =>
  readFileSync(resolve(import.meta.dirname, `../../fixtures/${file}`), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as RecordedV2);
const RECORDED = read('requests.v2.jsonl');
const EXTRAS = read('requests.v2.extras.jsonl');

const recorded = (op: string) => {
  const found = [...RECORDED, ...EXTRAS].find((r) => r.op === op);
  if (!found) throw new Error(`No recorded request "${op}"`);
  return found;
};

function stubClient(answer: () => Response = () => Response.json({ cart: { id: 'c' }, summary: {} })) {
  const sent: SentRequest[] = [];
  const client = createApiClient({
    apiBase: 'https://www.wixapis.com',
    auth: { getAuthorization: () => '<accessToken>' },
    fetch: cannedFetch(sent, answer),
  });
  return { client, sent };
}

const body = (op: string) => recorded(op).body as Record<string, never>;

type Call = (client: ApiClient) => Promise<unknown>;
const CALLS: Record<string, Call> = {
  'currentCartV2.createCurrentCart': (c) =>
    api.createCurrentCartV2(c, body('currentCartV2.createCurrentCart')),
  'currentCartV2.getCurrentCart': (c) => api.getCurrentCartV2(c),
  'currentCartV2.updateCurrentCart': (c) =>
    api.updateCurrentCartV2(c, (recorded('currentCartV2.updateCurrentCart').body as { cart: object }).cart),
  'currentCartV2.refreshCurrentCart': (c) => api.refreshCurrentCartV2(c),
  'currentCartV2.calculateCurrentCart': (c) => api.calculateCurrentCartV2(c, { refreshCart: true }),
  'currentCartV2.estimateCurrentCart': (c) =>
    api.estimateCurrentCartV2(c, {
      refreshCart: false,
      validationConfig: 'PRE_CHECKOUT_VALIDATIONS',
      calculateDelivery: true,
      calculateAdditionalFees: true,
      calculateTax: true,
      calculateGiftCards: false,
    }),
  'currentCartV2.addLineItemsToCurrentCart': (c) =>
    api.addLineItemsToCurrentCartV2(c, body('currentCartV2.addLineItemsToCurrentCart')),
  'currentCartV2.removeLineItemsFromCurrentCart': (c) =>
    api.removeLineItemsFromCurrentCartV2(c, [
      '11111111-1111-4111-8111-111111111111',
      '55555555-5555-4555-8555-555555555555',
    ]),
  'currentCartV2.updateLineItemsInCurrentCart': (c) =>
    api.updateLineItemsInCurrentCartV2(c, [
      { lineItemId: '11111111-1111-4111-8111-111111111111', quantity: { newQuantity: 3 } },
    ]),
  'currentCartV2.addCouponToCurrentCart': (c) => api.addCouponToCurrentCartV2(c, 'SUMMER10'),
  'currentCartV2.removeCouponFromCurrentCart': (c) =>
    api.removeCouponFromCurrentCartV2(c, '22222222-2222-4222-8222-222222222222'),
  'currentCartV2.setDeliveryMethodForCurrentCart': (c) =>
    api.setDeliveryMethodForCurrentCartV2(c, {
      code: 'standard',
      appId: '88888888-8888-4888-8888-888888888888',
    }),
  'currentCartV2.removeDeliveryMethodFromCurrentCart': (c) => api.removeDeliveryMethodFromCurrentCartV2(c),
  'currentCartV2.addGiftCardToCurrentCart': (c) =>
    api.addGiftCardToCurrentCartV2(c, { code: 'GIFT12345678', redeemAmount: { amount: '10.00' } }),
  'currentCartV2.removeGiftCardFromCurrentCart': (c) =>
    api.removeGiftCardFromCurrentCartV2(c, '66666666-6666-4666-8666-666666666666'),
  'currentCartV2.updateFormSubmissionsInCurrentCart': (c) =>
    api.updateFormSubmissionsInCurrentCartV2(c, [
      {
        id: '99999999-9999-4999-8999-999999999999',
        formSubmissionId: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
      },
    ]),
  'currentCartV2.getUpsellOptionsForCurrentCart': (c) => api.getUpsellOptionsForCurrentCartV2(c),
  'currentCartV2.deleteCurrentCart': (c) => api.deleteCurrentCartV2(c),
  'calculateCurrentCart() with no options': (c) => api.calculateCurrentCartV2(c),
  'estimateCurrentCart() with no options': (c) => api.estimateCurrentCartV2(c),
  'getCurrentCart -> 404 (no current cart)': (c) => api.getCurrentCartV2(c),
};

function expectSameRequest(mine: SentRequest, expected: RecordedV2) {
  expect({ method: mine.method, path: mine.path, query: mine.query }).toEqual({
    method: expected.method,
    path: expected.path,
    query: expected.query,
  });
  expect(mine.body).toEqual(expected.body);
  expect(mine.headers.get('content-type')).toBe(expected.headers['content-type'] ?? null);
  expect(mine.headers.get('authorization')).toBe(expected.headers.authorization);
}

describe('our Cart V2 client speaks the recorded wire protocol', () => {
  for (const [op, call] of Object.entries(CALLS)) {
    it(op, async () => {
      const { client, sent } = stubClient();
      await call(client);
      expect(sent).toHaveLength(1);
      expectSameRequest(sent[0] as SentRequest, recorded(op));
    });
  }

  it('covers every recorded V2 method', () => {
    expect(RECORDED.map((r) => r.op).filter((op) => !(op in CALLS))).toEqual([]);
  });

  it('echoes X-Wix-Consistent on the next call, as the SDK does (extras lines 5-6)', async () => {
    const { client, sent } = stubClient(() =>
      Response.json({ cart: {} }, { headers: { 'X-Wix-Consistent': 'consistent-token-v2' } }),
    );
    await api.getCurrentCartV2(client);
    await api.getCurrentCartV2(client);
    const expected = recorded('next call echoes X-Wix-Consistent');
    expect(sent[0]?.headers.get('x-wix-consistent')).toBeNull();
    expect(sent[1]?.headers.get('x-wix-consistent')).toBe(expected.headers['x-wix-consistent']);
  });

  it('types a 428 application error from its body (extras line 3)', async () => {
    const { client } = stubClient(() =>
      Response.json(
        {
          message: 'out of stock',
          details: {
            applicationError: {
              code: 'INSUFFICIENT_INVENTORY',
              description: 'out of stock',
              data: {
                invalidItems: [{ id: { lineItemId: 'l1' }, requestedQuantity: 50, availableQuantity: 3 }],
              },
            },
          },
        },
        { status: 428 },
      ),
    );
    const error = await api
      .addLineItemsToCurrentCartV2(client, body('addLineItemsToCurrentCart -> 428 INSUFFICIENT_INVENTORY'))
      .catch((e: unknown) => e);
    expect(api.isCartV2Error(error, 'INSUFFICIENT_INVENTORY')).toBe(true);
    expect(api.isCartV2Error(error, 'CART_ALREADY_ORDERED')).toBe(false);
    if (api.isCartV2Error(error, 'INSUFFICIENT_INVENTORY'))
      expect(error.applicationError.data?.invalidItems?.[0]?.availableQuantity).toBe(3);
    expect((error as { status: number }).status).toBe(428);
  });

  it('places the order and asks for the checkout page of a cart by id, the id in the path and the body', async () => {
    const { client, sent } = stubClient(() =>
      Response.json({ orderId: 'o1', checkoutUrl: 'https://www.wix.com/checkout?cartId=cart-2' }),
    );
    await api.placeOrderFromCartV2(client, 'cart/1', { priceVerificationToken: 'pvt' });
    await api.getCheckoutUrlForCartV2(client, 'cart-2', { currencyCode: 'EUR' });
    expect(sent.map((s) => [s.method, s.path, s.body])).toEqual([
      ['POST', '/ecom/v2/carts/cart%2F1/place-order', { cartId: 'cart/1', priceVerificationToken: 'pvt' }],
      ['POST', '/ecom/v2/carts/cart-2/get-checkout-url', { cartId: 'cart-2', currencyCode: 'EUR' }],
    ]);
  });
});
