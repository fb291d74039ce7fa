/**
 * The platform's own SDK for Cart V2 (`currentCartV2` and `cartV2` of @wix/ecom) run against the sandbox,
 * through every method, and a v1 cart (the SDK's `currentCart`) read and changed through V2 and back.
 * As in official-sdk.test.ts, this file alone routes the global `fetch` (the SDK's hosts are hard-coded) to
 * the in-process sandbox.
 */

import { cartV2, currentCart, currentCartV2 } from '@wix/ecom';
import { createClient, OAuthStrategy } from '@wix/sdk';
import { describe, expect, it } from 'vitest';
import { STORES_APP_ID } from '../../../src/api/index';
import { officialSdkSandbox } from '../../helpers/official-sdk';

const TEE = 'c8539b66-7a44-fe18-affc-afec4be8562a';
const PINS = '305a84b8-aa56-4d18-acbe-b8caca228527';
const MUG = 'dace0cad-7e1d-4340-ac45-39a68ab5e3c8';

const sdk = officialSdkSandbox();

async function visitorClient() {
  const wix = createClient({
    modules: { currentCartV2, cartV2, currentCart },
    auth: OAuthStrategy({ clientId: 'demo-client' }),
  });
  wix.auth.setTokens(await wix.auth.generateVisitorTokens());
  return wix;
}

const ADDRESS = {
  country: 'US',
  subdivision: 'US-NY',
  city: 'New York',
  postalCode: '10001',
  addressLine1: '5th Ave 1',
};

describe('the official Cart V2 SDK against the sandbox', () => {
  it('drives every current-cart method, then places the order through cartV2', async () => {
    const wix = await visitorClient();
    const v2 = wix.currentCartV2;
    await expect(v2.getCurrentCart()).rejects.toMatchObject({
      details: { applicationError: { code: 'OWNED_CART_NOT_FOUND' } },
    });

    const created = await v2.createCurrentCart({
      cart: { note: 'Gift', deliveryInfo: { address: ADDRESS }, customerInfo: { email: 'sdk@example.com' } },
      catalogItems: [
        {
          catalogReference: {
            appId: STORES_APP_ID,
            catalogItemId: TEE,
            options: { options: { Size: 'Medium', Color: 'Black' } },
          },
          quantity: 2,
        },
      ],
      customItems: [
        {
          name: { original: 'Gift wrap' },
          quantityInfo: { requestedQuantity: 1 },
          pricing: { price: { amount: '5' } },
          attributes: {
            itemType: { custom: 'gift-wrap' },
            image: 'wix:image://v1/abc123~mv2.jpg/wrap.jpg#originWidth=600&originHeight=800',
            url: 'https://shop.example.com/gift-wrap',
            physicalProperties: { shippable: false },
          },
        },
      ],
      coupons: [{ code: 'SAVE10' }],
      deliveryMethod: { code: 'standard' },
    });
    const cart = created.cart as NonNullable<typeof created.cart>;
    const lines = cart.lineItems ?? [];
    const coupons = cart.coupons ?? [];
    // The SDK's own transforms: `_id`, Date objects, the image URI and page URL decoded, the address renamed.
    expect(cart._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(cart._createdDate).toBeInstanceOf(Date);
    expect(lines[0]?.name?.original).toBe('Everyday Cotton Tee');
    expect(lines[0]?.attributes?.image).toBe(
      'https://sandbox.test/_sandbox/media/everyday-cotton-tee-black.svg',
    );
    expect(lines[1]?.attributes?.image).toBe(
      'wix:image://v1/abc123~mv2.jpg/wrap.jpg#originWidth=600&originHeight=800',
    );
    expect(lines[1]?.attributes?.url).toBe('https://shop.example.com/gift-wrap');
    expect(cart.deliveryInfo?.address?.addressLine1).toBe('5th Ave 1');
    expect(cart.deliveryInfo?.method).toMatchObject({ code: 'standard', pickup: false });
    expect(coupons[0]?.code).toBe('SAVE10');

    expect((await v2.getCurrentCart()).cart?._id).toBe(cart._id);
    const updated = await v2.updateCurrentCart({ _id: cart._id, note: 'Leave at the door' });
    expect(updated.cart?.note).toBe('Leave at the door');
    expect(updated.cart?.revision).toBe(String(Number(cart.revision) + 1));
    expect((await v2.refreshCurrentCart()).cart?._id).toBe(cart._id);

    const added = await v2.addLineItemsToCurrentCart({
      catalogItems: [{ catalogReference: { appId: STORES_APP_ID, catalogItemId: MUG }, quantity: 7 }],
    });
    const mug = added.cart?.lineItems?.find((l) => l.source?.catalogReference?.catalogItemId === MUG);
    expect(mug).toMatchObject({
      quantityInfo: { requestedQuantity: 7, confirmedQuantity: 5 },
      status: 'PARTIALLY_IN_STOCK',
    });
    const quantities = await v2.updateLineItemsInCurrentCart({
      lineItems: [{ lineItemId: mug?._id as string, quantity: { newQuantity: 2 } }],
    });
    expect(quantities.cart?.lineItems?.find((l) => l._id === mug?._id)?.quantityInfo?.confirmedQuantity).toBe(
      2,
    );
    const wrapId = lines[1]?._id as string;
    const fewer = await v2.removeLineItemsFromCurrentCart([wrapId]);
    expect(fewer.cart?.lineItems?.map((l) => l._id)).not.toContain(wrapId);

    const couponId = coupons[0]?._id as string;
    expect((await v2.removeCouponFromCurrentCart(couponId)).cart?.coupons).toEqual([]);
    expect((await v2.addCouponToCurrentCart({ code: 'TENOFF' })).cart?.coupons?.[0]?.code).toBe('TENOFF');
    expect((await v2.removeDeliveryMethodFromCurrentCart()).cart?.deliveryInfo?.method).toBeUndefined();
    expect(
      (await v2.setDeliveryMethodForCurrentCart({ code: 'express' })).cart?.deliveryInfo?.method?.code,
    ).toBe('express');
    const withCard = await v2.addGiftCardToCurrentCart({
      code: 'GIFT12345678',
      redeemAmount: { amount: '10' },
    });
    const cardId = withCard.cart?.paymentInfo?.giftCards?.[0]?._id as string;
    expect(cardId).toBeTruthy();
    expect((await v2.removeGiftCardFromCurrentCart(cardId)).cart?.paymentInfo?.giftCards).toEqual([]);
    await v2.addGiftCardToCurrentCart({ code: 'GIFT12345678', redeemAmount: { amount: '10' } });
    const forms = await v2.updateFormSubmissionsInCurrentCart({
      formSubmissions: [
        {
          _id: '99999999-9999-4999-8999-999999999999',
          formSubmissionId: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
        },
      ],
    });
    expect(forms.cart?._id).toBe(cart._id);
    const upsells = await (
      v2 as unknown as { getUpsellOptionsForCurrentCart(): Promise<{ itemsUpsells: unknown[] }> }
    ).getUpsellOptionsForCurrentCart();
    expect(upsells.itemsUpsells).toHaveLength(2);

    // 2 tees at 25 + 2 mugs at 18 = 86; TENOFF 10; express 15; the gift card pays 10.
    const estimate = await v2.estimateCurrentCart();
    expect(estimate.summary?.priceSummary).toMatchObject({
      subtotal: { amount: '86' },
      delivery: { amount: '0' },
      total: { amount: '76' },
    });
    const calculated = await v2.calculateCurrentCart({ refreshCart: true });
    expect(calculated.summary?.priceSummary).toMatchObject({
      discount: { amount: '10' },
      delivery: { amount: '15' },
      total: { amount: '91' },
    });
    expect(calculated.summary?.paymentSummary?.payNow?.amount).toBe('81');

    const { checkoutUrl } = await wix.cartV2.getCheckoutUrl(cart._id as string);
    expect(checkoutUrl).toMatch(/^https:\/\/sandbox\.test\/_hosted\/checkout\?session=/);
    const placed = await wix.cartV2.placeOrder(cart._id as string, {
      priceVerificationToken: calculated.summary?.priceVerificationToken as string,
    });
    expect(placed).toMatchObject({ completed: true, paymentGatewayOrderId: expect.any(String) });
    const ordered = await v2.getCurrentCart();
    expect(ordered.cart).toMatchObject({ orderPlaced: true, orderId: placed.orderId });
    await expect(v2.addCouponToCurrentCart({ code: 'SAVE10' })).rejects.toMatchObject({
      details: {
        applicationError: {
          code: 'CART_ALREADY_ORDERED',
          data: { cartId: cart._id, orderId: placed.orderId },
        },
      },
    });
    await v2.deleteCurrentCart();
    await expect(v2.getCurrentCart()).rejects.toMatchObject({
      details: { applicationError: { code: 'OWNED_CART_NOT_FOUND' } },
    });
    // All on the REST prefix of CART-V2.md 1.
    expect(sdk.seen.filter((p) => p.includes('/carts/')).every((p) => p.includes('/ecom/v2/carts/'))).toBe(
      true,
    );
  });

  it('reads a v1 cart through V2 and changes it back', async () => {
    const wix = await visitorClient();
    const v1Cart = await wix.currentCart.addToCurrentCart({
      lineItems: [{ catalogReference: { appId: STORES_APP_ID, catalogItemId: PINS }, quantity: 2 }],
    });
    await wix.currentCart.updateCurrentCart({ couponCode: 'SAVE10' });

    const { cart } = await wix.currentCartV2.getCurrentCart();
    expect(cart?._id).toBe(v1Cart.cart?._id);
    expect(cart?.lineItems?.[0]?._id).toBe(v1Cart.cart?.lineItems?.[0]?._id);
    expect(cart?.lineItems?.[0]?.quantityInfo?.confirmedQuantity).toBe(2);
    expect(cart?.coupons?.[0]?.code).toBe('SAVE10');

    await wix.currentCartV2.updateLineItemsInCurrentCart({
      lineItems: [{ lineItemId: cart?.lineItems?.[0]?._id as string, quantity: { newQuantity: 5 } }],
    });
    await wix.currentCartV2.removeCouponFromCurrentCart(cart?.coupons?.[0]?._id as string);
    const back = await wix.currentCart.getCurrentCart();
    expect(back._id).toBe(cart?._id);
    expect(back.lineItems?.[0]?.quantity).toBe(5);
    expect(back.appliedDiscounts).toEqual([]);
  });

  it('reports an item with no stock as the SDK types it: 428 INSUFFICIENT_INVENTORY with its items', async () => {
    const wix = await visitorClient();
    const tote = '68c2d64a-cc58-4672-a97b-0c64596fa015';
    await expect(
      wix.currentCartV2.addLineItemsToCurrentCart({
        catalogItems: [{ catalogReference: { appId: STORES_APP_ID, catalogItemId: tote }, quantity: 50 }],
      }),
    ).rejects.toMatchObject({
      details: {
        applicationError: {
          code: 'INSUFFICIENT_INVENTORY',
          data: {
            invalidItems: [
              {
                id: { catalogReference: { catalogItemId: tote } },
                requestedQuantity: 50,
                availableQuantity: 0,
              },
            ],
          },
        },
      },
    });
  });
});
