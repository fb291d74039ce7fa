import {
  type ComponentType,
  createElement,
  Fragment,
  lazy,
  type ReactNode,
  useEffect,
  useState,
} from 'react';
import { createStore } from 'zustand/vanilla';
import type { Product } from '../api/types/products';
import { withProducts } from '../store/product-items';
import { listKey, pageSizeOf, readKey } from '../store/product-keys';
import type { Storefront } from '../store/store';
import type { ProductListQuery, ProductRef, ProductsSlice } from '../store/types';
import { languageOf } from '../ui/i18n';
import { loadPageParts } from '../widgets/product/card';
import type * as PageModule from '../widgets/product/page';
import { type ProductStrings, productPack, withProductOverrides } from '../widgets/product/strings';
import { LANGUAGE_PACKS } from '../widgets/texts';
import { onServer, useClientLayoutEffect } from './shadow-host';

/*
 * Products read on a server (a Server Component, a loader, with `storefront-widgets/api`) and handed to
 * `<Product product>` and `<ProductGrid products>`: rendered into the server's HTML in a declarative shadow root,
 * and put in the client's store before the widget renders there, so the browser asks the catalogue nothing
 * more for them and the widget's first render is the markup already on screen.
 */

/**
 * The products a server handed over that can be shown: objects with an id (anything else is left out, said on
 * the console), and their count when it is a count.
 */
export function checkedProducts(
  component: string,
  products: readonly Product[] | undefined,
): Array<Product & { id: string }> | undefined {
  if (products === undefined) return undefined;
  if (!Array.isArray(products)) {
    // The element reads the catalogue itself, as without them.
    console.error(`[storefront] ${component} products must be an array of the catalogue's products`);
    return undefined;
  }
  const usable = products.filter(
    (product): product is Product & { id: string } =>
      typeof product === 'object' && product !== null && typeof product.id === 'string' && product.id !== '',
  );
  if (usable.length < products.length)
    console.error(
      `[storefront] ${component} products: ${products.length - usable.length} without an id left out (pass the catalogue's products as read)`,
    );
  return usable;
}

/** A whole number of products, or nothing (a count the server did not know). */
export const checkedTotal = (total: number | undefined) =>
  Number.isInteger(total) && (total as number) >= 0 ? total : undefined;

/** The grid's list for products a server read: its first page of the grid's query. */
function listOf(
  query: ProductListQuery,
  products: Array<Product & { id: string }>,
  total: number | undefined,
) {
  const ids = [...new Set(products.map((product) => product.id))];
  return {
    status: 'ready' as const,
    ids,
    total,
    // Counted: more while fewer are shown; uncounted: more after a full page.
    hasMore: total === undefined ? ids.length >= pageSizeOf(query) : ids.length < total,
    more: 'idle' as const,
    problem: null,
  };
}

/** The catalogue's slice with a server's products kept, and a grid's list or a product's read made of them. */
function sliceWith(
  slice: ProductsSlice,
  products: Array<Product & { id: string }>,
  target: { query: ProductListQuery; total: number | undefined } | { ref: ProductRef },
): ProductsSlice {
  const kept = { ...slice, ...withProducts(slice, products) };
  if ('ref' in target) {
    const id = products[0]?.id ?? null;
    return {
      ...kept,
      reads: {
        ...slice.reads,
        [readKey(target.ref)]: { status: id ? 'ready' : 'missing', id, problem: null },
      },
    };
  }
  return {
    ...kept,
    lists: { ...slice.lists, [listKey(target.query)]: listOf(target.query, products, target.total) },
  };
}

type Target = Parameters<typeof sliceWith>[2];

/** Whether the store has this grid's list or product's read already (a read of its own, or an earlier hand-over). */
function known(slice: ProductsSlice, target: Target): boolean {
  const entry = 'ref' in target ? slice.reads[readKey(target.ref)] : slice.lists[listKey(target.query)];
  return entry !== undefined && entry.status !== 'error';
}

/**
 * Puts a server's products in the client's store before the widget renders (a layout effect: before the
 * browser paints), unless the store has that grid or product already; true once done for this store.
 * The widget then renders from the store and its own read finds nothing to ask.
 */
export function useHandedOver(
  store: Storefront | undefined,
  products: Array<Product & { id: string }> | undefined,
  target: Target,
): boolean {
  /** What was handed over last: to which store, for which grid or product. */
  const [done, setDone] = useState<{ store: Storefront; key: string } | null>(null);
  const key = 'ref' in target ? readKey(target.ref) : listKey(target.query);
  // (`key` stands for the target; the products are those of the render that asked for the key.)
  useClientLayoutEffect(() => {
    if (!store || !products) return;
    if (!known(store.getState().products, target))
      store.setState((state) => ({ products: sliceWith(state.products, products, target) }));
    setDone({ store, key });
  }, [store, key]);
  return !products || (store !== undefined && done?.store === store && done.key === key);
}

/**
 * For a product page the server rendered: whether its own parts (gallery, description) have come, so that the
 * widget takes the server's place with them, not without them for a moment. (Come or failed: a page without
 * them still works.)
 */
export function usePagePartsFor(serverRendered: boolean): boolean {
  const [come, setCome] = useState(false);
  useEffect(() => {
    if (!serverRendered) return;
    let live = true;
    const done = () => live && setCome(true);
    loadPageParts().then(done, (error: unknown) => {
      console.error('[storefront]', error);
      done();
    });
    return () => {
      live = false;
    };
  }, [serverRendered]);
  return !serverRendered || come;
}

/**
 * A store for rendering a server's products on the server: their catalogue slice and nothing else. The views
 * only read it there (effects and handlers do not run on a server).
 */
export const serverStore = (products: Array<Product & { id: string }>, target: Target): Storefront =>
  createStore(() => ({
    products: sliceWith({ items: {}, slugs: {}, reads: {}, lists: {} }, products, target),
  })) as unknown as Storefront;

/** Each language's texts as its pack has them, once a server has loaded it (by the pack's code). */
const packs = new Map<string, ProductStrings>();
type PageParts = typeof PageModule;
/** A product page's own parts, once loaded on this server. */
let pageParts: PageParts | undefined;

const codeOf = (lang: string) => languageOf(LANGUAGE_PACKS, lang) ?? 'en';

/** A language's texts and (for a product page) the page's parts, kept for the server's life once here. */
const load = (lang: string, page: boolean) =>
  Promise.all([
    productPack(lang).then((t) => void packs.set(codeOf(lang), t)),
    page
      ? loadPageParts().then((parts) => {
          pageParts = parts;
        })
      : null,
  ]);

/**
 * Every language's texts and the product page's parts, loading as this module does on a server (from its
 * disk): ready before its first page, as a rule, so that no render has to wait for them. (`serverReady` in
 * `./react`: a server of the app's own may wait for it before its first render; in the browser it is settled.)
 */
export const serverTextsLoaded: Promise<void> = onServer()
  ? Promise.all(['en', ...Object.keys(LANGUAGE_PACKS)].map((lang) => load(lang, true))).then(
      () => {},
      () => {},
    )
  : Promise.resolve();

type Gate = ComponentType<{ render: () => ReactNode }>;
/** What renders once a language's texts (and page parts) are here, by language and page. */
const gates = new Map<string, Gate>();

/**
 * The product elements' texts in a language, with the provider's overrides, and a product page's own parts,
 * for a server's render inside the declarative shadow root. Had they not loaded yet (a render in the first
 * moments of a server), React waits for them as for a lazy component: a streaming render (Next.js, Remix,
 * `renderToPipeableStream`, `renderToReadableStream`, a static build) sends the page when they are here (a
 * boundary inside the shadow root would not do: React's streaming script cannot find it there).
 * `renderToString` cannot wait: a server that uses it awaits `serverReady` before its first render.
 */
export function ServerTexts({
  lang,
  strings,
  page,
  render,
}: {
  lang: string;
  strings: Record<string, string> | undefined;
  page: boolean;
  render: (t: ProductStrings) => ReactNode;
}): ReactNode {
  /** The markup, once the texts (and the page's parts) are here. */
  const markup = () =>
    withPageStyles(page, render(withProductOverrides(packs.get(codeOf(lang)) as ProductStrings, strings)));
  if (packs.has(codeOf(lang)) && (pageParts || !page)) return markup();
  const key = JSON.stringify([codeOf(lang), page]);
  let Later = gates.get(key);
  if (!Later) {
    Later = lazy(() =>
      load(lang, page).then(
        () => ({ default: ({ render: show }: { render: () => ReactNode }) => show() }),
        (error: unknown) => {
          // Not this page's failure: its element goes without the server's markup (the browser renders the
          // widget), and a later render tries again.
          console.error('[storefront] the product texts could not be loaded on the server:', error);
          gates.delete(key);
          return { default: () => null };
        },
      ),
    );
    gates.set(key, Later);
  }
  return createElement(Later, { render: markup });
}

/** A product page's markup with its parts' own styles (the widget adopts them as it renders, in the browser). */
const withPageStyles = (page: boolean, markup: ReactNode) =>
  page && pageParts
    ? createElement(
        Fragment,
        null,
        // biome-ignore lint/security/noDangerouslySetInnerHtml: no outside text, the package's own styles
        createElement('style', { dangerouslySetInnerHTML: { __html: pageParts.pageCss } }),
        markup,
      )
    : markup;
