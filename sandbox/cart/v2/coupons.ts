import type { SandboxContext } from '../../context';
import { validationError } from '../../errors';
import { centsToDecimal } from '../../money';
import type { StoredCart } from '../../state';
import { MAX_COUPONS } from '../limits';
import { couponProblem, findCoupon, isObject, type Shopper, touch } from '../model';
import { priceLines, subtotalOf, v2Quantity } from '../pricing';
import { changeableCart } from './carts';
import { invalid, refused } from './errors';
import { type Json, readCode, required } from './read';

/** The V2 coupon (CART-V2.md 7): added by code, removed by its id on the cart. */

/** Applies a coupon by code (CART-V2.md 7): one per cart, known, in date and with its minimum reached. */
export function applyCoupon(ctx: SandboxContext, cart: StoredCart, code: string): void {
  if (cart.settings?.lockCouponCode)
    throw refused('COUPON_LOCKED', 'The coupon of this cart cannot be changed');
  const coupon = findCoupon(ctx, code);
  if (cart.couponCode && coupon && cart.couponCode === coupon.code) {
    throw refused('COUPON_ALREADY_EXISTS', `Coupon "${coupon.code}" is already on the cart`, {
      couponCode: coupon.code,
    });
  }
  if (cart.couponCode) {
    throw refused(
      'MAX_COUPONS_PER_CART_EXCEEDED',
      `A cart takes ${MAX_COUPONS} coupon: remove "${cart.couponCode}" first`,
    );
  }
  if (!coupon) throw invalid('INVALID_COUPON_CODE', `Coupon "${code}" does not exist`, { couponCode: code });
  const subtotal = subtotalOf(priceLines(ctx, cart), v2Quantity);
  const problem = couponProblem(ctx, coupon, subtotal);
  if (problem) {
    throw refused(
      'INVALID_COUPON_STATUS',
      problem === 'EXPIRED'
        ? `Coupon "${coupon.code}" has expired`
        : `Coupon "${coupon.code}" needs a higher subtotal`,
      {
        couponCode: coupon.code,
        reason: problem,
        ...(problem === 'MIN_SUBTOTAL_NOT_REACHED'
          ? {
              minSubtotalNotReachedDetails: {
                requiredMinimumSubtotal: {
                  amount: centsToDecimal(coupon.minimumSubtotalCents ?? 0),
                  convertedAmount: centsToDecimal(coupon.minimumSubtotalCents ?? 0),
                },
              },
            }
          : {}),
      },
    );
  }
  cart.couponCode = coupon.code;
}

export function addCouponV2(ctx: SandboxContext, shopper: Shopper, body: Json): StoredCart {
  if (!isObject(body.coupon)) throw validationError([required('coupon')]);
  const code = readCode(body.coupon.code, 'coupon.code', 1, 50);
  const cart = changeableCart(ctx, shopper);
  applyCoupon(ctx, cart, code);
  touch(ctx, cart);
  return cart;
}

/** `POST …/remove-coupon {couponId}`: by the coupon's id on the cart, never by its code. */
export function removeCouponV2(ctx: SandboxContext, shopper: Shopper, body: Json): StoredCart {
  const couponId = readCode(body.couponId, 'couponId', 1, 100);
  const cart = changeableCart(ctx, shopper);
  if (cart.settings?.lockCouponCode)
    throw refused('COUPON_LOCKED', 'The coupon of this cart cannot be changed');
  const coupon = cart.couponCode ? ctx.state.coupons.find((c) => c.code === cart.couponCode) : undefined;
  if (!coupon || coupon.id !== couponId) {
    throw invalid('COUPON_NOT_FOUND_IN_CART', `Coupon ${couponId} is not on the cart`, { couponId });
  }
  delete cart.couponCode;
  touch(ctx, cart);
  return cart;
}
