/**
 * Issue 37: the notice of an add (`data-open-cart-on-add="toast"`), on the real store and the in-process
 * sandbox, with the clock held (no sleeps): it shows the product and "Added to cart", goes after `TOAST_MS`,
 * stays while the pointer is over it or the focus in it, and "View cart" opens the drawer.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { addFrom } from '../../../src/host-add-to-cart';
import { showAdded, TOAST_MS } from '../../../src/widgets/toast/index';
import {
  AFTER_PAINT_MS,
  CHUNK_TIMEOUT_MS,
  holdClock,
  importChunks,
  releaseClock,
  sandboxStore,
  textOf,
} from '../../helpers/widget';

beforeAll(() => importChunks('textsEn', 'cartEdits', 'cartV1', 'hostAdd'), CHUNK_TIMEOUT_MS);

afterEach(async () => {
  await releaseClock();
});

const CONFIG = { lang: 'en', strings: {}, theme: 'dark' as const };

/** A store whose cart has the mug, and the notice's parts once it shows it. */
async function added() {
  const fx = sandboxStore();
  const id = fx.productId('stoneware-mug');
  await fx.store.getState().addToCart({ productId: id });
  return { ...fx, id };
}

const host = () => document.querySelector('sf-cart-toast') as HTMLElement;
const region = () => host().shadowRoot?.querySelector('[role="status"]') as HTMLElement;
const notice = () => host()?.shadowRoot?.querySelector('[part="toast"]') ?? null;
const button = (label: string) =>
  [...(notice()?.querySelectorAll('button') ?? [])].find(
    (b) => textOf(b) === label || b.getAttribute('aria-label') === label,
  ) as HTMLButtonElement;

describe('the notice of an add', () => {
  it('shows the product and "Added to cart" in a polite live region, and goes after a few seconds', async () => {
    const { store, id } = await added();
    holdClock();
    showAdded(store, CONFIG, id);
    await vi.waitFor(async () => {
      await vi.advanceTimersByTimeAsync(AFTER_PAINT_MS);
      expect(notice()).not.toBeNull();
    });
    expect(host().getAttribute('data-theme')).toBe('dark');
    expect(host().getAttribute('data-texts')).toBe('ltr');
    expect(textOf(notice()?.querySelector('p'))).toBe('Stoneware MugAdded to cart');
    // A status (polite), not a dialog: the focus stays on the page.
    expect(region().getAttribute('role')).toBe('status');
    expect(host().shadowRoot?.querySelector('dialog')).toBeNull();
    await vi.advanceTimersByTimeAsync(TOAST_MS - AFTER_PAINT_MS * 2);
    expect(notice()).not.toBeNull();
    await vi.advanceTimersByTimeAsync(AFTER_PAINT_MS * 3);
    expect(notice()).toBeNull();
    store.getState().destroy();
  });

  it('stays while the pointer is over it or the focus in it, and goes a while after they leave', async () => {
    const { store, id } = await added();
    holdClock();
    showAdded(store, CONFIG, id);
    await vi.waitFor(async () => {
      await vi.advanceTimersByTimeAsync(AFTER_PAINT_MS);
      expect(notice()).not.toBeNull();
    });
    region().dispatchEvent(new MouseEvent('mouseenter'));
    await vi.advanceTimersByTimeAsync(TOAST_MS * 3);
    expect(notice()).not.toBeNull();
    region().dispatchEvent(new MouseEvent('mouseleave'));
    // Focus moved into it (a keyboard user on "View cart") before the time ran out: it stays.
    await vi.advanceTimersByTimeAsync(TOAST_MS - AFTER_PAINT_MS * 2);
    button('View cart').focus();
    await vi.advanceTimersByTimeAsync(TOAST_MS * 3);
    expect(notice()).not.toBeNull();
    button('View cart').blur();
    await vi.advanceTimersByTimeAsync(TOAST_MS - AFTER_PAINT_MS * 2);
    expect(notice()).not.toBeNull();
    await vi.advanceTimersByTimeAsync(AFTER_PAINT_MS * 3);
    expect(notice()).toBeNull();
    store.getState().destroy();
  });

  it('"View cart" opens the drawer and the notice goes; a new add starts its time again', async () => {
    const { store, id } = await added();
    holdClock();
    showAdded(store, CONFIG, id);
    await vi.waitFor(async () => {
      await vi.advanceTimersByTimeAsync(AFTER_PAINT_MS);
      expect(notice()).not.toBeNull();
    });
    await vi.advanceTimersByTimeAsync(TOAST_MS - AFTER_PAINT_MS * 3);
    showAdded(store, CONFIG, id);
    await vi.advanceTimersByTimeAsync(TOAST_MS - AFTER_PAINT_MS * 3);
    expect(notice()).not.toBeNull();
    button('View cart').click();
    await vi.advanceTimersByTimeAsync(AFTER_PAINT_MS);
    expect(store.getState().ui.cartOpen).toBe(true);
    expect(notice()).toBeNull();
    // The drawer open: an add shows there, not in a notice.
    showAdded(store, CONFIG, id);
    await vi.advanceTimersByTimeAsync(AFTER_PAINT_MS);
    expect(notice()).toBeNull();
    store.getState().destroy();
  });

  it('is what a page’s add button shows with data-open-cart-on-add="toast", instead of opening the drawer', async () => {
    const { store, id } = await added();
    const add = document.createElement('button');
    add.setAttribute('data-sf-add-to-cart', id);
    document.body.append(add);
    await addFrom(add, store, {
      openCartOnAdd: false,
      toastOnAdd: true,
      lang: 'en',
      report: (message) => {
        throw new Error(message);
      },
    });
    expect(add.getAttribute('data-sf-state')).toBe('added');
    await vi.waitFor(() => expect(notice()).not.toBeNull());
    expect(store.getState().ui.cartOpen).toBe(false);
    add.remove();
    store.getState().destroy();
  });
});
