import type { Context, Hono } from 'hono';
import { requireMerchant, resolveCaller } from '../auth';
import * as catalog from '../catalog-service/index';
import { type AppEnv, readJsonBody, type SandboxContext } from '../context';
import { validationError } from '../errors';
import { readGetRequest } from '../query';

type Json = Record<string, unknown>;

/**
 * A path parameter is repeated in the query string of GET/DELETE and in the JSON body of POST/PATCH
 * (WIRE.md 3); when both are given they must agree.
 */
function sameAsPath(pathValue: string, given: unknown, field: string): void {
  if (given === undefined || given === null) return;
  // A flattened GET parameter reads `2024` as a number; the path's `2024` is the same value.
  const value = typeof given === 'number' || typeof given === 'boolean' ? String(given) : given;
  if (value !== pathValue) {
    throw validationError([
      {
        field,
        description: `is ${JSON.stringify(given)} but the path names "${pathValue}"`,
        violatedRule: 'VALIDATION',
      },
    ]);
  }
}

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Catalogue reads and writes (`/stores-reader/v1…`, `/stores/v1…`, `/v2/collections…`). */
export function registerCatalogRoutes(app: Hono<AppEnv>, ctx: SandboxContext): void {
  const reader = (c: Context<AppEnv>): catalog.Reader => ({
    merchant: resolveCaller(c, ctx).kind === 'merchant',
  });

  /** A GET's request object (`.r` or flattened params), with the path parameter checked against it. */
  const getRequest = (c: Context<AppEnv>, param: 'id' | 'slug'): Json => {
    const request = readGetRequest(c.req.url);
    sameAsPath(c.req.param(param) ?? '', request[param], param);
    return request;
  };

  /** A POST/PATCH body, with `{"id"}` checked against the path. */
  const body = async (c: Context<AppEnv>): Promise<Json> => {
    const json = await readJsonBody(c);
    sameAsPath(c.req.param('id') ?? '', json.id, 'id');
    return json;
  };

  const id = (c: Context<AppEnv>) => c.req.param('id') ?? '';

  // Reads: any valid caller. Specific paths first, so `query-platformized` is not taken for an id.
  app.get('/stores-reader/v1/products/query-platformized', (c) => {
    const r = reader(c);
    return c.json(catalog.queryProducts(ctx, readGetRequest(c.req.url), r));
  });
  // The long-query fallback (WIRE.md 4): the same request object as a JSON body.
  app.post('/stores-reader/v1/products/query-platformized', async (c) => {
    const r = reader(c);
    return c.json(catalog.queryProducts(ctx, await readJsonBody(c), r));
  });
  app.get('/stores-reader/v1/products/:id', (c) => {
    const r = reader(c);
    return c.json(catalog.getProduct(ctx, id(c), getRequest(c, 'id'), r));
  });
  app.post('/stores-reader/v1/products/:id/productOptionsAvailability', async (c) => {
    const r = reader(c);
    return c.json(catalog.productOptionsAvailability(ctx, id(c), await body(c), r));
  });
  app.post('/stores-reader/v1/products/:id/variants/query', async (c) => {
    const r = reader(c);
    return c.json(catalog.queryProductVariants(ctx, id(c), await body(c), r));
  });
  app.post('/stores-reader/v1/variants/query', async (c) => {
    const r = reader(c);
    return c.json(catalog.queryStoreVariants(ctx, await readJsonBody(c), r));
  });
  app.get('/stores-reader/v1/variants/:id', (c) => {
    const r = reader(c);
    getRequest(c, 'id');
    return c.json(catalog.getStoreVariant(ctx, id(c), r));
  });
  app.get('/stores-reader/v1/collections/slug/:slug', (c) => {
    const r = reader(c);
    getRequest(c, 'slug');
    return c.json(catalog.getCollectionBySlug(ctx, c.req.param('slug'), r));
  });

  app.get('/v2/collections/query', (c) => {
    const r = reader(c);
    return c.json(catalog.queryCollections(ctx, readGetRequest(c.req.url), r));
  });
  app.post('/v2/collections/query', async (c) => {
    const r = reader(c);
    return c.json(catalog.queryCollections(ctx, await readJsonBody(c), r));
  });
  app.get('/v2/collections/slug/:slug', (c) => {
    const r = reader(c);
    getRequest(c, 'slug');
    return c.json(catalog.getCollectionBySlug(ctx, c.req.param('slug'), r));
  });
  app.get('/v2/collections/:id', (c) => {
    const r = reader(c);
    getRequest(c, 'id');
    return c.json(catalog.getCollection(ctx, id(c), r));
  });

  // Writes: the merchant's API key only (401 without a header, 403 for a visitor or member token).
  const merchant = (c: Context<AppEnv>) => requireMerchant(c, ctx);

  app.post('/stores/v1/products', async (c) => {
    merchant(c);
    return c.json(catalog.createProduct(ctx, await readJsonBody(c)));
  });
  app.patch('/stores/v1/products/:id', async (c) => {
    merchant(c);
    const json = await body(c);
    if (isObject(json.product)) sameAsPath(id(c), json.product.id, 'product.id');
    return c.json(catalog.updateProduct(ctx, id(c), json));
  });
  app.delete('/stores/v1/products/:id', (c) => {
    merchant(c);
    getRequest(c, 'id');
    return c.json(catalog.deleteProduct(ctx, id(c)));
  });
  app.patch('/stores/v1/products/:id/variants', async (c) => {
    merchant(c);
    return c.json(catalog.updateVariants(ctx, id(c), await body(c)));
  });
  app.post('/stores/v1/products/:id/variants/resetToDefault', async (c) => {
    merchant(c);
    await body(c);
    return c.json(catalog.resetVariants(ctx, id(c)));
  });
  app.post('/stores/v1/products/:id/media', async (c) => {
    merchant(c);
    return c.json(catalog.addProductMedia(ctx, id(c), await body(c)));
  });
  app.post('/stores/v1/products/:id/media/delete', async (c) => {
    merchant(c);
    return c.json(catalog.removeProductMedia(ctx, id(c), await body(c)));
  });
  app.patch('/stores/v1/products/:id/choices/media', async (c) => {
    merchant(c);
    return c.json(catalog.addMediaToChoices(ctx, id(c), await body(c)));
  });
  app.post('/stores/v1/products/:id/choices/media/delete', async (c) => {
    merchant(c);
    return c.json(catalog.removeMediaFromChoices(ctx, id(c), await body(c)));
  });
  app.delete('/stores/v1/products/:id/options', (c) => {
    merchant(c);
    getRequest(c, 'id');
    return c.json(catalog.deleteProductOptions(ctx, id(c)));
  });
  app.post('/stores/v1/products/:id/remove-brand', async (c) => {
    merchant(c);
    await body(c);
    return c.json(catalog.removeProductField(ctx, id(c), 'brand'));
  });
  app.post('/stores/v1/products/:id/remove-ribbon', async (c) => {
    merchant(c);
    await body(c);
    return c.json(catalog.removeProductField(ctx, id(c), 'ribbon'));
  });

  app.post('/stores/v1/collections', async (c) => {
    merchant(c);
    return c.json(catalog.createCollection(ctx, await readJsonBody(c)));
  });
  app.patch('/stores/v1/collections/:id', async (c) => {
    merchant(c);
    const json = await body(c);
    if (isObject(json.collection)) sameAsPath(id(c), json.collection.id, 'collection.id');
    return c.json(catalog.updateCollection(ctx, id(c), json));
  });
  app.delete('/stores/v1/collections/:id', (c) => {
    merchant(c);
    getRequest(c, 'id');
    return c.json(catalog.deleteCollection(ctx, id(c)));
  });
  app.post('/stores/v1/collections/:id/productIds', async (c) => {
    merchant(c);
    return c.json(catalog.addProductsToCollection(ctx, id(c), await body(c)));
  });
  app.post('/stores/v1/collections/:id/productIds/delete', async (c) => {
    merchant(c);
    return c.json(catalog.removeProductsFromCollection(ctx, id(c), await body(c)));
  });

  app.post('/stores/v1/bulk/products/update', async (c) => {
    merchant(c);
    return c.json(catalog.bulkUpdateProducts(ctx, await readJsonBody(c)));
  });
  app.post('/stores/v1/bulk/products/adjust-properties', async (c) => {
    merchant(c);
    return c.json(catalog.bulkAdjustProducts(ctx, await readJsonBody(c)));
  });
}
