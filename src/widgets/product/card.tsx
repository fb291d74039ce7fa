import {
  createElement,
  Fragment,
  type ReactNode,
  type RefObject,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { MediaItem } from '../../api/types/common';
import type { Product } from '../../api/types/products';
import { loadOnce } from '../../chunks';
import type { Storefront } from '../../store/store';
import { fill } from '../../ui/i18n';
import { initialOf } from '../../ui/initial';
import { type AddToCartState, useAddToCart } from './add-to-cart';
import {
  choiceName,
  choiceStates,
  initialSelection,
  type Offer,
  offerOf,
  optionsOf,
  type Selection,
} from './availability';
import { AddToCart, addLabel } from './buy';
import { cardImage } from './media';
import { OptionPickers } from './options';
import { Picture, SIZES } from './picture';
import { Price, pricesOf } from './price';
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

/** What the card says of the stock: only a few left, or (on a product page) in stock. (Sold out is the picture's badge
 * and the button's; an unavailable combination the button's: said once.) */
function stockText(offer: Offer, page: boolean, t: ProductStrings): string {
  if (!offer.available) return '';
  if (offer.left !== undefined && offer.left <= LOW_STOCK) return fill(t.onlyLeft, { count: offer.left });
  return page ? t.inStock : '';
}

/**
 * What is shown on the picture: the ribbon, and "Sold out" when the chosen variant (or the product without
 * options) is (its picture dimmed). The badge is silent beside the add button, which says the same.
 */
function badgesOf(
  product: Product,
  offer: Offer,
  hasOptions: boolean,
  shown: (part: string) => boolean,
  t: ProductStrings,
) {
  const ribbonText = product.ribbon || product.ribbons?.[0]?.text;
  const soldOut = !offer.available && (!!offer.variant || !hasOptions);
  return {
    soldOut,
    badges: (
      <>
        {ribbonText && shown('ribbon') ? (
          <span className="ribbon" part="ribbon">
            {ribbonText}
          </span>
        ) : null}
        {soldOut ? (
          <span className="sold-out" part="sold-out-badge" aria-hidden={shown('add') ? 'true' : undefined}>
            {t.soldOut}
          </span>
        ) : null}
      </>
    ),
  };
}

/** The pictures: a product page's gallery (an empty frame until its code is here), or a card's picture. */
function ProductMedia({
  page,
  parts,
  media,
  name,
  badges,
  soldOut,
  t,
}: {
  page: boolean;
  parts: PageParts | undefined;
  media: ReturnType<typeof mediaOf>;
  name: string;
  badges: ReactNode;
  soldOut: boolean;
  t: ProductStrings;
}) {
  const dimmed = soldOut ? '' : undefined;
  if (page)
    return parts ? (
      <parts.Gallery
        key={media.mainMedia?.id ?? ''}
        media={media}
        name={name}
        badges={badges}
        dimmed={soldOut}
        t={t}
      />
    ) : (
      <div className="media" part="media" data-sold-out={dimmed}>
        {badges}
      </div>
    );
  const image = cardImage(media);
  return (
    <div className="media" part="media" data-sold-out={dimmed}>
      {image ? (
        <Picture item={image} sizes={SIZES.card} />
      ) : (
        // No picture: the product's initial on a quiet surface, rather than an empty box.
        <span className="placeholder" part="placeholder" aria-hidden="true">
          {initialOf(name)}
        </span>
      )}
      {badges}
    </div>
  );
}

interface ProductCardProps {
  product: Product;
  store: Storefront;
  t: ProductStrings;
  settings: ProductSettings;
  /** The product's own page, for a link to it below the add button (the quick view's "View full details"). */
  details?: string | undefined;
}

/** The name as a heading of the level asked for, a link where the settings say it leads. */
function Name({
  product,
  settings,
  id,
  page,
}: {
  product: Product;
  settings: ProductSettings;
  id: string;
  page: boolean;
}) {
  const level = Math.min(6, Math.max(1, settings.headingLevel ?? (page ? 1 : 3)));
  const link = linkOf(settings, product);
  const name = product.name ?? '';
  return createElement(
    `h${level}`,
    { id, className: 'name', part: 'name' },
    <bdi>{link ? <a href={link}>{name}</a> : name}</bdi>,
  );
}

/** The product page's bar on a phone (`page.tsx`): the price (unless hidden) and the add button's own state. */
function Bar({
  bar: StickyBar,
  article,
  product,
  offer,
  buy,
  hasOptions,
  settings,
  t,
}: {
  bar: PageParts['StickyBar'];
  article: RefObject<HTMLElement | null>;
  product: Product;
  offer: Offer;
  buy: AddToCartState;
  hasOptions: boolean;
  settings: ProductSettings;
  t: ProductStrings;
}) {
  const busy = buy.added.kind === 'adding';
  return (
    <StickyBar
      article={article}
      name={product.name ?? ''}
      price={
        settings.hide.has('price')
          ? ''
          : pricesOf(product, offer.price, settings.currency, settings.locale).paid
      }
      label={addLabel(offer, hasOptions, busy, t)}
      busy={busy}
      soldOut={!offer.available}
      onAdd={buy.add}
    />
  );
}

/**
 * A product as a card (a grid's, or `<sf-product>`'s default) or as a product page (`layout="page"`: gallery,
 * description, additional info): its pictures, name, ribbon, brand and price, the option pickers with what is
 * sold out for the choices made, the chosen variant's price, SKU and stock, a quantity within the stock, and
 * add to cart through the store (the drawer opens as it does for the page's own buttons). On a phone a product
 * page's price and add button stay at hand in a bar once its own have scrolled away. The merchant's words
 * (brand, name) keep their own direction (`<bdi>`: "Kiln & Co." on a right-to-left page).
 */
export function ProductCard({ product, store, t, settings, details }: ProductCardProps) {
  const { layout, hide, locale, currency } = settings;
  const page = layout === 'page';
  const parts = usePageParts(page);
  const nameId = useId();
  const article = useRef<HTMLElement>(null);
  const [selection, setSelection] = useState(() => initialSelection(product));
  const options = optionsOf(product);
  const states = useMemo(() => choiceStates(product, selection), [product, selection]);
  const offer = offerOf(product, selection);
  const buy = useAddToCart(product, store, selection, offer, settings);
  const name = product.name ?? '';
  const shown = (part: string) => !hide.has(part);
  const hasOptions = options.length > 0;

  const choose = (option: string, choice: string) => {
    setSelection((now) => ({ ...now, [option]: choice }));
    buy.setAdded({ kind: 'idle' });
  };
  const { badges, soldOut } = badgesOf(product, offer, hasOptions, shown, t);
  const stock = stockText(offer, page, t);

  return (
    <article
      ref={article}
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
          badges={badges}
          soldOut={soldOut}
          t={t}
        />
      ) : null}
      <div className="details">
        {shown('media') ? null : badges}
        {product.brand && shown('brand') ? (
          <p className="brand" part="brand">
            <bdi>{product.brand}</bdi>
          </p>
        ) : null}
        <Name product={product} settings={settings} id={nameId} page={page} />
        {shown('price') ? (
          <Price product={product} price={offer.price} currency={currency} locale={locale} t={t} />
        ) : null}
        {shown('options') ? (
          <OptionPickers options={options} selection={selection} states={states} onChoose={choose} t={t} />
        ) : null}
        {stock && shown('stock') ? (
          <p className="stock" part="stock">
            {stock}
          </p>
        ) : null}
        <AddToCart buy={buy} offer={offer} hasOptions={hasOptions} name={name} shown={shown} t={t} />
        {details ? (
          <a className="full-details" part="full-details" href={details}>
            {t.viewDetails}
          </a>
        ) : null}
        {page && offer.sku && shown('sku') ? (
          <p className="sku" part="sku">
            {fill(t.sku, { sku: offer.sku })}
          </p>
        ) : null}
        {page && parts ? <parts.Texts product={product} hide={hide} tell={settings.tell} /> : null}
      </div>
      {page && parts && shown('add') ? (
        <Bar bar={parts.StickyBar} {...{ article, product, offer, buy, hasOptions, settings, t }} />
      ) : null}
    </article>
  );
}
