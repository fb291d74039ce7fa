import type { Media, MediaItem } from '../src/api/types/common';
import type { InventoryStatus } from '../src/api/types/enums';
import type { Choice, PriceData, Product, ProductOption, Variant } from '../src/api/types/products';
import { centsToNumber, formatCents, percentOf, toCents } from './money';
import { ownValue } from './own';

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
      const withChoice = variants.filter(
        (v) => ownValue(v.choices, option.name ?? '') === choiceName(choice),
      );
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

/**
 * The name a choice goes by in variants' `choices`, options availability, variant queries and line items:
 * its `description`, the text shoppers see. Its `value` is internal (a colour's code, e.g. `#000000`).
 */
export function choiceName(choice: Choice): string {
  return choice.description ?? choice.value ?? '';
}

/** The id of a product's variant number `index` (from 0), in the seed's pattern. */
export function variantIdAt(productId: string, index: number): string {
  return `00000000-0000-${String(index + 1).padStart(4, '0')}-0005-${productId.slice(-12).padStart(12, '0')}`;
}

/** Every combination of the options' choices by name, first option slowest (the platform's variant order). */
export function optionCombinations(options: ProductOption[]): Array<Record<string, string>> {
  let rows: Array<Record<string, string>> = [{}];
  for (const option of options) {
    const name = option.name ?? '';
    rows = rows.flatMap((row) => (option.choices ?? []).map((c) => ({ ...row, [name]: choiceName(c) })));
  }
  return rows;
}

const choicesKey = (choices: Record<string, string> | undefined) =>
  JSON.stringify(Object.entries(choices ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/** A fresh variant that takes the product's price, weight, sku and cost. */
function defaultVariant(product: Product, id: string, choices: Record<string, string>): Variant {
  const track = product.stock?.trackInventory ?? false;
  const cost = product.costAndProfitData?.itemCost;
  return {
    id,
    choices,
    variant: {
      priceData: { currency: product.priceData?.currency ?? 'USD', price: product.priceData?.price ?? 0 },
      ...(cost !== undefined ? { costAndProfitData: { itemCost: cost } } : {}),
      ...(product.productType === 'physical' && product.weight !== undefined
        ? { weight: product.weight }
        : {}),
      ...(product.sku ? { sku: product.sku } : {}),
      visible: true,
    },
    stock: track ? { trackQuantity: true, quantity: 0 } : { trackQuantity: false, inStock: true },
  };
}

/**
 * Makes `product.variants` match `product.productOptions` again after the options changed: a variant whose
 * choices still exist keeps its id and data, a new combination gets a fresh variant with the product's
 * defaults, and a product without options has the single default variant.
 */
export function rebuildVariants(product: Product): void {
  const previous = new Map((product.variants ?? []).map((v) => [choicesKey(v.choices), v]));
  const options = (product.productOptions ?? []).filter((o) => o.choices?.length);
  if (options.length === 0) {
    const kept = previous.get(choicesKey({}));
    product.variants = [kept ?? defaultVariant(product, DEFAULT_VARIANT_ID, {})];
    return;
  }
  const productId = product.id ?? '';
  const used = new Set<string>();
  const combos = optionCombinations(options);
  const kept = combos.map((choices) => previous.get(choicesKey(choices)));
  for (const variant of kept) if (variant?.id) used.add(variant.id);
  let next = 0;
  const freshId = () => {
    while (used.has(variantIdAt(productId, next))) next += 1;
    const id = variantIdAt(productId, next);
    used.add(id);
    return id;
  };
  product.variants = combos.map(
    (choices, index) => kept[index] ?? defaultVariant(product, freshId(), choices),
  );
}

/** A URL-friendly slug of a name: `"Field Notes: A Maker’s Guide"` → `"field-notes-a-maker-s-guide"`. */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 90)
    .replace(/-+$/, '');
  return slug || 'item';
}

/** `base`, else `base-2`, `base-3`, … : the first that `taken` refuses. */
export function uniqueSlug(base: string, taken: (slug: string) => boolean): string {
  if (!taken(base)) return base;
  for (let n = 2; ; n += 1) if (!taken(`${base}-${n}`)) return `${base}-${n}`;
}

/** A media address a product or collection may show (WIRE.md 13), resolved to its public URL. */
export interface ResolvedMedia {
  mediaType: 'image' | 'video';
  url: string;
  /** The platform media id when the address names one. */
  mediaId?: string;
  fileName?: string;
  width?: number;
  height?: number;
  /** For videos: the poster image's media id and public URL. */
  posterId?: string;
  posterUrl?: string;
}

const decode = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

/** A platform media id: `nsplsh_306d666a~mv2_d_4517_2992_s_4_2.jpg`. */
export const MEDIA_ID = /^[\w.~-]+$/;

/**
 * Resolves a media address: http(s) URLs as they are, platform media URIs (`wix:image://v1/<id>/<name>#…`,
 * `wix:video://v1/<id>/<name>#…`) to their public URLs. Anything else (`javascript:`, `data:`, other
 * schemes, malformed URIs) is refused with `undefined`.
 */
export function resolveMediaUrl(address: string): ResolvedMedia | undefined {
  const platform = /^wix:(image|video):\/\/v1\/([^/#?]+)\/([^#?]*)(?:#(.*))?$/.exec(address);
  if (platform) {
    const [, kind, mediaId = '', fileName = '', fragment = ''] = platform;
    if (!MEDIA_ID.test(mediaId)) return undefined;
    const params = new URLSearchParams(fragment);
    const number = (key: string) => {
      const value = Number(params.get(key));
      return Number.isFinite(value) && value > 0 ? value : undefined;
    };
    const name = decode(fileName) || undefined;
    if (kind === 'image') {
      return {
        mediaType: 'image',
        url: `https://static.wixstatic.com/media/${mediaId}`,
        mediaId,
        fileName: name,
        width: number('originWidth'),
        height: number('originHeight'),
      };
    }
    const poster = params.get('posterUri');
    return {
      mediaType: 'video',
      url: `https://video.wixstatic.com/video/${mediaId}`,
      mediaId,
      fileName: name,
      width: number('posterWidth'),
      height: number('posterHeight'),
      ...(poster && MEDIA_ID.test(poster)
        ? { posterId: poster, posterUrl: `https://static.wixstatic.com/media/${poster}` }
        : {}),
    };
  }
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  const fileName = decode(url.pathname.split('/').pop() ?? '') || undefined;
  return { mediaType: 'image', url: url.href, fileName };
}

/** A media item of a product or collection for a resolved address. */
export function mediaItemFor(id: string, media: ResolvedMedia): MediaItem {
  const size = {
    ...(media.width !== undefined ? { width: media.width } : {}),
    ...(media.height !== undefined ? { height: media.height } : {}),
  };
  const title = media.fileName ?? '';
  if (media.mediaType === 'video') {
    return {
      id,
      title,
      mediaType: 'video',
      video: { files: [{ url: media.url, ...size, format: 'mp4' }], stillFrameMediaId: media.posterId ?? '' },
      ...(media.posterUrl ? { thumbnail: { url: media.posterUrl, ...size } } : {}),
    };
  }
  return {
    id,
    title,
    mediaType: 'image',
    image: { url: media.url, ...size },
    thumbnail: { url: media.url, ...size },
  };
}

/** Removes what only the merchant may read: costs, profits and cost ranges. */
export function stripMerchantData(product: Product): Product {
  delete product.costAndProfitData;
  delete product.costRange;
  for (const variant of product.variants ?? []) delete variant.variant?.costAndProfitData;
  return product;
}
