import type { Cart, LineItem, PriceSummary } from '../api/types/cart';
import type { Product } from '../api/types/products';
import type { ProductListQuery } from '../store/types';
import type { StoreEvent } from './types';

/*
 * The store's events as Google Analytics 4's recommended e-commerce events (in the shape Google Tag Manager's
 * `dataLayer` takes them) and Meta's standard events: functions of an event and the store's state then.
 */

/** A cart line as the events name it: the product, its name and choices, one item's price, and how many. */
export interface CartItem {
  productId: string;
  name: string;
  /** The line's choices, as the drawer shows them (`Medium / Navy`); empty for a product without options. */
  variant: string;
  price: number;
  /** How much less one item costs than its full price, when it is on sale. */
  discount?: number;
  quantity: number;
}

/** A cart as the events name it; an order's also has the tax and shipping the drawer last showed for it. */
export interface CartSummary {
  currency: string;
  items: CartItem[];
  coupon?: string;
  tax?: number;
  shipping?: number;
}

/** An item as GA4 names it (`items[]` of its e-commerce events). */
export interface Ga4Item {
  item_id: string;
  item_name: string;
  item_variant?: string;
  item_brand?: string;
  price: number;
  quantity: number;
  index?: number;
  /** The list the item was shown in (a product grid's), for `view_item_list` and `select_item`. */
  item_list_id?: string;
  item_list_name?: string;
  discount?: number;
}

/** A product grid's list as GA4 names it (`item_list_id`, `item_list_name`). */
export interface Ga4List {
  item_list_id: string;
  item_list_name: string;
}

/** What is pushed to `dataLayer` (after `{ecommerce: null}` for an e-commerce event). */
export interface Ga4Event {
  event: string;
  ecommerce?: {
    currency: string;
    value: number;
    items: Ga4Item[];
    transaction_id?: string;
    tax?: number;
    shipping?: number;
    coupon?: string;
    item_list_id?: string;
    item_list_name?: string;
  };
  /** `login` and `sign_up`: how (`storefront`, the widgets' own sign-in). */
  method?: string;
}

/** Meta's standard event and its parameters, for `fbq('track', event, params, {eventID})`. */
export interface MetaEvent {
  event: 'ViewContent' | 'AddToCart' | 'InitiateCheckout' | 'Purchase' | 'CompleteRegistration';
  params: {
    content_ids?: string[];
    contents?: Array<{ id: string; quantity: number }>;
    content_type?: 'product';
    currency?: string;
    value?: number;
  };
}

/** One action as every tag is told of it (`sf:analytics`'s detail). */
export interface AnalyticsEvent {
  /** GA4's name for it (`add_to_cart`). */
  name: string;
  ga4: Ga4Event;
  meta: MetaEvent | null;
  /** The same for every tag told of this action: Meta's `eventID`, for a Conversions API to deduplicate. */
  eventId: string;
}

/** What the events remember between them. */
export interface Memory {
  /** The drawer opened before its cart was known: `view_cart` goes with the first cart read after. */
  viewCart: boolean;
  /** An account was just made: its sign-in is the sign-up's, not a `login`. */
  registered: boolean;
  /**
   * How many cards of each grid's list were told of (`view_item_list`), by the grid's query object (one list:
   * `ProductSignals`): each card once, however often the grid tells its cards (a page more, StrictMode's second
   * run of an effect).
   */
  lists: WeakMap<object, number>;
  /** What a checkout started here checked out, for its order's `purchase` (`./analytics.ts` keeps it). */
  checkouts: {
    save(checkoutId: string, cart: CartSummary): void;
    take(checkoutId: string): CartSummary | undefined;
  };
}

/** Google Analytics takes at most 200 items an event. */
export const MAX_ITEMS = 200;

/** A sum of money, in whole cents (no float drift). */
const money = (value: number) => Math.round(value * 100) / 100;
const amount = (price: { amount?: string } | undefined) => Number(price?.amount) || 0;

/** A line of the cart as the events name it, with `quantity` (the line's own by default). */
export function itemOf(line: LineItem, quantity = line.quantity ?? 0): CartItem {
  const price = amount(line.price);
  const discount = money(amount(line.fullPrice) - price);
  const text = (d: NonNullable<LineItem['descriptionLines']>[number]) => {
    const shown = d.plainText ?? d.colorInfo;
    return shown?.translated || shown?.original;
  };
  return {
    productId: line.catalogReference?.catalogItemId ?? '',
    name: line.productName?.translated || line.productName?.original || '',
    variant: (line.descriptionLines ?? []).map(text).filter(Boolean).join(' / '),
    price,
    ...(discount > 0 ? { discount } : {}),
    quantity,
  };
}

/**
 * A cart as the events name it, with the tax and shipping of `totals` when they were worked out for these very
 * lines (an estimate answers with the cart it was made for).
 */
export function summaryOf(cart: Cart | null, totals?: { cart?: Cart; priceSummary?: PriceSummary } | null) {
  const key = (c: Cart | null | undefined) => JSON.stringify(c?.lineItems?.map((l) => [l.id, l.quantity]));
  const figures =
    totals?.priceSummary && (!totals.cart || key(totals.cart) === key(cart)) ? totals.priceSummary : {};
  const coupon = cart?.appliedDiscounts?.find((d) => d.coupon?.code)?.coupon?.code;
  const summary: CartSummary = {
    currency: cart?.currency ?? '',
    items: (cart?.lineItems ?? []).map((line) => itemOf(line)),
  };
  if (coupon) summary.coupon = coupon;
  if (figures.tax) summary.tax = amount(figures.tax);
  if (figures.shipping) summary.shipping = amount(figures.shipping);
  return summary;
}

/** GA4's items for the events' items, with their place in the list when there are several. */
function ga4Items(items: CartItem[], listed: boolean): Ga4Item[] {
  return items.map((item, index) => ({
    item_id: item.productId,
    item_name: item.name,
    ...(item.variant ? { item_variant: item.variant } : {}),
    price: item.price,
    quantity: item.quantity,
    ...(listed ? { index } : {}),
    ...(item.discount ? { discount: item.discount } : {}),
  }));
}

/** The sum of `price × quantity` of the items sent. */
const sumOf = (items: Ga4Item[]) => money(items.reduce((sum, item) => sum + item.price * item.quantity, 0));

type Outgoing = Omit<AnalyticsEvent, 'eventId'> & { eventId?: string };

/** A cart's e-commerce event of GA4 with its items, and Meta's (`meta`) of the same items. */
function commerce(
  name: string,
  summary: CartSummary,
  listed: boolean,
  meta: MetaEvent['event'] | null,
  extra: Partial<NonNullable<Ga4Event['ecommerce']>> = {},
): Outgoing {
  return outgoing(name, summary.currency, ga4Items(summary.items, listed), meta, extra);
}

/** An e-commerce event of GA4 with its items (the first 200), and Meta's (`meta`) of the same items. */
function outgoing(
  name: string,
  currency: string,
  given: Ga4Item[],
  meta: MetaEvent['event'] | null,
  extra: Partial<NonNullable<Ga4Event['ecommerce']>> = {},
): Outgoing {
  const items = given.slice(0, MAX_ITEMS);
  const value = sumOf(items);
  const ids = items.map((item) => item.item_id);
  return {
    name,
    ga4: { event: name, ecommerce: { currency, value, ...extra, items } },
    meta: meta && {
      event: meta,
      params: {
        content_ids: ids,
        contents: items.map((item) => ({ id: item.item_id, quantity: item.quantity })),
        content_type: 'product',
        currency,
        value,
      },
    },
  };
}

/**
 * A product grid's list as GA4 names it: its collection as the grid names it (slug or id; `all` for a grid of
 * every product), and for the name the grid's order too, when it has one (`summer (price-asc)`).
 */
export function listOf(query: ProductListQuery): Ga4List {
  const id = query.collection || 'all';
  return { item_list_id: id, item_list_name: query.sort ? `${id} (${query.sort})` : id };
}

/** A catalogue product's price, as the catalogue gives it. */
const priceOf = (product: Product) => product.priceData ?? product.price;
/** A sum of the catalogue's (outside data): a number from 0 on, else undefined. */
const amountIn = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
/** A product's currency: the catalogue's ISO 4217 code, else none (`''`). */
const currencyOf = (product: Product | undefined) => {
  const code = product && priceOf(product)?.currency;
  return typeof code === 'string' && /^[A-Z]{3}$/.test(code) ? code : '';
};

/**
 * A catalogue product as one of GA4's items (one of it: `quantity` 1), at its price now (a sale's) with how much
 * less than its full price that is (`discount`), and its place in a list with the list (`more`).
 */
export function productItem(product: Product, more: Partial<Ga4Item> = {}): Ga4Item {
  const full = amountIn(priceOf(product)?.price) ?? 0;
  const price = money(amountIn(priceOf(product)?.discountedPrice) ?? full);
  const discount = money(full - price);
  return {
    item_id: product.id ?? '',
    item_name: product.name ?? '',
    ...(product.brand ? { item_brand: product.brand } : {}),
    price,
    quantity: 1,
    ...more,
    ...(discount > 0 ? { discount } : {}),
  };
}

/**
 * A list event of GA4 (`view_item_list`, `select_item`): the products from the list's place `index` on (one
 * the store no longer has keeps its place, and is left out).
 */
function listed(
  name: string,
  query: ProductListQuery,
  products: Array<Product | undefined>,
  index: number,
): Outgoing[] {
  const list = listOf(query);
  const items = products.flatMap((product, i) =>
    product ? [productItem(product, { index: index + i, ...list })] : [],
  );
  return items.length ? [outgoing(name, currencyOf(products.find(Boolean)), items, null, list)] : [];
}

/** The checkout's GA4 and Meta events: its lines, coupon, and (an order's) tax and shipping. */
function ordered(name: string, meta: MetaEvent['event'], cart: CartSummary, orderId?: string): Outgoing {
  return commerce(name, cart, true, meta, {
    ...(orderId ? { transaction_id: orderId } : {}),
    ...(orderId && cart.tax !== undefined ? { tax: cart.tax } : {}),
    ...(orderId && cart.shipping !== undefined ? { shipping: cart.shipping } : {}),
    ...(cart.coupon ? { coupon: cart.coupon } : {}),
  });
}

/**
 * What an event of the store is to the analytics tags (none for most). Ids are the caller's to give, but for a
 * checkout (`checkout:<id>`) and an order (`order:<id>`): a site's server can name those too.
 */
export function analyticsOf(event: StoreEvent, memory: Memory): Outgoing[] {
  const { state } = event;
  switch (event.name) {
    case 'cart:added': {
      const { line, quantity, currency } = event.detail;
      return line
        ? [commerce('add_to_cart', { currency, items: [itemOf(line, quantity)] }, false, 'AddToCart')]
        : [];
    }
    case 'cart:removed': {
      const { line, quantity, currency } = event.detail;
      return [commerce('remove_from_cart', { currency, items: [itemOf(line, quantity)] }, false, null)];
    }
    case 'cart:opened':
      memory.viewCart = state.cart.status !== 'ready';
      return memory.viewCart ? [] : [commerce('view_cart', summaryOf(state.cart.cart), true, null)];
    case 'cart:updated':
      if (!memory.viewCart || !state.ui.cartOpen) return [];
      memory.viewCart = false;
      return [commerce('view_cart', summaryOf(event.detail.cart), true, null)];
    case 'checkout:started': {
      const { cart, checkoutId } = event.detail;
      const summary = summaryOf(cart, state.cart.totals);
      memory.checkouts.save(checkoutId, summary);
      return [
        { ...ordered('begin_checkout', 'InitiateCheckout', summary), eventId: `checkout:${checkoutId}` },
      ];
    }
    case 'order:placed': {
      const { orderId, checkoutId } = event.detail;
      const cart = (checkoutId && memory.checkouts.take(checkoutId)) || { currency: '', items: [] };
      return [{ ...ordered('purchase', 'Purchase', cart, orderId), eventId: `order:${orderId}` }];
    }
    case 'member:registered':
      memory.registered = true;
      return [
        {
          name: 'sign_up',
          ga4: { event: 'sign_up', method: 'storefront' },
          meta: { event: 'CompleteRegistration', params: {} },
        },
      ];
    case 'product:listViewed': {
      const { query, productIds } = event.detail;
      const from = memory.lists.get(query) ?? 0;
      if (productIds.length <= from) return [];
      memory.lists.set(query, productIds.length);
      // The cards not told of yet, as the store had them then (by the catalogue's ids: own entries only).
      const { items } = state.products;
      const products = productIds.slice(from).map((id) => (Object.hasOwn(items, id) ? items[id] : undefined));
      return listed('view_item_list', query, products, from);
    }
    case 'product:selected':
      return listed('select_item', event.detail.query, [event.detail.product], event.detail.index);
    case 'product:viewed': {
      const { product } = event.detail;
      return [outgoing('view_item', currencyOf(product), [productItem(product)], 'ViewContent')];
    }
    case 'member:signedIn':
      // Another tab's sign-in is that tab's; a registration's is its sign-up.
      if (event.detail.otherTab || memory.registered) {
        memory.registered = false;
        return [];
      }
      return [{ name: 'login', ga4: { event: 'login', method: 'storefront' }, meta: null }];
    default:
      return [];
  }
}
