/**
 * Catalogue reads: product, variant and collection queries with the platform's field names, options
 * availability, store variants.
 */
import type { Media, MediaItem } from '../../src/api/types/common';
import type {
  Choice,
  Product,
  ProductOption,
  ProductOptionsAvailabilityResponse,
  QueryProductVariantsResponse,
  QueryStoreVariantsResponse,
  StoreVariant,
  Variant,
  VariantData,
} from '../../src/api/types/products';
import { choiceName } from '../catalog';
import type { SandboxContext } from '../context';
import { applicationError } from '../errors';
import { ownValue, setOwn } from '../own';
import {
  type Filter,
  matchesFilter,
  offsetPage,
  readOffsetPaging,
  type Sorting,
  sortItems,
  validateFilter,
} from '../query';
import { productsOfSkus } from './product-index';
import { fail, GUID, isObject, type Json, list, type Reader, readStringList, Violations } from './shared';
import { collectionView, findCollection, findProduct, productView, wantsMerchantData } from './views';

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

/**
 * When the filter asks for certain SKUs (`sku: "A"`, `{$eq: "A"}`, `{$in: ["A", "B"]}`, beside whatever else):
 * the products of those SKUs, in the catalogue's order, from the SKU index. Every other product fails the
 * filter, so the query checks these alone, and answers as it would over every product (an import looks 100
 * SKUs up at a time in a catalogue of 50,000). Undefined for any other filter.
 */
function productsOfFilterSkus(ctx: SandboxContext, filter: Filter | undefined): Product[] | undefined {
  const condition = filter === undefined ? undefined : ownValue(filter, 'sku');
  const strings = (values: unknown) =>
    Array.isArray(values) && values.every((v) => typeof v === 'string') ? (values as string[]) : undefined;
  if (typeof condition === 'string') return productsOfSkus(ctx, [condition]);
  if (!isObject(condition) || !Object.keys(condition).every((op) => op.startsWith('$'))) return undefined;
  if (typeof condition.$eq === 'string') return productsOfSkus(ctx, [condition.$eq]);
  const listed = strings(condition.$in);
  return listed ? productsOfSkus(ctx, listed) : undefined;
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
  const matching = [...(productsOfFilterSkus(ctx, filter) ?? ctx.state.products.values())]
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
export function optionNamed(product: Product, name: string): OptionRef | undefined {
  const lower = name.toLowerCase();
  const option = product.productOptions?.find((o) => (o.name ?? '').toLowerCase() === lower);
  return option ? { option, name: option.name ?? '' } : undefined;
}

/** The option's choice a request names, by its description (`"Black"`, not its value `"#000000"`), in any case. */
export function choiceNamed(option: ProductOption, name: string): Choice | undefined {
  const lower = name.toLowerCase();
  return option.choices?.find((c) => choiceName(c).toLowerCase() === lower);
}

/** A selection of choices, by option name, checked against the product and spelt as the product spells it. */
function readSelection(product: Product, raw: unknown, field: string): Record<string, string> {
  const v = new Violations();
  const selection = collectSelection(v, product, raw, field);
  v.throwIfAny();
  return selection;
}

export function collectSelection(
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
  // Keyed by the product's option names (any text the merchant chose, `__proto__` too): own keys only.
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
      v.add(`${field}.${name}`, 'must be a choice’s description (a string)', 'FORMAT');
      continue;
    }
    const choice = choiceNamed(ref.option, value);
    if (!choice) {
      const known = (ref.option.choices ?? []).map(choiceName);
      // A colour's code is its choice's value, not its name: say which name to use instead.
      const byValue = ref.option.choices?.find((c) => c.value?.toLowerCase() === value.toLowerCase());
      const hint = byValue
        ? ` ("${value}" is the value of ${choiceName(byValue)}: name it by its description)`
        : '';
      v.add(
        `${field}.${name}`,
        `"${value}" is not a choice of ${ref.name}; its choices are ${list(known)}${hint}`,
        'VALIDATION',
      );
      continue;
    }
    setOwn(selection, ref.name, choiceName(choice));
  }
  return selection;
}

export const picks = (variant: Variant, selection: Record<string, string>) =>
  Object.entries(selection).every(([name, value]) => ownValue(variant.choices, name) === value);

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
      const candidates = variants.filter((v) => picks(v, { ...others, [name]: choiceName(choice) }));
      choice.inStock = candidates.some((v) => v.stock?.inStock === true);
      choice.visible = candidates.some((v) => v.variant?.visible !== false);
    }
  }
  const picked = variants.filter((v) => picks(v, selection));
  const selected = picked.length === 1 ? picked[0] : undefined;
  const choiceMedia: MediaItem[] = [];
  for (const [name, chosen] of Object.entries(selection)) {
    const option = product.productOptions?.find((o) => o.name === name);
    const choice = option?.choices?.find((c) => choiceName(c) === chosen);
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
    const chosen = ownValue(variant.choices, option.name ?? '');
    const item = option.choices?.find((c) => choiceName(c) === chosen)?.media?.mainMedia;
    if (item?.image?.url) return { image: item.image.url };
    if (item?.video?.files?.[0]?.url) return { video: item.video.files[0].url };
  }
  const main = product.media?.mainMedia ?? product.media?.items?.[0];
  if (main?.image?.url) return { image: main.image.url };
  if (main?.video?.files?.[0]?.url) return { video: main.video.files[0].url };
  return undefined;
}

function storeVariant(product: Product, variant: Variant): StoreVariant {
  const names = (product.productOptions ?? [])
    .map((o) => ownValue(variant.choices, o.name ?? ''))
    .filter(Boolean);
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
