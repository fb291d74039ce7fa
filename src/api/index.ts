/**
 * storefront-widgets/api: a typed client for every storefront and merchant call of the platform, for
 * browsers and Node ≥ 20, and `Webhooks`, the receiver of its signed events. Plain functions that take the
 * client first, so bundlers keep only what is used.
 *
 * @example
 * import { createApiClient, apiKeyAuth, queryProducts } from 'storefront-widgets/api';
 * const client = createApiClient({ auth: apiKeyAuth(process.env.WIX_API_KEY!) });
 * const page = await queryProducts(client).limit(10).find();
 */
export * from './base64';
export * from './cart';
export * from './cart-v2';
export * from './delivery';
export * from './encoding';
export * from './errors';
export * from './events';
export * from './http';
export * from './identity';
export * from './members';
export * from './oauth';
export * from './paging';
export * from './polite';
export * from './product-export';
export * from './product-import';
export * from './product-rows';
export * from './products';
export * from './query-builder';
export * from './redirects';
export * from './safe-url';
export * from './seg';
export * from './types/index';
export * from './webhooks';
