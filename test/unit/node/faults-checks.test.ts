import { describe, expect, it } from 'vitest';
import {
  type AddRecord,
  boundsOf,
  catalogueOf,
  compareTab,
  type ServerCart,
  type SetRecord,
} from '../../../scripts/faults/checks';
import type { TabView } from '../../../scripts/faults/page';
import type { Product } from '../../../src/api/types/products';
import english from '../../../src/i18n/en';

/** The drawer's texts in English. */
const en = english.drawer;

const MUG = 'mug/v';
const add = (quantity: number, start: number, end: number, result?: boolean, key = MUG): AddRecord => ({
  op: 0,
  tab: 0,
  how: 'api',
  key,
  quantity,
  start,
  end,
  ...(result === undefined ? {} : { result }),
});
const set = (quantity: number, start: number, end: number, status?: number, key: string | undefined = MUG) =>
  ({ tab: 0, key, lineId: 'line', quantity, start, end, ...(status ? { status } : {}) }) as SetRecord;

describe('the fault suite’s bounds on what the server’s cart holds', () => {
  it('adds alone: every reported add at least, every add asked for at most (a failed one may have arrived)', () => {
    expect(
      boundsOf(MUG, Infinity, [add(1, 0, 10, true), add(2, 5, 20, true), add(3, 6, 30, false)], []),
    ).toEqual({
      least: 3,
      most: 6,
    });
  });

  it('an add none of whose calls can have arrived counts for neither', () => {
    const refused = { ...add(5, 0, 10, false), mayHaveArrived: false };
    expect(boundsOf(MUG, Infinity, [add(1, 0, 10, true), refused], [])).toEqual({ least: 1, most: 1 });
  });

  it('an add asked for after every set settled counts for sure; one before or during a set does not', () => {
    const adds = [add(1, 0, 10, true), add(2, 15, 40, true), add(4, 31, 50, true)];
    // The set to 1 was sent at 20 and settled at 30: the first add came before it, the second may have.
    expect(boundsOf(MUG, Infinity, adds, [set(1, 20, 30, 200)])).toEqual({
      least: 4,
      most: Math.max(7, 1 + 2 + 4),
    });
  });

  it('a set answered with an error changed nothing; one with no answer may have', () => {
    const adds = [add(2, 25, 40, true)];
    expect(boundsOf(MUG, Infinity, adds, [set(0, 10, 20, 503)])).toEqual({ least: 2, most: 2 });
    expect(boundsOf(MUG, Infinity, adds, [set(9, 10, Infinity)])).toEqual({ least: 0, most: 11 });
  });

  it('a removal then adds: at most what was added after it; a set of a line no answer named counts for all', () => {
    const adds = [add(3, 0, 10, true), add(1, 30, 40, true)];
    expect(boundsOf(MUG, Infinity, adds, [set(0, 15, 20, 200)])).toEqual({ least: 1, most: 4 });
    expect(boundsOf(MUG, Infinity, adds, [set(0, 15, 20, 200, undefined)])).toEqual({ least: 1, most: 4 });
    expect(boundsOf(MUG, Infinity, adds, [set(0, 15, 20, 200, 'other/v')])).toEqual({ least: 4, most: 4 });
  });

  it('holds no more than the stock for sure', () => {
    expect(boundsOf(MUG, 5, [add(3, 0, 10, true), add(3, 1, 12, true)], [])).toEqual({ least: 5, most: 6 });
  });
});

const products: Product[] = [
  {
    id: 'tee',
    name: 'Tee',
    productOptions: [{ name: 'Size', choices: [] }],
    variants: [
      { id: 's', choices: { Size: 'Small' }, stock: { trackQuantity: true, quantity: 4 } },
      { id: 'm', choices: { Size: 'Medium' }, stock: { trackQuantity: false, inStock: true } },
    ],
  },
  { id: 'mug', name: 'Mug', variants: [{ id: 'v', choices: {} }] },
];

describe('the fault suite’s catalogue', () => {
  const catalogue = catalogueOf(products);
  it('names a line’s variant by id, by choices, by the only one, or by the drawer’s words', () => {
    expect(catalogue.resolve('tee', { variantId: 'm' })?.key).toBe('tee/m');
    expect(catalogue.resolve('tee', { options: { Size: 'Small' } })?.key).toBe('tee/s');
    expect(catalogue.resolve('tee', null)).toBeUndefined();
    expect(catalogue.resolve('mug', null)?.key).toBe('mug/v');
    expect(catalogue.byName('Tee', ['Size: Medium'])?.key).toBe('tee/m');
    expect(catalogue.byName('Mug', [])?.label).toBe('Mug');
    expect(catalogue.variants.map((v) => [v.label, v.stock])).toEqual([
      ['Tee (Small)', 4],
      ['Tee (Medium)', Infinity],
      ['Mug', Infinity],
    ]);
  });
});

const NOTHING = { silent: [], flagged: [], counts: { silent: 0, flagged: 0 } };

describe('the fault suite’s comparison of a tab with the server', () => {
  const catalogue = catalogueOf(products);
  const server: ServerCart = { lines: new Map([[MUG, 2]]), count: 2, coupon: 'SAVE10' };
  const view = (changes: Partial<TabView> = {}): TabView => ({
    loaded: true,
    store: { count: 2, lines: [{ productId: 'mug', options: null, quantity: 2 }], coupon: 'SAVE10' },
    header: { text: '2', status: 'ready' },
    drawer: {
      lines: [{ name: 'Mug', choices: [], quantity: 2 }],
      loading: false,
      banner: null,
      coupon: 'SAVE10',
      couponError: null,
    },
    ...changes,
  });

  it('finds nothing when the tab shows the server’s cart', () => {
    expect(compareTab(catalogue, view(), server)).toEqual(NOTHING);
  });

  it('a stale cart shown as ready is silent; under the cart’s error it is flagged', () => {
    const stale = { count: 1, lines: [{ productId: 'mug', options: null, quantity: 1 }], coupon: 'SAVE10' };
    const drawer = view().drawer as NonNullable<TabView['drawer']>;
    const staleDrawer = { ...drawer, lines: [{ name: 'Mug', choices: [], quantity: 1 }] };
    const header = { text: '1', status: 'ready' };
    // One stale line, seen four ways, is one difference.
    expect(compareTab(catalogue, view({ store: stale, drawer: staleDrawer, header }), server)).toEqual({
      silent: [
        'store: Mug shown 1, server 2',
        'store count 1, server 2',
        'page\'s count "1", server 2',
        'drawer: Mug shown 1, server 2',
      ],
      flagged: [],
      counts: { silent: 1, flagged: 0 },
    });
    const flagged = compareTab(
      catalogue,
      view({ store: stale, header: { text: '2', status: 'error' } }),
      server,
    );
    expect([flagged.silent, flagged.flagged.length]).toEqual([[], 2]);
    // A banner about something else (an add refused for its stock) says nothing about the rest of the cart.
    const refusal = { ...drawer, banner: `${en.addFailed} "Tote" is out of stockDismiss` };
    expect(compareTab(catalogue, view({ store: stale, drawer: refusal }), server).silent).toHaveLength(2);
    const unreachable = { ...drawer, banner: `${en.networkError}Try againDismiss` };
    expect(compareTab(catalogue, view({ store: stale, drawer: unreachable }), server).flagged).toHaveLength(
      2,
    );
  });

  it('compares the drawer’s lines, a refused typed quantity by presence, and its coupon', () => {
    const drawer = view().drawer as NonNullable<TabView['drawer']>;
    const typed = { ...drawer, lines: [{ name: 'Mug', choices: [], quantity: 0, invalid: true }] };
    expect(compareTab(catalogue, view({ drawer: typed }), server)).toEqual(NOTHING);
    const extra = {
      ...drawer,
      lines: [...drawer.lines, { name: 'Tee', choices: ['Size: Small'], quantity: 1 }],
    };
    expect(compareTab(catalogue, view({ drawer: extra }), server).silent).toEqual([
      'drawer: Tee (Small) shown 1, server 0',
    ]);
    const refused = {
      ...drawer,
      coupon: null,
      couponError: 'The coupon could not be applied. No such coupon',
    };
    expect(compareTab(catalogue, view({ drawer: refused }), server).silent).toEqual([
      'drawer coupon none, server SAVE10',
    ]);
    const noCoupon = { ...drawer, coupon: null, couponError: en.networkError };
    expect(compareTab(catalogue, view({ drawer: noCoupon }), server)).toEqual({
      silent: [],
      flagged: ['drawer coupon none, server SAVE10'],
      counts: { silent: 0, flagged: 1 },
    });
  });
});
