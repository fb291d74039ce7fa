import { applicationError, type PlatformError } from '../../errors';
import type { StoredCart } from '../../state';
import type { Json } from './read';

/**
 * Statuses of the V2 application errors (CART-V2.md 9 leaves them open): what the request itself gets wrong is
 * a 400 (unknown ids and codes, limits); what the cart's state refuses is a 428 FAILED_PRECONDITION
 * (ordered, locked, out of stock, already there) — nine of each for create, as the reference counts them.
 */

export const invalid = (code: string, description: string, data?: Json) =>
  applicationError(400, code, description, data);
export const refused = (code: string, description: string, data?: Json) =>
  applicationError(428, code, description, data);

export const alreadyOrdered = (cart: StoredCart): PlatformError =>
  refused('CART_ALREADY_ORDERED', `Cart ${cart.id} was already ordered (order ${cart.orderId})`, {
    cartId: cart.id,
    orderId: cart.orderId,
  });
