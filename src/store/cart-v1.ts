import {
  addToCurrentCart,
  createCheckoutFromCurrentCart,
  estimateCurrentCartTotals,
  removeCouponFromCurrentCart,
  removeLineItemsFromCurrentCart,
  storeLineItem,
  updateCurrentCart,
  updateCurrentCartLineItemQuantity,
} from '../api/cart';
import type { ApiClient } from '../api/http';
import { createRedirectSession } from '../api/redirects';
import { addressOf } from './cart-shapes';
import type { CartBackend, ShippingChoice } from './types';

/**
 * The cart's changes on the platform's v1 current cart (`/ecom/v1/carts/current…`), whose `Cart` is also the
 * widgets' view of a cart: the estimate takes the address and option with the request, and the checkout is a
 * checkout entity opened through an `ecomCheckout` redirect session that leads back to the page.
 */
/** The shopper's shipping choice as v1's estimate and checkout take it: the address and the chosen option. */
const shippingOf = (choice: ShippingChoice | null) => ({
  ...(choice ? { shippingAddress: addressOf(choice) } : {}),
  ...(choice?.code ? { selectedShippingOption: { code: choice.code } } : {}),
});

export function service(api: ApiClient, read: CartBackend['read']): CartBackend {
  return {
    read,
    add: async (productId, quantity, variant) =>
      (await addToCurrentCart(api, { lineItems: [storeLineItem(productId, quantity, variant)] })).cart,
    setQuantity: async (lineId, quantity) =>
      (await updateCurrentCartLineItemQuantity(api, [{ id: lineId, quantity }])).cart,
    remove: async (lineId) => (await removeLineItemsFromCurrentCart(api, [lineId])).cart,
    applyCoupon: async (code) => (await updateCurrentCart(api, { couponCode: code })).cart,
    removeCoupon: async () => (await removeCouponFromCurrentCart(api)).cart,
    setNote: async (note) => (await updateCurrentCart(api, { cartInfo: { buyerNote: note } })).cart,
    estimate: (choice) => estimateCurrentCartTotals(api, shippingOf(choice)),
    async checkout(_cart, choice, back) {
      const { checkoutId } = await createCheckoutFromCurrentCart(api, {
        channelType: 'WEB',
        ...shippingOf(choice),
      });
      const { redirectSession } = await createRedirectSession(api, {
        ecomCheckout: { checkoutId },
        ...(back ? { callbacks: { postFlowUrl: back, cartPageUrl: back, thankYouPageUrl: back } } : {}),
      });
      return { checkoutId, url: redirectSession.fullUrl };
    },
    // An ordered v1 cart is gone from being current; the order's id cannot be read back. The current cart this
    // page has read already says it (a second read would only be the platform's 404 again, in the console).
    orderOf: async (cartId, current) =>
      (current === undefined ? await read() : current)?.id === cartId ? null : undefined,
  };
}
