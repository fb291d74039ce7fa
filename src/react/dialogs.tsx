import {
  createElement,
  type ReactElement,
  useEffect,
  useInsertionEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { savingData } from '../chunks';
import type { LoginIntent, Storefront, StorefrontState } from '../store/store';
import type { WidgetContext } from '../ui/lazy-element';
import { Drawer } from '../widgets/cart-drawer/drawer';
import { css as drawerCss } from '../widgets/cart-drawer/index';
import marketingCss from '../widgets/cart-drawer/marketing.css?inline';
import type { Strings } from '../widgets/cart-drawer/strings';
import { warmFonts } from '../widgets/cart-drawer/warm';
import { css as loginCss } from '../widgets/login-modal/index';
import { LoginModal as LoginModalView } from '../widgets/login-modal/modal';
import type { LoginStrings } from '../widgets/login-modal/strings';
import { useStorefrontContext } from './context';
import { type HostProps, ShadowHost, useHostTheme } from './shadow-host';
import { drawerTexts, loginTexts, useTexts } from './texts';

/** The drawer's styles with its marketing parts' (the script tag's drawer adopts theirs with their chunk). */
const DRAWER_CSS = `${drawerCss}\n${marketingCss}`;
/**
 * A dialog's open state, controlled or not (as Radix's `open` / `onOpenChange`). The store holds it (the
 * drawer's `ui.cartOpen`, the modal's `ui.loginOpen`), so `useCart().openCart()`, `<AddToCartButton>` and
 * `useStorefront()` open the same dialog.
 */
export interface OpenChangeProps {
  /**
   * Controlled: the dialog is open exactly while `open` is true, and the store follows it. What asks for
   * another state (Escape, a press outside, the close button, a sign-in that finished, `openCart()`, an add
   * that opens the drawer) calls `onOpenChange` and changes nothing until the app passes the new `open`.
   * Without it (uncontrolled), the store opens and closes it by itself.
   */
  open?: boolean;
  /**
   * Told each time the dialog asks to open or close (controlled), or did (uncontrolled): the person's own
   * requests, the app's calls and the store's.
   */
  onOpenChange?: (open: boolean) => void;
}

/** How the store holds a dialog's open state, and how it is opened. */
interface Dialog<V> {
  isOpen(state: StorefrontState): boolean;
  set(store: Storefront, open: boolean, view: V | undefined): void;
}

const CART: Dialog<never> = {
  isOpen: (state) => state.ui.cartOpen,
  set: (store, open) => (open ? store.getState().openCart() : store.getState().closeCart()),
};

const LOGIN: Dialog<LoginView> = {
  isOpen: (state) => state.ui.loginOpen,
  set: (store, open, view) =>
    open ? store.getState().openLogin({ view: view ?? 'signIn' }) : store.getState().closeLogin(),
};

/**
 * A dialog's open state over the store. Uncontrolled, every change of the store's is told to `onOpenChange`.
 * Controlled, `open` drives the store (after each render, as an effect: StrictMode's second run finds it done),
 * the view shows `open` itself, and the person's requests (`onClose`) only call `onOpenChange(false)`; a
 * change of the store's own (the app's `openCart()`, an add) is told and, unless the app then passes the new
 * `open`, set back after the app's render.
 */
function useOpenState<V>(
  store: Storefront | undefined,
  dialog: Dialog<V>,
  { open, onOpenChange }: OpenChangeProps,
  view?: V,
): { open?: boolean; onClose?: () => void } {
  const latest = useRef({ open, onOpenChange, view });
  useInsertionEffect(() => {
    latest.current = { open, onOpenChange, view };
  });
  /** Counts the store's changes told to a controlled owner: each is set back unless the owner took it. */
  const [told, setTold] = useState(0);
  useEffect(() => {
    if (!store) return;
    let was = dialog.isOpen(store.getState());
    return store.subscribe((state) => {
      const now = dialog.isOpen(state);
      if (now === was) return;
      was = now;
      const { open: wanted, onOpenChange: tell } = latest.current;
      // The store following a controlled `open` (below) is not a request.
      if (now === wanted) return;
      tell?.(now);
      if (wanted !== undefined) setTold((count) => count + 1);
    });
  }, [store, dialog]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `told` runs it again after a request told: a refused one is set back
  useEffect(() => {
    if (store && open !== undefined && dialog.isOpen(store.getState()) !== open)
      dialog.set(store, open, latest.current.view);
  }, [store, dialog, open, told]);
  const [onClose] = useState(() => () => latest.current.onOpenChange?.(false));
  return open === undefined ? {} : { open, onClose };
}

/** Whether the store (or a controlled `open`) shows a dialog. */
function useShown(store: Storefront, dialog: Dialog<unknown>, open: boolean | undefined): boolean {
  const stored = useSyncExternalStore(
    store.subscribe,
    () => dialog.isOpen(store.getState()),
    () => false,
  );
  return open ?? stored;
}

/** The drawer's view while it is shown, in the provider's language and currency. */
function DrawerWhileOpen({
  context,
  t,
  open,
  onClose,
}: { context: WidgetContext; t: Strings } & ReturnType<typeof useOpenState>) {
  const { store, config } = context;
  const shown = useShown(store, CART, open);
  if (!shown) return null;
  return (
    <Drawer
      store={store}
      t={t}
      locale={config.lang}
      currency={config.currency}
      onClose={onClose}
      attributes={config}
    />
  );
}

export interface CartDrawerProps extends OpenChangeProps, HostProps {}

/**
 * The cart drawer: a modal side panel with the current cart, shown while the cart is open (`useCart().openCart()`,
 * `<AddToCartButton>`, or `useStorefront().openCart()`), or while `open` says so. Put it once anywhere in the
 * provider's tree.
 *
 * @example
 * const [open, setOpen] = useState(false);
 * <CartDrawer open={open} onOpenChange={setOpen} className="shop-drawer" />
 */
export function CartDrawer(props: CartDrawerProps): ReactElement {
  const { open, onOpenChange, ...host } = props;
  const context = useStorefrontContext('<CartDrawer>').started;
  const t = useTexts(context, drawerTexts);
  const control = useOpenState(context?.store, CART, { open, onOpenChange });
  useWarmFonts(context, t);
  return (
    <ShadowHost
      tag="sf-cart-drawer"
      css={DRAWER_CSS}
      theme={useHostTheme('<CartDrawer>')}
      host={host}
      texts={t}
    >
      {context && t ? <DrawerWhileOpen context={context} t={t} {...control} /> : null}
    </ShadowHost>
  );
}

/** The documents whose drawer's fonts are readied (once a page, whatever the drawers and StrictMode's runs). */
const warmed = new WeakSet<Document>();

/**
 * The drawer's fonts readied while the page is idle, before its first open (`warmFonts`, as the script tag's
 * drawer has them once its code is fetched ahead): not for a visitor who asked to save data, or on 2G.
 */
function useWarmFonts(context: WidgetContext | null, t: Strings | null) {
  useEffect(() => {
    if (!context || !t || warmed.has(document) || savingData()) return;
    warmed.add(document);
    warmFonts(document, t, DRAWER_CSS, context.store);
  }, [context, t]);
}

/** The views the login modal can be asked to open on. */
export type LoginView = 'signIn' | 'register';

export interface LoginModalProps extends OpenChangeProps, HostProps {
  /**
   * The view it shows when it opens, and switches to while open when it changes (`signIn` or `register`);
   * else the one it was opened for (`useMember().register()`: `register`). A password-reset link's view goes
   * first.
   */
  view?: LoginView;
}

/** The modal's view while it is shown, on the view the app asks for unless it opened for a reset link. */
function LoginWhileOpen({
  context,
  t,
  open,
  onClose,
  view,
}: { context: WidgetContext; t: LoginStrings; view: LoginView | undefined } & ReturnType<
  typeof useOpenState
>) {
  const { store } = context;
  const stored = useSyncExternalStore(
    store.subscribe,
    () => store.getState().ui.loginIntent,
    () => null,
  );
  const intent = useMemo(
    (): LoginIntent | null => (view && stored?.view !== 'reset' ? { view } : stored),
    [view, stored],
  );
  const shown = useShown(store, LOGIN, open);
  if (!shown || !intent) return null;
  return <LoginModalView context={context} t={t} intent={intent} onClose={onClose} />;
}

/**
 * The login modal: sign in, register, email code, password reset, owner approval. Shown while the login is
 * open (`useMember().signIn()`, `<MemberBadge>`'s button), or while `open` says so. Put it once anywhere in
 * the provider's tree.
 *
 * @example
 * <LoginModal open={showLogin} onOpenChange={setShowLogin} view="register" />
 */
export function LoginModal(props: LoginModalProps): ReactElement {
  const { open, onOpenChange, view, ...host } = props;
  const context = useStorefrontContext('<LoginModal>').started;
  const t = useTexts(context, loginTexts);
  const control = useOpenState(context?.store, LOGIN, { open, onOpenChange }, view);
  return (
    <ShadowHost
      tag="sf-login-modal"
      css={loginCss}
      theme={useHostTheme('<LoginModal>')}
      host={host}
      texts={t}
    >
      {/* Another view asked for while open: the modal opens again on it. */}
      {context && t ? <LoginWhileOpen key={view} context={context} t={t} view={view} {...control} /> : null}
    </ShadowHost>
  );
}
