import {
  type ButtonHTMLAttributes,
  createElement,
  type ReactElement,
  type ReactNode,
  useEffect,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import type { AddToCartInput } from '../store/store';
import type { WidgetContext } from '../ui/lazy-element';
import { adoptStyles } from '../ui/styles';
import { CartDrawer as CartDrawerView, css as drawerCss } from '../widgets/cart-drawer/index';
import { LoginRoot, css as loginCss } from '../widgets/login-modal/index';
import { mount as mountBadge } from '../widgets/member-badge/index';
import { textsFor, type WidgetTexts } from '../widgets/texts';
import { useStorefrontContext } from './context';

/** The widget context (the started storefront: configuration, store, session, captcha), once there is one. */
function useWidgetContext(name: string): WidgetContext | null {
  return useStorefrontContext(`<${name}>`).started;
}

/** A widget's texts in the provider's language (a language pack may be on its way), with its overrides. */
function useTexts<K extends keyof WidgetTexts>(
  widget: K,
  context: WidgetContext | null,
): WidgetTexts[K] | null {
  const [texts, setTexts] = useState<WidgetTexts[K] | null>(null);
  const lang = context?.config.lang;
  const strings = context?.config.strings;
  useEffect(() => {
    if (lang === undefined) return;
    let live = true;
    textsFor(widget, lang, strings).then(
      (t) => live && setTexts(() => t),
      (error: unknown) => console.error('[storefront] the texts could not be loaded:', error),
    );
    return () => {
      live = false;
    };
  }, [widget, lang, strings]);
  return texts;
}

/**
 * The element a widget lives in, with an open shadow root holding its styles: the app's CSS does not reach in
 * and the widget's does not leak out; `--sf-*` properties set on it or any ancestor style it, as do
 * `::part()` rules. Its content is rendered into the shadow root through a portal, so it stays in the app's
 * React tree.
 */
function ShadowHost({
  tag,
  css,
  theme,
  children,
}: {
  tag: string;
  css: string;
  theme: 'light' | 'dark' | 'auto' | undefined;
  children: ReactNode;
}) {
  const host = useRef<HTMLElement>(null);
  const [root, setRoot] = useState<ShadowRoot | null>(null);
  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const shadow = el.shadowRoot ?? el.attachShadow({ mode: 'open' });
    adoptStyles(shadow, css);
    setRoot(shadow);
  }, [css]);
  return createElement(
    tag,
    { ref: host, 'data-theme': theme && theme !== 'auto' ? theme : undefined },
    root ? createPortal(children, root) : null,
  );
}

/**
 * The cart drawer: a modal side panel with the current cart, shown while the cart is open (`useCart().openCart()`,
 * `<AddToCartButton>`, or `useStorefront().openCart()`). Put it once anywhere in the provider's tree.
 */
export function CartDrawer(): ReactElement {
  const context = useWidgetContext('CartDrawer');
  const t = useTexts('drawer', context);
  return (
    <ShadowHost tag="sf-cart-drawer" css={drawerCss} theme={context?.config.theme}>
      {context && t ? <CartDrawerView context={context} t={t} /> : null}
    </ShadowHost>
  );
}

/**
 * The login modal: sign in, register, email code, password reset, owner approval. Shown while the login is
 * open (`useMember().signIn()`, `<MemberBadge>`'s button). Put it once anywhere in the provider's tree.
 */
export function LoginModal(): ReactElement {
  const context = useWidgetContext('LoginModal');
  const t = useTexts('login', context);
  return (
    <ShadowHost tag="sf-login-modal" css={loginCss} theme={context?.config.theme}>
      {context && t ? <LoginRoot context={context} t={t} /> : null}
    </ShadowHost>
  );
}

/**
 * A sign-in button, or the member's avatar and name with the account menu (account sections, slug, community,
 * sign out, delete). The same element and shadow DOM as the script tag's `<sf-member-badge>`.
 */
export function MemberBadge(): ReactElement {
  const { started } = useStorefrontContext('<MemberBadge>');
  const host = useRef<HTMLElement>(null);
  useEffect(() => {
    const el = host.current;
    if (!el || !started) return;
    const root = el.shadowRoot ?? el.attachShadow({ mode: 'open' });
    const unmount = mountBadge(root, el, started);
    return () => {
      unmount();
      root.replaceChildren();
    };
  }, [started]);
  return createElement('sf-member-badge', { ref: host });
}

export interface AddToCartButtonProps
  extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onClick' | 'type'>,
    Omit<AddToCartInput, 'productId'> {
  productId: string;
  /** Opens the cart drawer after a successful add; the provider's `openCartOnAdd` by default. */
  openCart?: boolean;
  /** Told whether the add worked (the cart's own error is in `useCart().error`). */
  onAdded?: (ok: boolean) => void;
}

/**
 * A button that adds a product to the cart: `aria-busy` while the add is on its way, then
 * `data-sf-state="added"` or `"error"` (as the script tag's `data-sf-add-to-cart` buttons), and the drawer
 * opens. It is the app's own button, in the app's DOM: style it as you like.
 *
 * @example
 * <AddToCartButton productId="…" options={{ Size: 'M' }} className="btn">Add to cart</AddToCartButton>
 */
export function AddToCartButton(props: AddToCartButtonProps): ReactElement {
  const { productId, quantity, variantId, options, openCart, onAdded, children, ...rest } = props;
  const { whenStarted } = useStorefrontContext('<AddToCartButton>');
  const [state, setState] = useState<'idle' | 'adding' | 'added' | 'error'>('idle');
  return (
    <button
      type="button"
      {...rest}
      aria-busy={state === 'adding' ? true : undefined}
      data-sf-state={state === 'idle' ? undefined : state}
      onClick={async () => {
        if (state === 'adding') return;
        setState('adding');
        const { store, config } = await whenStarted;
        const ok = await store.getState().addToCart({
          productId,
          ...(quantity === undefined ? {} : { quantity }),
          ...(variantId ? { variantId } : {}),
          ...(options ? { options } : {}),
        });
        setState(ok ? 'added' : 'error');
        if (ok && (openCart ?? config.openCartOnAdd)) store.getState().openCart();
        onAdded?.(ok);
      }}
    >
      {children ?? 'Add to cart'}
    </button>
  );
}
