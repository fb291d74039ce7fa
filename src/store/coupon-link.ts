/*
 * A coupon a link gave (`?coupon=SAVE10`, `src/links.ts`): kept for the visit, applied at the first add (or at
 * once to a cart the visitor has). Its code comes with the cart's edits (`cart-edits.ts`).
 */

/** Where the code waits, in this visit's storage (`StoreDeps.visit`). */
export const LINK_COUPON_KEY = 'link-coupon';

/**
 * A coupon code as a link may give one (anyone may write an address, and storage is outside data too): short
 * printable text, letters, digits, punctuation and symbols of any script, no spaces or controls; else undefined.
 */
export const couponCodeOf = (raw: string | null | undefined): string | undefined => {
  const code = raw?.trim();
  return code && /^[\p{L}\p{N}\p{P}\p{S}]{1,40}$/u.test(code) ? code : undefined;
};
