import type {
  Cart,
  CartDiscount,
  DescriptionLine,
  LineItem,
  MultiCurrencyPrice,
} from '../../../src/api/types/cart';
import type { SandboxContext } from '../../context';
import { centsToDecimal, formatCents } from '../../money';
import type { StoredCart } from '../../state';
import { type PricedLine, priceLines } from '../pricing';

/** The cart as v1 shows it (`/ecom/v1/carts/current…`, SPEC.md 7, ENTITIES.md). */

/** Money as cart and checkout send it: decimal strings with the store's formatting. */
export function money(cents: number, currency: string): MultiCurrencyPrice {
  const amount = centsToDecimal(cents);
  const formatted = formatCents(cents, currency);
  return { amount, convertedAmount: amount, formattedAmount: formatted, formattedConvertedAmount: formatted };
}

function descriptionLinesOf(line: PricedLine): DescriptionLine[] {
  if (line.custom) {
    return line.custom.descriptionLines.map((d) => ({
      name: { original: d.name, translated: d.name },
      plainText: { original: d.value, translated: d.value },
    }));
  }
  return line.choices.map((choice) => {
    const name = { original: choice.option, translated: choice.option };
    const text = { original: choice.label, translated: choice.label };
    if (choice.isColor) {
      return { name, colorInfo: { ...text, ...(choice.colorCode ? { code: choice.colorCode } : {}) } };
    }
    return { name, plainText: text };
  });
}

export function availabilityOf(line: PricedLine): LineItem['availability'] {
  if (line.custom) return { status: 'AVAILABLE' };
  if (line.gone) return { status: 'NOT_FOUND', quantityAvailable: 0 };
  const stock = line.available;
  if (stock === 0) return { status: 'NOT_AVAILABLE', quantityAvailable: 0 };
  if (line.quantity > stock || line.catalog?.reduced)
    return { status: 'PARTIALLY_AVAILABLE', quantityAvailable: stock };
  return { status: 'AVAILABLE', ...(Number.isFinite(stock) ? { quantityAvailable: stock } : {}) };
}

function lineItemOf(line: PricedLine, currency: string): LineItem {
  if (line.catalog && line.gone) {
    return {
      id: line.id,
      quantity: line.quantity,
      catalogReference: structuredClone(line.catalog.catalogReference),
      productName: { original: line.name, translated: line.name },
      availability: availabilityOf(line),
      rootCatalogItemId: line.catalog.productId,
    };
  }
  const custom = line.custom;
  const image = line.imageUrl;
  const url = custom ? custom.url : line.pageUrl?.url;
  return {
    id: line.id,
    quantity: line.quantity,
    ...(line.catalog ? { catalogReference: structuredClone(line.catalog.catalogReference) } : {}),
    productName: { original: line.name, translated: line.name },
    ...(url ? { url } : {}),
    price: money(line.unitCents, currency),
    fullPrice: money(line.fullUnitCents, currency),
    priceBeforeDiscounts: money(line.unitCents, currency),
    lineItemPrice: money(line.unitCents * line.quantity, currency),
    descriptionLines: descriptionLinesOf(line),
    ...(image ? { image } : {}),
    availability: availabilityOf(line),
    physicalProperties: {
      ...(line.weight !== undefined ? { weight: line.weight } : {}),
      ...(line.sku ? { sku: line.sku } : {}),
      shippable: line.physical,
    },
    itemType: custom?.customItemType
      ? { custom: custom.customItemType }
      : { preset: custom ? custom.itemType : line.physical ? 'PHYSICAL' : 'DIGITAL' },
    paymentOption: 'FULL_PAYMENT_ONLINE',
    ...(custom
      ? { customLineItem: true }
      : {
          rootCatalogItemId: line.product?.id as string,
          customLineItem: false,
          priceUndetermined: false,
          fixedQuantity: false,
        }),
  };
}

/** The cart as the platform answers it: lines with live prices and availability, discounts, contact info. */
export function cartView(ctx: SandboxContext, cart: StoredCart): Cart {
  const currency = ctx.state.store.currency;
  const appliedDiscounts: CartDiscount[] = [];
  if (cart.couponCode) {
    const coupon = ctx.state.coupons.find((c) => c.code === cart.couponCode);
    if (coupon) appliedDiscounts.push({ coupon: { id: coupon.id, code: coupon.code } });
  }
  for (const discount of cart.merchantDiscounts) {
    appliedDiscounts.push({ merchantDiscount: { amount: money(discount.amountCents, currency) } });
  }
  return {
    id: cart.id,
    lineItems: priceLines(ctx, cart).map((line) => lineItemOf(line, currency)),
    ...(cart.buyerNote !== undefined ? { buyerNote: cart.buyerNote } : {}),
    buyerInfo: { ...cart.buyerInfo },
    currency,
    conversionCurrency: currency,
    buyerLanguage: cart.buyerLanguage ?? 'en',
    siteLanguage: 'en',
    taxIncludedInPrices: false,
    weightUnit: ctx.state.store.weightUnit,
    ...(cart.checkoutId ? { checkoutId: cart.checkoutId } : {}),
    appliedDiscounts,
    createdDate: cart.createdDate,
    updatedDate: cart.updatedDate,
    ...(cart.contactInfo ? { contactInfo: structuredClone(cart.contactInfo) } : {}),
    ...(cart.selectedShippingOption ? { selectedShippingOption: { ...cart.selectedShippingOption } } : {}),
    paymentCurrency: currency,
    revision: String(cart.revision),
  };
}
