import type { Context, Hono } from 'hono';
import { resolveCaller } from '../auth';
import { cartById, deleteCurrentCart, noCurrentCart, ownerKey, shopperOf } from '../cart/model';
import { calculateCurrentCartV2, estimateCurrentCartV2 } from '../cart/v2/calculate';
import { cartForCaller, requireCurrentCart } from '../cart/v2/carts';
import { checkoutUrlOf, placeCartOrder } from '../cart/v2/checkout';
import { addCouponV2, removeCouponV2 } from '../cart/v2/coupons';
import {
  createCurrentCart,
  refreshCurrentCartV2,
  updateCurrentCartV2,
  updateFormSubmissionsV2,
  upsellOptionsOf,
} from '../cart/v2/current-cart';
import { removeDeliveryMethodV2, setDeliveryMethodV2 } from '../cart/v2/delivery-method';
import { addGiftCardV2, removeGiftCardV2 } from '../cart/v2/gift-cards';
import { addLineItemsV2, removeLineItemsV2, updateLineItemsV2 } from '../cart/v2/lines';
import { cartV2View } from '../cart/v2/view';
import type { AppEnv, SandboxContext } from '../context';
import { readJsonBody } from '../json-body';
import type { StoredCart } from '../state';

/**
 * The V2 current cart (`wix.ecom.cart.v2.CurrentCartService`, CART-V2.md 2), under its REST prefix and
 * under the site-domain path the official SDK uses when it is pointed at a host (`/_api/cart-v2/v2/…`,
 * CART-V2.md 1); and the Cart service's place-order and get-checkout-url by cart id.
 */
const PREFIXES = ['/ecom/v2/carts/current', '/_api/cart-v2/v2/carts/current'];
const CART_BY_ID = '/ecom/v2/carts/:cartId';

export function registerCartV2Routes(app: Hono<AppEnv>, ctx: SandboxContext): void {
  for (const prefix of PREFIXES) registerCurrentCart(app, ctx, prefix);
  registerCartService(app, ctx);
}

/** The current cart's calls under one prefix: the caller's own cart, by their token. */
function registerCurrentCart(app: Hono<AppEnv>, ctx: SandboxContext, base: string): void {
  const shopper = (c: Context<AppEnv>) => shopperOf(resolveCaller(c, ctx));
  const cartJson = (c: Context<AppEnv>, cart: StoredCart) => c.json({ cart: cartV2View(ctx, cart) });

  app.get(base, (c) => cartJson(c, requireCurrentCart(ctx, shopper(c))));
  app.post(base, async (c) => {
    const who = shopper(c);
    return cartJson(c, createCurrentCart(ctx, who, await readJsonBody(c)));
  });
  app.patch(base, async (c) => {
    const who = shopper(c);
    return cartJson(c, updateCurrentCartV2(ctx, who, await readJsonBody(c)));
  });
  app.delete(base, (c) => {
    if (!deleteCurrentCart(ctx, shopper(c))) throw noCurrentCart();
    return c.json({});
  });
  app.get(`${base}/upsell-options`, (c) => c.json(upsellOptionsOf(ctx, shopper(c))));

  const post = (
    path: string,
    run: (who: ReturnType<typeof shopperOf>, body: Record<string, unknown>) => StoredCart,
  ) =>
    app.post(`${base}/${path}`, async (c) => {
      const who = shopper(c);
      return cartJson(c, run(who, await readJsonBody(c)));
    });
  post('refresh', (who) => refreshCurrentCartV2(ctx, who));
  post('add-line-items', (who, body) => addLineItemsV2(ctx, who, body));
  post('remove-line-items', (who, body) => removeLineItemsV2(ctx, who, body));
  post('update-line-items', (who, body) => updateLineItemsV2(ctx, who, body));
  post('add-coupon', (who, body) => addCouponV2(ctx, who, body));
  post('remove-coupon', (who, body) => removeCouponV2(ctx, who, body));
  post('set-delivery-method', (who, body) => setDeliveryMethodV2(ctx, who, body));
  post('remove-delivery-method', (who) => removeDeliveryMethodV2(ctx, who));
  post('add-gift-card', (who, body) => addGiftCardV2(ctx, who, body));
  post('remove-gift-card', (who, body) => removeGiftCardV2(ctx, who, body));
  post('update-forms-submission', (who, body) => updateFormSubmissionsV2(ctx, who, body));

  app.post(`${base}/calculate`, async (c) => {
    const who = shopper(c);
    const { cart, summary } = calculateCurrentCartV2(ctx, who, await readJsonBody(c));
    return c.json({ cart: cartV2View(ctx, cart), summary });
  });
  app.post(`${base}/estimate`, async (c) => {
    const who = shopper(c);
    const { cart, summary } = estimateCurrentCartV2(ctx, who, await readJsonBody(c));
    return c.json({ cart: cartV2View(ctx, cart), summary });
  });
}

/** The Cart service by id: the cart's owner (visitor or member token) or the merchant's API key. */
function registerCartService(app: Hono<AppEnv>, ctx: SandboxContext): void {
  const ownCart = (c: Context<AppEnv>) => {
    const caller = resolveCaller(c, ctx);
    const cartId = c.req.param('cartId') ?? '';
    const owner = caller.kind === 'merchant' ? undefined : ownerKey(caller);
    return cartForCaller(cartById(ctx, cartId), owner, cartId);
  };
  app.post(`${CART_BY_ID}/place-order`, async (c) => {
    const cart = ownCart(c);
    return c.json(placeCartOrder(ctx, cart, await readJsonBody(c)));
  });
  app.post(`${CART_BY_ID}/get-checkout-url`, async (c) => {
    const cart = ownCart(c);
    const caller = resolveCaller(c, ctx);
    const clientId = caller.kind === 'merchant' ? undefined : caller.clientId;
    return c.json(checkoutUrlOf(ctx, cart, await readJsonBody(c), clientId));
  });
}
