import { describe, expect, it } from 'vitest';
import {
  addCouponToCurrentCartV2,
  addGiftCardToCurrentCartV2,
  addLineItemsToCurrentCartV2,
  addToCurrentCart,
  type CartV2ErrorCode,
  type CustomItemInput,
  calculateCurrentCartV2,
  createCurrentCartV2,
  deleteCurrentCartV2,
  estimateCurrentCartTotals,
  estimateCurrentCartV2,
  getCheckoutUrlForCartV2,
  getCurrentCart,
  getCurrentCartV2,
  getUpsellOptionsForCurrentCartV2,
  isCartV2Error,
  isValidationError,
  placeOrderFromCartV2,
  refreshCurrentCartV2,
  removeCouponFromCurrentCartV2,
  removeDeliveryMethodFromCurrentCartV2,
  removeGiftCardFromCurrentCartV2,
  removeLineItemsFromCurrentCartV2,
  setDeliveryMethodForCurrentCartV2,
  storeCatalogItem,
  storeLineItem,
  updateCurrentCart,
  updateCurrentCartLineItemQuantity,
  updateCurrentCartV2,
  updateFormSubmissionsInCurrentCartV2,
  updateLineItemsInCurrentCartV2,
} from '../../../src/api/index';
import { apiHarness, NY } from '../../helpers/api';

const TEE = 'c8539b66-7a44-fe18-affc-afec4be8562a';
type Harness = ReturnType<typeof apiHarness>;

async function rejection(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error as {
      status: number;
      code: string;
      message: string;
      violations: Array<{ field: string; violatedRule: string }>;
      applicationError?: { code: string; data?: Record<string, unknown> };
    };
  }
  throw new Error('expected the call to fail');
}

const giftWrap = (extra: Partial<CustomItemInput> = {}): CustomItemInput => ({
  name: { original: 'Gift wrap' },
  quantityInfo: { requestedQuantity: 1 },
  pricing: { price: { amount: '5' } },
  attributes: { itemType: { custom: 'gift-wrap' }, physicalProperties: { shippable: false } },
  ...extra,
});

describe('Cart V2 current cart: our client against the sandbox', () => {
  it('is a 404 until an add creates it; lines are nested, priced in decimal strings, with stock status', async () => {
    const h = apiHarness();
    const { client } = await h.visitor();
    const missing = await rejection(getCurrentCartV2(client));
    expect(missing).toMatchObject({ status: 404, code: 'OWNED_CART_NOT_FOUND' });

    const mug = h.productId('stoneware-mug');
    const { cart } = await addLineItemsToCurrentCartV2(client, {
      catalogItems: [
        storeCatalogItem(TEE, 2, { options: { Size: 'Extra large', Color: 'Navy' } }),
        storeCatalogItem(mug, 7),
      ],
    });
    expect(cart.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(cart.revision).toBe('1');
    const [tee, mugLine] = cart.lineItems ?? [];
    expect(tee).toMatchObject({
      name: { original: 'Everyday Cotton Tee' },
      quantityInfo: {
        requestedQuantity: 2,
        confirmedQuantity: 2,
        availableQuantity: 25,
        fixedQuantity: false,
      },
      pricing: { unitPrice: { amount: '27', convertedAmount: '27' }, totalPrice: { amount: '54' } },
      source: {
        catalogReference: {
          catalogItemId: TEE,
          options: { options: { Size: 'Extra large', Color: 'Navy' } },
        },
      },
      attributes: {
        image: { url: 'https://sandbox.test/_sandbox/media/everyday-cotton-tee-navy.svg' },
        itemType: { preset: 'PHYSICAL' },
      },
      status: 'IN_STOCK',
      customLineItem: false,
    });
    expect(tee?.attributes?.descriptionLines?.[1]).toEqual({
      name: { original: 'Color', translated: 'Color' },
      colorInfo: { original: 'Navy', translated: 'Navy', code: '#1F2A44' },
    });
    expect(JSON.stringify(cart)).not.toContain('formattedAmount');
    // More than the stock: asked 7, 5 confirmed.
    expect(mugLine).toMatchObject({
      quantityInfo: { requestedQuantity: 7, confirmedQuantity: 5, availableQuantity: 5 },
      pricing: { totalPrice: { amount: '90' } },
      status: 'PARTIALLY_IN_STOCK',
    });
    expect(cart.subtotal).toEqual({ amount: '144', convertedAmount: '144' });

    const updated = await updateLineItemsInCurrentCartV2(client, [
      { lineItemId: mugLine?.id as string, quantity: { newQuantity: 3 } },
    ]);
    expect(updated.cart.lineItems?.[1]).toMatchObject({
      quantityInfo: { requestedQuantity: 3, confirmedQuantity: 3 },
      status: 'IN_STOCK',
    });
    expect(updated.cart.revision).toBe('2');
    const removed = await removeLineItemsFromCurrentCartV2(client, [mugLine?.id as string]);
    expect(removed.cart.lineItems?.map((l) => l.id)).toEqual([tee?.id]);
    expect(removed.cart.revision).toBe('3');
    const refreshed = await refreshCurrentCartV2(client);
    expect(refreshed.cart.revision).toBe('3');
    expect((await getCurrentCartV2(client)).cart).toEqual(refreshed.cart);

    await deleteCurrentCartV2(client);
    expect((await rejection(getCurrentCartV2(client))).status).toBe(404);
  });

  it('takes custom items with their image, page URL, modifiers and fixed quantity', async () => {
    const h = apiHarness();
    const { client } = await h.visitor();
    const { cart } = await addLineItemsToCurrentCartV2(client, {
      customItems: [
        giftWrap({
          quantityInfo: { requestedQuantity: 2, fixedQuantity: true },
          attributes: {
            itemType: { custom: 'gift-wrap' },
            image: {
              id: 'abc~mv2.jpg',
              url: 'https://static.wixstatic.com/media/wrap.jpg',
              width: 6,
              height: 8,
            },
            url: { relativePath: '/wrap', url: 'https://shop.example.com/wrap' },
            physicalProperties: { shippable: false },
          },
          modifierGroups: [
            {
              id: 'ribbon',
              name: { original: 'Ribbon' },
              modifiers: [{ id: 'red', label: { original: 'Red' }, price: { amount: '1.5' } }],
            },
          ],
        }),
      ],
    });
    expect(cart.lineItems?.[0]).toMatchObject({
      customLineItem: true,
      quantityInfo: { requestedQuantity: 2, confirmedQuantity: 2, fixedQuantity: true },
      pricing: {
        unitPrice: { amount: '6.5' },
        totalPrice: { amount: '13' },
        breakdown: { totalModifiersPrice: { amount: '1.5' } },
      },
      attributes: {
        itemType: { custom: 'gift-wrap' },
        image: { id: 'abc~mv2.jpg', width: 6, height: 8 },
        url: { relativePath: '/wrap', url: 'https://shop.example.com/wrap' },
        physicalProperties: { shippable: false },
      },
      modifierGroups: [{ id: 'ribbon', modifiers: [{ id: 'red', quantity: 1, price: { amount: '1.5' } }] }],
    });
    const fixed = await rejection(
      updateLineItemsInCurrentCartV2(client, [
        { lineItemId: cart.lineItems?.[0]?.id as string, quantity: { newQuantity: 3 } },
      ]),
    );
    expect(fixed).toMatchObject({ status: 428, code: 'FIXED_QUANTITY_ITEM' });
  });

  it('keeps the delivery address and method on the cart; totals only in the summary of calculate and estimate', async () => {
    const h = apiHarness();
    await h.call('PATCH', '/_sandbox/settings', { body: { taxRate: 0.1 } });
    const { client } = await h.visitor();
    await addLineItemsToCurrentCartV2(client, {
      catalogItems: [storeCatalogItem(h.productId('pothos-plant'), 2)],
    });
    const before = await estimateCurrentCartV2(client);
    expect(before.summary.priceSummary).toEqual({
      subtotal: { amount: '56', convertedAmount: '56' },
      discount: { amount: '0', convertedAmount: '0' },
      delivery: { amount: '0', convertedAmount: '0' },
      additionalFees: { amount: '0', convertedAmount: '0' },
      tax: { amount: '0', convertedAmount: '0' },
      total: { amount: '56', convertedAmount: '56' },
    });
    expect(before.summary.priceVerificationToken).toBeUndefined();
    expect(before.summary.taxSummary).toBeUndefined();
    const noAddress = await calculateCurrentCartV2(client);
    expect(noAddress.summary.violations?.map((v) => [v.code, v.severity])).toEqual([
      ['MISSING_DELIVERY_ADDRESS', 'ERROR'],
    ]);

    const patched = await updateCurrentCartV2(client, {
      note: 'Leave at the door',
      customerInfo: { email: 'jane@example.com', firstName: 'Jane' },
      deliveryInfo: { address: NY },
    });
    expect(patched.cart).toMatchObject({
      note: 'Leave at the door',
      customerInfo: { email: 'jane@example.com', firstName: 'Jane', currencyCode: 'USD' },
      deliveryInfo: { address: NY, weightUnit: 'KG' },
    });
    expect(patched.cart.deliveryInfo?.method).toBeUndefined();
    expect((await calculateCurrentCartV2(client)).summary.violations?.map((v) => v.code)).toEqual([
      'MISSING_DELIVERY_METHOD',
    ]);

    const withMethod = await setDeliveryMethodForCurrentCartV2(client, { code: 'standard' });
    expect(withMethod.cart.deliveryInfo?.method).toEqual({
      code: 'standard',
      appId: '48955c27-1da2-451e-addd-3f458098b828',
      title: { original: 'Standard delivery', translated: 'Standard delivery' },
      pickup: false,
    });
    const full = await calculateCurrentCartV2(client, { refreshCart: true });
    expect(full.summary).toMatchObject({
      cartId: withMethod.cart.id,
      cartRevision: withMethod.cart.revision,
      deliverySummary: { method: { code: 'standard' }, price: { amount: '5' } },
      priceSummary: {
        subtotal: { amount: '56' },
        delivery: { amount: '5' },
        tax: { amount: '6.1' },
        total: { amount: '67.1' },
      },
      violations: [],
    });
    expect(full.summary.priceVerificationToken).toEqual(expect.any(String));
    // Estimate: only what is asked for.
    const deliveryOnly = await estimateCurrentCartV2(client, { calculateDelivery: true });
    expect(deliveryOnly.summary.priceSummary).toMatchObject({
      delivery: { amount: '5' },
      tax: { amount: '0' },
      total: { amount: '61' },
    });
    const taxOnly = await estimateCurrentCartV2(client, {
      calculateTax: true,
      validationConfig: 'SKIP_VALIDATIONS',
    });
    expect(taxOnly.summary.priceSummary).toMatchObject({
      delivery: { amount: '0' },
      tax: { amount: '5.6' },
      total: { amount: '61.6' },
    });
    expect(taxOnly.summary.deliverySummary).toBeUndefined();

    const pickup = await setDeliveryMethodForCurrentCartV2(client, { code: 'store-pickup' });
    expect(pickup.cart.deliveryInfo?.method).toMatchObject({ code: 'store-pickup', pickup: true });
    const cleared = await removeDeliveryMethodFromCurrentCartV2(client);
    expect(cleared.cart.deliveryInfo?.method).toBeUndefined();
  });

  it('takes one coupon by code and removes it by id; the discount is in the summary and on the lines', async () => {
    const h = apiHarness();
    const { client } = await h.visitor();
    await addLineItemsToCurrentCartV2(client, {
      catalogItems: [storeCatalogItem(h.productId('pothos-plant'), 2)],
    });
    const { cart } = await addCouponToCurrentCartV2(client, 'save10');
    expect(cart.coupons).toEqual([{ id: '321c8547-35d2-4742-a0f5-a895d6dfdf8b', code: 'SAVE10' }]);
    expect(cart.lineItems?.[0]?.discounts).toEqual([
      {
        name: { original: 'SAVE10', translated: 'SAVE10' },
        amountOff: { amount: '5.6', convertedAmount: '5.6' },
        source: { sourceType: 'COUPON', couponCode: 'SAVE10' },
      },
    ]);
    const { summary } = await calculateCurrentCartV2(client);
    expect(summary.priceSummary).toMatchObject({ discount: { amount: '5.6' }, total: { amount: '50.4' } });
    expect(summary.discounts?.[0]).toMatchObject({
      scope: 'CART_SUBTOTAL',
      source: { sourceType: 'COUPON', couponCode: 'SAVE10' },
    });
    const removed = await removeCouponFromCurrentCartV2(client, cart.coupons?.[0]?.id as string);
    expect(removed.cart.coupons).toEqual([]);
  });

  it('takes a gift card: its balance pays part of the total; removed by its id', async () => {
    const h = apiHarness();
    const { client } = await h.visitor();
    await addLineItemsToCurrentCartV2(client, {
      catalogItems: [storeCatalogItem(h.productId('field-notes-ebook'), 3)],
    });
    const { cart } = await addGiftCardToCurrentCartV2(client, {
      code: 'GIFT12345678',
      redeemAmount: { amount: '10' },
    });
    const card = cart.paymentInfo?.giftCards?.[0];
    expect(card).toMatchObject({ obfuscatedCode: '••••5678', requestedRedeemAmount: { amount: '10' } });
    const { summary } = await calculateCurrentCartV2(client);
    expect(summary.paymentSummary).toMatchObject({
      giftCards: [{ giftCardId: card?.id, redeemAmount: { amount: '10' } }],
      totalAfterGiftCards: { amount: '19.97' },
      payNow: { amount: '19.97' },
      requiresPaymentAfterGiftCard: true,
    });
    const none = await estimateCurrentCartV2(client);
    expect(none.summary.paymentSummary?.giftCards).toEqual([]);
    const removed = await removeGiftCardFromCurrentCartV2(client, card?.id as string);
    expect(removed.cart.paymentInfo?.giftCards).toEqual([]);
  });

  it('creates a cart with everything in one call, and answers forms and upsells', async () => {
    const h = apiHarness();
    const { client } = await h.visitor();
    const { cart } = await createCurrentCartV2(client, {
      cart: {
        note: 'Gift',
        deliveryInfo: { address: NY },
        businessInfo: { locationId: '77777777-7777-4777-8777-777777777777' },
        source: { channelType: 'WEB' },
      },
      catalogItems: [storeCatalogItem(h.productId('enamel-pin-set'), 2)],
      customItems: [giftWrap()],
      coupons: [{ code: 'TENOFF' }],
      deliveryMethod: { code: 'express' },
      giftCards: [{ code: 'GIFT12345678' }],
    });
    expect(cart).toMatchObject({
      revision: '1',
      note: 'Gift',
      coupons: [{ code: 'TENOFF' }],
      deliveryInfo: { method: { code: 'express' } },
      businessInfo: { locationId: '77777777-7777-4777-8777-777777777777' },
      paymentInfo: { giftCards: [{ obfuscatedCode: '••••5678' }] },
      orderPlaced: false,
      currentCart: true,
    });
    expect(cart.lineItems).toHaveLength(2);
    const forms = await updateFormSubmissionsInCurrentCartV2(client, [{ id: 'f1', formSubmissionId: 's1' }]);
    expect(forms.cart.revision).toBe('2');
    const upsells = await getUpsellOptionsForCurrentCartV2(client);
    expect(upsells.itemsUpsells?.map((u) => u.lineItemId)).toEqual(cart.lineItems?.map((l) => l.id));
    const again = await createCurrentCartV2(client, {});
    expect(again.cart.id).not.toBe(cart.id);
    expect(again.cart.lineItems).toEqual([]);
  });

  it('answers the SDK’s site-domain path /_api/cart-v2/v2/carts/current as the REST one', async () => {
    const h = apiHarness();
    const { client, tokens } = await h.visitor();
    await addLineItemsToCurrentCartV2(client, {
      catalogItems: [storeCatalogItem(h.productId('enamel-pin-set'), 1)],
    });
    const site = await h.call('GET', '/_api/cart-v2/v2/carts/current', {
      headers: { authorization: tokens.access_token },
    });
    expect(site.status).toBe(200);
    expect(site.json.cart).toEqual((await getCurrentCartV2(client)).cart);
    const added = await h.call('POST', '/_api/cart-v2/v2/carts/current/add-coupon', {
      headers: { authorization: tokens.access_token },
      body: { coupon: { code: 'SAVE10' } },
    });
    expect(added.json.cart.coupons[0].code).toBe('SAVE10');
  });
});

describe('v1 and V2 are two views of the same cart', () => {
  it('a v1 cart read and changed through V2, and back', async () => {
    const h = apiHarness();
    const { client } = await h.visitor();
    const mug = h.productId('stoneware-mug');
    await addToCurrentCart(client, {
      lineItems: [
        storeLineItem(TEE, 1, { options: { Size: 'Medium', Color: 'Black' } }),
        storeLineItem(mug, 7),
      ],
    });
    const v1 = (
      await updateCurrentCart(client, {
        couponCode: 'SAVE10',
        cartInfo: {
          buyerNote: 'v1 note',
          contactInfo: { address: NY },
          buyerInfo: { email: 'a@example.com' },
        },
      })
    ).cart;

    const { cart } = await getCurrentCartV2(client);
    expect(cart.id).toBe(v1.id);
    expect(cart.revision).toBe(v1.revision);
    expect(cart.lineItems?.map((l) => l.id)).toEqual(v1.lineItems?.map((l) => l.id));
    expect(cart.lineItems?.[1]?.quantityInfo).toMatchObject({ requestedQuantity: 7, confirmedQuantity: 5 });
    expect(cart.coupons?.[0]?.code).toBe('SAVE10');
    expect(cart).toMatchObject({
      note: 'v1 note',
      deliveryInfo: { address: NY },
      customerInfo: { email: 'a@example.com' },
    });

    // Changed through V2, read through v1.
    const teeLine = cart.lineItems?.[0]?.id as string;
    await updateLineItemsInCurrentCartV2(client, [{ lineItemId: teeLine, quantity: { newQuantity: 4 } }]);
    await setDeliveryMethodForCurrentCartV2(client, { code: 'standard' });
    await removeCouponFromCurrentCartV2(client, cart.coupons?.[0]?.id as string);
    const back = (await getCurrentCart(client)).cart;
    expect(back.id).toBe(cart.id);
    expect(back.lineItems?.[0]?.quantity).toBe(4);
    expect(back.selectedShippingOption).toEqual({
      code: 'standard',
      carrierId: '48955c27-1da2-451e-addd-3f458098b828',
    });
    expect(back.appliedDiscounts).toEqual([]);
    expect(Number(back.revision)).toBe(Number(v1.revision) + 3);

    // The same totals: v1 estimate with the cart's own address and option, V2 full calculation.
    await updateCurrentCartLineItemQuantity(client, [{ id: back.lineItems?.[1]?.id as string, quantity: 2 }]);
    const v1Totals = await estimateCurrentCartTotals(client, {});
    const v2Totals = (await calculateCurrentCartV2(client)).summary.priceSummary;
    expect(v2Totals?.subtotal?.amount).toBe(v1Totals.priceSummary?.subtotal?.amount);
    expect(v2Totals?.delivery?.amount).toBe(v1Totals.priceSummary?.shipping?.amount);
    expect(v2Totals?.total?.amount).toBe(v1Totals.priceSummary?.total?.amount);
  });

  it('migration: a visitor’s and a member’s existing v1 carts are their current carts through V2', async () => {
    const h = apiHarness();
    const visitor = await h.visitor();
    const jane = h.member('jane@example.com');
    const pins = h.productId('enamel-pin-set');
    const v1Visitor = (await addToCurrentCart(visitor.client, { lineItems: [storeLineItem(pins, 2)] })).cart;
    const v1Member = (
      await addToCurrentCart(jane.client, {
        lineItems: [storeLineItem(TEE, 1, { options: { Size: 'Small', Color: 'White' } })],
      })
    ).cart;
    const visitorV2 = (await getCurrentCartV2(visitor.client)).cart;
    const memberV2 = (await getCurrentCartV2(jane.client)).cart;
    expect(visitorV2).toMatchObject({
      id: v1Visitor.id,
      customerInfo: { visitorId: v1Visitor.buyerInfo?.visitorId },
    });
    expect(memberV2).toMatchObject({
      id: v1Member.id,
      customerInfo: { memberId: v1Member.buyerInfo?.memberId },
    });
    expect(memberV2.lineItems?.[0]?.name?.original).toBe('Everyday Cotton Tee');
    // Adding through V2 adds to the same line (same variant), not to a new cart.
    const more = await addLineItemsToCurrentCartV2(visitor.client, {
      catalogItems: [storeCatalogItem(pins, 1)],
    });
    expect(more.cart.id).toBe(v1Visitor.id);
    expect(more.cart.lineItems?.map((l) => l.quantityInfo?.requestedQuantity)).toEqual([3]);
    expect((await getCurrentCart(visitor.client)).cart.lineItems?.[0]?.quantity).toBe(3);
  });
});

describe('Cart V2 orders', () => {
  async function readyCart(h: Harness) {
    const { client } = await h.visitor();
    const mug = h.productId('stoneware-mug');
    await createCurrentCartV2(client, {
      cart: { deliveryInfo: { address: NY }, customerInfo: { email: 'buyer@example.com' } },
      catalogItems: [storeCatalogItem(mug, 2)],
      deliveryMethod: { code: 'standard' },
    });
    return { client, mug };
  }

  it('places the order at the calculated prices; the cart is then ordered and refuses changes', async () => {
    const h = apiHarness();
    const { client, mug } = await readyCart(h);
    const { cart, summary } = await calculateCurrentCartV2(client);
    const placed = await placeOrderFromCartV2(client, cart.id as string, {
      priceVerificationToken: summary.priceVerificationToken as string,
    });
    expect(placed).toMatchObject({ orderId: expect.stringMatching(/^[0-9a-f-]{36}$/), completed: true });
    expect(h.sandbox.context.state.orders.get(placed.orderId as string)).toMatchObject({
      email: 'buyer@example.com',
      totalCents: 4100,
    });
    expect(h.sandbox.context.state.products.get(mug)?.variants?.[0]?.stock?.quantity).toBe(3);

    const ordered = (await getCurrentCartV2(client)).cart;
    expect(ordered).toMatchObject({ id: cart.id, orderPlaced: true, orderId: placed.orderId });
    expect((await rejection(getCurrentCart(client))).status).toBe(404);
    const refused = await rejection(addCouponToCurrentCartV2(client, 'SAVE10'));
    expect(refused).toMatchObject({ status: 428, code: 'CART_ALREADY_ORDERED' });
    expect(refused.applicationError?.data).toEqual({ cartId: cart.id, orderId: placed.orderId });
    for (const call of [
      () => updateCurrentCartV2(client, { note: 'x' }),
      () => calculateCurrentCartV2(client),
      () => estimateCurrentCartV2(client),
      () => refreshCurrentCartV2(client),
      () => removeDeliveryMethodFromCurrentCartV2(client),
      () => placeOrderFromCartV2(client, cart.id as string),
    ]) {
      expect((await rejection(call())).code).toBe('CART_ALREADY_ORDERED');
    }
    // The next add starts a new cart.
    const fresh = await addLineItemsToCurrentCartV2(client, { catalogItems: [storeCatalogItem(mug, 1)] });
    expect(fresh.cart.id).not.toBe(cart.id);
    expect(fresh.cart.orderPlaced).toBe(false);
  });

  it('refuses a changed price, a foreign token, an empty cart, missing delivery, stock gone and another’s cart', async () => {
    const h = apiHarness();
    const { client, mug } = await readyCart(h);
    const { cart, summary } = await calculateCurrentCartV2(client);
    await addLineItemsToCurrentCartV2(client, { catalogItems: [storeCatalogItem(mug, 1)] });
    const token = summary.priceVerificationToken as string;
    expect(
      (await rejection(placeOrderFromCartV2(client, cart.id as string, { priceVerificationToken: token })))
        .code,
    ).toBe('CART_PRICES_OUT_OF_SYNC');
    expect(
      await rejection(placeOrderFromCartV2(client, cart.id as string, { priceVerificationToken: 'forged' })),
    ).toMatchObject({
      status: 400,
      code: 'INVALID_PRICE_VERIFICATION_TOKEN',
    });
    const other = await h.visitor();
    expect(await rejection(placeOrderFromCartV2(other.client, cart.id as string))).toMatchObject({
      status: 404,
      code: 'CART_NOT_FOUND',
    });
    const stock = h.sandbox.context.state.products.get(mug)?.variants?.[0]?.stock;
    if (stock) stock.quantity = 0;
    const gone = await rejection(placeOrderFromCartV2(client, cart.id as string));
    expect(gone).toMatchObject({ status: 428, code: 'LINE_ITEMS_OUT_OF_STOCK' });
    expect(gone.applicationError?.data).toEqual({
      lineItemIds: [cart.lineItems?.[0]?.id],
      allLineItemsOutOfStock: true,
    });

    const empty = (await createCurrentCartV2(other.client, {})).cart;
    expect((await rejection(placeOrderFromCartV2(other.client, empty.id as string))).code).toBe('EMPTY_CART');
    await addLineItemsToCurrentCartV2(other.client, {
      catalogItems: [storeCatalogItem(h.productId('enamel-pin-set'), 1)],
    });
    const noAddress = await rejection(placeOrderFromCartV2(other.client, empty.id as string));
    expect(noAddress).toMatchObject({ status: 428, code: 'VIOLATIONS_WITH_ERROR_SEVERITY' });
    expect(noAddress.applicationError?.data?.violations).toMatchObject([
      { code: 'MISSING_DELIVERY_ADDRESS' },
    ]);
  });

  it('gives the hosted checkout page for the cart, where the order is placed', async () => {
    const h = apiHarness();
    const { client } = await readyCart(h);
    const { cart } = await getCurrentCartV2(client);
    const { checkoutUrl } = await getCheckoutUrlForCartV2(client, cart.id as string);
    expect(checkoutUrl).toMatch(/^https:\/\/sandbox\.test\/_hosted\/checkout\?session=/);
    const page = await (await h.sandbox.fetch(checkoutUrl)).text();
    expect(page).toContain('Stoneware Mug');
    expect(page).toContain('$41.00');
    const placed = await h.sandbox.fetch(checkoutUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=buyer%40example.com',
    });
    expect(placed.status).toBe(200);
    expect((await getCurrentCartV2(client)).cart.orderPlaced).toBe(true);

    const custom = await createCurrentCartV2(client, {
      cart: { customCheckoutUrl: 'https://shop.example.com/pay?cart={checkout_id}' },
    });
    expect((await getCheckoutUrlForCartV2(client, custom.cart.id as string)).checkoutUrl).toBe(
      `https://shop.example.com/pay?cart=${custom.cart.id}`,
    );
  });
});

describe('every Cart V2 application error the sandbox can reach', () => {
  async function cartWith(h: Harness, slug = 'pothos-plant', quantity = 1) {
    const { client } = await h.visitor();
    const { cart } = await addLineItemsToCurrentCartV2(client, {
      catalogItems: [storeCatalogItem(h.productId(slug), quantity)],
    });
    return { client, cart };
  }
  const many = (n: number) =>
    Array.from({ length: n }, (_, i) => giftWrap({ name: { original: `Wrap ${i}` } }));

  const CASES: Array<[CartV2ErrorCode, number, (h: Harness) => Promise<unknown>]> = [
    [
      'ITEM_NOT_FOUND_IN_CATALOG',
      400,
      async (h) =>
        addLineItemsToCurrentCartV2((await h.visitor()).client, {
          catalogItems: [storeCatalogItem('nope', 1)],
        }),
    ],
    ['INSUFFICIENT_INVENTORY', 428, async (h) => cartWith(h, 'canvas-tote')],
    [
      'MAX_LINE_ITEMS_EXCEEDED',
      400,
      async (h) => {
        const { client } = await h.visitor();
        await addLineItemsToCurrentCartV2(client, { customItems: many(300) });
        return addLineItemsToCurrentCartV2(client, { customItems: many(1) });
      },
    ],
    [
      'MAX_ITEM_MODIFIERS_EXCEEDED',
      400,
      async (h) =>
        addLineItemsToCurrentCartV2((await h.visitor()).client, {
          customItems: [
            giftWrap({
              modifierGroups: Array.from({ length: 26 }, (_, i) => ({
                id: `g${i}`,
                modifiers: [{ id: 'm' }],
              })),
            }),
          ],
        }),
    ],
    [
      'DUPLICATE_MODIFIER_GROUP_IDS',
      400,
      async (h) =>
        addLineItemsToCurrentCartV2((await h.visitor()).client, {
          customItems: [
            giftWrap({
              modifierGroups: [
                { id: 'g', modifiers: [{ id: 'a' }] },
                { id: 'g', modifiers: [{ id: 'b' }] },
              ],
            }),
          ],
        }),
    ],
    [
      'DUPLICATE_ITEM_MODIFIER_IDS',
      400,
      async (h) =>
        addLineItemsToCurrentCartV2((await h.visitor()).client, {
          customItems: [giftWrap({ modifierGroups: [{ id: 'g', modifiers: [{ id: 'a' }, { id: 'a' }] }] })],
        }),
    ],
    [
      'DEPOSIT_AMOUNT_GREATER_THAN_UNIT_PRICE',
      400,
      async (h) =>
        addLineItemsToCurrentCartV2((await h.visitor()).client, {
          customItems: [giftWrap({ paymentConfig: { depositAmount: { amount: '9' } } })],
        }),
    ],
    ['NO_LINE_ITEMS_TO_ADD', 400, async (h) => addLineItemsToCurrentCartV2((await h.visitor()).client, {})],
    [
      'INVALID_MEMBERSHIP_PAYMENT_OPTION',
      428,
      async (h) => {
        const { client, cart } = await cartWith(h);
        return updateLineItemsInCurrentCartV2(client, [
          {
            lineItemId: cart.lineItems?.[0]?.id as string,
            membershipPayment: { existingMembership: { appId: 'a', membershipId: 'm' } },
          },
        ]);
      },
    ],
    ['INVALID_COUPON_CODE', 400, async (h) => addCouponToCurrentCartV2((await cartWith(h)).client, 'BOGUS')],
    [
      'INVALID_COUPON_STATUS',
      428,
      async (h) => addCouponToCurrentCartV2((await cartWith(h)).client, 'WELCOME2025'),
    ],
    [
      'COUPON_ALREADY_EXISTS',
      428,
      async (h) => {
        const { client } = await cartWith(h);
        await addCouponToCurrentCartV2(client, 'SAVE10');
        return addCouponToCurrentCartV2(client, 'SAVE10');
      },
    ],
    [
      'MAX_COUPONS_PER_CART_EXCEEDED',
      428,
      async (h) => {
        const { client } = await cartWith(h);
        await addCouponToCurrentCartV2(client, 'SAVE10');
        return addCouponToCurrentCartV2(client, 'TENOFF');
      },
    ],
    [
      'COUPON_LOCKED',
      428,
      async (h) => {
        const { client } = await h.visitor();
        await createCurrentCartV2(client, {
          cart: { settings: { lockCouponCode: true } },
          customItems: [giftWrap()],
        });
        return addCouponToCurrentCartV2(client, 'SAVE10');
      },
    ],
    [
      'COUPON_NOT_FOUND_IN_CART',
      400,
      async (h) =>
        removeCouponFromCurrentCartV2((await cartWith(h)).client, '321c8547-35d2-4742-a0f5-a895d6dfdf8b'),
    ],
    [
      'INVALID_GIFT_CARD_CODE',
      400,
      async (h) => addGiftCardToCurrentCartV2((await cartWith(h)).client, { code: 'NOSUCHCARD' }),
    ],
    [
      'INVALID_GIFT_CARD_STATUS',
      428,
      async (h) => addGiftCardToCurrentCartV2((await cartWith(h)).client, { code: 'GIFTEXPIRED1' }),
    ],
    [
      'GIFT_CARD_ALREADY_EXISTS',
      428,
      async (h) => {
        const { client } = await cartWith(h);
        await addGiftCardToCurrentCartV2(client, { code: 'GIFT12345678' });
        return addGiftCardToCurrentCartV2(client, { code: 'GIFT12345678' });
      },
    ],
    [
      'MAX_GIFT_CARDS_PER_CART_EXCEEDED',
      428,
      async (h) => {
        const { client } = await cartWith(h);
        await addGiftCardToCurrentCartV2(client, { code: 'GIFT12345678' });
        return addGiftCardToCurrentCartV2(client, { code: 'GIFTBIG000100' });
      },
    ],
    [
      'GIFT_CARD_LOCKED',
      428,
      async (h) => {
        const { client } = await h.visitor();
        await createCurrentCartV2(client, { cart: { settings: { lockGiftCard: true } } });
        return addGiftCardToCurrentCartV2(client, { code: 'GIFT12345678' });
      },
    ],
    [
      'GIFT_CARD_PAYMENT_NOT_SUPPORTED_ON_DEMO_CART',
      428,
      async (h) => {
        const { client } = await h.visitor();
        await createCurrentCartV2(client, { cart: { demo: true } });
        return addGiftCardToCurrentCartV2(client, { code: 'GIFT12345678' });
      },
    ],
    [
      'GIFT_CARD_NOT_FOUND_IN_CART',
      400,
      async (h) => removeGiftCardFromCurrentCartV2((await cartWith(h)).client, 'not-on-the-cart'),
    ],
    [
      'DELIVERY_METHOD_MISSING_ADDRESS',
      428,
      async (h) => setDeliveryMethodForCurrentCartV2((await cartWith(h)).client, { code: 'standard' }),
    ],
    [
      'DELIVERY_METHOD_MISSING_LINE_ITEMS',
      428,
      async (h) => {
        const { client } = await cartWith(h, 'field-notes-ebook');
        await updateCurrentCartV2(client, { deliveryInfo: { address: NY } });
        return setDeliveryMethodForCurrentCartV2(client, { code: 'standard' });
      },
    ],
    [
      'DELIVERY_METHOD_NOT_FOUND',
      400,
      async (h) => {
        const { client } = await cartWith(h);
        await updateCurrentCartV2(client, { deliveryInfo: { address: { country: 'FR' } } });
        return setDeliveryMethodForCurrentCartV2(client, { code: 'standard' });
      },
    ],
    [
      'BUSINESS_LOCATION_NOT_FOUND',
      400,
      async (h) =>
        updateCurrentCartV2((await cartWith(h)).client, {
          businessInfo: { locationId: '00000000-0000-4000-8000-000000000000' },
        }),
    ],
    [
      'INVALID_ADDRESS_FORMAT',
      400,
      async (h) =>
        updateCurrentCartV2((await cartWith(h)).client, { deliveryInfo: { address: { country: 'usa' } } }),
    ],
    [
      'DATA_EXTENSION_UPDATE_FAILED',
      400,
      async (h) =>
        updateCurrentCartV2((await cartWith(h)).client, {
          extendedFields: { namespaces: { app: 'x' as never } },
        }),
    ],
    [
      'LINE_ITEM_NOT_FOUND_IN_CART',
      400,
      async (h) =>
        removeLineItemsFromCurrentCartV2((await cartWith(h)).client, [
          '11111111-1111-4111-8111-111111111111',
        ]),
    ],
    [
      'EMPTY_LINE_ITEM_UPDATES',
      400,
      async (h) => {
        const { client, cart } = await cartWith(h);
        return updateLineItemsInCurrentCartV2(client, [{ lineItemId: cart.lineItems?.[0]?.id as string }]);
      },
    ],
    [
      'DUPLICATE_LINE_ITEM_UPDATES',
      400,
      async (h) => {
        const { client, cart } = await cartWith(h);
        const lineItemId = cart.lineItems?.[0]?.id as string;
        return updateLineItemsInCurrentCartV2(client, [
          { lineItemId, quantity: { newQuantity: 2 } },
          { lineItemId, quantity: { newQuantity: 3 } },
        ]);
      },
    ],
    [
      'FIXED_QUANTITY_ITEM',
      428,
      async (h) => {
        const { client } = await h.visitor();
        const { cart } = await addLineItemsToCurrentCartV2(client, {
          customItems: [giftWrap({ quantityInfo: { requestedQuantity: 1, fixedQuantity: true } })],
        });
        return updateLineItemsInCurrentCartV2(client, [
          { lineItemId: cart.lineItems?.[0]?.id as string, quantity: { newQuantity: 2 } },
        ]);
      },
    ],
    [
      'CART_ALREADY_ORDERED',
      428,
      async (h) => {
        const { client } = await cartWith(h, 'field-notes-ebook');
        const { cart } = await getCurrentCartV2(client);
        await placeOrderFromCartV2(client, cart.id as string);
        return removeLineItemsFromCurrentCartV2(client, [cart.lineItems?.[0]?.id as string]);
      },
    ],
  ];

  for (const [code, status, run] of CASES) {
    it(`${code} (${status})`, async () => {
      const h = apiHarness();
      const error = await rejection(run(h));
      expect(isCartV2Error(error, code)).toBe(true);
      expect(error.status).toBe(status);
    });
  }

  it('ITEM_NOT_FOUND_IN_CATALOG and INSUFFICIENT_INVENTORY name the items in their data', async () => {
    const h = apiHarness();
    const { client } = await h.visitor();
    const unknown = await rejection(
      addLineItemsToCurrentCartV2(client, {
        catalogItems: [storeCatalogItem(TEE, 1, { options: { Size: 'Medium' } })],
      }),
    );
    expect(unknown.applicationError?.data).toEqual({
      invalidItems: [
        { catalogReference: storeCatalogItem(TEE, 1, { options: { Size: 'Medium' } }).catalogReference },
      ],
    });
    const tote = storeCatalogItem(h.productId('canvas-tote'), 2);
    const none = await rejection(addLineItemsToCurrentCartV2(client, { catalogItems: [tote] }));
    expect(none.applicationError?.data).toEqual({
      invalidItems: [
        { id: { catalogReference: tote.catalogReference }, requestedQuantity: 2, availableQuantity: 0 },
      ],
    });
    expect((await rejection(getCurrentCartV2(client))).status).toBe(404);
  });

  it('names a sold-out variant by its product and choices', async () => {
    const h = apiHarness();
    const { client } = await h.visitor();
    const mustard = storeCatalogItem(h.productId('wool-beanie'), 1, { options: { Color: 'Mustard' } });
    const refused = await rejection(addLineItemsToCurrentCartV2(client, { catalogItems: [mustard] }));
    expect(refused).toMatchObject({
      code: 'INSUFFICIENT_INVENTORY',
      message: '"Merino Wool Beanie, Mustard" is out of stock',
    });
  });
});

describe('limits: too many lines, ids or options are a 400 validation error, never a 500', () => {
  const wraps = (n: number) =>
    Array.from({ length: n }, () => ({
      quantity: 1,
      price: '1',
      productName: { original: 'w' },
      itemType: { preset: 'SERVICE' as const },
    }));

  async function expectValidation(promise: Promise<unknown>, field: string, rule: string) {
    const error = await rejection(promise);
    expect(isValidationError(error)).toBe(true);
    expect(error.status).toBe(400);
    expect(error.violations[0]).toMatchObject({ field, violatedRule: rule });
  }

  it('v1: 100 items an add, 300 lines a cart, 100 ids a call, 6 option choices an item', async () => {
    const h = apiHarness();
    const { client } = await h.visitor();
    await expectValidation(
      addToCurrentCart(client, { customLineItems: wraps(101) }),
      'customLineItems',
      'MAX_SIZE',
    );
    await expectValidation(
      addToCurrentCart(client, { lineItems: Array.from({ length: 101 }, () => storeLineItem(TEE, 1)) }),
      'lineItems',
      'MAX_SIZE',
    );
    for (let i = 0; i < 3; i++) await addToCurrentCart(client, { customLineItems: wraps(100) });
    await expectValidation(addToCurrentCart(client, { customLineItems: wraps(1) }), 'lineItems', 'MAX_SIZE');
    await expectValidation(
      updateCurrentCartLineItemQuantity(
        client,
        Array.from({ length: 101 }, (_, i) => ({ id: `l${i}`, quantity: 1 })),
      ),
      'lineItems',
      'MAX_SIZE',
    );
    const options = Object.fromEntries(Array.from({ length: 7 }, (_, i) => [`Option ${i}`, 'x']));
    await expectValidation(
      addToCurrentCart(client, { lineItems: [storeLineItem(TEE, 1, { options })] }),
      'lineItems[0].catalogReference.options.options',
      'MAX_SIZE',
    );
  });

  it('V2: 300 items a request, 100 line ids or updates a call, quantities up to 100000, 6 option choices', async () => {
    const h = apiHarness();
    const { client } = await h.visitor();
    const wrap = giftWrap();
    await expectValidation(
      addLineItemsToCurrentCartV2(client, { customItems: Array.from({ length: 301 }, () => wrap) }),
      'customItems',
      'MAX_SIZE',
    );
    await expectValidation(
      addLineItemsToCurrentCartV2(client, {
        catalogItems: Array.from({ length: 301 }, () => storeCatalogItem(TEE, 1)),
      }),
      'catalogItems',
      'MAX_SIZE',
    );
    await expectValidation(
      addLineItemsToCurrentCartV2(client, {
        catalogItems: [storeCatalogItem(TEE, 100_001, { options: { Size: 'Medium', Color: 'Black' } })],
      }),
      'catalogItems[0].quantity',
      'MAX',
    );
    const options = Object.fromEntries(Array.from({ length: 7 }, (_, i) => [`Option ${i}`, 'x']));
    await expectValidation(
      addLineItemsToCurrentCartV2(client, { catalogItems: [storeCatalogItem(TEE, 1, { options })] }),
      'catalogItems[0].catalogReference.options.options',
      'MAX_SIZE',
    );
    await addLineItemsToCurrentCartV2(client, { customItems: [wrap] });
    const ids = Array.from({ length: 101 }, (_, i) => `id-${i}`);
    await expectValidation(removeLineItemsFromCurrentCartV2(client, ids), 'lineItemIds', 'MAX_SIZE');
    await expectValidation(removeLineItemsFromCurrentCartV2(client, []), 'lineItemIds', 'MIN_SIZE');
    await expectValidation(
      updateLineItemsInCurrentCartV2(
        client,
        ids.map((lineItemId) => ({ lineItemId, quantity: { newQuantity: 1 } })),
      ),
      'lineItems',
      'MAX_SIZE',
    );
    await expectValidation(
      createCurrentCartV2(client, { coupons: [{ code: 'SAVE10' }, { code: 'TENOFF' }] }),
      'coupons',
      'MAX_SIZE',
    );
    await expectValidation(
      createCurrentCartV2(client, { giftCards: Array.from({ length: 6 }, () => ({ code: 'GIFT12345678' })) }),
      'giftCards',
      'MAX_SIZE',
    );
  });
});

describe('malformed cart requests', () => {
  it('are answered on every endpoint with the platform’s error body, never a 500', async () => {
    const h = apiHarness();
    const { client, tokens } = await h.visitor();
    const { cart } = await addLineItemsToCurrentCartV2(client, { customItems: [giftWrap()] });
    const bodies: unknown[] = [
      { cart: null, catalogItems: null, customItems: 'x', coupons: {}, deliveryMethod: 7, giftCards: [null] },
      {
        catalogItems: [{ catalogReference: { appId: 1, catalogItemId: [], options: 'x' }, quantity: 'two' }],
      },
      {
        customItems: [
          {
            name: 1,
            quantityInfo: null,
            pricing: { price: { amount: '-1' } },
            attributes: [],
            modifierGroups: {},
          },
        ],
      },
      {
        customItems: [
          {
            ...giftWrap(),
            modifierGroups: [{ modifiers: [null, 1] }],
            paymentConfig: { depositAmount: 'x' },
          },
        ],
      },
      {
        cart: {
          deliveryInfo: { address: null },
          customerInfo: null,
          businessInfo: { locationId: 5 },
          extendedFields: [],
        },
      },
      { lineItemIds: [null], lineItems: [{ lineItemId: 5, quantity: { newQuantity: 1.5 } }] },
      { coupon: { code: null }, couponId: {}, giftCard: { code: 'x'.repeat(30) }, giftCardId: [] },
      { formSubmissions: [1], validationConfig: 'ALL', calculateTax: 'yes', refreshCart: 1 },
      { priceVerificationToken: 12, currencyCode: 'euro' },
      {
        lineItems: [
          { catalogReference: { appId: 'x', catalogItemId: 'y', options: { options: [] } }, quantity: 1e9 },
        ],
      },
      { customLineItems: [{ quantity: 1, price: '1.999', productName: null }], cartInfo: [], couponCode: 5 },
    ];
    const paths = [
      '',
      '/add-line-items',
      '/remove-line-items',
      '/update-line-items',
      '/add-coupon',
      '/remove-coupon',
      '/set-delivery-method',
      '/add-gift-card',
      '/remove-gift-card',
      '/update-forms-submission',
      '/calculate',
      '/estimate',
    ].map((p) => `/ecom/v2/carts/current${p}`);
    paths.push(`/ecom/v2/carts/${cart.id}/place-order`, `/ecom/v2/carts/${cart.id}/get-checkout-url`);
    // And v1's, on the same cart.
    for (const p of [
      '/add-to-cart',
      '/remove-line-items',
      '/update-line-items-quantity',
      '/estimate-totals',
      '/create-checkout',
    ])
      paths.push(`/ecom/v1/carts/current${p}`);
    for (const path of paths) {
      for (const body of bodies) {
        for (const method of path.endsWith('current') ? ['POST', 'PATCH'] : ['POST']) {
          const answer = await h.call(method, path, {
            body,
            headers: { authorization: tokens.access_token },
          });
          // Some are valid (a create that names nothing it knows makes an empty cart); none is a 500.
          expect(answer.status, `${method} ${path} ${JSON.stringify(body)}`).toBeLessThan(500);
          if (answer.status >= 400) expect(answer.json.details, `${method} ${path}`).toBeDefined();
        }
      }
    }
  });
});
