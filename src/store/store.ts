import { createStore, type StoreApi } from 'zustand/vanilla';
import { isApiError, isSystemError } from '../api/errors';
import { getCurrentMember } from '../api/members';
import type { Cart, EstimateTotalsResponse, LineItem } from '../api/types/cart';
import type { TokenRole } from '../api/types/enums';
import type { Member } from '../api/types/members';
import type { Session, TokenHolder, Tokens, TokensChange } from '../auth/session';
import type { CaptchaProvider } from '../auth/sign-in';
import type { FrameWindow } from '../auth/silent';
import type { KeyValueStorage } from '../auth/storage';
import type { TabChannel } from './channel';
import { lazyActions, loadOnce } from './lazy-actions';
import type { MemberActions } from './member-actions';
import { type ProductActions, type ProductsSlice, productActions } from './product-actions';
import { type SignInActions, type SignInSlice, signInActions } from './sign-in-actions';
import { tokenPersistence } from './tokens';

/** A message for the person: a strings key, and the server's own words when it gave some. */
export interface Problem {
  key: string;
  detail?: string;
}

export interface ShippingChoice {
  country: string;
  postalCode: string;
  code?: string;
}

export interface CartSlice {
  /** idle: nothing asked yet; cached: a count from the last visit, not yet checked. */
  status: 'idle' | 'cached' | 'loading' | 'ready' | 'error';
  /** The server's cart; null when the visitor has none. */
  cart: Cart | null;
  count: number;
  error: Problem | null;
  /** Lines with a change on its way to the server. */
  pending: Record<string, true>;
  adding: boolean;
  couponError: Problem | null;
  couponBusy: boolean;
  shipping: ShippingChoice | null;
  totals: EstimateTotalsResponse | null;
  totalsStatus: 'idle' | 'loading' | 'ready' | 'error';
  totalsError: Problem | null;
  checkout: 'idle' | 'working' | 'error';
  checkoutError: Problem | null;
  /**
   * What the error banner's "Try again" does: read the cart again (`load`), send a failed add once more (an
   * add that did not arrive, or failed on the network or the server's side), or nothing (a refusal that
   * trying again cannot change, such as a sold-out product).
   */
  retry: 'load' | AddToCartInput | null;
}

export interface StorefrontState {
  /** The token pair (persisted: `./tokens.ts`), its role, and a notice for the person (an ended session). */
  session: { tokens: Tokens; role: TokenRole; notice: Problem | null };
  member: { status: 'none' | 'loading' | 'ready' | 'error'; member: Member | null };
  cart: CartSlice;
  ui: {
    cartOpen: boolean;
    loginOpen: boolean;
    loginIntent: LoginIntent;
    /** The order the visitor came back from checkout with, shown in the drawer until it closes. */
    order?: PlacedOrder | null;
  };
  signIn: SignInSlice;
  products: ProductsSlice;
}

/** Which view the login modal opens with; a password reset carries the emailed link's token. */
export type LoginIntent =
  | { view: 'signIn' }
  | { view: 'register' }
  | { view: 'reset'; recoveryToken: string };

/** An order placed on the platform's checkout page, as its way back to the site names it. */
export interface PlacedOrder {
  orderId: string;
  /** The number shoppers see (`10001`); empty when the address had none. */
  orderNumber: string;
}

/** Events the store announces: the loader turns them into `sf:*` DOM events and `Storefront.on` calls. */
export interface StorefrontEvents {
  'cart:updated': { count: number; cart: Cart | null };
  'cart:added': { productId: string; quantity: number };
  'cart:error': { message: string };
  'cart:opened': Record<string, never>;
  'cart:closed': Record<string, never>;
  'checkout:started': { checkoutId: string };
  'order:placed': PlacedOrder;
  'member:signedIn': { member: Member | null };
  'member:signedOut': Record<string, never>;
  'session:expired': Record<string, never>;
  'login:opened': Record<string, never>;
  'login:closed': Record<string, never>;
}

export interface StoreDeps {
  /**
   * Makes the session (`createSession({ …, tokens })`) over the store's token holder: the store owns the
   * tokens, the session's functions renew and replace them.
   */
  session: (tokens: TokenHolder) => Session;
  /** The window that hosts the silent sign-in's hidden iframe (the page's own, in browsers). */
  win?: FrameWindow;
  /** The site's captcha, asked for tokens before a sign-in or registration (`Storefront.setCaptchaProvider`). */
  captcha?: () => CaptchaProvider | undefined;
  /** Where the tokens persist (under `tokens`, as today's key holds them) and the cart count is cached. */
  storage: KeyValueStorage;
  channel?: TabChannel;
  emit?: <K extends keyof StorefrontEvents>(name: K, detail: StorefrontEvents[K]) => void;
  /**
   * Sends the browser to a platform page (checkout, sign-out, the hosted login, the members area): a redirect
   * session's `fullUrl`, which `createRedirectSession` checked as it arrived (`checkNavigationUrl`).
   */
  navigate?: (url: string) => void;
  /** The page the visitor is on: where the platform's pages lead back to. */
  location?: () => string;
  /**
   * The platform's cart service (`data-cart-api`): `v1` (default) or `v2`, whose code downloads only for the
   * pages that ask for it. Both answer the same view of a cart (`CartBackend`).
   */
  cartApi?: 'v1' | 'v2';
}

/**
 * One of the platform's cart services (v1's current cart, `./cart-v1.ts`, or Cart V2's, `./cart-v2.ts`) as
 * the store uses it. Each answers the widgets' one view of a cart, in the shape of v1's `Cart` (lines with
 * `quantity`, `price`, `lineItemPrice`, `availability`; the coupon in `appliedDiscounts`), and totals in the
 * shape of v1's estimate, so the drawer, the count, the events and `window.Storefront` are the same on both.
 */
export interface CartBackend {
  /** The current cart; null when the visitor has none (or, on V2, only an ordered one). */
  read(): Promise<Cart | null>;
  add(
    productId: string,
    quantity: number,
    variant?: { variantId: string } | { options: Record<string, string> },
  ): Promise<Cart>;
  setQuantity(lineId: string, quantity: number): Promise<Cart>;
  remove(lineId: string): Promise<Cart>;
  /** Applies a coupon by its code, in place of the one the cart (`shown`) has. */
  applyCoupon(code: string, shown: Cart | null): Promise<Cart>;
  removeCoupon(shown: Cart | null): Promise<Cart>;
  /** The totals, with the delivery options for an address and the chosen one (a normalised choice). */
  estimate(choice: ShippingChoice | null): Promise<EstimateTotalsResponse>;
  /** Where to send the shopper to pay for the cart (`shown`), leading back to `back`. */
  checkout(
    shown: Cart | null,
    choice: ShippingChoice | null,
    back: string,
  ): Promise<{ checkoutId: string; url: string }>;
}

export interface AddToCartInput {
  productId: string;
  quantity?: number;
  variantId?: string;
  options?: Record<string, string>;
}

export interface StorefrontActions extends MemberActions, SignInActions, ProductActions {
  /** Shows the cached count at once and checks it with the server (or loads the cart). */
  start(): Promise<void>;
  /** Reads the server's cart; `keepError` leaves the message of a failed change on show. */
  loadCart(options?: { keepError?: boolean }): Promise<void>;
  addToCart(input: AddToCartInput): Promise<boolean>;
  setQuantity(lineId: string, quantity: number): Promise<void>;
  removeLine(lineId: string): Promise<void>;
  applyCoupon(code: string): Promise<boolean>;
  removeCoupon(): Promise<void>;
  /** Asks the server for the totals, for a shipping choice (else the last one, else none). */
  estimate(choice?: ShippingChoice): Promise<void>;
  checkout(): Promise<void>;
  openCart(): void;
  closeCart(): void;
  /** Confirms an order the visitor came back from checkout with: announced, and shown in the opened drawer. */
  showOrder(order: PlacedOrder): void;
  openLogin(intent?: LoginIntent): void;
  closeLogin(): void;
  dismissNotice(): void;
  dismissCartError(): void;
  /** "Try again" on the cart's error banner: what `cart.retry` says. */
  retryCart(): Promise<void>;
  loadMember(): Promise<void>;
  /** Signs out here and (unless `platform: false`) on the platform's side, through its logout page. */
  signOut(options?: { platform?: boolean }): Promise<void>;
  /** Stops listening to the session and the other tabs. */
  destroy(): void;
}

export type Storefront = StoreApi<StorefrontState & StorefrontActions> & {
  /** The session the store's actions call (renewal, sign-in, sign-out); its tokens are the store's. */
  readonly session: Session;
};

/** The cart's core, for its edits (`cart-edits.ts`, loaded with the drawer): the one truth about the cart. */
export interface CartKit {
  ctx: SliceContext;
  patchCart(patch: Partial<CartSlice>): void;
  /**
   * Takes a cart from the server unless it is older than the newest taken (`isOlder`), and shows it with the
   * edits still on their way: count, cache, other tabs, listeners. A null cart (none) is taken only when no
   * cart was taken since `since` (a `version()`). Answers whether it was taken.
   */
  acceptCart(cart: Cart | null, options?: CartOptions): boolean;
  /** Shows a cart problem and announces it; `retry` is what "Try again" does (the cart read again). */
  fail(problem: Problem, retry?: CartSlice['retry']): void;
  /**
   * The changes on their way to the server, shown over the newest cart taken until their answer: each is
   * dropped when its answer comes (then `show()`), so a failed one is undone on whatever cart is newest.
   */
  edits: Set<(lines: LineItem[]) => LineItem[]>;
  /** Shows the newest cart taken with the edits on their way. */
  show(): void;
  /** Counts the carts taken (from this tab's answers or another tab's). */
  version(): number;
  /** Reads the server's cart (null when the visitor has none). */
  fetchCart(): Promise<Cart | null>;
  /** The cart service's changes (v1's or V2's, `StoreDeps.cartApi`), downloaded once (again after a failure). */
  backend(): Promise<CartBackend>;
}

/**
 * How a cart is taken: `broadcast: false` for another tab's; `clearError` for a read that answers the message
 * on show; `totals` for the cart an estimate was made for (taken only when newer, and not estimated again).
 */
interface CartOptions {
  broadcast?: boolean;
  clearError?: boolean;
  since?: number;
  totals?: boolean;
}

/**
 * What a group of actions is made from (each slice's actions live in a file of their own and are spread into
 * the store): zustand's `set` and `get`, the store's dependencies, and a few helpers every slice uses.
 */
export interface SliceContext {
  set: Storefront['setState'];
  get: Storefront['getState'];
  deps: StoreDeps;
  session: Session;
  emit: <K extends keyof StorefrontEvents>(name: K, detail: StorefrontEvents[K]) => void;
  /** The page the visitor is on: where the platform's pages lead back to. */
  here: () => string;
}

const CART_CACHE_KEY = 'cart';
/**
 * When a page was left with cart changes on their way (`cart-edits.ts`): those may still land on the server
 * after the other tabs' and the next page's reads, which read the cart again `RECHECK_MS` later.
 */
export const UNSURE_KEY = 'cart-unsure';
const UNSURE_MS = 30_000;
export const RECHECK_MS = 2_000;
const MEMBER_ACTIONS = ['saveSlug', 'setCommunity', 'deleteAccount', 'openAccountSection'] as const;
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

export const problemOf = (error: unknown, key: string): Problem => {
  if (isSystemError(error)) return { key: 'networkError' };
  if (isApiError(error)) return { key, detail: error.message };
  return { key, ...(error instanceof Error ? { detail: error.message } : {}) };
};

/** The cart before anything is known (also what React's hooks show before the provider has started). */
export const EMPTY_CART: CartSlice = {
  status: 'idle',
  cart: null,
  count: 0,
  error: null,
  pending: {},
  adding: false,
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
 * The page's one store: session, member, cart and UI slices, with the actions the widgets and the host page
 * call. Made by a factory (never a module singleton) from its dependencies, so tests pass fakes.
 *
 * @example
 * const store = createStorefrontStore({ session, storage });
 * await store.getState().start();
 * store.subscribe((state) => render(state.cart.count));
 */
export function createStorefrontStore(deps: StoreDeps): Storefront {
  const persistence = tokenPersistence(deps.storage);
  // The session is made first (the actions below call it); until the store exists, the tokens are what the
  // store will start with: the stored ones.
  let made: StoreApi<StorefrontState & StorefrontActions>;
  const setTokens = (tokens: Tokens) =>
    made.setState((s) => ({ session: { ...s.session, tokens, role: tokens.refreshToken.role } }));
  const session = deps.session({
    get: () => (made ? made.getState().session.tokens : persistence.read()),
    set: setTokens,
    reload: () => setTokens(persistence.read()),
  });
  const api = session.client;
  const emit: NonNullable<StoreDeps['emit']> = deps.emit ?? (() => {});
  const here = deps.location ?? (() => (typeof location === 'undefined' ? '' : location.href));
  let version = 0;
  // The newest cart taken from the server (carts are ordered by `isOlder`, not by when their answers arrive),
  // forgotten when the shopper changes (a sign-in or sign-out: another cart, maybe an older one).
  let base: Cart | null = null;
  let accept: CartKit['acceptCart'];

  made = createStore<StorefrontState & StorefrontActions>()((set, get) => {
    const ctx: SliceContext = { set, get, deps, session, emit, here };
    const patchCart = (patch: Partial<CartSlice>) => set((s) => ({ cart: { ...s.cart, ...patch } }));
    const patchUi = (patch: Partial<StorefrontState['ui']>) => set((s) => ({ ui: { ...s.ui, ...patch } }));

    // The changes on their way, shown over the newest cart taken.
    const onTheWay: CartKit['edits'] = new Set();
    const show = () => {
      const cart =
        base && onTheWay.size
          ? { ...base, lineItems: [...onTheWay].reduce((lines, edit) => edit(lines), base.lineItems ?? []) }
          : base;
      patchCart({ cart, count: countOf(cart) });
    };

    const acceptCart = (cart: Cart | null, options: CartOptions = {}) => {
      if (
        cart
          ? isOlder(cart, base) || (options.totals && !(base && isOlder(base, cart)))
          : options.since !== undefined && options.since !== version
      )
        return false;
      base = cart;
      version++;
      show();
      const count = countOf(cart);
      patchCart({ status: 'ready', ...(options.clearError ? { error: null, retry: null } : {}) });
      deps.storage.set(CART_CACHE_KEY, JSON.stringify({ count, id: cart?.id ?? null }));
      if (options.broadcast !== false)
        deps.channel?.post(cart ? { type: 'cart', cart, count } : { type: 'cart-missing' });
      emit('cart:updated', { count, cart });
      if (options.totals) return true;
      // The open drawer shows the server's totals (discount, tax, shipping when a country is known).
      const asked = get().cart.totalsStatus !== 'idle';
      if (cart?.lineItems?.length && (get().ui.cartOpen || asked)) void get().estimate();
      else patchCart({ totals: null, totalsStatus: 'idle' });
      return true;
    };
    accept = acceptCart;

    /**
     * The server's cart (null when the visitor has none). v1's read is here, written out rather than
     * `getCurrentCart()` (whose module's other calls would come into the first page with it); V2's downloads
     * with a V2 page's first read (`./cart-v2-read.ts`, the view only), its changes later with the drawer's.
     */
    const fetchCart = async (): Promise<Cart | null> => {
      if (deps.cartApi === 'v2') return (await import('./cart-v2-read')).readCartV2(api);
      try {
        return (await api.request<{ cart: Cart }>({ method: 'GET', path: '/ecom/v1/carts/current' })).cart;
      } catch (error) {
        if (isApiError(error) && error.status === 404) return null;
        throw error;
      }
    };
    const backend = loadOnce(() =>
      (deps.cartApi === 'v2' ? import('./cart-v2') : import('./cart-v1')).then((module) =>
        module.service(api, fetchCart),
      ),
    );

    const fail = (problem: Problem, retry: CartSlice['retry'] = 'load') => {
      patchCart({ error: problem, retry });
      emit('cart:error', { message: problem.detail ?? problem.key });
    };
    const kit: CartKit = {
      ctx,
      patchCart,
      acceptCart,
      fail,
      edits: onTheWay,
      show,
      version: () => version,
      fetchCart,
      backend,
    };
    const edits = lazyActions(
      () => import('./cart-edits').then((module) => module.cartEdits(kit)),
      ['setQuantity', 'removeLine', 'applyCoupon', 'removeCoupon', 'estimate', 'checkout', 'addToCart'],
    );

    const stored = persistence.read();
    return {
      session: { tokens: stored, role: stored.refreshToken.role, notice: null },
      member: { status: 'none', member: null },
      cart: { ...EMPTY_CART },
      ui: { cartOpen: false, loginOpen: false, loginIntent: { view: 'signIn' } },
      // The member menu's actions, downloaded with the menu; offline, each answers as a network failure.
      ...lazyActions(
        () => import('./member-actions').then((module) => module.memberActions(ctx)),
        MEMBER_ACTIONS,
        Object.fromEntries(MEMBER_ACTIONS.map((name) => [name, { key: 'networkError' }])),
      ),

      /**
       * Shows what is known at once, then asks only what it must. A new visitor (no tokens yet) and a visitor
       * whose cart is known to be gone cannot have a cart: count 0 with no request (and no 404 in the page's
       * console). Otherwise the cached count shows at once and one request checks it.
       */
      async start() {
        const role = session.role();
        let cached: { count?: unknown; id?: unknown } | undefined;
        try {
          const raw = deps.storage.get(CART_CACHE_KEY);
          cached = raw ? (JSON.parse(raw) as typeof cached) : undefined;
        } catch {
          deps.storage.remove(CART_CACHE_KEY);
        }
        // The last page was left with cart changes on their way: they may land after this page's read.
        const unsure = Date.now() - Number(deps.storage.get(UNSURE_KEY)) < UNSURE_MS;
        const tasks: Array<Promise<void>> = [];
        if (role === 'none' || (role === 'visitor' && cached?.id === null && !unsure)) {
          patchCart({ status: 'ready', count: 0, cart: null });
          emit('cart:updated', { count: 0, cart: null });
        } else {
          if (typeof cached?.count === 'number' && Number.isInteger(cached.count) && cached.count >= 0) {
            patchCart({ count: cached.count, status: 'cached' });
          }
          tasks.push(
            get()
              .loadCart()
              .then(() => {
                if (unsure) recheck();
              }),
          );
        }
        if (session.loggedIn()) tasks.push(get().loadMember());
        await Promise.all(tasks);
      },

      async loadCart(options = {}) {
        const since = version;
        const shown = get().cart.error;
        if (get().cart.status !== 'cached') patchCart({ status: 'loading' });
        try {
          const cart = await fetchCart();
          // The read clears the message it was asked for by, not a newer one (a change that failed meanwhile).
          acceptCart(cart, { clearError: !options.keepError && get().cart.error === shown, since });
        } catch (error) {
          // The cart on show (if any) is not confirmed, even if another was taken meanwhile (an answer or another
          // tab's cart can be older than the server's): the message says so.
          patchCart({ status: base ? 'ready' : 'error' });
          // After a failed change its own message says more than "could not be loaded".
          if (!(options.keepError && get().cart.error)) fail(problemOf(error, 'cartLoadFailed'));
        }
      },

      ...edits,
      /**
       * Adds a product (its code loads with the drawer's, which an add opens). Shown as adding at once, for
       * the button and the drawer; a download that fails is a network failure, worth another try.
       */
      addToCart(input) {
        patchCart({ adding: true, error: null, retry: null });
        return edits
          .addToCart(input)
          .catch(() => {
            fail({ key: 'networkError' }, input);
            return false;
          })
          .finally(() => patchCart({ adding: false }));
      },

      openCart() {
        if (get().ui.cartOpen) return;
        patchUi({ cartOpen: true });
        emit('cart:opened', {});
        const { status, cart, totalsStatus } = get().cart;
        if (status === 'idle' || status === 'error') void get().loadCart();
        else if (cart?.lineItems?.length && totalsStatus !== 'loading') void get().estimate();
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
      openLogin(intent = { view: 'signIn' }) {
        if (get().ui.loginOpen) return;
        patchUi({ loginOpen: true, loginIntent: intent });
        emit('login:opened', {});
      },
      closeLogin() {
        if (!get().ui.loginOpen) return;
        patchUi({ loginOpen: false });
        emit('login:closed', {});
      },
      dismissNotice: () => set((s) => ({ session: { ...s.session, notice: null } })),
      dismissCartError: () => patchCart({ error: null, retry: null }),
      retryCart() {
        const { retry } = get().cart;
        if (retry === 'load') return get().loadCart();
        return retry
          ? get()
              .addToCart(retry)
              .then(() => {})
          : Promise.resolve();
      },

      async loadMember() {
        if (!session.loggedIn()) {
          set({ member: { status: 'none', member: null } });
          return;
        }
        set((s) => ({ member: { ...s.member, status: 'loading' } }));
        try {
          const { member } = await getCurrentMember(api, { fieldsets: ['FULL'] });
          set({ member: { status: 'ready', member } });
        } catch {
          set((s) => ({
            member: { status: session.loggedIn() ? 'error' : 'none', member: s.member.member },
          }));
        }
      },

      async signOut(options = {}) {
        const { logoutUrl } = await session.logout(here(), options);
        if (logoutUrl && deps.navigate) deps.navigate(logoutUrl);
      },

      ...signInActions(ctx),
      ...productActions(ctx),

      destroy() {
        get().cancelSignIn();
        unsubscribeSession();
        unsubscribeChannel?.();
      },
    };
  });
  // The tokens are stored when they change (`./tokens.ts`).
  made.subscribe((state) => persistence.write(state.session.tokens));
  const store: Storefront = Object.assign(made, { session });
  if (session.loggedIn()) store.setState({ member: { status: 'loading', member: null } });

  // The role listeners last heard of: the store's own changes with the tokens, before the session tells.
  let heardRole = session.role();
  const onSessionChange = (_tokens: unknown, change: TokensChange) => {
    const role = session.role();
    const wasMember = heardRole === 'member';
    heardRole = role;
    const signedIn = change === 'signedIn' || (change === 'external' && role === 'member' && !wasMember);
    const signedOut = change === 'signedOut' || (change === 'external' && role !== 'member' && wasMember);
    if (signedIn || signedOut || change === 'expired') base = null;
    if (signedIn) {
      void store
        .getState()
        .loadMember()
        .then(() => emit('member:signedIn', { member: store.getState().member.member }));
      void store.getState().loadCart();
    } else if (signedOut) {
      store.setState({ member: { status: 'none', member: null } });
      emit('member:signedOut', {});
      store.setState((s) => ({
        cart: { ...EMPTY_CART, status: s.cart.status === 'idle' ? 'idle' : 'ready' },
      }));
      deps.storage.remove(CART_CACHE_KEY);
      emit('cart:updated', { count: 0, cart: null });
    } else if (change === 'expired') {
      store.setState((s) => ({
        session: { ...s.session, notice: { key: 'sessionExpired' } },
        member: { status: 'none', member: null },
      }));
      emit('session:expired', {});
      emit('member:signedOut', {});
      void store.getState().loadCart();
    }
  };
  const unsubscribeSession = session.subscribe(onSessionChange);
  /** Reads the cart again once changes another page left on their way must have landed; checking till then. */
  const recheck = () => {
    store.setState((s) => ({ cart: { ...s.cart, status: 'loading' } }));
    setTimeout(() => void store.getState().loadCart({ keepError: true }), RECHECK_MS);
  };
  const unsubscribeChannel = deps.channel?.subscribe((message) => {
    if (message.type === 'cart') accept(message.cart as Cart, { broadcast: false });
    else if (message.type === 'cart-unsure') recheck();
    // Another tab found no cart: taken when none is known here; otherwise the server is asked (a read of that
    // tab's can be older than a cart this tab has taken).
    else if (!base) accept(null, { broadcast: false });
    else void store.getState().loadCart({ keepError: true });
  });

  return store;
}
