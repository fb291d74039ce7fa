/**
 * Our `getDeliverySolutions` puts on the wire what the official SDK's `deliverySolutions.getDeliverySolutions`
 * puts there for the same request (every field filled): method, path, no query, body, headers. The SDK's
 * request is taken from its global `fetch` (its hosts are hard-coded); the answers are canned.
 */

import { deliverySolutions } from '@wix/ecom';
import { createClient, OAuthStrategy } from '@wix/sdk';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createApiClient,
  type GetDeliverySolutionsRequest,
  getDeliverySolutions,
} from '../../../src/api/index';
import { cannedFetch, type SentRequest } from '../../helpers/api';

const TOKEN = '<accessToken>';
const GUID = (digit: string) =>
  `${digit.repeat(8)}-${digit.repeat(4)}-4${digit.repeat(3)}-8${digit.repeat(3)}-${digit.repeat(12)}`;

const answer = () => Response.json({ deliverySolutions: [], errors: [] });

afterEach(() => {
  vi.unstubAllGlobals();
});

const ADDRESS = { country: 'US', subdivision: 'US-NY', city: 'New York', postalCode: '10001' };

/** The same request in our wire names… */
const REQUEST: GetDeliverySolutionsRequest = {
  lineItems: [
    {
      id: 'line-1',
      name: 'Everyday Cotton Tee',
      quantity: 2,
      catalogReference: {
        appId: '215238eb-22a5-4c36-9e7b-e7c08025e04e',
        catalogItemId: 'c8539b66-7a44-fe18-affc-afec4be8562a',
        options: { options: { Size: 'Medium' } },
      },
      physicalProperties: { weight: 0.25, sku: 'TEE-M', shippable: true },
      totalPrice: '50',
      priceBeforeDiscount: '25',
      totalPriceBeforeDiscount: '50',
      deliveryProfileId: GUID('1'),
      taxIncludedInPrice: false,
      subscriptionSettings: { frequency: 'MONTH' },
    },
  ],
  destination: { ...ADDRESS, addressLine: '5th Ave 1', addressLine2: 'Apt 2' },
  origin: { country: 'US', city: 'Portland', addressLine: '18 Harbour Street' },
  currency: 'USD',
  contactDetails: { firstName: 'Jane', lastName: 'Doe', phone: '+12125550100', email: 'jane@example.com' },
  weightUnit: 'KG',
  userPreferences: [{ code: 'express', appId: GUID('2') }],
  purchaseFlowId: GUID('3'),
  externalReferences: [{ appId: GUID('4'), resourceId: 'pay-link-1' }],
  extendedFields: { namespaces: { _user_fields: { giftNote: 'Happy birthday' } } },
};

/** …and in the SDK's (`_id`, `addressLine1`), split into its two arguments. */
function sdkArguments() {
  const { lineItems, destination, origin, ...rest } = structuredClone(REQUEST);
  const renameLine = ({ addressLine, ...address }: typeof destination) => ({
    ...address,
    addressLine1: addressLine,
  });
  return [
    lineItems.map(({ id, ...item }) => ({ _id: id, ...item })),
    { ...rest, destination: renameLine(destination), origin: renameLine(origin ?? {}) },
  ] as const;
}

describe('our getDeliverySolutions speaks the official SDK’s wire protocol', () => {
  it('sends the same method, path, body and headers', async () => {
    const official: SentRequest[] = [];
    vi.stubGlobal('fetch', cannedFetch(official, answer));
    const wix = createClient({
      modules: { deliverySolutions },
      auth: OAuthStrategy({ clientId: 'demo-client' }),
    });
    wix.auth.setTokens({
      accessToken: { value: TOKEN, expiresAt: Math.floor(Date.now() / 1000) + 3600 },
      refreshToken: { value: 'refresh', role: 'visitor' as never },
    });
    const [lineItems, options] = sdkArguments();
    await wix.deliverySolutions.getDeliverySolutions(lineItems as never, options as never);

    const ours: SentRequest[] = [];
    const client = createApiClient({
      apiBase: 'https://www.wixapis.com',
      auth: { getAuthorization: () => TOKEN },
      fetch: cannedFetch(ours, answer),
    });
    await getDeliverySolutions(client, REQUEST);

    expect(official).toHaveLength(1);
    expect(ours).toHaveLength(1);
    const [sdk, mine] = [official[0] as SentRequest, ours[0] as SentRequest];
    expect({ method: mine.method, path: mine.path, query: mine.query }).toEqual({
      method: sdk.method,
      path: sdk.path,
      query: sdk.query,
    });
    expect(sdk).toMatchObject({
      method: 'POST',
      path: '/_api/delivery-rates/v1/get-delivery-solutions',
      query: '',
    });
    expect(mine.body).toEqual(sdk.body);
    // The SDK adds only its telemetry header (`x-wix-bi-gateway`); the rest is the same.
    const { 'x-wix-bi-gateway': telemetry, ...sdkHeaders } = Object.fromEntries(sdk.headers);
    expect(telemetry).toContain('method-fqn=wix.ecom.deliveryprofile.v1.DeliveryRates.GetDeliverySolutions');
    const myHeaders = Object.fromEntries(mine.headers);
    expect(myHeaders).toEqual(sdkHeaders);
    expect(myHeaders).toMatchObject({ authorization: TOKEN, 'content-type': 'application/json' });
  });
});
