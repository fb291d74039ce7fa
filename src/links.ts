import type { KeyValueStorage } from './auth/storage';
import type { EmbedConfig } from './config';
import { couponCodeOf, LINK_COUPON_KEY } from './store/coupon-link';
import type { Storefront } from './store/store';

/** The link that opens the cart (`?sf-cart=open`, an abandoned-cart email's). */
const CART_PARAM = 'sf-cart';

/** `data-coupon-param`: an address parameter's name (`coupon` by default, or when it cannot be one). */
function couponParamOf(given: string | undefined): string {
  const name = given?.trim();
  if (!name) return 'coupon';
  if (/^[\w.-]{1,40}$/.test(name)) return name;
  console.error(
    `[storefront] data-coupon-param "${given}" is not a parameter name such as promo; using coupon`,
  );
  return 'coupon';
}

/** Settles once the visitor's cart is known (read, or known to be none), or its read failed. */
function cartKnown(store: Storefront): Promise<void> {
  const known = () => ['ready', 'error'].includes(store.getState().cart.status);
  return new Promise((resolve) => {
    if (known()) return resolve();
    const stop = store.subscribe(() => {
      if (!known()) return;
      stop();
      resolve();
    });
  });
}

/**
 * What the address the visitor arrived at asks of the cart (downloaded only when it names one of these): a
 * coupon (`?coupon=SAVE10`, by `data-coupon-param`'s name), kept for the visit and applied to the cart the
 * visitor has, else at the first add; the drawer opened (`?sf-cart=open`). Both leave the address at once
 * (`history.replaceState`: the other parameters and the hash stay), so a reload or a shared address does neither
 * again. A code that is not one is said on the console; one the platform refuses, in the drawer.
 */
export async function followLinks(
  config: EmbedConfig,
  win: Window,
  store: Storefront,
  /** This visit's storage (`StoreDeps.visit`). */
  visit: KeyValueStorage,
): Promise<void> {
  const url = new URL(win.location.href);
  const param = couponParamOf(config.couponParam);
  const given = url.searchParams.get(param);
  const open = url.searchParams.get(CART_PARAM) === 'open';
  for (const name of [param, CART_PARAM]) url.searchParams.delete(name);
  if (url.href !== win.location.href) win.history.replaceState(win.history.state, '', url.href);
  const code = couponCodeOf(given);
  if (given !== null && !code)
    console.error(
      `[storefront] the address's ${param} is not a coupon code (short printable text); left out`,
    );
  if (code) visit.set(LINK_COUPON_KEY, code);
  await cartKnown(store);
  const state = store.getState();
  if (code && state.cart.cart?.lineItems?.length) {
    visit.remove(LINK_COUPON_KEY);
    await state.applyCoupon(code);
  }
  if (open) store.getState().openCart();
}
