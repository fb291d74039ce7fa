import type { Hono } from 'hono';
import { resolveCaller } from '../auth';
import { deliverySolutionsFor } from '../cart/delivery';
import type { AppEnv, SandboxContext } from '../context';
import { readJsonBody } from '../json-body';

/**
 * Delivery solutions (`@wix/ecom` `deliverySolutions.getDeliverySolutions`): under the path the official SDK
 * sends on every host (its `www.wixapis.com` mapping keeps `/_api/delivery-rates`), and under the REST
 * gateway's spelling of its `api.` mapping (`/delivery-rates/…`). Visitor and member tokens and the API key
 * are accepted, as for the cart.
 */
const PATHS = ['/_api/delivery-rates/v1/get-delivery-solutions', '/delivery-rates/v1/get-delivery-solutions'];

export function registerDeliveryRoutes(app: Hono<AppEnv>, ctx: SandboxContext): void {
  for (const path of PATHS) {
    app.post(path, async (c) => {
      resolveCaller(c, ctx);
      return c.json(deliverySolutionsFor(ctx, await readJsonBody(c)));
    });
  }
}
