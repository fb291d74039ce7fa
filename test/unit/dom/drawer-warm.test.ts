/**
 * The drawer's fonts readied while the page is idle (`warmFonts`, `src/widgets/cart-drawer/warm.ts`): a hidden
 * probe of the drawer's elements in its styles, laid out one element an idle callback, the texts as text, gone
 * when done or when the drawer opens first. (What it is for, the first open's time, `npm run bench` measures.)
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import en from '../../../src/i18n/en';
import * as drawer from '../../../src/widgets/cart-drawer/index';
import { warmFonts } from '../../../src/widgets/cart-drawer/warm';
import { CHUNK_TIMEOUT_MS, importChunks, sandboxStore } from '../../helpers/widget';

beforeAll(() => importChunks('textsEn', 'textsDe', 'langDe'), CHUNK_TIMEOUT_MS);

/** The page's idle callbacks, held: the test runs them one at a time. */
const idle: Array<() => void> = [];
const original = window.requestIdleCallback;
window.requestIdleCallback = ((callback: () => void) => idle.push(callback)) as typeof requestIdleCallback;
afterEach(() => {
  idle.length = 0;
  document.body.innerHTML = '';
});
afterAll(() => {
  window.requestIdleCallback = original;
});

/** A store whose drawer stays closed (all the probe reads of it). */
const closedStore = { getState: () => ({ ui: { cartOpen: false } }) } as never;

/** Runs the next idle callback. */
const next = () => (idle.shift() as () => void)();

/** The probe on the page, if there is one: a hidden element whose shadow root has the drawer's elements. */
const probe = () =>
  [...document.body.children].find((el) => el.shadowRoot?.querySelector('.drawer')) as
    | HTMLElement
    | undefined;

/** The probe's elements with a text, and those of them laid out (shown). */
const leaves = () =>
  [...(probe()?.shadowRoot?.querySelectorAll<HTMLElement>('.drawer *') ?? [])].filter(
    (el) => !el.children.length && el.tagName !== 'INPUT',
  );
const shown = () => leaves().filter((el) => el.style.display !== 'none');

describe('the drawer’s fonts, readied while the page is idle', () => {
  it('lays the drawer’s elements out unseen in its styles, one an idle callback, and leaves nothing behind', () => {
    const css = drawer.css;
    warmFonts(document, en.drawer, css, closedStore);
    // Nothing on the page until the page is idle.
    expect(probe()).toBeUndefined();
    next();
    const host = probe() as HTMLElement;
    expect(host.localName).toBe('sf-drawer-fonts');
    // Hidden over a site's own `!important`, and out of reach of the keyboard and of screen readers.
    expect(host.style.visibility).toBe('hidden');
    expect(host.style.getPropertyPriority('visibility')).toBe('important');
    expect(host.style.position).toBe('fixed');
    expect(host.inert).toBe(true);
    expect(host.getAttribute('aria-hidden')).toBe('true');
    // In the drawer's own styles.
    const sheets = host.shadowRoot?.adoptedStyleSheets ?? [];
    expect(sheets).toHaveLength(1);
    expect(sheets[0]?.cssRules.length).toBeGreaterThan(50);
    const count = leaves().length;
    expect(count).toBeGreaterThanOrEqual(8);
    expect(shown()).toHaveLength(1);
    for (let i = 1; i < count; i++) {
      next();
      expect(shown()).toHaveLength(i + 1);
    }
    // Each text in the page's language.
    for (const el of leaves())
      expect(el.textContent).toContain(`${en.drawer.cartTitle} ${en.drawer.checkout}`);
    next();
    expect(probe()).toBeUndefined();
    expect(idle).toEqual([]);
  });

  it('makes its elements without HTML (a page that enforces Trusted Types refuses innerHTML)', () => {
    const html = vi.spyOn(ShadowRoot.prototype, 'innerHTML', 'set');
    const elementHtml = vi.spyOn(Element.prototype, 'innerHTML', 'set');
    warmFonts(document, en.drawer, '', closedStore);
    next();
    expect(leaves().length).toBeGreaterThanOrEqual(8);
    expect(html).not.toHaveBeenCalled();
    expect(elementHtml).not.toHaveBeenCalled();
    html.mockRestore();
    elementHtml.mockRestore();
  });

  it('puts the site’s texts (data-strings) in as text', () => {
    const t = { ...en.drawer, cartTitle: '<img src=x onerror="alert(1)">' };
    warmFonts(document, t, '', closedStore);
    next();
    const root = probe()?.shadowRoot as ShadowRoot;
    expect(root.querySelector('img')).toBeNull();
    expect(leaves()[0]?.textContent).toContain('<img src=x onerror="alert(1)">');
  });

  it('stops, and takes the probe away, when the drawer opens first', () => {
    let open = false;
    warmFonts(document, en.drawer, '', { getState: () => ({ ui: { cartOpen: open } }) } as never);
    next();
    next();
    expect(shown()).toHaveLength(2);
    open = true;
    next();
    expect(probe()).toBeUndefined();
    expect(idle).toEqual([]);
  });

  it('is what the drawer’s module does with the page’s texts (German) and its store', async () => {
    const fx = sandboxStore();
    drawer.warm?.(document, { config: { lang: 'de', strings: {} }, store: fx.store } as never);
    await expect.poll(() => idle.length).toBe(1);
    next();
    expect(leaves()[0]?.textContent).toContain('Dein Warenkorb');
    // The drawer opened: the probe goes.
    fx.store.getState().openCart();
    next();
    expect(probe()).toBeUndefined();
  });
});
