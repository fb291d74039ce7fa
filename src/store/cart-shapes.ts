import type { Address, Cart } from '../api/types/cart';
import type { ShippingChoice } from './types';

/**
 * A cart's lines and quantities as one comparable string (JSON of `[lineId, quantity]` pairs): an add that
 * arrived changes it, and totals worked out for another key are not this cart's.
 */
export const quantitiesKey = (cart: Cart | null | undefined) =>
  JSON.stringify((cart?.lineItems ?? []).map((line) => [line.id, line.quantity]));

/** The address of a shipping choice, as v1's estimate and checkout and V2's cart and delivery options take it. */
export const addressOf = (choice: ShippingChoice): Address => ({
  country: choice.country,
  ...(choice.postalCode ? { postalCode: choice.postalCode } : {}),
});
