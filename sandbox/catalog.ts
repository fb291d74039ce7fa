import type { Media, MediaItem } from '../src/api/types/common';
import type { InventoryStatus } from '../src/api/types/enums';
import type { PriceData, Product, Variant } from '../src/api/types/products';
import { centsToNumber, formatCents, percentOf, toCents } from './money';

/** The id of the single variant of a product without options, as on the platform. */
export const DEFAULT_VARIANT_ID = '00000000-0000-0000-0000-000000000000';

/** Price data for a price and a product discount, with the formatted strings the platform adds. */
export function priceData(
  priceCents: number,
  currency: string,
  discount: Product['discount'],
  pricePerUnitCents?: number,
): PriceData {
  let discounted = priceCents;
  if (discount?.type === 'PERCENT' && discount.value)
    discounted = priceCents - percentOf(priceCents, discount.value);
  if (discount?.type === 'AMOUNT' && discount.value) discounted = priceCents - toCents(discount.value);
  discounted = Math.max(0, discounted);
  const data: PriceData = {
    currency,
    price: centsToNumber(priceCents),
    discountedPrice: centsToNumber(discounted),
    formatted: {
      price: formatCents(priceCents, currency),
      discountedPrice: formatCents(discounted, currency),
    },
  };
  if (pricePerUnitCents !== undefined && data.formatted) {
    data.pricePerUnit = centsToNumber(pricePerUnitCents);
    data.formatted.pricePerUnit = formatCents(pricePerUnitCents, currency);
  }
  return data;
}

const range = (values: number[]) =>
  values.length ? { minValue: Math.min(...values), maxValue: Math.max(...values) } : undefined;

/**
 * Recomputes every derived field of a product after a write, so reads stay consistent: price data from
 * the price and discount, variants' price data, price/cost/weight ranges, cost and profit, stock status and
 * each choice's `inStock`.
 */
export function finalizeProduct(product: Product): Product {
  const currency = product.priceData?.currency ?? 'USD';
  const priceCents = toCents(product.priceData?.price ?? 0);
  const ppu = product.pricePerUnitData;
  const perUnitCents =
    ppu?.totalQuantity && ppu.baseQuantity
      ? Math.round((priceCents * ppu.baseQuantity) / ppu.totalQuantity)
      : undefined;
  product.priceData = priceData(priceCents, currency, product.discount, perUnitCents);
  product.price = product.priceData;
  product.convertedPriceData = product.priceData;

  const itemCostCents =
    product.costAndProfitData?.itemCost !== undefined
      ? toCents(product.costAndProfitData.itemCost)
      : undefined;
  if (itemCostCents !== undefined) {
    product.costAndProfitData = costAndProfit(
      toCents(product.priceData.discountedPrice ?? 0),
      itemCostCents,
      currency,
    );
  }

  const variants = product.variants ?? [];
  for (const variant of variants) finalizeVariant(product, variant, currency);

  const variantPrices = variants.map((v) => v.variant?.priceData?.price ?? 0);
  product.priceRange = range(variantPrices.length ? variantPrices : [product.priceData.price ?? 0]);
  const costs = variants
    .map((v) => v.variant?.costAndProfitData?.itemCost)
    .filter((c): c is number => typeof c === 'number');
  product.costRange = range(
    costs.length ? costs : itemCostCents !== undefined ? [centsToNumber(itemCostCents)] : [],
  );
  if (product.productType === 'physical') {
    const weights = variants.map((v) => v.variant?.weight ?? product.weight ?? 0);
    product.weightRange = range(weights.length ? weights : [product.weight ?? 0]);
  } else {
    delete product.weight;
    delete product.weightRange;
  }

  product.stock = { ...stockOf(product) };
  for (const option of product.productOptions ?? []) {
    for (const choice of option.choices ?? []) {
      const withChoice = variants.filter((v) => v.choices?.[option.name ?? ''] === choice.value);
      choice.inStock = withChoice.length === 0 ? true : withChoice.some((v) => v.stock?.inStock);
      choice.visible ??= true;
    }
  }
  product.ribbons = product.ribbon ? [{ text: product.ribbon }] : [];
  product.media = normalizeMedia(product.media);
  return product;
}

function costAndProfit(priceCents: number, costCents: number, currency: string) {
  const profit = priceCents - costCents;
  return {
    itemCost: centsToNumber(costCents),
    formattedItemCost: formatCents(costCents, currency),
    profit: centsToNumber(profit),
    formattedProfit: formatCents(profit, currency),
    profitMargin: priceCents > 0 ? Math.round((profit / priceCents) * 100) / 100 : 0,
  };
}

function finalizeVariant(product: Product, variant: Variant, currency: string) {
  variant.variant ??= {};
  const data = variant.variant;
  const cents = toCents(data.priceData?.price ?? product.priceData?.price ?? 0);
  data.priceData = priceData(cents, currency, product.discount);
  data.convertedPriceData = data.priceData;
  data.weight ??= product.productType === 'physical' ? product.weight : undefined;
  data.visible ??= true;
  const cost = data.costAndProfitData?.itemCost ?? product.costAndProfitData?.itemCost;
  if (cost !== undefined)
    data.costAndProfitData = costAndProfit(
      toCents(data.priceData.discountedPrice ?? 0),
      toCents(cost),
      currency,
    );
  variant.stock ??= {};
  const stock = variant.stock;
  stock.trackQuantity = product.stock?.trackInventory ?? false;
  if (stock.trackQuantity) {
    stock.quantity ??= 0;
    stock.inStock = (stock.quantity ?? 0) > 0;
  } else {
    delete stock.quantity;
    stock.inStock ??= true;
  }
}

function stockOf(product: Product): NonNullable<Product['stock']> {
  const variants = product.variants ?? [];
  const track = product.stock?.trackInventory ?? false;
  const inStockCount = variants.filter((v) => v.stock?.inStock).length;
  let status: InventoryStatus = 'IN_STOCK';
  if (variants.length && inStockCount === 0) status = 'OUT_OF_STOCK';
  else if (inStockCount < variants.length) status = 'PARTIALLY_OUT_OF_STOCK';
  const stock: NonNullable<Product['stock']> = {
    trackInventory: track,
    inStock: status !== 'OUT_OF_STOCK',
    inventoryStatus: status,
  };
  if (track) stock.quantity = variants.reduce((sum, v) => sum + (v.stock?.quantity ?? 0), 0);
  return stock;
}

function normalizeMedia(media: Media | undefined): Media {
  const items: MediaItem[] = media?.items ?? [];
  return { mainMedia: items[0], items };
}
