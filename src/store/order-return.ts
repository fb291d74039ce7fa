import { CHECKOUT_KEY, type CheckoutNote } from './cart-model';
import type { CartCore, StorefrontActions } from './types';

/** How long a started checkout is waited for: a shopper may take a while to pay, not days. */
export const CHECKOUT_NOTE_MS = 86_400_000;
/** The platform's order ids (GUIDs) and order numbers (digits: `10001`), as its checkout's way back names them. */
const ORDER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ORDER_NUMBER = /^\d{1,20}$/;

/** The stored note of a started checkout, if it is one (storage is outside data) and not too old. */
function checkoutNoteOf(raw: string | null, now: number): CheckoutNote | null {
  let note: Partial<CheckoutNote> | null = null;
  try {
    note = raw ? (JSON.parse(raw) as Partial<CheckoutNote>) : null;
  } catch {
    // not a note: as none
  }
  const age = now - Number(note?.at);
  return note &&
    typeof note.checkoutId === 'string' &&
    typeof note.cartId === 'string' &&
    note.cartId &&
    age >= 0 &&
    age <= CHECKOUT_NOTE_MS
    ? (note as CheckoutNote)
    : null;
}

/**
 * The order the platform's checkout led back with (`confirmOrder`), downloaded only by a page whose address
 * names one.
 */
export function orderReturn(core: CartCore): StorefrontActions['confirmOrder'] {
  const { get, deps, now } = core.ctx;
  const backend = core.backend();
  /**
   * The way back from checkout names an order. Anyone can write such an address, so it is believed only for
   * the checkout this browser started (its stored note) and when the platform agrees: V2's current cart is
   * that cart, ordered, with this very order id; v1's cart is no longer the current one (an ordered cart is
   * gone). The order number is shown only in the platform's own format (digits). Confirmed once: the note
   * goes with it. A link from anyone else, or a second visit, shows and announces nothing.
   */
  return async ({ orderId, orderNumber }) => {
    const note = checkoutNoteOf(deps.storage.get(CHECKOUT_KEY), now());
    if (!note || !ORDER_ID.test(orderId)) return false;
    let placed: string | null | undefined;
    try {
      // The cart this page read as it started, if it read one (v1 asks nothing more then).
      const current = core.version() > 0 ? get().cart.cart : undefined;
      placed = await (await backend).orderOf(note.cartId, current);
    } catch {
      // The platform could not be asked: nothing is confirmed (the note stays for a reload).
      return false;
    }
    if (placed === null || (placed !== undefined && placed !== orderId)) return false;
    deps.storage.remove(CHECKOUT_KEY);
    get().showOrder({
      orderId,
      orderNumber: orderNumber && ORDER_NUMBER.test(orderNumber) ? orderNumber : '',
      checkoutId: note.checkoutId,
    });
    return true;
  };
}
