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
import type { CartBackend } from './store';

/**
 * The cart's changes on the platform's v1 current cart (`/ecom/v1/carts/current…`), whose `Cart` is also the
 * widgets' view of a cart: the estimate takes the address and option with the request, and the checkout is a
 * checkout entity opened through an `ecomCheckout` redirect session that leads back to the page.
 */
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
    estimate: (choice) =>
      estimateCurrentCartTotals(api, {
        ...(choice
          ? {
              shippingAddress: {
                country: choice.country,
                ...(choice.postalCode ? { postalCode: choice.postalCode } : {}),
              },
            }
          : {}),
        ...(choice?.code ? { selectedShippingOption: { code: choice.code } } : {}),
      }),
    async checkout(_cart, choice, back) {
      const { checkoutId } = await createCheckoutFromCurrentCart(api, {
        channelType: 'WEB',
        ...(choice?.code ? { selectedShippingOption: { code: choice.code } } : {}),
        ...(choice
          ? {
              shippingAddress: {
                country: choice.country,
                ...(choice.postalCode ? { postalCode: choice.postalCode } : {}),
              },
            }
          : {}),
      });
      const { redirectSession } = await createRedirectSession(api, {
        ecomCheckout: { checkoutId },
        ...(back ? { callbacks: { postFlowUrl: back, cartPageUrl: back, thankYouPageUrl: back } } : {}),
      });
      return { checkoutId, url: redirectSession.fullUrl };
    },
  };
}
