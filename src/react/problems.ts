import { useMemo } from 'react';
import type { EmbedConfig } from '../config';
import type { Storefront, StorefrontState, Problem as StoreProblem } from '../store/store';
import { problemText } from '../widgets/cart-drawer/strings';
import { drawerTexts, loginTexts, productTexts, type TextsLoader } from './texts';

/**
 * The stable codes of the problems the hooks and `onError` give, by the widgets' text key they come from. A
 * code is a promise (it never changes meaning); a text key may be renamed with the texts.
 */
const CODES = {
  networkError: 'network_error',
  cartLoadFailed: 'cart_load_failed',
  addFailed: 'add_failed',
  addLost: 'add_lost',
  addCapped: 'add_capped',
  addUnconfirmed: 'add_unconfirmed',
  quantityFailed: 'quantity_failed',
  quantityInvalid: 'quantity_invalid',
  removeFailed: 'remove_failed',
  couponEmpty: 'coupon_empty',
  couponFailed: 'coupon_failed',
  couponUnknown: 'coupon_unknown',
  couponExpired: 'coupon_expired',
  couponMinimum: 'coupon_minimum',
  couponUnusable: 'coupon_unusable',
  couponLocked: 'coupon_locked',
  couponGone: 'coupon_gone',
  couponTaken: 'coupon_taken',
  estimateFailed: 'estimate_failed',
  checkoutFailed: 'checkout_failed',
  signInFailed: 'sign_in_failed',
  sessionExpired: 'session_expired',
  silentFailed: 'silent_sign_in_failed',
  hostedFailed: 'hosted_login_failed',
  productFailed: 'product_failed',
  productsFailed: 'products_failed',
  collectionMissing: 'collection_missing',
} as const;

/**
 * What went wrong, as a stable code:
 * - `network_error`: the platform could not be reached (offline, a dropped connection); worth trying again;
 * - the cart's: `cart_load_failed`, `add_failed` (refused: sold out, unknown product), `add_lost` (the
 *   connection dropped and the item was not added), `add_capped` (fewer were in stock than asked: `detail`
 *   is how many were added), `add_unconfirmed` (it dropped and the cart changed
 *   meanwhile), `quantity_failed`, `quantity_invalid` (not a whole number from 1 to 9999), `remove_failed`;
 * - the coupon's: `coupon_empty` (no code given); refused by the platform: `coupon_unknown` (no such code),
 *   `coupon_expired`, `coupon_minimum` (the subtotal is below the coupon's minimum), `coupon_unusable` (not
 *   usable now: disabled, used up…), each with the code asked for in `detail`; `coupon_locked` (the cart's
 *   coupon cannot be changed), `coupon_gone` (removed, it was no longer on the cart), `coupon_taken` (the cart
 *   already has one); `coupon_failed` (refused for another reason, the platform's words in `detail`);
 * - `estimate_failed` (the shipping estimate), `checkout_failed` (the checkout could not be made);
 * - the session's: `sign_in_failed` (a hosted sign-in that came back unfinished), `session_expired` (signed
 *   out by the platform), `silent_sign_in_failed` (a sign-in that did not finish), `hosted_login_failed`;
 * - the catalogue's: `product_failed`, `products_failed`, `collection_missing` (no such collection);
 * - `unknown`: anything else (the platform's words in `detail`).
 */
export type ProblemCode = (typeof CODES)[keyof typeof CODES] | 'unknown';

/** Where a problem was met: which part of the storefront shows it. */
export type ProblemScope =
  | 'cart'
  | 'coupon'
  | 'shipping'
  | 'checkout'
  | 'session'
  | 'signIn'
  | 'product'
  | 'products';

/**
 * A problem for the person, as the widgets show it: a stable `code` to branch on, the `message` in the
 * provider's language (the widgets' own text, with the provider's `strings` overrides), the text `key` it
 * comes from, and the platform's own words in `detail` when it gave some.
 *
 * @example
 * const { error } = useCart();
 * if (error?.code === 'network_error') showOfflineBanner();
 * return error ? <p role="alert">{error.message}</p> : null;
 */
export interface Problem {
  code: ProblemCode;
  /**
   * The widgets' text for it in the provider's language. Their texts download with the first hook that can
   * show a problem; until they are here (or if they cannot be downloaded) it is the platform's words or the
   * code.
   */
  message: string;
  /** The widgets' text key (`couponFailed`), which `strings` on the provider overrides. */
  key: string;
  /** The platform's own words, a code or quantity asked for, when there are any. */
  detail?: string;
  scope: ProblemScope;
}

/** Which widget's texts say a scope's problems, and what they say of a key they have no text for. */
const SCOPES: Record<ProblemScope, { load: TextsLoader<Record<string, string>>; fallback: string }> = {
  cart: { load: drawerTexts, fallback: 'cartLoadFailed' },
  coupon: { load: drawerTexts, fallback: 'couponFailed' },
  shipping: { load: drawerTexts, fallback: 'estimateFailed' },
  checkout: { load: drawerTexts, fallback: 'checkoutFailed' },
  session: { load: drawerTexts, fallback: 'signInFailed' },
  signIn: { load: loginTexts, fallback: 'silentFailed' },
  product: { load: productTexts, fallback: 'productFailed' },
  products: { load: productTexts, fallback: 'productsFailed' },
};

/** The texts that say a scope's problems. */
export const textsOfScope = (scope: ProblemScope) => SCOPES[scope].load;

/** A store's problem for the app: its code, its message in `texts` (null: not here yet), its key and detail. */
export function toProblem(
  raw: StoreProblem,
  scope: ProblemScope,
  texts: Record<string, string> | null,
): Problem {
  const code = Object.hasOwn(CODES, raw.key) ? CODES[raw.key as keyof typeof CODES] : 'unknown';
  const text = (key: string) => (texts && Object.hasOwn(texts, key) ? texts[key] : undefined);
  const template = text(raw.key);
  const message =
    (template === undefined ? undefined : problemText(template, raw.detail).text) ??
    raw.detail ??
    text(SCOPES[scope].fallback) ??
    code;
  return { code, message, key: raw.key, ...(raw.detail === undefined ? {} : { detail: raw.detail }), scope };
}

/** A store's problem (or none) for the app: the same object while the problem and the texts stay. */
export function useProblem(
  raw: StoreProblem | null | undefined,
  scope: ProblemScope,
  texts: Record<string, string> | null,
): Problem | null {
  return useMemo(() => (raw ? toProblem(raw, scope, texts) : null), [raw, scope, texts]);
}

/** A problem in a language, once its texts are here (said with the platform's words if they cannot be). */
export async function describeProblem(
  raw: StoreProblem,
  scope: ProblemScope,
  config: Pick<EmbedConfig, 'lang' | 'strings'>,
): Promise<Problem> {
  const texts = await SCOPES[scope].load(config.lang, config.strings).catch(() => null);
  return toProblem(raw, scope, texts);
}

/** Every problem the store shows now, with where it is shown. */
function problemsIn(state: StorefrontState): Map<StoreProblem, ProblemScope> {
  const found = new Map<StoreProblem, ProblemScope>();
  const add = (problem: StoreProblem | null, scope: ProblemScope) => problem && found.set(problem, scope);
  const { cart, products } = state;
  add(cart.error, 'cart');
  add(cart.couponError, 'coupon');
  add(cart.totalsError, 'shipping');
  add(cart.checkoutError, 'checkout');
  add(state.session.notice, 'session');
  add(state.signIn.problem, 'signIn');
  for (const read of Object.values(products.reads)) add(read.problem, 'product');
  for (const list of Object.values(products.lists)) add(list.problem, 'products');
  return found;
}

/**
 * Tells each problem the store comes to show, once, as it appears (one still on show is not told again); those
 * on show already when it starts are not told. Returns the end of it.
 */
export function watchProblems(
  store: Storefront,
  report: (problem: StoreProblem, scope: ProblemScope) => void,
): () => void {
  let shown = problemsIn(store.getState());
  return store.subscribe((state) => {
    const now = problemsIn(state);
    const before = shown;
    shown = now;
    for (const [problem, scope] of now) if (!before.has(problem)) report(problem, scope);
  });
}
