/**
 * Issue 37: the product elements' signals as GA4's `view_item_list`, `select_item` and `view_item` (with Meta's
 * `ViewContent`): the exact events, their value, Google's 200-item limit, the list's fields, and each card of a
 * grid's list told once however often the grid tells its cards.
 */
import { describe, expect, it } from 'vitest';
import { analyticsOf, listOf, type Memory, productItem } from '../../../src/analytics/events';
import type { StoreEvent } from '../../../src/analytics/types';
import type { Product } from '../../../src/api/types/products';
import type { ProductListQuery, StorefrontState } from '../../../src/store/types';

/** A catalogue product as the store keeps it: its price, and a sale price below it when `sale` is given. */
function product(id: string, price: number, more: Partial<Product> & { sale?: number } = {}): Product {
  const { sale, ...rest } = more;
  return {
    id,
    name: `Product ${id}`,
    priceData: { currency: 'USD', price, discountedPrice: sale ?? price },
    ...rest,
  };
}

const mug = product('mug', 18, { brand: 'Kiln & Co.' });
const tee = product('tee', 25, { sale: 20 });
const cap = product('cap', 12.5);

/** The store's state with these products (only what the events read of it). */
const stateWith = (...products: Product[]) =>
  ({ products: { items: Object.fromEntries(products.map((p) => [p.id, p])) } }) as unknown as StorefrontState;

const memory = (): Memory => ({
  viewCart: false,
  registered: false,
  checkouts: { save() {}, take: () => undefined },
  lists: new WeakMap(),
});

/** A grid telling its cards as they are now (`product:listViewed`), with the store holding `known`. */
const listed = (query: ProductListQuery, ids: string[], known: Product[]): StoreEvent => ({
  name: 'product:listViewed',
  detail: { query, productIds: ids },
  state: stateWith(...known),
});

describe('the product signals as GA4 and Meta events', () => {
  it('view_item_list: the cards, each with its place, price, sale and list; the value is their sum', () => {
    const summer = { collection: 'summer', sort: 'price-asc' as const, pageSize: 4 };
    const events = analyticsOf(listed(summer, ['mug', 'tee', 'cap'], [mug, tee, cap]), memory());
    const list = { item_list_id: 'summer', item_list_name: 'summer (price-asc)' };
    expect(events).toEqual([
      {
        name: 'view_item_list',
        ga4: {
          event: 'view_item_list',
          ecommerce: {
            currency: 'USD',
            value: 50.5,
            ...list,
            items: [
              {
                item_id: 'mug',
                item_name: 'Product mug',
                item_brand: 'Kiln & Co.',
                price: 18,
                quantity: 1,
                index: 0,
                ...list,
              },
              {
                item_id: 'tee',
                item_name: 'Product tee',
                price: 20,
                discount: 5,
                quantity: 1,
                index: 1,
                ...list,
              },
              { item_id: 'cap', item_name: 'Product cap', price: 12.5, quantity: 1, index: 2, ...list },
            ],
          },
        },
        meta: null,
      },
    ]);
  });

  it('tells each card of a grid’s list once: a render, StrictMode’s second effect or a page more adds only the new', () => {
    const remembered = memory();
    const query = { pageSize: 2 };
    expect(analyticsOf(listed(query, ['mug', 'tee'], [mug, tee]), remembered)).toHaveLength(1);
    // The same cards told again (the effect's second run, another render): nothing.
    expect(analyticsOf(listed(query, ['mug', 'tee'], [mug, tee]), remembered)).toEqual([]);
    // "Load more": the new card only, at its place in the grid.
    const more = analyticsOf(listed(query, ['mug', 'tee', 'cap'], [mug, tee, cap]), remembered);
    expect(more.map((event) => event.ga4.ecommerce?.items)).toEqual([
      [
        {
          item_id: 'cap',
          item_name: 'Product cap',
          price: 12.5,
          quantity: 1,
          index: 2,
          item_list_id: 'all',
          item_list_name: 'all',
        },
      ],
    ]);
    expect(more[0]?.ga4.ecommerce?.value).toBe(12.5);
    // Another grid's query (another object, even asking the same): another list, from its first card.
    const again = analyticsOf(listed({ pageSize: 2 }, ['mug', 'tee'], [mug, tee]), remembered);
    expect(again[0]?.ga4.ecommerce?.items.map((item) => item.index)).toEqual([0, 1]);
    // A grid with no card yet (its first page on its way): nothing, and its first page is still told.
    const waiting = { collection: 'winter' };
    expect(analyticsOf(listed(waiting, [], []), remembered)).toEqual([]);
    expect(analyticsOf(listed(waiting, ['cap'], [cap]), remembered)).toHaveLength(1);
  });

  it('sends at most 200 items an event, valued at the items sent', () => {
    const many = Array.from({ length: 250 }, (_, i) => product(`p${i}`, 1));
    const [event] = analyticsOf(
      listed(
        { collection: 'bulk' },
        many.map((p) => p.id as string),
        many,
      ),
      memory(),
    );
    expect(event?.ga4.ecommerce?.items).toHaveLength(200);
    expect(event?.ga4.ecommerce?.items.at(-1)?.index).toBe(199);
    expect(event?.ga4.ecommerce?.value).toBe(200);
  });

  it('leaves out a card the store does not have, keeping the others’ places', () => {
    const [event] = analyticsOf(listed({}, ['mug', 'gone', 'cap'], [mug, cap]), memory());
    expect(event?.ga4.ecommerce?.items.map((item) => [item.item_id, item.index])).toEqual([
      ['mug', 0],
      ['cap', 2],
    ]);
    expect(event?.ga4.ecommerce?.value).toBe(30.5);
  });

  it('select_item: the card chosen, at its place in its grid’s list; no Meta event', () => {
    const events = analyticsOf(
      {
        name: 'product:selected',
        detail: { query: { collection: 'summer' }, index: 3, product: tee },
        state: stateWith(),
      },
      memory(),
    );
    const list = { item_list_id: 'summer', item_list_name: 'summer' };
    expect(events).toEqual([
      {
        name: 'select_item',
        ga4: {
          event: 'select_item',
          ecommerce: {
            currency: 'USD',
            value: 20,
            ...list,
            items: [
              {
                item_id: 'tee',
                item_name: 'Product tee',
                price: 20,
                discount: 5,
                quantity: 1,
                index: 3,
                ...list,
              },
            ],
          },
        },
        meta: null,
      },
    ]);
  });

  it('view_item with Meta’s ViewContent: one of the product, at its price now', () => {
    const events = analyticsOf(
      { name: 'product:viewed', detail: { product: mug }, state: stateWith() },
      memory(),
    );
    expect(events).toEqual([
      {
        name: 'view_item',
        ga4: {
          event: 'view_item',
          ecommerce: {
            currency: 'USD',
            value: 18,
            items: [
              { item_id: 'mug', item_name: 'Product mug', item_brand: 'Kiln & Co.', price: 18, quantity: 1 },
            ],
          },
        },
        meta: {
          event: 'ViewContent',
          params: {
            content_ids: ['mug'],
            contents: [{ id: 'mug', quantity: 1 }],
            content_type: 'product',
            currency: 'USD',
            value: 18,
          },
        },
      },
    ]);
  });

  it('names a grid’s list by its collection (all for every product) and its order', () => {
    expect(listOf({})).toEqual({ item_list_id: 'all', item_list_name: 'all' });
    expect(listOf({ sort: 'newest', pageSize: 8 })).toEqual({
      item_list_id: 'all',
      item_list_name: 'all (newest)',
    });
    expect(listOf({ collection: 'summer' })).toEqual({ item_list_id: 'summer', item_list_name: 'summer' });
  });

  it('reads the catalogue’s figures as outside data: a price that is no number is 0, a currency no code none', () => {
    const odd = {
      id: 'odd',
      priceData: { currency: 'dollars', price: Number.NaN, discountedPrice: -3 },
    } as Product;
    expect(productItem(odd)).toEqual({ item_id: 'odd', item_name: '', price: 0, quantity: 1 });
    const events = analyticsOf(
      { name: 'product:viewed', detail: { product: odd }, state: stateWith() },
      memory(),
    );
    expect(events[0]?.ga4.ecommerce).toMatchObject({ currency: '', value: 0 });
    // A sale price above the full price is the price paid, with no discount.
    expect(productItem(product('up', 10, { sale: 12 }))).toEqual({
      item_id: 'up',
      item_name: 'Product up',
      price: 12,
      quantity: 1,
    });
  });
});
