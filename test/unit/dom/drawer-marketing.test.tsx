/**
 * Issue 37, the marketer's cart: the drawer's free-shipping bar, cross-sell and note (their own chunk, with the
 * drawer), on the real store and the in-process sandbox (v1 and Cart V2).
 */
import { fireEvent } from '@testing-library/dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { EmbedConfig } from '../../../src/config';
import type { MarketingAttributes } from '../../../src/marketing';
import { CROSS_SELL_MAX } from '../../../src/widgets/cart-drawer/cross-sell';
import * as cartDrawer from '../../../src/widgets/cart-drawer/index';
import { NOTE_MAX } from '../../../src/widgets/cart-drawer/note';
import {
  CHUNK_TIMEOUT_MS,
  importChunks,
  type MountedWidget,
  mountWidget,
  settle,
  textOf,
  withinShadow,
} from '../../helpers/widget';

let fx: MountedWidget | undefined;
const pageElements: Element[] = [];

beforeAll(async () => {
  await importChunks(
    'textsEn',
    'textsDe',
    'langDe',
    'cartEdits',
    'cartV1',
    'cartV2',
    'cartV2Read',
    'productCalls',
  );
  await import('../../../src/widgets/cart-drawer/marketing');
}, CHUNK_TIMEOUT_MS);

afterEach(() => {
  fx?.cleanup();
  fx = undefined;
  for (const el of pageElements.splice(0)) el.remove();
  history.replaceState(null, '', location.pathname);
  vi.restoreAllMocks();
});

/** The drawer mounted with the script tag's marketing `data-*` (`data`, on the configuration as given) and the rest. */
function mount(data: MarketingAttributes, config: Partial<EmbedConfig> = {}): MountedWidget {
  fx = mountWidget(cartDrawer, {
    tag: 'sf-cart-drawer',
    config: { ...config, ...data },
    store: config.cartApi ? { cartApi: config.cartApi } : {},
  });
  return fx;
}

/** Adds products by slug (one each, or `quantity`), then opens the drawer and waits for its dialog. */
async function withCart(f: MountedWidget, slugs: string[], quantity = 1) {
  for (const slug of slugs) await f.store.getState().addToCart({ productId: f.productId(slug), quantity });
  f.store.getState().openCart();
  return withinShadow(f.root).findByRole('dialog');
}

const part = (f: MountedWidget, name: string) => f.root.querySelector<HTMLElement>(`[part="${name}"]`);

describe('the free-shipping bar (data-free-shipping-over)', () => {
  /** The bar's progress bar, its line and its live region, once shown. */
  async function bar(f: MountedWidget) {
    const el = await vi.waitFor(() => {
      const found = part(f, 'free-shipping');
      if (!found) throw new Error('no bar yet');
      return found;
    });
    return {
      meter: el.querySelector('[role="progressbar"]') as HTMLElement,
      line: () => textOf(el.querySelector('.free-shipping-line')),
      live: el.querySelector('[aria-live="polite"]') as HTMLElement,
    };
  }

  it('counts down to the amount in the cart’s currency, and says the line only when it changes', async () => {
    const f = mount({ freeShippingOver: '50' });
    await withCart(f, ['stoneware-mug']);
    const { meter, line, live } = await bar(f);
    expect(meter.getAttribute('aria-valuemax')).toBe('50');
    await vi.waitFor(() => expect(meter.getAttribute('aria-valuenow')).toBe('18'));
    expect(meter.getAttribute('aria-label')).toBe('Free shipping');
    expect(line()).toBe('$32.00 away from free shipping');
    expect(meter.getAttribute('aria-valuetext')).toBe(line());
    // Opening says nothing of its own (the dialog is heard): the live region is empty.
    expect(textOf(live)).toBe('');

    const changes: MutationRecord[] = [];
    const watcher = new MutationObserver((records) => changes.push(...records));
    watcher.observe(live, { childList: true, characterData: true, subtree: true });
    const lineId = f.store.getState().cart.cart?.lineItems?.[0]?.id as string;
    await f.store.getState().setQuantity(lineId, 3);
    await vi.waitFor(() => expect(line()).toBe('You get free shipping'));
    await vi.waitFor(() => expect(textOf(live)).toBe('You get free shipping'));
    expect(meter.getAttribute('aria-valuenow')).toBe('50');
    const said = changes.length;
    expect(said).toBeGreaterThan(0);
    // The same figure again (another estimate, the same cart): nothing more is said.
    await f.store.getState().estimate();
    await settle();
    await settle();
    expect(changes.length).toBe(said);
    watcher.disconnect();
  });

  it('is German on a German page, the amount the German way', async () => {
    const f = mount({ freeShippingOver: '50' }, { lang: 'de' });
    await withCart(f, ['stoneware-mug']);
    const { line } = await bar(f);
    await vi.waitFor(() => expect(line()).toBe('Noch 32,00 $ bis zum kostenlosen Versand'));
    expect(part(f, 'free-shipping')?.querySelector('[role="progressbar"]')?.getAttribute('aria-label')).toBe(
      'Kostenloser Versand',
    );
  });

  it('counts the subtotal after a coupon’s discount', async () => {
    const f = mount({ freeShippingOver: '100' });
    await withCart(f, ['leather-wallet']);
    const { line } = await bar(f);
    const usd = (n: number) => new Intl.NumberFormat('en', { style: 'currency', currency: 'USD' }).format(n);
    const price = Number(f.store.getState().cart.cart?.lineItems?.[0]?.lineItemPrice?.amount);
    await vi.waitFor(() => expect(line()).toBe(`${usd(100 - price)} away from free shipping`));
    expect(await f.store.getState().applyCoupon('SAVE10')).toBe(true);
    await vi.waitFor(() =>
      expect(Number(f.store.getState().cart.totals?.priceSummary?.discount?.amount)).toBeGreaterThan(0),
    );
    const { subtotal, discount } = f.store.getState().cart.totals?.priceSummary ?? {};
    const after = Number(subtotal?.amount) - Number(discount?.amount);
    expect(after).toBeLessThan(price);
    await vi.waitFor(() => expect(line()).toBe(`${usd(100 - after)} away from free shipping`));
  });

  it('is a clear console error and no bar for an amount that is not a positive number', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    for (const given of ['abc', '0', '-5', '50$']) {
      const f = mount({ freeShippingOver: given, cartNote: '' });
      await withCart(f, ['stoneware-mug']);
      // The parts' chunk is there (the note shows): the bar is not.
      await vi.waitFor(() => expect(part(f, 'note')).not.toBeNull());
      expect(part(f, 'free-shipping')).toBeNull();
      expect(error).toHaveBeenCalledWith(
        `[storefront] data-free-shipping-over "${given}" is not a positive amount such as 50: no free-shipping bar`,
      );
      fx?.cleanup();
      fx = undefined;
    }
  });
});

describe('the cross-sell (data-cross-sell)', () => {
  /** The products offered, by name, once the cross-sell shows. */
  const offered = (f: MountedWidget) =>
    [...(part(f, 'cross-sell')?.querySelectorAll('.offer-name bdi') ?? [])].map((el) => textOf(el));
  const catalogueReads = (f: MountedWidget) => f.requestsTo('/products/query-platformized', 'GET').length;

  it('offers at most four of the collection’s products, in stock and not in the cart, with one catalogue read', async () => {
    const f = mount({ crossSell: 'all-products' });
    await withCart(f, ['stoneware-mug']);
    await vi.waitFor(() => expect(offered(f).length).toBe(CROSS_SELL_MAX));
    const names = offered(f);
    expect(names).not.toContain('Stoneware Mug');
    // The canvas tote is sold out; products with options are offered only where a quick view can show them.
    expect(names).not.toContain('Canvas Tote');
    expect(names).not.toContain('Wool Beanie');
    const section = part(f, 'cross-sell') as HTMLElement;
    expect(textOf(section.querySelector('h3'))).toBe('You may also like');
    expect(section.querySelector('.offer .muted')?.textContent).toMatch(/^\$\d+\.\d\d$/);
    expect(catalogueReads(f)).toBe(1);

    // Closed and opened again: the catalogue is not asked again.
    f.store.getState().closeCart();
    await vi.waitFor(() => expect(part(f, 'cross-sell')).toBeNull());
    f.store.getState().openCart();
    await vi.waitFor(() => expect(offered(f).length).toBe(CROSS_SELL_MAX));
    expect(catalogueReads(f)).toBe(1);
  });

  it('shows a product on sale with its regular price struck through before the price, as the cart’s line does', async () => {
    const f = mount({ crossSell: 'accessories' });
    await withCart(f, ['stoneware-mug']);
    await vi.waitFor(() => expect(offered(f)).toContain('Bifold Leather Wallet'));
    const offer = [...(part(f, 'cross-sell')?.querySelectorAll('.offer') ?? [])].find((el) =>
      textOf(el.querySelector('bdi')).includes('Wallet'),
    ) as HTMLElement;
    // $55 less $10: the regular price struck, said to be the regular one, then the price.
    expect(textOf(offer.querySelector('s'))).toBe('$55.00');
    expect(textOf(offer.querySelector('.muted'))).toBe('Regular price $55.00 $45.00');
    // A product at its regular price has one price, nothing struck.
    const regular = [...(part(f, 'cross-sell')?.querySelectorAll('.offer') ?? [])].find(
      (el) => el !== offer,
    ) as HTMLElement;
    expect(regular.querySelector('s')).toBeNull();
  });

  it('adds a product with its Add: it leaves the offer, and the section goes once none is left', async () => {
    const f = mount({ crossSell: 'home-goods' });
    await withCart(f, ['stoneware-mug']);
    // Home goods: the mug (in the cart), the candle (options, no quick view on the page) and the plant.
    await vi.waitFor(() => expect(offered(f)).toEqual(['Pothos in a Ceramic Pot']));
    const add = part(f, 'cross-sell')?.querySelector('button') as HTMLButtonElement;
    expect(add.getAttribute('aria-label')).toBe('Add Pothos in a Ceramic Pot to the cart');
    expect(textOf(add)).toBe('Add');
    add.click();
    await vi.waitFor(() =>
      expect(f.store.getState().cart.cart?.lineItems?.map((l) => l.productName?.original)).toContain(
        'Pothos in a Ceramic Pot',
      ),
    );
    await vi.waitFor(() => expect(part(f, 'cross-sell')).toBeNull());
  });

  it('opens the quick view of a product with options, as a grid’s quick-view link does', async () => {
    const f = mount({ crossSell: 'home-goods' });
    // A grid of the page with quick views that shows the home goods (its list read as the grid reads it).
    const grid = document.createElement('sf-product-grid');
    grid.setAttribute('collection', 'home-goods');
    grid.setAttribute('link', 'quick-view');
    document.body.append(grid);
    pageElements.push(grid);
    await f.store.getState().loadProducts({ collection: 'home-goods' });
    await withCart(f, ['stoneware-mug']);
    await vi.waitFor(() => expect(offered(f)).toEqual(['Soy Wax Candle', 'Pothos in a Ceramic Pot']));
    const choose = part(f, 'cross-sell')?.querySelector('button') as HTMLButtonElement;
    expect(choose.getAttribute('aria-label')).toBe('Add Soy Wax Candle: choose its options first');
    expect(choose.getAttribute('aria-haspopup')).toBe('dialog');
    const lines = f.store.getState().cart.count;
    choose.click();
    expect(location.hash).toBe('#sf-product=soy-candle');
    await settle();
    expect(f.store.getState().cart.count).toBe(lines);
  });

  it('is not there for a collection the catalogue does not have, nor for a bad slug', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const f = mount({ crossSell: 'no-such-collection', cartNote: '' });
    await withCart(f, ['stoneware-mug']);
    await vi.waitFor(() => expect(part(f, 'note')).not.toBeNull());
    await vi.waitFor(() => expect(f.store.getState().products.lists).not.toEqual({}));
    await settle();
    expect(part(f, 'cross-sell')).toBeNull();
    fx?.cleanup();
    const g = mount({ crossSell: '<summer>', cartNote: '' });
    await withCart(g, ['stoneware-mug']);
    await vi.waitFor(() => expect(part(g, 'note')).not.toBeNull());
    expect(part(g, 'cross-sell')).toBeNull();
    expect(error).toHaveBeenCalledWith(
      '[storefront] data-cross-sell "<summer>" is not a collection\'s slug such as summer: no cross-sell',
    );
  });
});

describe('the note (data-cart-note)', () => {
  /** The note's disclosure opened, its field and its Save. */
  async function note(f: MountedWidget) {
    const details = await vi.waitFor(() => {
      const found = part(f, 'note') as HTMLDetailsElement | null;
      if (!found) throw new Error('no note yet');
      return found;
    });
    details.open = true;
    const field = details.querySelector('textarea') as HTMLTextAreaElement;
    const save = [...details.querySelectorAll('button')].find(
      (b) => textOf(b) === 'Save note',
    ) as HTMLElement;
    return { details, field, save };
  }
  const typeNote = (field: HTMLTextAreaElement, text: string) => {
    field.focus();
    fireEvent.input(field, { target: { value: text } });
  };

  it('is a labelled field in an "Add a note" disclosure, saved on leaving it, and there again after a reload', async () => {
    const f = mount({ cartNote: '' });
    await withCart(f, ['stoneware-mug']);
    const { details, field } = await note(f);
    expect(textOf(details.querySelector('summary'))).toBe('Add a note');
    expect(f.root.querySelector(`label[for="${field.id}"]`)?.textContent).toBe('Note for the shop');
    expect(field.maxLength).toBe(NOTE_MAX);
    typeNote(field, 'Gift wrap, please');
    await settle();
    expect(f.requestsTo('/ecom/v1/carts/current', 'PATCH')).toHaveLength(0);
    field.blur();
    await vi.waitFor(() => expect(textOf(details.querySelector('[role="status"]'))).toBe('Note saved'));
    expect(f.requestsTo('/ecom/v1/carts/current', 'PATCH').map((r) => r.body)).toEqual([
      { cartInfo: { buyerNote: 'Gift wrap, please' } },
    ]);
    // The same text again (Save after leaving the field): nothing more is sent.
    (details.querySelector('button.secondary') as HTMLElement).click();
    await settle();
    expect(f.requestsTo('/ecom/v1/carts/current', 'PATCH')).toHaveLength(1);

    // A reload: the cart read again from the platform, the drawer opened again: the note is there, open.
    f.store.getState().closeCart();
    await vi.waitFor(() => expect(part(f, 'note')).toBeNull());
    await f.store.getState().loadCart();
    expect(f.store.getState().cart.cart?.buyerNote).toBe('Gift wrap, please');
    f.store.getState().openCart();
    const again = await note(f);
    expect(again.field.value).toBe('Gift wrap, please');
  });

  it('is saved by Save, on Cart V2 as the cart’s note, and a reload shows it', async () => {
    const f = mount({ cartNote: 'true' }, { cartApi: 'v2' });
    await withCart(f, ['stoneware-mug']);
    const { field, save, details } = await note(f);
    typeNote(field, 'Leave at the door');
    save.click();
    await vi.waitFor(() => expect(textOf(details.querySelector('[role="status"]'))).toBe('Note saved'));
    expect(f.requestsTo('/ecom/v2/carts/current', 'PATCH').map((r) => r.body)).toEqual([
      { cart: { note: 'Leave at the door' } },
    ]);
    expect(f.store.getState().cart.cart?.buyerNote).toBe('Leave at the door');
    // Read again (as a reload reads it): the platform kept it, and the field shows it.
    f.store.getState().closeCart();
    await f.store.getState().loadCart();
    f.store.getState().openCart();
    const again = await note(f);
    expect(again.field.value).toBe('Leave at the door');
    expect(again.details.hasAttribute('open')).toBe(true);
  });

  it('counts what is left near the 1,000 characters, and takes no more', async () => {
    const f = mount({ cartNote: '' });
    await withCart(f, ['stoneware-mug']);
    const { field, details } = await note(f);
    typeNote(field, 'x'.repeat(899));
    await settle();
    expect(details.querySelector('.note-row .muted')?.textContent).toBe('');
    typeNote(field, 'x'.repeat(990));
    await vi.waitFor(() => expect(textOf(details.querySelector('.note-row p'))).toBe('10 characters left'));
    expect(field.getAttribute('aria-describedby')).toBe(details.querySelector('.note-row p')?.id);
    typeNote(field, 'x'.repeat(1200));
    await vi.waitFor(() => expect(textOf(details.querySelector('.note-row p'))).toBe('0 characters left'));
    expect(field.value).toHaveLength(NOTE_MAX);
  });

  it('renders a hostile note as text, and keeps the text with a message when the save fails', async () => {
    const f = mount({ cartNote: '' });
    await withCart(f, ['stoneware-mug']);
    const hostile = '<img src=x onerror=alert(1)>';
    const { field, save, details } = await note(f);
    const stop = f.intercept((request) =>
      request.method === 'PATCH' ? Response.json({ message: 'down' }, { status: 500 }) : undefined,
    );
    typeNote(field, hostile);
    save.click();
    await vi.waitFor(() => expect(details.querySelector('[role="alert"]')).not.toBeNull());
    expect(textOf(details.querySelector('[role="alert"] p'))).toMatch(/^Your note could not be saved\./);
    expect(field.value).toBe(hostile);
    stop();
    save.click();
    await vi.waitFor(() => expect(f.store.getState().cart.cart?.buyerNote).toBe(hostile));
    expect(f.root.querySelector('img[src="x"]')).toBeNull();
    expect(field.value).toBe(hostile);
  });
});
