import { randomUUID } from 'node:crypto';
import type {
  AppliedDiscount,
  Cart,
  CartDiscount,
  DescriptionLine,
  EstimateTotalsResponse,
  LineItem,
  MultiCurrencyPrice,
  ShippingOption,
} from '../src/api/types/cart';
import { ChannelType, STORES_APP_ID } from '../src/api/types/enums';
import type { FieldViolation } from '../src/api/types/errors';
import type { Product, Variant } from '../src/api/types/products';
import type { Caller } from './auth';
import { finalizeProduct } from './catalog';
import type { SandboxContext } from './context';
import { applicationError, forbidden, notFound, validationError } from './errors';
import { centsToDecimal, formatCents, percentOf, toCents } from './money';
import type { StoredCart, StoredCustomLine, StoredLine, StoredOrder } from './state';

export const MAX_LINE_QUANTITY = 9999;

type Shopper = Extract<Caller, { kind: 'visitor' | 'member' }>;

/** The current cart belongs to a visitor or a member; a merchant key has no current cart. */
export function shopperOf(caller: Caller): Shopper {
  if (caller.kind === 'merchant') {
    throw forbidden(
      'The current cart belongs to a visitor or member: call it with their access token, not the API key',
    );
  }
  return caller;
}

export const ownerKey = (shopper: Shopper) =>
  shopper.kind === 'member' ? `member:${shopper.memberId}` : `visitor:${shopper.visitorId}`;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const nowIso = (ctx: SandboxContext) => new Date(ctx.now()).toISOString();

function money(cents: number, currency: string): MultiCurrencyPrice {
  const amount = centsToDecimal(cents);
  const formatted = formatCents(cents, currency);
  return { amount, convertedAmount: amount, formattedAmount: formatted, formattedConvertedAmount: formatted };
}

/** The cart of the caller, or a 404 as the platform answers when there is none. */
export function requireCart(ctx: SandboxContext, shopper: Shopper): StoredCart {
  const cart = ctx.state.carts.get(ownerKey(shopper));
  if (!cart)
    throw applicationError(404, 'OWNED_CART_NOT_FOUND', 'There is no current cart: add an item first');
  return cart;
}

/** The caller's cart, made empty when there is none yet (writes create it). */
export function cartForWrite(ctx: SandboxContext, shopper: Shopper): StoredCart {
  const key = ownerKey(shopper);
  let cart = ctx.state.carts.get(key);
  if (!cart) {
    const now = nowIso(ctx);
    cart = {
      id: randomUUID(),
      owner: key,
      lines: [],
      customLines: [],
      merchantDiscounts: [],
      buyerInfo:
        shopper.kind === 'member' ? { memberId: shopper.memberId } : { visitorId: shopper.visitorId },
      createdDate: now,
      updatedDate: now,
      revision: 0,
    };
    ctx.state.carts.set(key, cart);
  }
  return cart;
}

export function touch(ctx: SandboxContext, cart: StoredCart): void {
  // A cart created by this very write keeps updatedDate equal to createdDate, as one write on the platform.
  cart.updatedDate = cart.revision === 0 ? cart.createdDate : nowIso(ctx);
  cart.revision += 1;
}

// ——— Catalogue lookups ———

function findVariant(product: Product, options: Record<string, unknown> | undefined): Variant {
  const variants = product.variants ?? [];
  const name = product.name ?? product.id;
  if (typeof options?.variantId === 'string') {
    const found = variants.find((v) => v.id === options.variantId);
    if (!found)
      throw applicationError(400, 'VARIANT_NOT_FOUND', `"${name}" has no variant ${options.variantId}`);
    return found;
  }
  const optionNames = (product.productOptions ?? []).map((o) => o.name ?? '');
  const chosen = isObject(options?.options) ? (options.options as Record<string, unknown>) : {};
  if (optionNames.length === 0) {
    const only = variants[0];
    if (!only) throw applicationError(400, 'VARIANT_NOT_FOUND', `"${name}" has no variant to sell`);
    return only;
  }
  const missing = optionNames.filter((option) => typeof chosen[option] !== 'string');
  if (missing.length) {
    throw applicationError(400, 'MISSING_PRODUCT_OPTIONS', `Choose ${missing.join(' and ')} for "${name}"`, {
      missingOptions: missing,
    });
  }
  const found = variants.find((v) => optionNames.every((option) => v.choices?.[option] === chosen[option]));
  if (!found) {
    const described = optionNames.map((o) => `${o} ${String(chosen[o])}`).join(', ');
    throw applicationError(400, 'VARIANT_NOT_FOUND', `"${name}" does not come in ${described}`);
  }
  return found;
}

/** How many of a variant can still be bought: `Infinity` when stock is not tracked. */
export function stockOf(variant: Variant | undefined): number {
  if (!variant?.stock?.trackQuantity) return variant?.stock?.inStock === false ? 0 : Number.POSITIVE_INFINITY;
  return Math.max(0, variant.stock.quantity ?? 0);
}

function unitCents(variant: Variant, product: Product): number {
  return toCents(variant.variant?.priceData?.discountedPrice ?? product.priceData?.discountedPrice ?? 0);
}

// ——— Validation of line input ———

function readQuantity(value: unknown, field: string, violations: FieldViolation[]): number {
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    violations.push({ field, description: 'must be a whole number', violatedRule: 'FORMAT' });
    return 0;
  }
  if (value < 1)
    violations.push({
      field,
      description: 'must be at least 1',
      violatedRule: 'MIN',
      data: { threshold: 1 },
    });
  if (value > MAX_LINE_QUANTITY) {
    violations.push({
      field,
      description: `must be at most ${MAX_LINE_QUANTITY}`,
      violatedRule: 'MAX',
      data: { threshold: MAX_LINE_QUANTITY },
    });
  }
  return value;
}

interface LineRequest {
  product: Product;
  variant: Variant;
  quantity: number;
  catalogReference: StoredLine['catalogReference'];
}

/** Reads `lineItems` of an add request; everything is checked before anything changes. */
function readLineItems(ctx: SandboxContext, value: unknown, field = 'lineItems'): LineRequest[] {
  if (value === undefined) return [];
  if (!Array.isArray(value))
    throw validationError([{ field, description: 'must be a list', violatedRule: 'FORMAT' }]);
  const violations: FieldViolation[] = [];
  const requests: Array<{ ref: Record<string, unknown>; quantity: number }> = [];
  value.forEach((item, index) => {
    const at = `${field}[${index}]`;
    if (!isObject(item) || !isObject(item.catalogReference)) {
      violations.push({
        field: `${at}.catalogReference`,
        description: 'is required',
        violatedRule: 'REQUIRED_FIELD',
      });
      return;
    }
    const ref = item.catalogReference;
    if (typeof ref.catalogItemId !== 'string' || !ref.catalogItemId) {
      violations.push({
        field: `${at}.catalogReference.catalogItemId`,
        description: 'is required',
        violatedRule: 'REQUIRED_FIELD',
      });
    }
    if (typeof ref.appId !== 'string' || !ref.appId) {
      violations.push({
        field: `${at}.catalogReference.appId`,
        description: 'is required',
        violatedRule: 'REQUIRED_FIELD',
      });
    } else if (ref.appId !== STORES_APP_ID) {
      violations.push({
        field: `${at}.catalogReference.appId`,
        description: `is not a catalog this site sells from (the store catalogue is ${STORES_APP_ID})`,
        violatedRule: 'VALIDATION',
      });
    }
    if (ref.options !== undefined && !isObject(ref.options)) {
      violations.push({
        field: `${at}.catalogReference.options`,
        description: 'must be an object',
        violatedRule: 'FORMAT',
      });
    }
    const quantity = readQuantity(item.quantity ?? 1, `${at}.quantity`, violations);
    requests.push({ ref, quantity });
  });
  if (violations.length) throw validationError(violations);
  return requests.map(({ ref, quantity }) => {
    const product = ctx.state.products.get(ref.catalogItemId as string);
    if (!product || product.visible === false) {
      throw applicationError(
        404,
        'CATALOG_ITEM_NOT_FOUND',
        `Product ${String(ref.catalogItemId)} was not found in the catalogue`,
      );
    }
    const options = isObject(ref.options) ? ref.options : undefined;
    const variant = findVariant(product, options);
    return {
      product,
      variant,
      quantity,
      catalogReference: {
        appId: ref.appId as string,
        catalogItemId: ref.catalogItemId as string,
        ...(options ? { options: structuredClone(options) } : {}),
      },
    };
  });
}

function readCustomLineItems(value: unknown, field = 'customLineItems'): StoredCustomLine[] {
  if (value === undefined) return [];
  if (!Array.isArray(value))
    throw validationError([{ field, description: 'must be a list', violatedRule: 'FORMAT' }]);
  const violations: FieldViolation[] = [];
  const lines: StoredCustomLine[] = [];
  value.forEach((item, index) => {
    const at = `${field}[${index}]`;
    if (!isObject(item)) {
      violations.push({ field: at, description: 'must be an object', violatedRule: 'FORMAT' });
      return;
    }
    const quantity = readQuantity(item.quantity, `${at}.quantity`, violations);
    let priceCents = 0;
    if (typeof item.price !== 'string' || !/^\d+(\.\d{1,2})?$/.test(item.price)) {
      violations.push({
        field: `${at}.price`,
        description: 'must be a decimal amount of at least 0, such as "9.99"',
        violatedRule: 'DECIMAL_GTE',
      });
    } else priceCents = toCents(item.price);
    const name = isObject(item.productName) ? item.productName.original : undefined;
    if (typeof name !== 'string' || !name.trim()) {
      violations.push({
        field: `${at}.productName.original`,
        description: 'is required',
        violatedRule: 'REQUIRED_FIELD',
      });
    } else if (name.length > 200) {
      violations.push({
        field: `${at}.productName.original`,
        description: 'must be at most 200 characters',
        violatedRule: 'MAX_LENGTH',
      });
    }
    const preset = isObject(item.itemType) ? item.itemType.preset : undefined;
    if (!['PHYSICAL', 'DIGITAL', 'GIFT_CARD', 'SERVICE'].includes(preset as string)) {
      violations.push({
        field: `${at}.itemType.preset`,
        description: 'must be PHYSICAL, DIGITAL, GIFT_CARD or SERVICE',
        violatedRule: 'INVALID_ENUM_VALUE',
      });
    }
    const media = typeof item.media === 'string' && /^https?:\/\//.test(item.media) ? item.media : undefined;
    lines.push({
      id: randomUUID(),
      quantity,
      priceCents,
      ...(typeof item.fullPrice === 'string' && /^\d+(\.\d{1,2})?$/.test(item.fullPrice)
        ? { fullPriceCents: toCents(item.fullPrice) }
        : {}),
      productName: typeof name === 'string' ? name : '',
      itemType: preset as StoredCustomLine['itemType'],
      descriptionLines: Array.isArray(item.descriptionLines)
        ? item.descriptionLines.filter(isObject).map((line) => ({
            name: String((line.name as Record<string, unknown> | undefined)?.original ?? ''),
            value: String((line.plainText as Record<string, unknown> | undefined)?.original ?? ''),
          }))
        : [],
      ...(media ? { media } : {}),
      ...(typeof item.url === 'string' && /^https?:\/\//.test(item.url) ? { url: item.url } : {}),
      ...(isObject(item.physicalProperties) && typeof item.physicalProperties.weight === 'number'
        ? { weight: item.physicalProperties.weight }
        : {}),
    });
  });
  if (violations.length) throw validationError(violations);
  return lines;
}

/**
 * Adds lines to a cart. The same product variant twice adds up on one line; a quantity above the stock is
 * reduced to what is left (the line then says PARTIALLY_AVAILABLE, WIRE.md 5); a variant with none left is
 * refused, so the store never oversells.
 */
export function addLines(ctx: SandboxContext, shopper: Shopper, body: Record<string, unknown>): StoredCart {
  const requests = readLineItems(ctx, body.lineItems);
  const custom = readCustomLineItems(body.customLineItems);
  if (requests.length === 0 && custom.length === 0) {
    throw validationError([
      { field: 'lineItems', description: 'must name at least one item', violatedRule: 'MIN_SIZE' },
    ]);
  }
  for (const request of requests) {
    if (stockOf(request.variant) === 0) {
      throw applicationError(400, 'ITEM_OUT_OF_STOCK', `"${request.product.name}" is out of stock`, {
        catalogItemId: request.product.id,
        variantId: request.variant.id,
      });
    }
  }
  const cart = cartForWrite(ctx, shopper);
  for (const request of requests) {
    const existing = cart.lines.find(
      (l) => l.productId === request.product.id && l.variantId === request.variant.id,
    );
    const wanted = (existing?.quantity ?? 0) + request.quantity;
    const available = stockOf(request.variant);
    const quantity = Math.min(wanted, available, MAX_LINE_QUANTITY);
    if (existing) {
      existing.quantity = quantity;
      existing.reduced = quantity < wanted;
    } else {
      cart.lines.push({
        id: randomUUID(),
        productId: request.product.id as string,
        variantId: request.variant.id as string,
        quantity,
        catalogReference: request.catalogReference,
        reduced: quantity < wanted,
      });
    }
  }
  cart.customLines.push(...custom);
  touch(ctx, cart);
  return cart;
}

/** Sets line quantities; unknown line ids are a 400 that changes nothing. */
export function updateQuantities(
  ctx: SandboxContext,
  shopper: Shopper,
  body: Record<string, unknown>,
): StoredCart {
  const cart = requireCart(ctx, shopper);
  const items = body.lineItems;
  if (!Array.isArray(items) || items.length === 0) {
    throw validationError([
      { field: 'lineItems', description: 'must list at least one {id, quantity}', violatedRule: 'MIN_SIZE' },
    ]);
  }
  const violations: FieldViolation[] = [];
  const changes: Array<{ id: string; quantity: number }> = [];
  items.forEach((item, index) => {
    const at = `lineItems[${index}]`;
    if (!isObject(item) || typeof item.id !== 'string') {
      violations.push({ field: `${at}.id`, description: 'is required', violatedRule: 'REQUIRED_FIELD' });
      return;
    }
    if (!cart.lines.some((l) => l.id === item.id) && !cart.customLines.some((l) => l.id === item.id)) {
      violations.push({
        field: `${at}.id`,
        description: `is not a line of this cart (${item.id})`,
        violatedRule: 'VALIDATION',
      });
      return;
    }
    changes.push({ id: item.id, quantity: readQuantity(item.quantity, `${at}.quantity`, violations) });
  });
  if (violations.length) throw validationError(violations);
  for (const change of changes) {
    const line = cart.lines.find((l) => l.id === change.id);
    if (line) {
      const product = ctx.state.products.get(line.productId);
      const variant = product?.variants?.find((v) => v.id === line.variantId);
      const available = stockOf(variant);
      line.quantity = Math.max(1, Math.min(change.quantity, available));
      line.reduced = change.quantity > available;
      continue;
    }
    const custom = cart.customLines.find((l) => l.id === change.id);
    if (custom) custom.quantity = change.quantity;
  }
  touch(ctx, cart);
  return cart;
}

export function removeLines(
  ctx: SandboxContext,
  shopper: Shopper,
  body: Record<string, unknown>,
): StoredCart {
  const cart = requireCart(ctx, shopper);
  const ids = body.lineItemIds;
  if (!Array.isArray(ids) || ids.length === 0 || ids.some((id) => typeof id !== 'string')) {
    throw validationError([
      { field: 'lineItemIds', description: 'must list at least one line id', violatedRule: 'MIN_SIZE' },
    ]);
  }
  const unknown = ids.filter(
    (id) => !cart.lines.some((l) => l.id === id) && !cart.customLines.some((l) => l.id === id),
  );
  if (unknown.length) {
    throw validationError([
      {
        field: 'lineItemIds',
        description: `are not lines of this cart: ${unknown.join(', ')}`,
        violatedRule: 'VALIDATION',
      },
    ]);
  }
  cart.lines = cart.lines.filter((l) => !ids.includes(l.id));
  cart.customLines = cart.customLines.filter((l) => !ids.includes(l.id));
  touch(ctx, cart);
  return cart;
}

// ——— Coupons ———

/** Checks a coupon code against the cart: unknown, expired or below its minimum is a 400 naming why. */
export function checkCoupon(ctx: SandboxContext, code: string, subtotalCents: number) {
  const coupon = ctx.state.coupons.find((c) => c.code.toUpperCase() === code.trim().toUpperCase());
  if (!coupon)
    throw applicationError(400, 'COUPON_DOES_NOT_EXIST', `Coupon "${code}" does not exist`, {
      couponCode: code,
    });
  if (coupon.expirationDate && Date.parse(coupon.expirationDate) < ctx.now()) {
    throw applicationError(400, 'COUPON_IS_EXPIRED', `Coupon "${coupon.code}" has expired`, {
      couponCode: coupon.code,
    });
  }
  if (coupon.minimumSubtotalCents && subtotalCents < coupon.minimumSubtotalCents) {
    const minimum = formatCents(coupon.minimumSubtotalCents, ctx.state.store.currency);
    throw applicationError(
      400,
      'COUPON_MINIMUM_NOT_REACHED',
      `Coupon "${coupon.code}" needs a subtotal of at least ${minimum}`,
      {
        couponCode: coupon.code,
      },
    );
  }
  return coupon;
}

// ——— Cart as the wire shows it ———

interface PricedLine {
  id: string;
  unitCents: number;
  fullUnitCents: number;
  /** The quantity that can be bought now. */
  billableQuantity: number;
  physical: boolean;
  item: LineItem;
}

/** A variant's choices are named by description (what shoppers see); a colour's code is its choice's value. */
function descriptionLines(product: Product, variant: Variant): DescriptionLine[] {
  return (product.productOptions ?? []).map((option) => {
    const value = variant.choices?.[option.name ?? ''] ?? '';
    const name = { original: option.name ?? '', translated: option.name ?? '' };
    if (option.optionType === 'color') {
      const code = option.choices?.find((c) => c.description === value)?.value;
      return { name, colorInfo: { original: value, translated: value, ...(code ? { code } : {}) } };
    }
    return { name, plainText: { original: value, translated: value } };
  });
}

function imageOf(product: Product, variant: Variant): string | undefined {
  for (const option of product.productOptions ?? []) {
    const value = variant.choices?.[option.name ?? ''];
    const url = option.choices?.find((c) => c.description === value)?.media?.mainMedia?.image?.url;
    if (url) return url;
  }
  return product.media?.mainMedia?.image?.url;
}

function priceLines(ctx: SandboxContext, cart: StoredCart): PricedLine[] {
  const currency = ctx.state.store.currency;
  const lines: PricedLine[] = cart.lines.map((line) => {
    const product = ctx.state.products.get(line.productId);
    const variant = product?.variants?.find((v) => v.id === line.variantId);
    if (!product || !variant) {
      return {
        id: line.id,
        unitCents: 0,
        fullUnitCents: 0,
        billableQuantity: 0,
        physical: false,
        item: {
          id: line.id,
          quantity: line.quantity,
          catalogReference: structuredClone(line.catalogReference),
          productName: { original: 'Unavailable item', translated: 'Unavailable item' },
          availability: { status: 'NOT_FOUND', quantityAvailable: 0 },
          rootCatalogItemId: line.productId,
        },
      };
    }
    const unit = unitCents(variant, product);
    const full = toCents(variant.variant?.priceData?.price ?? product.priceData?.price ?? 0);
    const stock = product.visible === false ? 0 : stockOf(variant);
    const tracked = Number.isFinite(stock);
    const billable = Math.min(line.quantity, stock);
    let availability: LineItem['availability'];
    if (stock === 0) availability = { status: 'NOT_AVAILABLE', quantityAvailable: 0 };
    else if (line.quantity > stock || line.reduced)
      availability = { status: 'PARTIALLY_AVAILABLE', quantityAvailable: stock };
    else availability = { status: 'AVAILABLE', ...(tracked ? { quantityAvailable: stock } : {}) };
    const physical = product.productType === 'physical';
    const name = product.name ?? '';
    const image = imageOf(product, variant);
    const url = product.productPageUrl
      ? `${product.productPageUrl.base ?? ''}${product.productPageUrl.path ?? ''}`
      : undefined;
    return {
      id: line.id,
      unitCents: unit,
      fullUnitCents: full,
      billableQuantity: billable,
      physical,
      item: {
        id: line.id,
        quantity: line.quantity,
        catalogReference: structuredClone(line.catalogReference),
        productName: { original: name, translated: name },
        ...(url ? { url } : {}),
        price: money(unit, currency),
        fullPrice: money(full, currency),
        priceBeforeDiscounts: money(unit, currency),
        lineItemPrice: money(unit * line.quantity, currency),
        descriptionLines: descriptionLines(product, variant),
        ...(image ? { image } : {}),
        availability,
        physicalProperties: {
          ...(physical && variant.variant?.weight !== undefined ? { weight: variant.variant.weight } : {}),
          ...(variant.variant?.sku ? { sku: variant.variant.sku } : {}),
          shippable: physical,
        },
        itemType: { preset: physical ? 'PHYSICAL' : 'DIGITAL' },
        paymentOption: 'FULL_PAYMENT_ONLINE',
        rootCatalogItemId: product.id as string,
        customLineItem: false,
        priceUndetermined: false,
        fixedQuantity: false,
      },
    };
  });
  for (const custom of cart.customLines) {
    lines.push({
      id: custom.id,
      unitCents: custom.priceCents,
      fullUnitCents: custom.fullPriceCents ?? custom.priceCents,
      billableQuantity: custom.quantity,
      physical: custom.itemType === 'PHYSICAL',
      item: {
        id: custom.id,
        quantity: custom.quantity,
        productName: { original: custom.productName, translated: custom.productName },
        ...(custom.url ? { url: custom.url } : {}),
        price: money(custom.priceCents, currency),
        fullPrice: money(custom.fullPriceCents ?? custom.priceCents, currency),
        priceBeforeDiscounts: money(custom.priceCents, currency),
        lineItemPrice: money(custom.priceCents * custom.quantity, currency),
        descriptionLines: custom.descriptionLines.map((d) => ({
          name: { original: d.name, translated: d.name },
          plainText: { original: d.value, translated: d.value },
        })),
        ...(custom.media ? { image: custom.media } : {}),
        availability: { status: 'AVAILABLE' },
        physicalProperties: {
          ...(custom.weight !== undefined ? { weight: custom.weight } : {}),
          shippable: custom.itemType === 'PHYSICAL',
        },
        itemType: { preset: custom.itemType },
        paymentOption: 'FULL_PAYMENT_ONLINE',
        customLineItem: true,
      },
    });
  }
  return lines;
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
    lineItems: priceLines(ctx, cart).map((line) => line.item),
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

// ——— PATCH /ecom/v1/carts/current ———

const CART_INFO_FIELDS = new Set([
  'buyerNote',
  'buyerInfo',
  'contactInfo',
  'selectedShippingOption',
  'buyerLanguage',
  'businessLocationId',
  'overrideCheckoutUrl',
]);

function readAddress(
  value: unknown,
  field: string,
  violations: FieldViolation[],
): Record<string, unknown> | undefined {
  if (value === undefined) return undefined;
  if (!isObject(value)) {
    violations.push({ field, description: 'must be an object', violatedRule: 'FORMAT' });
    return undefined;
  }
  if (
    value.country !== undefined &&
    (typeof value.country !== 'string' || !/^[A-Z]{2}$/.test(value.country))
  ) {
    violations.push({
      field: `${field}.country`,
      description: 'must be a 2-letter ISO country code such as "US"',
      violatedRule: 'FORMAT',
    });
  }
  if (
    value.subdivision !== undefined &&
    (typeof value.subdivision !== 'string' || !/^[A-Z]{2}(-[A-Z0-9]{1,3})?$/.test(value.subdivision))
  ) {
    violations.push({
      field: `${field}.subdivision`,
      description: 'must be an ISO 3166-2 code such as "US-NY"',
      violatedRule: 'FORMAT',
    });
  }
  for (const key of ['city', 'postalCode', 'addressLine', 'addressLine2']) {
    const v = value[key];
    if (v !== undefined && (typeof v !== 'string' || v.length > 250)) {
      violations.push({
        field: `${field}.${key}`,
        description: 'must be text of at most 250 characters',
        violatedRule: 'MAX_LENGTH',
      });
    }
  }
  return structuredClone(value);
}

/**
 * Updates cart info, the coupon, merchant discounts and lines. Everything is validated first: a bad coupon
 * or field leaves the cart exactly as it was.
 */
export function updateCart(ctx: SandboxContext, shopper: Shopper, body: Record<string, unknown>): StoredCart {
  const violations: FieldViolation[] = [];
  const info = body.cartInfo;
  if (info !== undefined && !isObject(info))
    violations.push({ field: 'cartInfo', description: 'must be an object', violatedRule: 'FORMAT' });
  const cartInfo = isObject(info) ? info : {};
  for (const key of Object.keys(cartInfo)) {
    if (!CART_INFO_FIELDS.has(key))
      violations.push({
        field: `cartInfo.${key}`,
        description: 'cannot be set',
        violatedRule: 'FIELD_NOT_ALLOWED',
      });
  }
  if (
    cartInfo.buyerNote !== undefined &&
    (typeof cartInfo.buyerNote !== 'string' || cartInfo.buyerNote.length > 1000)
  ) {
    violations.push({
      field: 'cartInfo.buyerNote',
      description: 'must be text of at most 1000 characters',
      violatedRule: 'MAX_LENGTH',
    });
  }
  let contactInfo: Record<string, unknown> | undefined;
  if (cartInfo.contactInfo !== undefined) {
    if (!isObject(cartInfo.contactInfo))
      violations.push({
        field: 'cartInfo.contactInfo',
        description: 'must be an object',
        violatedRule: 'FORMAT',
      });
    else {
      const address = readAddress(cartInfo.contactInfo.address, 'cartInfo.contactInfo.address', violations);
      contactInfo = { ...structuredClone(cartInfo.contactInfo), ...(address ? { address } : {}) };
    }
  }
  let email: string | undefined;
  if (cartInfo.buyerInfo !== undefined) {
    const buyer = cartInfo.buyerInfo;
    if (!isObject(buyer))
      violations.push({
        field: 'cartInfo.buyerInfo',
        description: 'must be an object',
        violatedRule: 'FORMAT',
      });
    else if (buyer.email !== undefined) {
      if (typeof buyer.email !== 'string' || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(buyer.email)) {
        violations.push({
          field: 'cartInfo.buyerInfo.email',
          description: 'must be an email address',
          violatedRule: 'FORMAT',
        });
      } else email = buyer.email;
    }
  }
  let shipping: StoredCart['selectedShippingOption'];
  if (cartInfo.selectedShippingOption !== undefined) {
    const option = cartInfo.selectedShippingOption;
    if (!isObject(option) || typeof option.code !== 'string' || !option.code) {
      violations.push({
        field: 'cartInfo.selectedShippingOption.code',
        description: 'is required',
        violatedRule: 'REQUIRED_FIELD',
      });
    } else
      shipping = {
        code: option.code,
        ...(typeof option.carrierId === 'string' ? { carrierId: option.carrierId } : {}),
      };
  }
  if (body.couponCode !== undefined && (typeof body.couponCode !== 'string' || !body.couponCode.trim())) {
    violations.push({ field: 'couponCode', description: 'must be a coupon code', violatedRule: 'FORMAT' });
  }
  let merchantDiscounts: StoredCart['merchantDiscounts'] | undefined;
  if (body.merchantDiscounts !== undefined) {
    if (!shopper.elevated) {
      throw forbidden(
        'merchantDiscounts need elevated permissions: send "<accessToken>,<apiKey>" in Authorization from your server',
      );
    }
    if (!Array.isArray(body.merchantDiscounts)) {
      violations.push({ field: 'merchantDiscounts', description: 'must be a list', violatedRule: 'FORMAT' });
    } else {
      merchantDiscounts = [];
      body.merchantDiscounts.forEach((d, index) => {
        const amount = isObject(d) ? d.amount : undefined;
        if (typeof amount !== 'string' || !/^\d+(\.\d{1,2})?$/.test(amount)) {
          violations.push({
            field: `merchantDiscounts[${index}].amount`,
            description: 'must be a decimal amount of at least 0',
            violatedRule: 'DECIMAL_GTE',
          });
          return;
        }
        const lineItemIds =
          isObject(d) && Array.isArray(d.lineItemIds)
            ? d.lineItemIds.filter((id): id is string => typeof id === 'string')
            : undefined;
        merchantDiscounts?.push({
          amountCents: toCents(amount),
          ...(lineItemIds?.length ? { lineItemIds } : {}),
        });
      });
    }
  }
  if (violations.length) throw validationError(violations);

  const additions = readLineItems(ctx, body.lineItems);
  const customAdditions = readCustomLineItems(body.customLineItems);
  const existing = ctx.state.carts.get(ownerKey(shopper));
  if (body.couponCode !== undefined) {
    const base = existing ? subtotalOf(priceLines(ctx, existing)) : 0;
    const extra = additions.reduce((sum, a) => sum + unitCents(a.variant, a.product) * a.quantity, 0);
    checkCoupon(ctx, body.couponCode as string, base + extra);
  }

  let cart: StoredCart;
  if (additions.length || customAdditions.length) {
    cart = addLines(ctx, shopper, { lineItems: body.lineItems, customLineItems: body.customLineItems });
  } else cart = cartForWrite(ctx, shopper);
  if (body.couponCode !== undefined) {
    const coupon = ctx.state.coupons.find(
      (c) => c.code.toUpperCase() === (body.couponCode as string).trim().toUpperCase(),
    );
    cart.couponCode = coupon?.code;
  }
  if (cartInfo.buyerNote !== undefined) cart.buyerNote = cartInfo.buyerNote as string;
  if (typeof cartInfo.buyerLanguage === 'string') cart.buyerLanguage = cartInfo.buyerLanguage;
  if (contactInfo) cart.contactInfo = contactInfo;
  if (email) cart.buyerInfo.email = email;
  if (shipping) cart.selectedShippingOption = shipping;
  if (merchantDiscounts) cart.merchantDiscounts = merchantDiscounts;
  touch(ctx, cart);
  return cart;
}

const subtotalOf = (lines: PricedLine[]) =>
  lines.reduce((sum, l) => sum + l.unitCents * l.billableQuantity, 0);

// ——— Estimate totals ———

interface ShippingChoice {
  option: ShippingOption & { carrierId: string };
  costCents: number;
}

function shippingOptionsFor(
  ctx: SandboxContext,
  country: string | undefined,
  subtotalAfterDiscountCents: number,
): ShippingChoice[] {
  const currency = ctx.state.store.currency;
  if (!country) return [];
  const specific = ctx.state.shippingOptions.filter((s) => s.countries.includes(country));
  const defs = specific.length
    ? specific
    : ctx.state.shippingOptions.filter((s) => s.countries.includes('*'));
  const choices: ShippingChoice[] = [];
  const tomorrow = new Date(ctx.now() + 86_400_000);
  const day = tomorrow.toISOString().slice(0, 10);
  for (const def of defs) {
    const cost =
      def.freeOverCents !== undefined && subtotalAfterDiscountCents >= def.freeOverCents ? 0 : def.costCents;
    const base: ShippingChoice['option'] = {
      code: def.code,
      title: def.title,
      carrierId: def.carrierId,
      logistics: {
        deliveryTime: def.deliveryTime,
        ...(def.pickup
          ? {
              instructions: def.pickup.instructions,
              pickupDetails: { address: { ...def.pickup.address }, pickupMethod: def.pickup.method },
            }
          : {}),
      },
      cost: { price: money(cost, currency), otherCharges: [] },
      partial: false,
    };
    if (def.timeSlotHours?.length) {
      for (const [from, to] of def.timeSlotHours) {
        const pad = (h: number) => String(h).padStart(2, '0');
        choices.push({
          costCents: cost,
          option: {
            ...base,
            code: `${def.code}:${day}T${pad(from)}`,
            title: `${def.title}, ${day} ${pad(from)}:00–${pad(to)}:00`,
            logistics: {
              ...base.logistics,
              deliveryTimeSlot: {
                from: `${day}T${pad(from)}:00:00.000Z`,
                to: `${day}T${pad(to)}:00:00.000Z`,
              },
            },
          },
        });
      }
    } else choices.push({ option: base, costCents: cost });
  }
  return choices;
}

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

  const currency = ctx.state.store.currency;
  const lines = priceLines(ctx, cart);
  const subtotal = subtotalOf(lines);
  const appliedDiscounts: AppliedDiscount[] = [];
  const calculationErrors: NonNullable<EstimateTotalsResponse['calculationErrors']> = {};

  let couponDiscount = 0;
  let freeShipping = false;
  if (cart.couponCode) {
    try {
      const coupon = checkCoupon(ctx, cart.couponCode, subtotal);
      if (coupon.kind === 'percentage') couponDiscount = percentOf(subtotal, coupon.value);
      if (coupon.kind === 'amount') couponDiscount = Math.min(coupon.value, subtotal);
      freeShipping = coupon.kind === 'freeShipping';
      if (!freeShipping) {
        appliedDiscounts.push({
          coupon: {
            id: coupon.id,
            code: coupon.code,
            name: coupon.name,
            amount: money(couponDiscount, currency),
          },
          discountType: 'GLOBAL',
        });
      }
    } catch (error) {
      const body = (
        error as { body?: { details?: { applicationError?: { code: string; description: string } } } }
      ).body;
      if (body?.details?.applicationError)
        calculationErrors.couponCalculationError = { applicationError: body.details.applicationError };
    }
  }
  let merchantDiscount = 0;
  for (const discount of cart.merchantDiscounts) {
    const scope = discount.lineItemIds?.length
      ? lines.filter((l) => discount.lineItemIds?.includes(l.id))
      : lines;
    const base = subtotalOf(scope);
    const amount = Math.min(discount.amountCents, Math.max(0, base - couponDiscount - merchantDiscount));
    merchantDiscount += amount;
    appliedDiscounts.push({
      merchantDiscount: {
        amount: money(amount, currency),
        percentage: base > 0 ? Math.round((amount / base) * 10_000) / 100 : 0,
      },
      discountType: discount.lineItemIds?.length ? 'SPECIFIC_ITEMS' : 'GLOBAL',
      ...(discount.lineItemIds?.length ? { lineItemIds: [...discount.lineItemIds] } : {}),
    });
  }
  const discount = Math.min(subtotal, couponDiscount + merchantDiscount);
  const afterDiscount = subtotal - discount;

  const needsShipping = lines.some((l) => l.physical && l.billableQuantity > 0);
  const address =
    shippingAddress ??
    (isObject(cart.contactInfo?.address)
      ? (cart.contactInfo?.address as Record<string, unknown>)
      : undefined);
  const country = typeof address?.country === 'string' ? address.country : undefined;
  const choices = needsShipping ? shippingOptionsFor(ctx, country, afterDiscount) : [];
  const wantedCode = isObject(requested) ? (requested.code as string) : cart.selectedShippingOption?.code;
  let selected: ShippingChoice | undefined;
  if (wantedCode) {
    selected =
      choices.find((c) => c.option.code === wantedCode) ??
      choices.find((c) => c.option.code?.startsWith(`${wantedCode}:`));
    if (!selected && choices.length) {
      calculationErrors.selectedShippingOptionError = {
        applicationError: {
          code: 'SHIPPING_OPTION_NOT_FOUND',
          description: `Shipping option "${wantedCode}" is not offered to ${country ?? 'this address'}`,
        },
      };
    }
  }
  selected ??= choices[0];
  if (needsShipping && !country) {
    calculationErrors.generalShippingCalculationError = {
      applicationError: {
        code: 'MISSING_SHIPPING_ADDRESS',
        description: 'Add a shipping address (at least the country) to see shipping options',
      },
    };
  }
  let shippingCents = selected?.costCents ?? 0;
  if (freeShipping && selected && cart.couponCode) {
    const coupon = ctx.state.coupons.find((c) => c.code === cart.couponCode);
    if (coupon) {
      appliedDiscounts.push({
        coupon: {
          id: coupon.id,
          code: coupon.code,
          name: coupon.name,
          amount: money(shippingCents, currency),
        },
        discountType: 'SHIPPING',
      });
    }
    shippingCents = 0;
  }

  const rate = ctx.settings.taxRate;
  const lineTax = (cents: number) => Math.round(cents * rate);
  const taxableGoods = afterDiscount;
  const tax = lineTax(taxableGoods) + lineTax(shippingCents);
  const total = afterDiscount + shippingCents + tax;
  const rateText = String(rate);

  const calculatedLineItems = lines.map((line) => {
    const gross = line.unitCents * line.billableQuantity;
    const share = subtotal > 0 ? Math.round((gross * discount) / subtotal) : 0;
    const net = gross - share;
    return {
      lineItemId: line.id,
      pricesBreakdown: {
        price: money(line.unitCents, currency),
        fullPrice: money(line.fullUnitCents, currency),
        priceBeforeDiscounts: money(line.unitCents, currency),
        lineItemPrice: money(gross, currency),
        totalDiscount: money(share, currency),
        totalPriceBeforeTax: money(net, currency),
        totalPriceAfterTax: money(net + lineTax(net), currency),
        taxDetails: {
          taxableAmount: money(net, currency),
          taxRate: rateText,
          totalTax: money(lineTax(net), currency),
        },
      },
      paymentOption: 'FULL_PAYMENT_ONLINE' as const,
    };
  });

  const violationsOut: NonNullable<EstimateTotalsResponse['violations']> = [];
  for (const line of lines) {
    const status = line.item.availability?.status;
    const name = line.item.productName?.original ?? 'An item';
    if (status === 'NOT_AVAILABLE' || status === 'NOT_FOUND') {
      violationsOut.push({
        severity: 'ERROR',
        target: { lineItem: { id: line.id } },
        description: `"${name}" is no longer available`,
      });
    } else if (status === 'PARTIALLY_AVAILABLE') {
      violationsOut.push({
        severity: 'WARNING',
        target: { lineItem: { id: line.id } },
        description: `Only ${line.item.availability?.quantityAvailable} of "${name}" left`,
      });
    }
  }

  const summary = {
    subtotal: money(subtotal, currency),
    discount: money(discount, currency),
    shipping: money(shippingCents, currency),
    tax: money(tax, currency),
    total: money(total, currency),
    additionalFees: money(0, currency),
  };
  const zero = money(0, currency);
  return {
    cart: cartView(ctx, cart),
    calculatedLineItems,
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
      taxableAmount: money(taxableGoods + shippingCents, currency),
      totalTax: money(tax, currency),
      calculationDetails:
        rate > 0
          ? { rateType: 'MANUAL_RATE', manualRateReason: 'GLOBAL_SETTING_TO_MANUAL' }
          : { rateType: 'NO_TAX_COLLECTED' },
    },
    shippingInfo: {
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
              code: selected.option.code,
              title: selected.option.title,
              logistics: structuredClone(selected.option.logistics),
              cost: {
                price: money(shippingCents, currency),
                totalPriceBeforeTax: money(shippingCents, currency),
                totalPriceAfterTax: money(shippingCents + lineTax(shippingCents), currency),
                totalDiscount: money((selected.costCents ?? 0) - shippingCents, currency),
              },
              requestedShippingOption: Boolean(wantedCode) && !calculationErrors.selectedShippingOptionError,
              carrierId: selected.option.carrierId,
            },
          }
        : {}),
      carrierServiceOptions: groupByCarrier(choices),
    },
    appliedDiscounts,
    calculationErrors,
    weightUnit: ctx.state.store.weightUnit,
    currency,
    membershipOptions: { eligibleMemberships: [], invalidMemberships: [], selectedMemberships: [] },
    additionalFees: [],
    violations: violationsOut,
  };
}

function groupByCarrier(choices: ShippingChoice[]) {
  const byCarrier = new Map<string, ShippingOption[]>();
  for (const { option } of choices) {
    const { carrierId, ...rest } = option;
    const list = byCarrier.get(carrierId) ?? [];
    list.push(structuredClone(rest));
    byCarrier.set(carrierId, list);
  }
  return [...byCarrier].map(([carrierId, shippingOptions]) => ({ carrierId, shippingOptions }));
}

// ——— Checkout ———

export function createCheckout(ctx: SandboxContext, shopper: Shopper, body: Record<string, unknown>): string {
  const cart = requireCart(ctx, shopper);
  const violations: FieldViolation[] = [];
  const channelType = body.channelType;
  if (channelType === undefined)
    violations.push({ field: 'channelType', description: 'is required', violatedRule: 'REQUIRED_FIELD' });
  else if (typeof channelType !== 'string' || !(channelType in ChannelType)) {
    violations.push({
      field: 'channelType',
      description: `must be one of ${Object.keys(ChannelType).join(', ')}`,
      violatedRule: 'INVALID_ENUM_VALUE',
    });
  }
  const shippingAddress = readAddress(body.shippingAddress, 'shippingAddress', violations);
  const billingAddress = readAddress(body.billingAddress, 'billingAddress', violations);
  if (
    body.email !== undefined &&
    (typeof body.email !== 'string' || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(body.email))
  ) {
    violations.push({ field: 'email', description: 'must be an email address', violatedRule: 'FORMAT' });
  }
  const option = body.selectedShippingOption;
  if (option !== undefined && (!isObject(option) || typeof option.code !== 'string')) {
    violations.push({
      field: 'selectedShippingOption.code',
      description: 'is required',
      violatedRule: 'REQUIRED_FIELD',
    });
  }
  if (violations.length) throw validationError(violations);
  const lines = priceLines(ctx, cart);
  if (lines.length === 0)
    throw applicationError(400, 'CART_IS_EMPTY', 'The cart is empty: add an item before checking out');
  if (!lines.some((l) => l.billableQuantity > 0)) {
    throw applicationError(
      400,
      'NO_AVAILABLE_ITEMS',
      'Nothing in the cart can be bought right now: every item is out of stock',
    );
  }
  const id = randomUUID();
  const email = typeof body.email === 'string' ? body.email : cart.buyerInfo.email;
  const selected = isObject(option) ? { code: option.code as string } : cart.selectedShippingOption;
  ctx.state.checkouts.set(id, {
    id,
    cartId: cart.id,
    owner: cart.owner,
    channelType: channelType as string,
    ...(email ? { email } : {}),
    ...(shippingAddress ? { shippingAddress } : {}),
    ...(billingAddress ? { billingAddress } : {}),
    ...(selected ? { selectedShippingOption: selected } : {}),
    createdDate: nowIso(ctx),
  });
  cart.checkoutId = id;
  touch(ctx, cart);
  return id;
}

/**
 * Places the order of a checkout, as the hosted checkout page's "Place order" does: checks the stock again
 * (never oversell), takes the items out of stock, records the order and empties the cart.
 */
export function placeOrder(ctx: SandboxContext, checkoutId: string, email?: string) {
  const checkout = ctx.state.checkouts.get(checkoutId);
  if (!checkout) throw notFound(`Checkout ${checkoutId}`, 'CHECKOUT_NOT_FOUND');
  if (checkout.orderId) {
    const order = ctx.state.orders.get(checkout.orderId);
    if (order) return order;
  }
  const cart = ctx.state.carts.get(checkout.owner);
  if (!cart || cart.id !== checkout.cartId) {
    throw applicationError(
      400,
      'CART_CHANGED',
      'This checkout’s cart is gone: go back to the shop and check out again',
    );
  }
  const totals = estimateTotals(ctx, cart, {
    ...(checkout.shippingAddress ? { shippingAddress: checkout.shippingAddress } : {}),
    ...(checkout.selectedShippingOption ? { selectedShippingOption: checkout.selectedShippingOption } : {}),
  });
  const problems: string[] = [];
  for (const line of cart.lines) {
    const product = ctx.state.products.get(line.productId);
    const variant = product?.variants?.find((v) => v.id === line.variantId);
    if (!product || !variant || line.quantity > stockOf(variant)) {
      const left = stockOf(variant);
      problems.push(`"${product?.name ?? 'An item'}": ${left === 0 ? 'sold out' : `only ${left} left`}`);
    }
  }
  if (problems.length) {
    throw applicationError(
      409,
      'INSUFFICIENT_INVENTORY',
      `Not enough stock: ${problems.join('; ')}. Update your cart and try again.`,
    );
  }
  const orderLines: StoredOrder['lines'] = [];
  for (const line of cart.lines) {
    const product = ctx.state.products.get(line.productId) as Product;
    const variant = product.variants?.find((v) => v.id === line.variantId) as Variant;
    if (variant.stock?.trackQuantity) variant.stock.quantity = (variant.stock.quantity ?? 0) - line.quantity;
    orderLines.push({
      productId: line.productId,
      variantId: line.variantId,
      name: product.name ?? '',
      quantity: line.quantity,
      priceCents: unitCents(variant, product),
    });
  }
  for (const custom of cart.customLines) {
    orderLines.push({
      productId: '',
      name: custom.productName,
      quantity: custom.quantity,
      priceCents: custom.priceCents,
    });
  }
  for (const productId of new Set(cart.lines.map((l) => l.productId))) {
    const product = ctx.state.products.get(productId);
    if (product) finalizeProduct(product);
  }
  const orderId = randomUUID();
  const order: StoredOrder = {
    id: orderId,
    number: String(10_000 + ctx.state.orders.size + 1),
    checkoutId,
    owner: checkout.owner,
    ...((email ?? checkout.email) ? { email: email ?? checkout.email } : {}),
    lines: orderLines,
    totalCents: toCents(totals.priceSummary?.total?.amount ?? '0'),
    currency: ctx.state.store.currency,
    createdDate: nowIso(ctx),
  };
  ctx.state.orders.set(orderId, order);
  checkout.orderId = orderId;
  ctx.state.carts.delete(checkout.owner);
  return order;
}
