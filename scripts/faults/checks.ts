/**
 * The fault suite's judgement, apart from the browser: which variant a line is, what the server's cart may
 * and must hold after the operations, and whether a tab shows the server's cart.
 */
import type { Product } from '../../src/api/types/products';
import english from '../../src/i18n/en';
import type { ShownLine, TabView, WireLine } from './page';

/** The drawer's texts in English. */
const en = english.drawer;

/** One thing to buy: a product's variant. `key` is `productId/variantId`. */
export interface Variant {
  key: string;
  productId: string;
  variantId: string;
  /** `Everyday Cotton Tee (Medium, Navy)`. */
  label: string;
  /** The variant's choices by option name, as shoppers read them (`{Size: 'Medium'}`). */
  choices: Record<string, string>;
  /** How many can be held in a cart: `Infinity` when stock is not tracked. */
  stock: number;
}

export interface Catalogue {
  products: Product[];
  variants: Variant[];
  /** The variant a catalogue reference names: `{variantId}`, `{options: {…}}`, or the product's only one. */
  resolve(
    productId: string | undefined,
    options: Record<string, unknown> | null | undefined,
  ): Variant | undefined;
  /** The variant a drawer line names: the product's name and its option lines (`Size: Medium`). */
  byName(name: string, choices: string[]): Variant | undefined;
}

export function catalogueOf(products: Product[]): Catalogue {
  const variants: Variant[] = [];
  for (const product of products) {
    const optionNames = (product.productOptions ?? []).map((o) => o.name ?? '');
    for (const v of product.variants ?? []) {
      const choices = Object.fromEntries(optionNames.map((name) => [name, String(v.choices?.[name] ?? '')]));
      const stock = v.stock?.trackQuantity
        ? Math.max(0, v.stock.quantity ?? 0)
        : v.stock?.inStock === false
          ? 0
          : Number.POSITIVE_INFINITY;
      const shown = Object.values(choices).join(', ');
      variants.push({
        key: `${product.id}/${v.id}`,
        productId: product.id as string,
        variantId: v.id as string,
        label: shown ? `${product.name} (${shown})` : (product.name ?? ''),
        choices,
        stock,
      });
    }
  }
  const ofProduct = (productId: string | undefined) => variants.filter((v) => v.productId === productId);
  const matching = (candidates: Variant[], chosen: Record<string, unknown>) =>
    candidates.find((v) => Object.entries(v.choices).every(([name, value]) => chosen[name] === value));
  return {
    products,
    variants,
    resolve(productId, options) {
      const candidates = ofProduct(productId);
      if (typeof options?.variantId === 'string')
        return candidates.find((v) => v.variantId === options.variantId);
      const chosen = options?.options;
      if (chosen && typeof chosen === 'object')
        return matching(candidates, chosen as Record<string, unknown>);
      return candidates.length === 1 ? candidates[0] : undefined;
    },
    byName(name, choices) {
      const product = products.find((p) => p.name === name);
      const chosen = Object.fromEntries(
        choices.map((line) => {
          const at = line.indexOf(': ');
          return at < 0 ? ['', line] : [line.slice(0, at), line.slice(at + 2)];
        }),
      );
      return matching(ofProduct(product?.id), chosen);
    },
  };
}

/** An add as the shopper asked for it: through a page's button or `Storefront.addToCart`. */
export interface AddRecord {
  op: number;
  tab: number;
  how: 'button' | 'api';
  key: string;
  quantity: number;
  /** When it was asked for (before the click or the call): it cannot reach the server earlier. */
  start: number;
  /** When its outcome was known (`Infinity` when never: a reload cut it off): it reached the server before. */
  end: number;
  /** What it reported: `true` added, `false` not, `undefined` unknown. */
  result?: boolean;
  /**
   * False when it surely did not reach the cart: every add call of its tab for the same variant and quantity
   * sent while it was under way was answered with an error status (or there was none).
   */
  mayHaveArrived?: boolean;
}

/** A call that sets a line's quantity (a stepper, a typed quantity) or removes the line (quantity 0). */
export interface SetRecord {
  tab: number;
  /** The line's variant; undefined when no answer ever named the line (it then counts for every variant). */
  key: string | undefined;
  lineId: string;
  quantity: number;
  start: number;
  /** When the call settled in the page (`Infinity` when never). */
  end: number;
  /** The HTTP status; undefined when no answer came (dropped, broken off, or cut by a reload). */
  status?: number;
}

/** An answer with an error status changed nothing; any other call may have. */
export const mayHaveApplied = (set: SetRecord) => set.status === undefined || set.status < 400;

export interface Bounds {
  /** The server's cart must hold at least this many (lost below). */
  least: number;
  /** … and at most this many (doubled above). */
  most: number;
}

/**
 * What the server's cart may hold of a variant, whatever order the platform took the calls in. The
 * platform handles a call at one moment between its sending and its answer; an answer with an error status
 * changed nothing; a line holds what was set last (0 once removed) plus what was added after, up to the stock.
 *
 * - least: the adds that reported `true` and were asked for after every set of the variant that may have been
 *   handled had settled: nothing can have undone them. Below `min(that, stock)` an add is lost.
 * - most: for each set that may have been the last one handled (or none), its quantity plus every add that may
 *   have been handled after it (not settled before the set was sent), whatever it reported (a failed add may
 *   still have arrived) unless none of its calls can have arrived. Each add counts once, so more than the
 *   greatest of these is an add that arrived twice.
 */
export function boundsOf(key: string, stock: number, adds: AddRecord[], sets: SetRecord[]): Bounds {
  const mine = adds.filter((a) => a.key === key);
  const setsOf = sets.filter((s) => (s.key === undefined || s.key === key) && mayHaveApplied(s));
  const lastSettled = Math.max(Number.NEGATIVE_INFINITY, ...setsOf.map((s) => s.end));
  const sure = mine
    .filter((a) => a.result === true && a.start > lastSettled)
    .reduce((sum, a) => sum + a.quantity, 0);
  const after = (since: number) =>
    mine.filter((a) => a.mayHaveArrived !== false && a.end > since).reduce((sum, a) => sum + a.quantity, 0);
  const most = Math.max(after(Number.NEGATIVE_INFINITY), ...setsOf.map((s) => s.quantity + after(s.start)));
  return { least: Math.min(sure, stock), most };
}

/** The server's cart: quantity by variant key (lines the catalogue cannot name under `?productId`), coupon. */
export interface ServerCart {
  lines: Map<string, number>;
  count: number;
  coupon: string | null;
}

const label = (catalogue: Catalogue, key: string) =>
  catalogue.variants.find((v) => v.key === key)?.label ?? key;

function tally(lines: Array<{ key: string | undefined; quantity: number }>): Map<string, number> {
  const by = new Map<string, number>();
  for (const { key, quantity } of lines) by.set(key ?? '?', (by.get(key ?? '?') ?? 0) + quantity);
  return by;
}

/** A difference, and what it is about: a variant's key, `count` or `coupon`. */
interface Difference {
  subject: string;
  text: string;
}

function differences(
  catalogue: Catalogue,
  where: string,
  shown: Map<string, number>,
  server: Map<string, number>,
): Difference[] {
  const out: Difference[] = [];
  for (const key of new Set([...shown.keys(), ...server.keys()])) {
    const a = shown.get(key) ?? 0;
    const b = server.get(key) ?? 0;
    if (a !== b)
      out.push({ subject: key, text: `${where}: ${label(catalogue, key)} shown ${a}, server ${b}` });
  }
  return out;
}

/**
 * Whether a message the drawer shows tells the shopper that what it shows may not be the server's cart: the
 * shop could not be reached, the cart could not be loaded, an add may have arrived. (An add refused for its
 * stock, or a coupon that does not exist, says nothing about the rest of the cart.)
 */
const STALE_WARNINGS = [en.networkError, en.cartLoadFailed, en.addUnconfirmed];
const warnsStale = (message: string | null | undefined) =>
  Boolean(message && STALE_WARNINGS.some((warning) => message.startsWith(warning)));

export interface TabVerdict {
  /** Differences the tab shows no error for: the defect (a stale cart shown as the truth). */
  silent: string[];
  /**
   * Differences under a message the tab shows that its cart may be stale (`STALE_WARNINGS`, in the cart's
   * banner or, for the coupon, the coupon's), or the count's error status.
   */
  flagged: string[];
  /**
   * How many things differ, silently and flagged: each variant whose quantity differs (in the store, the
   * drawer or both), the coupon, and the count when no line explains it.
   */
  counts: { silent: number; flagged: number };
}

/**
 * A tab's cart against the server's: the store's cart and count (what `window.Storefront` and the drawer show),
 * the page's count element, and the open drawer's lines and coupon. A line whose quantity field holds a refused
 * typed value is compared by its presence only.
 */
export function compareTab(catalogue: Catalogue, view: TabView, server: ServerCart): TabVerdict {
  const silent: Difference[] = [];
  const flagged: Difference[] = [];
  const cartError = view.header.status === 'error' || warnsStale(view.drawer?.banner);
  const cart = (found: Difference[]) => (cartError ? flagged : silent).push(...found);
  const count = (text: string) => cart([{ subject: 'count', text }]);
  const coupon = (text: string) =>
    (cartError || warnsStale(view.drawer?.couponError) ? flagged : silent).push({ subject: 'coupon', text });
  if (!view.loaded || !view.store) {
    silent.push({ subject: 'storefront', text: 'the storefront is not loaded' });
  } else {
    const keyOf = (line: ShownLine) => catalogue.resolve(line.productId, line.options)?.key;
    const lines = tally(view.store.lines.map((l) => ({ key: keyOf(l), quantity: l.quantity })));
    cart(differences(catalogue, 'store', lines, server.lines));
    if (view.store.count !== server.count) count(`store count ${view.store.count}, server ${server.count}`);
    if (view.header.text !== String(server.count))
      count(`page's count "${view.header.text}", server ${server.count}`);
    if (view.store.coupon !== server.coupon)
      coupon(`store coupon ${view.store.coupon ?? 'none'}, server ${server.coupon ?? 'none'}`);
  }
  const drawer = view.drawer;
  if (drawer && !drawer.loading) {
    const lines = drawer.lines.map((l) => ({
      ...l,
      key: catalogue.byName(l.name ?? '', l.choices ?? [])?.key,
    }));
    const typed = new Set(lines.filter((l) => l.invalid).map((l) => l.key ?? '?'));
    const shown = tally(lines.filter((l) => !l.invalid));
    const server_ = new Map([...server.lines].filter(([key]) => !typed.has(key)));
    cart(differences(catalogue, 'drawer', shown, server_));
    for (const key of typed)
      if (!server.lines.has(key))
        cart([{ subject: key, text: `drawer: ${label(catalogue, key)} shown, not on the server` }]);
    if (drawer.coupon !== server.coupon && (server.lines.size > 0 || drawer.coupon))
      coupon(`drawer coupon ${drawer.coupon ?? 'none'}, server ${server.coupon ?? 'none'}`);
  }
  const subjects = (found: Difference[]) => {
    const set = new Set(found.map((d) => d.subject));
    if (set.size > 1) set.delete('count');
    return set.size;
  };
  return {
    silent: silent.map((d) => d.text),
    flagged: flagged.map((d) => d.text),
    counts: { silent: subjects(silent), flagged: subjects(flagged) },
  };
}

/** A platform call a tab made, as the page reported it (`page.ts`). */
export interface CallRecord {
  tab: number;
  path: string;
  body?: string;
  start: number;
  /** When it settled in the page (`Infinity` when never: a reload cut it off). */
  end: number;
  status?: number;
  /** The lines of the cart its answer carried. */
  lines?: WireLine[];
}

/** The line changes the tabs sent (quantities, removals), each line named by any answer that carried it. */
export function setsFrom(calls: CallRecord[], catalogue: Catalogue): SetRecord[] {
  const lineKeys = new Map<string, string | undefined>();
  for (const call of calls)
    for (const [id, productId, options] of call.lines ?? [])
      lineKeys.set(id, catalogue.resolve(productId, options)?.key);
  const sets: SetRecord[] = [];
  for (const call of calls) {
    const body = call.body ? (JSON.parse(call.body) as Record<string, unknown>) : {};
    const base = {
      tab: call.tab,
      start: call.start,
      end: call.end,
      ...(call.status !== undefined ? { status: call.status } : {}),
    };
    if (call.path.endsWith('/update-line-items-quantity'))
      for (const item of (body.lineItems as Array<{ id: string; quantity: number }>) ?? [])
        sets.push({ ...base, key: lineKeys.get(item.id), lineId: item.id, quantity: item.quantity });
    if (call.path.endsWith('/remove-line-items'))
      for (const id of (body.lineItemIds as string[]) ?? [])
        sets.push({ ...base, key: lineKeys.get(id), lineId: id, quantity: 0 });
  }
  return sets;
}

/**
 * Sets `mayHaveArrived` on each add: an add reaches the cart only through an add call of its tab, for its
 * variant and quantity, sent while it was under way; when every such call was answered with an error status
 * (or none was sent), it did not arrive.
 */
export function markArrivals(adds: AddRecord[], calls: CallRecord[], catalogue: Catalogue): void {
  const sent = calls.flatMap((call) => {
    if (!call.path.endsWith('/add-to-cart') || !call.body) return [];
    const { lineItems = [] } = JSON.parse(call.body) as {
      lineItems?: Array<{
        quantity?: number;
        catalogReference?: { catalogItemId?: string; options?: Record<string, unknown> };
      }>;
    };
    return lineItems.map((item) => ({
      call,
      key: catalogue.resolve(item.catalogReference?.catalogItemId, item.catalogReference?.options)?.key,
      quantity: item.quantity,
    }));
  });
  for (const add of adds) {
    add.mayHaveArrived = sent.some(
      ({ call, key, quantity }) =>
        call.tab === add.tab &&
        key === add.key &&
        quantity === add.quantity &&
        call.start >= add.start &&
        call.start <= add.end &&
        (call.status === undefined || call.status < 400),
    );
  }
}
