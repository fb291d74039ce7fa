import type { Cart, MultiCurrencyPrice, PriceSummary } from '../api/types/cart';
import { quantitiesKey } from './cart-shapes';
import type { CartSlice } from './types';

/*
 * The cart's totals as the cart drawer shows them, worked out once for the drawer and for React's `useCart()`,
 * so an app's own cart page shows the same figures.
 */

/**
 * The cart's totals as the drawer shows them. The platform's figures (`summary`) are given only beside the
 * lines they were worked out for: after a change (here or in another tab) the subtotal is the lines' own sum
 * and the rest is left out until the next estimate arrives (`updating` while it is on its way), never the old
 * figures beside new lines. The discount is shown when there is one (over 0), the shipping as not known
 * (`shippingUnknown`) when the platform could not work it out.
 */
export interface CartFigures {
  /** The platform's estimate for the lines on show, if there is one. */
  summary: PriceSummary | undefined;
  /** The estimate's subtotal, else the lines' own sum. */
  subtotal: MultiCurrencyPrice | undefined;
  shippingUnknown: boolean;
  updating: boolean;
}

export function cartFigures(cart: Cart, slice: Pick<CartSlice, 'totals' | 'totalsStatus'>): CartFigures {
  const { totals } = slice;
  const current = !totals?.cart || quantitiesKey(totals.cart) === quantitiesKey(cart);
  const summary = current ? totals?.priceSummary : undefined;
  // In whole cents: no float drift in the sum.
  const cents = (cart.lineItems ?? []).reduce(
    (sum, l) => sum + Math.round(Number(l.lineItemPrice?.amount ?? 0) * 100),
    0,
  );
  return {
    summary,
    subtotal: summary ? summary.subtotal : { amount: String(cents / 100) },
    shippingUnknown: Boolean(totals?.calculationErrors?.generalShippingCalculationError),
    // Updating while the new lines' totals are on their way; a failed estimate leaves the lines' own subtotal.
    updating: Boolean(totals?.priceSummary) && !summary && slice.totalsStatus === 'loading',
  };
}
