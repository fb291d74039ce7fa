/**
 * The cart: one model (model.ts) with its pricing (pricing.ts), and two thin wire views over it, v1
 * (v1/, `/ecom/v1/carts/current…`) and V2 (v2/, `/ecom/v2/carts/current…`), each a folder of modules by
 * concern (reading input, lines, coupons, checkout, the view). A cart made through one version is read and
 * changed through the other: same id, lines, coupon and address. What both read alike is in input.ts.
 */
export { cartForWrite, ownerKey, shopperOf, touch } from './model';
export { placeOrder } from './orders';
export { estimateTotals } from './v1/estimate';
