import type {
  AppliedDiscount,
  EstimateTotalsResponse,
  MultiCurrencyPrice,
  ShippingOption,
} from '../../../src/api/types/cart';
import type { FieldViolation } from '../../../src/api/types/errors';
import type { SandboxContext } from '../../context';
import { validationError } from '../../errors';
import type { StoredCart } from '../../state';
import { readAddress } from '../input';
import { isObject } from '../model';
import { computeTotals, logisticsOf, type ShippingChoice, type Totals, v1Quantity } from '../pricing';
import { checkCoupon } from './coupons';
import { availabilityOf, cartView, money } from './view';

/**
 * `POST /ecom/v1/carts/current/estimate-totals`, which the hosted checkout page also shows: the cart's
 * totals for an address and shipping option, changing nothing.
 */

type CalculationErrors = NonNullable<EstimateTotalsResponse['calculationErrors']>;
type PriceSummary = Record<
  'subtotal' | 'discount' | 'shipping' | 'tax' | 'total' | 'additionalFees',
  MultiCurrencyPrice
>;

/**
 * Totals for the cart with an address and shipping option: subtotal, coupon and merchant discounts,
 * shipping (free over a threshold, pickup, time slots), tax at the settings' rate, and the total. Changes
 * nothing.
 */
export function estimateTotals(
  ctx: SandboxContext,
  cart: StoredCart,
  body: Record<string, unknown>,
): EstimateTotalsResponse {
  const { shippingAddress, shippingCode } = readEstimateRequest(body);
  const currency = ctx.state.store.currency;
  const totals = computeTotals(ctx, cart, {
    quantityOf: v1Quantity,
    address: shippingAddress,
    shippingCode,
    firstOptionByDefault: true,
  });
  const calculationErrors = calculationErrorsOf(ctx, totals);
  const summary = priceSummaryOf(totals, currency);
  const zero = money(0, currency);
  return {
    cart: cartView(ctx, cart),
    calculatedLineItems: calculatedLineItemsOf(totals, currency),
    priceSummary: summary,
    payNow: summary,
    payLater: {
      subtotal: zero,
      discount: zero,
      shipping: zero,
      tax: zero,
      total: zero,
      additionalFees: zero,
    },
    taxSummary: {
      taxableAmount: money(totals.afterDiscountCents + totals.shippingCents, currency),
      totalTax: money(totals.taxCents, currency),
      calculationDetails:
        totals.rate > 0
          ? { rateType: 'MANUAL_RATE', manualRateReason: 'GLOBAL_SETTING_TO_MANUAL' }
          : { rateType: 'NO_TAX_COLLECTED' },
    },
    shippingInfo: shippingInfoOf(totals, currency, !calculationErrors.selectedShippingOptionError),
    appliedDiscounts: appliedDiscountsOf(totals, currency),
    calculationErrors,
    weightUnit: ctx.state.store.weightUnit,
    currency,
    membershipOptions: { eligibleMemberships: [], invalidMemberships: [], selectedMemberships: [] },
    additionalFees: [],
    violations: stockViolationsOf(totals),
  };
}

/** The addresses and the shipping option asked for; a malformed one is a 400 with every violation. */
function readEstimateRequest(body: Record<string, unknown>) {
  const violations: FieldViolation[] = [];
  const shippingAddress = readAddress(body.shippingAddress, 'shippingAddress', violations);
  readAddress(body.billingAddress, 'billingAddress', violations);
  const requested = body.selectedShippingOption;
  if (requested !== undefined && (!isObject(requested) || typeof requested.code !== 'string')) {
    violations.push({
      field: 'selectedShippingOption.code',
      description: 'is required',
      violatedRule: 'REQUIRED_FIELD',
    });
  }
  if (violations.length) throw validationError(violations);
  return { shippingAddress, shippingCode: isObject(requested) ? (requested.code as string) : undefined };
}

/** The v1 coupon error of a coupon the cart holds but that no longer applies (as checkCoupon words it). */
function couponCalculationError(ctx: SandboxContext, code: string, subtotalCents: number) {
  try {
    checkCoupon(ctx, code, subtotalCents);
    return undefined;
  } catch (error) {
    const body = (
      error as { body?: { details?: { applicationError?: { code: string; description: string } } } }
    ).body;
    return body?.details?.applicationError;
  }
}

/** What could not be priced: a coupon that no longer applies, a shipping option not offered, no address. */
function calculationErrorsOf(ctx: SandboxContext, totals: Totals): CalculationErrors {
  const calculationErrors: CalculationErrors = {};
  const coupon = totals.coupon;
  if (coupon?.problem) {
    const error = couponCalculationError(ctx, coupon.code, totals.subtotalCents);
    if (error) calculationErrors.couponCalculationError = { applicationError: error };
  }
  if (totals.selectedMissing) {
    calculationErrors.selectedShippingOptionError = {
      applicationError: {
        code: 'SHIPPING_OPTION_NOT_FOUND',
        description: `Shipping option "${totals.wantedCode}" is not offered to ${totals.country ?? 'this address'}`,
      },
    };
  }
  if (totals.needsShipping && !totals.country) {
    calculationErrors.generalShippingCalculationError = {
      applicationError: {
        code: 'MISSING_SHIPPING_ADDRESS',
        description: 'Add a shipping address (at least the country) to see shipping options',
      },
    };
  }
  return calculationErrors;
}

/** The coupon (on the order, or on shipping when it is a free-shipping one) and the merchant discounts. */
function appliedDiscountsOf(totals: Totals, currency: string): AppliedDiscount[] {
  const appliedDiscounts: AppliedDiscount[] = [];
  const coupon = totals.coupon;
  const couponOf = (def: NonNullable<NonNullable<Totals['coupon']>['def']>, cents: number) => ({
    id: def.id,
    code: def.code,
    name: def.name,
    amount: money(cents, currency),
  });
  if (!coupon?.problem && coupon?.def && !coupon.freeShipping) {
    appliedDiscounts.push({ coupon: couponOf(coupon.def, coupon.discountCents), discountType: 'GLOBAL' });
  }
  for (const discount of totals.merchantDiscounts) {
    appliedDiscounts.push({
      merchantDiscount: {
        amount: money(discount.amountCents, currency),
        percentage:
          discount.baseCents > 0 ? Math.round((discount.amountCents / discount.baseCents) * 10_000) / 100 : 0,
      },
      discountType: discount.lineItemIds?.length ? 'SPECIFIC_ITEMS' : 'GLOBAL',
      ...(discount.lineItemIds?.length ? { lineItemIds: [...discount.lineItemIds] } : {}),
    });
  }
  if (coupon?.freeShipping && totals.selected && coupon.def) {
    appliedDiscounts.push({
      coupon: couponOf(coupon.def, totals.shippingBeforeDiscountCents),
      discountType: 'SHIPPING',
    });
  }
  return appliedDiscounts;
}

function calculatedLineItemsOf(totals: Totals, currency: string) {
  const { taxOf } = totals;
  const rateText = String(totals.rate);
  return totals.lines.map(({ line, grossCents, discountShareCents }) => {
    const net = grossCents - discountShareCents;
    return {
      lineItemId: line.id,
      pricesBreakdown: {
        price: money(line.unitCents, currency),
        fullPrice: money(line.fullUnitCents, currency),
        priceBeforeDiscounts: money(line.unitCents, currency),
        lineItemPrice: money(grossCents, currency),
        totalDiscount: money(discountShareCents, currency),
        totalPriceBeforeTax: money(net, currency),
        totalPriceAfterTax: money(net + taxOf(net), currency),
        taxDetails: {
          taxableAmount: money(net, currency),
          taxRate: rateText,
          totalTax: money(taxOf(net), currency),
        },
      },
      paymentOption: 'FULL_PAYMENT_ONLINE' as const,
    };
  });
}

/** Lines that can no longer be bought (an error) or only in part (a warning). */
function stockViolationsOf(totals: Totals): NonNullable<EstimateTotalsResponse['violations']> {
  const violations: NonNullable<EstimateTotalsResponse['violations']> = [];
  for (const { line } of totals.lines) {
    const status = availabilityOf(line)?.status;
    const name = line.name || 'An item';
    if (status === 'NOT_AVAILABLE' || status === 'NOT_FOUND') {
      violations.push({
        severity: 'ERROR',
        target: { lineItem: { id: line.id } },
        description: `"${name}" is no longer available`,
      });
    } else if (status === 'PARTIALLY_AVAILABLE') {
      violations.push({
        severity: 'WARNING',
        target: { lineItem: { id: line.id } },
        description: `Only ${line.available} of "${name}" left`,
      });
    }
  }
  return violations;
}

function priceSummaryOf(totals: Totals, currency: string): PriceSummary {
  return {
    subtotal: money(totals.subtotalCents, currency),
    discount: money(totals.discountCents, currency),
    shipping: money(totals.shippingCents, currency),
    tax: money(totals.taxCents, currency),
    total: money(totals.totalCents, currency),
    additionalFees: money(0, currency),
  };
}

function shippingOptionOf(choice: ShippingChoice, currency: string): ShippingOption & { carrierId: string } {
  return {
    code: choice.code,
    title: choice.title,
    carrierId: choice.carrierId,
    logistics: logisticsOf(choice),
    cost: { price: money(choice.costCents, currency), otherCharges: [] },
    partial: false,
  };
}

function groupByCarrier(choices: ShippingChoice[], currency: string) {
  const byCarrier = new Map<string, ShippingOption[]>();
  for (const choice of choices) {
    const { carrierId, ...rest } = shippingOptionOf(choice, currency);
    const list = byCarrier.get(carrierId) ?? [];
    list.push(rest);
    byCarrier.set(carrierId, list);
  }
  return [...byCarrier].map(([carrierId, shippingOptions]) => ({ carrierId, shippingOptions }));
}

/**
 * The address's region, the option priced (`requestedShippingOption` when it is the one asked for and it
 * is offered) and every option offered, by carrier.
 */
function shippingInfoOf(
  totals: Totals,
  currency: string,
  requestedIsOffered: boolean,
): NonNullable<EstimateTotalsResponse['shippingInfo']> {
  const { selected, country, shippingCents, taxOf } = totals;
  return {
    ...(country
      ? {
          region: {
            id: country === 'US' ? 'domestic' : 'international',
            name: country === 'US' ? 'Domestic' : 'International',
          },
        }
      : {}),
    ...(selected
      ? {
          selectedCarrierServiceOption: {
            code: selected.code,
            title: selected.title,
            logistics: structuredClone(shippingOptionOf(selected, currency).logistics),
            cost: {
              price: money(shippingCents, currency),
              totalPriceBeforeTax: money(shippingCents, currency),
              totalPriceAfterTax: money(shippingCents + taxOf(shippingCents), currency),
              totalDiscount: money(selected.costCents - shippingCents, currency),
            },
            requestedShippingOption: Boolean(totals.wantedCode) && requestedIsOffered,
            carrierId: selected.carrierId,
          },
        }
      : {}),
    carrierServiceOptions: groupByCarrier(totals.choices, currency),
  };
}
