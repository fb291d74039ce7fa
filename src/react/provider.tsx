import {
  createElement,
  type ReactElement,
  type ReactNode,
  useEffect,
  useInsertionEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { pageColorScheme, readEmbedConfig } from '../config';
import { problemText } from '../config-problems';
import { type Started, startStorefront } from '../start';
import { useKeyedMemo } from '../ui/keyed-memo';
import { checkoutGate, type StorefrontCallbacks, useCallbacks } from './callbacks';
import { StorefrontContext } from './context';
import { createLiveStorefront } from './live';

export interface StorefrontProviderProps extends StorefrontCallbacks {
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
  /**
   * Whether `<AddToCartButton>` (and a product card's Add) opens the cart drawer after an add; yes by default.
   * `"toast"`: a small notice near the page's cart button (an element with `data-sf-open-cart`) instead.
   */
  openCartOnAdd?: boolean | 'toast';
  /**
   * The cart drawer's free-shipping bar: the subtotal (after discounts, in the cart's currency) from which
   * shipping is free, as the script tag's `data-free-shipping-over`.
   */
  freeShippingOver?: number;
  /** The cart drawer's cross-sell: a collection's slug (`data-cross-sell`), up to four of its products. */
  crossSell?: string;
  /** The cart drawer's "Add a note" for the shopper's note to the shop (`data-cart-note`). */
  cartNote?: boolean;
  /** The member menu's sections of the members area (`"orders bookings"`); the shop's own by default. */
  accountSections?: string;
  /**
   * The platform's cart service, as the script tag's `data-cart-api`: `v1` (default) or `v2` (Cart V2, whose
   * code downloads only when asked for). The shopper's cart is the same on both.
   */
  cartApi?: 'v1' | 'v2';
  /**
   * Where the widgets' e-commerce events go, as the script tag's `data-analytics`: `['ga4']` (Google Tag
   * Manager's `dataLayer`), `['meta']` (Meta's pixel), or both ([analytics](docs/analytics.md)).
   */
  analytics?: ReadonlyArray<'ga4' | 'meta'>;
  /**
   * The visitor's consent to analytics: with it given (even as `{analytics: false}`), no analytics event leaves
   * the widgets before `{analytics: true}` (as `data-consent="required"` with `Storefront.consent()`); a new
   * value tells them at once. `useConsent()` tells them from any component below.
   */
  consent?: { analytics: boolean; ads?: boolean };
  /** Whether analytics wait for the visitor's consent (`data-consent="required"`) without a `consent` yet. */
  consentRequired?: boolean;
  /** The address parameter a coupon link names its code with (`data-coupon-param`), `coupon` by default. */
  couponParam?: string;
  /**
   * Whether the login modal offers the platform's own login page under its form (the script tag's
   * `data-hosted-login-link`); no by default. A sign-in that cannot finish in the modal offers it anyway.
   */
  hostedLoginLink?: boolean;
  /** The `fetch` for every platform call (a test's in-process platform, a proxy); the window's by default. */
  fetch?: typeof fetch;
  children?: ReactNode;
}

/**
 * The settings of a provider, as the script tag's `data-*` attributes: its props but `fetch`, `children` and
 * the callbacks.
 */
type Settings = Omit<StorefrontProviderProps, 'fetch' | 'children' | 'consent' | keyof StorefrontCallbacks>;

/** A provider's props: its settings (a `consent` makes it `consentRequired`), its callbacks, `fetch`, `children`. */
function splitProps(props: StorefrontProviderProps) {
  const { fetch, children, consent, onCheckout, onError, onSignIn, onSignOut, onOrderPlaced, ...rest } =
    props;
  const callbacks: StorefrontCallbacks = { onCheckout, onError, onSignIn, onSignOut, onOrderPlaced };
  const settings: Settings = consent ? { ...rest, consentRequired: true } : rest;
  return { fetch, children, consent, settings, callbacks };
}

/** A started storefront, kept through StrictMode's unmount and mount (`timer` destroys it unless mounted again). */
interface Holder {
  started: Started;
  /** The settings its session was made of (`sessionKeyOf`). */
  key: string;
  timer?: ReturnType<typeof setTimeout>;
}

/**
 * The settings a session is made of: the site's client, the platform and its cart service. A change of any of
 * them starts a new storefront; every other setting changes the running one in place.
 */
const sessionKeyOf = ({ clientId, apiBase, cartApi }: Settings) =>
  JSON.stringify([clientId, apiBase, cartApi]);

/** The settings as the script tag's `data-*` attributes. */
function dataOf(settings: Settings): Record<string, string | undefined> {
  const {
    strings,
    openCartOnAdd,
    analytics,
    consentRequired,
    hostedLoginLink,
    freeShippingOver,
    cartNote,
    ...attributes
  } = settings;
  return {
    ...attributes,
    ...(analytics ? { analytics: analytics.join(' ') } : {}),
    ...(consentRequired ? { consent: 'required' } : {}),
    ...(freeShippingOver === undefined ? {} : { freeShippingOver: String(freeShippingOver) }),
    ...(cartNote === undefined ? {} : { cartNote: String(cartNote) }),
    ...(strings ? { strings: JSON.stringify(strings) } : {}),
    ...(openCartOnAdd === undefined ? {} : { openCartOnAdd: String(openCartOnAdd) }),
    ...(hostedLoginLink === undefined ? {} : { hostedLoginLink: String(hostedLoginLink) }),
  };
}

/** The settings read as the loader reads its script tag's (`<html lang>` and the page's colour scheme included). */
const readSettings = (settings: Settings) =>
  readEmbedConfig(dataOf(settings), window.document.documentElement.lang, pageColorScheme(window.document));

/** The `consent` prop, told to the storefront as it starts and at each change. */
function useConsentProp(consent: StorefrontProviderProps['consent'], started: Started | null) {
  const consentKey = consent && JSON.stringify([consent.analytics, consent.ads]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `consentKey` stands for `consent`
  useEffect(() => {
    if (consent && started) started.api.consent(consent);
  }, [consentKey, started?.api]);
}

/**
 * Makes the one storefront (session, store, cart) for the React tree below it, on the client only: it starts
 * in an effect, so server rendering and hydration see the same empty widgets, and nothing touches `window`
 * before then. It finishes a hosted sign-in found in the URL and loads the cart, as the script tag does.
 * `lang`, `currency`, `theme`, `strings`, `openCartOnAdd`, `accountSections` and `hostedLoginLink` change the
 * running storefront in place (a language switcher keeps the member signed in and her cart); a new `clientId`,
 * `apiBase` or `cartApi` starts a new one, which every hook and component then uses. `fetch` and the callbacks
 * (`onCheckout`, `onError`, `onSignIn`, `onSignOut`, `onOrderPlaced`) may be new functions on every render:
 * the latest are used.
 *
 * @example
 * <StorefrontProvider
 *   clientId="…"
 *   lang="de"
 *   currency="EUR"
 *   onCheckout={(event) => {
 *     event.preventDefault(); // the app's own review page first
 *     navigate(`/review/${event.checkoutId}`);
 *   }}
 *   onError={(problem) => report(problem.code)}
 * >
 *   <Header><MemberBadge /></Header>
 *   <AddToCartButton productId="…">Add to cart</AddToCartButton>
 *   <CartDrawer />
 *   <LoginModal />
 * </StorefrontProvider>
 */
export function StorefrontProvider(props: StorefrontProviderProps): ReactElement {
  const { fetch, children, consent, settings, callbacks } = splitProps(props);
  const sessionKey = sessionKeyOf(settings);
  const settingsKey = JSON.stringify(settings);
  const [live] = useState(createLiveStorefront);
  /** The storefront as started (with the settings of its start). */
  const [base, setBase] = useState<Started | null>(null);
  const holder = useRef<Holder | null>(null);
  // Platform calls go through the latest `fetch` given, and the latest callbacks are called: inline arrows,
  // new on each render, restart nothing.
  const latestFetch = useRef(fetch);
  const latestCallbacks = useRef(callbacks);
  useInsertionEffect(() => {
    latestFetch.current = fetch;
    latestCallbacks.current = callbacks;
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: `sessionKey` stands for the settings of a session
  useEffect(() => {
    let current = holder.current;
    // React's StrictMode (and a fast re-mount) runs the effect twice: the storefront started the first time is
    // kept, not started again (a second start would find the sign-in answer already taken).
    if (current && current.key === sessionKey) clearTimeout(current.timer);
    else {
      if (current) {
        live.set(null);
        current.started.destroy();
      }
      const started = startStorefront(readSettings(settings).config, {
        win: window,
        fetch: (input, init) =>
          latestFetch.current ? latestFetch.current(input, init) : window.fetch(input, init),
        beforeCheckout: checkoutGate(latestCallbacks),
      });
      current = { started, key: sessionKey };
      holder.current = current;
    }
    const mine = current;
    setBase(mine.started);
    return () => {
      mine.timer = setTimeout(() => {
        if (holder.current !== mine) return;
        holder.current = null;
        live.set(null);
        mine.started.destroy();
      });
    };
  }, [sessionKey]);

  // The settings as they are now, read once the storefront runs (on the client: they read the page).
  // (Read again for other settings, or once a storefront runs: none before, when the key is null.)
  const read = useKeyedMemo(base ? settingsKey : null, () => (base ? readSettings(settings) : null));
  const started = useMemo(() => (base && read ? { ...base, config: read.config } : null), [base, read]);
  // What callbacks use from now on: this storefront, with these settings; none while a new session's start
  // (in this commit) has yet to be rendered, never the storefront it replaced.
  useEffect(() => {
    live.set(started && started.store === holder.current?.started.store ? started : null);
  }, [live, started]);
  // A setting that cannot be used is said once (not again for a StrictMode re-run or a render that keeps it).
  const reported = useRef<string | null>(null);
  useEffect(() => {
    if (!read || reported.current === settingsKey) return;
    reported.current = settingsKey;
    for (const problem of read.problems)
      console.error(
        `[storefront] <StorefrontProvider> ${problem.attribute.replace(/^data-/, '')} ${problemText(problem)}`,
      );
  }, [read, settingsKey]);

  useCallbacks(live, started?.store, latestCallbacks);
  useConsentProp(consent, started);

  // The settings from the props alone, the same on the server and in the client's first render: what
  // server-rendered products are rendered with, before the storefront starts.
  const initial = useKeyedMemo(settingsKey, () => readEmbedConfig(dataOf(settings)).config);
  const value = useMemo(() => ({ started, live, initial }), [started, live, initial]);
  return <StorefrontContext.Provider value={value}>{children}</StorefrontContext.Provider>;
}
