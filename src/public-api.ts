import type { AnalyticsTap } from './analytics/tap';
import { Emitter } from './api/events';
import type { CaptchaProvider } from './auth/sign-in';
import type { AddToCartInput, Storefront, StorefrontEvents } from './store/store';

export type StorefrontEventName = keyof StorefrontEvents;

/** `window.Storefront` once the bundle is here: what a site's own scripts may call. */
export interface StorefrontApi {
  loaded: true;
  openCart(): void;
  closeCart(): void;
  /** `addToCart('<productId>', {quantity, variantId, options})` or `addToCart({productId, …})`. */
  addToCart(product: string | AddToCartInput, options?: Omit<AddToCartInput, 'productId'>): Promise<number>;
  /** Opens the login modal (`register()`: on its create-an-account view). */
  signIn(): void;
  register(): void;
  signOut(): Promise<void>;
  /** The site's captcha, asked for tokens before a sign-in or registration (WIRE.md 7). */
  setCaptchaProvider(provider: CaptchaProvider | null): void;
  /**
   * The visitor's consent to analytics (`{analytics: true}`, `{analytics: false}`; `ads: false` keeps Meta's
   * events back too), for a page whose script tag says `data-consent="required"` (docs/analytics.md).
   */
  consent(choice: { analytics: boolean; ads?: boolean }): void;
  on<K extends StorefrontEventName>(name: K, handler: (detail: StorefrontEvents[K]) => void): () => void;
  off<K extends StorefrontEventName>(name: K, handler: (detail: StorefrontEvents[K]) => void): void;
  getState(): {
    cartCount: number;
    cart: unknown;
    role: string;
    member: { id?: string; nickname?: string; slug?: string } | null;
  };
}

/**
 * The events hub: the store's events go to `Storefront.on` handlers and, as `sf:<name>` CustomEvents, to the
 * document for analytics tags. A failing handler is reported and the others still run.
 */
export function createEventHub(doc: Document | undefined, analytics?: AnalyticsTap) {
  // The API client's emitter keeps the handlers and reports a failing one.
  const handlers = new Emitter<StorefrontEvents>();
  return {
    emit<K extends StorefrontEventName>(name: K, detail: StorefrontEvents[K]) {
      handlers.emit(name, detail);
      doc?.dispatchEvent(new CustomEvent(`sf:${name}`, { detail }));
      analytics?.(name, detail);
    },
    /** The page's analytics, if it has some (`Storefront.consent()` tells it too). */
    analytics,
    // A page's script may name any event (a Map keeps them, so any name is only a name).
    on<K extends StorefrontEventName>(name: K, handler: (detail: StorefrontEvents[K]) => void) {
      if (typeof handler !== 'function') throw new TypeError(`Storefront.on("${name}", …) needs a function`);
      return handlers.on(name, handler);
    },
    off: <K extends StorefrontEventName>(name: K, handler: (detail: StorefrontEvents[K]) => void) =>
      handlers.off(name, handler),
  };
}

/** Where the site's captcha provider is kept for the login modal. */
export interface CaptchaHolder {
  provider?: CaptchaProvider | undefined;
}

export function createPublicApi(
  store: Storefront,
  hub: ReturnType<typeof createEventHub>,
  captcha: CaptchaHolder = {},
): StorefrontApi {
  return {
    loaded: true,
    openCart: () => store.getState().openCart(),
    closeCart: () => store.getState().closeCart(),
    addToCart(product, options) {
      const input = typeof product === 'string' ? { ...options, productId: product } : product;
      if (!input || typeof input.productId !== 'string' || !input.productId) {
        return Promise.reject(new TypeError('Storefront.addToCart needs a product id'));
      }
      return store.getState().addToCart(input);
    },
    signIn: () => store.getState().openLogin(),
    register: () => store.getState().openLogin({ view: 'register' }),
    setCaptchaProvider(provider) {
      if (provider !== null && typeof provider?.getTokens !== 'function')
        throw new TypeError('Storefront.setCaptchaProvider needs {getTokens(action)} or null');
      captcha.provider = provider ?? undefined;
    },
    signOut: () => store.getState().signOut(),
    consent: (choice) => hub.analytics?.('consent', choice),
    on: (name, handler) => hub.on(name, handler),
    off: (name, handler) => hub.off(name, handler),
    getState() {
      const state = store.getState();
      const member = state.member.member;
      return {
        cartCount: state.cart.count,
        cart: state.cart.cart,
        role: state.session.role,
        member: member
          ? { id: member.id, nickname: member.profile?.nickname, slug: member.profile?.slug }
          : null,
      };
    },
  };
}

/**
 * Runs the calls a page queued before the bundle arrived, in order. A bad call is reported on the console
 * and the queue goes on.
 */
export function drainQueue(queue: unknown, api: StorefrontApi): void {
  if (!Array.isArray(queue)) return;
  for (const entry of queue) {
    try {
      if (!Array.isArray(entry) || typeof entry[0] !== 'string')
        throw new TypeError('not a [method, …args] entry');
      const [name, ...args] = entry as [string, ...unknown[]];
      const method = (api as unknown as Record<string, unknown>)[name];
      // Its own methods only: `constructor`, `toString`… are Object.prototype's.
      if (typeof method !== 'function' || !Object.hasOwn(api, name))
        throw new TypeError(`Storefront has no method "${name}"`);
      const result = (method as (...a: unknown[]) => unknown).apply(api, args);
      if (result instanceof Promise)
        result.catch((error: unknown) => console.error(`[storefront] Storefront.${name}(…) failed:`, error));
    } catch (error) {
      console.error('[storefront] a queued Storefront call failed:', error);
    }
  }
}
