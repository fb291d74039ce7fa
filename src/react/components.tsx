import {
  type ButtonHTMLAttributes,
  createElement,
  type ReactElement,
  type ReactNode,
  useEffect,
  useRef,
  useState,
} from 'react';
import type { Product as CatalogueProduct } from '../api/types/products';
import { retryOnce } from '../chunks';
import type { EmbedConfig } from '../config';
import type { Started } from '../start';
import type { AddToCartInput, Storefront } from '../store/store';
import type { ProductSort } from '../store/types';
import { mount as mountBadge } from '../widgets/member-badge/index';
import { css as productCss, settingsOf } from '../widgets/product/index';
import type { ProductStrings } from '../widgets/product/strings';
import { ProductGridView, ProductView } from '../widgets/product/views';
import { useStorefrontContext } from './context';
import {
  checkedProducts,
  checkedTotal,
  ServerTexts,
  serverStore,
  useHandedOver,
  usePagePartsFor,
} from './server-products';
import { type HostProps, hostAttributes, onServer, ShadowHost, useHostTheme } from './shadow-host';
import { productTexts, useTexts } from './texts';

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
  return createElement('sf-member-badge', {
    ref: host,
    ...hostAttributes(useHostTheme('<MemberBadge>'), props),
  });
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
  (
    | { slug: string; productId?: undefined; product?: undefined }
    | { productId: string; slug?: undefined; product?: undefined }
    | {
        /**
         * The product as a server read it (`getProduct`, or a `queryProducts(client, { includeVariants: true })`
         * item of `storefront-widgets/api`): rendered into the server's HTML, and shown in the browser without
         * asking the catalogue again.
         */
        product: CatalogueProduct;
        slug?: undefined;
        productId?: undefined;
      }
  );

/** The display props as the element's attributes, for the same settings as the script tag's. */
const attributesOf = (props: ProductDisplayProps): Record<string, string> => ({
  ...(props.layout ? { layout: props.layout } : {}),
  ...(props.hide ? { hide: props.hide.join(' ') } : {}),
  ...(props.href ? { href: props.href } : {}),
  ...(props.link ? { link: props.link } : {}),
  ...(props.headingLevel ? { 'heading-level': String(props.headingLevel) } : {}),
});

/**
 * A product element's host (`<sf-product>`, `<sf-product-grid>`): its styles and theme, and on a server the
 * markup of the products it was handed (`serverView`), in the provider's language and settings.
 */
function ProductHost({
  tag,
  host,
  page,
  serverView,
  texts,
  children,
}: {
  tag: string;
  texts: ProductStrings | null;
  host: HostProps;
  page: boolean;
  serverView: ((t: ProductStrings, config: EmbedConfig) => ReactNode) | undefined;
  children: ReactNode;
}) {
  const { initial } = useStorefrontContext(`<${tag}>`);
  return (
    <ShadowHost
      tag={tag}
      css={productCss}
      theme={useHostTheme(`<${tag}>`)}
      host={host}
      texts={texts}
      server={
        serverView && onServer() ? (
          <ServerTexts
            lang={initial.lang}
            strings={initial.strings}
            page={page}
            render={(t) => serverView(t, initial)}
          />
        ) : undefined
      }
    >
      {children}
    </ShadowHost>
  );
}

/**
 * A product from the catalogue, by slug or id: a card, or a product page with `layout="page"`; its options,
 * stock, price and add to cart. The same element and shadow DOM as the script tag's `<sf-product>`.
 *
 * Given the `product` a server read, it is in the server's HTML (a declarative shadow root: crawlers and the
 * first paint see it) and the browser asks the catalogue nothing for it.
 *
 * @example
 * <Product slug="everyday-cotton-tee" layout="page" />
 * // In a Server Component, with a product read there:
 * <Product product={product} layout="page" />
 */
export function Product(props: ProductProps): ReactElement {
  const { started } = useStorefrontContext('<Product>');
  const t = useTexts(started, productTexts);
  const given = checkedProducts('<Product>', props.product ? [props.product] : undefined);
  const ref = given
    ? { id: given[0]?.id ?? '' }
    : props.slug
      ? { slug: props.slug }
      : { id: props.productId as string };
  const handedOver = useHandedOver(started?.store, given, { ref });
  const pageParts = usePagePartsFor(props.layout === 'page' && given !== undefined);
  const view = (store: Storefront, t: ProductStrings, config: EmbedConfig, hub?: Started['hub']) => (
    <ProductView
      store={store}
      t={t}
      settings={settingsOf(attributesOf(props), { config, hub })}
      fallback={false}
      product={ref}
    />
  );
  return (
    <ProductHost
      tag="sf-product"
      host={props}
      texts={t}
      page={props.layout === 'page'}
      serverView={given?.length ? (t, config) => view(serverStore(given, { ref }), t, config) : undefined}
    >
      {started && t && handedOver && pageParts ? view(started.store, t, started.config, started.hub) : null}
    </ProductHost>
  );
}

export interface ProductGridProps extends Omit<ProductDisplayProps, 'layout'> {
  /** A collection's slug or id; every product without. */
  collection?: string;
  sort?: ProductSort;
  /** Products a page ("Load more" shows the next); 12 by default, at most 100. */
  pageSize?: number;
  /**
   * The grid's first page as a server read it (the same collection, sort and page size, with variants:
   * `queryProducts(client, { includeVariants: true })` of `storefront-widgets/api`): rendered into the
   * server's HTML, and shown in the browser without asking the catalogue again. "Load more" goes on from it.
   */
  products?: CatalogueProduct[];
  /** How many products the query has in all (the page's `totalCount`), with `products`. */
  total?: number;
}

/**
 * A grid of product cards from the catalogue (a collection's, or every product), in pages with "Load more":
 * one catalogue request a page. The same element and shadow DOM as the script tag's `<sf-product-grid>`.
 *
 * Given the first page a server read (`products`), the cards are in the server's HTML (a declarative shadow
 * root: crawlers and the first paint see them) and the browser asks the catalogue only for the next pages.
 *
 * @example
 * <ProductGrid collection="summer" sort="price-asc" pageSize={8} href="/products/{slug}" />
 * // In a Server Component, with the page read there:
 * <ProductGrid collection="summer" pageSize={8} products={page.items} total={page.totalCount} />
 */
export function ProductGrid(props: ProductGridProps): ReactElement {
  const { started } = useStorefrontContext('<ProductGrid>');
  const t = useTexts(started, productTexts);
  const { collection, sort, pageSize } = props;
  const query = {
    ...(collection ? { collection } : {}),
    ...(sort ? { sort } : {}),
    ...(pageSize ? { pageSize } : {}),
  };
  const given = checkedProducts('<ProductGrid>', props.products);
  const target = { query, total: checkedTotal(props.total) };
  const handedOver = useHandedOver(started?.store, given, target);
  const view = (store: Storefront, t: ProductStrings, config: EmbedConfig, hub?: Started['hub']) => (
    <ProductGridView
      store={store}
      t={t}
      settings={settingsOf(attributesOf(props), { config, hub })}
      fallback={false}
      query={query}
    />
  );
  return (
    <ProductHost
      tag="sf-product-grid"
      host={props}
      texts={t}
      page={false}
      serverView={given ? (t, config) => view(serverStore(given, target), t, config) : undefined}
    >
      {started && t && handedOver ? view(started.store, t, started.config, started.hub) : null}
    </ProductHost>
  );
}

export interface AddToCartButtonProps
  extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onClick' | 'type'>,
    Omit<AddToCartInput, 'productId'> {
  productId: string;
  /** Opens the cart drawer after a successful add; the provider's `openCartOnAdd` by default. */
  openCart?: boolean;
  /**
   * Told whether the add worked, and how many were added: fewer than asked when the stock ran short (the
   * drawer says "Only 3 added…"), 0 when it failed (the cart's own error is in `useCart().error`).
   */
  onAdded?: (ok: boolean, added: number) => void;
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
        const added = await store.getState().addToCart({
          productId,
          ...(quantity === undefined ? {} : { quantity }),
          ...(variantId ? { variantId } : {}),
          ...(options ? { options } : {}),
        });
        setState(added ? 'added' : 'error');
        // The provider's setting as it is now; not a drawer of another session started meanwhile.
        const now = live.current();
        if (added && now?.store === store && (openCart ?? now.config.openCartOnAdd))
          store.getState().openCart();
        // The provider's `openCartOnAdd="toast"`: a notice near the page's cart button instead.
        else if (added && now?.store === store && openCart === undefined && now.config.toastOnAdd)
          // (Its code is a chunk of the app's bundle: tried again once, as the widgets' own chunks are, and a
          // failure said on the console, not left as an unhandled rejection.)
          retryOnce(() => import('../widgets/toast/index')).then(
            // (Not for a provider gone, or started again, while the code came.)
            (notice) => live.current()?.store === store && notice.showAdded(store, now.config, productId),
            (error: unknown) =>
              console.error('[storefront] the notice of an add could not be loaded:', error),
          );
        onAdded?.(added > 0, added);
      }}
    >
      {children ?? 'Add to cart'}
    </button>
  );
}
