import { isApiError, isSystemError } from '../api/errors';
import type { Cart, LineItem } from '../api/types/cart';
import { CHECKOUT_KEY, type CheckoutNote, countOf, MAX_QUANTITY, UNSURE_KEY } from './cart-model';
import { quantitiesKey } from './cart-shapes';
import { couponCodeOf, LINK_COUPON_KEY } from './coupon-link';
import { couponProblemOf } from './coupon-problems';
import { withQuantity } from './line-quantity';
import { problemOf } from './problems';
import type { AddToCartInput, CartBackend, CartCore, CartEdits, CartRetry } from './types';

/** What each group of edits is made from: the cart's core and its cart service, once downloaded. */
type Edits = { core: CartCore; backend: Promise<CartBackend> };

/**
 * The cart's edits, over the store's cart core: quantities and removals shown at once and undone alone on
 * failure, the add, coupons, the totals estimate, the checkout and the order it leads back with. Each takes
 * only the latest answer.
 */
export function cartEdits(core: CartCore): CartEdits {
  const { get, deps } = core.ctx;
  // A page left with changes on their way: they may land after any read, so the other tabs and the next page
  // read the cart again once they must have landed (`UNSURE_KEY`).
  globalThis.addEventListener?.('pagehide', () => {
    const { adding, couponBusy } = get().cart;
    if (!core.edits.size && !adding && !couponBusy) return;
    deps.storage.set(UNSURE_KEY, String(core.ctx.now()));
    deps.channel?.post({ type: 'cart-unsure' });
  });
  // The platform's cart service the site speaks (`data-cart-api`), downloaded with the first change.
  const edits: Edits = { core, backend: core.backend() };
  return {
    addToCart: addition(edits),
    ...lineEdits(edits),
    ...couponEdits(edits),
    saveNote: noteEdit(edits),
    estimate: totalsEstimate(edits),
    ...checkoutEdits(edits),
    retryCart: retrying(core),
  };
}

/**
 * "Try again" on the drawer's error banner (whose code this chunk is): what `cart.retry` says, through the store's
 * own actions.
 */
function retrying(core: CartCore): CartEdits['retryCart'] {
  const { get } = core.ctx;
  return async () => {
    const { retry } = get().cart;
    const s = get();
    if (retry === 'load') return s.loadCart();
    if (!retry) return;
    if ('lineId' in retry) {
      // A change whose cart could not be read again after it failed: read first (the line may have changed or
      // gone meanwhile, in another tab), then send the change the shopper asked for, if its line is still there.
      if (retry.reread) {
        if (!(await core.read())) return;
        // The change may have arrived (its answer was lost): nothing to send when the cart read says it did.
        const line = get().cart.cart?.lineItems?.find((l) => l.id === retry.lineId);
        if (!line || ('quantity' in retry && line.quantity === retry.quantity)) return;
      }
      return 'remove' in retry ? s.removeLine(retry.lineId) : s.setQuantity(retry.lineId, retry.quantity);
    }
    await s.addToCart(retry);
  };
}

/**
 * Adds a product. When the answer is lost (a network failure), the cart is read again instead of sending the
 * add twice; but whose change a changed cart shows cannot be told (another tab may have added the same product
 * meanwhile), so an add is reported only when the server's answer said so: an unchanged cart means it did not
 * arrive (`addLost`, worth trying again), a changed one that it may have (`addUnconfirmed`: the cart on show is
 * the server's).
 */
function addition({ core, backend }: Edits): CartEdits['addToCart'] {
  const { get, emit, deps } = core.ctx;
  /** The add shown on its way gives way to the server's answer, in the same render as that answer. */
  const answered = (input: AddToCartInput) => {
    if (get().cart.addingItem === input) core.patchCart({ addingItem: null });
  };
  return async (input) => {
    const quantity = input.quantity ?? 1;
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_QUANTITY) {
      core.fail({ key: 'quantityInvalid', detail: String(input.quantity) }, null);
      return 0;
    }
    const before = quantitiesKey(get().cart.cart);
    // The lines' quantities by id: the line the add went to is the one the answer raised.
    const lines = new Map(get().cart.cart?.lineItems?.map((l) => [l.id, l.quantity ?? 0]));
    const had = countOf(get().cart.cart, input.productId);
    try {
      const variant = input.variantId
        ? { variantId: input.variantId }
        : input.options
          ? { options: input.options }
          : undefined;
      const cart = await (await backend).add(input.productId, quantity, variant);
      answered(input);
      core.patchCart({ lastAdded: input });
      core.acceptCart(cart);
      // The platform adds what is left when fewer are in stock than asked: the shopper is told, and the event
      // says how many were added.
      const added = Math.min(quantity, countOf(cart, input.productId) - had);
      if (added < quantity) core.fail({ key: 'addCapped', detail: String(Math.max(added, 0)) }, null);
      // A coupon a link gave this visit, with its first add (a refusal is shown at the drawer's coupon).
      const linked = deps.visit?.get(LINK_COUPON_KEY);
      if (linked !== undefined && linked !== null) {
        deps.visit?.remove(LINK_COUPON_KEY);
        const code = couponCodeOf(linked);
        if (code) void get().applyCoupon(code);
      }
      emit('cart:added', {
        productId: input.productId,
        quantity: Math.max(added, 0),
        asked: quantity,
        line:
          (added > 0 &&
            cart.lineItems?.find(
              (l) =>
                l.catalogReference?.catalogItemId === input.productId &&
                (l.quantity ?? 0) > (lines.get(l.id) ?? 0),
            )) ||
          null,
        currency: cart.currency ?? '',
      });
      return Math.max(added, 0);
    } catch (error) {
      // Withdrawn at once: not added, or not known to be.
      answered(input);
      let problem = problemOf(error, 'addFailed');
      if (isSystemError(error)) {
        try {
          const since = core.version();
          const cart = await core.fetchCart();
          core.acceptCart(cart, { since });
          problem = { key: quantitiesKey(cart) === before ? 'addLost' : 'addUnconfirmed' };
        } catch {
          // still offline: the network failure says it
        }
      }
      // Worth another try: an add that did not arrive, or one the network or the server failed.
      const again =
        problem.key === 'addLost' || isSystemError(error) || (isApiError(error) && error.status >= 500);
      core.fail(problem, problem.key !== 'addUnconfirmed' && again ? input : null);
      return 0;
    }
  };
}

/** Announces a line removed, or its quantity lowered (to `quantity`), once the server took it. */
const removal =
  ({ ctx }: CartCore) =>
  (line: LineItem, quantity: number, currency = '') => {
    const gone = (line.quantity ?? 0) - quantity;
    const productId = line.catalogReference?.catalogItemId ?? '';
    if (gone > 0) ctx.emit('cart:removed', { productId, quantity: gone, line, currency });
  };

/** A line's quantity and its removal. */
function lineEdits({ core, backend }: Edits): Pick<CartEdits, 'setQuantity' | 'removeLine'> {
  const { get } = core.ctx;
  const { patchCart } = core;
  const removed = removal(core);
  /**
   * A change to the cart's lines: shown at once over the newest cart taken, then the server's cart. On a
   * failure only this change is undone (others may be on their way; a newer cart from another tab stays), the
   * reason is shown, and the server's cart is read again.
   */
  const changeLines = async (
    edit: (lines: LineItem[]) => LineItem[],
    send: (api: CartBackend) => Promise<Cart>,
    problemKey: string,
    again: Extract<CartRetry, { lineId: string }>,
  ) => {
    core.edits.add(edit);
    core.show();
    patchCart({ error: null, retry: null });
    try {
      const cart = await send(await backend);
      core.edits.delete(edit);
      // An answer older than the cart taken is in that cart already (the server handled this change first).
      if (!core.acceptCart(cart)) core.show();
      return cart;
    } catch (error) {
      core.edits.delete(edit);
      core.show();
      core.fail(problemOf(error, problemKey));
      const problem = get().cart.error;
      // A failure the network or the server made: "Try again" sends this change again, over the cart read
      // again (not over a cart that may have moved on): read now, or, when that read fails too, by "Try again"
      // before the change. A refusal: "Try again" reads the cart.
      const transient = isSystemError(error) || (isApiError(error) && error.status >= 500);
      if (transient) patchCart({ retry: { ...again, reread: true } });
      void core.read({ keepError: true }).then((read) => {
        if (read && transient && get().cart.error === problem) patchCart({ retry: again });
      });
      return null;
    }
  };
  return {
    async setQuantity(lineId, quantity) {
      const current = get().cart.cart;
      const line = current?.lineItems?.find((l) => l.id === lineId);
      if (!current || !line) return;
      if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_QUANTITY) {
        core.fail({ key: 'quantityInvalid', detail: String(quantity) });
        return;
      }
      patchCart({ pending: { ...get().cart.pending, [lineId]: true } });
      try {
        const cart = await changeLines(
          (lines) => lines.map((l) => (l.id === lineId ? withQuantity(l, quantity) : l)),
          (api) => api.setQuantity(lineId, quantity),
          'quantityFailed',
          { lineId, quantity },
        );
        if (cart) removed(line, quantity, cart.currency);
      } finally {
        const { [lineId]: _done, ...rest } = get().cart.pending;
        patchCart({ pending: rest });
      }
    },

    async removeLine(lineId) {
      const line = get().cart.cart?.lineItems?.find((l) => l.id === lineId);
      if (!get().cart.cart) return;
      const cart = await changeLines(
        (lines) => lines.filter((l) => l.id !== lineId),
        (api) => api.remove(lineId),
        'removeFailed',
        { lineId, remove: true },
      );
      if (cart && line) removed(line, 0, cart.currency);
    },
  };
}

/** The coupon: applied by its code in place of the cart's, or removed. */
function couponEdits({ core, backend }: Edits): Pick<CartEdits, 'applyCoupon' | 'removeCoupon'> {
  const { get } = core.ctx;
  const { patchCart } = core;
  /** Sends a coupon change; the cart it answers with is taken, a refusal shown at the coupon. */
  const change = async (send: (api: CartBackend) => Promise<Cart>, code: string) => {
    patchCart({ couponBusy: true, couponError: null });
    try {
      core.acceptCart(await send(await backend));
      return true;
    } catch (error) {
      patchCart({ couponError: couponProblemOf(error, code) });
      return false;
    } finally {
      patchCart({ couponBusy: false });
    }
  };
  return {
    applyCoupon(code) {
      const trimmed = code.trim();
      if (trimmed) return change((api) => api.applyCoupon(trimmed, get().cart.cart), trimmed);
      patchCart({ couponError: { key: 'couponEmpty' } });
      return Promise.resolve(false);
    },
    async removeCoupon() {
      // (Its refusals do not name the coupon.)
      await change((api) => api.removeCoupon(get().cart.cart), '');
    },
  };
}

/** The shopper's note to the shop, on the cart: the cart it answers with is taken, a failure said to the caller. */
function noteEdit({ core, backend }: Edits): CartEdits['saveNote'] {
  return async (note) => {
    try {
      core.acceptCart(await (await backend).setNote(note));
      return null;
    } catch (error) {
      return problemOf(error, 'noteFailed');
    }
  };
}

/** The totals for a shipping choice (else the last one, else none); only the latest estimate is shown. */
function totalsEstimate({ core, backend }: Edits): CartEdits['estimate'] {
  const { get } = core.ctx;
  const { patchCart } = core;
  let estimates = 0;
  return async (given) => {
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
      if (totals.cart) core.acceptCart(totals.cart, { totals: true });
    } catch (error) {
      // A failed estimate the shopper asked for (a country, an option) says so, with a retry; one the drawer
      // made by itself (opened, a line changed) shows no banner: the next change asks again.
      if (mine === estimates)
        patchCart({ totalsStatus: 'error', totalsError: given ? problemOf(error, 'estimateFailed') : null });
    }
  };
}

/** The hosted checkout. */
function checkoutEdits({ core, backend }: Edits): Pick<CartEdits, 'checkout'> {
  const { get, deps, emit, here, now } = core.ctx;
  return {
    /**
     * Creates a checkout and sends the visitor to the platform's hosted checkout page (unless the site keeps
     * her on the page: `beforeCheckout`), keeping which checkout (and cart) it was for the way back
     * (`confirmOrder`).
     */
    async checkout() {
      const shown = get().cart.cart;
      if (!shown?.lineItems?.length) return;
      core.patchCart({ checkout: 'working', checkoutError: null });
      try {
        const { checkoutId, url } = await (await backend).checkout(shown, get().cart.shipping, here());
        const note: CheckoutNote = { checkoutId, cartId: shown.id ?? checkoutId, at: now() };
        deps.storage.set(CHECKOUT_KEY, JSON.stringify(note));
        emit('checkout:started', { checkoutId, cart: shown });
        // Kept on the page by the site: the checkout is made, the button is ready again.
        if (deps.beforeCheckout?.({ checkoutId, url }) === false) core.patchCart({ checkout: 'idle' });
        else deps.navigate?.(url);
      } catch (error) {
        core.patchCart({ checkout: 'error', checkoutError: problemOf(error, 'checkoutFailed') });
      }
    },
  };
}
