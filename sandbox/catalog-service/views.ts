/** Finding products and collections for a reader, and the views of them each reader gets. */
import type { Collection } from '../../src/api/types/collections';
import type { Product } from '../../src/api/types/products';
import { stripMerchantData } from '../catalog';
import type { SandboxContext } from '../context';
import { applicationError } from '../errors';
import { checkCollectionId, checkProductId, type Reader } from './shared';

const productNotFound = (id: string) => applicationError(404, 'PRODUCT_NOT_FOUND', `Product ${id} not found`);

/** A product the reader may see: hidden products are the merchant's alone. */
export function findProduct(ctx: SandboxContext, id: string, reader: Reader): Product {
  checkProductId(id);
  const product = ctx.state.products.get(id);
  if (!product || (!reader.merchant && product.visible === false)) throw productNotFound(id);
  return product;
}

export function findCollection(ctx: SandboxContext, id: string, reader: Reader): Collection {
  checkCollectionId(id);
  const collection = ctx.state.collections.get(id);
  if (!collection || (!reader.merchant && collection.visible === false)) {
    throw applicationError(404, 'COLLECTION_NOT_FOUND', `Collection ${id} not found`);
  }
  return collection;
}

/** A copy for the wire: merchant data only for the merchant who asks for it. */
export function productView(
  product: Product,
  options: { merchantData: boolean; variants?: boolean },
): Product {
  const copy = structuredClone(product);
  if (!options.merchantData) stripMerchantData(copy);
  if (options.variants === false) delete copy.variants;
  return copy;
}

export function collectionView(ctx: SandboxContext, collection: Collection, reader: Reader): Collection {
  const copy = structuredClone(collection);
  let count = 0;
  for (const product of ctx.state.products.values()) {
    if (!reader.merchant && product.visible === false) continue;
    if (product.collectionIds?.includes(collection.id ?? '')) count += 1;
  }
  copy.numberOfProducts = count;
  copy.media = { mainMedia: copy.media?.mainMedia ?? copy.media?.items?.[0], items: copy.media?.items ?? [] };
  return copy;
}

export const wantsMerchantData = (reader: Reader, flag: unknown) => reader.merchant && flag === true;
