import { findCurrentCart, findCurrentCartV2 } from '../api/cart-current';
import type { Cart } from '../api/types/cart';
import { loadOnce, retryOnce } from '../chunks';
import { CART_CACHE_KEY, countOf, isOlder, RECHECK_MS } from './cart-model';
import { problemOf } from './problems';
import type { CartCore, CartOptions, CartSlice, Problem, SliceContext } from './types';

/** What the core keeps between calls: the newest cart taken, how many were taken, the changes on their way. */
interface CoreState {
  // The newest cart taken from the server, forgotten when the shopper changes (a sign-in or sign-out: another
  // cart, maybe an older one).
  newest: Cart | null;
  /** How many carts were taken: a read that found none is taken only if no cart came since it started. */
  taken: number;
  /** The wait before the cart is read again after a page left changes on their way (`recheck`). */
  recheckTimer: ReturnType<typeof setTimeout> | undefined;
  /** The changes on their way, shown over the newest cart taken. */
  edits: CartCore['edits'];
}

/**
 * The cart's core: the one truth about the cart, whatever order the server's answers arrive in. It keeps the
 * newest cart the server answered with (ordered by `isOlder`), shows it with the changes still on their way
 * over it (`cartTaking`), reads the cart (`cartReading`) and hears the other tabs' hints (`cartHints`). The actions
 * (`cart-actions.ts`, `cart-edits.ts`) go through it; `listen()` starts what it hears and `stop()` ends it.
 */
export function createCartCore(ctx: SliceContext): CartCore {
  const state: CoreState = { newest: null, taken: 0, recheckTimer: undefined, edits: new Set() };
  const taking = cartTaking(ctx, state);
  const reading = cartReading(ctx, state, taking);
  return {
    ctx,
    ...taking,
    ...reading,
    ...cartHints(ctx, state, taking.patchCart, reading.read),
    edits: state.edits,
    version: () => state.taken,
    backend: loadOnce(() =>
      (ctx.deps.cartApi === 'v2' ? import('./cart-v2') : import('./cart-v1')).then((module) =>
        module.service(ctx.session.client, reading.fetchCart),
      ),
    ),
    forget: () => {
      state.newest = null;
    },
    stop: () => clearTimeout(state.recheckTimer),
  };
}

type Taking = Pick<CartCore, 'patchCart' | 'show' | 'acceptCart' | 'fail'>;

/** Taking a cart: ordered, shown with the changes on their way, and told to the page and the other tabs. */
function cartTaking(ctx: SliceContext, state: CoreState): Taking {
  const { set, get, deps, emit } = ctx;
  const patchCart = (patch: Partial<CartSlice>) => set((s) => ({ cart: { ...s.cart, ...patch } }));

  const show = () => {
    const { newest, edits } = state;
    const cart =
      newest && edits.size
        ? { ...newest, lineItems: [...edits].reduce((lines, edit) => edit(lines), newest.lineItems ?? []) }
        : newest;
    patchCart({ cart, count: countOf(cart) });
  };

  /** Tells the others: the next page's count cache, the other tabs (a hint), and the page's listeners. */
  const announce = (cart: Cart | null, options: CartOptions) => {
    const count = countOf(cart);
    deps.storage.set(CART_CACHE_KEY, JSON.stringify({ count, id: cart?.id ?? null }));
    if (options.broadcast !== false)
      deps.channel?.post(
        cart?.id
          ? { type: 'cart', id: cart.id, revision: cart.revision, updated: cart.updatedDate }
          : { type: 'cart-missing' },
      );
    emit('cart:updated', { count, cart });
  };

  const acceptCart = (cart: Cart | null, options: CartOptions = {}) => {
    const { newest } = state;
    if (
      cart
        ? isOlder(cart, newest) || (options.totals && !(newest && isOlder(newest, cart)))
        : options.since !== undefined && options.since !== state.taken
    )
      return false;
    state.newest = cart;
    state.taken++;
    show();
    // Still checking while a read to come may find changes another page left on their way (`recheck`).
    patchCart({
      status: state.recheckTimer ? 'loading' : 'ready',
      ...(options.clearError ? { error: null, retry: null } : {}),
    });
    announce(cart, options);
    if (options.totals) return true;
    // The open drawer shows the server's totals (discount, tax, shipping when a country is known).
    const asked = get().cart.totalsStatus !== 'idle';
    if (cart?.lineItems?.length && (get().ui.cartOpen || asked)) void get().estimate();
    else patchCart({ totals: null, totalsStatus: 'idle' });
    return true;
  };

  const fail = (problem: Problem, retry: CartSlice['retry'] = 'load') => {
    patchCart({ error: problem, retry });
    emit('cart:error', { message: problem.detail ?? problem.key });
  };

  return { patchCart, show, acceptCart, fail };
}

/** Reading the cart: on demand, again when another tab hints at a change, and after a page left changes. */
function cartReading(
  ctx: SliceContext,
  state: CoreState,
  { patchCart, acceptCart, fail }: Taking,
): Pick<CartCore, 'fetchCart' | 'read'> {
  const { get, deps } = ctx;
  const api = ctx.session.client;

  /** V2's view of its cart: downloaded once, and once more after a pause when the connection drops. */
  const cartV2View = loadOnce(() => retryOnce(() => import('./cart-v2-read')));

  /**
   * The server's cart (null when the visitor has none). v1's read comes with the first script; V2's request
   * too, and its view (`./cart-v2-read.ts`) downloads beside it, not before it, with a V2 page's first read
   * (its changes later, with the drawer's).
   */
  const fetchCart = async (): Promise<Cart | null> => {
    if (deps.cartApi !== 'v2') return findCurrentCart(api);
    const [view, cart] = await Promise.all([cartV2View(), findCurrentCartV2(api)]);
    return view.takeCartV2(api, cart);
  };

  /**
   * Reads the server's cart (`loadCart`); `broadcast: false` for a read another tab's message asked for, which
   * that tab and the others need not hear of again.
   */
  const read = async (options: { keepError?: boolean; broadcast?: boolean } = {}) => {
    const since = state.taken;
    const shown = get().cart.error;
    if (get().cart.status !== 'cached') patchCart({ status: 'loading' });
    try {
      const cart = await fetchCart();
      // The read clears the message it was asked for by, not a newer one (a change that failed meanwhile).
      acceptCart(cart, {
        clearError: !options.keepError && get().cart.error === shown,
        since,
        broadcast: options.broadcast,
      });
      return true;
    } catch (error) {
      // The cart on show (if any) is not confirmed, even if another was taken meanwhile (an answer can be
      // older than the server's cart): the message says so.
      patchCart({ status: state.newest ? 'ready' : 'error' });
      // After a failed change its own message says more than "could not be loaded".
      if (!(options.keepError && get().cart.error)) fail(problemOf(error, 'cartLoadFailed'));
      return false;
    }
  };

  return { fetchCart, read };
}

/**
 * The last page's note and the other tabs' hints. A note: the cart read again once the changes that page left
 * on their way must have landed, checking till then (one wait at a time: more notes meanwhile are answered by
 * the same read). The tabs' messages are handled by `./cart-hints.ts`, downloaded with the first one: a page
 * that is the only tab of its site never needs it.
 */
function cartHints(
  ctx: SliceContext,
  state: CoreState,
  patchCart: Taking['patchCart'],
  read: CartCore['read'],
): Pick<CartCore, 'recheck' | 'listen'> {
  const recheck = () => {
    patchCart({ status: 'loading' });
    state.recheckTimer ??= setTimeout(() => {
      state.recheckTimer = undefined;
      void read({ keepError: true });
    }, RECHECK_MS);
  };
  const hear = loadOnce(() =>
    import('./cart-hints').then((module) => module.tabHints(ctx, () => state.newest, read, recheck)),
  );
  return {
    recheck,
    // Heard in the order sent: each message waits on the same download, then on its turn.
    listen: (channel) => channel.subscribe((data) => void hear().then((handle) => handle(data))),
  };
}
