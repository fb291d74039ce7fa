/** Product writes: create, update and delete, variant overrides, options, brand and ribbon. */
import { randomUUID } from 'node:crypto';
import type { Dimensions } from '../../src/api/types/common';
import type {
  AdditionalInfoSection,
  Choice,
  Discount,
  PricePerUnitData,
  Product,
  ProductOption,
  SeoSchema,
  Variant,
} from '../../src/api/types/products';
import { choiceName, finalizeProduct, rebuildVariants, slugify, uniqueSlug } from '../catalog';
import type { SandboxContext } from '../context';
import { applicationError } from '../errors';
import { centsToNumber, toCents } from '../money';
import { ALL_PRODUCTS_COLLECTION_ID } from '../seed';
import { DIMENSIONS_UNITS } from '../wire';
import { indexProduct, nextNumericId, reindexProduct, slugTaken, unindexProduct } from './product-index';
import { collectSelection, picks } from './reads';
import {
  eachObject,
  fail,
  has,
  isObject,
  type Json,
  nowIso,
  readAmount,
  readBoolean,
  readEntries,
  readEnum,
  readString,
  readStringList,
  readWeight,
  SLUG,
  Violations,
} from './shared';
import { findProduct, productView } from './views';

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
  eachObject(v, raw, at, (entry, field) => {
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
    // A choice goes by its description (the name shoppers see, by which variants and carts name it); its
    // value is internal, a colour's code. Without a description the value is both, as for most drop-downs.
    const described = new Set<string>();
    const choices: Choice[] = [];
    eachObject(v, rawChoices, `${field}.choices`, (c, cf) => {
      if (!has(c, 'value')) {
        v.add(`${cf}.value`, 'is required', 'REQUIRED_FIELD');
        return;
      }
      const value = readString(v, c.value, `${cf}.value`, { min: 1, max: 50 });
      const given = has(c, 'description');
      const description = given
        ? readString(v, c.description, `${cf}.description`, { min: 1, max: 50 })
        : value;
      if (value === undefined || description === undefined) return;
      if (described.has(description.toLowerCase()))
        v.add(
          `${cf}.${given ? 'description' : 'value'}`,
          `repeats the choice "${description}"`,
          'VALIDATION',
        );
      described.add(description.toLowerCase());
      choices.push({ value, description, inStock: true, visible: true });
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
    const unit = readEnum(v, raw.unit, `${at}.unit`, DIMENSIONS_UNITS);
    if (unit) out.unit = unit;
  }
  return out;
}

/** Checks a product body of a create (`creating`) or an update. */
function readProductPatch(input: Json, creating: boolean): ProductPatch {
  const v = new Violations();
  const patch: ProductPatch = {};
  // Each step records its violations in the body's field order, so a 400 lists them as the platform does.
  readProductBasics(v, input, patch, creating);
  readProductTexts(v, input, patch);
  if (has(input, 'weight')) patch.weight = readWeight(v, input.weight, productField('weight'));
  readProductCost(v, input.costAndProfitData, patch);
  readProductDiscount(v, input.discount, patch);
  if (has(input, 'productOptions'))
    patch.productOptions = readOptions(v, input.productOptions, productField('productOptions'));
  readPricePerUnit(v, input.pricePerUnitData, patch);
  readInfoSections(v, input.additionalInfoSections, patch);
  for (const key of ['productDimensions', 'packageDimensions'] as const) {
    if (has(input, key)) patch[key] = readDimensions(v, input[key], productField(key));
  }
  if (has(input, 'seoData')) {
    if (!isObject(input.seoData)) v.add(productField('seoData'), 'must be an object', 'FORMAT');
    else patch.seoData = structuredClone(input.seoData) as SeoSchema;
  }
  v.throwIfAny();
  return patch;
}

/** A field of the request's `product`, as violations name it. */
const productField = (field: string) => `product.${field}`;

/** Name, type and price: required to create; on an update, a name may not be cleared. */
function readProductBasics(v: Violations, input: Json, patch: ProductPatch, creating: boolean): void {
  if (has(input, 'name')) patch.name = readString(v, input.name, productField('name'), { min: 1, max: 80 });
  else if (creating || (Object.hasOwn(input, 'name') && input.name === null))
    v.add(productField('name'), 'is required', 'REQUIRED_FIELD');

  if (has(input, 'productType')) {
    patch.productType = readEnum(v, input.productType, productField('productType'), [
      'physical',
      'digital',
    ] as const);
  } else if (creating)
    v.add(productField('productType'), 'is required (physical or digital)', 'REQUIRED_FIELD');

  const priceData = input.priceData;
  if (priceData !== undefined && priceData !== null && !isObject(priceData)) {
    v.add(productField('priceData'), 'must be an object', 'FORMAT');
  } else if (isObject(priceData) && has(priceData, 'price')) {
    patch.price = readAmount(v, priceData.price, productField('priceData.price'));
  } else if (creating) v.add(productField('priceData.price'), 'is required', 'REQUIRED_FIELD');
}

/** Slug, visibility, variant management, and the texts (`null`, or `''` but for the description, clears). */
function readProductTexts(v: Violations, input: Json, patch: ProductPatch): void {
  if (has(input, 'slug')) {
    const slug = readString(v, input.slug, productField('slug'), { min: 1, max: 100 });
    if (slug !== undefined && !SLUG.test(slug))
      v.add(productField('slug'), 'must not hold spaces, "/", "?" or "#"', 'FORMAT');
    else patch.slug = slug;
  }
  if (has(input, 'visible')) patch.visible = readBoolean(v, input.visible, productField('visible'));
  if (has(input, 'manageVariants'))
    patch.manageVariants = readBoolean(v, input.manageVariants, productField('manageVariants'));
  for (const [key, max] of [
    ['description', 8000],
    ['sku', 40],
    ['ribbon', 30],
    ['brand', 50],
  ] as const) {
    if (Object.hasOwn(input, key) && input[key] === null) patch[key] = null;
    else if (has(input, key)) {
      const value = readString(v, input[key], productField(key), { min: key === 'brand' ? 1 : 0, max });
      if (value !== undefined) patch[key] = value === '' && key !== 'description' ? null : value;
    }
  }
}

function readProductCost(v: Violations, cost: unknown, patch: ProductPatch): void {
  if (cost === null) patch.cost = null;
  else if (cost !== undefined) {
    if (!isObject(cost)) v.add(productField('costAndProfitData'), 'must be an object', 'FORMAT');
    else if (cost.itemCost === null) patch.cost = null;
    else if (has(cost, 'itemCost'))
      patch.cost = readAmount(v, cost.itemCost, productField('costAndProfitData.itemCost'));
  }
}

/** A discount: NONE, an AMOUNT off (a price), or a PERCENT off (0 to 100). */
function readProductDiscount(v: Violations, discount: unknown, patch: ProductPatch): void {
  if (discount === undefined || discount === null) return;
  if (!isObject(discount)) {
    v.add(productField('discount'), 'must be an object', 'FORMAT');
    return;
  }
  const type = readEnum(v, discount.type ?? 'NONE', productField('discount.type'), [
    'NONE',
    'AMOUNT',
    'PERCENT',
  ] as const);
  const value = discount.value ?? 0;
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    v.add(productField('discount.value'), 'must be a number', 'FORMAT');
  } else if (value < 0) v.add(productField('discount.value'), 'must be at least 0', 'DECIMAL_GTE');
  else if (type === 'PERCENT' && value > 100) {
    v.add(productField('discount.value'), 'must be at most 100 for a PERCENT discount', 'DECIMAL_LTE');
  } else if (type === 'AMOUNT' && readAmount(v, value, productField('discount.value')) === undefined) {
    // readAmount recorded the violation
  } else if (type) patch.discount = { type, value: type === 'NONE' ? 0 : value };
}

function readPricePerUnit(v: Violations, ppu: unknown, patch: ProductPatch): void {
  if (ppu === null) patch.pricePerUnitData = null;
  else if (ppu !== undefined) {
    if (!isObject(ppu)) v.add(productField('pricePerUnitData'), 'must be an object', 'FORMAT');
    else {
      const out: PricePerUnitData = {};
      for (const key of ['totalQuantity', 'baseQuantity'] as const) {
        const value = ppu[key];
        if (typeof value !== 'number' || !Number.isFinite(value)) {
          v.add(productField(`pricePerUnitData.${key}`), 'is required (a number)', 'REQUIRED_FIELD');
        } else if (value < 0.01)
          v.add(productField(`pricePerUnitData.${key}`), 'must be at least 0.01', 'MIN');
        else out[key] = value;
      }
      for (const key of ['totalMeasurementUnit', 'baseMeasurementUnit'] as const) {
        if (typeof ppu[key] === 'string') out[key] = ppu[key] as PricePerUnitData[typeof key];
      }
      patch.pricePerUnitData = out;
    }
  }
}

function readInfoSections(v: Violations, sections: unknown, patch: ProductPatch): void {
  if (sections === undefined || sections === null) return;
  if (!Array.isArray(sections)) {
    v.add(productField('additionalInfoSections'), 'must be a list', 'FORMAT');
    return;
  }
  patch.additionalInfoSections = sections.map((s, i) => {
    const f = productField(`additionalInfoSections[${i}]`);
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

export const slugConflict = (slug: string, what: string) =>
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

export const priceCentsOf = (variant: Variant) =>
  variant.variant?.priceData?.price !== undefined ? toCents(variant.variant.priceData.price) : undefined;
export const costCentsOf = (variant: Variant) =>
  variant.variant?.costAndProfitData?.itemCost !== undefined
    ? toCents(variant.variant.costAndProfitData.itemCost)
    : undefined;

export function setVariantPrice(product: Product, variant: Variant, cents: number | undefined) {
  variant.variant ??= {};
  variant.variant.priceData = {
    currency: product.priceData?.currency ?? 'USD',
    price: centsToNumber(cents ?? toCents(product.priceData?.price ?? 0)),
  };
}

export function setVariantCost(variant: Variant, cents: number | undefined) {
  variant.variant ??= {};
  if (cents === undefined) delete variant.variant.costAndProfitData;
  else variant.variant.costAndProfitData = { itemCost: centsToNumber(cents) };
}

export function setVariantWeight(variant: Variant, weight: number | undefined) {
  variant.variant ??= {};
  if (weight === undefined) delete variant.variant.weight;
  else variant.variant.weight = weight;
}

/** Choice media survives an options rewrite for the choices that remain. */
function carryChoiceMedia(previous: ProductOption[], next: ProductOption[]): void {
  for (const option of next) {
    const before = previous.find((o) => o.name === option.name);
    for (const choice of option.choices ?? []) {
      const media = before?.choices?.find((c) => choiceName(c) === choiceName(choice))?.media;
      if (media?.items?.length) choice.media = media;
    }
  }
}

/** Applies a checked patch, keeping variants that followed the product's price, cost, weight and SKU. */
function applyProductPatch(ctx: SandboxContext, product: Product, patch: ProductPatch): void {
  const productType = patch.productType ?? product.productType;
  if (patch.weight !== undefined && productType === 'digital') {
    throw fail('product.weight', 'is not allowed: digital products have no weight', 'FIELD_NOT_ALLOWED');
  }
  if (patch.slug !== undefined && slugTaken(ctx, patch.slug, product.id))
    throw slugConflict(patch.slug, 'product');

  // The order matters: a field new to the product is added, and so answered, after the ones set before it.
  applyDescriptiveFields(ctx, product, patch);
  applyPriceAndCost(ctx, product, patch);
  applyTypeAndWeight(product, patch, productType);
  if (patch.productOptions) {
    carryChoiceMedia(product.productOptions ?? [], patch.productOptions);
    product.productOptions = patch.productOptions;
    rebuildVariants(product);
  }
}

/** Name, slug (and so the page address), visibility, texts, SKU, discount and the other descriptions. */
function applyDescriptiveFields(ctx: SandboxContext, product: Product, patch: ProductPatch): void {
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
      product.variants ?? [],
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
}

function applyPriceAndCost(ctx: SandboxContext, product: Product, patch: ProductPatch): void {
  const variants = product.variants ?? [];
  if (patch.price !== undefined) {
    const from = toCents(product.priceData?.price ?? 0);
    const to = toCents(patch.price);
    moveFollowers(variants, priceCentsOf, (v, cents) => setVariantPrice(product, v, cents), from, to);
    product.priceData = {
      currency: product.priceData?.currency ?? ctx.state.store.currency,
      price: patch.price,
    };
  }
  if (patch.cost !== undefined) {
    const before = product.costAndProfitData?.itemCost;
    const from = before !== undefined ? toCents(before) : undefined;
    const to = patch.cost === null ? undefined : toCents(patch.cost);
    moveFollowers(variants, costCentsOf, setVariantCost, from, to);
    if (to === undefined) delete product.costAndProfitData;
    else product.costAndProfitData = { itemCost: centsToNumber(to) };
  }
}

/** A new type sets every variant's weight (none for digital); a new weight moves the variants that followed. */
function applyTypeAndWeight(
  product: Product,
  patch: ProductPatch,
  productType: Product['productType'],
): void {
  const variants = product.variants ?? [];
  if (productType !== product.productType) {
    product.productType = productType;
    if (productType === 'digital') {
      delete product.weight;
      for (const v of variants) setVariantWeight(v, undefined);
    } else {
      product.weight = patch.weight ?? 0;
      for (const v of variants) setVariantWeight(v, product.weight);
    }
  } else if (patch.weight !== undefined) {
    moveFollowers(variants, (v) => v.variant?.weight, setVariantWeight, product.weight, patch.weight);
    product.weight = patch.weight;
  }
}

/** The merchant's answer after a write: the whole product, merchant data included. */
const writtenProduct = (product: Product) => ({ product: productView(product, { merchantData: true }) });

export function touch(ctx: SandboxContext, product: Product): void {
  product.lastUpdated = nowIso(ctx);
  finalizeProduct(product);
  ctx.webhooks.noteProduct(product.id as string);
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
  indexProduct(ctx, product);
  finalizeProduct(product);
  ctx.webhooks.noteProduct(id);
  return writtenProduct(product);
}

export function updateProduct(ctx: SandboxContext, id: string, body: Json) {
  const product = findProduct(ctx, id, { merchant: true });
  if (!isObject(body.product)) throw fail('product', 'is required', 'REQUIRED_FIELD');
  const patch = readProductPatch(body.product, false);
  const before = { slug: product.slug, sku: product.sku };
  try {
    applyProductPatch(ctx, product, patch);
  } finally {
    reindexProduct(ctx, product, before);
  }
  touch(ctx, product);
  return writtenProduct(product);
}

export function deleteProduct(ctx: SandboxContext, id: string) {
  const product = findProduct(ctx, id, { merchant: true });
  ctx.state.products.delete(id);
  unindexProduct(ctx, product);
  ctx.webhooks.noteProduct(id);
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
  eachObject(v, raw, 'variants', (entry, at) => {
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
