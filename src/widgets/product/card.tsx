import { createElement, type ReactNode, useEffect, useId, useMemo, useState } from 'react';
import type { MediaItem } from '../../api/types/common';
import type { Product } from '../../api/types/products';
import { loadOnce } from '../../chunks';
import type { Storefront } from '../../store/store';
import { fill } from '../../ui/i18n';
import { initialOf } from '../../ui/initial';
import { useAddToCart } from './add-to-cart';
import {
  choiceName,
  choiceStates,
  initialSelection,
  type Offer,
  offerOf,
  optionsOf,
  type Selection,
} from './availability';
import { AddToCart } from './buy';
import { cardImage } from './media';
import { OptionPickers } from './options';
import { Picture, SIZES } from './picture';
import { Price } from './price';
import { linkOf, type ProductSettings } from './settings';
import type { ProductStrings } from './strings';

type PageParts = typeof import('./page');
let pageParts: PageParts | undefined;
/**
 * The product page's own parts (gallery, description, info, the sanitiser): a chunk that only
 * `layout="page"` downloads; its mount starts it beside the catalogue's answer.
 */
export const loadPageParts = loadOnce(
  (): Promise<PageParts> => import('./page').then((module) => (pageParts = module)),
);

/** The page parts once they are here (the view renders again when they come). */
function usePageParts(wanted: boolean): PageParts | undefined {
  const [parts, setParts] = useState(pageParts);
  useEffect(() => {
    if (wanted && !parts)
      loadPageParts().then(setParts, (error: unknown) => console.error('[storefront]', error));
  }, [wanted, parts]);
  return parts;
}

/** "Only 3 left" from this many units down. */
export const LOW_STOCK = 5;

/** The pictures of a selection: a chosen colour's own first, then the product's. */
function mediaOf(product: Product, selection: Selection) {
  const chosen: MediaItem[] = optionsOf(product).flatMap(
    (option) =>
      option.choices?.find((choice) => choiceName(choice) === selection[option.name ?? ''])?.media?.items ??
      [],
  );
  return {
    mainMedia: chosen[0] ?? product.media?.mainMedia,
    items: [...chosen, ...(product.media?.items ?? [])],
  };
}

/** What the card says of the stock: unavailable, sold out, only a few left, or (on a product page) in stock. */
function stockText(offer: Offer, hasOptions: boolean, page: boolean, t: ProductStrings): string {
  if (!offer.variant && hasOptions) return t.unavailable;
  if (!offer.available) return t.outOfStock;
  if (offer.left !== undefined && offer.left <= LOW_STOCK) return fill(t.onlyLeft, { count: offer.left });
  return page ? t.inStock : '';
}

/** The pictures: a product page's gallery (an empty frame until its code is here), or a card's picture. */
function ProductMedia({
  page,
  parts,
  media,
  name,
  ribbon,
  t,
}: {
  page: boolean;
  parts: PageParts | undefined;
  media: ReturnType<typeof mediaOf>;
  name: string;
  ribbon: ReactNode;
  t: ProductStrings;
}) {
  if (page)
    return parts ? (
      <parts.Gallery key={media.mainMedia?.id ?? ''} media={media} name={name} t={t} />
    ) : (
      <div className="media" part="media" />
    );
  const image = cardImage(media);
  return (
    <div className="media" part="media">
      {image ? (
        <Picture item={image} sizes={SIZES.card} />
      ) : (
        // No picture: the product's initial on a quiet surface, rather than an empty box.
        <span className="placeholder" part="placeholder" aria-hidden="true">
          {initialOf(name)}
        </span>
      )}
      {ribbon}
    </div>
  );
}

interface ProductCardProps {
  product: Product;
  store: Storefront;
  t: ProductStrings;
  settings: ProductSettings;
}

/**
 * A product as a card (a grid's, or `<sf-product>`'s default) or as a product page (`layout="page"`: gallery,
 * description, additional info): its pictures, name, ribbon, brand and price, the option pickers with what is
 * sold out for the choices made, the chosen variant's price, SKU and stock, a quantity within the stock, and
 * add to cart through the store (the drawer opens as it does for the page's own buttons). The merchant's words
 * (brand, name) keep their own direction (`<bdi>`: "Kiln & Co." on a right-to-left page).
 */
export function ProductCard({ product, store, t, settings }: ProductCardProps) {
  const { layout, hide, locale, currency } = settings;
  const page = layout === 'page';
  const parts = usePageParts(page);
  const nameId = useId();
  const [selection, setSelection] = useState(() => initialSelection(product));
  const options = optionsOf(product);
  const states = useMemo(() => choiceStates(product, selection), [product, selection]);
  const offer = offerOf(product, selection);
  const buy = useAddToCart(product, store, selection, offer, settings);
  const name = product.name ?? '';
  const shown = (part: string) => !hide.has(part);

  const choose = (option: string, choice: string) => {
    setSelection((now) => ({ ...now, [option]: choice }));
    buy.setAdded({ kind: 'idle' });
  };

  const level = Math.min(6, Math.max(1, settings.headingLevel ?? (page ? 1 : 3)));
  const link = linkOf(settings, product);
  const ribbonText = product.ribbon || product.ribbons?.[0]?.text;
  const ribbon =
    ribbonText && shown('ribbon') ? (
      <span className="ribbon" part="ribbon">
        {ribbonText}
      </span>
    ) : null;
  const stock = stockText(offer, options.length > 0, page, t);

  return (
    <article
      className={page ? 'product-page' : 'card'}
      part={page ? 'product' : 'card'}
      aria-labelledby={nameId}
      tabIndex={-1}
    >
      {shown('media') ? (
        <ProductMedia
          page={page}
          parts={parts}
          media={mediaOf(product, selection)}
          name={name}
          ribbon={ribbon}
          t={t}
        />
      ) : null}
      <div className="details">
        {page || !shown('media') ? ribbon : null}
        {product.brand && shown('brand') ? (
          <p className="brand" part="brand">
            <bdi>{product.brand}</bdi>
          </p>
        ) : null}
        {createElement(
          `h${level}`,
          { id: nameId, className: 'name', part: 'name' },
          <bdi>{link ? <a href={link}>{name}</a> : name}</bdi>,
        )}
        {shown('price') ? (
          <Price product={product} price={offer.price} currency={currency} locale={locale} t={t} />
        ) : null}
        {shown('options') ? (
          <OptionPickers options={options} selection={selection} states={states} onChoose={choose} t={t} />
        ) : null}
        {page && offer.sku && shown('sku') ? (
          <p className="sku" part="sku">
            {fill(t.sku, { sku: offer.sku })}
          </p>
        ) : null}
        {stock && shown('stock') ? (
          <p className={offer.available ? 'stock' : 'stock out'} part="stock">
            {stock}
          </p>
        ) : null}
        <AddToCart buy={buy} offer={offer} hasOptions={options.length > 0} name={name} shown={shown} t={t} />
        {page && parts ? <parts.Texts product={product} hide={hide} /> : null}
      </div>
    </article>
  );
}
