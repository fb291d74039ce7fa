import { loadOnce, retryOnce } from './chunks';
import { type EmbedConfig, pageColorScheme, readEmbedConfig } from './config';
import { wireHostPage } from './host';
import { checkChunks } from './integrity';
import { drainQueue, type StorefrontApi } from './public-api';
import { startStorefront } from './start';
import type { Storefront } from './store/store';
import { defineLazyElement, type WidgetContext, type WidgetModule, whenState } from './ui/lazy-element';
import * as memberBadge from './widgets/member-badge/index';
import { cannotLoad } from './widgets/member-badge/shell-texts';
import { withTexts } from './widgets/texts';

/** The product elements' chunk (its texts load with it, from its own packs). */
const products = (key: 'product' | 'grid') =>
  retryOnce(() => import('./widgets/product/index')).then((module) => module[key]);

/**
 * The views' chunks, each `import()` kept once made: a second `import()` of a module already here settles only
 * after the next frame, which the first add's drawer would wait for, its code fetched while the page was idle.
 */
const drawer = loadOnce(() => import('./widgets/cart-drawer/index'));
const modal = loadOnce(() => import('./widgets/login-modal/index'));

/**
 * The widgets, by element name. The member badge's shell is in this file, as the page shows it at once; the
 * drawer, the modal and the member menu share one chunk that loads when the first of them is wanted; the
 * product elements have a chunk of their own, loaded by a page that has one.
 */
const WIDGETS: Record<string, (lang: string) => Promise<WidgetModule>> = {
  'sf-cart-drawer': (lang) => withTexts(lang, drawer),
  'sf-login-modal': (lang) => withTexts(lang, modal),
  'sf-member-badge': async () => memberBadge,
  'sf-product': () => products('product'),
  'sf-product-grid': () => products('grid'),
};

const BOOTED = Symbol.for('storefront-widgets.booted');

export interface BootOptions {
  /** The `<script>` tag carrying the `data-*` configuration. */
  script?: HTMLScriptElement | null;
  win?: Window & typeof globalThis;
  /** The `fetch` for every call (tests pass the in-process sandbox's). */
  fetch?: typeof fetch;
}

export interface Booted {
  config: EmbedConfig;
  store: Storefront;
  api: StorefrontApi;
  /** Settles once a hosted sign-in found in the URL is finished and the cart is loaded. */
  ready: Promise<void>;
}

/** Puts an element the page lacks at the end of the body, so `openCart()` and `signIn()` always work. */
function ensureElement(doc: Document, name: string): void {
  if (!doc.querySelector(name)) doc.body.append(doc.createElement(name));
}

/**
 * Starts the storefront on the page: reads the script tag's configuration, makes the session and the one
 * store, finishes a hosted sign-in found in the URL, defines the widgets' custom elements, wires the host
 * page's `data-sf-*` elements and replaces the `window.Storefront` queue with the API. Booting a second
 * time (the tag pasted twice) returns the first boot's result and mounts nothing.
 */
export function boot(options: BootOptions = {}): Booted {
  const win = options.win ?? window;
  const doc = win.document;
  const holder = win as unknown as Record<symbol, Booted | undefined> & { Storefront?: unknown };
  const already = holder[BOOTED];
  if (already) return already;
  const script = options.script ?? doc.querySelector<HTMLScriptElement>('script[data-client-id]');
  const { config, problems } = readEmbedConfig(
    { ...script?.dataset },
    doc.documentElement.lang,
    pageColorScheme(doc),
  );
  // What is wrong with each, in a chunk of its own that only a page whose tag has one downloads.
  if (problems.length)
    import('./config-problems').then((said) => {
      for (const problem of problems)
        console.error(`[storefront] ${problem.attribute} ${said.problemText(problem)}`);
    }, console.error);
  // (Before anything downloads a chunk: a pinned tag's chunks are checked against their hashes.)
  checkChunks(script, doc);

  const started = startStorefront(config, { win, fetch: options.fetch });
  const { store, api, ready } = started;
  // The started storefront is the widgets' context (configuration, store, session, captcha).
  const context: WidgetContext = started;
  // The drawer's and the modal's code load when they are first wanted (an add starts the drawer's early);
  // the badge's at once, as it shows on the page.
  const gates: Record<string, () => Promise<void>> = {
    'sf-cart-drawer': whenState(store, (s) => s.ui.cartOpen || s.cart.adding),
    'sf-login-modal': whenState(store, (s) => s.ui.loginOpen),
  };
  const said = () => cannotLoad(config);
  for (const [name, load] of Object.entries(WIDGETS))
    defineLazyElement(win.customElements, name, () => load(config.lang), context, gates[name], said);
  // (The host page's options are the configuration's: whether an add opens the drawer, the language, texts.)
  wireHostPage(doc, store, {
    ...config,
    report: (message) => console.error(`[storefront] ${message}`),
    // The drawer's code and texts, before the first add opens it, and its fonts.
    prefetch: (warm) =>
      void WIDGETS['sf-cart-drawer']?.(config.lang)
        .then((code) => warm && code.warm?.(doc, context))
        .catch(() => {}),
  });
  store.subscribe((state, previous) => {
    if (state.ui.cartOpen && !previous.ui.cartOpen) ensureElement(doc, 'sf-cart-drawer');
    if (state.ui.loginOpen && !previous.ui.loginOpen) ensureElement(doc, 'sf-login-modal');
  });
  // A password-reset link opened the modal before anything listened.
  if (store.getState().ui.loginOpen) ensureElement(doc, 'sf-login-modal');

  const queued = (holder.Storefront as { q?: unknown } | undefined)?.q;
  holder.Storefront = api;
  drainQueue(queued, api);

  const booted: Booted = { config, store, api, ready };
  holder[BOOTED] = booted;
  return booted;
}

// Loaded by a module script tag carrying the configuration: embed.js's (a copy of its own tag's `data-*`, and
// its `integrity` when the page pinned embed.js), or a page's own `<script type="module" src=".../loader-….js"
// data-client-id="…">`: boot from that tag.
const ownTag = [...document.querySelectorAll<HTMLScriptElement>('script[type="module"][src]')].find(
  (tag) => tag.src === import.meta.url,
);
if (ownTag) boot({ script: ownTag });
