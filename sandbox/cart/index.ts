/**
 * The cart: one model (model.ts) with its pricing (pricing.ts), and two thin wire views over it, v1
 * (v1.ts, `/ecom/v1/carts/current…`) and V2 (v2.ts and v2-view.ts, `/ecom/v2/carts/current…`). A cart
 * made through one version is read and changed through the other: same id, lines, coupon and address.
 */
export { cartForWrite, ownerKey, shopperOf, touch } from './model';
export { placeOrder } from './orders';
export { estimateTotals } from './v1';
