import type { SandboxContext } from '../../context';
import { applicationError } from '../../errors';
import type { StoredCart } from '../../state';
import { currentCartOf, noCurrentCart, type Shopper } from '../model';
import { alreadyOrdered } from './errors';

/** Which cart a V2 call acts on: the caller's current cart, or a cart by id for its owner. */

/** The caller's current cart, ordered or not; a 404 when there is none (CART-V2.md 9: as v1 answers). */
export function requireCurrentCart(ctx: SandboxContext, shopper: Shopper): StoredCart {
  const cart = currentCartOf(ctx, shopper);
  if (!cart) throw noCurrentCart();
  return cart;
}

/** The caller's current cart for a change: an ordered cart refuses every change. */
export function changeableCart(ctx: SandboxContext, shopper: Shopper): StoredCart {
  const cart = requireCurrentCart(ctx, shopper);
  if (cart.orderId) throw alreadyOrdered(cart);
  return cart;
}

/** A cart by id for its owner (or a merchant); another shopper's cart is as unknown as a missing one. */
export function cartForCaller(
  cart: StoredCart | undefined,
  owner: string | undefined,
  cartId: string,
): StoredCart {
  if (!cart || (owner !== undefined && cart.owner !== owner)) {
    throw applicationError(404, 'CART_NOT_FOUND', `Cart ${cartId} was not found`);
  }
  return cart;
}
