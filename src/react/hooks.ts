import { useEffect, useMemo, useSyncExternalStore } from 'react';
import type { Product } from '../api/types/products';
import { EMPTY_TOKENS } from '../auth/session';
import type { StorefrontApi } from '../public-api';
import { own, readKey } from '../store/product-keys';
import { type AddToCartInput, EMPTY_CART, type StorefrontState } from '../store/store';
import type { ProductRead } from '../store/types';
import { useStorefrontContext } from './context';

const NO_MEMBER: StorefrontState['member'] = { status: 'none', member: null };
const NO_SESSION: StorefrontState['session'] = { tokens: EMPTY_TOKENS, role: 'none', notice: null };
const nothing = () => () => {};

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
 * The current cart and what can be done with it: `status` (`idle` until the provider has started, then
 * `cached`, `loading`, `ready` or `error`), `count`, `cart` (the platform's cart entity), `lines`, the last
 * `error`, and the actions.
 *
 * @example
 * const { count, openCart } = useCart();
 * <button onClick={openCart}>Cart ({count})</button>
 */
export function useCart() {
  const slice = useSlice('useCart()', 'cart', EMPTY_CART);
  const { started, live } = useStorefrontContext('useCart()');
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
      checkout: () => state().then((s) => s.checkout()),
      reload: () => state().then((s) => s.loadCart()),
    };
  }, [live]);
  return {
    loaded: started !== null,
    status: slice.status,
    count: slice.count,
    cart: slice.cart,
    lines: slice.cart?.lineItems ?? [],
    adding: slice.adding,
    error: slice.error,
    ...actions,
  };
}

/**
 * The visitor's session and member: `role` (`none`, `visitor`, `member`), `signedIn`, `member` (the platform's
 * member entity once loaded), and sign-in, registration and sign-out.
 *
 * @example
 * const { signedIn, member, signIn } = useMember();
 * return signedIn ? <span>Hi {member?.profile?.nickname}</span> : <button onClick={signIn}>Sign in</button>;
 */
export function useMember() {
  const session = useSlice('useMember()', 'session', NO_SESSION);
  const member = useSlice('useMember()', 'member', NO_MEMBER);
  const { started, live } = useStorefrontContext('useMember()');
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
    ...actions,
  };
}

/**
 * A product from the catalogue by its slug, read once for the page (shared with every `<Product>` and
 * `<ProductGrid>` that shows it): `status` (`loading`, `ready`, `missing` when the catalogue has no such
 * product, `error`), the platform's `product` entity (with its variants) and `problem`; `reload` tries a
 * failed read again.
 *
 * @example
 * const { status, product } = useProduct('everyday-cotton-tee');
 * return status === 'ready' ? <h1>{product?.name}</h1> : null;
 */
export function useProduct(slug: string): {
  status: ProductRead['status'];
  product: Product | null;
  problem: ProductRead['problem'];
  reload: () => Promise<void>;
} {
  const { started, live } = useStorefrontContext('useProduct()');
  const store = started?.store;
  const key = readKey({ slug });
  // Read by the storefront once it runs, and by a new one (a new `clientId`), whose store has read nothing.
  useEffect(() => {
    void store?.getState().loadProduct({ slug });
  }, [store, slug]);
  const read = useSyncExternalStore(
    store ? store.subscribe : nothing,
    () => store?.getState().products.reads[key],
    () => undefined,
  );
  const product = useSyncExternalStore(
    store ? store.subscribe : nothing,
    () => (read?.id && store ? own(store.getState().products.items, read.id) : undefined),
    () => undefined,
  );
  const reload = useMemo(
    () => () => live.whenStarted().then(({ store: s }) => s.getState().loadProduct({ slug })),
    [live, slug],
  );
  return {
    status: read?.status ?? 'loading',
    product: product ?? null,
    problem: read?.problem ?? null,
    reload,
  };
}
