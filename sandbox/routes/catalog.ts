import type { Context, Hono } from 'hono';
import { requireMerchant, resolveCaller } from '../auth';
import * as catalog from '../catalog-service/index';
import type { AppEnv, SandboxContext } from '../context';
import { validationError } from '../errors';
import { readJsonBody } from '../json-body';
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
  registerStoresReader(app, ctx);
  registerCollectionReads(app, ctx);
  registerProductWrites(app, ctx);
  registerCollectionWrites(app, ctx);
  registerBulkProductWrites(app, ctx);
}

/** Who reads: the merchant sees hidden products and merchant data, anyone else what the store shows. */
const readerOf = (c: Context<AppEnv>, ctx: SandboxContext): catalog.Reader => ({
  merchant: resolveCaller(c, ctx).kind === 'merchant',
});

/**
 * A GET's request object (`.r` or flattened params), with the path parameter checked against it. A
 * flattened parameter sent once is compared as the text it was: read as a request field, the slug `0123`
 * would be the number 123 and no longer match its own path.
 */
function getRequest(c: Context<AppEnv>, param: 'id' | 'slug'): Json {
  const request = readGetRequest(c.req.url);
  const params = new URL(c.req.url).searchParams;
  const sent = params.getAll(param);
  const repeated = params.has('.r') || sent.length !== 1 ? request[param] : sent[0];
  sameAsPath(c.req.param(param) ?? '', repeated, param);
  return request;
}

/** A POST/PATCH body, with `{"id"}` checked against the path. */
async function bodyOf(c: Context<AppEnv>): Promise<Json> {
  const json = await readJsonBody(c);
  sameAsPath(c.req.param('id') ?? '', json.id, 'id');
  return json;
}

const idOf = (c: Context<AppEnv>) => c.req.param('id') ?? '';

/** Reads of products and variants (`/stores-reader/v1…`): any valid caller. */
function registerStoresReader(app: Hono<AppEnv>, ctx: SandboxContext): void {
  // Specific paths first, so `query-platformized` is not taken for an id.
  app.get('/stores-reader/v1/products/query-platformized', (c) => {
    const r = readerOf(c, ctx);
    return c.json(catalog.queryProducts(ctx, readGetRequest(c.req.url), r));
  });
  // The long-query fallback (WIRE.md 4): the same request object as a JSON body.
  app.post('/stores-reader/v1/products/query-platformized', async (c) => {
    const r = readerOf(c, ctx);
    return c.json(catalog.queryProducts(ctx, await readJsonBody(c), r));
  });
  app.get('/stores-reader/v1/products/:id', (c) => {
    const r = readerOf(c, ctx);
    return c.json(catalog.getProduct(ctx, idOf(c), getRequest(c, 'id'), r));
  });
  app.post('/stores-reader/v1/products/:id/productOptionsAvailability', async (c) => {
    const r = readerOf(c, ctx);
    return c.json(catalog.productOptionsAvailability(ctx, idOf(c), await bodyOf(c), r));
  });
  app.post('/stores-reader/v1/products/:id/variants/query', async (c) => {
    const r = readerOf(c, ctx);
    return c.json(catalog.queryProductVariants(ctx, idOf(c), await bodyOf(c), r));
  });
  app.post('/stores-reader/v1/variants/query', async (c) => {
    const r = readerOf(c, ctx);
    return c.json(catalog.queryStoreVariants(ctx, await readJsonBody(c), r));
  });
  app.get('/stores-reader/v1/variants/:id', (c) => {
    const r = readerOf(c, ctx);
    getRequest(c, 'id');
    return c.json(catalog.getStoreVariant(ctx, idOf(c), r));
  });
  app.get('/stores-reader/v1/collections/slug/:slug', (c) => {
    const r = readerOf(c, ctx);
    getRequest(c, 'slug');
    return c.json(catalog.getCollectionBySlug(ctx, c.req.param('slug'), r));
  });
}

/** Reads of collections (`/v2/collections…`): any valid caller. */
function registerCollectionReads(app: Hono<AppEnv>, ctx: SandboxContext): void {
  app.get('/v2/collections/query', (c) => {
    const r = readerOf(c, ctx);
    return c.json(catalog.queryCollections(ctx, readGetRequest(c.req.url), r));
  });
  app.post('/v2/collections/query', async (c) => {
    const r = readerOf(c, ctx);
    return c.json(catalog.queryCollections(ctx, await readJsonBody(c), r));
  });
  app.get('/v2/collections/slug/:slug', (c) => {
    const r = readerOf(c, ctx);
    getRequest(c, 'slug');
    return c.json(catalog.getCollectionBySlug(ctx, c.req.param('slug'), r));
  });
  app.get('/v2/collections/:id', (c) => {
    const r = readerOf(c, ctx);
    getRequest(c, 'id');
    return c.json(catalog.getCollection(ctx, idOf(c), r));
  });
}

// Writes: the merchant's API key only (401 without a header, 403 for a visitor or member token).

/** Product writes: the product, its variants, media, options, brand and ribbon. */
function registerProductWrites(app: Hono<AppEnv>, ctx: SandboxContext): void {
  const merchant = (c: Context<AppEnv>) => requireMerchant(c, ctx);
  app.post('/stores/v1/products', async (c) => {
    merchant(c);
    return c.json(catalog.createProduct(ctx, await readJsonBody(c)));
  });
  app.patch('/stores/v1/products/:id', async (c) => {
    merchant(c);
    const json = await bodyOf(c);
    if (isObject(json.product)) sameAsPath(idOf(c), json.product.id, 'product.id');
    return c.json(catalog.updateProduct(ctx, idOf(c), json));
  });
  app.delete('/stores/v1/products/:id', (c) => {
    merchant(c);
    getRequest(c, 'id');
    return c.json(catalog.deleteProduct(ctx, idOf(c)));
  });
  app.patch('/stores/v1/products/:id/variants', async (c) => {
    merchant(c);
    return c.json(catalog.updateVariants(ctx, idOf(c), await bodyOf(c)));
  });
  app.post('/stores/v1/products/:id/variants/resetToDefault', async (c) => {
    merchant(c);
    await bodyOf(c);
    return c.json(catalog.resetVariants(ctx, idOf(c)));
  });
  registerProductMediaWrites(app, ctx);
  app.delete('/stores/v1/products/:id/options', (c) => {
    merchant(c);
    getRequest(c, 'id');
    return c.json(catalog.deleteProductOptions(ctx, idOf(c)));
  });
  for (const field of ['brand', 'ribbon'] as const) {
    app.post(`/stores/v1/products/:id/remove-${field}`, async (c) => {
      merchant(c);
      await bodyOf(c);
      return c.json(catalog.removeProductField(ctx, idOf(c), field));
    });
  }
}

/** A product's media, and the media of its choices. */
function registerProductMediaWrites(app: Hono<AppEnv>, ctx: SandboxContext): void {
  const merchant = (c: Context<AppEnv>) => requireMerchant(c, ctx);
  app.post('/stores/v1/products/:id/media', async (c) => {
    merchant(c);
    return c.json(catalog.addProductMedia(ctx, idOf(c), await bodyOf(c)));
  });
  app.post('/stores/v1/products/:id/media/delete', async (c) => {
    merchant(c);
    return c.json(catalog.removeProductMedia(ctx, idOf(c), await bodyOf(c)));
  });
  app.patch('/stores/v1/products/:id/choices/media', async (c) => {
    merchant(c);
    return c.json(catalog.addMediaToChoices(ctx, idOf(c), await bodyOf(c)));
  });
  app.post('/stores/v1/products/:id/choices/media/delete', async (c) => {
    merchant(c);
    return c.json(catalog.removeMediaFromChoices(ctx, idOf(c), await bodyOf(c)));
  });
}

/** Collection writes: the collection and the products in it. */
function registerCollectionWrites(app: Hono<AppEnv>, ctx: SandboxContext): void {
  const merchant = (c: Context<AppEnv>) => requireMerchant(c, ctx);
  app.post('/stores/v1/collections', async (c) => {
    merchant(c);
    return c.json(catalog.createCollection(ctx, await readJsonBody(c)));
  });
  app.patch('/stores/v1/collections/:id', async (c) => {
    merchant(c);
    const json = await bodyOf(c);
    if (isObject(json.collection)) sameAsPath(idOf(c), json.collection.id, 'collection.id');
    return c.json(catalog.updateCollection(ctx, idOf(c), json));
  });
  app.delete('/stores/v1/collections/:id', (c) => {
    merchant(c);
    getRequest(c, 'id');
    return c.json(catalog.deleteCollection(ctx, idOf(c)));
  });
  app.post('/stores/v1/collections/:id/productIds', async (c) => {
    merchant(c);
    return c.json(catalog.addProductsToCollection(ctx, idOf(c), await bodyOf(c)));
  });
  app.post('/stores/v1/collections/:id/productIds/delete', async (c) => {
    merchant(c);
    return c.json(catalog.removeProductsFromCollection(ctx, idOf(c), await bodyOf(c)));
  });
}

function registerBulkProductWrites(app: Hono<AppEnv>, ctx: SandboxContext): void {
  app.post('/stores/v1/bulk/products/update', async (c) => {
    requireMerchant(c, ctx);
    return c.json(catalog.bulkUpdateProducts(ctx, await readJsonBody(c)));
  });
  app.post('/stores/v1/bulk/products/adjust-properties', async (c) => {
    requireMerchant(c, ctx);
    return c.json(catalog.bulkAdjustProducts(ctx, await readJsonBody(c)));
  });
}
