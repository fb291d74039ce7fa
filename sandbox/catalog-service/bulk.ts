/** Bulk edits of prices, costs and weights, with a result per product. */
import type {
  BulkProductResult,
  BulkUpdateProductsResponse,
  Product,
  Variant,
} from '../../src/api/types/products';
import type { SandboxContext } from '../context';
import { centsToNumber, percentOf, toCents } from '../money';
import {
  costCentsOf,
  priceCentsOf,
  setVariantCost,
  setVariantPrice,
  setVariantWeight,
  touch,
} from './products';
import {
  GUID,
  isObject,
  type Json,
  list,
  MAX_AMOUNT,
  MAX_AMOUNT_CENTS,
  readAmount,
  readString,
  readStringList,
  readWeight,
  Violations,
} from './shared';

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
