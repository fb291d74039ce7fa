import type { SandboxContext } from '../../context';
import { centsToDecimal } from '../../money';
import type { StoredCart, StoredCustomLine } from '../../state';
import { GIFT_CARD_APP_ID } from '../fixtures';
import { isObject } from '../model';
import { computeTotals, deliveryAddressOf, type PricedLine, type Totals, v2Quantity } from '../pricing';
import type { Json } from './read';

/**
 * The V2 wire view of the cart (`/ecom/v2/carts/current…`, CART-V2.md 4): nested line items with
 * `quantityInfo`, `pricing`, `source`, `attributes` and `status`, money as `{amount, convertedAmount}`
 * decimal strings without formatting, and totals only in a `summary` (CART-V2.md 4.1).
 */

export const converted = (cents: number) => {
  const amount = centsToDecimal(cents);
  return { amount, convertedAmount: amount };
};

export const text = (value: string) => ({ original: value, translated: value });

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
  return {
    id: line.id,
    name: text(line.name),
    quantityInfo: {
      requestedQuantity: line.requested,
      confirmedQuantity: confirmed,
      ...(Number.isFinite(line.available) ? { availableQuantity: line.available } : {}),
      fixedQuantity: custom?.fixedQuantity ?? false,
    },
    pricing: pricingView(line, confirmed),
    source: line.catalog
      ? {
          catalogReference: structuredClone(line.catalog.catalogReference),
          ...(line.catalog.overrides
            ? { catalogOverrideFields: structuredClone(line.catalog.overrides) }
            : {}),
          rootCatalogItemId: line.catalog.productId,
        }
      : {},
    attributes: attributesView(line),
    paymentConfig: { savePaymentMethod: false, paymentOption: 'FULL_PAYMENT_ONLINE' },
    status: lineStatus(line),
    ...(custom?.modifierGroups?.length ? { modifierGroups: modifierGroupsView(custom.modifierGroups) } : {}),
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

function pricingView(line: PricedLine, confirmed: number): Json {
  const custom = line.custom;
  const modifiersCents =
    custom?.modifierGroups?.reduce(
      (sum, g) => sum + g.modifiers.reduce((s, m) => s + m.priceCents * m.quantity, 0),
      0,
    ) ?? 0;
  return {
    unitPrice: converted(line.unitCents),
    totalPrice: converted(line.unitCents * confirmed),
    ...(custom?.priceDescription ? { priceDescription: text(custom.priceDescription) } : {}),
    priceUndetermined: false,
    breakdown: {
      fullPrice: converted(line.fullUnitCents),
      salePrice: converted(line.unitCents),
      totalModifiersPrice: converted(modifiersCents),
    },
  };
}

function attributesView(line: PricedLine): Json {
  const custom = line.custom;
  const image = imageOf(line);
  const pageUrl = custom?.pageUrl ?? line.pageUrl;
  const scheduledDate = custom?.scheduledDate;
  return {
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
  };
}

const modifierGroupsView = (groups: NonNullable<StoredCustomLine['modifierGroups']>) =>
  groups.map((g) => ({
    id: g.id,
    name: text(g.name),
    modifiers: g.modifiers.map((m) => ({
      id: m.id,
      quantity: m.quantity,
      label: text(m.label),
      price: converted(m.priceCents),
    })),
  }));

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

export const couponShares = (totals: Totals) => {
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
