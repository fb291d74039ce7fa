import type { SandboxContext } from '../../context';
import { applicationError } from '../../errors';
import { formatCents } from '../../money';
import type { StoredCart } from '../../state';
import { findCoupon, requireCart, type Shopper, touch } from '../model';

/** v1's coupon: checked against the cart's subtotal when set (PATCH), removed by its own call. */

/** Checks a coupon code against the cart: unknown, expired or below its minimum is a 400 naming why. */
export function checkCoupon(ctx: SandboxContext, code: string, subtotalCents: number) {
  const coupon = findCoupon(ctx, code);
  if (!coupon)
    throw applicationError(400, 'COUPON_DOES_NOT_EXIST', `Coupon "${code}" does not exist`, {
      couponCode: code,
    });
  if (coupon.expirationDate && Date.parse(coupon.expirationDate) < ctx.now()) {
    throw applicationError(400, 'COUPON_IS_EXPIRED', `Coupon "${coupon.code}" has expired`, {
      couponCode: coupon.code,
    });
  }
  if (coupon.minimumSubtotalCents && subtotalCents < coupon.minimumSubtotalCents) {
    const minimum = formatCents(coupon.minimumSubtotalCents, ctx.state.store.currency);
    throw applicationError(
      400,
      'COUPON_MINIMUM_NOT_REACHED',
      `Coupon "${coupon.code}" needs a subtotal of at least ${minimum}`,
      { couponCode: coupon.code },
    );
  }
  return coupon;
}

export function removeCouponV1(ctx: SandboxContext, shopper: Shopper): StoredCart {
  const cart = requireCart(ctx, shopper);
  if (!cart.couponCode) throw applicationError(400, 'NO_COUPON_APPLIED', 'The cart has no coupon to remove');
  delete cart.couponCode;
  touch(ctx, cart);
  return cart;
}
