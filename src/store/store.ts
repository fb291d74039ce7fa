import { createStore, type StoreApi } from 'zustand/vanilla';
import { addToCurrentCart, getCurrentCart, storeLineItem } from '../api/cart';
import { isApiError, isSystemError } from '../api/errors';
import { getCurrentMember } from '../api/members';
import type { Cart, EstimateTotalsResponse } from '../api/types/cart';
import type { TokenRole } from '../api/types/enums';
import type { Member } from '../api/types/members';
import type { Session, TokensChange } from '../auth/session';
import type { CaptchaProvider } from '../auth/sign-in';
import type { FrameWindow } from '../auth/silent';
import type { KeyValueStorage } from '../auth/storage';
import type { TabChannel } from './channel';
import { lazyActions } from './lazy-actions';
import { type MemberActions, memberActions } from './member-actions';
import { type ProductActions, type ProductsSlice, productActions } from './product-actions';
import { type SignInActions, type SignInSlice, signInActions } from './sign-in-actions';

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
}

export interface StorefrontState {
  session: { role: TokenRole; notice: Problem | null };
  member: { status: 'none' | 'loading' | 'ready' | 'error'; member: Member | null };
  cart: CartSlice;
  ui: { cartOpen: boolean; loginOpen: boolean; loginIntent: LoginIntent };
  signIn: SignInSlice;
  products: ProductsSlice;
}

/** Which view the login modal opens with; a password reset carries the emailed link's token. */
export type LoginIntent =
  | { view: 'signIn' }
  | { view: 'register' }
  | { view: 'reset'; recoveryToken: string };

/** Events the store announces: the loader turns them into `sf:*` DOM events and `Storefront.on` calls. */
export interface StorefrontEvents {
  'cart:updated': { count: number; cart: Cart | null };
  'cart:added': { productId: string; quantity: number };
  'cart:error': { message: string };
  'cart:opened': Record<string, never>;
  'cart:closed': Record<string, never>;
  'checkout:started': { checkoutId: string };
  'member:signedIn': { member: Member | null };
  'member:signedOut': Record<string, never>;
  'session:expired': Record<string, never>;
  'login:opened': Record<string, never>;
  'login:closed': Record<string, never>;
}

export interface StoreDeps {
  session: Session;
  /** The window that hosts the silent sign-in's hidden iframe (the page's own, in browsers). */
  win?: FrameWindow;
  /** The site's captcha, asked for tokens before a sign-in or registration (`Storefront.setCaptchaProvider`). */
  captcha?: () => CaptchaProvider | undefined;
  /** Where the cart count is cached between visits. */
  storage: KeyValueStorage;
  channel?: TabChannel;
  emit?: <K extends keyof StorefrontEvents>(name: K, detail: StorefrontEvents[K]) => void;
  /** Sends the browser to a platform page (checkout, sign-out). */
  navigate?: (url: string) => void;
  /** The page the visitor is on: where the platform's pages lead back to. */
  location?: () => string;
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
  openLogin(intent?: LoginIntent): void;
  closeLogin(): void;
  dismissNotice(): void;
  dismissCartError(): void;
  loadMember(): Promise<void>;
  /** Signs out here and (unless `platform: false`) on the platform's side, through its logout page. */
  signOut(options?: { platform?: boolean }): Promise<void>;
  /** Stops listening to the session and the other tabs. */
  destroy(): void;
}

export type Storefront = StoreApi<StorefrontState & StorefrontActions>;

/** The cart's core, for its edits (`cart-edits.ts`, loaded with the drawer): the one truth about the cart. */
export interface CartKit {
  ctx: SliceContext;
  patchCart(patch: Partial<CartSlice>): void;
  /** Takes the server's cart as the truth: count, cache, other tabs, listeners. */
  acceptCart(cart: Cart | null, options?: { broadcast?: boolean; keepError?: boolean }): void;
  /** Shows a cart problem and announces it. */
  fail(problem: Problem): void;
  /** Starts a cart change or read; `isLatest` tells whether no later one started since. */
  next(): number;
  isLatest(change: number): boolean;
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
export const MAX_QUANTITY = 9999;

/** The items in a cart: all of them, or those of one product. */
export const countOf = (cart: Cart | null, productId?: string) =>
  (cart?.lineItems ?? [])
    .filter((line) => productId === undefined || line.catalogReference?.catalogItemId === productId)
    .reduce((sum, line) => sum + (line.quantity ?? 0), 0);

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
  const { session } = deps;
  const api = session.client;
  const emit: NonNullable<StoreDeps['emit']> = deps.emit ?? (() => {});
  const here = deps.location ?? (() => (typeof location === 'undefined' ? '' : location.href));
  let seq = 0;

  const store = createStore<StorefrontState & StorefrontActions>()((set, get) => {
    const ctx: SliceContext = { set, get, deps, session, emit, here };
    const patchCart = (patch: Partial<CartSlice>) => set((s) => ({ cart: { ...s.cart, ...patch } }));

    /** Takes the server's cart as the truth: count, cache, other tabs, listeners. */
    const acceptCart = (cart: Cart | null, options: { broadcast?: boolean; keepError?: boolean } = {}) => {
      const count = countOf(cart);
      patchCart({ cart, count, status: 'ready', ...(options.keepError ? {} : { error: null }) });
      deps.storage.set(CART_CACHE_KEY, JSON.stringify({ count, id: cart?.id ?? null }));
      if (options.broadcast !== false)
        deps.channel?.post(cart ? { type: 'cart', cart, count } : { type: 'cart-missing' });
      emit('cart:updated', { count, cart });
      // The open drawer shows the server's totals (discount, tax, shipping when a country is known).
      const asked = get().cart.totalsStatus !== 'idle';
      if (cart?.lineItems?.length && (get().ui.cartOpen || asked)) void get().estimate();
      else patchCart({ totals: null, totalsStatus: 'idle' });
    };

    const fetchCart = async (): Promise<Cart | null> => {
      try {
        return (await getCurrentCart(api)).cart;
      } catch (error) {
        if (isApiError(error) && error.status === 404) return null;
        throw error;
      }
    };

    const fail = (problem: Problem) => {
      patchCart({ error: problem });
      emit('cart:error', { message: problem.detail ?? problem.key });
    };
    const kit: CartKit = {
      ctx,
      patchCart,
      acceptCart,
      fail,
      next: () => ++seq,
      isLatest: (change) => change === seq,
    };

    return {
      session: { role: session.role(), notice: null },
      member: { status: session.loggedIn() ? 'loading' : 'none', member: null },
      cart: { ...EMPTY_CART },
      ui: { cartOpen: false, loginOpen: false, loginIntent: { view: 'signIn' } },
      ...memberActions(ctx),

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
        const tasks: Array<Promise<void>> = [];
        if (role === 'none' || (role === 'visitor' && cached?.id === null)) {
          patchCart({ status: 'ready', count: 0, cart: null });
          emit('cart:updated', { count: 0, cart: null });
        } else {
          if (typeof cached?.count === 'number' && Number.isInteger(cached.count) && cached.count >= 0) {
            patchCart({ count: cached.count, status: 'cached' });
          }
          tasks.push(get().loadCart());
        }
        if (session.loggedIn()) tasks.push(get().loadMember());
        await Promise.all(tasks);
      },

      async loadCart(options = {}) {
        const mine = ++seq;
        if (get().cart.status !== 'cached') patchCart({ status: 'loading' });
        try {
          const cart = await fetchCart();
          if (mine === seq) acceptCart(cart, options);
        } catch (error) {
          if (mine === seq) {
            patchCart({ status: get().cart.cart ? 'ready' : 'error' });
            // After a failed change its own message says more than "could not be loaded".
            if (!(options.keepError && get().cart.error)) fail(problemOf(error, 'cartLoadFailed'));
          }
        }
      },

      /**
       * Adds a product. After a network failure the cart is read again to see whether the add arrived,
       * never sent twice.
       */
      async addToCart(input) {
        const quantity = input.quantity ?? 1;
        if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_QUANTITY) {
          fail({ key: 'quantityInvalid', detail: String(input.quantity) });
          return false;
        }
        const had = countOf(get().cart.cart, input.productId);
        patchCart({ adding: true, error: null });
        seq++;
        try {
          const variant = input.variantId
            ? { variantId: input.variantId }
            : input.options
              ? { options: input.options }
              : undefined;
          const { cart } = await addToCurrentCart(api, {
            lineItems: [storeLineItem(input.productId, quantity, variant)],
          });
          acceptCart(cart);
          emit('cart:added', { productId: input.productId, quantity });
          return true;
        } catch (error) {
          if (isSystemError(error)) {
            // Did it arrive? Read the cart instead of sending the add again.
            try {
              const cart = await fetchCart();
              acceptCart(cart);
              const now = countOf(cart, input.productId);
              if (now > had) {
                emit('cart:added', { productId: input.productId, quantity: now - had });
                return true;
              }
            } catch {
              // still offline: say so below
            }
          }
          fail(problemOf(error, 'addFailed'));
          return false;
        } finally {
          patchCart({ adding: false });
        }
      },

      ...lazyActions(
        () => import('./cart-edits').then((module) => module.cartEdits(kit)),
        ['setQuantity', 'removeLine', 'applyCoupon', 'removeCoupon', 'estimate', 'checkout'],
      ),

      openCart() {
        if (get().ui.cartOpen) return;
        set((s) => ({ ui: { ...s.ui, cartOpen: true } }));
        emit('cart:opened', {});
        const { status, cart, totalsStatus } = get().cart;
        if (status === 'idle' || status === 'error') void get().loadCart();
        else if (cart?.lineItems?.length && totalsStatus !== 'loading') void get().estimate();
      },
      closeCart() {
        if (!get().ui.cartOpen) return;
        set((s) => ({ ui: { ...s.ui, cartOpen: false } }));
        emit('cart:closed', {});
      },
      openLogin(intent = { view: 'signIn' }) {
        if (get().ui.loginOpen) return;
        set((s) => ({ ui: { ...s.ui, loginOpen: true, loginIntent: intent } }));
        emit('login:opened', {});
      },
      closeLogin() {
        if (!get().ui.loginOpen) return;
        set((s) => ({ ui: { ...s.ui, loginOpen: false } }));
        emit('login:closed', {});
      },
      dismissNotice: () => set((s) => ({ session: { ...s.session, notice: null } })),
      dismissCartError: () => patchCart({ error: null }),

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

  const onSessionChange = (_tokens: unknown, change: TokensChange) => {
    const role = session.role();
    const wasMember = store.getState().session.role === 'member';
    store.setState((s) => ({ session: { ...s.session, role } }));
    if (change === 'signedIn' || (change === 'external' && role === 'member' && !wasMember)) {
      void store
        .getState()
        .loadMember()
        .then(() => emit('member:signedIn', { member: store.getState().member.member }));
      void store.getState().loadCart();
    } else if (change === 'signedOut' || (change === 'external' && role !== 'member' && wasMember)) {
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
  const unsubscribeChannel = deps.channel?.subscribe((message) => {
    if (message.type === 'cart') {
      const cart = message.cart as Cart;
      store.setState((s) => ({ cart: { ...s.cart, cart, count: message.count, status: 'ready' } }));
      emit('cart:updated', { count: message.count, cart });
    } else if (message.type === 'cart-missing') {
      store.setState((s) => ({ cart: { ...s.cart, cart: null, count: 0, status: 'ready' } }));
      emit('cart:updated', { count: 0, cart: null });
    }
  });

  return store;
}
