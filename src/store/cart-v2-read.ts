import type { ApiClient } from '../api/http';
import type { Cart, LineItem } from '../api/types/cart';
import type { CartV2, CartV2LineItem } from '../api/types/cart-v2';
import type { ItemAvailabilityStatus } from '../api/types/enums';

/**
 * Cart V2's cart in the widgets' view (`./cart-v2.ts` has the changes): what a `data-cart-api="v2"` page
 * downloads beside its first cart read's request (a new visitor, who has no cart to read, never), and the views'
 * chunk with its changes. The server's cart as last answered is kept per client (`lastOf`): the changes need its
 * delivery address and method and its coupon's id.
 */
export const lastOf = new WeakMap<ApiClient, CartV2 | null>();

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
    // A missing or null available quantity is left undefined (no limit), as on v1.
    availability: {
      // (The platform's status, looked up among the table's own: never a `constructor` of Object.prototype.)
      status: (Object.hasOwn(STATUS, line.status ?? '') && STATUS[line.status as string]) || 'AVAILABLE',
      quantityAvailable: available ?? undefined,
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
    ...(cart.note ? { buyerNote: cart.note } : {}),
    lineItems: (cart.lineItems ?? []).map(lineOf),
    appliedDiscounts: (cart.coupons ?? []).map((coupon) => ({
      coupon: { id: coupon.id, code: coupon.code },
    })),
  } as Cart;
}

/**
 * The current cart as just read (`findCurrentCartV2`: null when there is none, a 404), kept as the client's last
 * answer, in the widgets' view; null too when it was ordered.
 */
export function takeCartV2(api: ApiClient, cart: CartV2 | null): Cart | null {
  lastOf.set(api, cart);
  return cart && cartOf(cart);
}
