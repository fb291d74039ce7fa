import { isApiError, isSystemError } from '../api/errors';
import type { Cart, LineItem } from '../api/types/cart';
import { linesOf } from './cart-shapes';
import {
  type CartBackend,
  type CartKit,
  MAX_QUANTITY,
  problemOf,
  type StorefrontActions,
  UNSURE_KEY,
} from './store';

/** The cart's edits: what only the open drawer does, so their code downloads with the drawer's. */
export type CartEdits = Pick<
  StorefrontActions,
  'setQuantity' | 'removeLine' | 'applyCoupon' | 'removeCoupon' | 'estimate' | 'checkout' | 'addToCart'
>;

/**
 * A line with a new quantity, its line price worked out in whole cents (no float drift: `19.99 × 3` is
 * `59.97`; an integer over 100 prints as its shortest decimal).
 */
export function withQuantity(line: LineItem, quantity: number): LineItem {
  const unit = line.price?.amount;
  if (unit === undefined) return { ...line, quantity };
  const cents = Math.round(Number(unit) * 100) * quantity;
  return { ...line, quantity, lineItemPrice: { amount: String(cents / 100) } };
}

/**
 * The cart's edits, over the store's cart core (`kit`): quantities and removals shown at once and undone alone
 * on failure, coupons, the totals estimate and the checkout. Each takes only the latest answer.
 */
export function cartEdits(kit: CartKit): CartEdits {
  const { get, deps, emit, here } = kit.ctx;
  const { patchCart, acceptCart, fail } = kit;
  // The platform's cart service the site speaks (`data-cart-api`), downloaded with the first change.
  const backend = kit.backend();
  let estimates = 0;
  // A page left with changes on their way: they may land after any read, so the other tabs and the next page
  // read the cart again once they must have landed (`UNSURE_KEY`).
  globalThis.addEventListener?.('pagehide', () => {
    const { adding, couponBusy } = get().cart;
    if (!kit.edits.size && !adding && !couponBusy) return;
    deps.storage.set(UNSURE_KEY, String(Date.now()));
    deps.channel?.post({ type: 'cart-unsure' });
  });

  /**
   * A change to the cart's lines: shown at once over the newest cart taken, then the server's cart. On a
   * failure only this change is undone (others may be on their way; a newer cart from another tab stays), the
   * reason is shown, and the server's cart is read again.
   */
  const changeLines = async (
    edit: (lines: LineItem[]) => LineItem[],
    send: (api: CartBackend) => Promise<Cart>,
    problemKey: string,
  ) => {
    kit.edits.add(edit);
    kit.show();
    patchCart({ error: null, retry: null });
    try {
      const cart = await send(await backend);
      kit.edits.delete(edit);
      // An answer older than the cart taken is in that cart already (the server handled this change first).
      if (!acceptCart(cart)) kit.show();
    } catch (error) {
      kit.edits.delete(edit);
      kit.show();
      fail(problemOf(error, problemKey));
      void get().loadCart({ keepError: true });
    }
  };

  return {
    /**
     * Adds a product. When the answer is lost (a network failure), the cart is read again instead of sending
     * the add twice; but whose change a changed cart shows cannot be told (another tab may have added the
     * same product meanwhile), so an add is reported only when the server's answer said so: an unchanged
     * cart means it did not arrive (`addLost`, worth trying again), a changed one that it may have
     * (`addUnconfirmed`: the cart on show is the server's).
     */
    async addToCart(input) {
      const quantity = input.quantity ?? 1;
      if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_QUANTITY) {
        fail({ key: 'quantityInvalid', detail: String(input.quantity) }, null);
        return false;
      }
      const before = linesOf(get().cart.cart);
      try {
        const variant = input.variantId
          ? { variantId: input.variantId }
          : input.options
            ? { options: input.options }
            : undefined;
        const cart = await (await backend).add(input.productId, quantity, variant);
        acceptCart(cart);
        emit('cart:added', { productId: input.productId, quantity });
        return true;
      } catch (error) {
        let problem = problemOf(error, 'addFailed');
        if (isSystemError(error)) {
          try {
            const since = kit.version();
            const cart = await kit.fetchCart();
            acceptCart(cart, { since });
            problem = { key: linesOf(cart) === before ? 'addLost' : 'addUnconfirmed' };
          } catch {
            // still offline: the network failure says it
          }
        }
        // Worth another try: an add that did not arrive, or one the network or the server failed.
        const again =
          problem.key === 'addLost' || isSystemError(error) || (isApiError(error) && error.status >= 500);
        fail(problem, problem.key !== 'addUnconfirmed' && again ? input : null);
        return false;
      }
    },

    async setQuantity(lineId, quantity) {
      const current = get().cart.cart;
      const line = current?.lineItems?.find((l) => l.id === lineId);
      if (!current || !line) return;
      if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_QUANTITY) {
        fail({ key: 'quantityInvalid', detail: String(quantity) });
        return;
      }
      patchCart({ pending: { ...get().cart.pending, [lineId]: true } });
      try {
        await changeLines(
          (lines) => lines.map((l) => (l.id === lineId ? withQuantity(l, quantity) : l)),
          (api) => api.setQuantity(lineId, quantity),
          'quantityFailed',
        );
      } finally {
        const { [lineId]: _done, ...rest } = get().cart.pending;
        patchCart({ pending: rest });
      }
    },

    async removeLine(lineId) {
      if (!get().cart.cart) return;
      await changeLines(
        (lines) => lines.filter((l) => l.id !== lineId),
        (api) => api.remove(lineId),
        'removeFailed',
      );
    },

    async applyCoupon(code) {
      const trimmed = code.trim();
      if (!trimmed) {
        patchCart({ couponError: { key: 'couponEmpty' } });
        return false;
      }
      patchCart({ couponBusy: true, couponError: null });
      try {
        const cart = await (await backend).applyCoupon(trimmed, get().cart.cart);
        acceptCart(cart);
        return true;
      } catch (error) {
        patchCart({ couponError: problemOf(error, 'couponFailed') });
        return false;
      } finally {
        patchCart({ couponBusy: false });
      }
    },

    async removeCoupon() {
      patchCart({ couponBusy: true, couponError: null });
      try {
        const cart = await (await backend).removeCoupon(get().cart.cart);
        acceptCart(cart);
      } catch (error) {
        patchCart({ couponError: problemOf(error, 'couponFailed') });
      } finally {
        patchCart({ couponBusy: false });
      }
    },

    async estimate(given) {
      const choice = given ?? get().cart.shipping;
      const mine = ++estimates;
      patchCart({ shipping: choice, totalsStatus: 'loading', totalsError: null });
      try {
        const totals = await (await backend).estimate(
          choice
            ? {
                country: choice.country.trim().toUpperCase(),
                postalCode: choice.postalCode.trim(),
                ...(choice.code ? { code: choice.code } : {}),
              }
            : null,
        );
        if (mine === estimates) patchCart({ totals, totalsStatus: 'ready' });
        // The cart the totals are for is the server's: newer than the one on show when a change was missed.
        if (totals.cart) acceptCart(totals.cart, { totals: true });
      } catch (error) {
        // A failed estimate the shopper asked for (a country, an option) says so, with a retry; one the drawer
        // made by itself (opened, a line changed) shows no banner: the next change asks again.
        if (mine === estimates)
          patchCart({
            totalsStatus: 'error',
            totalsError: given ? problemOf(error, 'estimateFailed') : null,
          });
      }
    },

    /** Creates a checkout and sends the visitor to the platform's hosted checkout page. */
    async checkout() {
      if (!get().cart.cart?.lineItems?.length) return;
      patchCart({ checkout: 'working', checkoutError: null });
      try {
        const { checkoutId, url } = await (await backend).checkout(
          get().cart.cart,
          get().cart.shipping,
          here(),
        );
        emit('checkout:started', { checkoutId });
        deps.navigate?.(url);
      } catch (error) {
        patchCart({ checkout: 'error', checkoutError: problemOf(error, 'checkoutFailed') });
        return;
      }
    },
  };
}
