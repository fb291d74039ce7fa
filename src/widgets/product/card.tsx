import { createElement, Fragment, type ReactNode, useEffect, useId, useMemo, useState } from 'react';
import { useStore } from 'zustand';
import type { MediaItem } from '../../api/types/common';
import type { Product } from '../../api/types/products';
import { loadOnce, retryOnce } from '../../chunks';
import type { AddToCartInput, Problem, Storefront } from '../../store/store';
import { Button } from '../../ui/button';
import { fill } from '../../ui/i18n';
import { initialOf } from '../../ui/initial';
import type { NoticeConfig } from '../toast/index';
import {
  choiceName,
  choiceStates,
  initialSelection,
  type Offer,
  offerOf,
  optionsOf,
  type Selection,
} from './availability';
import { cardImage } from './media';
import { OptionPickers } from './options';
import { Picture, SIZES } from './picture';
import { Price } from './price';
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
}

type AddState =
  | { kind: 'idle' | 'adding' | 'added' }
  | { kind: 'error'; problem: Problem | null; input: AddToCartInput };
const ADDED: AddState = { kind: 'added' };

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

/** The quantity to add: − and + within 1 and what is left, or a typed whole number. */
function Quantity({
  value,
  max,
  invalid,
  onChange,
  t,
}: {
  value: string;
  max: number;
  invalid: boolean;
  onChange: (value: string) => void;
  t: ProductStrings;
}) {
  const id = useId();
  const n = Number(value);
  return (
    <div className="quantity" part="quantity">
      <label htmlFor={id} className="sf-visually-hidden">
        {t.quantity}
      </label>
      <Button
        aria-label={t.decrease}
        blocked={!(n > 1)}
        onClick={() => onChange(String(Math.min(max, n - 1)))}
      >
        −
      </Button>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={1}
        max={max}
        value={value}
        aria-invalid={invalid ? 'true' : undefined}
        onChange={(event) => onChange((event.currentTarget as HTMLInputElement).value)}
      />
      <Button
        aria-label={t.increase}
        blocked={!(n < max)}
        onClick={() => onChange(String(Math.max(1, n + 1)))}
      >
        +
      </Button>
    </div>
  );
}

/** What adding to the cart needs to keep: the quantity typed, whether it is wrong, how the last add went. */
function useAddToCart(
  product: Product,
  store: Storefront,
  selection: Selection,
  offer: Offer,
  settings: ProductSettings,
) {
  const [draft, setDraft] = useState('1');
  const [invalid, setInvalid] = useState(false);
  const [added, setAdded] = useState<AddState>({ kind: 'idle' });
  // The quantity asked for stays within what is left of the chosen variant.
  useEffect(() => {
    if (Number(draft) > offer.max) setDraft(String(offer.max));
  }, [offer.max, draft]);
  // A failed add the drawer's "Try again" made (it sends this very input again) is an add made, on the card
  // too; nothing else (a read of the cart, another add of the product) says this one arrived.
  const made = useStore(store, (s) => added.kind === 'error' && s.cart.lastAdded === added.input);

  const add = async () => {
    const quantity = Number(draft);
    if (!/^\d+$/.test(draft.trim()) || quantity < 1 || quantity > offer.max) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    setAdded({ kind: 'adding' });
    const input: AddToCartInput = {
      productId: product.id as string,
      quantity,
      ...(optionsOf(product).length ? { options: selection } : {}),
    };
    const ok = await store.getState().addToCart(input);
    setAdded(ok ? ADDED : { kind: 'error', problem: store.getState().cart.error, input });
    if (ok && settings.openCartOnAdd) store.getState().openCart();
    else if (ok && settings.notice) {
      const config = settings.notice;
      // (Its code downloads with the first such add: a chunk of its own.)
      retryOnce(() => import('../toast/index')).then(
        (notice) => notice.showAdded(store, config, input.productId),
        (error: unknown) => console.error('[storefront] the notice of an add could not be loaded:', error),
      );
    }
  };
  const type = (value: string) => {
    setDraft(value);
    setInvalid(false);
  };
  return {
    draft,
    invalid,
    added: made ? ADDED : added,
    setAdded,
    add,
    type,
    openCartOnAdd: settings.openCartOnAdd,
  };
}

type AddToCartState = ReturnType<typeof useAddToCart>;

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

/** The quantity and the add button (unless hidden), then what came of the last add. */
function AddToCart({
  buy,
  offer,
  hasOptions,
  name,
  shown,
  t,
}: {
  buy: AddToCartState;
  offer: Offer;
  hasOptions: boolean;
  name: string;
  shown: (part: string) => boolean;
  t: ProductStrings;
}) {
  const { invalid, added } = buy;
  const quantityErrorId = useId();
  const busy = added.kind === 'adding';
  return (
    <>
      {shown('add') ? (
        <div className="buy">
          {shown('quantity') && offer.available ? (
            <Quantity value={buy.draft} max={offer.max} invalid={invalid} onChange={buy.type} t={t} />
          ) : null}
          <Button
            className="primary"
            part="add-button"
            blocked={busy || !offer.available}
            aria-busy={busy ? 'true' : undefined}
            aria-describedby={invalid ? quantityErrorId : undefined}
            onClick={buy.add}
          >
            {!offer.available
              ? offer.variant || !hasOptions
                ? t.soldOut
                : t.unavailable
              : busy
                ? t.adding
                : t.addToCart}
          </Button>
        </div>
      ) : null}
      {invalid ? (
        <p id={quantityErrorId} className="field-error" role="alert">
          {fill(t.quantityInvalid, { max: offer.max })}
        </p>
      ) : null}
      <p className="note" role="status" part="status">
        {added.kind === 'added' && !buy.openCartOnAdd ? fill(t.added, { name }) : ''}
      </p>
      {added.kind === 'error' ? (
        <p className="field-error" role="alert" part="error">
          {t[added.problem?.key as keyof ProductStrings] ?? t.addFailed}
          {added.problem?.detail ? ` ${added.problem.detail}` : ''}
        </p>
      ) : null}
    </>
  );
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
function linkOf({ link, href, layout }: ProductSettings, product: Product): string | undefined {
  if (link === 'quick-view') return layout === 'page' ? undefined : quickViewHref(product);
  return href
    ? fill(href, { slug: encodeURIComponent(product.slug ?? ''), id: encodeURIComponent(product.id ?? '') })
    : undefined;
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
