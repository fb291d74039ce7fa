import { createElement, type ReactElement, useEffect, useState } from 'react';
import { SORTS } from '../../store/product-keys';
import type { ProductListQuery, ProductRef, ProductSort } from '../../store/types';
import controls from '../../ui/controls.css?inline';
import { textsDirection } from '../../ui/i18n';
import type { WidgetContext, WidgetModule } from '../../ui/lazy-element';
import { renderWithTexts } from '../../ui/mount';
import theme from '../../ui/theme.css?inline';
import { loadPageParts } from './card';
import type { ProductSettings } from './settings';
import { type ProductStrings, productStrings } from './strings';
import styles from './styles.css?inline';
import { ProductGridView, ProductView } from './views';

/** The product elements' styles: the shared theme and controls, then their own. */
export const css = `${theme}\n${controls}\n${styles}`;

type Attributes = Record<string, string>;
const attributesOf = (host: Element): Attributes =>
  Object.fromEntries([...host.attributes].map((attribute) => [attribute.name, attribute.value.trim()]));

/** The element's attributes, kept current: a site (or its router) may change `slug`, `collection`, `sort`… */
function useAttributes(host: HTMLElement): Attributes {
  const [attributes, setAttributes] = useState(() => attributesOf(host));
  useEffect(() => {
    const observer = new MutationObserver(() => setAttributes(attributesOf(host)));
    observer.observe(host, { attributes: true });
    return () => observer.disconnect();
  }, [host]);
  return attributes;
}

/** How a product is shown, from the element's attributes and the page's configuration. */
export function settingsOf(
  attributes: Attributes,
  context: Pick<WidgetContext, 'config' | 'hub'>,
): ProductSettings {
  const level = Number(attributes['heading-level']);
  return {
    layout: attributes.layout === 'page' ? 'page' : 'card',
    hide: new Set((attributes.hide ?? '').toLowerCase().split(/\s+/)),
    href: attributes.href || undefined,
    link: attributes.link === 'quick-view' ? 'quick-view' : undefined,
    headingLevel: Number.isInteger(level) ? level : undefined,
    locale: context.config.lang,
    currency: context.config.currency,
    openCartOnAdd: context.config.openCartOnAdd,
    notice: context.config.toastOnAdd ? context.config : undefined,
    tell: context.hub?.analytics,
  };
}

/** The product an `<sf-product>` names: `slug`, else `product-id`. */
export const productRefOf = (attributes: Attributes): ProductRef | undefined =>
  attributes.slug
    ? { slug: attributes.slug }
    : attributes['product-id']
      ? { id: attributes['product-id'] }
      : undefined;

/** An `<sf-product-grid>`'s query: `collection` (a slug or an id), `sort` and `page-size`. */
export function gridQueryOf(attributes: Attributes): ProductListQuery {
  const sort = attributes.sort as ProductSort | undefined;
  return {
    ...(attributes.collection ? { collection: attributes.collection } : {}),
    ...(sort && Object.hasOwn(SORTS, sort) ? { sort } : {}),
    ...(/^\d+$/.test(attributes['page-size'] ?? '') ? { pageSize: Number(attributes['page-size']) } : {}),
  };
}

interface HostProps {
  host: HTMLElement;
  context: WidgetContext;
  t: ProductStrings;
}

/** The element's view, from its attributes as they are now: a grid, or one product (its fallback without one). */
const hostView =
  (grid: boolean) =>
  ({ host: element, context, t }: HostProps) => {
    const attributes = useAttributes(element);
    const common = {
      store: context.store,
      t,
      settings: settingsOf(attributes, context),
      fallback: element.children.length > 0,
    };
    if (grid) return <ProductGridView {...common} query={gridQueryOf(attributes)} />;
    const ref = productRefOf(attributes);
    return ref ? <ProductView {...common} product={ref} /> : <slot />;
  };

/** Mounts a product element: its catalogue read starts at once, beside the download of its texts. */
const mountWith =
  (View: (props: HostProps) => ReactElement, start: (host: HTMLElement, context: WidgetContext) => void) =>
  (root: ShadowRoot, host: HTMLElement, context: WidgetContext) => {
    const { theme: scheme, lang, strings } = context.config;
    // The element's own data-theme (`auto` follows the visitor) wins over the script tag's.
    if (scheme !== 'auto' && !host.hasAttribute('data-theme')) host.setAttribute('data-theme', scheme);
    start(host, context);
    return renderWithTexts(
      root,
      productStrings(lang, strings).then((t) => {
        host.setAttribute('data-texts', textsDirection(context.config, t));
        return t;
      }),
      (t) => <View host={host} context={context} t={t} />,
      css,
    );
  };

/** `<sf-product slug="…">` (or `product-id="…"`), `layout="card"` or `"page"`. */
export const product: WidgetModule = {
  mount: mountWith(hostView(false), (element, { store }) => {
    const attributes = attributesOf(element);
    const ref = productRefOf(attributes);
    if (attributes.layout === 'page') loadPageParts().catch(() => {});
    if (ref) void store.getState().loadProduct(ref);
    else console.error('[storefront] <sf-product> needs a slug="…" or a product-id="…"');
  }),
};

/** `<sf-product-grid collection="…" sort="…" page-size="…">`. */
export const grid: WidgetModule = {
  mount: mountWith(
    hostView(true),
    (element, { store }) => void store.getState().loadProducts(gridQueryOf(attributesOf(element))),
  ),
};
