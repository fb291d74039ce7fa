import { randomUUID } from 'node:crypto';
import type { SandboxContext } from '../context';
import { centsToDecimal } from '../money';
import type { StoredCart } from '../state';
import { GIFT_CARD_APP_ID } from './fixtures';
import { findGiftCard, giftCardBalance, isObject } from './model';
import { computeTotals, deliveryAddressOf, type PricedLine, type Totals, v2Quantity } from './pricing';

/**
 * The V2 wire view of the cart (`/ecom/v2/carts/current…`, CART-V2.md 4): nested line items with
 * `quantityInfo`, `pricing`, `source`, `attributes` and `status`, money as `{amount, convertedAmount}`
 * decimal strings without formatting, and totals only in a `summary` (CART-V2.md 4.1).
 */

type Json = Record<string, unknown>;

export const converted = (cents: number) => {
  const amount = centsToDecimal(cents);
  return { amount, convertedAmount: amount };
};

const text = (value: string) => ({ original: value, translated: value });

/** The line's stock status: what `confirmedQuantity = min(requested, available)` leaves of the request. */
export function lineStatus(
  line: PricedLine,
): 'IN_STOCK' | 'PARTIALLY_IN_STOCK' | 'OUT_OF_STOCK' | 'REMOVED_FROM_CATALOG' {
  if (line.gone) return 'REMOVED_FROM_CATALOG';
  if (line.available <= 0) return 'OUT_OF_STOCK';
  if (line.available < line.requested) return 'PARTIALLY_IN_STOCK';
  return 'IN_STOCK';
}

function descriptionLines(line: PricedLine) {
  if (line.custom)
    return line.custom.descriptionLines.map((d) => ({ name: text(d.name), plainText: text(d.value) }));
  return line.choices.map((c) =>
    c.isColor
      ? {
          name: text(c.option),
          colorInfo: { ...text(c.label), ...(c.colorCode ? { code: c.colorCode } : {}) },
        }
      : { name: text(c.option), plainText: text(c.label) },
  );
}

function imageOf(line: PricedLine): Json | undefined {
  const override = line.catalog?.overrides?.image;
  if (isObject(override)) return structuredClone(override);
  if (line.custom?.image) return structuredClone(line.custom.image);
  return line.imageUrl ? { url: line.imageUrl, altText: line.name } : undefined;
}

function lineItemView(line: PricedLine, couponShareCents: number, couponCode: string | undefined): Json {
  const confirmed = v2Quantity(line);
  const custom = line.custom;
  const modifiersCents =
    custom?.modifierGroups?.reduce(
      (sum, g) => sum + g.modifiers.reduce((s, m) => s + m.priceCents * m.quantity, 0),
      0,
    ) ?? 0;
  const image = imageOf(line);
  const pageUrl = custom?.pageUrl ?? line.pageUrl;
  const scheduledDate = custom?.scheduledDate;
  return {
    id: line.id,
    name: text(line.name),
    quantityInfo: {
      requestedQuantity: line.requested,
      confirmedQuantity: confirmed,
      ...(Number.isFinite(line.available) ? { availableQuantity: line.available } : {}),
      fixedQuantity: custom?.fixedQuantity ?? false,
    },
    pricing: {
      unitPrice: converted(line.unitCents),
      totalPrice: converted(line.unitCents * confirmed),
      ...(custom?.priceDescription ? { priceDescription: text(custom.priceDescription) } : {}),
      priceUndetermined: false,
      breakdown: {
        fullPrice: converted(line.fullUnitCents),
        salePrice: converted(line.unitCents),
        totalModifiersPrice: converted(modifiersCents),
      },
    },
    source: line.catalog
      ? {
          catalogReference: structuredClone(line.catalog.catalogReference),
          ...(line.catalog.overrides
            ? { catalogOverrideFields: structuredClone(line.catalog.overrides) }
            : {}),
          rootCatalogItemId: line.catalog.productId,
        }
      : {},
    attributes: {
      descriptionLines: descriptionLines(line),
      ...(image ? { image } : {}),
      ...(pageUrl ? { url: structuredClone(pageUrl) } : {}),
      policies: [],
      itemType: custom?.customItemType
        ? { custom: custom.customItemType }
        : { preset: custom ? custom.itemType : line.physical ? 'PHYSICAL' : 'DIGITAL' },
      physicalProperties: {
        ...(line.weight !== undefined ? { weight: line.weight } : {}),
        ...(line.sku ? { sku: line.sku } : {}),
        shippable: line.physical,
      },
      ...(scheduledDate ? { serviceProperties: { scheduledDate } } : {}),
      membersOnly: false,
    },
    paymentConfig: { savePaymentMethod: false, paymentOption: 'FULL_PAYMENT_ONLINE' },
    status: lineStatus(line),
    ...(custom?.modifierGroups?.length
      ? {
          modifierGroups: custom.modifierGroups.map((g) => ({
            id: g.id,
            name: text(g.name),
            modifiers: g.modifiers.map((m) => ({
              id: m.id,
              quantity: m.quantity,
              label: text(m.label),
              price: converted(m.priceCents),
            })),
          })),
        }
      : {}),
    discounts:
      couponShareCents > 0 && couponCode
        ? [
            {
              name: text(couponCode),
              amountOff: converted(couponShareCents),
              source: { sourceType: 'COUPON', couponCode },
            },
          ]
        : [],
    customLineItem: Boolean(custom),
  };
}

/** The cart's delivery method as V2 shows it (`deliveryInfo.method`, `summary.deliverySummary.method`). */
export function deliveryMethodView(ctx: SandboxContext, method: { code: string; carrierId?: string }): Json {
  const def = ctx.state.shippingOptions.find(
    (s) => s.code === method.code || method.code.startsWith(`${s.code}:`),
  );
  const title = def?.title ?? method.code;
  return {
    code: method.code,
    ...(method.carrierId || def?.carrierId ? { appId: method.carrierId ?? def?.carrierId } : {}),
    title: text(title),
    pickup: Boolean(def?.pickup),
  };
}

const couponShares = (totals: Totals) => {
  const couponCents = totals.coupon?.discountCents ?? 0;
  const shares = new Map<string, number>();
  for (const { line, grossCents } of totals.lines) {
    shares.set(
      line.id,
      totals.subtotalCents > 0 ? Math.round((grossCents * couponCents) / totals.subtotalCents) : 0,
    );
  }
  return shares;
};

/** The V2 Cart entity. */
export function cartV2View(ctx: SandboxContext, cart: StoredCart): Json {
  const currency = ctx.state.store.currency;
  const totals = computeTotals(ctx, cart, { quantityOf: v2Quantity, firstOptionByDefault: false });
  const shares = couponShares(totals);
  const coupon = cart.couponCode ? ctx.state.coupons.find((c) => c.code === cart.couponCode) : undefined;
  const contact = isObject(cart.contactInfo?.contactDetails) ? cart.contactInfo.contactDetails : {};
  const address = deliveryAddressOf(cart);
  const owner = cart.buyerInfo.memberId
    ? { memberId: cart.buyerInfo.memberId }
    : { visitorId: cart.buyerInfo.visitorId };
  const pick = (from: Json, keys: string[]) =>
    Object.fromEntries(keys.filter((k) => from[k] !== undefined).map((k) => [k, structuredClone(from[k])]));
  const language = cart.buyerLanguage ?? 'en';
  return {
    id: cart.id,
    createdDate: cart.createdDate,
    updatedDate: cart.updatedDate,
    revision: String(cart.revision),
    lineItems: totals.lines.map(({ line }) =>
      lineItemView(line, shares.get(line.id) ?? 0, totals.coupon?.problem ? undefined : coupon?.code),
    ),
    subtotal: converted(totals.subtotalCents),
    ...(cart.buyerNote !== undefined ? { note: cart.buyerNote } : {}),
    coupons: coupon ? [{ id: coupon.id, code: coupon.code }] : [],
    source: { channelType: cart.channelType ?? 'WEB', externalReferences: [], createdBy: { ...owner } },
    businessInfo: {
      ...(cart.businessLocationId ? { locationId: cart.businessLocationId } : {}),
      languageCode: 'en',
      currencyCode: currency,
    },
    customerInfo: {
      ...owner,
      ...pick(contact, ['firstName', 'lastName', 'phone', 'company', 'vatId']),
      ...(cart.buyerInfo.email ? { email: cart.buyerInfo.email } : {}),
      languageCode: language,
      currencyCode: currency,
    },
    deliveryInfo: {
      ...(address ? { address: structuredClone(address) } : {}),
      ...(cart.selectedShippingOption
        ? { method: deliveryMethodView(ctx, cart.selectedShippingOption) }
        : {}),
      weightUnit: ctx.state.store.weightUnit,
    },
    taxInfo: {
      pricesIncludeTax: false,
      ...(cart.taxExemptGroupId ? { taxExemptGroupId: cart.taxExemptGroupId } : {}),
    },
    paymentInfo: {
      giftCards: cart.giftCard
        ? [
            {
              id: cart.giftCard.id,
              obfuscatedCode: `••••${cart.giftCard.code.slice(-4)}`,
              appId: GIFT_CARD_APP_ID,
              ...(cart.giftCard.requestedCents !== undefined
                ? { requestedRedeemAmount: converted(cart.giftCard.requestedCents) }
                : {}),
            },
          ]
        : [],
      currencyCode: currency,
      ...(cart.billing?.address ? { billingAddress: structuredClone(cart.billing.address) } : {}),
      ...(cart.billing?.contact ? { billingContact: structuredClone(cart.billing.contact) } : {}),
    },
    orderPlaced: Boolean(cart.orderId),
    ...(cart.orderId ? { orderId: cart.orderId } : {}),
    ...(cart.purchaseFlowId ? { purchaseFlowId: cart.purchaseFlowId } : {}),
    ...(cart.settings ? { settings: { ...cart.settings } } : {}),
    ...(cart.customCheckoutUrl ? { customCheckoutUrl: cart.customCheckoutUrl } : {}),
    ...(cart.extendedFields ? { extendedFields: structuredClone(cart.extendedFields) } : {}),
    currentCart: true,
    demo: cart.demo ?? false,
  };
}

// ——— The summary of /calculate and /estimate ———

export interface SummaryFlags {
  delivery: boolean;
  tax: boolean;
  additionalFees: boolean;
  giftCards: boolean;
  violations: boolean;
  /** Only a full calculation gives a price verification token for place-order. */
  verificationToken: boolean;
}

export const FULL_CALCULATION: SummaryFlags = {
  delivery: true,
  tax: true,
  additionalFees: true,
  giftCards: true,
  violations: true,
  verificationToken: true,
};

/** What a gift card on the cart takes off a total: what was asked for, up to its balance and the total. */
export function giftCardRedeemCents(ctx: SandboxContext, cart: StoredCart, totalCents: number): number {
  if (!cart.giftCard) return 0;
  const def = findGiftCard(cart.giftCard.code);
  if (def?.status !== 'ACTIVE') return 0;
  const balance = giftCardBalance(ctx, def.code);
  return Math.max(0, Math.min(cart.giftCard.requestedCents ?? balance, balance, totalCents));
}

/** An opaque token for a full calculation's prices (CART-V2.md 4.1): which cart, which revision, what total. */
export const verificationTokenOf = (cartId: string, revision: number, totalCents: number) =>
  `pvt.${Buffer.from(JSON.stringify({ cartId, revision, totalCents })).toString('base64url')}`;

export function readVerificationToken(
  token: string,
): { cartId: string; revision: number; totalCents: number } | undefined {
  if (!token.startsWith('pvt.')) return undefined;
  try {
    const parsed = JSON.parse(Buffer.from(token.slice(4), 'base64url').toString('utf8')) as Json;
    if (
      typeof parsed.cartId !== 'string' ||
      typeof parsed.revision !== 'number' ||
      typeof parsed.totalCents !== 'number'
    )
      return undefined;
    return { cartId: parsed.cartId, revision: parsed.revision, totalCents: parsed.totalCents };
  } catch {
    return undefined;
  }
}

export interface CartSummaryResult {
  summary: Json;
  totals: Totals;
  totalCents: number;
  giftCardCents: number;
  violations: Json[];
}

/**
 * The summary of a full calculation or of an estimate whose components are switched on one by one
 * (estimate's flags default to false: what is left out counts 0). Delivery is the cart's delivery method
 * for its delivery address; nothing is chosen for the shopper.
 */
export function cartSummary(ctx: SandboxContext, cart: StoredCart, flags: SummaryFlags): CartSummaryResult {
  const totals = computeTotals(ctx, cart, { quantityOf: v2Quantity, firstOptionByDefault: false });
  const shares = couponShares(totals);
  const coupon = totals.coupon;
  const delivery = flags.delivery ? totals.shippingCents : 0;
  const tax = flags.tax ? totals.taxCents - (flags.delivery ? 0 : totals.taxOf(totals.shippingCents)) : 0;
  const total = totals.afterDiscountCents + delivery + tax;
  const giftCardCents = flags.giftCards ? giftCardRedeemCents(ctx, cart, total) : 0;

  const discounts: Json[] = [];
  if (coupon?.def && !coupon.problem && !coupon.freeShipping) {
    discounts.push({
      name: text(coupon.def.name),
      source: { sourceType: 'COUPON', couponCode: coupon.def.code },
      scope: 'CART_SUBTOTAL',
      total: converted(coupon.discountCents),
      lineItemDiscounts: totals.lines
        .filter(({ line }) => (shares.get(line.id) ?? 0) > 0)
        .map(({ line }) => ({ lineItemId: line.id, amountOff: converted(shares.get(line.id) ?? 0) })),
    });
  }
  if (coupon?.def && coupon.freeShipping && flags.delivery && totals.selected) {
    discounts.push({
      name: text(coupon.def.name),
      source: { sourceType: 'COUPON', couponCode: coupon.def.code },
      scope: 'DELIVERY',
      total: converted(totals.shippingBeforeDiscountCents),
      lineItemDiscounts: [],
    });
  }
  for (const merchant of totals.merchantDiscounts) {
    discounts.push({
      name: text('Merchant discount'),
      scope: merchant.lineItemIds?.length ? 'LINE_ITEM' : 'CART_SUBTOTAL',
      total: converted(merchant.amountCents),
      lineItemDiscounts: [],
    });
  }

  const violations = flags.violations ? violationsOf(ctx, cart, totals, flags) : [];
  const summary: Json = {
    cartId: cart.id,
    cartRevision: String(cart.revision),
    calculationId: randomUUID(),
    lineItems: totals.lines
      .filter(({ quantity }) => quantity > 0)
      .map(({ line, quantity }) => ({
        lineItemId: line.id,
        quantity,
        unitPrice: converted(line.unitCents),
        totalPrice: converted(line.unitCents * quantity),
      })),
    discounts,
    ...(flags.delivery && totals.selected && cart.selectedShippingOption
      ? {
          deliverySummary: {
            method: deliveryMethodView(ctx, cart.selectedShippingOption),
            price: converted(totals.shippingBeforeDiscountCents),
          },
        }
      : {}),
    additionalFees: [],
    ...(flags.tax
      ? {
          taxSummary: {
            taxes: [
              {
                name: text('Tax'),
                taxableAmount: converted(totals.afterDiscountCents + delivery),
                exemptAmount: converted(0),
                amount: converted(tax),
              },
            ],
            totalExempt: converted(0),
            pricesIncludeTax: false,
            lineItemTaxes: totals.lines.map(({ line, grossCents, discountShareCents }) => ({
              lineItemId: line.id,
              tax: converted(totals.taxOf(grossCents - discountShareCents)),
              rate: String(totals.rate),
            })),
            deliveryTax: converted(flags.delivery ? totals.taxOf(totals.shippingCents) : 0),
            additionalFeeTaxes: [],
          },
        }
      : {}),
    priceSummary: {
      subtotal: converted(totals.subtotalCents),
      discount: converted(totals.discountCents),
      delivery: converted(delivery),
      additionalFees: converted(0),
      tax: converted(tax),
      total: converted(total),
    },
    paymentSummary: {
      giftCards:
        giftCardCents > 0 && cart.giftCard
          ? [{ giftCardId: cart.giftCard.id, redeemAmount: converted(giftCardCents) }]
          : [],
      memberships: [],
      subscriptionCharges: [],
      requiresPaymentAfterGiftCard: total - giftCardCents > 0,
      totalAfterGiftCards: converted(total - giftCardCents),
      payNow: converted(total - giftCardCents),
      payLater: converted(0),
    },
    ...(flags.verificationToken
      ? { priceVerificationToken: verificationTokenOf(cart.id, cart.revision, total) }
      : {}),
    violations,
  };
  return { summary, totals, totalCents: total, giftCardCents, violations };
}

function violationsOf(ctx: SandboxContext, cart: StoredCart, totals: Totals, flags: SummaryFlags): Json[] {
  const out: Json[] = [];
  if (totals.lines.length === 0) {
    out.push({ scope: 'GLOBAL', code: 'EMPTY_CART', description: 'The cart is empty', severity: 'ERROR' });
  }
  const outOfStock = totals.lines.filter(({ quantity }) => quantity === 0).map(({ line }) => line.id);
  if (outOfStock.length) {
    out.push({
      scope: 'LINE_ITEM',
      code: 'LINE_ITEMS_OUT_OF_STOCK',
      description: `${outOfStock.length} item(s) can no longer be bought`,
      severity: 'ERROR',
      lineItemsOutOfStockData: {
        lineItemIds: outOfStock,
        allLineItemsOutOfStock: outOfStock.length === totals.lines.length,
      },
    });
  }
  const coupon = totals.coupon;
  if (coupon?.problem) {
    out.push({
      scope: 'DISCOUNT',
      code: coupon.problem === 'NOT_FOUND' ? 'INVALID_COUPON_CODE' : 'INVALID_COUPON_STATUS',
      description: `Coupon "${coupon.code}" does not apply to this cart`,
      severity: 'WARNING',
      ...(coupon.problem === 'NOT_FOUND'
        ? { invalidCouponCodeData: { couponCode: coupon.code } }
        : { invalidCouponStatusData: { couponCode: coupon.code, reason: coupon.problem } }),
    });
  }
  if (cart.giftCard) {
    const def = findGiftCard(cart.giftCard.code);
    const balance = def ? giftCardBalance(ctx, def.code) : 0;
    if (def?.status !== 'ACTIVE' || balance === 0) {
      out.push({
        scope: 'GIFT_CARD',
        code: 'INVALID_GIFT_CARD_STATUS',
        description: 'The gift card can no longer be used',
        severity: 'WARNING',
        invalidGiftCardStatusData: {
          giftCardCode: cart.giftCard.code,
          reason:
            def?.status === 'EXPIRED' ? 'EXPIRED' : def?.status === 'DISABLED' ? 'DISABLED' : 'EMPTY_BALANCE',
          giftCardId: cart.giftCard.id,
        },
      });
    }
  }
  if (flags.delivery && totals.needsShipping) {
    if (!totals.country) {
      out.push({
        scope: 'DELIVERY',
        code: 'MISSING_DELIVERY_ADDRESS',
        description: 'Add a delivery address (at least the country)',
        severity: 'ERROR',
      });
    } else if (!cart.selectedShippingOption) {
      out.push({
        scope: 'DELIVERY',
        code: 'MISSING_DELIVERY_METHOD',
        description: 'Choose a delivery method',
        severity: 'ERROR',
      });
    } else if (totals.selectedMissing) {
      out.push({
        scope: 'DELIVERY',
        code: 'DELIVERY_METHOD_NO_LONGER_AVAILABLE',
        description: `Delivery method "${cart.selectedShippingOption.code}" is not offered to ${totals.country}`,
        severity: 'ERROR',
      });
    }
  }
  return out;
}
