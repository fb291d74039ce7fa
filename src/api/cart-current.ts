import { isApiError } from './errors';
import type { ApiClient } from './http';
import type { Cart, CartResponse } from './types/cart';
import type { CartV2, CartV2Response } from './types/cart-v2';

/*
 * The current cart's reads, v1's and Cart V2's, in a module of their own: a page reads its cart before any
 * widget opens, so these come with the first script, and the other calls of `./cart.ts` and `./cart-v2.ts`
 * only with the views.
 */

/** The v1 current cart's path: every v1 cart call starts with it (WIRE.md). */
export const CURRENT_CART = '/ecom/v1/carts/current';
/** Cart V2's current cart's path (CART-V2.md). */
export const CURRENT_CART_V2 = '/ecom/v2/carts/current';

/**
 * The current cart. A visitor without one gets a 404 (`ApiError` with status 404), as on the platform.
 *
 * @example
 * const { cart } = await getCurrentCart(client);
 */
export const getCurrentCart = (client: ApiClient): Promise<CartResponse> =>
  client.request<CartResponse>({ method: 'GET', path: CURRENT_CART });

/**
 * Cart V2's current cart: the open one, or the one an order was just placed from (`orderPlaced`). A visitor
 * without one gets a 404.
 *
 * @example
 * const { cart } = await getCurrentCartV2(client);
 * const count = cart.lineItems?.reduce((n, l) => n + (l.quantityInfo?.confirmedQuantity ?? 0), 0);
 */
export const getCurrentCartV2 = (client: ApiClient): Promise<CartV2Response> =>
  client.request<CartV2Response>({ method: 'GET', path: CURRENT_CART_V2 });

/** The answer, or null for the 404 of a visitor who has no cart (any other failure is thrown). */
const orNone = <T>(answer: Promise<{ cart: T }>): Promise<T | null> =>
  answer.then(
    ({ cart }) => cart,
    (error: unknown) => {
      if (isApiError(error) && error.status === 404) return null;
      throw error;
    },
  );

/**
 * The current cart, or null when the visitor has none: what a page asks before it knows whether there is one.
 *
 * @example
 * const cart = await findCurrentCart(client);
 * const count = cart?.lineItems?.reduce((n, l) => n + (l.quantity ?? 0), 0) ?? 0;
 */
export const findCurrentCart = (client: ApiClient): Promise<Cart | null> => orNone(getCurrentCart(client));

/** Cart V2's current cart, or null when the visitor has none. */
export const findCurrentCartV2 = (client: ApiClient): Promise<CartV2 | null> =>
  orNone(getCurrentCartV2(client));
