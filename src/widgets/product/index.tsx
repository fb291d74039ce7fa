import { createElement, useEffect, useState } from 'react';
import type { ProductListQuery, ProductRef, ProductSort } from '../../store/product-actions';
import { SORTS } from '../../store/products';
import controls from '../../ui/controls.css?inline';
import type { WidgetContext, WidgetModule } from '../../ui/lazy-element';
import { renderWithTexts } from '../../ui/mount';
import theme from '../../ui/theme.css?inline';
import { loadPageParts, type ProductSettings } from './card';
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
export function settingsOf(attributes: Attributes, context: WidgetContext): ProductSettings {
  const level = Number(attributes['heading-level']);
  return {
    layout: attributes.layout === 'page' ? 'page' : 'card',
    hide: new Set((attributes.hide ?? '').toLowerCase().split(/\s+/)),
    href: attributes.href || undefined,
    headingLevel: Number.isInteger(level) ? level : undefined,
    locale: context.config.lang,
    currency: context.config.currency,
    openCartOnAdd: context.config.openCartOnAdd,
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

function HostProduct({ host, context, t }: HostProps) {
  const attributes = useAttributes(host);
  const ref = productRefOf(attributes);
  if (!ref) return <slot />;
  return (
    <ProductView
      store={context.store}
      t={t}
      settings={settingsOf(attributes, context)}
      fallback={host.children.length > 0}
      product={ref}
    />
  );
}

function HostGrid({ host, context, t }: HostProps) {
  const attributes = useAttributes(host);
  return (
    <ProductGridView
      store={context.store}
      t={t}
      settings={settingsOf(attributes, context)}
      fallback={host.children.length > 0}
      query={gridQueryOf(attributes)}
    />
  );
}

/** Mounts a product element: its catalogue read starts at once, beside the download of its texts. */
const mountWith =
  (
    View: (props: HostProps) => ReturnType<typeof HostGrid>,
    start: (host: HTMLElement, context: WidgetContext) => void,
  ) =>
  (root: ShadowRoot, host: HTMLElement, context: WidgetContext) => {
    const { theme: scheme, lang, strings } = context.config;
    // The element's own data-theme (`auto` follows the visitor) wins over the script tag's.
    if (scheme !== 'auto' && !host.hasAttribute('data-theme')) host.setAttribute('data-theme', scheme);
    start(host, context);
    return renderWithTexts(
      root,
      productStrings(lang, strings),
      (t) => <View host={host} context={context} t={t} />,
      css,
    );
  };

/** `<sf-product slug="…">` (or `product-id="…"`), `layout="card"` or `"page"`. */
export const product: WidgetModule = {
  mount: mountWith(HostProduct, (host, { store }) => {
    const attributes = attributesOf(host);
    const ref = productRefOf(attributes);
    if (attributes.layout === 'page') loadPageParts().catch(() => {});
    if (ref) void store.getState().loadProduct(ref);
    else console.error('[storefront] <sf-product> needs a slug="…" or a product-id="…"');
  }),
};

/** `<sf-product-grid collection="…" sort="…" page-size="…">`. */
export const grid: WidgetModule = {
  mount: mountWith(
    HostGrid,
    (host, { store }) => void store.getState().loadProducts(gridQueryOf(attributesOf(host))),
  ),
};
