import type { Hono } from 'hono';
import { resolveCaller } from '../auth';
import {
  addLines,
  cartView,
  createCheckout,
  estimateTotals,
  removeLines,
  requireCart,
  shopperOf,
  touch,
  updateCart,
  updateQuantities,
} from '../cart';
import { type AppEnv, readJsonBody, type SandboxContext } from '../context';
import { applicationError } from '../errors';

const CART = '/ecom/v1/carts/current';

/** The current cart (`/ecom/v1/carts/current…`, SPEC.md 7): the caller's own cart, by their token. */
export function registerCartRoutes(app: Hono<AppEnv>, ctx: SandboxContext): void {
  app.get(CART, (c) => {
    const shopper = shopperOf(resolveCaller(c, ctx));
    return c.json({ cart: cartView(ctx, requireCart(ctx, shopper)) });
  });

  app.patch(CART, async (c) => {
    const shopper = shopperOf(resolveCaller(c, ctx));
    const cart = updateCart(ctx, shopper, await readJsonBody(c));
    return c.json({ cart: cartView(ctx, cart) });
  });

  app.delete(CART, (c) => {
    const shopper = shopperOf(resolveCaller(c, ctx));
    const cart = requireCart(ctx, shopper);
    ctx.state.carts.delete(cart.owner);
    return c.json({});
  });

  app.post(`${CART}/add-to-cart`, async (c) => {
    const shopper = shopperOf(resolveCaller(c, ctx));
    return c.json({ cart: cartView(ctx, addLines(ctx, shopper, await readJsonBody(c))) });
  });

  app.post(`${CART}/remove-line-items`, async (c) => {
    const shopper = shopperOf(resolveCaller(c, ctx));
    return c.json({ cart: cartView(ctx, removeLines(ctx, shopper, await readJsonBody(c))) });
  });

  app.post(`${CART}/update-line-items-quantity`, async (c) => {
    const shopper = shopperOf(resolveCaller(c, ctx));
    return c.json({ cart: cartView(ctx, updateQuantities(ctx, shopper, await readJsonBody(c))) });
  });

  app.post(`${CART}/remove-coupon`, async (c) => {
    const shopper = shopperOf(resolveCaller(c, ctx));
    await readJsonBody(c);
    const cart = requireCart(ctx, shopper);
    if (!cart.couponCode)
      throw applicationError(400, 'NO_COUPON_APPLIED', 'The cart has no coupon to remove');
    delete cart.couponCode;
    touch(ctx, cart);
    return c.json({ cart: cartView(ctx, cart) });
  });

  app.post(`${CART}/estimate-totals`, async (c) => {
    const shopper = shopperOf(resolveCaller(c, ctx));
    const body = await readJsonBody(c);
    return c.json(estimateTotals(ctx, requireCart(ctx, shopper), body));
  });

  app.post(`${CART}/create-checkout`, async (c) => {
    const shopper = shopperOf(resolveCaller(c, ctx));
    return c.json({ checkoutId: createCheckout(ctx, shopper, await readJsonBody(c)) });
  });
}
