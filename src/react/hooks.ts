import { useMemo, useSyncExternalStore } from 'react';
import type { Cart, LineItem } from '../api/types/cart';
import type { TokenRole } from '../api/types/enums';
import type { Member } from '../api/types/members';
import { EMPTY_TOKENS } from '../auth/session';
import type { StorefrontApi } from '../public-api';
import { type AddToCartInput, type CartSlice, EMPTY_CART, type StorefrontState } from '../store/store';
import {
  type CouponState,
  couponCodeOf,
  type ShippingAddress,
  type ShippingEstimate,
  shippingOf,
  type Totals,
  totalsOf,
} from './cart-view';
import { useStorefrontContext } from './context';
import { type Problem, useProblem } from './problems';
import { drawerTexts, useTexts } from './texts';

const NO_MEMBER: StorefrontState['member'] = { status: 'none', member: null };
const NO_SESSION: StorefrontState['session'] = { tokens: EMPTY_TOKENS, role: 'none', notice: null };
export const nothing = () => () => {};

/** One slice of the store's state (a stable object, so React re-renders only when it changes). */
function useSlice<K extends 'cart' | 'member' | 'session'>(
  hook: string,
  key: K,
  before: StorefrontState[K],
): StorefrontState[K] {
  const { started } = useStorefrontContext(hook);
  const store = started?.store;
  return useSyncExternalStore(
    store ? store.subscribe : nothing,
    () => (store ? store.getState()[key] : before),
    () => before,
  );
}

/**
 * The actions of `window.Storefront` for this provider's storefront: one object for the provider's life, which
 * acts on the storefront current when it is called (a new `clientId` starts a new one; its `on` handlers move
 * to it). Calls made before it has started (the first render, or on the server) wait for it; the
 * promise-returning ones resolve with the real result.
 *
 * @example
 * const storefront = useStorefront();
 * <button onClick={() => storefront.openCart()}>Cart</button>
 */
export function useStorefront(): StorefrontApi {
  return useStorefrontContext('useStorefront()').live.api;
}

/**
 * Tells the widgets the visitor's consent to analytics (a consent banner's answer), as `Storefront.consent()`
 * does: `{analytics: true}` lets their events go out, `{analytics: false}` stops them again (`ads: false` keeps
 * Meta's back). For a provider with `consentRequired` (or a `consent` prop), nothing goes out before it.
 *
 * @example
 * const consent = useConsent();
 * <button onClick={() => consent({ analytics: true })}>Accept</button>
 */
export function useConsent(): StorefrontApi['consent'] {
  return useStorefrontContext('useConsent()').live.api.consent;
}

/** A line of the cart: the platform's line item (`id`, `quantity`, `productName`, `price`, `lineItemPrice`). */
export type CartLine = LineItem;

/** What `useCart()` gives: the cart as the drawer shows it, and what can be done with it. */
export interface CartState {
  /** Whether the provider has started (false on the server and in the client's first render). */
  loaded: boolean;
  /** `idle` until the provider has started; `cached` (the last visit's count), `loading`, `ready`, `error`. */
  status: CartSlice['status'];
  /** The items in the cart (the lines' quantities). */
  count: number;
  /** The platform's cart; null when the visitor has none. */
  cart: Cart | null;
  lines: CartLine[];
  /** An add is on its way. */
  adding: boolean;
  /** The cart's last problem (a read, an add, a change): what the drawer's banner says. */
  error: Problem | null;
  /** The totals as the drawer shows them; null without lines. */
  totals: Totals | null;
  /** The shipping estimate: its address, the delivery options there and the one chosen. */
  shipping: ShippingEstimate;
  coupon: CouponState;
  /** `working` while the checkout is being made (then the browser leaves, unless `onCheckout` kept it). */
  checkoutStatus: CartSlice['checkout'];
  checkoutProblem: Problem | null;
  openCart(): void;
  closeCart(): void;
  /** Resolves with how many were added: 0 when none were, fewer than asked when the stock was short. */
  addToCart(input: AddToCartInput): Promise<number>;
  setQuantity(lineId: string, quantity: number): Promise<void>;
  removeLine(lineId: string): Promise<void>;
  /** Applies a coupon in place of the cart's; resolves whether it was applied (else see `coupon.problem`). */
  applyCoupon(code: string): Promise<boolean>;
  removeCoupon(): Promise<void>;
  /** Estimates the totals with the delivery options for an address (the totals' shipping: the first one's). */
  estimateShipping(address: ShippingAddress): Promise<void>;
  /** Chooses one of `shipping.options` by its code, and estimates the totals with it (no address: nothing). */
  chooseDelivery(code: string): Promise<void>;
  /** Makes a checkout and goes to the platform's checkout page (the provider's `onCheckout` may keep it here). */
  checkout(): Promise<void>;
  /** Reads the cart again. */
  reload(): Promise<void>;
}

/**
 * The current cart and what can be done with it, as the drawer shows it: `status`, `count`, the platform's
 * `cart` and its `lines`, the `totals` (subtotal, discount, shipping, tax, total, each as `Money` with its
 * `formatted` text), the `shipping` estimate with its delivery options, the `coupon`, the checkout's state,
 * and each one's problem as a typed `Problem` (`code`, `message` in the provider's language). The same store
 * as the drawer's: an app may draw its own cart page with it.
 *
 * @example
 * const { count, totals, shipping, estimateShipping, chooseDelivery, checkout } = useCart();
 * <button onClick={() => estimateShipping({ country: 'DE', postalCode: '10115' })}>Ship to Berlin</button>
 * {shipping.options.map((o) => (
 *   <label key={o.code}>
 *     <input type="radio" checked={o.selected} onChange={() => chooseDelivery(o.code)} />
 *     {o.title} {o.price.formatted}
 *   </label>
 * ))}
 * <p>Total: {totals?.total?.formatted ?? '…'}</p>
 */
export function useCart(): CartState {
  const slice = useSlice('useCart()', 'cart', EMPTY_CART);
  const { started, live } = useStorefrontContext('useCart()');
  const t = useTexts(started, drawerTexts);
  const actions = useMemo(() => {
    // The storefront current when an action is called.
    const state = () => live.whenStarted().then(({ store }) => store.getState());
    return {
      openCart: () => void state().then((s) => s.openCart()),
      closeCart: () => void state().then((s) => s.closeCart()),
      addToCart: (input: AddToCartInput) => state().then((s) => s.addToCart(input)),
      setQuantity: (lineId: string, quantity: number) => state().then((s) => s.setQuantity(lineId, quantity)),
      removeLine: (lineId: string) => state().then((s) => s.removeLine(lineId)),
      applyCoupon: (code: string) => state().then((s) => s.applyCoupon(code)),
      removeCoupon: () => state().then((s) => s.removeCoupon()),
      estimateShipping: ({ country, postalCode }: ShippingAddress) =>
        state().then((s) => s.estimate({ country, postalCode: postalCode ?? '' })),
      chooseDelivery: (code: string) =>
        state().then((s) => {
          const { shipping } = s.cart;
          return shipping ? s.estimate({ ...shipping, code }) : undefined;
        }),
      checkout: () => state().then((s) => s.checkout()),
      reload: () => state().then((s) => s.loadCart()),
    };
  }, [live]);
  const error = useProblem(slice.error, 'cart', t);
  const couponProblem = useProblem(slice.couponError, 'coupon', t);
  const shippingProblem = useProblem(slice.totalsError, 'shipping', t);
  const checkoutProblem = useProblem(slice.checkoutError, 'checkout', t);
  // Prices in the cart's own currency (the provider's until a cart is known), written the provider's way.
  const locale = started?.config.lang ?? 'en';
  const currency = slice.cart?.currency || started?.config.currency || 'USD';
  const view = useMemo(() => {
    const format = { currency, locale };
    return { totals: totalsOf(slice.cart, slice, format), shipping: shippingOf(slice, format) };
  }, [slice, currency, locale]);
  return {
    loaded: started !== null,
    status: slice.status,
    count: slice.count,
    cart: slice.cart,
    lines: slice.cart?.lineItems ?? [],
    adding: slice.adding,
    error,
    totals: view.totals,
    shipping: { ...view.shipping, problem: shippingProblem },
    coupon: { code: couponCodeOf(slice.cart), busy: slice.couponBusy, problem: couponProblem },
    checkoutStatus: slice.checkout,
    checkoutProblem,
    ...actions,
  };
}

/** What `useMember()` gives: the visitor's session and member, and sign-in, registration and sign-out. */
export interface MemberState {
  /** Whether the provider has started (false on the server and in the client's first render). */
  loaded: boolean;
  /** `none` (no session yet), `visitor`, `member`. */
  role: TokenRole;
  signedIn: boolean;
  /** The member's read: `none`, `loading`, `ready`, `error`. */
  status: StorefrontState['member']['status'];
  /** The platform's member (`profile.nickname`, `profile.photo`, `loginEmail`, …), once read. */
  member: Member | null;
  /** What the badge says of the session: `session_expired`, or `sign_in_failed` after a hosted sign-in. */
  notice: Problem | null;
  /** Opens the login modal (`register()`: on its create-an-account view). */
  signIn(): void;
  register(): void;
  signOut(): Promise<void>;
}

/**
 * The visitor's session and member: `role` (`none`, `visitor`, `member`), `signedIn`, `member` (the platform's
 * member entity once loaded), the session's `notice`, and sign-in, registration and sign-out.
 *
 * @example
 * const { signedIn, member, signIn } = useMember();
 * return signedIn ? <span>Hi {member?.profile?.nickname}</span> : <button onClick={signIn}>Sign in</button>;
 */
export function useMember(): MemberState {
  const session = useSlice('useMember()', 'session', NO_SESSION);
  const member = useSlice('useMember()', 'member', NO_MEMBER);
  const { started, live } = useStorefrontContext('useMember()');
  const t = useTexts(started, drawerTexts);
  const notice = useProblem(session.notice, 'session', t);
  const actions = useMemo(() => {
    const state = () => live.whenStarted().then(({ store }) => store.getState());
    return {
      signIn: () => void state().then((s) => s.openLogin()),
      register: () => void state().then((s) => s.openLogin({ view: 'register' })),
      signOut: () => state().then((s) => s.signOut()),
    };
  }, [live]);
  return {
    loaded: started !== null,
    role: session.role,
    signedIn: session.role === 'member',
    status: member.status,
    member: member.member,
    notice,
    ...actions,
  };
}
