import type { DeliveryLogistics } from '../../src/api/types/cart';
import type { Product, Variant } from '../../src/api/types/products';
import type { SandboxContext } from '../context';
import { percentOf, toCents } from '../money';
import type { CouponDef, StoredCart, StoredCustomLine, StoredLine } from '../state';
import { describeVariantChoices, type ShownChoice } from './choices';
import { couponProblem, isObject, requestedOf, stockOf, variantOf } from './model';

/**
 * The cart's pricing, shared by the v1 and V2 views: live prices and stock for every line, coupon and
 * merchant discounts, shipping (free over a threshold, pickup, time slots), tax at the settings' rate.
 * Amounts are integer cents; the views turn them into their wire's money.
 */

/** A line with its live catalogue data, before a view decides which quantity it bills. */
export interface PricedLine {
  id: string;
  catalog?: StoredLine;
  custom?: StoredCustomLine;
  product?: Product;
  variant?: Variant;
  /** The product is gone from the catalogue (or its variant is). */
  gone: boolean;
  name: string;
  unitCents: number;
  fullUnitCents: number;
  /** v1's quantity: what the cart holds. */
  quantity: number;
  /** V2's `requestedQuantity`. */
  requested: number;
  /** What can be bought now: `Infinity` when stock is not tracked, 0 when gone or hidden. */
  available: number;
  physical: boolean;
  choices: ShownChoice[];
  /** An http(s) image address (catalogue lines: the chosen colour's picture, or the product's). */
  imageUrl?: string;
  pageUrl?: { relativePath: string; url: string };
  sku?: string;
  weight?: number;
}

/** v1 bills what the cart holds, up to the stock; V2 bills `confirmedQuantity = min(requested, available)`. */
export const v1Quantity = (line: PricedLine) => Math.min(line.quantity, line.available);
export const v2Quantity = (line: PricedLine) => Math.min(line.requested, line.available);

function unitCentsOf(variant: Variant, product: Product): number {
  return toCents(variant.variant?.priceData?.discountedPrice ?? product.priceData?.discountedPrice ?? 0);
}

function priceCatalogLine(ctx: SandboxContext, line: StoredLine): PricedLine {
  const { product, variant } = variantOf(ctx, line);
  const overrides = line.overrides ?? {};
  if (!product || !variant) {
    return {
      id: line.id,
      catalog: line,
      gone: true,
      name: 'Unavailable item',
      unitCents: 0,
      fullUnitCents: 0,
      quantity: line.quantity,
      requested: requestedOf(line),
      available: 0,
      physical: false,
      choices: [],
    };
  }
  const choices = describeVariantChoices(product, variant);
  const physical = product.productType === 'physical';
  const overrideName = isObject(overrides.name) ? overrides.name.original : undefined;
  const overrideWeight = isObject(overrides.physicalProperties)
    ? overrides.physicalProperties.weight
    : undefined;
  const weight = typeof overrideWeight === 'number' ? overrideWeight : variant.variant?.weight;
  const imageUrl =
    choices.find((c) => c.imageUrl)?.imageUrl ?? product.media?.mainMedia?.image?.url ?? undefined;
  const page = product.productPageUrl;
  return {
    id: line.id,
    catalog: line,
    product,
    variant,
    gone: false,
    name: typeof overrideName === 'string' ? overrideName : (product.name ?? ''),
    unitCents: unitCentsOf(variant, product),
    fullUnitCents: toCents(variant.variant?.priceData?.price ?? product.priceData?.price ?? 0),
    quantity: line.quantity,
    requested: requestedOf(line),
    available: product.visible === false ? 0 : stockOf(variant),
    physical,
    choices,
    ...(imageUrl ? { imageUrl } : {}),
    ...(page
      ? { pageUrl: { relativePath: page.path ?? '', url: `${page.base ?? ''}${page.path ?? ''}` } }
      : {}),
    ...(variant.variant?.sku ? { sku: variant.variant.sku } : {}),
    ...(physical && weight !== undefined ? { weight } : {}),
  };
}

function priceCustomLine(line: StoredCustomLine): PricedLine {
  return {
    id: line.id,
    custom: line,
    gone: false,
    name: line.productName,
    unitCents: line.priceCents,
    fullUnitCents: line.fullPriceCents ?? line.priceCents,
    quantity: line.quantity,
    requested: line.quantity,
    available: line.availableQuantity ?? Number.POSITIVE_INFINITY,
    physical: line.itemType === 'PHYSICAL',
    choices: [],
    ...(line.media ? { imageUrl: line.media } : {}),
    ...(line.weight !== undefined ? { weight: line.weight } : {}),
  };
}

/** Every line of the cart with live prices and stock: catalogue lines first, then custom lines. */
export function priceLines(ctx: SandboxContext, cart: StoredCart): PricedLine[] {
  return [...cart.lines.map((l) => priceCatalogLine(ctx, l)), ...cart.customLines.map(priceCustomLine)];
}

export const subtotalOf = (lines: PricedLine[], quantityOf: (line: PricedLine) => number) =>
  lines.reduce((sum, l) => sum + l.unitCents * quantityOf(l), 0);

// ——— Shipping ———

export interface ShippingChoice {
  code: string;
  title: string;
  carrierId: string;
  costCents: number;
  deliveryTime: string;
  pickup?: { method: string; address: Record<string, unknown>; instructions: string };
  timeSlot?: { from: string; to: string };
}

/** The options offered to a country for an order of this discounted subtotal (time slots for tomorrow). */
export function shippingOptionsFor(
  ctx: SandboxContext,
  country: string | undefined,
  subtotalAfterDiscountCents: number,
): ShippingChoice[] {
  if (!country) return [];
  const specific = ctx.state.shippingOptions.filter((s) => s.countries.includes(country));
  const defs = specific.length
    ? specific
    : ctx.state.shippingOptions.filter((s) => s.countries.includes('*'));
  const choices: ShippingChoice[] = [];
  const day = new Date(ctx.now() + 86_400_000).toISOString().slice(0, 10);
  for (const def of defs) {
    const cost =
      def.freeOverCents !== undefined && subtotalAfterDiscountCents >= def.freeOverCents ? 0 : def.costCents;
    const base: ShippingChoice = {
      code: def.code,
      title: def.title,
      carrierId: def.carrierId,
      costCents: cost,
      deliveryTime: def.deliveryTime,
      ...(def.pickup
        ? {
            pickup: {
              method: def.pickup.method,
              address: { ...def.pickup.address },
              instructions: def.pickup.instructions,
            },
          }
        : {}),
    };
    if (def.timeSlotHours?.length) {
      const pad = (h: number) => String(h).padStart(2, '0');
      for (const [from, to] of def.timeSlotHours) {
        choices.push({
          ...base,
          code: `${def.code}:${day}T${pad(from)}`,
          title: def.title,
          timeSlot: { from: `${day}T${pad(from)}:00:00.000Z`, to: `${day}T${pad(to)}:00:00.000Z` },
        });
      }
    } else choices.push(base);
  }
  return choices;
}

/**
 * How an option delivers, as v1's estimate (`shippingOptions[].logistics`) and delivery solutions show it:
 * the delivery time, a pickup's address and instructions, a time slot.
 */
export function logisticsOf(choice: ShippingChoice): DeliveryLogistics {
  return {
    deliveryTime: choice.deliveryTime,
    ...(choice.pickup
      ? {
          instructions: choice.pickup.instructions,
          pickupDetails: {
            address: { ...choice.pickup.address },
            pickupMethod: choice.pickup.method as 'STORE_PICKUP',
          },
        }
      : {}),
    ...(choice.timeSlot ? { deliveryTimeSlot: { ...choice.timeSlot } } : {}),
  };
}

/** The offered option a code names: exactly, or an option with time slots by its plain code. */
export const findShippingChoice = (choices: ShippingChoice[], code: string) =>
  choices.find((c) => c.code === code) ?? choices.find((c) => c.code.startsWith(`${code}:`));

export const addressCountry = (address: Record<string, unknown> | undefined) =>
  typeof address?.country === 'string' ? address.country : undefined;

/** The cart's delivery address: v1 `contactInfo.address`, which is V2's `deliveryInfo.address`. */
export const deliveryAddressOf = (cart: StoredCart): Record<string, unknown> | undefined =>
  isObject(cart.contactInfo?.address) ? cart.contactInfo.address : undefined;

// ——— Totals ———

export interface TotalsInput {
  quantityOf: (line: PricedLine) => number;
  /** The address shipping is priced for; the cart's delivery address when left out. */
  address?: Record<string, unknown> | undefined;
  /** The shipping option asked for; the cart's own when left out. */
  shippingCode?: string | undefined;
  /** v1 prices the first offered option when none is chosen; V2 prices only the cart's delivery method. */
  firstOptionByDefault: boolean;
}

export interface Totals {
  lines: Array<{ line: PricedLine; quantity: number; grossCents: number; discountShareCents: number }>;
  subtotalCents: number;
  coupon?: {
    def?: CouponDef;
    code: string;
    problem?: 'NOT_FOUND' | 'EXPIRED' | 'MIN_SUBTOTAL_NOT_REACHED';
    discountCents: number;
    freeShipping: boolean;
  };
  merchantDiscounts: Array<{ amountCents: number; baseCents: number; lineItemIds?: string[] }>;
  discountCents: number;
  afterDiscountCents: number;
  needsShipping: boolean;
  country: string | undefined;
  choices: ShippingChoice[];
  wantedCode: string | undefined;
  selected: ShippingChoice | undefined;
  /** A shipping code was asked for and is not offered here. */
  selectedMissing: boolean;
  /** Shipping before a free-shipping coupon, and after it. */
  shippingBeforeDiscountCents: number;
  shippingCents: number;
  rate: number;
  taxOf: (cents: number) => number;
  taxCents: number;
  totalCents: number;
}

/** Totals for a cart, changing nothing. */
export function computeTotals(ctx: SandboxContext, cart: StoredCart, input: TotalsInput): Totals {
  const priced = priceLines(ctx, cart);
  const subtotal = subtotalOf(priced, input.quantityOf);
  const coupon = cart.couponCode ? couponTotalsOf(ctx, cart.couponCode, subtotal) : undefined;
  const couponDiscount = coupon?.discountCents ?? 0;
  const merchantDiscounts = merchantDiscountsOf(cart, priced, input.quantityOf, couponDiscount);
  const merchantDiscount = merchantDiscounts.reduce((sum, d) => sum + d.amountCents, 0);
  const discount = Math.min(subtotal, couponDiscount + merchantDiscount);
  const afterDiscount = subtotal - discount;
  const shipping = shippingOf(ctx, cart, input, priced, afterDiscount, coupon?.freeShipping ?? false);

  const rate = ctx.settings.taxRate;
  const taxOf = (cents: number) => Math.round(cents * rate);
  const tax = taxOf(afterDiscount) + taxOf(shipping.shippingCents);
  return {
    lines: priced.map((line) => {
      const quantity = input.quantityOf(line);
      const gross = line.unitCents * quantity;
      return {
        line,
        quantity,
        grossCents: gross,
        discountShareCents: subtotal > 0 ? Math.round((gross * discount) / subtotal) : 0,
      };
    }),
    subtotalCents: subtotal,
    ...(coupon ? { coupon } : {}),
    merchantDiscounts,
    discountCents: discount,
    afterDiscountCents: afterDiscount,
    ...shipping,
    rate,
    taxOf,
    taxCents: tax,
    totalCents: afterDiscount + shipping.shippingCents + tax,
  };
}

/** The cart's coupon against its subtotal: what it takes off, or why it no longer applies. */
function couponTotalsOf(ctx: SandboxContext, code: string, subtotal: number): NonNullable<Totals['coupon']> {
  const def = ctx.state.coupons.find((c) => c.code === code);
  const problem = def ? couponProblem(ctx, def, subtotal) : 'NOT_FOUND';
  let discountCents = 0;
  if (def && !problem) {
    if (def.kind === 'percentage') discountCents = percentOf(subtotal, def.value);
    if (def.kind === 'amount') discountCents = Math.min(def.value, subtotal);
  }
  return {
    code,
    ...(def ? { def } : {}),
    ...(problem ? { problem } : {}),
    discountCents,
    freeShipping: Boolean(def && !problem && def.kind === 'freeShipping'),
  };
}

/**
 * The merchant discounts, each on its lines (or the whole cart) and never more than what the coupon and the
 * discounts before it leave.
 */
function merchantDiscountsOf(
  cart: StoredCart,
  priced: PricedLine[],
  quantityOf: TotalsInput['quantityOf'],
  couponDiscount: number,
): Totals['merchantDiscounts'] {
  let merchantDiscount = 0;
  const merchantDiscounts: Totals['merchantDiscounts'] = [];
  for (const discount of cart.merchantDiscounts) {
    const scope = discount.lineItemIds?.length
      ? priced.filter((l) => discount.lineItemIds?.includes(l.id))
      : priced;
    const base = subtotalOf(scope, quantityOf);
    const amount = Math.min(discount.amountCents, Math.max(0, base - couponDiscount - merchantDiscount));
    merchantDiscount += amount;
    merchantDiscounts.push({
      amountCents: amount,
      baseCents: base,
      ...(discount.lineItemIds?.length ? { lineItemIds: [...discount.lineItemIds] } : {}),
    });
  }
  return merchantDiscounts;
}

/** The options offered to the address, the one priced, and its cost before and after a free-shipping coupon. */
function shippingOf(
  ctx: SandboxContext,
  cart: StoredCart,
  input: TotalsInput,
  priced: PricedLine[],
  afterDiscount: number,
  freeShipping: boolean,
) {
  const needsShipping = priced.some((l) => l.physical && input.quantityOf(l) > 0);
  const country = addressCountry(input.address ?? deliveryAddressOf(cart));
  const choices = needsShipping ? shippingOptionsFor(ctx, country, afterDiscount) : [];
  const wantedCode = input.shippingCode ?? cart.selectedShippingOption?.code;
  let selected = wantedCode ? findShippingChoice(choices, wantedCode) : undefined;
  const selectedMissing = Boolean(wantedCode) && !selected && choices.length > 0;
  if (input.firstOptionByDefault) selected ??= choices[0];
  const shippingBefore = selected?.costCents ?? 0;
  return {
    needsShipping,
    country,
    choices,
    wantedCode,
    selected,
    selectedMissing,
    shippingBeforeDiscountCents: shippingBefore,
    shippingCents: freeShipping && selected ? 0 : shippingBefore,
  };
}
