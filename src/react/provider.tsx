import {
  createElement,
  type ReactElement,
  type ReactNode,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { pageColorScheme, readEmbedConfig } from '../config';
import { type Started, startStorefront } from '../start';
import { StorefrontContext } from './context';

export interface StorefrontProviderProps {
  /** The site's OAuth client id. */
  clientId: string;
  /** The platform's API base; `https://www.wixapis.com` by default. */
  apiBase?: string;
  /** The widgets' language (`en`, `de`, …); the page's `<html lang>` by default, else English. */
  lang?: string;
  /** The currency of prices the server sends unformatted; `USD` by default. */
  currency?: string;
  /** `light`, `dark` or `auto` (follows `prefers-color-scheme`). */
  theme?: 'light' | 'dark' | 'auto';
  /** Texts to replace, by key (as the script tag's `data-strings`). */
  strings?: Record<string, string>;
  /** Whether `<AddToCartButton>` opens the cart drawer after an add; yes by default. */
  openCartOnAdd?: boolean;
  /** The member menu's sections of the members area (`"orders bookings"`); the shop's own by default. */
  accountSections?: string;
  /**
   * The platform's cart service, as the script tag's `data-cart-api`: `v1` (default) or `v2` (Cart V2, whose
   * code downloads only when asked for). The shopper's cart is the same on both.
   */
  cartApi?: 'v1' | 'v2';
  /** The `fetch` for every platform call (a test's in-process platform, a proxy); the window's by default. */
  fetch?: typeof fetch;
  children?: ReactNode;
}

interface Holder {
  started: Started;
  key: string;
  fetch: typeof fetch | undefined;
  timer?: ReturnType<typeof setTimeout>;
}

/**
 * Makes the one storefront (session, store, cart) for the React tree below it, on the client only: it starts
 * in an effect, so server rendering and hydration see the same empty widgets, and nothing touches `window`
 * before then. It finishes a hosted sign-in found in the URL and loads the cart, as the script tag does.
 *
 * @example
 * <StorefrontProvider clientId="…" lang="de" currency="EUR">
 *   <Header><MemberBadge /></Header>
 *   <AddToCartButton productId="…">Add to cart</AddToCartButton>
 *   <CartDrawer />
 *   <LoginModal />
 * </StorefrontProvider>
 */
export function StorefrontProvider(props: StorefrontProviderProps): ReactElement {
  const { fetch, children, ...settings } = props;
  // Every configuration prop, as the script tag's data-* attributes are: a change of any starts anew.
  const key = JSON.stringify(settings);
  const [started, setStarted] = useState<Started | null>(null);
  const holder = useRef<Holder | null>(null);
  const [deferred] = useState(() => {
    let resolve!: (started: Started) => void;
    const promise = new Promise<Started>((r) => {
      resolve = r;
    });
    return { promise, resolve };
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for every configuration prop
  useEffect(() => {
    let current = holder.current;
    // React's StrictMode (and a fast re-mount) runs the effect twice: the storefront started the first
    // time is kept, not started again (a second start would find the sign-in answer already taken).
    if (current && current.key === key && current.fetch === fetch) clearTimeout(current.timer);
    else {
      current?.started.destroy();
      const { strings, openCartOnAdd, ...attributes } = settings;
      const data: Record<string, string | undefined> = {
        ...attributes,
        ...(strings ? { strings: JSON.stringify(strings) } : {}),
        ...(openCartOnAdd === undefined ? {} : { openCartOnAdd: String(openCartOnAdd) }),
      };
      const { config, problems } = readEmbedConfig(
        data,
        window.document.documentElement.lang,
        pageColorScheme(window.document),
      );
      for (const problem of problems)
        console.error(
          `[storefront] <StorefrontProvider> ${problem.attribute.replace(/^data-/, '')} ${problem.message}`,
        );
      current = { started: startStorefront(config, { win: window, fetch }), key, fetch };
      holder.current = current;
    }
    const mine = current;
    deferred.resolve(mine.started);
    setStarted(mine.started);
    return () => {
      mine.timer = setTimeout(() => {
        if (holder.current !== mine) return;
        holder.current = null;
        mine.started.destroy();
      });
    };
  }, [key, fetch]);

  const value = useMemo(() => ({ started, whenStarted: deferred.promise }), [started, deferred]);
  return <StorefrontContext.Provider value={value}>{children}</StorefrontContext.Provider>;
}
