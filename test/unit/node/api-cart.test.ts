import { describe, expect, it, vi } from 'vitest';
import {
  accessTokenAuth,
  addToCurrentCart,
  createCheckoutFromCurrentCart,
  createRedirectSession,
  deleteCurrentCart,
  estimateCurrentCartTotals,
  getCurrentCart,
  isValidationError,
  removeCouponFromCurrentCart,
  removeLineItemsFromCurrentCart,
  storeLineItem,
  updateCurrentCart,
  updateCurrentCartLineItemQuantity,
} from '../../../src/api/index';
import { apiHarness } from '../../helpers/api';

const TEE = 'c8539b66-7a44-fe18-affc-afec4be8562a';

async function rejection(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error as {
      status?: number;
      code?: string;
      message: string;
      violations?: Array<{ field: string }>;
    };
  }
  throw new Error('expected the call to fail');
}

describe('current cart', () => {
  it('is a 404 until something is added, then holds the line with live price, options and image', async () => {
    const h = apiHarness();
    const { client } = await h.visitor();
    const missing = await rejection(getCurrentCart(client));
    expect(missing.status).toBe(404);
    expect(missing.code).toBe('OWNED_CART_NOT_FOUND');

    const created = vi.fn();
    client.on('cart.created', created);
    const { cart } = await addToCurrentCart(client, {
      lineItems: [storeLineItem(TEE, 2, { options: { Size: 'Extra large', Color: 'Navy' } })],
    });
    expect(created).toHaveBeenCalledTimes(1);
    const line = cart.lineItems?.[0];
    expect(line?.quantity).toBe(2);
    expect(line?.productName?.original).toBe('Everyday Cotton Tee');
    expect(line?.price).toMatchObject({ amount: '27', formattedAmount: '$27.00' });
    expect(line?.lineItemPrice).toMatchObject({ amount: '54', formattedAmount: '$54.00' });
    expect(line?.descriptionLines).toEqual([
      {
        name: { original: 'Size', translated: 'Size' },
        plainText: { original: 'Extra large', translated: 'Extra large' },
      },
      {
        name: { original: 'Color', translated: 'Color' },
        colorInfo: { original: 'Navy', translated: 'Navy', code: '#1F2A44' },
      },
    ]);
    expect(line?.image).toBe('https://sandbox.test/_sandbox/media/everyday-cotton-tee-navy.svg');
    expect(line?.availability).toEqual({ status: 'AVAILABLE', quantityAvailable: 25 });
    expect(line?.catalogReference?.options).toEqual({ options: { Size: 'Extra large', Color: 'Navy' } });
    expect((await getCurrentCart(client)).cart.lineItems).toHaveLength(1);
  });

  it('adds the same variant up on one line, by variant id or by choices', async () => {
    const h = apiHarness();
    const { client } = await h.visitor();
    const variant = h.sandbox.context.state.products
      .get(TEE)
      ?.variants?.find((v) => v.choices?.Size === 'Medium' && v.choices?.Color === 'Black');
    await addToCurrentCart(client, {
      lineItems: [storeLineItem(TEE, 1, { variantId: variant?.id as string })],
    });
    const { cart } = await addToCurrentCart(client, {
      lineItems: [storeLineItem(TEE, 2, { options: { Size: 'Medium', Color: 'Black' } })],
    });
    expect(cart.lineItems).toHaveLength(1);
    expect(cart.lineItems?.[0]?.quantity).toBe(3);
  });

  it('refuses incomplete options, unknown products and sold-out items, changing nothing', async () => {
    const h = apiHarness();
    const { client } = await h.visitor();
    const incomplete = await rejection(
      addToCurrentCart(client, { lineItems: [storeLineItem(TEE, 1, { options: { Size: 'Medium' } })] }),
    );
    expect(incomplete).toMatchObject({
      status: 400,
      code: 'MISSING_PRODUCT_OPTIONS',
      message: 'Choose Color for "Everyday Cotton Tee"',
    });
    const unknown = await rejection(addToCurrentCart(client, { lineItems: [storeLineItem('nope', 1)] }));
    expect(unknown).toMatchObject({ status: 404, code: 'CATALOG_ITEM_NOT_FOUND' });
    const soldOut = await rejection(
      addToCurrentCart(client, { lineItems: [storeLineItem(h.productId('canvas-tote'), 1)] }),
    );
    expect(soldOut).toMatchObject({
      status: 400,
      code: 'ITEM_OUT_OF_STOCK',
      message: '"Waxed Canvas Tote" is out of stock',
    });
    // A variant sold out beside others in stock is named by its choices too.
    const mustard = await rejection(
      addToCurrentCart(client, {
        lineItems: [storeLineItem(h.productId('wool-beanie'), 1, { options: { Color: 'Mustard' } })],
      }),
    );
    expect(mustard).toMatchObject({
      code: 'ITEM_OUT_OF_STOCK',
      message: '"Merino Wool Beanie, Mustard" is out of stock',
    });
    const badQuantity = await rejection(
      addToCurrentCart(client, {
        lineItems: [storeLineItem(TEE, 0, { options: { Size: 'Medium', Color: 'Black' } })],
      }),
    );
    expect(isValidationError(badQuantity)).toBe(true);
    expect(badQuantity.message).toBe('INVALID_ARGUMENT: "lineItems[0].quantity" must be at least 1');
    expect((await rejection(getCurrentCart(client))).status).toBe(404);
  });

  it('never holds more than the stock: a larger quantity is reduced and marked PARTIALLY_AVAILABLE', async () => {
    const h = apiHarness();
    const { client } = await h.visitor();
    const mug = h.productId('stoneware-mug');
    const { cart } = await addToCurrentCart(client, { lineItems: [storeLineItem(mug, 7)] });
    expect(cart.lineItems?.[0]).toMatchObject({
      quantity: 5,
      availability: { status: 'PARTIALLY_AVAILABLE', quantityAvailable: 5 },
    });
    const id = cart.lineItems?.[0]?.id as string;
    const updated = await updateCurrentCartLineItemQuantity(client, [{ id, quantity: 3 }]);
    expect(updated.cart.lineItems?.[0]).toMatchObject({
      quantity: 3,
      availability: { status: 'AVAILABLE', quantityAvailable: 5 },
    });
  });

  it('updates and removes lines; unknown line ids are refused', async () => {
    const h = apiHarness();
    const { client } = await h.visitor();
    const { cart } = await addToCurrentCart(client, {
      lineItems: [
        storeLineItem(h.productId('enamel-pin-set'), 1),
        storeLineItem(h.productId('pothos-plant'), 1),
      ],
    });
    const [pins, plant] = cart.lineItems ?? [];
    const updated = await updateCurrentCartLineItemQuantity(client, [
      { id: pins?.id as string, quantity: 4 },
    ]);
    expect(updated.cart.lineItems?.map((l) => l.quantity)).toEqual([4, 1]);
    const bad = await rejection(updateCurrentCartLineItemQuantity(client, [{ id: 'nope', quantity: 1 }]));
    expect(bad.status).toBe(400);
    const removed = await removeLineItemsFromCurrentCart(client, [plant?.id as string]);
    expect(removed.cart.lineItems?.map((l) => l.productName?.original)).toEqual(['Enamel Pin Set']);
  });

  it('adds up money in cents: 3 × 9.99 is 29.97', async () => {
    const h = apiHarness();
    const { client } = await h.visitor();
    await addToCurrentCart(client, { lineItems: [storeLineItem(h.productId('field-notes-ebook'), 3)] });
    const totals = await estimateCurrentCartTotals(client, {});
    expect(totals.priceSummary?.subtotal).toMatchObject({ amount: '29.97', formattedAmount: '$29.97' });
    expect(totals.priceSummary?.shipping?.amount).toBe('0');
    expect(totals.shippingInfo?.carrierServiceOptions).toEqual([]);
    expect(totals.priceSummary?.total?.amount).toBe('29.97');
  });

  it('keeps every visitor’s and member’s cart apart, and refuses the merchant key', async () => {
    const h = apiHarness();
    const a = await h.visitor();
    const b = await h.visitor();
    await addToCurrentCart(a.client, { lineItems: [storeLineItem(h.productId('enamel-pin-set'), 1)] });
    expect((await rejection(getCurrentCart(b.client))).status).toBe(404);
    const jane = h.member('jane@example.com');
    expect((await rejection(getCurrentCart(jane.client))).status).toBe(404);
    const merchant = await rejection(getCurrentCart(h.merchant()));
    expect(merchant.status).toBe(403);
  });

  it('deletes the cart', async () => {
    const h = apiHarness();
    const { client } = await h.visitor();
    await addToCurrentCart(client, { lineItems: [storeLineItem(h.productId('enamel-pin-set'), 1)] });
    const deleted = vi.fn();
    client.on('cart.deleted', deleted);
    await deleteCurrentCart(client);
    expect(deleted).toHaveBeenCalledTimes(1);
    expect((await rejection(getCurrentCart(client))).status).toBe(404);
  });

  it('takes custom line items priced by the site', async () => {
    const h = apiHarness();
    const { client } = await h.visitor();
    const { cart } = await addToCurrentCart(client, {
      customLineItems: [
        {
          quantity: 2,
          price: '4.50',
          productName: { original: 'Gift wrap' },
          itemType: { preset: 'SERVICE' },
        },
      ],
    });
    expect(cart.lineItems?.[0]).toMatchObject({
      customLineItem: true,
      quantity: 2,
      lineItemPrice: { amount: '9' },
    });
    const bad = await rejection(
      addToCurrentCart(client, {
        customLineItems: [
          { quantity: 1, price: '-1', productName: { original: '' }, itemType: { preset: 'X' as 'SERVICE' } },
        ],
      }),
    );
    expect(bad.violations?.map((v) => v.field)).toEqual([
      'customLineItems[0].itemType.preset',
      'customLineItems[0].price',
      'customLineItems[0].productName.original',
    ]);
  });
});

describe('coupons and totals', () => {
  async function cartWith(h: ReturnType<typeof apiHarness>, items: Array<[string, number]>) {
    const { client } = await h.visitor();
    await addToCurrentCart(client, {
      lineItems: items.map(([slug, q]) => storeLineItem(h.productId(slug), q)),
    });
    return client;
  }

  it('applies SAVE10 and refuses an unknown coupon with a clear message, leaving the cart as it was', async () => {
    const h = apiHarness();
    const client = await cartWith(h, [['pothos-plant', 2]]);
    const bad = await rejection(updateCurrentCart(client, { couponCode: 'BOGUS' }));
    expect(bad).toMatchObject({
      status: 400,
      code: 'COUPON_DOES_NOT_EXIST',
      message: 'Coupon "BOGUS" does not exist',
    });
    expect((await getCurrentCart(client)).cart.appliedDiscounts).toEqual([]);

    const { cart } = await updateCurrentCart(client, { couponCode: 'save10' });
    expect(cart.appliedDiscounts).toEqual([{ coupon: { id: expect.any(String), code: 'SAVE10' } }]);
    const totals = await estimateCurrentCartTotals(client, {
      shippingAddress: { country: 'US', postalCode: '10001' },
    });
    expect(totals.priceSummary?.subtotal?.amount).toBe('56');
    expect(totals.priceSummary?.discount?.amount).toBe('5.6');
    expect(totals.appliedDiscounts?.[0]).toMatchObject({
      coupon: { code: 'SAVE10', amount: { amount: '5.6' } },
      discountType: 'GLOBAL',
    });

    const removed = await removeCouponFromCurrentCart(client);
    expect(removed.cart.appliedDiscounts).toEqual([]);
    expect((await rejection(removeCouponFromCurrentCart(client))).code).toBe('NO_COUPON_APPLIED');
  });

  it('refuses an expired coupon and one below its minimum', async () => {
    const h = apiHarness();
    const client = await cartWith(h, [['enamel-pin-set', 1]]);
    expect((await rejection(updateCurrentCart(client, { couponCode: 'WELCOME2025' }))).message).toBe(
      'Coupon "WELCOME2025" has expired',
    );
    expect((await rejection(updateCurrentCart(client, { couponCode: 'BIGSPENDER' }))).message).toBe(
      'Coupon "BIGSPENDER" needs a subtotal of at least $150.00',
    );
  });

  it('TENOFF takes 10 off; standard shipping is free over 75; tax follows the setting', async () => {
    const h = apiHarness();
    await h.call('PATCH', '/_sandbox/settings', { body: { taxRate: 0.08 } });
    const client = await cartWith(h, [['pothos-plant', 4]]);
    await updateCurrentCart(client, { couponCode: 'TENOFF' });
    const totals = await estimateCurrentCartTotals(client, {
      shippingAddress: { country: 'US', subdivision: 'US-NY', postalCode: '10001' },
      selectedShippingOption: { code: 'standard' },
    });
    expect(totals.priceSummary).toMatchObject({
      subtotal: { amount: '112' },
      discount: { amount: '10' },
      shipping: { amount: '0' },
      tax: { amount: '8.16' },
      total: { amount: '110.16', formattedAmount: '$110.16' },
    });
    // Under 75 after the discount, standard shipping costs 5 again.
    const client2 = await cartWith(h, [['pothos-plant', 3]]);
    await updateCurrentCart(client2, { couponCode: 'TENOFF' });
    const under = await estimateCurrentCartTotals(client2, {
      shippingAddress: { country: 'US' },
      selectedShippingOption: { code: 'standard' },
    });
    expect(under.priceSummary).toMatchObject({
      subtotal: { amount: '84' },
      shipping: { amount: '5' },
      tax: { amount: '6.32' },
      total: { amount: '85.32' },
    });
    expect(totals.taxSummary?.calculationDetails).toEqual({
      rateType: 'MANUAL_RATE',
      manualRateReason: 'GLOBAL_SETTING_TO_MANUAL',
    });
  });

  it('offers standard, express time slots and store pickup in the US, international elsewhere', async () => {
    const h = apiHarness();
    const client = await cartWith(h, [['enamel-pin-set', 1]]);
    const us = await estimateCurrentCartTotals(client, { shippingAddress: { country: 'US' } });
    const options = us.shippingInfo?.carrierServiceOptions?.flatMap((c) => c.shippingOptions ?? []) ?? [];
    expect(options.map((o) => o.code?.split(':')[0])).toEqual([
      'standard',
      'express',
      'express',
      'express',
      'store-pickup',
    ]);
    const slot = options.find((o) => o.code?.startsWith('express:'));
    expect(slot?.logistics?.deliveryTimeSlot?.from).toMatch(/T09:00:00\.000Z$/);
    expect(slot?.logistics?.deliveryTimeSlot?.to).toMatch(/T12:00:00\.000Z$/);
    const pickup = options.find((o) => o.code === 'store-pickup');
    expect(pickup?.logistics?.pickupDetails).toMatchObject({
      pickupMethod: 'STORE_PICKUP',
      address: { city: 'Portland', country: 'US' },
    });
    expect(us.shippingInfo?.selectedCarrierServiceOption?.code).toBe('standard');
    expect(us.priceSummary?.shipping?.amount).toBe('5');

    const express = await estimateCurrentCartTotals(client, {
      shippingAddress: { country: 'US' },
      selectedShippingOption: { code: slot?.code as string },
    });
    expect(express.priceSummary?.shipping?.amount).toBe('15');
    expect(express.shippingInfo?.selectedCarrierServiceOption?.logistics?.deliveryTimeSlot).toEqual(
      slot?.logistics?.deliveryTimeSlot,
    );

    const fr = await estimateCurrentCartTotals(client, { shippingAddress: { country: 'FR' } });
    expect(
      fr.shippingInfo?.carrierServiceOptions?.flatMap((c) => c.shippingOptions ?? []).map((o) => o.code),
    ).toEqual(['international']);
    expect(fr.priceSummary?.shipping?.amount).toBe('20');

    await updateCurrentCart(client, { couponCode: 'FREESHIP' });
    const free = await estimateCurrentCartTotals(client, { shippingAddress: { country: 'FR' } });
    expect(free.priceSummary?.shipping?.amount).toBe('0');
    expect(free.appliedDiscounts?.[0]).toMatchObject({
      discountType: 'SHIPPING',
      coupon: { code: 'FREESHIP', amount: { amount: '20' } },
    });

    const bad = await rejection(estimateCurrentCartTotals(client, { shippingAddress: { country: 'usa' } }));
    expect(bad.message).toBe(
      'INVALID_ARGUMENT: "shippingAddress.country" must be a 2-letter ISO country code such as "US"',
    );
  });

  it('merchant discounts need an elevated call', async () => {
    const h = apiHarness();
    const { client, tokens } = await h.visitor();
    await addToCurrentCart(client, { lineItems: [storeLineItem(h.productId('pothos-plant'), 1)] });
    const refused = await rejection(updateCurrentCart(client, { merchantDiscounts: [{ amount: '5' }] }));
    expect(refused.status).toBe(403);
    const elevated = h.client(accessTokenAuth(`${tokens.access_token},${h.sandbox.context.apiKey}`));
    await updateCurrentCart(elevated, { merchantDiscounts: [{ amount: '5' }] });
    const totals = await estimateCurrentCartTotals(client, {});
    expect(totals.priceSummary?.discount?.amount).toBe('5');
    expect(totals.appliedDiscounts?.[0]?.merchantDiscount).toMatchObject({
      amount: { amount: '5' },
      percentage: 17.86,
    });
  });
});

describe('checkout', () => {
  it('creates a checkout, opens the hosted checkout through a redirect session and places the order', async () => {
    const h = apiHarness();
    const { client } = await h.visitor();
    const mug = h.productId('stoneware-mug');
    await addToCurrentCart(client, { lineItems: [storeLineItem(mug, 2)] });
    const { checkoutId } = await createCheckoutFromCurrentCart(client, { channelType: 'WEB' });
    expect(checkoutId).toMatch(/^[0-9a-f-]{36}$/);
    expect((await getCurrentCart(client)).cart.checkoutId).toBe(checkoutId);

    const created = vi.fn();
    client.on('redirectSession.created', created);
    const { redirectSession } = await createRedirectSession(client, {
      ecomCheckout: { checkoutId },
      callbacks: { postFlowUrl: 'http://localhost:4000/', thankYouPageUrl: 'http://localhost:4000/thanks' },
    });
    expect(created).toHaveBeenCalledTimes(1);
    expect(redirectSession.fullUrl).toBe(
      `https://sandbox.test/_hosted/checkout?session=${redirectSession.id}`,
    );
    expect(redirectSession.urlDetails).toEqual({
      endpoint: 'https://sandbox.test/_hosted/checkout',
      searchParams: { session: redirectSession.id },
    });

    const page = await h.sandbox.fetch(redirectSession.fullUrl);
    const html = await page.text();
    expect(html).toContain('Stoneware Mug');
    expect(html).toContain('$36.00');
    // No discount: no discount row.
    expect(html).not.toContain('<td colspan="2">Discount</td>');

    const placed = await h.sandbox.fetch(redirectSession.fullUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=buyer%40example.com',
    });
    expect(placed.status).toBe(303);
    const location = new URL(placed.headers.get('location') as string);
    expect(location.origin + location.pathname).toBe('http://localhost:4000/thanks');
    expect(location.searchParams.get('orderNumber')).toBe('10001');
    expect((await rejection(getCurrentCart(client))).status).toBe(404);
    const stock = h.sandbox.context.state.products.get(mug)?.variants?.[0]?.stock?.quantity;
    expect(stock).toBe(3);
  });

  it('shows a coupon’s discount on the hosted checkout page as what it takes off', async () => {
    const h = apiHarness();
    const { client } = await h.visitor();
    await addToCurrentCart(client, { lineItems: [storeLineItem(h.productId('stoneware-mug'), 2)] });
    await updateCurrentCart(client, { couponCode: 'TENOFF' });
    const { checkoutId } = await createCheckoutFromCurrentCart(client, { channelType: 'WEB' });
    const { redirectSession } = await createRedirectSession(client, {
      ecomCheckout: { checkoutId },
      callbacks: { postFlowUrl: 'http://localhost:4000/' },
    });
    const html = await (await h.sandbox.fetch(redirectSession.fullUrl)).text();
    expect(html).toContain('<td colspan="2">Discount</td><td class="num">−$10.00</td>');
    expect(html).toContain('<td colspan="2">Subtotal</td><td class="num">$36.00</td>');
  });

  it('never oversells: the second buyer of the last mugs is told at the hosted checkout', async () => {
    const h = apiHarness();
    const mug = h.productId('stoneware-mug');
    const buyers = [await h.visitor(), await h.visitor()];
    const sessions = [];
    for (const { client } of buyers) {
      await addToCurrentCart(client, { lineItems: [storeLineItem(mug, 4)] });
      const { checkoutId } = await createCheckoutFromCurrentCart(client, {
        channelType: 'WEB',
        email: 'x@example.com',
      });
      sessions.push(
        (await createRedirectSession(client, { ecomCheckout: { checkoutId } })).redirectSession.fullUrl,
      );
    }
    const post = (url: string) =>
      h.sandbox.fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'email=x%40example.com',
      });
    expect((await post(sessions[0] as string)).status).toBe(200);
    const second = await post(sessions[1] as string);
    expect(second.status).toBe(409);
    expect(await second.text()).toContain('Not enough stock: &quot;Stoneware Mug&quot;: only 1 left');
    expect(h.sandbox.context.state.products.get(mug)?.variants?.[0]?.stock?.quantity).toBe(1);
  });

  it('refuses an empty cart, a bad channel and callbacks off the site’s origins', async () => {
    const h = apiHarness();
    const { client } = await h.visitor();
    expect((await rejection(createCheckoutFromCurrentCart(client, { channelType: 'WEB' }))).status).toBe(404);
    await addToCurrentCart(client, { lineItems: [storeLineItem(h.productId('enamel-pin-set'), 1)] });
    const bad = await rejection(createCheckoutFromCurrentCart(client, { channelType: 'TELEPATHY' as 'WEB' }));
    expect(bad.violations?.[0]?.field).toBe('channelType');
    const { checkoutId } = await createCheckoutFromCurrentCart(client, { channelType: 'WEB' });
    const offSite = await rejection(
      createRedirectSession(client, {
        ecomCheckout: { checkoutId },
        callbacks: { postFlowUrl: 'https://evil.example/' },
      }),
    );
    expect(offSite.message).toContain(
      '"callbacks.postFlowUrl" must be on one of the site\'s allowed origins',
    );
    const other = await h.visitor();
    expect(
      (await rejection(createRedirectSession(other.client, { ecomCheckout: { checkoutId } }))).status,
    ).toBe(404);
  });

  it('escapes product names on the hosted page', async () => {
    const h = apiHarness();
    const pins = h.productId('enamel-pin-set');
    const product = h.sandbox.context.state.products.get(pins);
    if (product) product.name = '<img src=x onerror=alert(1)>';
    const { client } = await h.visitor();
    await addToCurrentCart(client, { lineItems: [storeLineItem(pins, 1)] });
    const { checkoutId } = await createCheckoutFromCurrentCart(client, { channelType: 'WEB' });
    const { redirectSession } = await createRedirectSession(client, { ecomCheckout: { checkoutId } });
    const html = await (await h.sandbox.fetch(redirectSession.fullUrl)).text();
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});

describe('redirect sessions', () => {
  it('accepts every intent, opens a page for each, and needs exactly one intent', async () => {
    const h = apiHarness();
    let { client } = await h.visitor();
    const intents = [
      { login: {} },
      { storesProduct: { productSlug: 'linen-shirt' } },
      { bookingsCheckout: { timezone: 'UTC' } },
      { eventsCheckout: { reservationId: 'r1', eventSlug: 'launch' } },
      { paidPlansCheckout: { planId: 'p1' } },
      { bookingsBook: { resourceId: 'res1' } },
      { membersAccount: { section: 'ORDERS' as const } },
      // Last: the sign-out page revokes this visitor's tokens.
      { logout: { clientId: 'demo-client' } },
    ];
    for (const intent of intents) {
      const { redirectSession } = await createRedirectSession(client, {
        ...intent,
        callbacks: { postFlowUrl: 'http://localhost:4000/' },
      });
      const page = await h.sandbox.fetch(redirectSession.fullUrl, { redirect: 'manual' });
      expect([200, 302], JSON.stringify(intent)).toContain(page.status);
    }
    await expect(getCurrentCart(client)).rejects.toMatchObject({
      status: 401,
      message: 'Invalid access token',
    });
    ({ client } = await h.visitor());
    await expect(createRedirectSession(client, {})).rejects.toThrow(
      'A redirect session needs exactly one intent',
    );
    const badSection = await rejection(
      createRedirectSession(client, { membersAccount: { section: 'KITCHEN' as 'ORDERS' } }),
    );
    expect(badSection.violations?.[0]?.field).toBe('membersAccount.section');
    expect(
      (await rejection(createRedirectSession(client, { storesProduct: { productSlug: 'nope' } }))).status,
    ).toBe(404);
  });
});
