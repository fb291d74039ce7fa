import { CART_CACHE_KEY, EMPTY_CART, UNSURE_KEY, UNSURE_MS } from './cart-model';
import { lazyActions } from './lazy-actions';
import type { CartCore, CartEdits, CartSlice, StorefrontActions } from './types';

/** The cart's edits, whose code downloads with the drawer's (`cart-edits.ts`), and the drawer's "Try again". */
const EDITS = [
  'setQuantity',
  'removeLine',
  'applyCoupon',
  'removeCoupon',
  'saveNote',
  'estimate',
  'checkout',
  'addToCart',
  'retryCart',
] as const;

type CartActions = Pick<
  StorefrontActions,
  keyof CartEdits | 'confirmOrder' | 'loadCart' | 'openCart' | 'closeCart' | 'showOrder' | 'dismissCartError'
>;

/** The cart's slice and actions over its core (`cart-core.ts`). */
export function cartActions(core: CartCore): { cart: CartSlice } & CartActions {
  const { get, emit, patchUi } = core.ctx;
  const { patchCart } = core;
  const edits = lazyActions(() => import('./cart-edits').then((module) => module.cartEdits(core)), EDITS);

  return {
    cart: { ...EMPTY_CART },

    loadCart: async (options) => void (await core.read(options)),

    ...edits,
    // The way back from checkout: its code downloads only when the address names an order.
    ...lazyActions<Pick<StorefrontActions, 'confirmOrder'>, 'confirmOrder'>(
      () => import('./order-return').then((module) => ({ confirmOrder: module.orderReturn(core) })),
      ['confirmOrder'],
    ),
    /**
     * Adds a product (its code loads with the drawer's, which an add opens). Shown as adding at once, for
     * the button and the drawer; a download that fails is a network failure, worth another try.
     */
    addToCart(input) {
      patchCart({ adding: true, addingItem: input, error: null, retry: null });
      return edits
        .addToCart(input)
        .catch(() => {
          core.fail({ key: 'networkError' }, input);
          return 0;
        })
        .finally(() => {
          patchCart({ adding: false, addingItem: null });
          // The drawer opened while the add was on its way waited for it (`openCart`): an add that changed
          // nothing still needs the totals of the cart on show.
          const { cart, totalsStatus } = get().cart;
          if (get().ui.cartOpen && totalsStatus === 'idle' && cart?.lineItems?.length) void get().estimate();
        });
    },

    openCart() {
      if (get().ui.cartOpen) return;
      patchUi({ cartOpen: true });
      emit('cart:opened', {});
      const { status, cart, totalsStatus, adding } = get().cart;
      if (status === 'idle' || status === 'error') void get().loadCart();
      // An add on its way (the drawer opens as it starts) estimates its own cart: one estimate, not two.
      else if (cart?.lineItems?.length && totalsStatus !== 'loading' && !adding) void get().estimate();
    },
    closeCart() {
      if (!get().ui.cartOpen) return;
      patchUi({ cartOpen: false, order: null });
      emit('cart:closed', {});
    },
    showOrder(order) {
      patchUi({ order });
      emit('order:placed', order);
      get().openCart();
    },
    dismissCartError: () => patchCart({ error: null, retry: null }),
  };
}

/**
 * The cart's part of the store's start. Shows what is known at once, then asks only what it must. A new visitor
 * (no tokens yet) and a visitor whose cart is known to be gone cannot have a cart: count 0 with no request (and
 * no 404 in the page's console). Otherwise the cached count shows at once and one request checks it (and a
 * second one later, when the last page left changes on their way).
 */
export function firstCartRead(core: CartCore): () => Promise<void> {
  const { get, deps, session, emit, now } = core.ctx;

  /** What the last page knew: its count and whether it had a cart (storage is outside data: checked). */
  const cached = () => {
    try {
      const raw = deps.storage.get(CART_CACHE_KEY);
      return raw ? (JSON.parse(raw) as { count?: unknown; id?: unknown }) : undefined;
    } catch {
      deps.storage.remove(CART_CACHE_KEY);
      return undefined;
    }
  };

  /**
   * Whether the last page was left with cart changes on their way (they may land after this page's read). The
   * note is believed only while it is 0 to 30 s old (NaN, a forged or a future time is not), else removed.
   */
  const unsureNote = () => {
    const note = deps.storage.get(UNSURE_KEY);
    const age = now() - Number(note);
    const unsure = age >= 0 && age < UNSURE_MS;
    if (note !== null && !unsure) deps.storage.remove(UNSURE_KEY);
    return unsure;
  };

  return async () => {
    const role = session.role();
    const last = cached();
    const unsure = unsureNote();
    if (role === 'none' || (role === 'visitor' && last?.id === null && !unsure)) {
      core.patchCart({ status: 'ready', count: 0, cart: null });
      emit('cart:updated', { count: 0, cart: null });
      return;
    }
    if (typeof last?.count === 'number' && Number.isInteger(last.count) && last.count >= 0)
      core.patchCart({ count: last.count, status: 'cached' });
    await get().loadCart();
    if (unsure) core.recheck();
  };
}
