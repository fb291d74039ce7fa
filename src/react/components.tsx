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
import type { ProductSort } from '../store/types';
import type { WidgetContext } from '../ui/lazy-element';
import { adoptStyles } from '../ui/styles';
import { CartDrawer as CartDrawerView, css as drawerCss } from '../widgets/cart-drawer/index';
import { LoginRoot, css as loginCss } from '../widgets/login-modal/index';
import { mount as mountBadge } from '../widgets/member-badge/index';
import { css as productCss, settingsOf } from '../widgets/product/index';
import { productStrings } from '../widgets/product/strings';
import { ProductGridView, ProductView } from '../widgets/product/views';
import { textsFor } from '../widgets/texts';
import { useStorefrontContext } from './context';

/** The widget context (the started storefront: configuration, store, session, captcha), once there is one. */
function useWidgetContext(name: string): WidgetContext | null {
  return useStorefrontContext(`<${name}>`).started;
}

/** A widget's texts in the provider's language (a language pack may be on its way), with its overrides. */
function useTexts<T>(
  context: WidgetContext | null,
  load: (lang: string, strings?: Record<string, string>) => Promise<T>,
): T | null {
  const [texts, setTexts] = useState<T | null>(null);
  const lang = context?.config.lang;
  const strings = context?.config.strings;
  useEffect(() => {
    if (lang === undefined) return;
    let live = true;
    load(lang, strings).then(
      (t) => live && setTexts(() => t),
      (error: unknown) => console.error('[storefront] the texts could not be loaded:', error),
    );
    return () => {
      live = false;
    };
  }, [load, lang, strings]);
  return texts;
}

const drawerTexts = (lang: string, strings?: Record<string, string>) => textsFor('drawer', lang, strings);
const loginTexts = (lang: string, strings?: Record<string, string>) => textsFor('login', lang, strings);

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
  const t = useTexts(context, drawerTexts);
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
  const t = useTexts(context, loginTexts);
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
  // Mounted again with new settings (a language, texts, account sections): the store, and so the member, stay.
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
  const theme = started?.config.theme;
  return createElement('sf-member-badge', {
    ref: host,
    'data-theme': theme && theme !== 'auto' ? theme : undefined,
  });
}

/** How a product is shown: the attributes of the script tag's elements, as props. */
export interface ProductDisplayProps {
  /** `card` (the default) or `page`: gallery, description and additional info. */
  layout?: 'card' | 'page';
  /** Parts to leave out: `media`, `ribbon`, `brand`, `price`, `options`, `sku`, `stock`, `quantity`, `add`, `description`, `info`. */
  hide?: string[];
  /** The product's own page in the app, `{slug}` (and `{id}`) filled in: the name links to it. */
  href?: string;
  /** The level of the name's heading (3 on a card, 1 on a product page). */
  headingLevel?: number;
}

export type ProductProps = ProductDisplayProps &
  ({ slug: string; productId?: undefined } | { productId: string; slug?: undefined });

/** The display props as the element's attributes, for the same settings as the script tag's. */
const attributesOf = (props: ProductDisplayProps): Record<string, string> => ({
  ...(props.layout ? { layout: props.layout } : {}),
  ...(props.hide ? { hide: props.hide.join(' ') } : {}),
  ...(props.href ? { href: props.href } : {}),
  ...(props.headingLevel ? { 'heading-level': String(props.headingLevel) } : {}),
});

/**
 * A product from the catalogue, by slug or id: a card, or a product page with `layout="page"`; its options,
 * stock, price and add to cart. The same element and shadow DOM as the script tag's `<sf-product>`.
 *
 * @example
 * <Product slug="everyday-cotton-tee" layout="page" />
 */
export function Product(props: ProductProps): ReactElement {
  const context = useWidgetContext('Product');
  const t = useTexts(context, productStrings);
  const ref = props.slug ? { slug: props.slug } : { id: props.productId as string };
  return (
    <ShadowHost tag="sf-product" css={productCss} theme={context?.config.theme}>
      {context && t ? (
        <ProductView
          store={context.store}
          t={t}
          settings={settingsOf(attributesOf(props), context)}
          fallback={false}
          product={ref}
        />
      ) : null}
    </ShadowHost>
  );
}

export interface ProductGridProps extends Omit<ProductDisplayProps, 'layout'> {
  /** A collection's slug or id; every product without. */
  collection?: string;
  sort?: ProductSort;
  /** Products a page ("Load more" shows the next); 12 by default, at most 100. */
  pageSize?: number;
}

/**
 * A grid of product cards from the catalogue (a collection's, or every product), in pages with "Load more":
 * one catalogue request a page. The same element and shadow DOM as the script tag's `<sf-product-grid>`.
 *
 * @example
 * <ProductGrid collection="summer" sort="price-asc" pageSize={8} href="/products/{slug}" />
 */
export function ProductGrid(props: ProductGridProps): ReactElement {
  const context = useWidgetContext('ProductGrid');
  const t = useTexts(context, productStrings);
  const { collection, sort, pageSize } = props;
  return (
    <ShadowHost tag="sf-product-grid" css={productCss} theme={context?.config.theme}>
      {context && t ? (
        <ProductGridView
          store={context.store}
          t={t}
          settings={settingsOf(attributesOf(props), context)}
          fallback={false}
          query={{
            ...(collection ? { collection } : {}),
            ...(sort ? { sort } : {}),
            ...(pageSize ? { pageSize } : {}),
          }}
        />
      ) : null}
    </ShadowHost>
  );
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
  const { live } = useStorefrontContext('<AddToCartButton>');
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
        const { store } = await live.whenStarted();
        const ok = await store.getState().addToCart({
          productId,
          ...(quantity === undefined ? {} : { quantity }),
          ...(variantId ? { variantId } : {}),
          ...(options ? { options } : {}),
        });
        setState(ok ? 'added' : 'error');
        // The provider's setting as it is now; not a drawer of another session started meanwhile.
        const now = live.current();
        if (ok && now?.store === store && (openCart ?? now.config.openCartOnAdd)) store.getState().openCart();
        onAdded?.(ok);
      }}
    >
      {children ?? 'Add to cart'}
    </button>
  );
}
