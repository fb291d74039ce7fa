/**
 * The platform's own SDK for delivery solutions (`deliverySolutions.getDeliverySolutions` of @wix/ecom) against
 * the sandbox, with a visitor's tokens, the API key and a host of its own. As in official-sdk.test.ts, this file
 * routes the global `fetch` (the SDK's hosts are hard-coded) to the in-process sandbox.
 */

import { deliverySolutions } from '@wix/ecom';
import { ApiKeyStrategy, createClient, OAuthStrategy } from '@wix/sdk';
import { describe, expect, it } from 'vitest';
import { STORES_APP_ID } from '../../../src/api/index';
import { officialSdkSandbox } from '../../helpers/official-sdk';

const PINS = '305a84b8-aa56-4d18-acbe-b8caca228527';
const PATH = '/_api/delivery-rates/v1/get-delivery-solutions';

const sdk = officialSdkSandbox(['sandbox.test']);

const ITEMS = [
  {
    _id: 'line-1',
    name: 'Enamel Pin Set',
    quantity: 2,
    catalogReference: { appId: STORES_APP_ID, catalogItemId: PINS },
    physicalProperties: { weight: 0.1, shippable: true },
    totalPrice: '24',
  },
];
const OPTIONS = {
  destination: {
    country: 'US',
    subdivision: 'US-NY',
    city: 'New York',
    postalCode: '10001',
    addressLine1: '5th Ave 1',
  },
  currency: 'USD',
};

async function visitorClient(extra: { host?: { apiBaseUrl: string }; useCDN?: boolean } = {}) {
  const wix = createClient({
    modules: { deliverySolutions },
    auth: OAuthStrategy({ clientId: 'demo-client' }),
    ...extra,
  });
  wix.auth.setTokens(await wix.auth.generateVisitorTokens());
  return wix;
}

describe('the official delivery solutions SDK against the sandbox', () => {
  it('lists the US options to a visitor, in the SDK’s own shapes', async () => {
    const wix = await visitorClient();
    const { deliverySolutions: solutions = [], errors } = await wix.deliverySolutions.getDeliverySolutions(
      ITEMS,
      OPTIONS,
    );
    expect(errors).toEqual([]);
    expect(solutions.map((s) => [s.deliveryReference?.code?.split(':')[0], s.cost?.price])).toEqual([
      ['standard', '5'],
      ['express', '15'],
      ['express', '15'],
      ['express', '15'],
      ['store-pickup', '0'],
    ]);
    const pickup = solutions.find((s) => s.code === 'store-pickup');
    // The SDK renames the pickup address's `addressLine` to `addressLine1`.
    expect(pickup?.logistics?.pickupDetails).toMatchObject({
      pickupMethod: 'STORE_PICKUP',
      address: { addressLine1: '18 Harbour Street', city: 'Portland', country: 'US' },
    });
    const slot = solutions.find((s) => s.code?.startsWith('express:'))?.logistics?.deliveryTimeSlot;
    // …and the time slot's ISO strings to Dates.
    expect(slot?.from).toBeInstanceOf(Date);
    expect(slot?.from?.toISOString()).toMatch(/T09:00:00\.000Z$/);
    expect(solutions[0]?.deliveryReference?.appId).toMatch(/^[0-9a-f-]{36}$/);
    expect(sdk.seen.filter((s) => s.endsWith('solutions'))).toEqual([`POST edge.wixapis.com${PATH}`]);
  });

  it('answers the API key on www.wixapis.com, and a client with a host of its own on the same path', async () => {
    const merchant = createClient({
      modules: { deliverySolutions },
      auth: ApiKeyStrategy({
        apiKey: sdk.harness.sandbox.context.apiKey,
        siteId: sdk.harness.sandbox.context.state.store.siteId,
      }),
    });
    const abroad = await merchant.deliverySolutions.getDeliverySolutions(ITEMS, {
      ...OPTIONS,
      destination: { country: 'FR' },
    });
    expect(abroad.deliverySolutions?.map((s) => [s.code, s.title, s.cost?.price])).toEqual([
      ['international', 'International shipping', '20'],
    ]);

    const hosted = await visitorClient({ host: { apiBaseUrl: 'sandbox.test' }, useCDN: false });
    expect(
      (await hosted.deliverySolutions.getDeliverySolutions(ITEMS, OPTIONS)).deliverySolutions,
    ).toHaveLength(5);
    expect(sdk.seen.filter((s) => s.endsWith('solutions'))).toEqual([
      `POST www.wixapis.com${PATH}`,
      `POST sandbox.test${PATH}`,
    ]);
  });

  it('rejects what the SDK marks required with the platform’s validation error, and a country-less address', async () => {
    const wix = await visitorClient();
    await expect(wix.deliverySolutions.getDeliverySolutions([], OPTIONS)).rejects.toMatchObject({
      details: { validationError: { fieldViolations: [{ field: 'lineItems', violatedRule: 'MIN_SIZE' }] } },
    });
    await expect(
      wix.deliverySolutions.getDeliverySolutions(ITEMS, { destination: { city: 'Paris' }, currency: 'USD' }),
    ).rejects.toMatchObject({ details: { applicationError: { code: 'REQUIRED_COUNTRY' } } });
  });
});
