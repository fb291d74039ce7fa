import type { ApiClient } from './http';
import type { GetDeliverySolutionsRequest, GetDeliverySolutionsResponse } from './types/delivery';

/**
 * The path the official SDK (`@wix/ecom` `deliverySolutions`) sends on `www.wixapis.com`, on the edge host and
 * on a host of its own (`host.apiBaseUrl`) alike: its domain mapping for `www.wixapis.com` is `/_api/delivery-rates`.
 */
const DELIVERY_SOLUTIONS_PATH = '/_api/delivery-rates/v1/get-delivery-solutions';

/**
 * The delivery options of every carrier for some items and an address (Cart V2 keeps only the chosen one):
 * standard, express by time slot, store pickup with its address, international… each with its cost for
 * these items. Pass a solution's `deliveryReference` to `setDeliveryMethodForCurrentCartV2` to choose it.
 * An address no carrier serves gets `deliverySolutions: []`; one without a country a 400 `ApiError` with code
 * `REQUIRED_COUNTRY` (`DeliverySolutionsErrorCode`).
 *
 * @example
 * const { cart } = await getCurrentCartV2(client);
 * const { deliverySolutions = [] } = await getDeliverySolutions(client, {
 *   lineItems: (cart.lineItems ?? []).map((line) => ({
 *     id: line.id,
 *     quantity: line.quantityInfo?.confirmedQuantity,
 *     catalogReference: line.source?.catalogReference,
 *     totalPrice: line.pricing?.totalPrice?.amount,
 *   })),
 *   destination: { country: 'US', subdivision: 'US-NY', postalCode: '10001' },
 *   currency: 'USD',
 * });
 * const pickup = deliverySolutions.find((s) => s.logistics?.pickupDetails);
 * if (pickup?.deliveryReference?.code)
 *   await setDeliveryMethodForCurrentCartV2(client, { code: pickup.deliveryReference.code });
 */
export const getDeliverySolutions = (
  client: ApiClient,
  options: GetDeliverySolutionsRequest,
): Promise<GetDeliverySolutionsResponse> =>
  client.request<GetDeliverySolutionsResponse>({
    method: 'POST',
    path: DELIVERY_SOLUTIONS_PATH,
    body: options,
  });
