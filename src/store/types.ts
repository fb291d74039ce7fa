/**
 * The store's shared types: its state, actions, events and dependencies, and what its slices are made from.
 * Every module of the store imports them from here, and this module imports nothing of the store's, so the
 * slices never import one another in a circle.
 */

import type { StoreApi } from 'zustand/vanilla';
import type { Cart, EstimateTotalsResponse, LineItem } from '../api/types/cart';
import type { MembersAccountSection, TokenRole } from '../api/types/enums';
import type { IdentityProfile } from '../api/types/identity';
import type { Member } from '../api/types/members';
import type { Product } from '../api/types/products';
import type { LoginResult } from '../auth/login-state';
import type { Session, TokenHolder, Tokens } from '../auth/session';
import type { CaptchaProvider } from '../auth/sign-in';
import type { FrameWindow } from '../auth/silent';
import type { KeyValueStorage } from '../auth/storage';
import type { TabChannel } from './channel';

/**
 * What the person is told of one of the platform's sign-in refusals: a login text (`key`, a key of the modal's
 * texts, filled with `values`) where the platform's code or rule has one, else the platform's `words`; at a
 * `field` of the form (`email`, `password`, `nickname`, `code`), or the view's own place for it (`''`).
 */
export interface Said {
  field: string;
  key?: string;
  values?: Record<string, number>;
  words: string;
}

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
  /**
   * The add on its way, shown in the drawer at once (its line's quantity raised, or a line of its own) until the
   * server answers; never counted (the count and `cart` are the server's).
   */
  addingItem: AddToCartInput | null;
  /**
   * The last add the server took, as the input it was asked with: a product card whose add failed knows the
   * drawer's "Try again" (which sends that same input again) made it.
   */
  lastAdded: AddToCartInput | null;
  couponError: Problem | null;
  couponBusy: boolean;
  shipping: ShippingChoice | null;
  totals: EstimateTotalsResponse | null;
  totalsStatus: 'idle' | 'loading' | 'ready' | 'error';
  totalsError: Problem | null;
  checkout: 'idle' | 'working' | 'error';
  checkoutError: Problem | null;
  /**
   * What the error banner's "Try again" does: read the cart again (`load`); send a failed add, quantity
   * change or removal once more (one that failed on the network or the server's side, or an add that did not
   * arrive); or nothing (a refusal that trying again cannot change, such as a sold-out product).
   */
  retry: CartRetry | null;
}

/**
 * A change "Try again" sends once more, or `load`: the cart read again. A line's change with `reread` is sent
 * after a read of the cart (the one after its failure failed too).
 */
export type CartRetry =
  | 'load'
  | AddToCartInput
  | { lineId: string; quantity: number; reread?: true }
  | { lineId: string; remove: true; reread?: true };

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

/** What a change of the session's tokens means for the page: the shopper signed in, signed out, or expired. */
export type SessionTurn = 'signedIn' | 'signedOut' | 'expired';

/** Events the store announces: the loader turns them into `sf:*` DOM events and `Storefront.on` calls. */
export interface StorefrontEvents {
  'cart:updated': { count: number; cart: Cart | null };
  /**
   * `quantity`: how many were added (fewer than `asked` when the stock was short); `line`: the cart's line they
   * went to, as the cart now has it (null when none were added); `currency`: the cart's.
   */
  'cart:added': {
    productId: string;
    quantity: number;
    asked: number;
    line: LineItem | null;
    currency: string;
  };
  /** A line removed, or its quantity lowered: `quantity` is how many went; `line`, the line as it was. */
  'cart:removed': { productId: string; quantity: number; line: LineItem; currency: string };
  'cart:error': { message: string };
  'cart:opened': Record<string, never>;
  'cart:closed': Record<string, never>;
  /** `cart`: what is being checked out. */
  'checkout:started': { checkoutId: string; cart: Cart };
  /** `checkoutId`: the checkout this browser started, which the order was placed from. */
  'order:placed': PlacedOrder & { checkoutId?: string };
  /** `otherTab`: the shopper signed in in another tab of the site (this one follows). */
  'member:signedIn': { member: Member | null; otherTab: boolean };
  /** An account was made here (the login modal's registration), before its `member:signedIn`. */
  'member:registered': Record<string, never>;
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
  /** This visit's storage (the tab's `sessionStorage`): a coupon a link gave, applied at the first add. */
  visit?: KeyValueStorage;
  channel?: TabChannel;
  emit?: <K extends keyof StorefrontEvents>(name: K, detail: StorefrontEvents[K]) => void;
  /**
   * Sends the browser to a platform page (checkout, sign-out, the hosted login, the members area): a redirect
   * session's `fullUrl`, which `createRedirectSession` checked as it arrived (`checkNavigationUrl`).
   */
  navigate?: (url: string) => void;
  /**
   * Asked, once a checkout is made, whether the browser goes to the platform's checkout page (`url`): false
   * keeps it on the page (an app that routes itself: React's `onCheckout`). Without it, it always goes.
   */
  beforeCheckout?: (checkout: { checkoutId: string; url: string }) => boolean;
  /** The page the visitor is on: where the platform's pages lead back to. */
  location?: () => string;
  /**
   * The platform's cart service (`data-cart-api`): `v1` (default) or `v2`, whose code downloads only for the
   * pages that ask for it. Both answer the same view of a cart (`CartBackend`).
   */
  cartApi?: 'v1' | 'v2';
  /** The clock (milliseconds since the epoch): `Date.now` by default; tests pass their own. */
  now?: () => number;
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
  /** Sets the shopper's note to the shop (v1's `buyerNote`, V2's `note`; at most 1,000 characters). */
  setNote(note: string): Promise<Cart>;
  /** The totals, with the delivery options for an address and the chosen one (a normalised choice). */
  estimate(choice: ShippingChoice | null): Promise<EstimateTotalsResponse>;
  /** Where to send the shopper to pay for the cart (`shown`), leading back to `back`. */
  checkout(
    shown: Cart | null,
    choice: ShippingChoice | null,
    back: string,
  ): Promise<{ checkoutId: string; url: string }>;
  /**
   * What the platform says of the order placed from the cart `cartId`: its order id where the platform tells
   * (V2's ordered current cart), `undefined` when the cart is no longer the current one but no order id can be
   * read (v1, whose ordered cart is gone), `null` when it is still the shopper's open cart (no order placed).
   * `current`: the current cart as the page read it already (null: none), which v1 takes instead of a read.
   */
  orderOf(cartId: string, current?: Cart | null): Promise<string | null | undefined>;
}

export interface AddToCartInput {
  productId: string;
  quantity?: number;
  variantId?: string;
  options?: Record<string, string>;
}

export interface StorefrontActions extends MemberActions, SignInActions, ProductActions {
  /**
   * Listens to the session (a sign-in or sign-out here or in another tab) and to the other tabs' hints, once,
   * until `destroy()`; `start()` does it first.
   */
  listen(): void;
  /** Listens (`listen()`), shows the cached count at once and checks it with the server (or loads the cart). */
  start(): Promise<void>;
  /** Reads the server's cart; `keepError` leaves the message of a failed change on show. */
  loadCart(options?: { keepError?: boolean }): Promise<void>;
  /** Resolves with how many were added: 0 when none were, fewer than asked when the stock was short. */
  addToCart(input: AddToCartInput): Promise<number>;
  setQuantity(lineId: string, quantity: number): Promise<void>;
  removeLine(lineId: string): Promise<void>;
  applyCoupon(code: string): Promise<boolean>;
  removeCoupon(): Promise<void>;
  /** Saves the shopper's note to the shop on the cart (`buyerNote`): null when saved, else why not. */
  saveNote(note: string): Promise<Problem | null>;
  /** Asks the server for the totals, for a shipping choice (else the last one, else none). */
  estimate(choice?: ShippingChoice): Promise<void>;
  checkout(): Promise<void>;
  openCart(): void;
  closeCart(): void;
  /** Confirms an order the visitor came back from checkout with: announced, and shown in the opened drawer. */
  showOrder(order: StorefrontEvents['order:placed']): void;
  /**
   * The address the platform's checkout led back to names an order (`orderId`, `orderNumber`): shown and
   * announced once (`showOrder`) only when this browser started that checkout and the platform confirms what
   * it can; a link from anyone else shows nothing. Answers whether it was shown.
   */
  confirmOrder(returned: { orderId: string; orderNumber: string | null }): Promise<boolean>;
  openLogin(intent?: LoginIntent): void;
  closeLogin(): void;
  dismissNotice(): void;
  dismissCartError(): void;
  /** "Try again" on the cart's error banner: what `cart.retry` says. */
  retryCart(): Promise<void>;
  loadMember(): Promise<void>;
  /** Signs out here and (unless `platform: false`) on the platform's side, through its logout page. */
  signOut(options?: { platform?: boolean }): Promise<void>;
  /** Stops listening to the session and the other tabs, and ends the store's timers and sign-in. */
  destroy(): void;
}

export type Storefront = StoreApi<StorefrontState & StorefrontActions> & {
  /** The session the store's actions call (renewal, sign-in, sign-out); its tokens are the store's. */
  readonly session: Session;
};

/**
 * The cart's core (`cart-core.ts`): the one truth about the cart, for the store's actions and the drawer's
 * edits (`cart-edits.ts`, loaded with the drawer).
 */
export interface CartCore {
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
  /** Counts the carts taken. */
  version(): number;
  /** Reads the server's cart (null when the visitor has none). */
  fetchCart(): Promise<Cart | null>;
  /** The cart service's changes (v1's or V2's, `StoreDeps.cartApi`), downloaded once (again after a failure). */
  backend(): Promise<CartBackend>;
  /** Reads the cart and takes it (`loadCart`); `broadcast: false` keeps the other tabs from hearing of it. */
  /** Reads the server's cart; true when it was read (false: the read failed, and the cart shown may be stale). */
  read(options?: { keepError?: boolean; broadcast?: boolean }): Promise<boolean>;
  /** Reads the cart again once changes another page left on their way must have landed. */
  recheck(): void;
  /** Forgets the newest cart taken (the shopper changed: another cart, maybe an older one, comes next). */
  forget(): void;
  /** Hears the other tabs' hints; returns the end of it. */
  listen(channel: TabChannel): () => void;
  /** Ends the timers. */
  stop(): void;
}

/**
 * How a cart is taken: `broadcast: false` for another tab's; `clearError` for a read that answers the message
 * on show; `totals` for the cart an estimate was made for (taken only when newer, and not estimated again).
 */
export interface CartOptions {
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
  /** The clock (`StoreDeps.now`, else `Date.now`). */
  now: () => number;
  /** Changes the UI slice (the drawer's and the modal's open state, the order on show). */
  patchUi(patch: Partial<StorefrontState['ui']>): void;
}

// ——— The catalogue's slice ———

/** How a product grid is sorted (`<sf-product-grid sort="price-asc">`); the catalogue's own order without. */
export type ProductSort = 'price-asc' | 'price-desc' | 'name-asc' | 'name-desc' | 'newest';

/** A product grid's query: a collection (by slug or id; every product without), its order and page size. */
export interface ProductListQuery {
  collection?: string;
  sort?: ProductSort;
  pageSize?: number;
}

/** A product asked for by its slug or its id. */
export type ProductRef = { slug: string; id?: undefined } | { id: string; slug?: undefined };

/** One product's read: `missing` when the catalogue has no such (visible) product. */
export interface ProductRead {
  status: 'loading' | 'ready' | 'missing' | 'error';
  id: string | null;
  problem: Problem | null;
}

/** A grid's products, page after page: their ids in order, and how many there are in all. */
export interface ProductList {
  status: 'loading' | 'ready' | 'error';
  ids: string[];
  /** How many products match, when the catalogue counted them. */
  total: number | undefined;
  hasMore: boolean;
  /** The next page's load ("Load more"). */
  more: 'idle' | 'loading' | 'error';
  problem: Problem | null;
}

/**
 * The catalogue as the page has seen it, kept for the page's life and shared by every element: products by id
 * (with their variants, so a change of choice needs no request), ids by slug, each product's read and each
 * grid's list. A merchant's change shows on the next page load. `items` and `slugs` are keyed by the
 * catalogue's ids and slugs, which may be `constructor` or `__proto__`: read them with `own()` (products.ts).
 * `reads` and `lists` are keyed by `readKey()` and `listKey()`, which are never a prototype's member.
 */
export interface ProductsSlice {
  items: Record<string, Product>;
  slugs: Record<string, string>;
  reads: Record<string, ProductRead>;
  lists: Record<string, ProductList>;
}

export interface ProductActions {
  /** Reads a product once for the page (none when a grid already brought it). */
  loadProduct(ref: ProductRef): Promise<void>;
  /** Reads a grid's first page: one catalogue request (a collection named by slug is looked up once first). */
  loadProducts(query: ProductListQuery): Promise<void>;
  /** Reads a grid's next page, appended to its list. */
  loadMoreProducts(query: ProductListQuery): Promise<void>;
}

// ——— The sign-in's slice ———

/**
 * Where a sign-in step stands for the view: the platform's state (SUCCESS only once the member's tokens are
 * stored), or `ERROR` when the step could not be made (the network, the silent sign-in), with the message; a
 * FAILURE with what the person is told of it (`said`: `sign-in-problems.ts`).
 */
export type SignInStep =
  | Exclude<LoginResult, { loginState: 'FAILURE' }>
  | (Extract<LoginResult, { loginState: 'FAILURE' }> & { said?: Said[] })
  | { loginState: 'ERROR'; problem: Problem };

/** The silent sign-in (the hidden iframe that turns a SUCCESS into member tokens), as the store runs it. */
export interface SignInSlice {
  silent: 'idle' | 'running' | 'failed';
  /** Why the last silent sign-in failed: `silentFailed` (with the reason), `networkError` or `error`. */
  problem: Problem | null;
}

export interface SignInActions {
  /** Signs in with email and password; a SUCCESS runs the silent sign-in before it resolves. */
  login(input: { email: string; password: string }): Promise<SignInStep>;
  register(input: { email: string; password: string; profile?: IdentityProfile }): Promise<SignInStep>;
  /** Answers EMAIL_VERIFICATION_REQUIRED with the emailed code. */
  verifyEmail(code: string): Promise<SignInStep>;
  /** Sends the pending verification's code again; null when it is on its way. */
  resendCode(): Promise<Problem | null>;
  /** Emails a link back to this page to choose a new password; null when it is sent. */
  sendPasswordReset(email: string, language?: string): Promise<Problem | null>;
  /** Sets a new password with the emailed link's token, and signs in with it. */
  resetPassword(recoveryToken: string, password: string): Promise<SignInStep>;
  /** Sends the browser to the platform's hosted login page, back to this page; a Problem when it cannot. */
  startHostedLogin(): Promise<Problem | null>;
  /**
   * Turns a SUCCESS's session token into member tokens through the hidden iframe, and stores them. One at a
   * time: a call while one runs joins it. Its state is `signIn`; it rejects when it fails.
   */
  completeSignIn(sessionToken: string): Promise<void>;
  /** Stops a running silent sign-in, removing its iframe (the store going away). */
  cancelSignIn(): void;
  /**
   * Starts the sign-in code's download (once; the login modal's first keystroke), so that the step the person
   * is typing for does not wait for it. The code is otherwise downloaded by the first step.
   */
  prepareSignIn(): void;
}

// ——— The member's own account ———

/**
 * Why a member's change did not happen, as a key of the menu's texts:
 * - `networkError`: the platform could not be reached;
 * - `slugEmpty`: no address was given (nothing was sent);
 * - `slugTaken` (409) / `slugInvalid` (400): the address asked for, in `detail`;
 * - `refused`: the platform said no, in its own words (`detail`);
 * - `failed`: anything else, its message in `detail`.
 */
export type MemberProblemKey =
  | 'networkError'
  | 'slugEmpty'
  | 'slugTaken'
  | 'slugInvalid'
  | 'refused'
  | 'failed';
export interface MemberProblem extends Problem {
  key: MemberProblemKey;
}

/** What the member can do to their own account. Each resolves to null when it worked, else why not. */
export interface MemberActions {
  /** Changes the member's profile address (trimmed); the member slice gets the platform's answer. */
  saveSlug(slug: string): Promise<MemberProblem | null>;
  /** Joins (profile PUBLIC) or leaves (PRIVATE) the site's community. */
  setCommunity(join: boolean): Promise<MemberProblem | null>;
  /** Deletes the member's own account, then signs out here (nothing is left to end on the platform). */
  deleteAccount(): Promise<MemberProblem | null>;
  /** Sends the browser to a section of the platform's members area, which leads back to this page. */
  openAccountSection(section: MembersAccountSection): Promise<MemberProblem | null>;
}

// ——— The drawer's edits ———

/** The cart's edits: what only the open drawer does, so their code downloads with the drawer's. */
export type CartEdits = Pick<
  StorefrontActions,
  | 'setQuantity'
  | 'removeLine'
  | 'applyCoupon'
  | 'removeCoupon'
  | 'saveNote'
  | 'estimate'
  | 'checkout'
  | 'addToCart'
  | 'retryCart'
>;
