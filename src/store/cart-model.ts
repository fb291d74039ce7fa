import type { Cart } from '../api/types/cart';
import type { CartSlice } from './types';

/** Where the last page's count and cart id are kept, for the next page's first paint (`start()`). */
export const CART_CACHE_KEY = 'cart';
/**
 * When a page was left with cart changes on their way (`cart-edits.ts`): those may still land on the server
 * after the other tabs' and the next page's reads, which read the cart again `RECHECK_MS` later.
 */
export const UNSURE_KEY = 'cart-unsure';
/** How long the note is believed: a note older (or from the future: a wrong clock, a forged note) is ignored. */
export const UNSURE_MS = 30_000;
export const RECHECK_MS = 2_000;
/** The most of one line the drawer takes (v1's limit; Cart V2 allows more, see docs/security.md). */
export const MAX_QUANTITY = 9999;

/** The items in a cart: all of them, or those of one product. */
export const countOf = (cart: Cart | null, productId?: string) =>
  (cart?.lineItems ?? [])
    .filter((line) => productId === undefined || line.catalogReference?.catalogItemId === productId)
    .reduce((sum, line) => sum + (line.quantity ?? 0), 0);

/**
 * Whether a cart is older than the one on show: the same cart at a lower revision (`revision` goes up by one on
 * every change, on v1 and V2), else one updated earlier.
 */
export function isOlder(cart: Cart, shown: Cart | null): boolean {
  if (!shown) return false;
  if (cart.id === shown.id && cart.revision && shown.revision)
    return Number(cart.revision) < Number(shown.revision);
  return Date.parse(cart.updatedDate ?? '') < Date.parse(shown.updatedDate ?? '');
}

/** The cart before anything is known (also what React's hooks show before the provider has started). */
export const EMPTY_CART: CartSlice = {
  status: 'idle',
  cart: null,
  count: 0,
  error: null,
  pending: {},
  adding: false,
  addingItem: null,
  lastAdded: null,
  couponError: null,
  couponBusy: false,
  shipping: null,
  totals: null,
  totalsStatus: 'idle',
  totalsError: null,
  checkout: 'idle',
  checkoutError: null,
  retry: null,
};

/**
 * The checkout this browser started (`checkout()` in `cart-edits.ts`), kept for the page the platform's checkout
 * leads back to: only an order of that checkout is confirmed there (`order-return.ts`).
 */
export const CHECKOUT_KEY = 'checkout';
export interface CheckoutNote {
  checkoutId: string;
  cartId: string;
  /** When it started (milliseconds since the epoch). */
  at: number;
}
