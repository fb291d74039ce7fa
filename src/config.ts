/** What a site builder sets on the script tag. */
export interface EmbedConfig {
  /** The OAuth client id of the site (`data-client-id`). */
  clientId: string;
  /** The platform's API base URL (`data-api-base`), default `https://www.wixapis.com`. */
  apiBase: string;
  /** The language of the widgets' text (`data-lang`), default the page's `<html lang>` or `en`. */
  lang: string;
  /** The currency used to format prices the server sends unformatted (`data-currency`), default `USD`. */
  currency: string;
  /**
   * `light`, `dark` or `auto` (`data-theme`), default `auto`: the page's own colour scheme when it allows only
   * one (`pageColorScheme`), else the visitor's system.
   */
  theme: 'light' | 'dark' | 'auto';
  /** Overrides of the widgets' texts (`data-strings`, JSON such as `{"checkout":"Pay now"}`). */
  strings: Record<string, string>;
  /**
   * Whether an add from a `data-sf-add-to-cart` button opens the drawer (`data-open-cart-on-add`), default yes;
   * `toast` shows a small notice instead (`toastOnAdd`).
   */
  openCartOnAdd: boolean;
  /** `data-open-cart-on-add="toast"`: an add shows a small notice near the page's cart button, not the drawer. */
  toastOnAdd?: boolean;
  /**
   * The member menu's sections of the platform's members area, by name (`data-account-sections="orders
   * bookings"`); the menu reads them. Default: the shop's own, `account orders`.
   */
  accountSections?: string | undefined;
  /**
   * The platform's cart service (`data-cart-api`): `v1` (default while the platform calls Cart V2 a preview)
   * or `v2`. The same cart either way; v1 is removed on 2027-02-01.
   */
  cartApi: 'v1' | 'v2';
  /**
   * Where the widgets' e-commerce events go (`data-analytics="ga4 meta"`), as given: read, and any other word
   * reported, by the analytics code (`src/analytics/`), which downloads only for a page that names some.
   */
  analytics?: string | undefined;
  /** `required` (`data-consent`): no analytics event leaves the widgets before the visitor's consent. */
  consent?: string | undefined;
  /** The address parameter a coupon link names its code with (`data-coupon-param`), `coupon` by default. */
  couponParam?: string | undefined;
  /**
   * Whether the login modal offers the platform's own login page under its form (`data-hosted-login-link`, a
   * boolean attribute; `"false"` is off), default no. A sign-in that cannot finish in the modal offers it anyway.
   */
  hostedLoginLink: boolean;
  /**
   * The drawer's marketing parts, as given (`data-free-shipping-over`, `data-cross-sell`, `data-cart-note`): read,
   * and a wrong value reported, by their own code (src/marketing.ts), which the first page does not download.
   */
  freeShippingOver?: string | undefined;
  crossSell?: string | undefined;
  cartNote?: string | undefined;
}

export const DEFAULT_API_BASE = 'https://www.wixapis.com';

/**
 * A language as a canonical BCP 47 tag (`pt_BR` and `PT-br` → `pt-BR`, `en_US` → `en-US`), or undefined
 * for what is not one (`en-`, `constructor`): the widgets' plural rules and number formats need a valid tag.
 */
export function canonicalLanguage(raw: string): string | undefined {
  try {
    return Intl.getCanonicalLocales(raw.trim().replace(/_/g, '-'))[0];
  } catch {
    return undefined;
  }
}

/**
 * An `rgb(…)`/`rgba(…)` colour's lightness (0–1, Rec. 709 weights on the sRGB values) and alpha, else undefined
 * (a colour in another syntax says nothing).
 */
function lightnessOf(color = ''): [number, number] | undefined {
  const [r = 0, g = 0, b = 0, a = 1] = color.match(/[\d.]+/g)?.map(Number) ?? [];
  return color.startsWith('rgb') ? [(0.2126 * r + 0.7152 * g + 0.0722 * b) / 255, a] : undefined;
}

/**
 * The page's own colour scheme: its root element's computed `color-scheme`, else its
 * `<meta name="color-scheme">` (`light`, `only dark`, …), when that allows only one. Undefined when the page
 * allows both (the visitor's system decides, as for the page). A page that declares nothing is as light or dark
 * as its background (its body's, else its root's, else the white canvas).
 */
export function pageColorScheme(doc: Document): 'light' | 'dark' | undefined {
  const style = (el: Element | null) => (el ? doc.defaultView?.getComputedStyle(el) : undefined);
  const declared = style(doc.documentElement)?.colorScheme;
  // Chromium says `normal` for a page that declares nothing (happy-dom says nothing).
  const scheme =
    (declared !== 'normal' && declared) ||
    doc.querySelector<HTMLMetaElement>('meta[name=color-scheme]')?.content ||
    '';
  const light = scheme.includes('light');
  if (light !== scheme.includes('dark')) return light ? 'light' : 'dark';
  if (scheme && scheme !== 'normal') return undefined;
  for (const el of [doc.body, doc.documentElement]) {
    const [lightness, alpha] = lightnessOf(style(el)?.backgroundColor) ?? [0, 0];
    if (alpha > 0.5) return lightness < 0.46 ? 'dark' : 'light';
  }
  return 'light';
}

/**
 * A script-tag attribute that is present but unusable, reported once on the console: `problemText`
 * (`config-problems.ts`, which the loader downloads only for a tag that has one) says what is wrong with it. What
 * was given, and for a choice of a few words, which they are and the one used instead.
 */
export interface ConfigProblem {
  attribute: string;
  given?: string | undefined;
  allowed?: string[];
  fallback?: string;
}

/** One of a few words (case and spaces aside), else `fallback`, with a problem that lists them. */
function oneOf<T extends string>(
  given: string | undefined,
  attribute: string,
  allowed: T[],
  fallback: T,
  problems: ConfigProblem[],
): T {
  const value = (given?.trim().toLowerCase() || fallback) as T;
  if (allowed.includes(value)) return value;
  problems.push({ attribute, given, allowed, fallback });
  return fallback;
}

/**
 * Reads the `data-*` configuration of the embedding script tag. Never throws: a bad value falls back to the
 * default and is reported in `problems`, so one typo does not take the shop off the page. `auto` is taken
 * as `pageScheme` when the page gives one.
 */
export function readEmbedConfig(
  data: Record<string, string | undefined>,
  documentLang?: string,
  /** The page's own colour scheme (`pageColorScheme`), which `auto` follows. */
  pageScheme?: 'light' | 'dark',
): { config: EmbedConfig; problems: ConfigProblem[] } {
  const problems: ConfigProblem[] = [];
  const problem = (attribute: string, given?: string) => problems.push({ attribute, given });
  const clientId = data.clientId?.trim() ?? '';
  if (!clientId) problem('data-client-id');
  let apiBase = data.apiBase?.trim() || DEFAULT_API_BASE;
  if (!/^https?:\/\//.test(apiBase) || !URL.canParse(apiBase)) {
    problem('data-api-base', apiBase);
    apiBase = DEFAULT_API_BASE;
  }
  const givenLang = data.lang?.trim() || documentLang?.trim() || 'en';
  let lang = canonicalLanguage(givenLang);
  if (!lang) {
    problem(data.lang?.trim() ? 'data-lang' : '<html lang>', givenLang);
    lang = 'en';
  }
  let currency = (data.currency?.trim() || 'USD').toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency)) {
    problem('data-currency', data.currency);
    currency = 'USD';
  }
  const theme = oneOf(data.theme, 'data-theme', ['light', 'dark', 'auto'], 'auto', problems);
  let strings: Record<string, string> = {};
  if (data.strings?.trim()) {
    try {
      const parsed = JSON.parse(data.strings) as unknown;
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
        throw new Error('not an object');
      strings = Object.fromEntries(
        Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
      );
    } catch {
      problem('data-strings');
    }
  }
  const open = oneOf(
    data.openCartOnAdd,
    'data-open-cart-on-add',
    ['true', 'false', 'toast'],
    'true',
    problems,
  );
  const cartApi = oneOf(data.cartApi, 'data-cart-api', ['v1', 'v2'], 'v1', problems);
  return {
    config: {
      // The attributes the code that uses them reads (`accountSections`, `analytics`, `consent`, `couponParam`,
      // the marketing parts') go as given; the others as read above.
      ...data,
      clientId,
      apiBase: apiBase.replace(/\/+$/, ''),
      lang,
      currency,
      theme: theme === 'auto' && pageScheme ? pageScheme : theme,
      strings,
      openCartOnAdd: open === 'true',
      cartApi,
      hostedLoginLink: (data.hostedLoginLink ?? 'false') !== 'false',
      toastOnAdd: open === 'toast',
    },
    problems,
  };
}
