import type { Hono } from 'hono';
import { resolveCaller } from '../auth';
import { noCurrentCart, requireCart, shopperOf } from '../cart/model';
import { createCheckout } from '../cart/v1/checkout';
import { removeCouponV1 } from '../cart/v1/coupons';
import { estimateTotals } from '../cart/v1/estimate';
import { addLines, removeLinesV1, updateQuantities } from '../cart/v1/lines';
import { updateCart } from '../cart/v1/update';
import { cartView } from '../cart/v1/view';
import type { AppEnv, SandboxContext } from '../context';
import { readJsonBody } from '../json-body';

const CART = '/ecom/v1/carts/current';

/** The v1 current cart (`/ecom/v1/carts/current…`, SPEC.md 7): the caller's own cart, by their token. */
export function registerCartV1Routes(app: Hono<AppEnv>, ctx: SandboxContext): void {
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
    if (!ctx.state.carts.delete(cart.owner)) throw noCurrentCart();
    return c.json({});
  });

  app.post(`${CART}/add-to-cart`, async (c) => {
    const shopper = shopperOf(resolveCaller(c, ctx));
    return c.json({ cart: cartView(ctx, addLines(ctx, shopper, await readJsonBody(c))) });
  });

  app.post(`${CART}/remove-line-items`, async (c) => {
    const shopper = shopperOf(resolveCaller(c, ctx));
    return c.json({ cart: cartView(ctx, removeLinesV1(ctx, shopper, await readJsonBody(c))) });
  });

  app.post(`${CART}/update-line-items-quantity`, async (c) => {
    const shopper = shopperOf(resolveCaller(c, ctx));
    return c.json({ cart: cartView(ctx, updateQuantities(ctx, shopper, await readJsonBody(c))) });
  });

  app.post(`${CART}/remove-coupon`, async (c) => {
    const shopper = shopperOf(resolveCaller(c, ctx));
    await readJsonBody(c);
    return c.json({ cart: cartView(ctx, removeCouponV1(ctx, shopper)) });
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
