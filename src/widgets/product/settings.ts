import type { ProductTell } from '../../analytics/types';
import type { Product } from '../../api/types/products';
import { fill } from '../../ui/i18n';
import type { NoticeConfig } from '../toast/index';

/** How a product is shown: the element's attributes (or the React component's props) and the page's settings. */
export interface ProductSettings {
  layout: 'card' | 'page';
  /** Parts left out (`hide="brand sku"`): media, ribbon, brand, price, options, sku, stock, quantity, add, description, info. */
  hide: ReadonlySet<string>;
  /** The product's own page, with `{slug}` (and `{id}`) filled in: the name becomes a link to it. */
  href?: string | undefined;
  /**
   * `quick-view`: the name opens the product page's layout in a dialog over the page (with an address of its
   * own, `#sf-product=<slug>`, so Back closes it), for a site without a page per product. Wins over `href`.
   */
  link?: 'quick-view' | undefined;
  /** The level of the name's heading: 3 on a card, 1 on a product page unless said. */
  headingLevel?: number | undefined;
  locale: string;
  currency: string;
  openCartOnAdd: boolean;
  /** `data-open-cart-on-add="toast"`: an add shows a notice near the page's cart button, with this configuration. */
  notice?: NoticeConfig | undefined;
  /**
   * Tells the page's analytics what the shopper saw and chose (`ProductSignals`); none on a page without
   * analytics (`data-analytics`) and on a server.
   */
  tell?: ProductTell | undefined;
}

/** The address that opens a product's quick view: this page with `#sf-product=<slug>`. */
export const quickViewHref = (product: Product): string =>
  `#${QUICK_VIEW}${encodeURIComponent(product.slug ?? product.id ?? '')}`;

/** The start of a quick view's fragment. */
export const QUICK_VIEW = 'sf-product=';

/**
 * Where a card's name leads: its quick view (`link="quick-view"`; nowhere from the quick view's own product
 * page), else the product's own page, `href` with its `{slug}` and `{id}` filled in; nowhere without either.
 */
export function linkOf({ link, href, layout }: ProductSettings, product: Product): string | undefined {
  if (link === 'quick-view') return layout === 'page' ? undefined : quickViewHref(product);
  return href
    ? fill(href, { slug: encodeURIComponent(product.slug ?? ''), id: encodeURIComponent(product.id ?? '') })
    : undefined;
}
