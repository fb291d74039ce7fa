import type { StorefrontApi } from '../../src/public-api';

/**
 * What the fault suite runs inside each tab, before the page's own scripts: a record of every call to the
 * platform (sent to the suite through the `__faultsReport` binding as it happens, so that a reload loses
 * nothing), the page's unhandled rejections, and readings of what the tab shows.
 *
 * Plain JavaScript in a string: tsx compiles with keepNames, whose `__name` helper the page lacks, so no
 * TypeScript function with inner functions goes through `page.evaluate` or `addInitScript`.
 */

/** A line of a cart answer: id, product, the catalogue reference's options, quantity. */
export type WireLine = [string, string, Record<string, unknown> | null, number];

/** What the page reports: a platform call sent or settled, an unhandled rejection. */
export type PageEvent =
  | { type: 'start'; id: string; method: string; path: string; body?: string; at: number }
  | {
      type: 'end';
      id: string;
      at: number;
      status?: number;
      error?: string;
      /** The answer's body broke off (a lost answer). */
      broken?: boolean;
      lines?: WireLine[];
    }
  | { type: 'rejection'; message: string };

/** A cart line as a tab shows it: in the store (`Storefront.getState()`) or in the drawer's DOM. */
export interface ShownLine {
  productId?: string;
  options?: Record<string, unknown> | null;
  /** In the drawer: the product's name and its option lines (`Size: Medium`). */
  name?: string;
  choices?: string[];
  quantity: number;
  /** The drawer's quantity field holds a value the shopper typed that was refused. */
  invalid?: boolean;
}

/** What a tab shows of the cart, read without changing anything. */
export interface TabView {
  loaded: boolean;
  store: { count: number; lines: ShownLine[]; coupon: string | null } | null;
  header: { text: string; status: string | null };
  drawer: {
    lines: ShownLine[];
    loading: boolean;
    /** The cart's own error banner (or a notice), as its text. */
    banner: string | null;
    coupon: string | null;
    couponError: string | null;
  } | null;
}

export const IN_PAGE = `
(() => {
  const apiBase = __API_BASE__;
  const report = (event) => {
    try {
      window.__faultsReport(event);
    } catch {}
  };
  const doc = Math.random().toString(36).slice(2, 8);
  let next = 0;
  let inflight = 0;
  const linesOf = (json) =>
    ((json && json.cart && json.cart.lineItems) || []).map((l) => [
      l.id,
      l.catalogReference && l.catalogReference.catalogItemId,
      (l.catalogReference && l.catalogReference.options) || null,
      l.quantity,
    ]);
  const original = window.fetch;
  window.fetch = function (input, init) {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.startsWith(apiBase)) return original.call(this, input, init);
    const id = doc + ':' + ++next;
    const method = (init && init.method) || (input instanceof Request ? input.method : 'GET');
    const body = init && typeof init.body === 'string' ? init.body : undefined;
    const path = new URL(url).pathname;
    inflight++;
    report({ type: 'start', id, method, path, body, at: Date.now() });
    let settled = false;
    const settle = (end) => {
      if (settled) return;
      settled = true;
      inflight--;
      report(Object.assign({ type: 'end', id }, end));
    };
    return original.call(this, input, init).then(
      (response) => {
        const at = Date.now();
        if (path.startsWith('/ecom/v1/carts/current')) {
          response
            .clone()
            .json()
            .then(
              (json) => settle({ at, status: response.status, lines: linesOf(json) }),
              () => settle({ at, status: response.status, broken: true }),
            );
        } else settle({ at, status: response.status });
        return response;
      },
      (error) => {
        settle({ at: Date.now(), error: String((error && error.message) || error) });
        throw error;
      },
    );
  };
  window.addEventListener('unhandledrejection', (event) => {
    const reason = event.reason;
    report({ type: 'rejection', message: String((reason && (reason.stack || reason.message)) || reason) });
  });

  const roots = () => {
    const found = [document];
    for (let i = 0; i < found.length; i++)
      for (const el of found[i].querySelectorAll('*')) if (el.shadowRoot) found.push(el.shadowRoot);
    return found;
  };
  const describe = (el) => {
    const host = el.getRootNode().host;
    const what = el.getAttribute('part') || el.getAttribute('aria-label') || el.className || '';
    const words = (el.textContent || '').replace(/\\s+/g, ' ').trim().slice(0, 40);
    return (host ? host.localName + ' ' : '') + el.localName + (what ? '[' + what + ']' : '') + (words ? ' "' + words + '"' : '');
  };
  // Buttons blocked only while something is on its way (a stepper is also blocked at its limits).
  const BUSY_BUTTONS = /^(Apply|Estimate|Remove coupon .*|Going to checkout…)$/;
  const drawerDialog = () => {
    const host = document.querySelector('sf-cart-drawer');
    return (host && host.shadowRoot && host.shadowRoot.querySelector('dialog[open]')) || null;
  };
  const text = (el) => (el ? (el.textContent || '').replace(/\\s+/g, ' ').trim() : null);
  // The products' own add buttons: the hand-written page's, or the cards of the page's last grid.
  const cards = () => {
    const grids = document.querySelectorAll('sf-product-grid');
    const grid = grids[grids.length - 1];
    return grid && grid.shadowRoot ? [...grid.shadowRoot.querySelectorAll('[part="card"]')] : [];
  };
  const addButton = (productId, name) => {
    const own = document.querySelector('[data-sf-add-to-cart="' + productId + '"]');
    if (own) return own;
    const card = cards().find((c) => text(c.querySelector('[part="name"]')) === name);
    return (card && card.querySelector('[part="add-button"]')) || null;
  };

  window.__faults = {
    inflight: () => inflight,
    /** The names of the products the page has an add button for. */
    addable() {
      const own = [...document.querySelectorAll('[data-sf-add-to-cart]')].map((b) => text(b.closest('article').querySelector('h3')));
      return own.length ? own : cards().filter((c) => c.querySelector('[part="add-button"]')).map((c) => text(c.querySelector('[part="name"]')));
    },
    /** Whether a product's add button is still adding, and whether its last add worked (null: no button). */
    addState(productId, name) {
      const button = addButton(productId, name);
      if (!button) return null;
      const busy = button.getAttribute('aria-busy') === 'true';
      if (button.hasAttribute('data-sf-add-to-cart')) return { busy, ok: button.getAttribute('data-sf-state') === 'added' };
      return { busy, ok: !button.closest('[part="card"]').querySelector('[part="error"]') };
    },
    /** Presses a product's add button if it is still adding (in one task: its state cannot change between). */
    pressIfBusy(productId, name) {
      const button = addButton(productId, name);
      if (!button) return 'missing';
      if (button.getAttribute('aria-busy') !== 'true') return 'free';
      button.click();
      return 'ignored';
    },
    drawerOpen: () => Boolean(drawerDialog()),
    /**
     * What still says it is working: aria-busy, a loading skeleton, a button blocked while busy, the page's
     * count while the cart is being read (\`data-sf-status="loading"\`, also while another page's changes may
     * still land).
     */
    busy() {
      const found = [];
      if (document.querySelector('[data-sf-cart-count][data-sf-status="loading"]'))
        found.push('the count on the page: loading');
      for (const root of roots()) {
        for (const el of root.querySelectorAll('[aria-busy="true"], .skeleton')) found.push(describe(el));
        for (const el of root.querySelectorAll('button[aria-disabled="true"]'))
          if (BUSY_BUTTONS.test(el.getAttribute('aria-label') || text(el))) found.push(describe(el));
      }
      return found;
    },
    view() {
      const api = window.Storefront;
      const loaded = Boolean(api && api.loaded);
      let store = null;
      if (loaded) {
        const state = api.getState();
        const cart = state.cart;
        store = {
          count: state.cartCount,
          lines: ((cart && cart.lineItems) || []).map((l) => ({
            productId: l.catalogReference && l.catalogReference.catalogItemId,
            options: (l.catalogReference && l.catalogReference.options) || null,
            quantity: l.quantity,
          })),
          coupon: ((cart && cart.appliedDiscounts) || []).map((d) => d.coupon && d.coupon.code).find(Boolean) || null,
        };
      }
      const count = document.querySelector('[data-sf-cart-count]');
      const dialog = drawerDialog();
      let drawer = null;
      if (dialog) {
        const couponBox = dialog.querySelector('[part="coupon"]');
        const applied = couponBox && couponBox.querySelector('[role="status"]');
        drawer = {
          lines: [...dialog.querySelectorAll('[part="line"]')].map((li) => {
            const input = li.querySelector('input[type="number"]');
            return {
              name: text(li.querySelector('[part="line-name"]')),
              choices: [...li.querySelectorAll('ul.options > li')].map(text),
              quantity: Number(input && input.value),
              invalid: Boolean(input && input.getAttribute('aria-invalid') === 'true'),
            };
          }),
          loading: Boolean(dialog.querySelector('.skeleton')),
          banner: text(dialog.querySelector('.drawer-body > [part="error"]')),
          coupon: applied ? (text(applied).match(/^Coupon (\\S+) applied$/) || [])[1] || null : null,
          couponError: text(couponBox && couponBox.querySelector('[part="error"]')),
        };
      }
      return {
        loaded,
        store,
        header: { text: text(count) || '', status: count && count.getAttribute('data-sf-status') },
        drawer,
      };
    },
  };
})();
`;

/** The in-page script for a sandbox at `apiBase`. */
export const inPageScript = (apiBase: string) => IN_PAGE.replace('__API_BASE__', JSON.stringify(apiBase));

declare global {
  interface Window {
    Storefront?: StorefrontApi;
    __faults: {
      inflight(): number;
      addable(): string[];
      addState(productId: string, name: string): { busy: boolean; ok: boolean } | null;
      pressIfBusy(productId: string, name: string): 'missing' | 'free' | 'ignored';
      drawerOpen(): boolean;
      busy(): string[];
      view(): TabView;
    };
  }
}
