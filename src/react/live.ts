import type { CaptchaProvider } from '../auth/sign-in';
import type { StorefrontApi, StorefrontEventName } from '../public-api';
import type { Started } from '../start';

/**
 * A provider's storefront as it is now, for what outlives one render: the hooks' actions, a click of
 * `<AddToCartButton>` and `useStorefront()` act on the storefront current when they run (a new `clientId`,
 * `apiBase` or `cartApi` replaces it with a new one, and the old one is destroyed), with the provider's
 * settings as they are now. Calls made before there is one (the first render, on the server) wait for it.
 */
export interface LiveStorefront {
  /** The current storefront, or null (not started yet, or between two). */
  current(): Started | null;
  /** The current storefront, once there is one. */
  whenStarted(): Promise<Started>;
  /** Makes `next` the current one (null: none until the next). */
  set(next: Started | null): void;
  /** `window.Storefront`'s methods on the current storefront: one object for the provider's life. */
  api: StorefrontApi;
}

/** A `useStorefront().on` handler, and how to take it off the storefront it is on. */
interface Listener {
  name: StorefrontEventName;
  handler: (detail: unknown) => void;
  off?: (() => void) | undefined;
}

export function createLiveStorefront(): LiveStorefront {
  let current: Started | null = null;
  const waiting: Array<(started: Started) => void> = [];
  const whenStarted = () =>
    current ? Promise.resolve(current) : new Promise<Started>((resolve) => waiting.push(resolve));
  // `Storefront.on` handlers and the site's captcha, carried over to each new storefront.
  const listeners = new Set<Listener>();
  let captcha: { provider: CaptchaProvider | null } | undefined;
  /** Now when there is a storefront (the click's own task), else once there is one. */
  const act = (call: (api: StorefrontApi) => unknown) => {
    if (current) call(current.api);
    else void whenStarted().then((started) => call(started.api));
  };

  const api: StorefrontApi = {
    loaded: true,
    openCart: () => act((a) => a.openCart()),
    closeCart: () => act((a) => a.closeCart()),
    addToCart: async (product, options) => (await whenStarted()).api.addToCart(product, options),
    signIn: () => act((a) => a.signIn()),
    register: () => act((a) => a.register()),
    signOut: async () => (await whenStarted()).api.signOut(),
    setCaptchaProvider(provider) {
      // The storefront's own check of it throws at once when there is one; else it is checked when there is.
      current?.api.setCaptchaProvider(provider);
      captcha = { provider };
    },
    on(name, handler) {
      if (typeof handler !== 'function') throw new TypeError(`Storefront.on("${name}", …) needs a function`);
      const listener: Listener = { name, handler: handler as Listener['handler'] };
      if (current) listener.off = current.api.on(name, handler);
      listeners.add(listener);
      return () => {
        listener.off?.();
        listeners.delete(listener);
      };
    },
    off(name, handler) {
      for (const listener of listeners) {
        if (listener.name !== name || listener.handler !== handler) continue;
        listener.off?.();
        listeners.delete(listener);
      }
    },
    consent: (choice) => act((a) => a.consent(choice)),
    getState: () => current?.api.getState() ?? { cartCount: 0, cart: null, role: 'none', member: null },
  };

  return {
    current: () => current,
    whenStarted,
    set(next) {
      const previous = current;
      current = next;
      // A new storefront (not the same one with new settings): the listeners and the captcha move to it.
      if (next?.api !== previous?.api) {
        for (const listener of listeners) {
          listener.off?.();
          listener.off = next?.api.on(listener.name, listener.handler);
        }
        try {
          if (next && captcha) next.api.setCaptchaProvider(captcha.provider);
        } catch (error) {
          console.error('[storefront] useStorefront().setCaptchaProvider:', error);
        }
      }
      if (next) for (const resolve of waiting.splice(0)) resolve(next);
    },
    api,
  };
}
