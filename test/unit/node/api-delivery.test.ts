import { describe, expect, it } from 'vitest';
import {
  addToCurrentCart,
  calculateCurrentCartV2,
  type DeliverableItem,
  type EstimateTotalsResponse,
  estimateCurrentCartTotals,
  getCurrentCartV2,
  getDeliverySolutions,
  isApiError,
  isValidationError,
  setDeliveryMethodForCurrentCartV2,
  storeLineItem,
  updateCurrentCart,
  updateCurrentCartV2,
} from '../../../src/api/index';
import { apiHarness, NY } from '../../helpers/api';

/**
 * Delivery solutions (`getDeliverySolutions`) against the in-process sandbox: the options v1's
 * `estimate-totals` offers for the same items and address, with the same codes, carriers, logistics and
 * prices; the codes are the ones Cart V2's `set-delivery-method` takes.
 */

type Harness = ReturnType<typeof apiHarness>;

async function cartWith(h: Harness, items: Array<[string, number]>) {
  const { client } = await h.visitor();
  await addToCurrentCart(client, {
    lineItems: items.map(([slug, q]) => storeLineItem(h.productId(slug), q)),
  });
  return client;
}

/** The cart's lines as deliverable items, each with its total after discounts as v1 computed it. */
function deliverableItems(estimate: EstimateTotalsResponse): DeliverableItem[] {
  return (estimate.cart?.lineItems ?? []).map((line) => {
    const calculated = estimate.calculatedLineItems?.find((c) => c.lineItemId === line.id);
    return {
      id: line.id as string,
      name: line.productName?.original as string,
      quantity: line.quantity as number,
      catalogReference: line.catalogReference as NonNullable<typeof line.catalogReference>,
      physicalProperties: { shippable: true },
      totalPrice: calculated?.pricesBreakdown?.totalPriceBeforeTax?.amount as string,
    };
  });
}

/** v1's offered options, flat, as what a delivery solution of each should say. */
const v1Options = (estimate: EstimateTotalsResponse) =>
  (estimate.shippingInfo?.carrierServiceOptions ?? []).flatMap((carrier) =>
    (carrier.shippingOptions ?? []).map((option) => ({
      code: option.code,
      appId: carrier.carrierId,
      title: option.title,
      logistics: option.logistics,
      price: option.cost?.price?.amount,
    })),
  );

async function rejection(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

describe('getDeliverySolutions against the sandbox', () => {
  it.each([
    ['one pin set (standard 5)', [['enamel-pin-set', 1]], undefined, '5'],
    ['three plants, 84 (standard free over 75)', [['pothos-plant', 3]], undefined, '0'],
    ['three plants with TENOFF, 74 (standard 5 again)', [['pothos-plant', 3]], 'TENOFF', '5'],
  ] as Array<[string, Array<[string, number]>, string | undefined, string]>)(
    'offers the US what v1 estimate-totals offers for the same items: %s',
    async (_, items, coupon, standard) => {
      const h = apiHarness();
      const client = await cartWith(h, items);
      if (coupon) await updateCurrentCart(client, { couponCode: coupon });
      const estimate = await estimateCurrentCartTotals(client, { shippingAddress: NY });
      const { deliverySolutions = [], errors } = await getDeliverySolutions(client, {
        lineItems: deliverableItems(estimate),
        destination: NY,
        currency: 'USD',
      });
      expect(errors).toEqual([]);
      const expected = v1Options(estimate);
      expect(expected.map((o) => o.code?.split(':')[0])).toEqual([
        'standard',
        'express',
        'express',
        'express',
        'store-pickup',
      ]);
      expect(expected[0]?.price).toBe(standard);
      expect(
        deliverySolutions.map((s) => ({
          code: s.deliveryReference?.code,
          appId: s.deliveryReference?.appId,
          title: s.title,
          logistics: s.logistics,
          price: s.cost?.price,
        })),
      ).toEqual(expected);
      for (const s of deliverySolutions) {
        expect(s.code).toBe(s.deliveryReference?.code);
        expect(s.cost).toMatchObject({
          currency: 'USD',
          deliveryPrice: { amount: s.cost?.price, formattedAmount: expect.stringMatching(/^\$/) },
          additionalCosts: [],
        });
        expect(s.deliveryAllocations).toEqual([
          { deliveryCarrier: { appId: s.deliveryReference?.appId, code: s.deliveryReference?.code } },
        ]);
        expect(s.partial).toBe(false);
      }
    },
  );

  it('prices standard at 5 under the free-shipping threshold and at 0 from it, by the items’ totals', async () => {
    const h = apiHarness();
    const { client } = await h.visitor();
    const price = async (totalPrice: string) => {
      const { deliverySolutions = [] } = await getDeliverySolutions(client, {
        lineItems: [{ id: 'a', quantity: 2, totalPrice }],
        destination: { country: 'US' },
        currency: 'USD',
      });
      return deliverySolutions.find((s) => s.deliveryReference?.code === 'standard')?.cost?.price;
    };
    expect(await price('74.99')).toBe('5');
    expect(await price('75')).toBe('0');
    // Without totalPrice, the deprecated unit price times the quantity.
    const { deliverySolutions = [] } = await getDeliverySolutions(client, {
      lineItems: [{ id: 'a', quantity: 3, price: '25' }],
      destination: { country: 'US' },
      currency: 'USD',
    });
    expect(deliverySolutions.find((s) => s.deliveryReference?.code === 'standard')?.cost?.price).toBe('0');
  });

  it('gives express its time slots and store pickup its address and instructions', async () => {
    const h = apiHarness();
    const { client } = await h.visitor();
    const { deliverySolutions = [] } = await getDeliverySolutions(client, {
      lineItems: [{ id: 'a', quantity: 1, totalPrice: '10' }],
      destination: NY,
      currency: 'USD',
    });
    const slots = deliverySolutions.filter((s) => s.deliveryReference?.code?.startsWith('express:'));
    expect(slots.map((s) => s.logistics?.deliveryTimeSlot?.from?.slice(11))).toEqual([
      '09:00:00.000Z',
      '12:00:00.000Z',
      '15:00:00.000Z',
    ]);
    expect(slots.map((s) => s.cost?.price)).toEqual(['15', '15', '15']);
    const pickup = deliverySolutions.find((s) => s.deliveryReference?.code === 'store-pickup');
    const seeded = h.sandbox.context.state.shippingOptions.find((o) => o.code === 'store-pickup')?.pickup;
    expect(seeded?.address.city).toBe('Portland');
    expect(pickup).toMatchObject({
      title: 'Store pickup',
      logistics: {
        deliveryTime: 'Ready in 2 hours',
        instructions: seeded?.instructions,
        pickupDetails: { pickupMethod: 'STORE_PICKUP', address: seeded?.address },
      },
      cost: { price: '0' },
    });
    expect(pickup?.deliveryReference?.appId).not.toBe(slots[0]?.deliveryReference?.appId);
  });

  it('answers with codes that Cart V2 set-delivery-method takes, at the same price', async () => {
    const h = apiHarness();
    const client = await cartWith(h, [['enamel-pin-set', 2]]);
    await updateCurrentCartV2(client, { deliveryInfo: { address: NY } });
    const { cart } = await getCurrentCartV2(client);
    const { deliverySolutions = [] } = await getDeliverySolutions(client, {
      lineItems: (cart.lineItems ?? []).map((line) => ({
        id: line.id as string,
        quantity: line.quantityInfo?.confirmedQuantity as number,
        totalPrice: line.pricing?.totalPrice?.amount as string,
      })),
      destination: NY,
      currency: 'USD',
    });
    for (const solution of deliverySolutions) {
      const reference = solution.deliveryReference as { code: string; appId: string };
      await setDeliveryMethodForCurrentCartV2(client, reference);
      const { summary } = await calculateCurrentCartV2(client);
      expect([reference.code, summary.deliverySummary?.price?.amount]).toEqual([
        reference.code,
        solution.cost?.price,
      ]);
    }
  });

  it('offers international elsewhere, and nothing where no option serves or nothing ships', async () => {
    const h = apiHarness();
    const { client } = await h.visitor();
    const items = [{ id: 'a', quantity: 1, totalPrice: '10' }];
    const france = await getDeliverySolutions(client, {
      lineItems: items,
      destination: { country: 'FR' },
      currency: 'USD',
    });
    expect(france.deliverySolutions?.map((s) => [s.deliveryReference?.code, s.cost?.price])).toEqual([
      ['international', '20'],
    ]);

    const digital = await getDeliverySolutions(client, {
      lineItems: [{ id: 'e', quantity: 1, totalPrice: '9', physicalProperties: { shippable: false } }],
      destination: NY,
      currency: 'USD',
    });
    expect(digital).toEqual({ deliverySolutions: [], errors: [] });

    const state = h.sandbox.context.state;
    state.shippingOptions = state.shippingOptions.filter((s) => !s.countries.includes('*'));
    const none = await getDeliverySolutions(client, {
      lineItems: items,
      destination: { country: 'FR' },
      currency: 'USD',
    });
    expect(none).toEqual({ deliverySolutions: [], errors: [] });
  });

  it('takes visitor and member tokens and the API key, on both spellings of the path; no token is a 401', async () => {
    const h = apiHarness();
    const request = {
      lineItems: [{ id: 'a', quantity: 1, totalPrice: '10' }],
      destination: NY,
      currency: 'USD',
    };
    const member = h.member('jane@example.com').client;
    for (const client of [(await h.visitor()).client, member, h.merchant()]) {
      expect((await getDeliverySolutions(client, request)).deliverySolutions).toHaveLength(5);
    }
    const { access_token } = await h.anonymousTokens();
    const other = await h.call('POST', '/delivery-rates/v1/get-delivery-solutions', {
      body: request,
      headers: { authorization: access_token },
    });
    expect(other.status).toBe(200);
    expect(other.json.deliverySolutions).toHaveLength(5);
    const anonymous = await h.call('POST', '/_api/delivery-rates/v1/get-delivery-solutions', {
      body: request,
    });
    expect(anonymous.status).toBe(401);
  });

  it('answers the platform’s validation errors for what the SDK marks required, and REQUIRED_COUNTRY', async () => {
    const h = apiHarness();
    const { client } = await h.visitor();
    const fields = (error: unknown) =>
      isValidationError(error) ? error.violations.map((v) => [v.field, v.violatedRule]) : error;

    const empty = await rejection(getDeliverySolutions(client, {} as never));
    expect(empty).toMatchObject({ status: 400 });
    expect(fields(empty)).toEqual([
      ['currency', 'REQUIRED_FIELD'],
      ['destination', 'REQUIRED_FIELD'],
      ['lineItems', 'REQUIRED_FIELD'],
    ]);

    const request = { destination: NY, currency: 'USD' };
    expect(fields(await rejection(getDeliverySolutions(client, { ...request, lineItems: [] })))).toEqual([
      ['lineItems', 'MIN_SIZE'],
    ]);
    const many = Array.from({ length: 301 }, (_, i) => ({ id: `l${i}`, quantity: 1 }));
    expect(fields(await rejection(getDeliverySolutions(client, { ...request, lineItems: many })))).toEqual([
      ['lineItems', 'MAX_SIZE'],
    ]);
    expect(
      (await getDeliverySolutions(client, { ...request, lineItems: many.slice(0, 300) })).deliverySolutions,
    ).toHaveLength(5);
    expect(
      fields(
        await rejection(
          getDeliverySolutions(client, {
            lineItems: [{ id: 'a', quantity: 0, totalPrice: '-1' }],
            destination: { country: 'usa' },
            currency: 'usd',
          }),
        ),
      ),
    ).toEqual([
      ['currency', 'FORMAT'],
      ['destination.country', 'FORMAT'],
      ['lineItems[0].quantity', 'MAX'],
      ['lineItems[0].totalPrice', 'DECIMAL_GTE'],
    ]);
    expect(
      fields(
        await rejection(
          getDeliverySolutions(client, { ...request, currency: 'EUR', lineItems: many.slice(0, 1) }),
        ),
      ),
    ).toEqual([['currency', 'VALIDATION']]);

    const noCountry = await rejection(
      getDeliverySolutions(client, {
        lineItems: many.slice(0, 1),
        destination: { city: 'Paris' },
        currency: 'USD',
      }),
    );
    expect(isApiError(noCountry) && [noCountry.status, noCountry.code]).toEqual([400, 'REQUIRED_COUNTRY']);
  });
});
