import type { CatalogReference } from './types/cart';
import { STORES_APP_ID } from './types/enums';

/** A store product's catalogue reference, by variant id or by option choices (WIRE.md 5); v1 and V2 alike. */
export function storeCatalogReference(
  productId: string,
  variant?: { variantId: string } | { options: Record<string, string> },
): CatalogReference {
  return { appId: STORES_APP_ID, catalogItemId: productId, ...(variant ? { options: variant } : {}) };
}
