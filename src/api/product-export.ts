/**
 * `exportProducts`: the catalogue as product records, the columns `importProducts` takes, page by page (the
 * `storefront-widgets products export` command writes them as CSV or JSON). Runs in any runtime.
 */
import type { ApiClient } from './http';
import { type Polite, type PoliteOptions, politeRunner } from './polite';
import { ALL_PRODUCTS_COLLECTION_ID } from './product-plan';
import type { ProductRecord } from './product-rows';
import { queryCollections, queryProductsPage } from './products';
import type { Product } from './types/products';

export interface ExportProductsOptions extends PoliteOptions {
  /** Products read a call (1 to 100, default 100). */
  pageSize?: number;
  /** After each page: products given so far, and how many the shop holds. */
  onProgress?: (progress: { done: number; total: number }) => void;
}

/** A product as a row of the file: its SKU (empty when it has none), and every column the import takes. */
export function productRecordOf(product: Product, slugOf: (id: string) => string | undefined): ProductRecord {
  const physical = product.productType === 'physical';
  return {
    sku: product.sku ?? '',
    name: product.name ?? '',
    price: product.priceData?.price ?? 0,
    description: product.description ?? '',
    productType: physical ? 'physical' : 'digital',
    visible: product.visible !== false,
    brand: product.brand ?? '',
    ribbon: product.ribbon ?? '',
    ...(physical ? { weight: product.weight ?? 0 } : {}),
    collections: (product.collectionIds ?? [])
      .filter((id) => id !== ALL_PRODUCTS_COLLECTION_ID)
      .flatMap((id) => slugOf(id) ?? []),
    options: (product.productOptions ?? []).map((option) => ({
      name: option.name ?? '',
      choices: (option.choices ?? []).map((c) => c.description ?? c.value ?? ''),
    })),
  };
}

async function collectionSlugs(client: ApiClient, polite: Polite): Promise<Map<string, string>> {
  const slugs = new Map<string, string>();
  let page = await polite.run(() => queryCollections(client).limit(100).find());
  for (;;) {
    for (const c of page.items) if (c.id && c.slug) slugs.set(c.id, c.slug);
    if (!page.hasNext()) return slugs;
    const current = page;
    page = await polite.run(() => current.next());
  }
}

/**
 * Every product of the shop (hidden ones too), oldest first, as a record of the import's columns: an
 * export edited and imported again changes what was edited, and nothing else.
 *
 * @example
 * for await (const record of exportProducts(client)) console.log(record.sku, record.price);
 */
export async function* exportProducts(
  client: ApiClient,
  options: ExportProductsOptions = {},
): AsyncGenerator<ProductRecord> {
  const polite = politeRunner({ ...options, concurrency: 1 });
  const slugs = await collectionSlugs(client, polite);
  const limit = Math.min(100, Math.max(1, options.pageSize ?? 100));
  for (let offset = 0, done = 0; ; offset += limit) {
    const query = {
      filter: {},
      paging: { limit, offset },
      sort: [
        { fieldName: 'createdDate', order: 'ASC' as const },
        { fieldName: 'id', order: 'ASC' as const },
      ],
    };
    const res = await polite.run(() => queryProductsPage(client, query, { includeHiddenProducts: true }));
    const products = res.products ?? [];
    for (const product of products) yield productRecordOf(product, (id) => slugs.get(id));
    done += products.length;
    const total = res.metadata?.total ?? done;
    options.onProgress?.({ done, total });
    if (products.length < limit || done >= total) return;
  }
}
