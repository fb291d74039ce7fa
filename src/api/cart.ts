import { CURRENT_CART } from './cart-current';
import { storeCatalogReference } from './catalog-reference';
import type { ApiClient } from './http';
import type {
  AddToCartOptions,
  Cart,
  CartResponse,
  CreateCheckoutOptions,
  CreateCheckoutResponse,
  EstimateTotalsOptions,
  EstimateTotalsResponse,
  LineItem,
  UpdateCartOptions,
} from './types/cart';

/** The current cart service: the visitor's or member's own cart (SPEC.md 7, WIRE.md 3). */
const CART = CURRENT_CART;

export { findCurrentCart, getCurrentCart } from './cart-current';

function announce(client: ApiClient, cart: Cart): Cart {
  if (cart.createdDate && cart.createdDate === cart.updatedDate) client.emit('cart.created', { cart });
  client.emit('cart.updated', { cart });
  return cart;
}

/** Updates cart info, the coupon, merchant discounts or lines; creates the cart when there is none. */
export async function updateCurrentCart(
  client: ApiClient,
  options: UpdateCartOptions,
): Promise<CartResponse> {
  const res = await client.request<CartResponse>({ method: 'PATCH', path: CART, body: options });
  announce(client, res.cart);
  return res;
}

/** Adds catalogue or custom lines; creates the cart when there is none. */
export async function addToCurrentCart(client: ApiClient, options: AddToCartOptions): Promise<CartResponse> {
  const res = await client.request<CartResponse>({
    method: 'POST',
    path: `${CART}/add-to-cart`,
    body: options,
  });
  announce(client, res.cart);
  return res;
}

export { storeCatalogReference } from './catalog-reference';

/** A store product as a line item, by variant id or by option choices (WIRE.md 5). */
export function storeLineItem(
  productId: string,
  quantity: number,
  variant?: { variantId: string } | { options: Record<string, string> },
): LineItem {
  return { catalogReference: storeCatalogReference(productId, variant), quantity };
}

export async function removeLineItemsFromCurrentCart(
  client: ApiClient,
  lineItemIds: string[],
): Promise<CartResponse> {
  const res = await client.request<CartResponse>({
    method: 'POST',
    path: `${CART}/remove-line-items`,
    body: { lineItemIds },
  });
  announce(client, res.cart);
  return res;
}

export async function updateCurrentCartLineItemQuantity(
  client: ApiClient,
  lineItems: Array<{ id: string; quantity: number }>,
): Promise<CartResponse> {
  const res = await client.request<CartResponse>({
    method: 'POST',
    path: `${CART}/update-line-items-quantity`,
    body: { lineItems },
  });
  announce(client, res.cart);
  return res;
}

export async function removeCouponFromCurrentCart(client: ApiClient): Promise<CartResponse> {
  const res = await client.request<CartResponse>({ method: 'POST', path: `${CART}/remove-coupon`, body: {} });
  announce(client, res.cart);
  return res;
}

/** A checkout from the cart; send the visitor to it with an `ecomCheckout` redirect session. */
export const createCheckoutFromCurrentCart = (
  client: ApiClient,
  options: CreateCheckoutOptions,
): Promise<CreateCheckoutResponse> =>
  client.request<CreateCheckoutResponse>({ method: 'POST', path: `${CART}/create-checkout`, body: options });

/** Totals with shipping, tax and discounts for an address and a shipping option; changes nothing. */
export const estimateCurrentCartTotals = (
  client: ApiClient,
  options: EstimateTotalsOptions = {},
): Promise<EstimateTotalsResponse> =>
  client.request<EstimateTotalsResponse>({ method: 'POST', path: `${CART}/estimate-totals`, body: options });

export async function deleteCurrentCart(client: ApiClient): Promise<void> {
  await client.request<Record<string, never>>({ method: 'DELETE', path: CART });
  client.emit('cart.deleted', {});
}
