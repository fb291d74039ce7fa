import { createElement, Fragment, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useStore } from 'zustand';
import type { Product } from '../../api/types/products';
import { listKey, own } from '../../store/product-keys';
import type { ProductListQuery, ProductsSlice } from '../../store/types';
import { Button } from '../../ui/button';
import { safeImageUrl } from '../../ui/format';
import { fill } from '../../ui/i18n';
import { initialOf } from '../../ui/initial';
import { formatAmount } from '../../ui/price';
import type { PartProps } from './part-props';

/** The most products the drawer offers. */
export const CROSS_SELL_MAX = 4;

/**
 * The address of a product's quick view, as a product card's `link="quick-view"` name opens it
 * (`#sf-product=<slug>`, src/widgets/product/card.tsx): the grid that shows the product opens its dialog.
 */
const quickViewHash = (product: Product) =>
  `#sf-product=${encodeURIComponent(product.slug ?? product.id ?? '')}`;

/**
 * Whether a `<sf-product-grid link="quick-view">` of the page shows the product (its query's list in the store
 * has it): only such a grid opens its quick view.
 */
function quickViewable(doc: Document, lists: ProductsSlice['lists'], id: string): boolean {
  return [...doc.querySelectorAll('sf-product-grid[link="quick-view"]')].some((grid) => {
    const attribute = (name: string) => grid.getAttribute(name)?.trim() || undefined;
    const size = Number(attribute('page-size'));
    const query = {
      collection: attribute('collection'),
      sort: attribute('sort'),
      pageSize: Number.isInteger(size) ? size : undefined,
    } as ProductListQuery;
    return own(lists, listKey(query))?.ids.includes(id) ?? false;
  });
}

const hasOptions = (product: Product) =>
  (product.productOptions ?? []).some((option) => option.choices?.some((choice) => choice.visible !== false));

/**
 * `data-cross-sell="<collection>"`: up to four of the collection's products that are not in the cart and are
 * in stock, each with its price and "Add" (a product with options opens its quick view, to choose them there);
 * nothing once none is left. The collection is the store's catalogue read (one request, none when a grid of
 * the page read it already; a failed read is tried again at the next open, never more than once an open).
 */
export function CrossSell(props: PartProps) {
  const collection = props.marketing?.crossSell;
  return collection ? <Offers {...props} collection={collection} /> : null;
}

/** The collection's products on offer, read once an open. */
function Offers(props: PartProps & { collection: string }) {
  const { store, t, lines, collection } = props;
  const query = useMemo(() => ({ collection }), [collection]);
  useEffect(() => {
    void store.getState().loadProducts(query);
  }, [store, query]);
  const list = useStore(store, (s) => own(s.products.lists, listKey(query)));
  const items = useStore(store, (s) => s.products.items);
  const lists = useStore(store, (s) => s.products.lists);
  const titleId = useId();
  const title = useRef<HTMLHeadingElement>(null);
  const inCart = new Set(lines.map((line) => line.catalogReference?.catalogItemId));
  const doc = title.current?.ownerDocument ?? globalThis.document;
  const offered = (list?.ids ?? [])
    .map((id) => own(items, id))
    .filter(
      (p): p is Product => !!p?.id && !inCart.has(p.id) && p.stock?.inStock !== false && p.visible !== false,
    )
    .filter((p) => !hasOptions(p) || quickViewable(doc, lists, p.id as string))
    .slice(0, CROSS_SELL_MAX);
  if (!offered.length) return null;
  return (
    <section className="cross-sell" part="cross-sell" aria-labelledby={titleId}>
      <h3 id={titleId} ref={title} tabIndex={-1}>
        {t.crossSell}
      </h3>
      <ul>
        {offered.map((product) => (
          <Offer key={product.id} {...props} product={product} landed={() => title.current?.focus()} />
        ))}
      </ul>
    </section>
  );
}

/** One product offered: its picture, name and price, and its Add. */
function Offer({
  store,
  t,
  currency,
  locale,
  product,
  landed,
}: PartProps & { product: Product; landed: () => void }) {
  const [adding, setAdding] = useState(false);
  const name = product.name ?? '';
  const price = product.priceData ?? product.price;
  const regular = price?.price ?? 0;
  const paid = price?.discountedPrice ?? regular;
  const priceCurrency = price?.currency || currency;
  const image = safeImageUrl(product.media?.mainMedia?.image?.url);
  const options = hasOptions(product);
  const add = async () => {
    if (options) {
      location.hash = quickViewHash(product);
      return;
    }
    setAdding(true);
    const added = await store.getState().addToCart({ productId: product.id as string, quantity: 1 });
    setAdding(false);
    // The product leaves the list once in the cart: the focus goes to the list's heading, not to the page.
    if (added) landed();
  };
  return (
    <li className="offer">
      {image ? (
        <img className="thumb" src={image} alt="" width={48} height={48} loading="lazy" />
      ) : (
        <span className="thumb placeholder" aria-hidden="true">
          {initialOf(name)}
        </span>
      )}
      <p className="offer-name">
        <bdi>{name}</bdi>
        <span className="muted nowrap">
          {/* On sale: the regular price struck through before the price (said to be the regular one), as the
              card and the cart's line show it. */}
          {regular > paid ? (
            <>
              <span className="sf-visually-hidden">{t.regularPrice} </span>
              <s>{formatAmount(regular, priceCurrency, locale)}</s>{' '}
            </>
          ) : null}
          {formatAmount(paid, priceCurrency, locale)}
        </span>
      </p>
      <Button
        className="secondary"
        blocked={adding}
        aria-label={fill(options ? t.crossSellChoose : t.crossSellAddNamed, { name })}
        aria-haspopup={options ? 'dialog' : undefined}
        onClick={() => void add()}
      >
        {t.crossSellAdd}
      </Button>
    </li>
  );
}
