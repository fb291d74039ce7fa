/**
 * The catalogue of the sandbox (catalog V1): product, collection and variant reads and writes with the
 * platform's semantics. Route handlers (`sandbox/routes/catalog.ts`) resolve the caller and the path;
 * everything else happens here, in parts:
 * - `shared.ts`: who reads, field checks that collect every violation, id and amount rules;
 * - `views.ts`: finding products and collections for a reader, and what each reader sees of them;
 * - `reads.ts`: product, variant and collection queries, options availability, store variants;
 * - `products.ts`: product writes, variant overrides, options, brand and ribbon;
 * - `media.ts`: the product's gallery and the media of option choices;
 * - `collections.ts`: collection writes and their products;
 * - `bulk.ts`: bulk edits of prices, costs and weights.
 */
export { bulkAdjustProducts, bulkUpdateProducts } from './bulk';
export {
  addProductsToCollection,
  createCollection,
  deleteCollection,
  removeProductsFromCollection,
  updateCollection,
} from './collections';
export { addMediaToChoices, addProductMedia, removeMediaFromChoices, removeProductMedia } from './media';
export {
  createProduct,
  deleteProduct,
  deleteProductOptions,
  removeProductField,
  resetVariants,
  updateProduct,
  updateVariants,
} from './products';
export {
  getCollection,
  getCollectionBySlug,
  getProduct,
  getStoreVariant,
  productOptionsAvailability,
  queryCollections,
  queryProducts,
  queryProductVariants,
  queryStoreVariants,
} from './reads';
export type { Reader } from './shared';
