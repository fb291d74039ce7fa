import {
  type ButtonHTMLAttributes,
  createElement,
  type ReactElement,
  useEffect,
  useRef,
  useState,
} from 'react';
import type { AddToCartInput } from '../store/store';
import type { ProductSort } from '../store/types';
import type { WidgetContext } from '../ui/lazy-element';
import { mount as mountBadge } from '../widgets/member-badge/index';
import { css as productCss, settingsOf } from '../widgets/product/index';
import { ProductGridView, ProductView } from '../widgets/product/views';
import { useStorefrontContext } from './context';
import { type HostProps, hostAttributes, ShadowHost } from './shadow-host';
import { productTexts, useTexts } from './texts';

/** The widget context (the started storefront: configuration, store, session, captcha), once there is one. */
function useWidgetContext(name: string): WidgetContext | null {
  return useStorefrontContext(`<${name}>`).started;
}

export interface MemberBadgeProps extends HostProps {}

/**
 * A sign-in button, or the member's avatar and name with the account menu (account sections, slug, community,
 * sign out, delete). The same element and shadow DOM as the script tag's `<sf-member-badge>`.
 *
 * @example
 * <MemberBadge className="header-badge" style={{ '--sf-color-accent': '#b5402a' } as CSSProperties} />
 */
export function MemberBadge(props: MemberBadgeProps): ReactElement {
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
  return createElement('sf-member-badge', { ref: host, ...hostAttributes(started?.config.theme, props) });
}

/** How a product is shown: the attributes of the script tag's elements as props, and the host's class and style. */
export interface ProductDisplayProps extends HostProps {
  /** `card` (the default) or `page`: gallery, description and additional info. */
  layout?: 'card' | 'page';
  /** Parts to leave out: `media`, `ribbon`, `brand`, `price`, `options`, `sku`, `stock`, `quantity`, `add`, `description`, `info`. */
  hide?: string[];
  /** The product's own page in the app, `{slug}` (and `{id}`) filled in: the name links to it. */
  href?: string;
  /**
   * `quick-view`: the name opens the product page's layout in a dialog over the page, at `#sf-product=<slug>`
   * (Back closes it); for an app without a page per product. Wins over `href`.
   */
  link?: 'quick-view';
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
  ...(props.link ? { link: props.link } : {}),
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
  const t = useTexts(context, productTexts);
  const ref = props.slug ? { slug: props.slug } : { id: props.productId as string };
  return (
    <ShadowHost tag="sf-product" css={productCss} theme={context?.config.theme} host={props}>
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
  const t = useTexts(context, productTexts);
  const { collection, sort, pageSize } = props;
  return (
    <ShadowHost tag="sf-product-grid" css={productCss} theme={context?.config.theme} host={props}>
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
        onAdded?.(ok > 0);
      }}
    >
      {children ?? 'Add to cart'}
    </button>
  );
}
