/**
 * `importProducts`: a catalogue from rows (a spreadsheet's, a JSON file's, a script's), upserted by SKU. Every
 * row is checked before anything is written; then, a batch of rows at a time, the products their SKUs find
 * are read, and only what differs is written: new products created, changed fields patched, price-only
 * changes sent with the bulk update, collection membership with the collection calls. A run again after an
 * interruption finishes the job: a create whose answer was lost is looked for by SKU before it is sent again.
 * Runs in any runtime; the `storefront-widgets products import` command gives it files.
 */
import { isApiError } from './errors';
import type { ApiClient } from './http';
import { type Polite, type PoliteOptions, politeRunner } from './polite';
import { type CollectionNames, planRow, type RowPlan } from './product-plan';
import { checkProductRows, type ProductRecord, type ProductRowInput, readProductRow } from './product-rows';
import {
  addProductsToCollection,
  bulkUpdateProductsProperty,
  createCollection,
  createProduct,
  deleteProductOptions,
  queryCollections,
  queryProductsPage,
  removeBrand,
  removeProductsFromCollection,
  removeRibbon,
  updateProduct,
} from './products';
import type { Product } from './types/products';

/** Rows, or a function that gives them anew: they are read twice (checked, then imported). */
export type ProductSource =
  | Iterable<ProductRowInput>
  | AsyncIterable<ProductRowInput>
  | (() => Iterable<ProductRowInput> | AsyncIterable<ProductRowInput>);

/** What became of one row (in a dry run: what would). */
export interface RowOutcome {
  row: number;
  sku: string;
  outcome: 'created' | 'updated' | 'unchanged' | 'failed';
  productId: string | undefined;
  /** What differed: `new`, `price 10 → 12`, `name`, `collections +summer -winter`, … */
  changes: string[];
  /** Why it failed: the platform's message, or what the row lacks. */
  error: string | undefined;
}

export interface ImportProgress {
  total: number;
  done: number;
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
}

export interface ImportSummary extends ImportProgress {
  dryRun: boolean;
  /** Every failed row, with its row number and the platform's message. */
  failures: RowOutcome[];
  /** The collections created (in a dry run: that would be), by slug. */
  collectionsCreated: string[];
  /** True when `signal` stopped the run before its end: run it again to finish. */
  interrupted: boolean;
}

export interface ImportProductsOptions extends PoliteOptions {
  /** Read and compare, write nothing: the outcomes say what would be created, updated and left alone. */
  dryRun?: boolean;
  /** The number of the first row, for messages (default 1; the CSV reader passes 2, its header being row 1). */
  firstRow?: number;
  /** Rows looked up together (1 to 100, default 100). */
  batchSize?: number;
  /** After each batch: how far the import is. */
  onProgress?: (progress: ImportProgress) => void;
  /** Each row's outcome, as its batch ends. */
  onRow?: (outcome: RowOutcome) => void;
  /** Stops the run after the batch in flight. */
  signal?: AbortSignal;
}

interface Run {
  client: ApiClient;
  polite: Polite;
  dryRun: boolean;
  collections: Collections;
}

/** At most this many ids go in one bulk update or one collection call. */
const IDS_PER_CALL = 100;

/** The shop's collections by slug, with those the import creates. */
class Collections implements CollectionNames {
  private readonly bySlug = new Map<string, string>();
  private readonly byId = new Map<string, string>();
  private readonly creating = new Map<string, Promise<string>>();
  readonly created: string[] = [];

  add(slug: string, id: string): void {
    this.bySlug.set(slug, id);
    this.byId.set(id, slug);
  }
  idOf(slug: string) {
    return this.bySlug.get(slug);
  }
  slugOf(id: string) {
    return this.byId.get(id);
  }
  /** The id of a collection by its slug, created (named as its slug) when the shop has none; once a slug. */
  ensure(run: Run, slug: string): Promise<string> {
    const known = this.bySlug.get(slug);
    if (known !== undefined) return Promise.resolve(known);
    let pending = this.creating.get(slug);
    if (!pending) {
      pending = run.polite
        .run(() => createCollection(run.client, { name: slug.slice(0, 50), slug }))
        .then(({ collection }) => {
          this.add(slug, collection.id as string);
          this.created.push(slug);
          return collection.id as string;
        });
      this.creating.set(slug, pending);
      pending.catch(() => this.creating.delete(slug));
    }
    return pending;
  }
}

/** Every collection of the shop, page by page. */
async function loadCollections(client: ApiClient, polite: Polite): Promise<Collections> {
  const collections = new Collections();
  let page = await polite.run(() => queryCollections(client).limit(100).find());
  for (;;) {
    for (const c of page.items) if (c.id && c.slug) collections.add(c.slug, c.id);
    if (!page.hasNext()) return collections;
    const current = page;
    page = await polite.run(() => current.next());
  }
}

/** The products of these SKUs, the oldest of each SKU (a shop may already hold two). */
async function findBySku(run: Run, skus: string[]): Promise<Map<string, Product>> {
  const found = new Map<string, Product>();
  for (let offset = 0; ; offset += IDS_PER_CALL) {
    const query = {
      filter: { sku: { $in: skus } },
      paging: { limit: IDS_PER_CALL, offset },
      sort: [{ fieldName: 'createdDate', order: 'ASC' as const }],
    };
    const res = await run.polite.run(() =>
      queryProductsPage(run.client, query, { includeHiddenProducts: true }),
    );
    const products = res.products ?? [];
    for (const p of products) if (p.sku && !found.has(p.sku)) found.set(p.sku, p);
    if (products.length < IDS_PER_CALL || offset + products.length >= (res.metadata?.total ?? 0))
      return found;
  }
}

const messageOf = (error: unknown): string =>
  isApiError(error) || error instanceof Error ? error.message : String(error);

const fail = (plan: RowPlan, error: unknown) => {
  plan.outcome = 'failed';
  plan.error ??= messageOf(error);
};

/** Patches the fields that differ and removes what the row empties. */
async function writeUpdate(run: Run, plan: RowPlan): Promise<void> {
  const id = plan.productId as string;
  const { client, polite } = run;
  if (plan.clear.includes('options')) await polite.run(() => deleteProductOptions(client, id));
  const patch = plan.patch;
  if (patch) await polite.run(() => updateProduct(client, id, patch));
  if (plan.clear.includes('brand')) await polite.run(() => removeBrand(client, id));
  if (plan.clear.includes('ribbon')) await polite.run(() => removeRibbon(client, id));
}

/**
 * Creates the row's product. When a try fails with no answer (or a 5xx), the product may have been made all
 * the same: the next try first looks for the SKU, and takes the product found, updated to the row.
 */
async function writeCreate(run: Run, plan: RowPlan): Promise<void> {
  const body = plan.create as Product;
  let tried = false;
  const made = await run.polite.run(async () => {
    if (tried) {
      const found = (await findBySku({ ...run, polite: direct }, [plan.record.sku])).get(plan.record.sku);
      if (found) return { product: found, recovered: true };
    }
    tried = true;
    return { product: (await createProduct(run.client, body)).product, recovered: false };
  });
  plan.productId = made.product.id;
  if (made.recovered) {
    const again = planRow(plan.row, plan.record, made.product, run.collections);
    Object.assign(plan, { ...again, outcome: 'created', changes: plan.changes });
    await writeUpdate(run, plan);
  }
}

/** A runner with no limit of its own, for a call made inside a call that holds a place already. */
const direct: Polite = { run: (call) => call() };

async function writeRow(run: Run, plan: RowPlan): Promise<void> {
  try {
    if (plan.create) await writeCreate(run, plan);
    else await writeUpdate(run, plan);
  } catch (error) {
    fail(plan, error);
  }
}

/** Splits a list into lists of at most `size`. */
function batches<T>(items: T[], size = IDS_PER_CALL): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Groups plans by a key (skipping undefined keys): a Map, the keys being the file's. */
function groupBy<K>(plans: RowPlan[], keysOf: (plan: RowPlan) => K[]): Map<K, RowPlan[]> {
  const groups = new Map<K, RowPlan[]>();
  for (const plan of plans) {
    for (const key of keysOf(plan)) {
      const group = groups.get(key);
      if (group) group.push(plan);
      else groups.set(key, [plan]);
    }
  }
  return groups;
}

/** Price-only changes: one bulk update for each new price, up to 100 products a call. */
async function writePrices(run: Run, plans: RowPlan[]): Promise<void> {
  const live = plans.filter((p) => p.outcome !== 'failed' && p.bulkPrice !== undefined);
  const byPrice = groupBy(live, (p) => [p.bulkPrice as number]);
  const calls = [...byPrice].flatMap(([price, group]) => batches(group).map((b) => [price, b] as const));
  await Promise.all(
    calls.map(async ([price, group]) => {
      try {
        const ids = group.map((p) => p.productId as string);
        const res = await run.polite.run(() => bulkUpdateProductsProperty(run.client, ids, { price }));
        for (const { itemMetadata } of res.results ?? []) {
          const plan = group[itemMetadata?.originalIndex ?? -1];
          if (plan && itemMetadata?.success === false)
            fail(plan, itemMetadata.error?.description ?? 'the bulk update failed for this product');
        }
      } catch (error) {
        for (const plan of group) fail(plan, error);
      }
    }),
  );
}

/** Collection membership: the products added to and taken out of each collection, up to 100 a call. */
async function writeMemberships(run: Run, plans: RowPlan[]): Promise<void> {
  const live = plans.filter((p) => p.outcome !== 'failed');
  const slugs = new Set(live.flatMap((p) => p.addTo));
  const ids = new Map<string, string>();
  await Promise.all(
    [...slugs].map(async (slug) => {
      try {
        ids.set(slug, await run.collections.ensure(run, slug));
      } catch (error) {
        for (const plan of live) if (plan.addTo.includes(slug)) fail(plan, error);
      }
    }),
  );
  const adds = groupBy(live, (p) => p.addTo.flatMap((slug) => ids.get(slug) ?? []));
  const removes = groupBy(live, (p) => p.removeFrom);
  const calls = [
    ...[...adds].flatMap(([id, group]) =>
      batches(group).map((b) => [id, b, addProductsToCollection] as const),
    ),
    ...[...removes].flatMap(([id, group]) =>
      batches(group).map((b) => [id, b, removeProductsFromCollection] as const),
    ),
  ];
  await Promise.all(
    calls.map(async ([collectionId, group, call]) => {
      const productIds = group.filter((p) => p.outcome !== 'failed').map((p) => p.productId as string);
      if (!productIds.length) return;
      try {
        await run.polite.run(() => call(run.client, collectionId, productIds));
      } catch (error) {
        for (const plan of group) fail(plan, error);
      }
    }),
  );
}

/** One batch of checked rows: read by SKU, planned, then written (unless a dry run). */
async function importBatch(
  run: Run,
  rows: Array<{ row: number; record: ProductRecord }>,
): Promise<RowPlan[]> {
  const existing = await findBySku(
    run,
    rows.map((r) => r.record.sku),
  );
  const plans = rows.map(({ row, record }) =>
    planRow(row, record, existing.get(record.sku), run.collections),
  );
  if (run.dryRun) {
    for (const plan of plans)
      for (const slug of plan.addTo)
        if (!run.collections.idOf(slug) && !run.collections.created.includes(slug))
          run.collections.created.push(slug);
    return plans;
  }
  await Promise.all(plans.filter((p) => p.outcome !== 'failed').map((plan) => writeRow(run, plan)));
  await writeMemberships(run, plans);
  return plans;
}

/** Price-only changes wait for others of the same price, across batches, up to this many rows. */
const PENDING_PRICES = 1000;

/** The rows as a function that reads them anew: a one-time iterator cannot be read twice. */
function rereadable(source: ProductSource): () => Iterable<ProductRowInput> | AsyncIterable<ProductRowInput> {
  if (typeof source === 'function') return source;
  const iterable = source as Partial<Iterable<unknown> & AsyncIterable<unknown>>;
  const iterator = iterable[Symbol.asyncIterator]?.() ?? iterable[Symbol.iterator]?.();
  if ((iterator as unknown) === source)
    throw new TypeError(
      'importProducts reads the rows twice (it checks them all before it writes): pass an array, or a function that returns the rows',
    );
  return () => source;
}

/** The checked rows of a source, in batches. */
async function* batchesOf(
  rows: Iterable<ProductRowInput> | AsyncIterable<ProductRowInput>,
  firstRow: number,
  size: number,
): AsyncGenerator<Array<{ row: number; record: ProductRecord }>> {
  let batch: Array<{ row: number; record: ProductRecord }> = [];
  let row = firstRow;
  for await (const input of rows) {
    const { record } = readProductRow(input, row);
    // The check passed, so every row gives a record; a source that changed between the reads is skipped over.
    if (record) batch.push({ row, record });
    row += 1;
    if (batch.length >= size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}

/** Counts the rows' outcomes, tells `onRow` of each and `onProgress` of the whole. */
function reportRows(summary: ImportSummary, plans: RowPlan[], options: ImportProductsOptions): void {
  if (!plans.length) return;
  for (const plan of plans) {
    const outcome: RowOutcome = {
      ...{ row: plan.row, sku: plan.record.sku, outcome: plan.outcome, productId: plan.productId },
      ...{ changes: plan.changes, error: plan.error },
    };
    summary[plan.outcome] += 1;
    summary.done += 1;
    if (plan.outcome === 'failed') summary.failures.push(outcome);
    options.onRow?.(outcome);
  }
  const { total, done, created, updated, unchanged, failed } = summary;
  options.onProgress?.({ total, done, created, updated, unchanged, failed });
}

/**
 * Imports products from rows, upserting by SKU: new SKUs are created, the others updated where they differ,
 * and a row that matches its product writes nothing. Every row is checked first: a file with an unknown
 * column, a bad value or a SKU given twice throws a `ProductRowsError` naming the rows and columns, and
 * nothing is written. A failed row is counted and reported (`failures`), and the others go on.
 *
 * @example
 * const summary = await importProducts(client, [
 *   { sku: 'MUG-1', name: 'Stoneware Mug', price: 18, collections: ['kitchen'] },
 * ]);
 * // { created: 1, updated: 0, unchanged: 0, failed: 0, … }
 */
export async function importProducts(
  client: ApiClient,
  source: ProductSource,
  options: ImportProductsOptions = {},
): Promise<ImportSummary> {
  const read = rereadable(source);
  const firstRow = options.firstRow ?? 1;
  const total = await checkProductRows(read(), firstRow);
  const polite = politeRunner(options);
  const run: Run = {
    client,
    polite,
    dryRun: options.dryRun ?? false,
    collections: await loadCollections(client, polite),
  };
  const summary: ImportSummary = {
    ...{ total, done: 0, created: 0, updated: 0, unchanged: 0, failed: 0 },
    ...{ dryRun: run.dryRun, failures: [], collectionsCreated: run.collections.created, interrupted: false },
  };
  const size = Math.min(IDS_PER_CALL, Math.max(1, options.batchSize ?? IDS_PER_CALL));
  const report = (plans: RowPlan[]) => reportRows(summary, plans, options);
  // Price-only changes of many batches go together, in one bulk update a price and 100 products.
  let pending: RowPlan[] = [];
  const flush = async () => {
    await writePrices(run, pending);
    report(pending);
    pending = [];
  };
  for await (const batch of batchesOf(read(), firstRow, size)) {
    if (options.signal?.aborted) {
      summary.interrupted = true;
      break;
    }
    const plans = await importBatch(run, batch);
    const waits = (p: RowPlan) => !run.dryRun && p.outcome !== 'failed' && p.bulkPrice !== undefined;
    pending.push(...plans.filter(waits));
    if (pending.length >= PENDING_PRICES) await flush();
    report(plans.filter((p) => !waits(p)));
  }
  await flush();
  return summary;
}
