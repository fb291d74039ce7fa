import {
  addCouponToCurrentCartV2,
  addLineItemsToCurrentCartV2,
  estimateCurrentCartV2,
  getCheckoutUrlForCartV2,
  removeCouponFromCurrentCartV2,
  removeLineItemsFromCurrentCartV2,
  setDeliveryMethodForCurrentCartV2,
  storeCatalogItem,
  updateCurrentCartV2,
  updateLineItemsInCurrentCartV2,
} from '../api/cart-v2';
import { getDeliverySolutions } from '../api/delivery';
import type { ApiClient } from '../api/http';
import type { Cart, EstimateTotalsResponse, ShippingOption } from '../api/types/cart';
import type { CartV2, CartV2Response } from '../api/types/cart-v2';
import { addressOf } from './cart-shapes';
import { cartOf, lastOf } from './cart-v2-read';
import type { CartBackend, ShippingChoice } from './types';

/**
 * The cart on the platform's Cart V2 (`/ecom/v2/carts/current…`, CART-V2.md), downloaded only by pages with
 * `data-cart-api="v2"`. Its answers become the widgets' one view of a cart (v1's `Cart` shape, `CartBackend`):
 *
 * - a line's quantity is what the shopper gets (`confirmedQuantity`, the requested one when none is left), its
 *   price the line's `totalPrice`, and a line short of stock says so in `availability` as v1's does;
 * - the coupon is removed by its id, and a new code replaces the cart's coupon (V2 holds one), as on v1;
 * - the delivery address and method live on the cart (PATCH and `set-delivery-method`); the options for an
 *   address come from the platform's delivery solutions, and the totals from `/estimate` (delivery, tax, fees);
 * - an ordered cart (V2 still shows it) is no cart: the next add starts a new one;
 * - the checkout is the platform's checkout page for the cart (`get-checkout-url`): V2 has no checkout entity,
 *   so `checkout:started` names the cart's id.
 */

export function service(api: ApiClient, read: CartBackend['read']): CartBackend {
  const last = () => lastOf.get(api) ?? null;
  const take = async (answer: Promise<CartV2Response>) => {
    const { cart } = await answer;
    lastOf.set(api, cart);
    return cartOf(cart) as Cart;
  };
  const couponOf = (shown: Cart | null) =>
    last()?.coupons?.[0] ?? shown?.appliedDiscounts?.find((d) => d.coupon)?.coupon;

  return {
    read,
    add: (productId, quantity, variant) =>
      take(
        addLineItemsToCurrentCartV2(api, { catalogItems: [storeCatalogItem(productId, quantity, variant)] }),
      ),
    setQuantity: (lineId, quantity) =>
      take(
        updateLineItemsInCurrentCartV2(api, [{ lineItemId: lineId, quantity: { newQuantity: quantity } }]),
      ),
    remove: (lineId) => take(removeLineItemsFromCurrentCartV2(api, [lineId])),

    /** A new code replaces the cart's coupon (V2 holds one); if the new one is refused, the old one is back. */
    async applyCoupon(code, shown) {
      const held = couponOf(shown);
      if (held?.id && held.code?.toLowerCase() === code.toLowerCase()) return (await read()) as Cart;
      if (held?.id) await take(removeCouponFromCurrentCartV2(api, held.id));
      try {
        return await take(addCouponToCurrentCartV2(api, code));
      } catch (error) {
        if (held?.code) await take(addCouponToCurrentCartV2(api, held.code)).catch(() => undefined);
        throw error;
      }
    },
    async removeCoupon(shown) {
      const id = couponOf(shown)?.id;
      return id ? take(removeCouponFromCurrentCartV2(api, id)) : ((await read()) as Cart);
    },

    setNote: (note) => take(updateCurrentCartV2(api, { note })),
    estimate: (choice) => estimate(api, take, choice),

    async checkout(shown) {
      const cartId = shown?.id ?? (await read())?.id;
      const { checkoutUrl } = await getCheckoutUrlForCartV2(api, cartId as string);
      return { checkoutId: cartId as string, url: checkoutUrl };
    },
    // An ordered V2 cart stays the current one (until the next write) and names its order.
    async orderOf(cartId) {
      await read();
      const cart = lastOf.get(api);
      return cart?.id === cartId && cart.orderPlaced ? (cart.orderId ?? null) : null;
    },
  };
}

/** The delivery options for an address, as v1's estimate lists them (none when nothing ships). */
async function optionsFor(api: ApiClient, cart: CartV2, choice: ShippingChoice): Promise<ShippingOption[]> {
  const lines = (cart.lineItems ?? []).filter(
    (line) =>
      line.attributes?.physicalProperties?.shippable !== false && line.quantityInfo?.confirmedQuantity,
  );
  if (!lines.length) return [];
  const { deliverySolutions = [] } = await getDeliverySolutions(api, {
    lineItems: lines.map((line) => ({
      id: line.id,
      quantity: line.quantityInfo?.confirmedQuantity,
      catalogReference: line.source?.catalogReference,
      physicalProperties: line.attributes?.physicalProperties,
      price: line.pricing?.unitPrice?.amount,
      totalPrice: line.pricing?.totalPrice?.amount,
    })),
    destination: addressOf(choice),
    currency: cart.paymentInfo?.currencyCode || 'USD',
  });
  return deliverySolutions.map((solution) => ({
    code: solution.deliveryReference?.code ?? solution.code,
    carrierId: solution.deliveryReference?.appId,
    title: solution.title,
    logistics: solution.logistics,
    cost: { price: { amount: solution.cost?.deliveryPrice?.amount ?? solution.cost?.price } },
  })) as ShippingOption[];
}

/**
 * V2 takes the address and the method from the cart: a new address is saved on it, the options offered
 * there are listed, and the method asked for (else the cart's, else the first offered) is chosen; then
 * `/estimate` prices delivery, tax and fees.
 */
async function estimate(
  api: ApiClient,
  take: (answer: Promise<CartV2Response>) => Promise<Cart>,
  choice: ShippingChoice | null,
): Promise<EstimateTotalsResponse> {
  let options: ShippingOption[] = [];
  if (choice) {
    let cart = lastOf.get(api) ?? null;
    const address = cart?.deliveryInfo?.address;
    if (!cart || address?.country !== choice.country || (address.postalCode ?? '') !== choice.postalCode) {
      await take(updateCurrentCartV2(api, { deliveryInfo: { address: addressOf(choice) } }));
      cart = lastOf.get(api) as CartV2;
    }
    options = await optionsFor(api, cart, choice);
    const current = cart.deliveryInfo?.method?.code;
    const wanted =
      options.find((option) => option.code === choice.code) ??
      options.find((option) => option.code === current) ??
      options[0];
    if (wanted?.code && wanted.code !== current) {
      const appId = (wanted as { carrierId?: string }).carrierId;
      await take(setDeliveryMethodForCurrentCartV2(api, { code: wanted.code, ...(appId ? { appId } : {}) }));
    }
  }
  const { cart, summary } = await estimateCurrentCartV2(api, {
    calculateDelivery: true,
    calculateTax: true,
    calculateAdditionalFees: true,
  });
  lastOf.set(api, cart);
  const prices = summary.priceSummary ?? {};
  const method = cart.deliveryInfo?.method;
  // Delivery is unknown without an address, or with a method not (or no longer) offered there.
  const unknown = summary.violations?.find(
    (v) =>
      v.scope === 'DELIVERY' && v.severity === 'ERROR' && (choice || v.code === 'MISSING_DELIVERY_ADDRESS'),
  );
  return {
    cart: cartOf(cart) ?? undefined,
    priceSummary: { ...prices, shipping: prices.delivery },
    shippingInfo: {
      selectedCarrierServiceOption: { code: method?.code },
      carrierServiceOptions: [{ shippingOptions: options }],
    },
    calculationErrors: unknown && { generalShippingCalculationError: { applicationError: unknown } },
  } as EstimateTotalsResponse;
}
