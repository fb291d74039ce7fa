import type { Product } from '../api/types/products';
import type { ProductListQuery, StorefrontEvents, StorefrontState } from '../store/types';

/**
 * What the product elements tell the page's analytics, and nothing else (they are not the store's events: no
 * `Storefront.on`, no `sf:*` event): what the shopper saw and chose. A grid tells its cards each time they
 * change (its first page, a page more); the analytics tell each card of a grid's query once (`view_item_list`).
 */
export interface ProductSignals {
  /**
   * A grid's cards, all of them as they are now; `query` is the grid's own object for its query (the same one
   * while it asks the same: what makes it one list).
   */
  'product:listViewed': { query: ProductListQuery; productIds: string[] };
  /** A grid's card's link followed (to the product's page or its quick view): `index`, its place in the grid. */
  'product:selected': { query: ProductListQuery; index: number; product: Product };
  /** A product page shown (`layout="page"`), or a quick view opened: told once each. */
  'product:viewed': { product: Product };
}

/** Tells the page's analytics of a product signal (`AnalyticsTap`, typed for the product elements). */
export type ProductTell = <K extends keyof ProductSignals>(name: K, detail: ProductSignals[K]) => void;

/** What the analytics hear, with the store's state as it was when it was told. */
type Heard = StorefrontEvents & ProductSignals;

/** A store event (or a product signal) with the store's state as it was when it was announced. */
export type StoreEvent = {
  [K in keyof Heard]: { name: K; detail: Heard[K]; state: StorefrontState };
}[keyof Heard];

/** The analytics code (`./analytics.ts`): what it does with the store's events and the site's consent. */
export interface Analytics {
  /**
   * An event of the store or a product signal (`detail`, with the store's `state` then), or
   * `Storefront.consent(choice)` (`consent`: `{analytics: boolean, ads?: boolean}`, checked there).
   */
  hear(name: StoreEvent['name'] | 'consent', detail: unknown, state: StorefrontState): void;
}
