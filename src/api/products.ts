import { base64UrlEncodeJson } from './base64';
import type { ApiClient } from './http';
import { DEFAULT_PAGE_SIZE, offsetPage, type Page } from './paging';
import { QueryBuilder, type QueryRequest } from './query-builder';
import { seg } from './seg';
import type { Collection, QueryCollectionsResponse } from './types/collections';
import type {
  AdjustValue,
  BulkUpdateProductsResponse,
  GetStoreVariantResponse,
  MediaAssignmentToChoice,
  MediaDataForWrite,
  Product,
  ProductOptionsAvailabilityResponse,
  QueryProductsPlatformizedResponse,
  QueryProductVariantsResponse,
  QueryStoreVariantsResponse,
  SetValue,
  StoreVariant,
  UpdateVariantsResponse,
  VariantOverride,
} from './types/products';

const READER = '/stores-reader/v1';
const STORES = '/stores/v1';

export interface ProductResponse {
  product: Product;
}

export interface CollectionResponse {
  collection: Collection;
}

// ——— Catalogue reads ———

/**
 * A product by id. Tried once more after a 5xx or a network failure (SPEC.md 7).
 * `includeMerchantSpecificData` (cost and profit) needs the merchant's API key.
 */
export const getProduct = (
  client: ApiClient,
  id: string,
  options: { includeMerchantSpecificData?: boolean } = {},
) =>
  client.request<ProductResponse>({
    method: 'GET',
    path: `${READER}/products/${seg(id)}`,
    query: { id, ...(options.includeMerchantSpecificData ? { includeMerchantSpecificData: true } : {}) },
    retries: 1,
  });

export interface ProductQueryOptions {
  includeVariants?: boolean;
  includeHiddenProducts?: boolean;
  includeMerchantSpecificData?: boolean;
}

/**
 * One page of products for a query body (`{filter, sort, paging}`): the request `queryProducts` sends, without
 * its builder, for callers that keep their own paging (a grid's "Load more").
 *
 * @example
 * const { products, metadata } = await queryProductsPage(client, { filter: {}, paging: { offset: 0, limit: 12 } });
 */
export const queryProductsPage = (
  client: ApiClient,
  query: QueryRequest,
  options: ProductQueryOptions = {},
) =>
  client.request<QueryProductsPlatformizedResponse>({
    method: 'GET',
    path: `${READER}/products/query-platformized`,
    query: { query, ...options },
    complex: base64UrlEncodeJson,
    longGetFallback: true,
    retries: 1,
  });

/**
 * A product query (`query-platformized`): `.r=` on the wire, a POST when the query string would pass 4000
 * characters, and one more try after a 5xx or a network failure.
 *
 * @example
 * const page = await queryProducts(client).eq('collectionIds', summerId).ascending('name').limit(12).find();
 */
export function queryProducts(
  client: ApiClient,
  options: ProductQueryOptions & { query?: Partial<QueryRequest> } = {},
): QueryBuilder<Product> {
  const { query: initial, ...flags } = options;
  return new QueryBuilder<Product>(
    async (query) => {
      const res = await queryProductsPage(client, query, flags);
      return { items: res.products ?? [], metadata: res.metadata };
    },
    {
      filter: initial?.filter ?? {},
      paging: { offset: initial?.paging?.offset ?? 0, limit: initial?.paging?.limit ?? DEFAULT_PAGE_SIZE },
      ...(initial?.sort ? { sort: initial.sort } : {}),
    },
  );
}

/** A collection by slug (catalog v1 reader). */
export const getCollectionBySlugV1 = (client: ApiClient, slug: string) =>
  client.request<CollectionResponse>({
    method: 'GET',
    path: `${READER}/collections/slug/${seg(slug)}`,
    query: { slug },
  });

/** What a partial choice of options leaves available, and the variant when the choice names exactly one. */
export const getProductOptionsAvailability = (
  client: ApiClient,
  id: string,
  options: Record<string, string>,
) =>
  client.request<ProductOptionsAvailabilityResponse>({
    method: 'POST',
    path: `${READER}/products/${seg(id)}/productOptionsAvailability`,
    body: { id, options },
  });

export interface QueryProductVariantsOptions {
  choices?: Record<string, string>;
  variantIds?: string[];
  paging?: { limit?: number; offset?: number };
  includeMerchantSpecificData?: boolean;
}

export const queryProductVariants = (
  client: ApiClient,
  id: string,
  options: QueryProductVariantsOptions = {},
) =>
  client.request<QueryProductVariantsResponse>({
    method: 'POST',
    path: `${READER}/products/${seg(id)}/variants/query`,
    body: { id, ...options },
  });

/**
 * Store variants matching a query (`{filter, paging, sort}`), as a page with `next()` and `prev()`.
 *
 * @example
 * const page = await queryStoreVariants(client, { filter: { productId }, paging: { limit: 10 } });
 */
export async function queryStoreVariants(
  client: ApiClient,
  query: {
    filter?: Record<string, unknown>;
    paging?: { limit?: number; offset?: number };
    sort?: QueryRequest['sort'];
  } = {},
): Promise<Page<StoreVariant>> {
  const res = await client.request<QueryStoreVariantsResponse>({
    method: 'POST',
    path: `${READER}/variants/query`,
    body: { query },
  });
  const limit = query.paging?.limit ?? DEFAULT_PAGE_SIZE;
  const offset = query.paging?.offset ?? 0;
  return offsetPage({
    items: res.variants ?? [],
    offset,
    limit,
    metadata: res.metadata,
    fetch: (paging) => queryStoreVariants(client, { ...query, paging }),
  });
}

export const getStoreVariant = (client: ApiClient, id: string) =>
  client.request<GetStoreVariantResponse>({
    method: 'GET',
    path: `${READER}/variants/${seg(id)}`,
    query: { id },
  });

// ——— Collections (v2 reads) ———

export const getCollection = (client: ApiClient, id: string) =>
  client.request<CollectionResponse>({ method: 'GET', path: `/v2/collections/${seg(id)}`, query: { id } });

export const getCollectionBySlug = (client: ApiClient, slug: string) =>
  client.request<CollectionResponse>({
    method: 'GET',
    path: `/v2/collections/slug/${seg(slug)}`,
    query: { slug },
  });

export function queryCollections(client: ApiClient): QueryBuilder<Collection> {
  return new QueryBuilder<Collection>(async (query) => {
    const res = await client.request<QueryCollectionsResponse>({
      method: 'GET',
      path: '/v2/collections/query',
      query: { query },
      complex: base64UrlEncodeJson,
      longGetFallback: true,
    });
    return { items: res.collections ?? [], metadata: res.metadata };
  });
}

// ——— Catalogue writes (API key) ———

export async function createProduct(client: ApiClient, product: Product): Promise<ProductResponse> {
  const res = await client.request<ProductResponse>({
    method: 'POST',
    path: `${STORES}/products`,
    body: { product },
  });
  client.emit('product.created', { product: res.product });
  return res;
}

export async function updateProduct(
  client: ApiClient,
  id: string,
  product: Product,
): Promise<ProductResponse> {
  const res = await client.request<ProductResponse>({
    method: 'PATCH',
    path: `${STORES}/products/${seg(id)}`,
    body: { product: { ...product, id } },
  });
  client.emit('product.updated', { productId: id, product: res.product });
  return res;
}

export async function deleteProduct(client: ApiClient, id: string): Promise<void> {
  await client.request({ method: 'DELETE', path: `${STORES}/products/${seg(id)}`, query: { id } });
  client.emit('product.deleted', { productId: id });
}

export async function updateProductVariants(client: ApiClient, id: string, variants: VariantOverride[]) {
  const res = await client.request<UpdateVariantsResponse>({
    method: 'PATCH',
    path: `${STORES}/products/${seg(id)}/variants`,
    body: { id, variants },
  });
  client.emit('variants.updated', { productId: id, variants: res.variants });
  return res;
}

export async function resetAllProductVariantData(client: ApiClient, id: string): Promise<void> {
  await client.request({
    method: 'POST',
    path: `${STORES}/products/${seg(id)}/variants/resetToDefault`,
    body: { id },
  });
  client.emit('variants.updated', { productId: id });
}

async function productWrite(
  client: ApiClient,
  id: string,
  path: string,
  body: Record<string, unknown>,
  method: 'POST' | 'PATCH' | 'DELETE' = 'POST',
) {
  await client.request({
    method,
    path: `${STORES}/products/${seg(id)}${path}`,
    ...(method === 'DELETE' ? { query: { id } } : { body: { id, ...body } }),
  });
  client.emit('product.updated', { productId: id });
}

export const addProductMedia = (client: ApiClient, id: string, media: MediaDataForWrite[]) =>
  productWrite(client, id, '/media', { media });
export const removeProductMedia = (client: ApiClient, id: string, mediaIds: string[]) =>
  productWrite(client, id, '/media/delete', { mediaIds });
export const addProductMediaToChoices = (client: ApiClient, id: string, media: MediaAssignmentToChoice[]) =>
  productWrite(client, id, '/choices/media', { media }, 'PATCH');
export const removeProductMediaFromChoices = (
  client: ApiClient,
  id: string,
  media: MediaAssignmentToChoice[],
) => productWrite(client, id, '/choices/media/delete', { media });
/** Removes every option; the product keeps one default variant. */
export const deleteProductOptions = (client: ApiClient, id: string) =>
  productWrite(client, id, '/options', {}, 'DELETE');
export const removeBrand = (client: ApiClient, id: string) => productWrite(client, id, '/remove-brand', {});
export const removeRibbon = (client: ApiClient, id: string) => productWrite(client, id, '/remove-ribbon', {});

async function collectionProducts(
  client: ApiClient,
  collectionId: string,
  productIds: string[],
  remove: boolean,
) {
  await client.request({
    method: 'POST',
    path: `${STORES}/collections/${seg(collectionId)}/productIds${remove ? '/delete' : ''}`,
    body: { id: collectionId, productIds },
  });
  client.emit('collection.updated', { collectionId });
}

export const addProductsToCollection = (client: ApiClient, collectionId: string, productIds: string[]) =>
  collectionProducts(client, collectionId, productIds, false);
export const removeProductsFromCollection = (client: ApiClient, collectionId: string, productIds: string[]) =>
  collectionProducts(client, collectionId, productIds, true);

export async function createCollection(
  client: ApiClient,
  collection: Collection,
): Promise<CollectionResponse> {
  const res = await client.request<CollectionResponse>({
    method: 'POST',
    path: `${STORES}/collections`,
    body: { collection },
  });
  client.emit('collection.created', { collection: res.collection });
  return res;
}

export async function updateCollection(
  client: ApiClient,
  id: string,
  collection: Collection,
): Promise<CollectionResponse> {
  const res = await client.request<CollectionResponse>({
    method: 'PATCH',
    path: `${STORES}/collections/${seg(id)}`,
    body: { collection: { ...collection, id } },
  });
  client.emit('collection.updated', { collectionId: id, collection: res.collection });
  return res;
}

export async function deleteCollection(client: ApiClient, id: string): Promise<void> {
  await client.request({ method: 'DELETE', path: `${STORES}/collections/${seg(id)}`, query: { id } });
  client.emit('collection.deleted', { collectionId: id });
}

function announceBulk(client: ApiClient, res: BulkUpdateProductsResponse): BulkUpdateProductsResponse {
  for (const { itemMetadata } of res.results ?? []) {
    if (itemMetadata?.success && itemMetadata.id)
      client.emit('product.updated', { productId: itemMetadata.id });
  }
  return res;
}

/**
 * Sets price, cost or weight on many products at once; per-product failures are in `results`.
 *
 * @example
 * await bulkUpdateProductsProperty(client, ids, { price: 10 });
 */
export const bulkUpdateProductsProperty = async (client: ApiClient, ids: string[], set: SetValue) =>
  announceBulk(
    client,
    await client.request<BulkUpdateProductsResponse>({
      method: 'POST',
      path: `${STORES}/bulk/products/update`,
      body: { ids, set },
    }),
  );

/**
 * Moves price, cost or weight of many products by an amount or a percentage.
 *
 * @example
 * // Every product 10 % dearer:
 * await bulkAdjustProductProperty(client, ids, { price: { percentage: 10 } });
 */
export const bulkAdjustProductProperty = async (client: ApiClient, ids: string[], adjust: AdjustValue) =>
  announceBulk(
    client,
    await client.request<BulkUpdateProductsResponse>({
      method: 'POST',
      path: `${STORES}/bulk/products/adjust-properties`,
      body: { adjust, ids },
    }),
  );
