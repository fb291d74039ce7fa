import { randomUUID } from 'node:crypto';
import type { SandboxContext } from '../../context';
import type { StoredCart } from '../../state';
import { findGiftCard, giftCardBalance } from '../model';
import { computeTotals, type Totals, v2Quantity } from '../pricing';
import type { Json } from './read';
import { converted, couponShares, deliveryMethodView, text } from './view';

/** The summary of /calculate and /estimate (CART-V2.md 4.1), and what place-order checks against it. */

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
  const delivery = flags.delivery ? totals.shippingCents : 0;
  const tax = flags.tax ? totals.taxCents - (flags.delivery ? 0 : totals.taxOf(totals.shippingCents)) : 0;
  const total = totals.afterDiscountCents + delivery + tax;
  const giftCardCents = flags.giftCards ? giftCardRedeemCents(ctx, cart, total) : 0;
  const discounts = summaryDiscounts(totals, flags);
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
    ...(flags.tax ? { taxSummary: taxSummaryOf(totals, flags, delivery, tax) } : {}),
    priceSummary: {
      subtotal: converted(totals.subtotalCents),
      discount: converted(totals.discountCents),
      delivery: converted(delivery),
      additionalFees: converted(0),
      tax: converted(tax),
      total: converted(total),
    },
    paymentSummary: paymentSummaryOf(cart, total, giftCardCents),
    ...(flags.verificationToken
      ? { priceVerificationToken: verificationTokenOf(cart.id, cart.revision, total) }
      : {}),
    violations,
  };
  return { summary, totals, totalCents: total, giftCardCents, violations };
}

/** The coupon (on the subtotal, shared out over the lines, or on delivery) and the merchant discounts. */
function summaryDiscounts(totals: Totals, flags: SummaryFlags): Json[] {
  const shares = couponShares(totals);
  const coupon = totals.coupon;
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
  return discounts;
}

function taxSummaryOf(totals: Totals, flags: SummaryFlags, deliveryCents: number, taxCents: number): Json {
  return {
    taxes: [
      {
        name: text('Tax'),
        taxableAmount: converted(totals.afterDiscountCents + deliveryCents),
        exemptAmount: converted(0),
        amount: converted(taxCents),
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
  };
}

function paymentSummaryOf(cart: StoredCart, totalCents: number, giftCardCents: number): Json {
  return {
    giftCards:
      giftCardCents > 0 && cart.giftCard
        ? [{ giftCardId: cart.giftCard.id, redeemAmount: converted(giftCardCents) }]
        : [],
    memberships: [],
    subscriptionCharges: [],
    requiresPaymentAfterGiftCard: totalCents - giftCardCents > 0,
    totalAfterGiftCards: converted(totalCents - giftCardCents),
    payNow: converted(totalCents - giftCardCents),
    payLater: converted(0),
  };
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
