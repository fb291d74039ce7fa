import { CURRENT_CART_V2 } from './cart-current';
import { storeCatalogReference } from './catalog-reference';
import { type ApiError, isApiError } from './errors';
import type { ApiClient } from './http';
import { checkNavigationUrl } from './safe-url';
import { seg } from './seg';
import type {
  AddLineItemsV2Options,
  CartV2ErrorCode,
  CartV2ErrorData,
  CartV2Input,
  CartV2Response,
  CartV2SummaryResponse,
  CatalogItemInput,
  CreateCurrentCartV2Options,
  DeliveryMethodInput,
  EstimateCurrentCartV2Options,
  GiftCardInput,
  LineItemUpdateV2,
  PlaceOrderV2Options,
  PlaceOrderV2Response,
  UpsellOptionsV2Response,
} from './types/cart-v2';

/**
 * Cart V2: the current cart service that replaces v1's on 2027-02-01 (`../shared/wire/CART-V2.md`). The
 * same cart as v1's, by the same visitor or member token. Every call answers the whole response
 * (`{cart}` or `{cart, summary}`), as the official SDK does.
 */
const CURRENT = CURRENT_CART_V2;

export { findCurrentCartV2, getCurrentCartV2 } from './cart-current';

const CARTS = '/ecom/v2/carts';

const post = <T>(client: ApiClient, path: string, body: unknown = {}) =>
  client.request<T>({ method: 'POST', path: `${CURRENT}${path}`, body });

/**
 * A new current cart, with its fields, items, coupon, delivery method and gift card in one call; it
 * replaces the caller's current cart.
 *
 * @example
 * const { cart } = await createCurrentCartV2(client, {
 *   cart: { deliveryInfo: { address: { country: 'US', postalCode: '10001' } } },
 *   catalogItems: [storeCatalogItem(productId, 1, { options: { Size: 'M' } })],
 *   coupons: [{ code: 'SAVE10' }],
 *   deliveryMethod: { code: 'standard' },
 * });
 */
export const createCurrentCartV2 = (
  client: ApiClient,
  options: CreateCurrentCartV2Options = {},
): Promise<CartV2Response> =>
  client.request<CartV2Response>({ method: 'POST', path: CURRENT, body: options });

/**
 * Changes the cart's own fields (note, customer, delivery address, billing, location…): partial, no field
 * mask. Lines, coupons, gift cards and the delivery method have their own calls.
 *
 * @example
 * await updateCurrentCartV2(client, { note: 'Leave at the door', deliveryInfo: { address: { country: 'US' } } });
 */
export const updateCurrentCartV2 = (client: ApiClient, cart: CartV2Input): Promise<CartV2Response> =>
  client.request<CartV2Response>({ method: 'PATCH', path: CURRENT, body: { cart } });

/**
 * Deletes the current cart.
 *
 * @example
 * await deleteCurrentCartV2(client);
 */
export async function deleteCurrentCartV2(client: ApiClient): Promise<void> {
  await client.request<Record<string, never>>({ method: 'DELETE', path: CURRENT });
}

/**
 * The cart with the catalogue's latest prices and stock.
 *
 * @example
 * const { cart } = await refreshCurrentCartV2(client);
 */
export const refreshCurrentCartV2 = (client: ApiClient): Promise<CartV2Response> =>
  post<CartV2Response>(client, '/refresh');

/**
 * The full calculation (delivery, tax, fees, gift card) in `summary`, with the `priceVerificationToken` to
 * pass to `placeOrderFromCartV2`. Inputs come from the cart: its delivery address and method.
 *
 * @example
 * const { summary } = await calculateCurrentCartV2(client);
 * show(summary.priceSummary?.total?.amount);
 */
export const calculateCurrentCartV2 = (
  client: ApiClient,
  options: { refreshCart?: boolean } = {},
): Promise<CartV2SummaryResponse> => post<CartV2SummaryResponse>(client, '/calculate', options);

/**
 * A preview of the totals with only the components asked for (each flag defaults to false).
 *
 * @example
 * const { summary } = await estimateCurrentCartV2(client, { calculateDelivery: true, calculateTax: true });
 */
export const estimateCurrentCartV2 = (
  client: ApiClient,
  options: EstimateCurrentCartV2Options = {},
): Promise<CartV2SummaryResponse> => post<CartV2SummaryResponse>(client, '/estimate', options);

/**
 * Adds catalogue or custom items; creates the cart when there is none. An item asked for beyond the stock
 * is held at `confirmedQuantity = min(requested, available)` with `status` PARTIALLY_IN_STOCK.
 *
 * @example
 * const { cart } = await addLineItemsToCurrentCartV2(client, {
 *   catalogItems: [storeCatalogItem(productId, 2, { variantId })],
 * });
 */
export const addLineItemsToCurrentCartV2 = (
  client: ApiClient,
  options: AddLineItemsV2Options,
): Promise<CartV2Response> => post<CartV2Response>(client, '/add-line-items', options);

/**
 * Removes lines by id (1 to 100).
 *
 * @example
 * await removeLineItemsFromCurrentCartV2(client, [line.id]);
 */
export const removeLineItemsFromCurrentCartV2 = (
  client: ApiClient,
  lineItemIds: string[],
): Promise<CartV2Response> => post<CartV2Response>(client, '/remove-line-items', { lineItemIds });

/**
 * Changes lines' quantities (1 to 100 lines, each once).
 *
 * @example
 * await updateLineItemsInCurrentCartV2(client, [{ lineItemId: line.id, quantity: { newQuantity: 3 } }]);
 */
export const updateLineItemsInCurrentCartV2 = (
  client: ApiClient,
  lineItems: LineItemUpdateV2[],
): Promise<CartV2Response> => post<CartV2Response>(client, '/update-line-items', { lineItems });

/**
 * Applies a coupon by its code (one per cart).
 *
 * @example
 * const { cart } = await addCouponToCurrentCartV2(client, 'SAVE10');
 * const couponId = cart.coupons?.[0]?.id;
 */
export const addCouponToCurrentCartV2 = (client: ApiClient, code: string): Promise<CartV2Response> =>
  post<CartV2Response>(client, '/add-coupon', { coupon: { code } });

/**
 * Removes the coupon by its id on the cart (`cart.coupons[0].id`), not by its code.
 *
 * @example
 * await removeCouponFromCurrentCartV2(client, cart.coupons[0].id);
 */
export const removeCouponFromCurrentCartV2 = (client: ApiClient, couponId: string): Promise<CartV2Response> =>
  post<CartV2Response>(client, '/remove-coupon', { couponId });

/**
 * Chooses the delivery method, one offered to the cart's delivery address (set it first with
 * `updateCurrentCartV2`).
 *
 * @example
 * await setDeliveryMethodForCurrentCartV2(client, { code: 'standard' });
 */
export const setDeliveryMethodForCurrentCartV2 = (
  client: ApiClient,
  deliveryMethod: DeliveryMethodInput,
): Promise<CartV2Response> => post<CartV2Response>(client, '/set-delivery-method', { deliveryMethod });

/**
 * Clears the delivery method.
 *
 * @example
 * await removeDeliveryMethodFromCurrentCartV2(client);
 */
export const removeDeliveryMethodFromCurrentCartV2 = (client: ApiClient): Promise<CartV2Response> =>
  post<CartV2Response>(client, '/remove-delivery-method');

/**
 * Adds a gift card (one per cart); its balance is taken off in the summary's `paymentSummary`.
 *
 * @example
 * await addGiftCardToCurrentCartV2(client, { code: 'GIFT12345678', redeemAmount: { amount: '10' } });
 */
export const addGiftCardToCurrentCartV2 = (
  client: ApiClient,
  giftCard: GiftCardInput,
): Promise<CartV2Response> => post<CartV2Response>(client, '/add-gift-card', { giftCard });

/**
 * Removes the gift card by its id on the cart (`cart.paymentInfo.giftCards[0].id`).
 *
 * @example
 * await removeGiftCardFromCurrentCartV2(client, cart.paymentInfo.giftCards[0].id);
 */
export const removeGiftCardFromCurrentCartV2 = (
  client: ApiClient,
  giftCardId: string,
): Promise<CartV2Response> => post<CartV2Response>(client, '/remove-gift-card', { giftCardId });

/**
 * Names the form submissions that belong to the cart.
 *
 * @example
 * await updateFormSubmissionsInCurrentCartV2(client, [{ id: formId, formSubmissionId }]);
 */
export const updateFormSubmissionsInCurrentCartV2 = (
  client: ApiClient,
  formSubmissions: Array<{ id: string; formSubmissionId: string }>,
): Promise<CartV2Response> => post<CartV2Response>(client, '/update-forms-submission', { formSubmissions });

/**
 * Upsell suggestions per line (a method the official SDK has at runtime only).
 *
 * @example
 * const { itemsUpsells } = await getUpsellOptionsForCurrentCartV2(client);
 */
export const getUpsellOptionsForCurrentCartV2 = (client: ApiClient): Promise<UpsellOptionsV2Response> =>
  client.request<UpsellOptionsV2Response>({ method: 'GET', path: `${CURRENT}/upsell-options` });

/**
 * Places the order of a cart by its id (V2 has no checkout step). Pass the `priceVerificationToken` of the
 * last `calculateCurrentCartV2` so the order is refused (`CART_PRICES_OUT_OF_SYNC`) if prices moved.
 *
 * @example
 * const { cart, summary } = await calculateCurrentCartV2(client);
 * const { orderId } = await placeOrderFromCartV2(client, cart.id!, {
 *   priceVerificationToken: summary.priceVerificationToken ?? undefined,
 * });
 */
export const placeOrderFromCartV2 = (
  client: ApiClient,
  cartId: string,
  options: PlaceOrderV2Options = {},
): Promise<PlaceOrderV2Response> =>
  client.request<PlaceOrderV2Response>({
    method: 'POST',
    path: `${CARTS}/${seg(cartId)}/place-order`,
    body: { cartId, ...options },
  });

/**
 * The address of the platform's hosted checkout page for a cart (or the cart's `customCheckoutUrl`), to
 * send the shopper to. One that is not `https:` (or `http:` on a loopback host) is refused with an
 * `UnsafeUrlError` (`checkNavigationUrl`).
 *
 * @example
 * const { checkoutUrl } = await getCheckoutUrlForCartV2(client, cart.id!);
 * location.assign(checkoutUrl);
 */
export async function getCheckoutUrlForCartV2(
  client: ApiClient,
  cartId: string,
  options: { currencyCode?: string } = {},
): Promise<{ checkoutUrl: string }> {
  const res = await client.request<{ checkoutUrl: string }>({
    method: 'POST',
    path: `${CARTS}/${seg(cartId)}/get-checkout-url`,
    body: { cartId, ...options },
  });
  checkNavigationUrl(res.checkoutUrl);
  return res;
}

/**
 * A store product as a V2 catalogue item, by variant id or by option choices (WIRE.md 5).
 *
 * @example
 * await addLineItemsToCurrentCartV2(client, { catalogItems: [storeCatalogItem(id, 1, { options: { Size: 'Medium' } })] });
 */
export function storeCatalogItem(
  productId: string,
  quantity: number,
  variant?: { variantId: string } | { options: Record<string, string> },
): CatalogItemInput {
  return { catalogReference: storeCatalogReference(productId, variant), quantity };
}

/** A Cart V2 application error, with its code's typed `data`. */
export type CartV2Error<C extends CartV2ErrorCode = CartV2ErrorCode> = ApiError & {
  code: C;
  applicationError: {
    code: C;
    description: string;
    data?: C extends keyof CartV2ErrorData ? CartV2ErrorData[C] : Record<string, unknown>;
  };
};

/**
 * Whether an error is a Cart V2 application error (of one code, when given), with its `data` typed.
 *
 * @example
 * catch (error) {
 *   if (isCartV2Error(error, 'INSUFFICIENT_INVENTORY'))
 *     showLeft(error.applicationError.data?.invalidItems?.[0]?.availableQuantity);
 * }
 */
export function isCartV2Error<C extends CartV2ErrorCode>(error: unknown, code?: C): error is CartV2Error<C> {
  return (
    isApiError(error) && error.applicationError !== undefined && (code === undefined || error.code === code)
  );
}
