import { analyticsTap } from './analytics/tap';
import { webLock } from './auth/lock';
import { createSession, type Session, TOKENS_KEY } from './auth/session';
import { type KeyValueStorage, storageNamespace, webStorage } from './auth/storage';
import { carriesAny, paramsOf } from './auth/url-params';
import type { EmbedConfig } from './config';
import { type CaptchaHolder, createEventHub, createPublicApi, type StorefrontApi } from './public-api';
import { broadcastChannel } from './store/channel';
import { createStorefrontStore, type StoreDeps, type Storefront } from './store/store';

/** What a started storefront is: the one store and what the widgets and the site's code reach it by. */
export interface Started {
  config: EmbedConfig;
  store: Storefront;
  session: Session;
  /** `window.Storefront`'s methods (also `useStorefront()` in React). */
  api: StorefrontApi;
  hub: ReturnType<typeof createEventHub>;
  captcha: CaptchaHolder;
  /** Settles once a hosted sign-in found in the URL is finished and the cart is loaded. */
  ready: Promise<void>;
  /** Stops listening to the session, the other tabs and the window. */
  destroy(): void;
}

const OAUTH_PARAMS = ['code', 'state', 'error', 'error_description'];

/** The emailed password-reset link leads to the site with this parameter (WIRE.md 7). */
const RECOVERY_PARAM = 'recoveryToken';
/** The checkout page leads back (to its `thankYouPageUrl` or `postFlowUrl`) with the order placed. */
const ORDER_PARAMS = ['orderId', 'orderNumber'];

/** Removes a sign-in answer from the address bar, so a reload or a shared link does not carry it. */
function cleanUrl(win: Window, keys: string[] = OAUTH_PARAMS): void {
  const url = new URL(win.location.href);
  const params = paramsOf(url);
  let changed = false;
  for (const key of keys) {
    for (const found of params) {
      if (found.has(key)) {
        found.delete(key);
        changed = true;
      }
    }
  }
  if (!changed) return;
  const rest = params[1].toString();
  url.hash = rest ? `#${rest}` : '';
  win.history.replaceState(win.history.state, '', url.href);
}

/**
 * A call that could not reach the platform, for `unreachable.ts` to tell (its code, the console line, comes only
 * when a call failed).
 */
const unreachable = (win: Window) => (error: Error) => {
  // (Offline, the browser says why: read as the call fails, not once the code has come.)
  if (win.navigator.onLine !== false) void import('./unreachable').then((module) => module.tell(win, error));
};

/**
 * Starts the storefront in a window, for the script tag's loader and for React's `StorefrontProvider`: the
 * session and the one store, the events hub and the public API, tokens changed by another tab, a
 * password-reset link (the login modal opens on its new-password view), and a hosted sign-in found in the URL;
 * then the cart. Touches nothing of the page's own (no elements, no globals).
 */
export function startStorefront(
  config: EmbedConfig,
  options: {
    win: Window & typeof globalThis;
    fetch?: typeof fetch | undefined;
    /** Whether a checkout made goes to the platform's page (`StoreDeps.beforeCheckout`): React's `onCheckout`. */
    beforeCheckout?: StoreDeps['beforeCheckout'];
  },
): Started {
  const { win } = options;
  const clientId = config.clientId || 'unconfigured';
  const namespace = storageNamespace(clientId);
  const storage = webStorage(() => win.localStorage, namespace);
  const visit = webStorage(() => win.sessionStorage, namespace);
  // (The store exists by the time it announces anything.)
  const hub = createEventHub(
    win.document,
    analyticsTap(config, win, () => store.getState()),
  );
  const captcha: CaptchaHolder = {};
  const store: Storefront = createStorefrontStore({
    session: (tokens) =>
      createSession({
        clientId,
        apiBase: config.apiBase,
        storage,
        tokens,
        transactions: visit,
        lock: webLock(),
        fetch: options.fetch,
        onError: unreachable(win),
      }),
    storage,
    visit,
    win,
    captcha: () => captcha.provider,
    channel: broadcastChannel(namespace),
    emit: hub.emit,
    navigate: (url) => win.location.assign(url),
    beforeCheckout: options.beforeCheckout,
    location: () => win.location.href,
    cartApi: config.cartApi,
  });
  const { session } = store;
  // Listening from now on (until `destroy()`): a hosted sign-in finished below is a sign-in the store hears.
  store.getState().listen();
  const api = createPublicApi(store, hub, captcha);

  // Another tab signed in, out, or renewed: the store takes the stored tokens.
  const onStorage = (event: StorageEvent) => {
    if (event.key === `${namespace}:${TOKENS_KEY}`) session.reload();
  };
  win.addEventListener('storage', onStorage);

  const ready = arrive(config, win, store, visit);

  return {
    config,
    store,
    session,
    api,
    hub,
    captcha,
    ready,
    destroy() {
      win.removeEventListener('storage', onStorage);
      store.getState().destroy();
    },
  };
}

/**
 * What the address the visitor arrived at says, taken out of the address bar: a password-reset link (the modal
 * opens on its new-password view), a hosted sign-in's answer (finished), the order the checkout led back with
 * (confirmed if it is this browser's and the platform agrees, after the page's queued `Storefront.on` calls);
 * then the store starts. Settles when all that is done.
 */
async function arrive(
  config: EmbedConfig,
  win: Window,
  store: Storefront,
  visit: KeyValueStorage,
): Promise<void> {
  // (As the visitor arrived: each thing below takes its own parameters out of the address bar.)
  const params = new URL(win.location.href).searchParams;
  // A coupon link, or a link that opens the cart: their code downloads only for such an address.
  if (params.has(config.couponParam?.trim() || 'coupon') || params.has('sf-cart'))
    import('./links').then((links) => links.followLinks(config, win, store, visit), console.error);
  const recoveryToken = params.get(RECOVERY_PARAM);
  if (recoveryToken) {
    cleanUrl(win, [RECOVERY_PARAM]);
    store.getState().openLogin({ view: 'reset', recoveryToken });
  }
  const [orderId, orderNumber = null] = ORDER_PARAMS.map((key) => params.get(key));
  if (orderId) cleanUrl(win, ORDER_PARAMS);
  try {
    // The code of a hosted sign-in downloads only when the platform redirected back with an answer.
    if (carriesAny(paramsOf(win.location.href), OAUTH_PARAMS)) {
      await (await import('./auth/redirect-back')).finishRedirect(store.session, win.location.href);
      cleanUrl(win);
    }
  } catch (error) {
    cleanUrl(win);
    console.error('[storefront] the sign-in could not be completed:', error);
    store.setState((s) => ({
      session: { ...s.session, notice: { key: 'signInFailed', detail: (error as Error).message } },
    }));
  }
  if (!config.clientId) return;
  await store.getState().start();
  if (orderId)
    await store
      .getState()
      .confirmOrder({ orderId, orderNumber })
      .catch(() => false);
}
