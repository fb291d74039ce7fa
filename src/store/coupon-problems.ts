import { isApiError } from '../api/errors';
import { problemOf } from './problems';
import type { Problem } from './types';

/**
 * The platform's coupon refusals, by the code it names them with (v1's and Cart V2's), as the drawer's texts
 * say them (`couponUnknown`: "There is no coupon “BOGUS”"). A refusal of another code keeps the platform's own
 * words (`couponFailed`, its message in `detail`).
 */
const REFUSALS = new Map([
  // v1 (PATCH …/carts/current {couponCode}; POST …/remove-coupon)
  ['COUPON_DOES_NOT_EXIST', 'couponUnknown'],
  ['COUPON_IS_EXPIRED', 'couponExpired'],
  ['COUPON_MINIMUM_NOT_REACHED', 'couponMinimum'],
  ['NO_COUPON_APPLIED', 'couponGone'],
  // Cart V2 (add-coupon, remove-coupon); INVALID_COUPON_STATUS says why in its `reason` (REASONS)
  ['INVALID_COUPON_CODE', 'couponUnknown'],
  ['INVALID_COUPON_STATUS', 'couponUnusable'],
  ['COUPON_ALREADY_EXISTS', 'couponTaken'],
  ['MAX_COUPONS_PER_CART_EXCEEDED', 'couponTaken'],
  ['COUPON_LOCKED', 'couponLocked'],
  ['COUPON_NOT_FOUND_IN_CART', 'couponGone'],
]);

/** Cart V2's reasons of an INVALID_COUPON_STATUS (DISABLED, INACTIVE, MAX_USAGE_EXCEEDED…: `couponUnusable`). */
const REASONS = new Map([
  ['EXPIRED', 'couponExpired'],
  ['MIN_SUBTOTAL_NOT_REACHED', 'couponMinimum'],
]);

/** The texts that name the coupon (`{code}`): the code is their `detail`. */
const NAMED = /^coupon(Unknown|Expired|Minimum|Unusable)$/;

/**
 * A coupon change that failed, for the shopper: a refusal the platform names by a known code in the page's
 * language, naming the coupon `code` where the text does; anything else as `problemOf` says it.
 */
export function couponProblemOf(error: unknown, code: string): Problem {
  if (isApiError(error)) {
    const reason = error.code === 'INVALID_COUPON_STATUS' ? error.applicationError?.data?.reason : undefined;
    const key = (typeof reason === 'string' && REASONS.get(reason)) || REFUSALS.get(error.code);
    if (key) return NAMED.test(key) ? { key, detail: code } : { key };
  }
  return problemOf(error, 'couponFailed');
}
