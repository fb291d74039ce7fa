import {
  addCouponToCurrentCartV2,
  addLineItemsToCurrentCartV2,
  estimateCurrentCartV2,
  getCheckoutUrlForCartV2,
  getCurrentCartV2,
  removeCouponFromCurrentCartV2,
  removeLineItemsFromCurrentCartV2,
  setDeliveryMethodForCurrentCartV2,
  storeCatalogItem,
  updateCurrentCartV2,
  updateLineItemsInCurrentCartV2,
} from '../api/cart-v2';
import { getDeliverySolutions } from '../api/delivery';
import { isApiError } from '../api/errors';
import type { ApiClient } from '../api/http';
import type { Cart, EstimateTotalsResponse, LineItem, ShippingOption } from '../api/types/cart';
import type { CartV2, CartV2LineItem, CartV2Response } from '../api/types/cart-v2';
import type { ItemAvailabilityStatus } from '../api/types/enums';
import type { CartBackend, ShippingChoice } from './store';

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

const STATUS: Record<string, ItemAvailabilityStatus> = {
  IN_STOCK: 'AVAILABLE',
  PARTIALLY_IN_STOCK: 'PARTIALLY_AVAILABLE',
  OUT_OF_STOCK: 'NOT_AVAILABLE',
  REMOVED_FROM_CATALOG: 'NOT_FOUND',
};

/** An image as the official SDK turns it into a string: a `wix:image://` URI for a media id, else its URL. */
const imageOf = (image: { id?: string; url?: string } | undefined) =>
  image?.id ? `wix:image://v1/${image.id}/` : image?.url;

/** A V2 line in the widgets' view. */
function lineOf(line: CartV2LineItem): LineItem {
  const quantity = line.quantityInfo ?? {};
  const available = quantity.availableQuantity;
  return {
    id: line.id,
    quantity: quantity.confirmedQuantity || quantity.requestedQuantity,
    catalogReference: line.source?.catalogReference,
    productName: line.name,
    price: line.pricing?.unitPrice,
    fullPrice: line.pricing?.breakdown?.fullPrice,
    lineItemPrice: line.pricing?.totalPrice,
    descriptionLines: line.attributes?.descriptionLines,
    image: imageOf(line.attributes?.image),
    url: line.attributes?.url?.url,
    physicalProperties: line.attributes?.physicalProperties,
    availability: {
      status: STATUS[line.status ?? ''] ?? 'AVAILABLE',
      ...(typeof available === 'number' ? { quantityAvailable: available } : {}),
    },
    fixedQuantity: quantity.fixedQuantity,
    customLineItem: line.customLineItem,
  } as LineItem;
}

/** A V2 cart in the widgets' view; null for an ordered one. */
export function cartOf(cart: CartV2): Cart | null {
  if (cart.orderPlaced) return null;
  return {
    id: cart.id,
    createdDate: cart.createdDate,
    updatedDate: cart.updatedDate,
    revision: cart.revision,
    currency: cart.paymentInfo?.currencyCode || cart.businessInfo?.currencyCode,
    lineItems: (cart.lineItems ?? []).map(lineOf),
    appliedDiscounts: (cart.coupons ?? []).map((coupon) => ({
      coupon: { id: coupon.id, code: coupon.code },
    })),
  } as Cart;
}

export function cartV2(api: ApiClient): CartBackend {
  /** The server's cart as last answered: its delivery address and method, its coupon's id. */
  let last: CartV2 | null = null;
  const take = async (answer: Promise<CartV2Response>) => {
    last = (await answer).cart;
    return cartOf(last) as Cart;
  };

  /** The delivery options for an address, as v1's estimate lists them (none when nothing ships). */
  async function optionsFor(cart: CartV2, choice: ShippingChoice): Promise<ShippingOption[]> {
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
      destination: {
        country: choice.country,
        ...(choice.postalCode ? { postalCode: choice.postalCode } : {}),
      },
      currency: cart.paymentInfo?.currencyCode || cart.businessInfo?.currencyCode || 'USD',
    });
    return deliverySolutions.map((solution) => ({
      code: solution.deliveryReference?.code ?? solution.code,
      carrierId: solution.deliveryReference?.appId,
      title: solution.title,
      logistics: solution.logistics,
      cost: { price: { amount: solution.cost?.price } },
    })) as ShippingOption[];
  }

  const read = async (): Promise<Cart | null> => {
    try {
      last = (await getCurrentCartV2(api)).cart;
      return cartOf(last);
    } catch (error) {
      if (isApiError(error) && error.status === 404) {
        last = null;
        return null;
      }
      throw error;
    }
  };

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
      const held = last?.coupons?.[0] ?? shown?.appliedDiscounts?.find((d) => d.coupon)?.coupon;
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
      const id = last?.coupons?.[0]?.id ?? shown?.appliedDiscounts?.find((d) => d.coupon)?.coupon?.id;
      return id ? take(removeCouponFromCurrentCartV2(api, id)) : ((await read()) as Cart);
    },

    /**
     * V2 takes the address and the method from the cart: a new address is saved on it, the options offered
     * there are listed, and the method asked for (else the cart's, else the first offered) is chosen; then
     * `/estimate` prices delivery, tax and fees.
     */
    async estimate(choice) {
      let options: ShippingOption[] = [];
      if (choice) {
        const address = last?.deliveryInfo?.address;
        if (
          !last ||
          address?.country !== choice.country ||
          (address.postalCode ?? '') !== choice.postalCode
        ) {
          last = (
            await updateCurrentCartV2(api, {
              deliveryInfo: {
                address: {
                  country: choice.country,
                  ...(choice.postalCode ? { postalCode: choice.postalCode } : {}),
                },
              },
            })
          ).cart;
        }
        options = await optionsFor(last, choice);
        const offered = (code: string | undefined) => options.some((option) => option.code === code);
        const current = last.deliveryInfo?.method?.code;
        const wanted = options.find(
          (option) => option.code === [choice.code, current, options[0]?.code].find(offered),
        );
        if (wanted?.code && wanted.code !== current) {
          const appId = (wanted as { carrierId?: string }).carrierId;
          last = (
            await setDeliveryMethodForCurrentCartV2(api, { code: wanted.code, ...(appId ? { appId } : {}) })
          ).cart;
        }
      }
      const { cart, summary } = await estimateCurrentCartV2(api, {
        calculateDelivery: true,
        calculateTax: true,
        calculateAdditionalFees: true,
      });
      last = cart;
      const prices = summary.priceSummary ?? {};
      const method = cart.deliveryInfo?.method;
      // Delivery is unknown without an address, or with a method not (or no longer) offered there.
      const unknown = summary.violations?.find(
        (v) =>
          v.scope === 'DELIVERY' &&
          v.severity === 'ERROR' &&
          (choice || v.code === 'MISSING_DELIVERY_ADDRESS'),
      );
      return {
        cart: cartOf(cart) ?? undefined,
        priceSummary: {
          subtotal: prices.subtotal,
          discount: prices.discount,
          shipping: prices.delivery,
          tax: prices.tax,
          total: prices.total,
        },
        shippingInfo: {
          ...(method?.code
            ? { selectedCarrierServiceOption: { code: method.code, title: method.title?.original } }
            : {}),
          carrierServiceOptions: [{ shippingOptions: options }],
        },
        ...(unknown
          ? {
              calculationErrors: {
                generalShippingCalculationError: {
                  applicationError: { code: unknown.code, description: unknown.description },
                },
              },
            }
          : {}),
      } as EstimateTotalsResponse;
    },

    async checkout(shown) {
      const cartId = shown?.id ?? (await read())?.id;
      if (!cartId) throw new Error('The cart is empty');
      const { checkoutUrl } = await getCheckoutUrlForCartV2(api, cartId);
      return { checkoutId: cartId, url: checkoutUrl };
    },
  };
}
