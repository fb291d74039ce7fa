import { randomUUID } from 'node:crypto';
import type { Collection } from '../src/api/types/collections';
import type { Dimensions, Media, MediaItem } from '../src/api/types/common';
import { DimensionsUnit, type RuleType } from '../src/api/types/enums';
import type { FieldViolation } from '../src/api/types/errors';
import type {
  AdditionalInfoSection,
  BulkProductResult,
  BulkUpdateProductsResponse,
  Choice,
  Discount,
  PricePerUnitData,
  Product,
  ProductOption,
  ProductOptionsAvailabilityResponse,
  QueryProductVariantsResponse,
  QueryStoreVariantsResponse,
  SeoSchema,
  StoreVariant,
  Variant,
  VariantData,
} from '../src/api/types/products';
import {
  finalizeProduct,
  MEDIA_ID,
  mediaItemFor,
  rebuildVariants,
  resolveMediaUrl,
  slugify,
  stripMerchantData,
  uniqueSlug,
} from './catalog';
import type { SandboxContext } from './context';
import { applicationError, validationError } from './errors';
import { centsToNumber, percentOf, toCents } from './money';
import {
  type Filter,
  matchesFilter,
  offsetPage,
  readOffsetPaging,
  type Sorting,
  sortItems,
  validateFilter,
} from './query';
import { ALL_PRODUCTS_COLLECTION_ID } from './seed';

/**
 * The catalogue of the sandbox (catalog V1): product, collection and variant reads and writes with the
 * platform's semantics. Route handlers resolve the caller and the path; everything else happens here.
 */

type Json = Record<string, unknown>;

/** Who reads: the merchant sees hidden products and collections, and may ask for merchant data. */
export interface Reader {
  merchant: boolean;
}

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Collection ids are GUIDs, except the platform's `00000000-000000-000000-000000000001` ("All Products"). */
const COLLECTION_ID =
  /^[0-9a-f]{8}-(?:[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}|[0-9a-f]{6}-[0-9a-f]{6})-[0-9a-f]{12}$/i;
const SLUG = /^[^\s/?#]+$/;
const MAX_AMOUNT = 999_999_999.99;
const MAX_AMOUNT_CENTS = 99_999_999_999;

const nowIso = (ctx: SandboxContext) => new Date(ctx.now()).toISOString();
const list = (values: Iterable<string>) => [...values].join(', ');

// ---------------------------------------------------------------------------------------------------------
// Validation

/** Collects field violations, so one answer names every offending field (WIRE.md 10). */
class Violations {
  readonly items: FieldViolation[] = [];
  add(field: string, description: string, violatedRule: RuleType): void {
    this.items.push({ field, description, violatedRule });
  }
  get empty(): boolean {
    return this.items.length === 0;
  }
  throwIfAny(): void {
    if (this.items.length) throw validationError(this.items);
  }
}

const fail = (field: string, description: string, violatedRule: RuleType) =>
  validationError([{ field, description, violatedRule }]);

function readString(
  v: Violations,
  value: unknown,
  field: string,
  limits: { min?: number; max: number },
): string | undefined {
  if (typeof value !== 'string') {
    v.add(field, 'must be a string', 'FORMAT');
    return undefined;
  }
  const min = limits.min ?? 0;
  if (value.length < min) {
    v.add(field, min === 1 ? 'must not be empty' : `must be at least ${min} characters`, 'MIN_LENGTH');
  } else if (value.length > limits.max) {
    v.add(field, `must be at most ${limits.max} characters`, 'MAX_LENGTH');
  } else return value;
  return undefined;
}

/** A catalogue amount: a weight's bounds, with at most 2 decimals. */
function readAmount(v: Violations, value: unknown, field: string): number | undefined {
  const amount = readWeight(v, value, field);
  if (amount === undefined) return undefined;
  if (!/^\d+(?:\.\d{1,2})?$/.test(String(amount))) {
    v.add(field, 'must have at most 2 decimal places', 'DECIMAL_MAX_SCALE');
    return undefined;
  }
  return amount;
}

/** A weight: a number from 0 to 999999999.99. */
function readWeight(v: Violations, value: unknown, field: string): number | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    v.add(field, 'must be a number', 'FORMAT');
  } else if (value < 0) {
    v.add(field, 'must be at least 0', 'DECIMAL_GTE');
  } else if (value > MAX_AMOUNT) {
    v.add(field, `must be at most ${MAX_AMOUNT}`, 'DECIMAL_LTE');
  } else return value;
  return undefined;
}

function readBoolean(v: Violations, value: unknown, field: string): boolean | undefined {
  if (typeof value === 'boolean') return value;
  v.add(field, 'must be true or false', 'FORMAT');
  return undefined;
}

function readEnum<T extends string>(
  v: Violations,
  value: unknown,
  field: string,
  allowed: readonly T[],
): T | undefined {
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  v.add(field, `must be one of ${list(allowed)}`, 'INVALID_ENUM_VALUE');
  return undefined;
}

function readStringList(
  v: Violations,
  value: unknown,
  field: string,
  limits: { min?: number; max: number; format?: RegExp; formatName?: string },
): string[] | undefined {
  if (!Array.isArray(value)) {
    v.add(field, 'must be a list of strings', 'FORMAT');
    return undefined;
  }
  if (value.length < (limits.min ?? 0)) {
    v.add(field, `must hold at least ${limits.min} item${limits.min === 1 ? '' : 's'}`, 'MIN_SIZE');
    return undefined;
  }
  if (value.length > limits.max) {
    v.add(field, `must hold at most ${limits.max} items`, 'MAX_SIZE');
    return undefined;
  }
  let ok = true;
  value.forEach((item, index) => {
    if (typeof item !== 'string' || item === '') {
      v.add(`${field}[${index}]`, 'must be a non-empty string', 'FORMAT');
      ok = false;
    } else if (limits.format && !limits.format.test(item)) {
      v.add(`${field}[${index}]`, `must be ${limits.formatName ?? 'well formed'}, got "${item}"`, 'FORMAT');
      ok = false;
    }
  });
  return ok ? (value as string[]) : undefined;
}

/** A required list of 1 to `max` entries. */
function readEntries(raw: unknown, field: string, max: number): unknown[] {
  if (raw === undefined || raw === null) throw fail(field, 'is required', 'REQUIRED_FIELD');
  if (!Array.isArray(raw)) throw fail(field, 'must be a list', 'FORMAT');
  if (raw.length === 0) throw fail(field, 'must hold at least 1 item', 'MIN_SIZE');
  if (raw.length > max) throw fail(field, `must hold at most ${max} items`, 'MAX_SIZE');
  return raw;
}

/** The id of a path or body: a GUID, else a 400 on `field` (the platform rejects malformed ids up front). */
export function checkProductId(id: string, field = 'id'): string {
  if (!GUID.test(id)) throw fail(field, `must be a GUID (8-4-4-4-12 hex digits), got "${id}"`, 'FORMAT');
  return id;
}

function checkCollectionId(id: string, field = 'id'): string {
  if (!COLLECTION_ID.test(id)) throw fail(field, `must be a collection id (a GUID), got "${id}"`, 'FORMAT');
  return id;
}

// ---------------------------------------------------------------------------------------------------------
// Lookups and views

const productNotFound = (id: string) => applicationError(404, 'PRODUCT_NOT_FOUND', `Product ${id} not found`);

/** A product the reader may see: hidden products are the merchant's alone. */
function findProduct(ctx: SandboxContext, id: string, reader: Reader): Product {
  checkProductId(id);
  const product = ctx.state.products.get(id);
  if (!product || (!reader.merchant && product.visible === false)) throw productNotFound(id);
  return product;
}

function findCollection(ctx: SandboxContext, id: string, reader: Reader): Collection {
  checkCollectionId(id);
  const collection = ctx.state.collections.get(id);
  if (!collection || (!reader.merchant && collection.visible === false)) {
    throw applicationError(404, 'COLLECTION_NOT_FOUND', `Collection ${id} not found`);
  }
  return collection;
}

/** A copy for the wire: merchant data only for the merchant who asks for it. */
function productView(product: Product, options: { merchantData: boolean; variants?: boolean }): Product {
  const copy = structuredClone(product);
  if (!options.merchantData) stripMerchantData(copy);
  if (options.variants === false) delete copy.variants;
  return copy;
}

function collectionView(ctx: SandboxContext, collection: Collection, reader: Reader): Collection {
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

const wantsMerchantData = (reader: Reader, flag: unknown) => reader.merchant && flag === true;

// ---------------------------------------------------------------------------------------------------------
// Queries: field names as the platform accepts them, mapped to where they live on the entity

/** Filterable fields of query-platformized and where they live (`price` is the number of `priceData`). */
const PRODUCT_FILTER_FIELDS: Record<string, string> = {
  id: 'id',
  _id: 'id',
  name: 'name',
  slug: 'slug',
  sku: 'sku',
  description: 'description',
  productType: 'productType',
  price: 'priceData.price',
  'priceData.price': 'priceData.price',
  discountedPrice: 'priceData.discountedPrice',
  'priceData.discountedPrice': 'priceData.discountedPrice',
  collectionIds: 'collectionIds',
  lastUpdated: 'lastUpdated',
  createdDate: 'createdDate',
  _createdDate: 'createdDate',
  numericId: 'numericId',
  brand: 'brand',
  ribbon: 'ribbon',
  inStock: 'stock.inStock',
  'stock.inStock': 'stock.inStock',
  'stock.inventoryStatus': 'stock.inventoryStatus',
  visible: 'visible',
  weight: 'weight',
};
const PRODUCT_SORT_FIELDS = new Set([
  'id',
  '_id',
  'name',
  'slug',
  'sku',
  'productType',
  'price',
  'priceData.price',
  'discountedPrice',
  'priceData.discountedPrice',
  'lastUpdated',
  'createdDate',
  '_createdDate',
  'numericId',
  'brand',
  'ribbon',
  'inStock',
  'weight',
]);

const COLLECTION_FIELDS: Record<string, string> = {
  id: 'id',
  _id: 'id',
  name: 'name',
  slug: 'slug',
  description: 'description',
  visible: 'visible',
  numberOfProducts: 'numberOfProducts',
};

const STORE_VARIANT_FIELDS: Record<string, string> = {
  id: 'id',
  _id: 'id',
  variantId: 'variantId',
  productId: 'productId',
  variantName: 'variantName',
  productName: 'productName',
  managedVariant: 'managedVariant',
  sku: 'sku',
  collectionIds: 'collectionIds',
  inStock: 'stock.inStock',
  'stock.inStock': 'stock.inStock',
  'stock.quantity': 'stock.quantity',
  'stock.trackQuantity': 'stock.trackQuantity',
  'preorderInfo.enabled': 'preorderInfo.enabled',
  'choices.*': 'choices.*',
};

/** The entity path of a query field; `choices.*` in `fields` admits every `choices.<option>`. */
function fieldPath(fields: Record<string, string>, name: string): string | undefined {
  if (Object.hasOwn(fields, name)) return fields[name];
  if (Object.hasOwn(fields, 'choices.*') && /^choices\.[^.]+$/.test(name)) return name;
  return undefined;
}

/** `{$date: "…"}` values (the SDK's date literal) as plain ISO strings; numeric ids as numbers. */
function normalizeValue(path: string, value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => normalizeValue(path, item));
  if (isObject(value) && typeof value.$date === 'string') return value.$date;
  if (path === 'numericId' && typeof value === 'string' && /^\d+$/.test(value)) return Number(value);
  return value;
}

/** Renames a filter's fields to their entity paths; an unknown field is a 400 rather than an empty page. */
function normalizeFilter(filter: unknown, fields: Record<string, string>, at: string): Filter | undefined {
  if (filter === undefined || filter === null) return undefined;
  validateFilter(filter, at);
  const v = new Violations();
  const walk = (node: Json, path: string): Json => {
    const out: Json = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === '$and' || key === '$or') {
        out[key] = (value as Json[]).map((child, i) => walk(child, `${path}.${key}[${i}]`));
      } else if (key === '$not') out[key] = walk(value as Json, `${path}.$not`);
      else {
        const target = fieldPath(fields, key);
        if (!target) {
          v.add(
            `${path}.${key}`,
            `is not a field you can filter on (${list(Object.keys(fields))})`,
            'FORMAT',
          );
          continue;
        }
        out[target] = isObject(value)
          ? Object.fromEntries(Object.entries(value).map(([op, x]) => [op, normalizeValue(target, x)]))
          : normalizeValue(target, value);
      }
    }
    return out;
  };
  const out = walk(filter as Json, at);
  v.throwIfAny();
  return out;
}

function readSort(
  sort: unknown,
  fields: Record<string, string>,
  sortable: Set<string>,
  at: string,
): Sorting[] {
  if (sort === undefined || sort === null) return [];
  const entries = Array.isArray(sort) ? sort : [sort];
  const v = new Violations();
  const out: Sorting[] = [];
  entries.forEach((entry, index) => {
    const field = `${at}[${index}]`;
    if (!isObject(entry) || typeof entry.fieldName !== 'string') {
      v.add(`${field}.fieldName`, 'is required', 'REQUIRED_FIELD');
      return;
    }
    const target = fieldPath(fields, entry.fieldName);
    if (!target || !sortable.has(entry.fieldName)) {
      v.add(`${field}.fieldName`, `is not a field you can sort by (${list(sortable)})`, 'FORMAT');
      return;
    }
    const order = entry.order ?? 'ASC';
    if (order !== 'ASC' && order !== 'DESC') {
      v.add(`${field}.order`, 'must be one of ASC, DESC', 'INVALID_ENUM_VALUE');
      return;
    }
    out.push({ fieldName: target, order });
  });
  v.throwIfAny();
  return out;
}

function readQuery(request: Json): Json {
  const query = request.query ?? {};
  if (!isObject(query)) throw fail('query', 'must be an object', 'FORMAT');
  if (query.cursorPaging !== undefined) {
    throw fail(
      'query.cursorPaging',
      'is not supported here: page with query.paging {limit, offset}',
      'FIELD_NOT_ALLOWED',
    );
  }
  return query;
}

/** Sort and filter views see `numericId` as a number, so "1000010" sorts after "1000009". */
const productQueryView = (product: Product) => ({ ...product, numericId: Number(product.numericId ?? 0) });

// ---------------------------------------------------------------------------------------------------------
// Product reads

export function getProduct(ctx: SandboxContext, id: string, request: Json, reader: Reader) {
  const product = findProduct(ctx, id, reader);
  return {
    product: productView(product, {
      merchantData: wantsMerchantData(reader, request.includeMerchantSpecificData),
    }),
  };
}

/** `query-platformized` (GET with `.r`, or its long-query POST fallback). */
export function queryProducts(ctx: SandboxContext, request: Json, reader: Reader) {
  const query = readQuery(request);
  const filter = normalizeFilter(query.filter, PRODUCT_FILTER_FIELDS, 'query.filter');
  const sort = readSort(query.sort, PRODUCT_FILTER_FIELDS, PRODUCT_SORT_FIELDS, 'query.sort');
  const paging = readOffsetPaging(query.paging, 'query.paging');
  const includeHidden = reader.merchant && request.includeHiddenProducts === true;
  const matching = [...ctx.state.products.values()]
    .filter((p) => includeHidden || p.visible !== false)
    .map(productQueryView)
    .filter((view) => matchesFilter(view, filter));
  const page = offsetPage(sortItems(matching, sort), paging);
  const merchantData = wantsMerchantData(reader, request.includeMerchantSpecificData);
  const variants = request.includeVariants === true;
  return {
    products: page.items.map((view) =>
      productView(ctx.state.products.get(view.id ?? '') as Product, { merchantData, variants }),
    ),
    metadata: page.metadata,
  };
}

interface OptionRef {
  option: ProductOption;
  name: string;
}

/** The product's option of a name, case-insensitively as the platform matches `{"color": "Blue"}`. */
function optionNamed(product: Product, name: string): OptionRef | undefined {
  const lower = name.toLowerCase();
  const option = product.productOptions?.find((o) => (o.name ?? '').toLowerCase() === lower);
  return option ? { option, name: option.name ?? '' } : undefined;
}

function choiceNamed(option: ProductOption, value: string): Choice | undefined {
  const lower = value.toLowerCase();
  return option.choices?.find((c) => (c.value ?? '').toLowerCase() === lower);
}

/** A selection of choices, by option name, checked against the product and spelt as the product spells it. */
function readSelection(product: Product, raw: unknown, field: string): Record<string, string> {
  const v = new Violations();
  const selection = collectSelection(v, product, raw, field);
  v.throwIfAny();
  return selection;
}

function collectSelection(
  v: Violations,
  product: Product,
  raw: unknown,
  field: string,
): Record<string, string> {
  if (raw === undefined || raw === null) return {};
  if (!isObject(raw)) {
    v.add(field, 'must be an object of option name to choice', 'FORMAT');
    return {};
  }
  const selection: Record<string, string> = {};
  const names = (product.productOptions ?? []).map((o) => o.name ?? '');
  for (const [name, value] of Object.entries(raw)) {
    const ref = optionNamed(product, name);
    if (!ref) {
      v.add(
        `${field}.${name}`,
        names.length
          ? `"${name}" is not an option of this product; its options are ${list(names)}`
          : `"${name}" is not an option of this product; it has no options`,
        'VALIDATION',
      );
      continue;
    }
    if (typeof value !== 'string') {
      v.add(`${field}.${name}`, 'must be a choice value (a string)', 'FORMAT');
      continue;
    }
    const choice = choiceNamed(ref.option, value);
    if (!choice) {
      const values = (ref.option.choices ?? []).map((c) => c.value ?? '');
      v.add(
        `${field}.${name}`,
        `"${value}" is not a choice of ${ref.name}; its choices are ${list(values)}`,
        'VALIDATION',
      );
      continue;
    }
    selection[ref.name] = choice.value ?? '';
  }
  return selection;
}

const picks = (variant: Variant, selection: Record<string, string>) =>
  Object.entries(selection).every(([name, value]) => variant.choices?.[name] === value);

function variantData(product: Product, variant: Variant): VariantData {
  const data = variant.variant ?? {};
  return {
    price: structuredClone(data.priceData),
    convertedPriceData: structuredClone(data.convertedPriceData ?? data.priceData),
    ...(product.productType === 'physical' && data.weight !== undefined ? { weight: data.weight } : {}),
    ...(data.sku ? { sku: data.sku } : {}),
    ...(variant.stock?.trackQuantity ? { quantity: variant.stock.quantity ?? 0 } : {}),
    inStock: variant.stock?.inStock === true,
    visible: data.visible !== false,
    ...(data.productDimensions ? { productDimensions: structuredClone(data.productDimensions) } : {}),
    ...(data.packageDimensions ? { packageDimensions: structuredClone(data.packageDimensions) } : {}),
  };
}

/**
 * What a partial selection leaves: each choice is in stock (visible) when some variant with it and the rest
 * of the selection is; the variant comes back when the selection picks exactly one.
 */
export function productOptionsAvailability(
  ctx: SandboxContext,
  id: string,
  body: Json,
  reader: Reader,
): ProductOptionsAvailabilityResponse {
  const product = findProduct(ctx, id, reader);
  const selection = readSelection(product, body.options, 'options');
  const variants = product.variants ?? [];
  const productOptions = structuredClone(product.productOptions ?? []);
  for (const option of productOptions) {
    const name = option.name ?? '';
    const others = Object.fromEntries(Object.entries(selection).filter(([key]) => key !== name));
    for (const choice of option.choices ?? []) {
      const candidates = variants.filter((v) => picks(v, { ...others, [name]: choice.value ?? '' }));
      choice.inStock = candidates.some((v) => v.stock?.inStock === true);
      choice.visible = candidates.some((v) => v.variant?.visible !== false);
    }
  }
  const picked = variants.filter((v) => picks(v, selection));
  const selected = picked.length === 1 ? picked[0] : undefined;
  const choiceMedia: MediaItem[] = [];
  for (const [name, value] of Object.entries(selection)) {
    const option = product.productOptions?.find((o) => o.name === name);
    const choice = option?.choices?.find((c) => c.value === value);
    for (const item of choice?.media?.items ?? []) choiceMedia.push(structuredClone(item));
  }
  const media: Media = choiceMedia.length
    ? { mainMedia: choiceMedia[0], items: choiceMedia }
    : structuredClone(product.media ?? { items: [] });
  return {
    ...(selected ? { selectedVariant: variantData(product, selected) } : {}),
    media,
    productOptions,
    availableForPurchase:
      product.visible !== false &&
      selected !== undefined &&
      selected.variant?.visible !== false &&
      selected.stock?.inStock === true,
  };
}

/** `POST /stores-reader/v1/products/{id}/variants/query`: by (partial) choices or by variant ids. */
export function queryProductVariants(
  ctx: SandboxContext,
  id: string,
  body: Json,
  reader: Reader,
): QueryProductVariantsResponse {
  const product = findProduct(ctx, id, reader);
  if (body.choices !== undefined && body.variantIds !== undefined) {
    throw fail('choices', 'give either choices or variantIds, not both', 'ONE_OF_ALIGNMENT');
  }
  const selection = readSelection(product, body.choices, 'choices');
  const v = new Violations();
  const ids =
    body.variantIds === undefined
      ? undefined
      : readStringList(v, body.variantIds, 'variantIds', { max: 1000 });
  v.throwIfAny();
  const paging = readOffsetPaging(body.paging, 'paging');
  const matching = (product.variants ?? []).filter(
    (variant) => picks(variant, selection) && (!ids || ids.includes(variant.id ?? '')),
  );
  const merchantData = wantsMerchantData(reader, body.includeMerchantSpecificData);
  const variants = matching.slice(paging.offset, paging.offset + paging.limit).map((variant) => {
    const copy = structuredClone(variant);
    if (!merchantData) delete copy.variant?.costAndProfitData;
    return copy;
  });
  return {
    variants,
    metadata: { items: paging.limit, offset: paging.offset },
    totalResults: matching.length,
  };
}

/** The media a variant shows: its first choice with media, else the product's main media. */
function variantMedia(product: Product, variant: Variant): StoreVariant['media'] {
  for (const option of product.productOptions ?? []) {
    const value = variant.choices?.[option.name ?? ''];
    const item = option.choices?.find((c) => c.value === value)?.media?.mainMedia;
    if (item?.image?.url) return { image: item.image.url };
    if (item?.video?.files?.[0]?.url) return { video: item.video.files[0].url };
  }
  const main = product.media?.mainMedia ?? product.media?.items?.[0];
  if (main?.image?.url) return { image: main.image.url };
  if (main?.video?.files?.[0]?.url) return { video: main.video.files[0].url };
  return undefined;
}

function storeVariant(product: Product, variant: Variant): StoreVariant {
  const names = (product.productOptions ?? []).map((o) => variant.choices?.[o.name ?? '']).filter(Boolean);
  const media = variantMedia(product, variant);
  return {
    id: `${product.id}-${variant.id}`,
    variantId: variant.id,
    productId: product.id,
    variantName: names.length ? names.join(' / ') : (product.name ?? ''),
    productName: product.name ?? '',
    managedVariant: product.manageVariants === true,
    sku: variant.variant?.sku ?? product.sku ?? '',
    stock: structuredClone(variant.stock ?? {}),
    choices: { ...variant.choices },
    collectionIds: [...(product.collectionIds ?? [])],
    ...(media ? { media } : {}),
    preorderInfo: { enabled: false },
  };
}

/** Every variant in the store the reader may see: a visitor sees no hidden product or variant. */
function storeVariants(ctx: SandboxContext, reader: Reader): StoreVariant[] {
  const out: StoreVariant[] = [];
  for (const product of ctx.state.products.values()) {
    if (!reader.merchant && product.visible === false) continue;
    for (const variant of product.variants ?? []) {
      if (!reader.merchant && variant.variant?.visible === false) continue;
      out.push(storeVariant(product, variant));
    }
  }
  return out;
}

export function queryStoreVariants(
  ctx: SandboxContext,
  body: Json,
  reader: Reader,
): QueryStoreVariantsResponse {
  const query = readQuery(body);
  const filter = normalizeFilter(query.filter, STORE_VARIANT_FIELDS, 'query.filter');
  const sortable = new Set(
    Object.keys(STORE_VARIANT_FIELDS).filter((f) => f !== 'collectionIds' && f !== 'choices.*'),
  );
  const sort = readSort(query.sort, STORE_VARIANT_FIELDS, sortable, 'query.sort');
  const paging = readOffsetPaging(query.paging, 'query.paging');
  const matching = storeVariants(ctx, reader).filter((variant) => matchesFilter(variant, filter));
  const page = offsetPage(sortItems(matching, sort), paging);
  return { variants: page.items, metadata: page.metadata };
}

/** `GET /stores-reader/v1/variants/{productId}-{variantId}`. */
export function getStoreVariant(ctx: SandboxContext, id: string, reader: Reader) {
  const match = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})-(.+)$/i.exec(id);
  if (!match || !GUID.test(match[2] ?? '')) {
    throw fail('id', `must be "<productId>-<variantId>" (two GUIDs), got "${id}"`, 'FORMAT');
  }
  const [, productId = '', variantId = ''] = match;
  const product = ctx.state.products.get(productId);
  const variant = product?.variants?.find((v) => v.id === variantId);
  if (
    !product ||
    !variant ||
    (!reader.merchant && (product.visible === false || variant.variant?.visible === false))
  ) {
    throw applicationError(404, 'VARIANT_NOT_FOUND', `Variant ${id} not found`);
  }
  return { variant: storeVariant(product, variant) };
}

// ---------------------------------------------------------------------------------------------------------
// Collection reads

export function getCollection(ctx: SandboxContext, id: string, reader: Reader) {
  return { collection: collectionView(ctx, findCollection(ctx, id, reader), reader) };
}

export function getCollectionBySlug(ctx: SandboxContext, slug: string, reader: Reader) {
  const collection = [...ctx.state.collections.values()].find((c) => c.slug === slug);
  if (!collection || (!reader.merchant && collection.visible === false)) {
    throw applicationError(404, 'COLLECTION_NOT_FOUND', `Collection with slug "${slug}" not found`);
  }
  return { collection: collectionView(ctx, collection, reader) };
}

export function queryCollections(ctx: SandboxContext, request: Json, reader: Reader) {
  const query = readQuery(request);
  const filter = normalizeFilter(query.filter, COLLECTION_FIELDS, 'query.filter');
  const sort = readSort(query.sort, COLLECTION_FIELDS, new Set(Object.keys(COLLECTION_FIELDS)), 'query.sort');
  const paging = readOffsetPaging(query.paging, 'query.paging');
  const matching = [...ctx.state.collections.values()]
    .filter((c) => reader.merchant || c.visible !== false)
    .map((c) => collectionView(ctx, c, reader))
    .filter((c) => matchesFilter(c, filter));
  const page = offsetPage(sortItems(matching, sort), paging);
  return { collections: page.items, metadata: page.metadata };
}

// ---------------------------------------------------------------------------------------------------------
// Product writes

/** The writable fields of a product body, checked; `null` clears a field that may be cleared. */
interface ProductPatch {
  name?: string;
  slug?: string;
  visible?: boolean;
  productType?: 'physical' | 'digital';
  description?: string | null;
  sku?: string | null;
  weight?: number;
  price?: number;
  cost?: number | null;
  discount?: Discount;
  ribbon?: string | null;
  brand?: string | null;
  manageVariants?: boolean;
  productOptions?: ProductOption[];
  pricePerUnitData?: PricePerUnitData | null;
  additionalInfoSections?: AdditionalInfoSection[];
  productDimensions?: Dimensions;
  packageDimensions?: Dimensions;
  seoData?: SeoSchema;
}

const has = (input: Json, key: string) => Object.hasOwn(input, key) && input[key] !== undefined;

function readOptions(v: Violations, raw: unknown, at: string): ProductOption[] | undefined {
  if (!Array.isArray(raw)) {
    v.add(at, 'must be a list of options', 'FORMAT');
    return undefined;
  }
  if (raw.length > 6) {
    v.add(at, 'must hold at most 6 options', 'MAX_SIZE');
    return undefined;
  }
  const names = new Set<string>();
  const options: ProductOption[] = [];
  let combinations = 1;
  raw.forEach((entry, i) => {
    const field = `${at}[${i}]`;
    if (!isObject(entry)) {
      v.add(field, 'must be an object', 'FORMAT');
      return;
    }
    let name: string | undefined;
    if (!has(entry, 'name')) v.add(`${field}.name`, 'is required', 'REQUIRED_FIELD');
    else name = readString(v, entry.name, `${field}.name`, { min: 1, max: 50 });
    if (name !== undefined) {
      if (names.has(name.toLowerCase())) v.add(`${field}.name`, `repeats the option "${name}"`, 'VALIDATION');
      names.add(name.toLowerCase());
    }
    const optionType = has(entry, 'optionType')
      ? readEnum(v, entry.optionType, `${field}.optionType`, ['drop_down', 'color'] as const)
      : 'drop_down';
    const rawChoices = entry.choices;
    if (!Array.isArray(rawChoices) || rawChoices.length === 0) {
      v.add(`${field}.choices`, 'must hold at least 1 choice', 'MIN_SIZE');
      return;
    }
    if (rawChoices.length > 100) {
      v.add(`${field}.choices`, 'must hold at most 100 choices', 'MAX_SIZE');
      return;
    }
    combinations *= rawChoices.length;
    const values = new Set<string>();
    const choices: Choice[] = [];
    rawChoices.forEach((c, j) => {
      const cf = `${field}.choices[${j}]`;
      if (!isObject(c)) {
        v.add(cf, 'must be an object', 'FORMAT');
        return;
      }
      if (!has(c, 'value')) {
        v.add(`${cf}.value`, 'is required', 'REQUIRED_FIELD');
        return;
      }
      const value = readString(v, c.value, `${cf}.value`, { min: 1, max: 50 });
      const description = has(c, 'description')
        ? readString(v, c.description, `${cf}.description`, { min: 1, max: 50 })
        : value;
      if (value === undefined) return;
      if (values.has(value.toLowerCase()))
        v.add(`${cf}.value`, `repeats the choice "${value}"`, 'VALIDATION');
      values.add(value.toLowerCase());
      choices.push({ value, description: description ?? value, inStock: true, visible: true });
    });
    if (name !== undefined && optionType) options.push({ optionType, name, choices });
  });
  if (combinations > 1000) v.add(at, `make ${combinations} variants; at most 1000 are allowed`, 'MAX_SIZE');
  return options;
}

function readDimensions(v: Violations, raw: unknown, at: string): Dimensions | undefined {
  if (!isObject(raw)) {
    v.add(at, 'must be an object', 'FORMAT');
    return undefined;
  }
  const out: Dimensions = {};
  for (const key of ['length', 'width', 'height'] as const) {
    if (!has(raw, key)) continue;
    const value = raw[key];
    if (typeof value !== 'string' || !/^\d+(?:\.\d{1,6})?$/.test(value) || Number(value) > 999_999_999) {
      v.add(`${at}.${key}`, 'must be a decimal string from 0 to 999999999', 'FORMAT');
    } else out[key] = value;
  }
  if (has(raw, 'unit')) {
    const unit = readEnum(v, raw.unit, `${at}.unit`, Object.values(DimensionsUnit));
    if (unit) out.unit = unit;
  }
  return out;
}

/** Checks a product body of a create (`creating`) or an update. */
function readProductPatch(input: Json, creating: boolean): ProductPatch {
  const v = new Violations();
  const patch: ProductPatch = {};
  const at = (field: string) => `product.${field}`;
  const nullable = (key: string) => Object.hasOwn(input, key) && input[key] === null;

  if (has(input, 'name')) patch.name = readString(v, input.name, at('name'), { min: 1, max: 80 });
  else if (creating || nullable('name')) v.add(at('name'), 'is required', 'REQUIRED_FIELD');

  if (has(input, 'productType')) {
    patch.productType = readEnum(v, input.productType, at('productType'), ['physical', 'digital'] as const);
  } else if (creating) v.add(at('productType'), 'is required (physical or digital)', 'REQUIRED_FIELD');

  const priceData = input.priceData;
  if (priceData !== undefined && priceData !== null && !isObject(priceData)) {
    v.add(at('priceData'), 'must be an object', 'FORMAT');
  } else if (isObject(priceData) && has(priceData, 'price')) {
    patch.price = readAmount(v, priceData.price, at('priceData.price'));
  } else if (creating) v.add(at('priceData.price'), 'is required', 'REQUIRED_FIELD');

  if (has(input, 'slug')) {
    const slug = readString(v, input.slug, at('slug'), { min: 1, max: 100 });
    if (slug !== undefined && !SLUG.test(slug))
      v.add(at('slug'), 'must not hold spaces, "/", "?" or "#"', 'FORMAT');
    else patch.slug = slug;
  }
  if (has(input, 'visible')) patch.visible = readBoolean(v, input.visible, at('visible'));
  if (has(input, 'manageVariants'))
    patch.manageVariants = readBoolean(v, input.manageVariants, at('manageVariants'));
  for (const [key, max] of [
    ['description', 8000],
    ['sku', 40],
    ['ribbon', 30],
    ['brand', 50],
  ] as const) {
    if (nullable(key)) patch[key] = null;
    else if (has(input, key)) {
      const value = readString(v, input[key], at(key), { min: key === 'brand' ? 1 : 0, max });
      if (value !== undefined) patch[key] = value === '' && key !== 'description' ? null : value;
    }
  }
  if (has(input, 'weight')) patch.weight = readWeight(v, input.weight, at('weight'));

  const cost = input.costAndProfitData;
  if (cost === null) patch.cost = null;
  else if (cost !== undefined) {
    if (!isObject(cost)) v.add(at('costAndProfitData'), 'must be an object', 'FORMAT');
    else if (cost.itemCost === null) patch.cost = null;
    else if (has(cost, 'itemCost'))
      patch.cost = readAmount(v, cost.itemCost, at('costAndProfitData.itemCost'));
  }

  const discount = input.discount;
  if (discount !== undefined && discount !== null) {
    if (!isObject(discount)) v.add(at('discount'), 'must be an object', 'FORMAT');
    else {
      const type = readEnum(v, discount.type ?? 'NONE', at('discount.type'), [
        'NONE',
        'AMOUNT',
        'PERCENT',
      ] as const);
      const value = discount.value ?? 0;
      if (typeof value !== 'number' || !Number.isFinite(value)) {
        v.add(at('discount.value'), 'must be a number', 'FORMAT');
      } else if (value < 0) v.add(at('discount.value'), 'must be at least 0', 'DECIMAL_GTE');
      else if (type === 'PERCENT' && value > 100) {
        v.add(at('discount.value'), 'must be at most 100 for a PERCENT discount', 'DECIMAL_LTE');
      } else if (type === 'AMOUNT' && readAmount(v, value, at('discount.value')) === undefined) {
        // readAmount recorded the violation
      } else if (type) patch.discount = { type, value: type === 'NONE' ? 0 : value };
    }
  }

  if (has(input, 'productOptions'))
    patch.productOptions = readOptions(v, input.productOptions, at('productOptions'));

  const ppu = input.pricePerUnitData;
  if (ppu === null) patch.pricePerUnitData = null;
  else if (ppu !== undefined) {
    if (!isObject(ppu)) v.add(at('pricePerUnitData'), 'must be an object', 'FORMAT');
    else {
      const out: PricePerUnitData = {};
      for (const key of ['totalQuantity', 'baseQuantity'] as const) {
        const value = ppu[key];
        if (typeof value !== 'number' || !Number.isFinite(value)) {
          v.add(at(`pricePerUnitData.${key}`), 'is required (a number)', 'REQUIRED_FIELD');
        } else if (value < 0.01) v.add(at(`pricePerUnitData.${key}`), 'must be at least 0.01', 'MIN');
        else out[key] = value;
      }
      for (const key of ['totalMeasurementUnit', 'baseMeasurementUnit'] as const) {
        if (typeof ppu[key] === 'string') out[key] = ppu[key] as PricePerUnitData[typeof key];
      }
      patch.pricePerUnitData = out;
    }
  }

  const sections = input.additionalInfoSections;
  if (sections !== undefined && sections !== null) {
    if (!Array.isArray(sections)) v.add(at('additionalInfoSections'), 'must be a list', 'FORMAT');
    else {
      patch.additionalInfoSections = sections.map((s, i) => {
        const f = at(`additionalInfoSections[${i}]`);
        if (!isObject(s)) {
          v.add(f, 'must be an object', 'FORMAT');
          return {};
        }
        return {
          title: readString(v, s.title ?? '', `${f}.title`, { max: 50 }),
          description: readString(v, s.description ?? '', `${f}.description`, { max: 16_000 }),
        };
      });
    }
  }
  for (const key of ['productDimensions', 'packageDimensions'] as const) {
    if (has(input, key)) patch[key] = readDimensions(v, input[key], at(key));
  }
  if (has(input, 'seoData')) {
    if (!isObject(input.seoData)) v.add(at('seoData'), 'must be an object', 'FORMAT');
    else patch.seoData = structuredClone(input.seoData) as SeoSchema;
  }
  v.throwIfAny();
  return patch;
}

function slugTaken(ctx: SandboxContext, slug: string, except?: string) {
  const lower = slug.toLowerCase();
  for (const product of ctx.state.products.values()) {
    if (product.id !== except && product.slug?.toLowerCase() === lower) return true;
  }
  return false;
}

const slugConflict = (slug: string, what: string) =>
  applicationError(409, 'SLUG_ALREADY_EXISTS', `The slug "${slug}" is already used by another ${what}`, {
    slug,
  });

/** Variant values that followed the product's value (equal to it) move with it to the new one. */
function moveFollowers<T>(
  variants: Variant[],
  read: (variant: Variant) => T | undefined,
  write: (variant: Variant, value: T | undefined) => void,
  from: T | undefined,
  to: T | undefined,
): void {
  for (const variant of variants) {
    const current = read(variant);
    if (current === from || current === undefined) write(variant, to);
  }
}

const priceCentsOf = (variant: Variant) =>
  variant.variant?.priceData?.price !== undefined ? toCents(variant.variant.priceData.price) : undefined;
const costCentsOf = (variant: Variant) =>
  variant.variant?.costAndProfitData?.itemCost !== undefined
    ? toCents(variant.variant.costAndProfitData.itemCost)
    : undefined;

function setVariantPrice(product: Product, variant: Variant, cents: number | undefined) {
  variant.variant ??= {};
  variant.variant.priceData = {
    currency: product.priceData?.currency ?? 'USD',
    price: centsToNumber(cents ?? toCents(product.priceData?.price ?? 0)),
  };
}

function setVariantCost(variant: Variant, cents: number | undefined) {
  variant.variant ??= {};
  if (cents === undefined) delete variant.variant.costAndProfitData;
  else variant.variant.costAndProfitData = { itemCost: centsToNumber(cents) };
}

function setVariantWeight(variant: Variant, weight: number | undefined) {
  variant.variant ??= {};
  if (weight === undefined) delete variant.variant.weight;
  else variant.variant.weight = weight;
}

/** Choice media survives an options rewrite for the choices that remain. */
function carryChoiceMedia(previous: ProductOption[], next: ProductOption[]): void {
  for (const option of next) {
    const before = previous.find((o) => o.name === option.name);
    for (const choice of option.choices ?? []) {
      const media = before?.choices?.find((c) => c.value === choice.value)?.media;
      if (media?.items?.length) choice.media = media;
    }
  }
}

/** Applies a checked patch, keeping variants that followed the product's price, cost, weight and SKU. */
function applyProductPatch(ctx: SandboxContext, product: Product, patch: ProductPatch): void {
  const variants = () => product.variants ?? [];
  const productType = patch.productType ?? product.productType;
  if (patch.weight !== undefined && productType === 'digital') {
    throw fail('product.weight', 'is not allowed: digital products have no weight', 'FIELD_NOT_ALLOWED');
  }
  if (patch.slug !== undefined && slugTaken(ctx, patch.slug, product.id))
    throw slugConflict(patch.slug, 'product');

  if (patch.name !== undefined) product.name = patch.name;
  if (patch.slug !== undefined) {
    product.slug = patch.slug;
    product.productPageUrl = { base: ctx.publicUrl, path: `/product-page/${patch.slug}` };
  }
  if (patch.visible !== undefined) product.visible = patch.visible;
  if (patch.manageVariants !== undefined) product.manageVariants = patch.manageVariants;
  if (patch.description !== undefined) product.description = patch.description ?? '';
  for (const key of ['ribbon', 'brand'] as const) {
    const value = patch[key];
    if (value === null) delete product[key];
    else if (value !== undefined) product[key] = value;
  }
  if (patch.sku !== undefined) {
    const from = product.sku || undefined;
    const to = patch.sku ?? undefined;
    moveFollowers(
      variants(),
      (v) => v.variant?.sku || undefined,
      (v, sku) => {
        v.variant ??= {};
        if (sku === undefined) delete v.variant.sku;
        else v.variant.sku = sku;
      },
      from,
      to,
    );
    product.sku = to ?? '';
  }
  if (patch.discount) product.discount = patch.discount;
  if (patch.pricePerUnitData === null) delete product.pricePerUnitData;
  else if (patch.pricePerUnitData) product.pricePerUnitData = patch.pricePerUnitData;
  if (patch.additionalInfoSections) product.additionalInfoSections = patch.additionalInfoSections;
  if (patch.productDimensions) product.productDimensions = patch.productDimensions;
  if (patch.packageDimensions) product.packageDimensions = patch.packageDimensions;
  if (patch.seoData) product.seoData = patch.seoData;

  if (patch.price !== undefined) {
    const from = toCents(product.priceData?.price ?? 0);
    const to = toCents(patch.price);
    moveFollowers(variants(), priceCentsOf, (v, cents) => setVariantPrice(product, v, cents), from, to);
    product.priceData = {
      currency: product.priceData?.currency ?? ctx.state.store.currency,
      price: patch.price,
    };
  }
  if (patch.cost !== undefined) {
    const before = product.costAndProfitData?.itemCost;
    const from = before !== undefined ? toCents(before) : undefined;
    const to = patch.cost === null ? undefined : toCents(patch.cost);
    moveFollowers(variants(), costCentsOf, setVariantCost, from, to);
    if (to === undefined) delete product.costAndProfitData;
    else product.costAndProfitData = { itemCost: centsToNumber(to) };
  }

  if (productType !== product.productType) {
    product.productType = productType;
    if (productType === 'digital') {
      delete product.weight;
      for (const v of variants()) setVariantWeight(v, undefined);
    } else {
      product.weight = patch.weight ?? 0;
      for (const v of variants()) setVariantWeight(v, product.weight);
    }
  } else if (patch.weight !== undefined) {
    moveFollowers(variants(), (v) => v.variant?.weight, setVariantWeight, product.weight, patch.weight);
    product.weight = patch.weight;
  }

  if (patch.productOptions) {
    carryChoiceMedia(product.productOptions ?? [], patch.productOptions);
    product.productOptions = patch.productOptions;
    rebuildVariants(product);
  }
}

function nextNumericId(ctx: SandboxContext): string {
  let max = 1_000_000;
  for (const product of ctx.state.products.values()) max = Math.max(max, Number(product.numericId ?? 0));
  return String(max + 1);
}

/** The merchant's answer after a write: the whole product, merchant data included. */
const writtenProduct = (product: Product) => ({ product: productView(product, { merchantData: true }) });

function touch(ctx: SandboxContext, product: Product): void {
  product.lastUpdated = nowIso(ctx);
  finalizeProduct(product);
}

export function createProduct(ctx: SandboxContext, body: Json) {
  if (!isObject(body.product)) throw fail('product', 'is required', 'REQUIRED_FIELD');
  const patch = readProductPatch(body.product, true);
  if (patch.slug !== undefined && slugTaken(ctx, patch.slug)) throw slugConflict(patch.slug, 'product');
  const id = randomUUID();
  const now = nowIso(ctx);
  const slug = patch.slug ?? uniqueSlug(slugify(patch.name ?? ''), (s) => slugTaken(ctx, s));
  const product: Product = {
    id,
    name: patch.name,
    slug,
    visible: true,
    productType: patch.productType,
    description: '',
    sku: '',
    ...(patch.productType === 'physical' ? { weight: 0 } : {}),
    stock: { trackInventory: false },
    priceData: { currency: ctx.state.store.currency, price: 0 },
    additionalInfoSections: [],
    media: { items: [] },
    customTextFields: [],
    manageVariants: false,
    productOptions: [],
    productPageUrl: { base: ctx.publicUrl, path: `/product-page/${slug}` },
    numericId: nextNumericId(ctx),
    inventoryItemId: randomUUID(),
    discount: { type: 'NONE', value: 0 },
    collectionIds: [ALL_PRODUCTS_COLLECTION_ID],
    variants: [],
    createdDate: now,
    lastUpdated: now,
  };
  rebuildVariants(product);
  const { slug: _slug, productType: _type, ...rest } = patch;
  applyProductPatch(ctx, product, rest);
  ctx.state.products.set(id, product);
  finalizeProduct(product);
  return writtenProduct(product);
}

export function updateProduct(ctx: SandboxContext, id: string, body: Json) {
  const product = findProduct(ctx, id, { merchant: true });
  if (!isObject(body.product)) throw fail('product', 'is required', 'REQUIRED_FIELD');
  const patch = readProductPatch(body.product, false);
  applyProductPatch(ctx, product, patch);
  touch(ctx, product);
  return writtenProduct(product);
}

export function deleteProduct(ctx: SandboxContext, id: string) {
  findProduct(ctx, id, { merchant: true });
  ctx.state.products.delete(id);
  return {};
}

/** The variants an override names, by (partial) choices or by ids. */
function overrideTargets(product: Product, entry: Json, at: string, v: Violations): Variant[] {
  const variants = product.variants ?? [];
  const byChoices = entry.choices !== undefined && entry.choices !== null;
  const byIds = entry.variantIds !== undefined && entry.variantIds !== null;
  if (byChoices && byIds) {
    v.add(at, 'give either choices or variantIds, not both', 'ONE_OF_ALIGNMENT');
    return [];
  }
  if (!byChoices && !byIds) {
    v.add(`${at}.choices`, 'is required (or variantIds)', 'REQUIRED_FIELD');
    return [];
  }
  if (byChoices) {
    const before = v.items.length;
    const selection = collectSelection(v, product, entry.choices, `${at}.choices`);
    return v.items.length > before ? [] : variants.filter((variant) => picks(variant, selection));
  }
  const ids = readStringList(v, entry.variantIds, `${at}.variantIds`, { min: 1, max: 1000 }) ?? [];
  const targets: Variant[] = [];
  ids.forEach((variantId, j) => {
    const variant = variants.find((x) => x.id === variantId);
    if (variant) targets.push(variant);
    else v.add(`${at}.variantIds[${j}]`, `is not a variant of product ${product.id}`, 'VALIDATION');
  });
  return targets;
}

/** `PATCH /stores/v1/products/{id}/variants`: overrides price, cost, weight, SKU and visibility. */
export function updateVariants(ctx: SandboxContext, id: string, body: Json) {
  const product = findProduct(ctx, id, { merchant: true });
  const raw = readEntries(body.variants, 'variants', 1000);
  const v = new Violations();
  const changes: Array<() => void> = [];
  raw.forEach((entry, i) => {
    const at = `variants[${i}]`;
    if (!isObject(entry)) {
      v.add(at, 'must be an object', 'FORMAT');
      return;
    }
    const targets = overrideTargets(product, entry, at, v);
    const price =
      entry.price === null
        ? null
        : has(entry, 'price')
          ? readAmount(v, entry.price, `${at}.price`)
          : undefined;
    const cost =
      entry.cost === null ? null : has(entry, 'cost') ? readAmount(v, entry.cost, `${at}.cost`) : undefined;
    let weight: number | null | undefined;
    if (entry.weight === null) weight = null;
    else if (has(entry, 'weight')) {
      if (product.productType === 'digital') {
        v.add(`${at}.weight`, 'is not allowed: digital products have no weight', 'FIELD_NOT_ALLOWED');
      } else weight = readWeight(v, entry.weight, `${at}.weight`);
    }
    const sku =
      entry.sku === null
        ? null
        : has(entry, 'sku')
          ? readString(v, entry.sku, `${at}.sku`, { max: 40 })
          : undefined;
    const visible = has(entry, 'visible') ? readBoolean(v, entry.visible, `${at}.visible`) : undefined;
    const dims = (['productDimensions', 'packageDimensions'] as const).map((key) =>
      has(entry, key) ? readDimensions(v, entry[key], `${at}.${key}`) : undefined,
    );
    changes.push(() => {
      for (const variant of targets) {
        variant.variant ??= {};
        const data = variant.variant;
        if (price !== undefined)
          setVariantPrice(product, variant, price === null ? undefined : toCents(price));
        if (cost !== undefined) {
          const fallback = product.costAndProfitData?.itemCost;
          setVariantCost(
            variant,
            cost !== null ? toCents(cost) : fallback !== undefined ? toCents(fallback) : undefined,
          );
        }
        if (weight !== undefined) setVariantWeight(variant, weight ?? product.weight);
        if (sku === null) data.sku = product.sku || undefined;
        else if (sku !== undefined) data.sku = sku;
        if (visible !== undefined) data.visible = visible;
        if (dims[0]) data.productDimensions = dims[0];
        if (dims[1]) data.packageDimensions = dims[1];
      }
    });
  });
  v.throwIfAny();
  for (const change of changes) change();
  touch(ctx, product);
  return { variants: structuredClone(product.variants ?? []) };
}

/** `POST …/variants/resetToDefault`: every variant back to the product's price, weight and cost. */
export function resetVariants(ctx: SandboxContext, id: string) {
  const product = findProduct(ctx, id, { merchant: true });
  const cost = product.costAndProfitData?.itemCost;
  for (const variant of product.variants ?? []) {
    setVariantPrice(product, variant, undefined);
    setVariantCost(variant, cost !== undefined ? toCents(cost) : undefined);
    setVariantWeight(variant, product.productType === 'physical' ? product.weight : undefined);
    if (variant.variant) variant.variant.visible = true;
  }
  touch(ctx, product);
  return {};
}

/**
 * `DELETE …/options`: the product keeps no options and one default variant, which carries the stock of
 * the variants it replaces (their quantities summed when tracked; in stock when any was).
 */
export function deleteProductOptions(ctx: SandboxContext, id: string) {
  const product = findProduct(ctx, id, { merchant: true });
  const before = product.variants ?? [];
  const quantity = before.reduce((sum, v) => sum + (v.stock?.quantity ?? 0), 0);
  const inStock = before.some((v) => v.stock?.inStock);
  product.productOptions = [];
  product.variants = [];
  product.manageVariants = false;
  rebuildVariants(product);
  const variant = product.variants[0];
  if (variant) {
    variant.stock = product.stock?.trackInventory
      ? { trackQuantity: true, quantity }
      : { trackQuantity: false, inStock };
  }
  touch(ctx, product);
  return {};
}

export function removeProductField(ctx: SandboxContext, id: string, field: 'brand' | 'ribbon') {
  const product = findProduct(ctx, id, { merchant: true });
  delete product[field];
  touch(ctx, product);
  return {};
}

// ---------------------------------------------------------------------------------------------------------
// Media

function mediaNotFound(product: Product, ids: string[]) {
  return applicationError(
    404,
    'MEDIA_NOT_FOUND',
    `Product ${product.id} has no media item ${ids.map((id) => `"${id}"`).join(', ')}`,
    { mediaIds: ids },
  );
}

/** Every media item of a product: its own and its choices' (a choice may show an image the product does not). */
function allMedia(product: Product): MediaItem[] {
  const out = [...(product.media?.items ?? [])];
  for (const option of product.productOptions ?? []) {
    for (const choice of option.choices ?? []) {
      for (const item of choice.media?.items ?? []) if (!out.some((x) => x.id === item.id)) out.push(item);
    }
  }
  return out;
}

interface ChoiceRef {
  option: ProductOption;
  choice: Choice;
}

/** An option's choice named by an `{option, choice}` pair of a request. */
function readChoiceRef(product: Product, raw: Json, at: string, v: Violations): ChoiceRef | undefined {
  const option = typeof raw.option === 'string' ? optionNamed(product, raw.option)?.option : undefined;
  if (typeof raw.option !== 'string' || raw.option === '') {
    v.add(`${at}.option`, 'is required', 'REQUIRED_FIELD');
    return undefined;
  }
  if (!option) {
    v.add(`${at}.option`, `"${raw.option}" is not an option of product ${product.id}`, 'VALIDATION');
    return undefined;
  }
  if (typeof raw.choice !== 'string' || raw.choice === '') {
    v.add(`${at}.choice`, 'is required', 'REQUIRED_FIELD');
    return undefined;
  }
  const choice = choiceNamed(option, raw.choice);
  if (!choice) {
    v.add(`${at}.choice`, `"${raw.choice}" is not a choice of ${option.name}`, 'VALIDATION');
    return undefined;
  }
  return { option, choice };
}

/** Media may be set on the choices of one option only (the platform's rule). */
function checkOneMediaOption(product: Product, refs: ChoiceRef[], at: string): void {
  const names = new Set(refs.map((r) => r.option.name));
  for (const option of product.productOptions ?? []) {
    if (option.choices?.some((c) => c.media?.items?.length)) names.add(option.name);
  }
  if (names.size > 1) {
    throw fail(
      at,
      `media can be set on the choices of one option only; this would set it on ${list([...names].map((n) => `"${n}"`))}`,
      'VALIDATION',
    );
  }
}

function setChoiceMedia(choice: Choice, items: MediaItem[]): void {
  if (items.length) choice.media = { mainMedia: items[0], items };
  else delete choice.media;
}

function addToChoice(choice: Choice, item: MediaItem): void {
  const items = choice.media?.items ?? [];
  if (!items.some((x) => x.id === item.id)) setChoiceMedia(choice, [...items, structuredClone(item)]);
}

/** `POST /stores/v1/products/{id}/media`: appends images or videos, optionally to a choice as well. */
export function addProductMedia(ctx: SandboxContext, id: string, body: Json) {
  const product = findProduct(ctx, id, { merchant: true });
  const raw = readEntries(body.media, 'media', 50);
  const v = new Violations();
  const existing = product.media?.items ?? [];
  const known = allMedia(product);
  const additions: Array<{ item: MediaItem; ref?: ChoiceRef }> = [];
  raw.forEach((entry, i) => {
    const at = `media[${i}]`;
    if (!isObject(entry)) {
      v.add(at, 'must be an object', 'FORMAT');
      return;
    }
    const hasUrl = entry.url !== undefined && entry.url !== null;
    const hasId = entry.mediaId !== undefined && entry.mediaId !== null;
    if (hasUrl === hasId) {
      v.add(at, 'give exactly one of url and mediaId', hasUrl ? 'ONE_OF_ALIGNMENT' : 'REQUIRED_FIELD');
      return;
    }
    let ref: ChoiceRef | undefined;
    if (entry.choice !== undefined && entry.choice !== null) {
      if (!isObject(entry.choice)) v.add(`${at}.choice`, 'must be {option, choice}', 'FORMAT');
      else ref = readChoiceRef(product, entry.choice, `${at}.choice`, v);
    }
    if (hasUrl) {
      const resolved = typeof entry.url === 'string' ? resolveMediaUrl(entry.url) : undefined;
      if (!resolved) {
        v.add(
          `${at}.url`,
          'must be an http(s) URL or a platform media URI (wix:image://v1/… or wix:video://v1/…)',
          'FORMAT',
        );
        return;
      }
      const mediaId = resolved.mediaId ?? randomUUID();
      const found = [...known, ...additions.map((a) => a.item)].find((x) => x.id === mediaId);
      additions.push({ item: found ?? mediaItemFor(mediaId, resolved), ref });
      return;
    }
    const mediaId = entry.mediaId;
    if (typeof mediaId !== 'string' || !MEDIA_ID.test(mediaId)) {
      v.add(`${at}.mediaId`, 'must be a media id (letters, digits, "_", ".", "~", "-")', 'FORMAT');
      return;
    }
    const found = [...known, ...additions.map((a) => a.item)].find((x) => x.id === mediaId);
    const item =
      found ??
      mediaItemFor(mediaId, { mediaType: 'image', url: `https://static.wixstatic.com/media/${mediaId}` });
    additions.push({ item, ref });
  });
  v.throwIfAny();
  const refs = additions.flatMap((a) => (a.ref ? [a.ref] : []));
  if (refs.length) checkOneMediaOption(product, refs, 'media');
  const items = [...existing];
  for (const { item, ref } of additions) {
    if (!items.some((x) => x.id === item.id)) items.push(item);
    if (ref) addToChoice(ref.choice, item);
  }
  product.media = { items };
  touch(ctx, product);
  return {};
}

/** `POST …/media/delete`: removes media items from the product and its choices; no ids removes them all. */
export function removeProductMedia(ctx: SandboxContext, id: string, body: Json) {
  const product = findProduct(ctx, id, { merchant: true });
  const v = new Violations();
  const ids =
    body.mediaIds === undefined || body.mediaIds === null
      ? []
      : (readStringList(v, body.mediaIds, 'mediaIds', { max: 50 }) ?? []);
  v.throwIfAny();
  const known = allMedia(product);
  const missing = ids.filter((mediaId) => !known.some((x) => x.id === mediaId));
  if (missing.length) throw mediaNotFound(product, missing);
  const removed = new Set(ids.length ? ids : known.map((x) => x.id));
  product.media = { items: (product.media?.items ?? []).filter((x) => !removed.has(x.id)) };
  for (const option of product.productOptions ?? []) {
    for (const choice of option.choices ?? []) {
      if (choice.media)
        setChoiceMedia(
          choice,
          (choice.media.items ?? []).filter((x) => !removed.has(x.id)),
        );
    }
  }
  touch(ctx, product);
  return {};
}

/** The `{option, choice, mediaIds}` entries of the two choice-media calls, checked. */
function readChoiceMedia(product: Product, body: Json) {
  const raw = readEntries(body.media, 'media', 10);
  const v = new Violations();
  const entries: Array<{ ref: ChoiceRef; ids: string[] }> = [];
  raw.forEach((entry, i) => {
    const at = `media[${i}]`;
    if (!isObject(entry)) {
      v.add(at, 'must be an object', 'FORMAT');
      return;
    }
    const ref = readChoiceRef(product, entry, at, v);
    const ids =
      entry.mediaIds === undefined || entry.mediaIds === null
        ? []
        : readStringList(v, entry.mediaIds, `${at}.mediaIds`, { max: 50 });
    if (ref && ids) entries.push({ ref, ids });
  });
  v.throwIfAny();
  const known = allMedia(product);
  const missing = [...new Set(entries.flatMap((e) => e.ids))].filter(
    (mid) => !known.some((x) => x.id === mid),
  );
  if (missing.length) throw mediaNotFound(product, missing);
  return entries;
}

/** `PATCH …/choices/media`: links media items the product already has to choices. */
export function addMediaToChoices(ctx: SandboxContext, id: string, body: Json) {
  const product = findProduct(ctx, id, { merchant: true });
  const entries = readChoiceMedia(product, body);
  checkOneMediaOption(
    product,
    entries.filter((e) => e.ids.length).map((e) => e.ref),
    'media',
  );
  const known = allMedia(product);
  for (const { ref, ids } of entries) {
    for (const mediaId of ids) addToChoice(ref.choice, known.find((x) => x.id === mediaId) as MediaItem);
  }
  touch(ctx, product);
  return {};
}

/** `POST …/choices/media/delete`: unlinks media from choices (all of a choice's media without ids). */
export function removeMediaFromChoices(ctx: SandboxContext, id: string, body: Json) {
  const product = findProduct(ctx, id, { merchant: true });
  for (const { ref, ids } of readChoiceMedia(product, body)) {
    const keep = (ref.choice.media?.items ?? []).filter((x) => ids.length && !ids.includes(x.id ?? ''));
    setChoiceMedia(ref.choice, keep);
  }
  touch(ctx, product);
  return {};
}

// ---------------------------------------------------------------------------------------------------------
// Collections

function editableCollection(ctx: SandboxContext, id: string): Collection {
  const collection = findCollection(ctx, id, { merchant: true });
  if (id === ALL_PRODUCTS_COLLECTION_ID) {
    throw applicationError(
      400,
      'ALL_PRODUCTS_COLLECTION_NOT_EDITABLE',
      'The "All Products" collection always holds every product: products cannot be added to or removed from it, and it cannot be deleted',
    );
  }
  return collection;
}

function readProductIds(ctx: SandboxContext, body: Json): Product[] {
  const v = new Violations();
  if (body.productIds === undefined) v.add('productIds', 'is required', 'REQUIRED_FIELD');
  const ids =
    body.productIds === undefined
      ? undefined
      : readStringList(v, body.productIds, 'productIds', {
          min: 1,
          max: 1000,
          format: GUID,
          formatName: 'a GUID',
        });
  v.throwIfAny();
  const missing = (ids ?? []).filter((pid) => !ctx.state.products.has(pid));
  if (missing.length) {
    throw applicationError(404, 'PRODUCT_NOT_FOUND', `No product ${list(missing)}`, { productIds: missing });
  }
  return [...new Set(ids)].map((pid) => ctx.state.products.get(pid) as Product);
}

export function addProductsToCollection(ctx: SandboxContext, id: string, body: Json) {
  editableCollection(ctx, id);
  for (const product of readProductIds(ctx, body)) {
    if (product.collectionIds?.includes(id)) continue;
    product.collectionIds = [...(product.collectionIds ?? []), id];
    touch(ctx, product);
  }
  return {};
}

export function removeProductsFromCollection(ctx: SandboxContext, id: string, body: Json) {
  editableCollection(ctx, id);
  for (const product of readProductIds(ctx, body)) {
    if (!product.collectionIds?.includes(id)) continue;
    product.collectionIds = product.collectionIds.filter((cid) => cid !== id);
    touch(ctx, product);
  }
  return {};
}

function readCollectionMedia(v: Violations, raw: unknown, at: string): Media | undefined {
  if (!isObject(raw)) {
    v.add(at, 'must be an object {mainMedia?, items?}', 'FORMAT');
    return undefined;
  }
  const readItem = (entry: unknown, field: string): MediaItem | undefined => {
    const url = isObject(entry) && isObject(entry.image) ? entry.image.url : undefined;
    const resolved = typeof url === 'string' ? resolveMediaUrl(url) : undefined;
    if (resolved?.mediaType !== 'image') {
      v.add(`${field}.image.url`, 'must be an http(s) URL or a wix:image://v1/… media URI', 'FORMAT');
      return undefined;
    }
    const mediaId =
      isObject(entry) && typeof entry.id === 'string' && entry.id
        ? entry.id
        : (resolved.mediaId ?? randomUUID());
    const item = mediaItemFor(mediaId, resolved);
    if (isObject(entry) && typeof entry.title === 'string') item.title = entry.title;
    return item;
  };
  const items: MediaItem[] = [];
  if (raw.items !== undefined) {
    if (!Array.isArray(raw.items)) v.add(`${at}.items`, 'must be a list', 'FORMAT');
    else
      raw.items.forEach((entry, i) => {
        const item = readItem(entry, `${at}.items[${i}]`);
        if (item) items.push(item);
      });
  }
  const main = raw.mainMedia !== undefined ? readItem(raw.mainMedia, `${at}.mainMedia`) : undefined;
  if (main && !items.some((x) => x.image?.url === main.image?.url)) items.unshift(main);
  return { mainMedia: main ?? items[0], items };
}

function collectionSlugTaken(ctx: SandboxContext, slug: string, except?: string) {
  const lower = slug.toLowerCase();
  return [...ctx.state.collections.values()].some((c) => c.id !== except && c.slug?.toLowerCase() === lower);
}

function readCollectionPatch(input: Json, creating: boolean) {
  const v = new Violations();
  const out: Pick<Collection, 'name' | 'description' | 'slug' | 'visible' | 'media'> = {};
  if (has(input, 'name')) out.name = readString(v, input.name, 'collection.name', { min: 1, max: 50 });
  else if (creating || input.name === null) v.add('collection.name', 'is required', 'REQUIRED_FIELD');
  if (input.description === null) out.description = '';
  else if (has(input, 'description')) {
    out.description = readString(v, input.description, 'collection.description', { max: 600 });
  }
  if (has(input, 'slug')) {
    const slug = readString(v, input.slug, 'collection.slug', { min: 1, max: 100 });
    if (slug !== undefined && !SLUG.test(slug))
      v.add('collection.slug', 'must not hold spaces, "/", "?" or "#"', 'FORMAT');
    else out.slug = slug;
  }
  if (has(input, 'visible')) out.visible = readBoolean(v, input.visible, 'collection.visible');
  if (has(input, 'media')) out.media = readCollectionMedia(v, input.media, 'collection.media');
  v.throwIfAny();
  return out;
}

const writtenCollection = (ctx: SandboxContext, collection: Collection) => ({
  collection: collectionView(ctx, collection, { merchant: true }),
});

export function createCollection(ctx: SandboxContext, body: Json) {
  if (!isObject(body.collection)) throw fail('collection', 'is required', 'REQUIRED_FIELD');
  const patch = readCollectionPatch(body.collection, true);
  if (patch.slug !== undefined && collectionSlugTaken(ctx, patch.slug))
    throw slugConflict(patch.slug, 'collection');
  const slug = patch.slug ?? uniqueSlug(slugify(patch.name ?? ''), (s) => collectionSlugTaken(ctx, s));
  const collection: Collection = {
    id: randomUUID(),
    name: patch.name,
    slug,
    description: patch.description ?? '',
    visible: patch.visible ?? true,
    media: patch.media ?? { items: [] },
  };
  ctx.state.collections.set(collection.id as string, collection);
  return writtenCollection(ctx, collection);
}

export function updateCollection(ctx: SandboxContext, id: string, body: Json) {
  const collection = findCollection(ctx, id, { merchant: true });
  if (!isObject(body.collection)) throw fail('collection', 'is required', 'REQUIRED_FIELD');
  const patch = readCollectionPatch(body.collection, false);
  if (patch.slug !== undefined && collectionSlugTaken(ctx, patch.slug, id))
    throw slugConflict(patch.slug, 'collection');
  for (const [key, value] of Object.entries(patch)) {
    if (value !== undefined) (collection as Json)[key] = value;
  }
  return writtenCollection(ctx, collection);
}

export function deleteCollection(ctx: SandboxContext, id: string) {
  editableCollection(ctx, id);
  ctx.state.collections.delete(id);
  for (const product of ctx.state.products.values()) {
    if (!product.collectionIds?.includes(id)) continue;
    product.collectionIds = product.collectionIds.filter((cid) => cid !== id);
    touch(ctx, product);
  }
  return {};
}

// ---------------------------------------------------------------------------------------------------------
// Bulk edits

type NumericProperty = 'price' | 'cost' | 'weight';

/** One property's values in integer units: cents for money, thousandths for weight. */
const UNITS: Record<
  NumericProperty,
  { to: (n: number) => number; from: (u: number) => number; max: number }
> = {
  price: { to: toCents, from: centsToNumber, max: MAX_AMOUNT_CENTS },
  cost: { to: toCents, from: centsToNumber, max: MAX_AMOUNT_CENTS },
  weight: { to: (n) => Math.round(n * 1000), from: (u) => u / 1000, max: MAX_AMOUNT * 1000 },
};

interface PropertyAccess {
  base(product: Product): number | undefined;
  setBase(product: Product, units: number): void;
  variant(variant: Variant): number | undefined;
  setVariant(product: Product, variant: Variant, units: number): void;
}

const ACCESS: Record<NumericProperty, PropertyAccess> = {
  price: {
    base: (p) => toCents(p.priceData?.price ?? 0),
    setBase: (p, u) => {
      p.priceData = { currency: p.priceData?.currency ?? 'USD', price: centsToNumber(u) };
    },
    variant: priceCentsOf,
    setVariant: (p, v, u) => setVariantPrice(p, v, u),
  },
  cost: {
    base: (p) =>
      p.costAndProfitData?.itemCost !== undefined ? toCents(p.costAndProfitData.itemCost) : undefined,
    setBase: (p, u) => {
      p.costAndProfitData = { itemCost: centsToNumber(u) };
    },
    variant: costCentsOf,
    setVariant: (_p, v, u) => setVariantCost(v, u),
  },
  weight: {
    base: (p) => (p.weight !== undefined ? UNITS.weight.to(p.weight) : undefined),
    setBase: (p, u) => {
      p.weight = UNITS.weight.from(u);
    },
    variant: (v) => (v.variant?.weight !== undefined ? UNITS.weight.to(v.variant.weight) : undefined),
    setVariant: (_p, v, u) => setVariantWeight(v, UNITS.weight.from(u)),
  },
};

class ItemFailure extends Error {
  constructor(
    readonly code: string,
    description: string,
  ) {
    super(description);
  }
}

/** A new base value and what each variant becomes; a negative or oversized result fails the item. */
type Plan = (product: Product) => { base: number; variants: Map<Variant, number> };

function runBulk(
  ctx: SandboxContext,
  ids: string[],
  property: NumericProperty | undefined,
  plan: (p: Product) => void,
) {
  const results: BulkProductResult[] = ids.map((id, originalIndex) => {
    try {
      if (!GUID.test(id)) throw new ItemFailure('INVALID_PRODUCT_ID', `"${id}" is not a product id (a GUID)`);
      const product = ctx.state.products.get(id);
      if (!product) throw new ItemFailure('PRODUCT_NOT_FOUND', `Product ${id} not found`);
      if (property === 'weight' && product.productType === 'digital') {
        throw new ItemFailure(
          'WEIGHT_NOT_APPLICABLE',
          `Product ${id} ("${product.name}") is digital: digital products have no weight`,
        );
      }
      plan(product);
      touch(ctx, product);
      return { itemMetadata: { id, originalIndex, success: true } };
    } catch (error) {
      if (!(error instanceof ItemFailure)) throw error;
      return {
        itemMetadata: {
          id,
          originalIndex,
          success: false,
          error: { code: error.code, description: error.message },
        },
      };
    }
  });
  const failures = results.filter((r) => !r.itemMetadata?.success).length;
  const response: BulkUpdateProductsResponse = {
    results,
    bulkActionMetadata: {
      totalSuccesses: results.length - failures,
      totalFailures: failures,
      undetailedFailures: 0,
    },
  };
  return response;
}

function applyPlan(product: Product, property: NumericProperty, plan: Plan) {
  const { base, variants } = plan(product);
  const units = UNITS[property];
  const show = (u: number) => (property === 'weight' ? String(units.from(u)) : centsToNumber(u).toFixed(2));
  for (const value of [base, ...variants.values()]) {
    if (value < 0) {
      throw new ItemFailure(
        'NEGATIVE_VALUE',
        `This would make the ${property} of product ${product.id} negative (${show(value)})`,
      );
    }
    if (value > units.max) {
      throw new ItemFailure(
        'VALUE_TOO_LARGE',
        `This would make the ${property} of product ${product.id} exceed ${MAX_AMOUNT}`,
      );
    }
  }
  const access = ACCESS[property];
  access.setBase(product, base);
  for (const [variant, value] of variants) access.setVariant(product, variant, value);
}

function readBulkIds(v: Violations, body: Json): string[] {
  if (body.ids === undefined) {
    v.add('ids', 'is required', 'REQUIRED_FIELD');
    return [];
  }
  const ids = readStringList(v, body.ids, 'ids', { min: 1, max: 100 }) ?? [];
  const seen = new Map<string, number>();
  ids.forEach((id, i) => {
    const first = seen.get(id);
    if (first !== undefined) v.add(`ids[${i}]`, `repeats ids[${first}]`, 'VALIDATION');
    else seen.set(id, i);
  });
  return ids;
}

/** Exactly one of `keys` in `raw`; else a ONE_OF_ALIGNMENT violation. */
function oneOf<K extends string>(v: Violations, raw: Json, keys: readonly K[], at: string): K | undefined {
  const present = keys.filter((k) => raw[k] !== undefined && raw[k] !== null);
  if (present.length !== 1) {
    v.add(
      at,
      `must set exactly one of ${list(keys)}${present.length ? ` (got ${list(present)})` : ''}`,
      'ONE_OF_ALIGNMENT',
    );
    return undefined;
  }
  return present[0];
}

/** `POST /stores/v1/bulk/products/update`: sets one property on up to 100 products. */
export function bulkUpdateProducts(ctx: SandboxContext, body: Json) {
  const v = new Violations();
  const ids = readBulkIds(v, body);
  const set = body.set;
  let key: 'price' | 'cost' | 'weight' | 'ribbon' | 'brand' | undefined;
  let value: number | string | undefined;
  if (!isObject(set))
    v.add(
      'set',
      set === undefined ? 'is required' : 'must be an object',
      set === undefined ? 'REQUIRED_FIELD' : 'FORMAT',
    );
  else {
    key = oneOf(v, set, ['price', 'cost', 'weight', 'ribbon', 'brand'] as const, 'set');
    if (key === 'price' || key === 'cost') value = readAmount(v, set[key], `set.${key}`);
    else if (key === 'weight') value = readWeight(v, set[key], 'set.weight');
    else if (key) value = readString(v, set[key], `set.${key}`, { max: key === 'ribbon' ? 30 : 50 });
  }
  v.throwIfAny();
  if (key === 'ribbon' || key === 'brand') {
    const field = key;
    return runBulk(ctx, ids, undefined, (product) => {
      if (value === '') delete product[field];
      else product[field] = value as string;
    });
  }
  const property = key as NumericProperty;
  const units = UNITS[property].to(value as number);
  const access = ACCESS[property];
  return runBulk(ctx, ids, property, (product) =>
    applyPlan(product, property, (p) => {
      const old = access.base(p);
      const variants = new Map<Variant, number>();
      for (const variant of p.variants ?? []) {
        const current = access.variant(variant);
        // A set price moves the variants that had the base price; cost and weight are set on every variant.
        if (property !== 'price' || current === undefined || current === old) variants.set(variant, units);
      }
      return { base: units, variants };
    }),
  );
}

interface Adjustment {
  amount?: number;
  percentage?: number;
  roundToInt: boolean;
}

function readAdjustment(v: Violations, raw: unknown, at: string): Adjustment | undefined {
  if (!isObject(raw)) {
    v.add(at, 'must be {amount} or {percentage}', 'FORMAT');
    return undefined;
  }
  const by = oneOf(v, raw, ['amount', 'percentage'] as const, at);
  if (by === 'amount') {
    const amount = raw.amount;
    if (typeof amount !== 'number' || !Number.isFinite(amount))
      v.add(`${at}.amount`, 'must be a number', 'FORMAT');
    else if (Math.abs(amount) > MAX_AMOUNT)
      v.add(`${at}.amount`, `must be between -${MAX_AMOUNT} and ${MAX_AMOUNT}`, 'MAX');
    else return { amount, roundToInt: false };
  } else if (by === 'percentage') {
    const pct = raw.percentage;
    const rate = isObject(pct) ? pct.rate : pct;
    const field = isObject(pct) ? `${at}.percentage.rate` : `${at}.percentage`;
    const roundToInt = isObject(pct) && pct.roundToInt === true;
    if (typeof rate !== 'number' || !Number.isFinite(rate)) v.add(field, 'must be a number', 'FORMAT');
    else if (rate < -100) v.add(field, 'must be at least -100', 'MIN');
    else if (rate > 1000) v.add(field, 'must be at most 1000', 'MAX');
    else return { percentage: rate, roundToInt };
  }
  return undefined;
}

/**
 * `POST /stores/v1/bulk/products/adjust-properties`: moves one numeric property by an amount or a
 * percentage of the product's value; each variant keeps its difference from the product (its surcharge).
 */
export function bulkAdjustProducts(ctx: SandboxContext, body: Json) {
  const v = new Violations();
  const ids = readBulkIds(v, body);
  const adjust = body.adjust;
  let property: NumericProperty | undefined;
  let adjustment: Adjustment | undefined;
  if (!isObject(adjust)) {
    v.add(
      'adjust',
      adjust === undefined ? 'is required' : 'must be an object',
      adjust === undefined ? 'REQUIRED_FIELD' : 'FORMAT',
    );
  } else {
    property = oneOf(v, adjust, ['price', 'cost', 'weight'] as const, 'adjust');
    if (property) adjustment = readAdjustment(v, adjust[property], `adjust.${property}`);
  }
  v.throwIfAny();
  const prop = property as NumericProperty;
  const change = adjustment as Adjustment;
  const units = UNITS[prop];
  const access = ACCESS[prop];
  const wholeUnit = prop === 'weight' ? 1000 : 100;
  return runBulk(ctx, ids, prop, (product) => {
    // A percentage of no cost is no cost: a product without a cost keeps none.
    if (access.base(product) === undefined && change.percentage !== undefined) return;
    applyPlan(product, prop, (p) => {
      const old = access.base(p) ?? 0;
      let base =
        change.amount !== undefined
          ? old + units.to(change.amount)
          : old + percentOf(old, change.percentage ?? 0);
      if (change.roundToInt) base = Math.round(base / wholeUnit) * wholeUnit;
      const variants = new Map<Variant, number>();
      for (const variant of p.variants ?? [])
        variants.set(variant, base + ((access.variant(variant) ?? old) - old));
      return { base, variants };
    });
  });
}
