import { loadOnce, savingData } from './chunks';
import type { EmbedConfig } from './config';
import type { Storefront } from './store/store';
import { OPEN_MENU_EVENT } from './ui/lazy-element';
import { withTexts } from './widgets/texts';

/** What the host page keeps up to date: the cart count's elements and the elements shown by role. */
const PAINTED = '[data-sf-cart-count],[data-sf-show]';

type HostOptions = Partial<Pick<EmbedConfig, 'theme' | 'toastOnAdd'>> & {
  openCartOnAdd: boolean;
  lang: string;
  /** The site's texts (`data-strings`), over the messages the page's own elements show. */
  strings?: Record<string, string>;
  report: (message: string) => void;
  /**
   * Starts downloading the drawer's code, which an add opens (static files, never a platform request); `warm`,
   * and readying its fonts (not for a visitor who asked to save data, or on 2G).
   */
  prefetch?: (warm: boolean) => void;
};

/** An add-to-cart button or a product: where a pointer or the focus means an add may come. */
const NEAR_ADD = '[data-sf-add-to-cart],[data-sf-product],sf-product,sf-product-grid';
/** A page's cart button: where a pointer or the focus means the drawer may open. */
const NEAR_CART = '[data-sf-open-cart]';
// (A touch, a pen or a mouse pressed is over the element first: `pointerover` comes before `pointerdown`.)
const PREFETCH_EVENTS = ['pointerover', 'focusin'];

/**
 * What a page's add-to-cart button does (`host-add-to-cart.ts`): loaded before or at its first click. One
 * `import()` kept: a second `import()` of a module already here settles only after the next frame, which the
 * first add would wait for.
 */
const hostAdd = loadOnce(() => import('./host-add-to-cart'));

/**
 * Wires the host page's own elements: clicks on `data-sf-add-to-cart`, `data-sf-open-cart` and
 * `data-sf-sign-in` (the login modal, or for a signed-in member the badge's account menu; anywhere, added
 * later too, by event delegation), every `data-sf-cart-count` kept showing the count, and every
 * `data-sf-show="signed-in" | "signed-out"` shown for that role only. Returns the unwiring.
 */
export function wireHostPage(doc: Document, store: Storefront, options: HostOptions): () => void {
  const onClick = clicks(doc, store, options);
  doc.addEventListener('click', onClick);
  const unpaint = paintCountAndRole(doc, store, options.report);
  const unprefetch = prefetchNearAdd(doc, store, options.prefetch);
  return () => {
    doc.removeEventListener('click', onClick);
    unpaint();
    unprefetch();
  };
}

/**
 * The add's code and the drawer's, fetched before the click (so the click only runs them): at the first pointer
 * or focus on or near an add button or a product, or when the browser is first idle on a page that has one (but
 * for a visitor who asked to save data, `navigator.connection.saveData`, or on a 2G connection), or at the
 * first pointer or focus on a cart button (`data-sf-open-cart`: the drawer's code, on a page with no add; the
 * add's, 1.8 KB gzip, comes too, for the next page's buttons). Once. The visitor's token, which the add waits
 * for, starts at a pointer or focus near an add only (`ensureTokens`: nothing when it is fresh, one request
 * shared with the add's own otherwise): a visitor who never comes near makes none.
 */
function prefetchNearAdd(doc: Document, store: Storefront, prefetch: HostOptions['prefetch']): () => void {
  let done = !prefetch;
  let tokens = false;
  const frugal = savingData();
  const start = (event?: Event) => {
    const target = event?.target as Element | undefined;
    if (event && !target?.closest?.(`${NEAR_ADD},${NEAR_CART}`)) return;
    if (event && !tokens && target?.closest(NEAR_ADD)) {
      tokens = true;
      void store.session.ensureTokens().catch(() => {});
    }
    if (done) return;
    done = true;
    prefetch?.(!frugal);
    void hostAdd().catch(() => {});
  };
  for (const type of PREFETCH_EVENTS) doc.addEventListener(type, start, true);
  // Not on idle for a visitor who asked to save data, or on a 2G connection: the first pointer or focus then.
  if (doc.querySelector(NEAR_ADD) && !frugal)
    (doc.defaultView?.requestIdleCallback ?? setTimeout)(() => start());
  return () => {
    done = true;
    for (const type of PREFETCH_EVENTS) doc.removeEventListener(type, start, true);
  };
}

/**
 * The page's buttons: add to cart (its code loads on the first click, with the page's texts pack, and once
 * more after a pause when the connection drops), open the cart, sign in.
 */
function clicks(doc: Document, store: Storefront, options: HostOptions) {
  return (event: Event) => {
    const target = event.target instanceof Element ? event.target : null;
    const add = target?.closest('[data-sf-add-to-cart]');
    if (add) {
      event.preventDefault();
      if (add.getAttribute('aria-busy') === 'true') return;
      add.setAttribute('aria-busy', 'true');
      // Its messages are the drawer's texts: their pack downloads beside the code.
      void withTexts(options.lang, hostAdd).then(
        (module) => module.addFrom(add, store, options),
        (error: unknown) => {
          add.removeAttribute('aria-busy');
          options.report(`the add-to-cart code could not be loaded: ${(error as Error).message}`);
        },
      );
      return;
    }
    if (target?.closest('[data-sf-open-cart]')) {
      event.preventDefault();
      store.getState().openCart();
      return;
    }
    if (target?.closest('[data-sf-sign-in]')) {
      event.preventDefault();
      // Signed in, the page's sign-in button is the way to the account: the badge's menu opens.
      if (store.getState().session.role !== 'member') store.getState().openLogin();
      else if (!doc.querySelector('sf-member-badge')?.dispatchEvent(new Event(OPEN_MENU_EVENT)))
        options.report('a member’s data-sf-sign-in opens the menu of <sf-member-badge>: add one');
    }
  };
}

/**
 * Keeps every `data-sf-cart-count` showing the count and its status, and every `data-sf-show` element shown
 * for its role only, those the page adds later too. Returns the end of it.
 */
function paintCountAndRole(doc: Document, store: Storefront, report: HostOptions['report']): () => void {
  let shown = '';
  const told = new WeakSet<Element>();
  const paint = (force = false) => {
    const { count, status } = store.getState().cart;
    const role = store.getState().session.role === 'member' ? 'signed-in' : 'signed-out';
    if (!force && `${count} ${status} ${role}` === shown) return;
    shown = `${count} ${status} ${role}`;
    for (const el of doc.querySelectorAll('[data-sf-cart-count]')) {
      el.textContent = String(count);
      el.setAttribute('data-sf-count', String(count));
      el.setAttribute('data-sf-status', status);
    }
    // The page's elements for one role: shown (no `hidden`) for it, hidden for the other.
    for (const el of doc.querySelectorAll<HTMLElement>('[data-sf-show]')) {
      const wanted = el.getAttribute('data-sf-show');
      if (wanted === 'signed-in' || wanted === 'signed-out') el.hidden = wanted !== role;
      // Said once an element, not at each change of the cart.
      else if (!told.has(el) && told.add(el))
        report(`data-sf-show="${wanted}" is not signed-in or signed-out`);
    }
  };
  paint(true);
  const unsubscribe = store.subscribe(() => paint());
  // Count and role elements the page adds later show the count, or take their role, at once. (Every browser
  // with custom elements, which the widgets need, has MutationObserver.)
  const observer = new MutationObserver((records) => {
    if (
      records.some((r) =>
        [...r.addedNodes].some(
          (n) => n instanceof Element && (n.matches(PAINTED) || n.querySelector(PAINTED)),
        ),
      )
    ) {
      paint(true);
    }
  });
  observer.observe(doc.documentElement, { childList: true, subtree: true });
  return () => {
    unsubscribe();
    observer.disconnect();
  };
}
