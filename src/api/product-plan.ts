/**
 * What an imported row asks of the shop: the difference between a checked row (`ProductRecord`) and the
 * product its SKU finds, as the calls that make it so. No call is made here.
 */
import type { ProductRecord, ProductRecordOption } from './product-rows';
import type { Product, ProductOption } from './types/products';

/** The platform's All Products collection: every product is in it, and no file says so. */
export const ALL_PRODUCTS_COLLECTION_ID = '00000000-000000-000000-000000000001';

/** One row's plan and, once run, its outcome. */
export interface RowPlan {
  row: number;
  record: ProductRecord;
  /** The product the SKU found (none: a product to create). */
  product: Product | undefined;
  /** What differs, for people: `price 10 → 12`, `name`, `collections +summer -winter`. */
  changes: string[];
  /** The PATCH of the fields that differ (none when only the price does: see `bulkPrice`). */
  patch: Product | undefined;
  /** Fields to remove with the platform's own calls (`remove-brand`, `remove-ribbon`, `DELETE …/options`). */
  clear: Array<'brand' | 'ribbon' | 'options'>;
  /** The new price, when it is the only field that differs: sent with the bulk update of many products. */
  bulkPrice: number | undefined;
  /** Collection slugs to add the product to, and collection ids to take it out of. */
  addTo: string[];
  removeFrom: string[];
  /** The body of a product to create. */
  create: Product | undefined;
  outcome: 'created' | 'updated' | 'unchanged' | 'failed';
  productId: string | undefined;
  error: string | undefined;
}

const cents = (amount: number | undefined) => Math.round((amount ?? 0) * 100);
const choiceText = (choice: { description?: string; value?: string }) =>
  choice.description ?? choice.value ?? '';

function sameOptions(wanted: ProductRecordOption[], current: ProductOption[]): boolean {
  return (
    wanted.length === current.length &&
    wanted.every((option, i) => {
      const other = current[i];
      const choices = other?.choices ?? [];
      return (
        other?.name === option.name &&
        choices.length === option.choices.length &&
        option.choices.every((choice, j) => choiceText(choices[j] ?? {}) === choice)
      );
    })
  );
}

/**
 * The platform's options for a row's: an option already there keeps its type (a colour stays a colour) and
 * each of its choices still named keeps its value (a colour's code); a new one is a drop-down.
 */
export function optionsFor(wanted: ProductRecordOption[], current: ProductOption[] = []): ProductOption[] {
  return wanted.map((option) => {
    const before = current.find((o) => o.name?.toLowerCase() === option.name.toLowerCase());
    return {
      name: option.name,
      optionType: before?.optionType ?? 'drop_down',
      choices: option.choices.map((description) => {
        const same = before?.choices?.find((c) => choiceText(c).toLowerCase() === description.toLowerCase());
        return { value: same?.value ?? description, description };
      }),
    };
  });
}

/** The body of a new product, or why the row cannot make one. */
function createBody(record: ProductRecord): Product | string {
  if (record.name === undefined || record.price === undefined)
    return 'a new product needs a name and a price (the columns name and price)';
  const productType = record.productType ?? 'physical';
  return {
    name: record.name,
    sku: record.sku,
    productType,
    priceData: { price: record.price },
    ...(record.description ? { description: record.description } : {}),
    ...(record.visible !== undefined ? { visible: record.visible } : {}),
    ...(record.brand ? { brand: record.brand } : {}),
    ...(record.ribbon ? { ribbon: record.ribbon } : {}),
    ...(record.weight !== undefined && productType === 'physical' ? { weight: record.weight } : {}),
    ...(record.options?.length ? { productOptions: optionsFor(record.options) } : {}),
  };
}

/** The fields given by the row that differ from the product: into `patch`, `clear` and `changes`. */
function diffFields(plan: RowPlan, product: Product): void {
  const { record } = plan;
  const patch: Product = {};
  const text = (key: 'name' | 'description', current: string | undefined) => {
    const wanted = record[key];
    if (wanted !== undefined && wanted !== (current ?? '')) {
      patch[key] = wanted;
      plan.changes.push(key);
    }
  };
  text('name', product.name);
  text('description', product.description);
  if (record.productType !== undefined && record.productType !== product.productType) {
    patch.productType = record.productType;
    plan.changes.push('productType');
  }
  if (record.visible !== undefined && record.visible !== (product.visible !== false)) {
    patch.visible = record.visible;
    plan.changes.push('visible');
  }
  for (const key of ['brand', 'ribbon'] as const) {
    const wanted = record[key];
    if (wanted === undefined || wanted === (product[key] ?? '')) continue;
    if (wanted === '') plan.clear.push(key);
    else patch[key] = wanted;
    plan.changes.push(key);
  }
  const physical = (record.productType ?? product.productType) === 'physical';
  if (record.weight !== undefined && physical && record.weight !== (product.weight ?? 0)) {
    patch.weight = record.weight;
    plan.changes.push('weight');
  }
  if (record.options !== undefined && !sameOptions(record.options, product.productOptions ?? [])) {
    if (record.options.length === 0) plan.clear.push('options');
    else patch.productOptions = optionsFor(record.options, product.productOptions);
    plan.changes.push('options');
  }
  const price = record.price;
  if (price !== undefined && cents(price) !== cents(product.priceData?.price)) {
    plan.changes.push(`price ${product.priceData?.price ?? 0} → ${price}`);
    if (Object.keys(patch).length === 0 && plan.clear.length === 0) plan.bulkPrice = price;
    else patch.priceData = { price };
  }
  if (Object.keys(patch).length) plan.patch = patch;
}

/** The shop's collections by slug and by id (undefined: not in the shop, a collection to create). */
export interface CollectionNames {
  idOf(slug: string): string | undefined;
  slugOf(id: string): string | undefined;
}

/** The collections to add the product to and take it out of. */
function diffCollections(plan: RowPlan, current: string[], names: CollectionNames): void {
  const wanted = plan.record.collections;
  if (wanted === undefined) return;
  const have = new Set(current.filter((id) => id !== ALL_PRODUCTS_COLLECTION_ID));
  const wantedIds = new Set<string>();
  for (const slug of wanted) {
    const id = names.idOf(slug);
    if (id === ALL_PRODUCTS_COLLECTION_ID) continue;
    if (id !== undefined) wantedIds.add(id);
    if (id === undefined || !have.has(id)) plan.addTo.push(slug);
  }
  for (const id of have) if (!wantedIds.has(id)) plan.removeFrom.push(id);
  if (plan.addTo.length || plan.removeFrom.length) {
    const added = plan.addTo.map((slug) => ` +${slug}`).join('');
    const removed = plan.removeFrom.map((id) => ` -${names.slugOf(id) ?? id}`).join('');
    plan.changes.push(`collections${added}${removed}`);
  }
}

/**
 * A row's plan against the product its SKU found (or none): a create, an update of what differs, or nothing.
 * `names` gives the shop's collections (an unknown slug is a collection to create).
 */
export function planRow(
  row: number,
  record: ProductRecord,
  product: Product | undefined,
  names: CollectionNames,
): RowPlan {
  const plan: RowPlan = {
    row,
    record,
    product,
    changes: [],
    patch: undefined,
    clear: [],
    bulkPrice: undefined,
    addTo: [],
    removeFrom: [],
    create: undefined,
    outcome: 'unchanged',
    productId: product?.id,
    error: undefined,
  };
  if (!product) {
    const body = createBody(record);
    if (typeof body === 'string') return { ...plan, outcome: 'failed', error: body };
    diffCollections(plan, [], names);
    return { ...plan, create: body, outcome: 'created', changes: ['new', ...plan.changes] };
  }
  diffFields(plan, product);
  diffCollections(plan, product.collectionIds ?? [], names);
  plan.outcome = plan.changes.length ? 'updated' : 'unchanged';
  return plan;
}
