import { randomUUID } from 'node:crypto';
import type { SandboxContext } from '../context';
import type { StoredCart } from '../state';

/** What a checkout carries to the hosted checkout page, beside the cart it was opened from. */
export interface CheckoutDetails {
  channelType: string;
  email?: string;
  shippingAddress?: Record<string, unknown>;
  billingAddress?: Record<string, unknown>;
  selectedShippingOption?: { code: string; carrierId?: string };
}

/**
 * Records a checkout of the cart (for the hosted checkout page) and names it on the cart. Both cart versions
 * open one: v1's create-checkout, and V2's place-order and get-checkout-url.
 */
export function openCheckout(ctx: SandboxContext, cart: StoredCart, details: CheckoutDetails): string {
  const id = randomUUID();
  ctx.state.checkouts.set(id, {
    id,
    cartId: cart.id,
    owner: cart.owner,
    ...details,
    createdDate: new Date(ctx.now()).toISOString(),
  });
  cart.checkoutId = id;
  return id;
}
