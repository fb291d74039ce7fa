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
} from '../../src/api/types/cart';
import type { FieldViolation } from '../../src/api/types/errors';
import type { SandboxContext } from '../context';
import { applicationError, forbidden, validationError } from '../errors';
import { centsToDecimal, formatCents, toCents } from '../money';
import type { StoredCart, StoredCustomLine } from '../state';
import { variantName } from './choices';
import {
  CHANNEL_TYPES,
  ITEM_TYPE_PRESETS,
  MAX_CART_LINES,
  MAX_LINE_IDS_PER_REQUEST,
  MAX_OPTION_CHOICES,
  STORES_APP_ID,
  V1_MAX_ADD_ITEMS,
  V1_MAX_LINE_QUANTITY,
  V1_MAX_UPDATE_ITEMS,
} from './limits';
import {
  addCatalogLines,
  type CatalogAddition,
  cartForWrite,
  customLine,
  findCoupon,
  hasLine,
  isObject,
  lineCount,
  lookUpCatalogItem,
  ownerKey,
  removeLines,
  requireCart,
  type Shopper,
  setLineQuantity,
  stockOf,
  touch,
} from './model';
import {
  computeTotals,
  logisticsOf,
  type PricedLine,
  priceLines,
  type ShippingChoice,
  subtotalOf,
  v1Quantity,
} from './pricing';

/** The v1 wire view of the cart (`/ecom/v1/carts/current…`, SPEC.md 7, ENTITIES.md). */

/** Money as cart and checkout send it: decimal strings with the store's formatting. */
export function money(cents: number, currency: string): MultiCurrencyPrice {
  const amount = centsToDecimal(cents);
  const formatted = formatCents(cents, currency);
  return { amount, convertedAmount: amount, formattedAmount: formatted, formattedConvertedAmount: formatted };
}

const DECIMAL = /^\d+(\.\d{1,2})?$/;

// ——— Reading line input ———

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
  if (value > V1_MAX_LINE_QUANTITY) {
    violations.push({
      field,
      description: `must be at most ${V1_MAX_LINE_QUANTITY}`,
      violatedRule: 'MAX',
      data: { threshold: V1_MAX_LINE_QUANTITY },
    });
  }
  return value;
}

/** A list field of a request: not a list, or longer than the platform takes, is a 400 before anything else. */
export function readList(value: unknown, field: string, maxSize: number): unknown[] {
  if (!Array.isArray(value))
    throw validationError([{ field, description: 'must be a list', violatedRule: 'FORMAT' }]);
  if (value.length > maxSize) {
    throw validationError([
      {
        field,
        description: `must list at most ${maxSize} items`,
        violatedRule: 'MAX_SIZE',
        data: { threshold: maxSize },
      },
    ]);
  }
  return value;
}

/** Checks a catalog reference's shape (ids, the store's app id, options); returns nothing, collects violations. */
export function checkCatalogReference(
  ref: Record<string, unknown>,
  at: string,
  violations: FieldViolation[],
) {
  if (typeof ref.catalogItemId !== 'string' || !ref.catalogItemId) {
    violations.push({
      field: `${at}.catalogItemId`,
      description: 'is required',
      violatedRule: 'REQUIRED_FIELD',
    });
  }
  if (typeof ref.appId !== 'string' || !ref.appId) {
    violations.push({ field: `${at}.appId`, description: 'is required', violatedRule: 'REQUIRED_FIELD' });
  } else if (ref.appId !== STORES_APP_ID) {
    violations.push({
      field: `${at}.appId`,
      description: `is not a catalog this site sells from (the store catalogue is ${STORES_APP_ID})`,
      violatedRule: 'VALIDATION',
    });
  }
  if (ref.options !== undefined && !isObject(ref.options)) {
    violations.push({ field: `${at}.options`, description: 'must be an object', violatedRule: 'FORMAT' });
  } else if (isObject(ref.options) && ref.options.options !== undefined) {
    const choices = ref.options.options;
    if (!isObject(choices)) {
      violations.push({
        field: `${at}.options.options`,
        description: 'must be an object',
        violatedRule: 'FORMAT',
      });
    } else if (Object.keys(choices).length > MAX_OPTION_CHOICES) {
      violations.push({
        field: `${at}.options.options`,
        description: `must name at most ${MAX_OPTION_CHOICES} options`,
        violatedRule: 'MAX_SIZE',
        data: { threshold: MAX_OPTION_CHOICES },
      });
    }
  }
}

/** Reads `lineItems` of an add request; everything is checked before anything changes. */
function readLineItems(ctx: SandboxContext, value: unknown, maxSize: number): CatalogAddition[] {
  if (value === undefined) return [];
  const items = readList(value, 'lineItems', maxSize);
  const violations: FieldViolation[] = [];
  const requests: Array<{ ref: Record<string, unknown>; quantity: number }> = [];
  items.forEach((item, index) => {
    const at = `lineItems[${index}]`;
    if (!isObject(item) || !isObject(item.catalogReference)) {
      violations.push({
        field: `${at}.catalogReference`,
        description: 'is required',
        violatedRule: 'REQUIRED_FIELD',
      });
      return;
    }
    checkCatalogReference(item.catalogReference, `${at}.catalogReference`, violations);
    const quantity = readQuantity(item.quantity ?? 1, `${at}.quantity`, violations);
    requests.push({ ref: item.catalogReference, quantity });
  });
  if (violations.length) throw validationError(violations);
  return requests.map(({ ref, quantity }) => {
    const options = isObject(ref.options) ? ref.options : undefined;
    const found = lookUpCatalogItem(ctx, ref.catalogItemId as string, options);
    if ('problem' in found) {
      if (found.problem === 'NO_PRODUCT')
        throw applicationError(404, 'CATALOG_ITEM_NOT_FOUND', found.message);
      if (found.problem === 'MISSING_OPTIONS') {
        throw applicationError(400, 'MISSING_PRODUCT_OPTIONS', found.message, {
          missingOptions: found.missing,
        });
      }
      throw applicationError(400, 'VARIANT_NOT_FOUND', found.message);
    }
    return {
      ...found,
      quantity,
      catalogReference: {
        appId: ref.appId as string,
        catalogItemId: ref.catalogItemId as string,
        ...(options ? { options: structuredClone(options) } : {}),
      },
    };
  });
}

function readCustomLineItems(value: unknown, maxSize: number): StoredCustomLine[] {
  if (value === undefined) return [];
  const items = readList(value, 'customLineItems', maxSize);
  const violations: FieldViolation[] = [];
  const lines: StoredCustomLine[] = [];
  items.forEach((item, index) => {
    const at = `customLineItems[${index}]`;
    if (!isObject(item)) {
      violations.push({ field: at, description: 'must be an object', violatedRule: 'FORMAT' });
      return;
    }
    const quantity = readQuantity(item.quantity, `${at}.quantity`, violations);
    let priceCents = 0;
    if (typeof item.price !== 'string' || !DECIMAL.test(item.price)) {
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
    if (!ITEM_TYPE_PRESETS.includes(preset as StoredCustomLine['itemType'])) {
      violations.push({
        field: `${at}.itemType.preset`,
        description: 'must be PHYSICAL, DIGITAL, GIFT_CARD or SERVICE',
        violatedRule: 'INVALID_ENUM_VALUE',
      });
    }
    const media = typeof item.media === 'string' && /^https?:\/\//.test(item.media) ? item.media : undefined;
    lines.push(
      customLine({
        quantity,
        priceCents,
        ...(typeof item.fullPrice === 'string' && DECIMAL.test(item.fullPrice)
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
      }),
    );
  });
  if (violations.length) throw validationError(violations);
  return lines;
}

function checkCartSize(cart: StoredCart | undefined, adding: number): void {
  if (lineCount(cart) + adding > MAX_CART_LINES) {
    throw validationError([
      {
        field: 'lineItems',
        description: `would make the cart hold more than ${MAX_CART_LINES} lines`,
        violatedRule: 'MAX_SIZE',
        data: { threshold: MAX_CART_LINES },
      },
    ]);
  }
}

/** How many new lines these additions make (the same variant already in the cart adds up on its line). */
function newLineCount(cart: StoredCart | undefined, additions: CatalogAddition[], custom: number): number {
  const keys = new Set<string>();
  for (const a of additions) {
    const there = cart?.lines.some((l) => l.productId === a.product.id && l.variantId === a.variant.id);
    if (!there) keys.add(`${a.product.id}/${a.variant.id}`);
  }
  return keys.size + custom;
}

/**
 * Adds lines to a cart. A quantity above the stock is reduced to what is left (the line then says
 * PARTIALLY_AVAILABLE, WIRE.md 5); a variant with none left is refused, so the store never oversells.
 */
export function addLines(
  ctx: SandboxContext,
  shopper: Shopper,
  body: Record<string, unknown>,
  maxItems = V1_MAX_ADD_ITEMS,
): StoredCart {
  const requests = readLineItems(ctx, body.lineItems, maxItems);
  const custom = readCustomLineItems(body.customLineItems, maxItems);
  if (requests.length === 0 && custom.length === 0) {
    throw validationError([
      { field: 'lineItems', description: 'must name at least one item', violatedRule: 'MIN_SIZE' },
    ]);
  }
  for (const request of requests) {
    if (stockOf(request.variant) === 0) {
      throw applicationError(
        400,
        'ITEM_OUT_OF_STOCK',
        `"${variantName(request.product, request.variant)}" is out of stock`,
        {
          catalogItemId: request.product.id,
          variantId: request.variant.id,
        },
      );
    }
  }
  const existing = ctx.state.carts.get(ownerKey(shopper));
  checkCartSize(existing, newLineCount(existing, requests, custom.length));
  const cart = cartForWrite(ctx, shopper);
  addCatalogLines(cart, requests, V1_MAX_LINE_QUANTITY);
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
  readList(items, 'lineItems', MAX_LINE_IDS_PER_REQUEST);
  const violations: FieldViolation[] = [];
  const changes: Array<{ id: string; quantity: number }> = [];
  items.forEach((item, index) => {
    const at = `lineItems[${index}]`;
    if (!isObject(item) || typeof item.id !== 'string') {
      violations.push({ field: `${at}.id`, description: 'is required', violatedRule: 'REQUIRED_FIELD' });
      return;
    }
    if (!hasLine(cart, item.id)) {
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
  for (const change of changes) setLineQuantity(ctx, cart, change.id, change.quantity);
  touch(ctx, cart);
  return cart;
}

export function removeLinesV1(
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
  readList(ids, 'lineItemIds', MAX_LINE_IDS_PER_REQUEST);
  const unknown = ids.filter((id) => !hasLine(cart, id));
  if (unknown.length) {
    throw validationError([
      {
        field: 'lineItemIds',
        description: `are not lines of this cart: ${unknown.join(', ')}`,
        violatedRule: 'VALIDATION',
      },
    ]);
  }
  removeLines(cart, ids);
  touch(ctx, cart);
  return cart;
}

export function removeCouponV1(ctx: SandboxContext, shopper: Shopper): StoredCart {
  const cart = requireCart(ctx, shopper);
  if (!cart.couponCode) throw applicationError(400, 'NO_COUPON_APPLIED', 'The cart has no coupon to remove');
  delete cart.couponCode;
  touch(ctx, cart);
  return cart;
}

// ——— Coupons ———

/** Checks a coupon code against the cart: unknown, expired or below its minimum is a 400 naming why. */
export function checkCoupon(ctx: SandboxContext, code: string, subtotalCents: number) {
  const coupon = findCoupon(ctx, code);
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
      { couponCode: coupon.code },
    );
  }
  return coupon;
}

// ——— The cart as v1 shows it ———

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

function availabilityOf(line: PricedLine): LineItem['availability'] {
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

/** Checks an address's country, subdivision and text lengths; returns a copy. */
export function readAddress(
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

export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

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
      if (typeof buyer.email !== 'string' || !EMAIL.test(buyer.email)) {
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
        if (typeof amount !== 'string' || !DECIMAL.test(amount)) {
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

  const additions = readLineItems(ctx, body.lineItems, V1_MAX_UPDATE_ITEMS);
  const customAdditions = readCustomLineItems(body.customLineItems, V1_MAX_UPDATE_ITEMS);
  const existing = ctx.state.carts.get(ownerKey(shopper));
  if (body.couponCode !== undefined) {
    const base = existing ? subtotalOf(priceLines(ctx, existing), v1Quantity) : 0;
    const extra = additions.reduce(
      (sum, a) =>
        sum +
        toCents(a.variant.variant?.priceData?.discountedPrice ?? a.product.priceData?.discountedPrice ?? 0) *
          a.quantity,
      0,
    );
    checkCoupon(ctx, body.couponCode as string, base + extra);
  }

  let cart: StoredCart;
  if (additions.length || customAdditions.length) {
    cart = addLines(
      ctx,
      shopper,
      { lineItems: body.lineItems, customLineItems: body.customLineItems },
      V1_MAX_UPDATE_ITEMS,
    );
  } else cart = cartForWrite(ctx, shopper);
  if (body.couponCode !== undefined) cart.couponCode = findCoupon(ctx, body.couponCode as string)?.code;
  if (cartInfo.buyerNote !== undefined) cart.buyerNote = cartInfo.buyerNote as string;
  if (typeof cartInfo.buyerLanguage === 'string') cart.buyerLanguage = cartInfo.buyerLanguage;
  if (contactInfo) cart.contactInfo = contactInfo;
  if (email) cart.buyerInfo.email = email;
  if (shipping) cart.selectedShippingOption = shipping;
  if (merchantDiscounts) cart.merchantDiscounts = merchantDiscounts;
  touch(ctx, cart);
  return cart;
}

// ——— Estimate totals ———

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
  const totals = computeTotals(ctx, cart, {
    quantityOf: v1Quantity,
    address: shippingAddress,
    shippingCode: isObject(requested) ? (requested.code as string) : undefined,
    firstOptionByDefault: true,
  });
  const appliedDiscounts: AppliedDiscount[] = [];
  const calculationErrors: NonNullable<EstimateTotalsResponse['calculationErrors']> = {};
  const coupon = totals.coupon;
  if (coupon?.problem) {
    const error = couponCalculationError(ctx, coupon.code, totals.subtotalCents);
    if (error) calculationErrors.couponCalculationError = { applicationError: error };
  } else if (coupon?.def && !coupon.freeShipping) {
    appliedDiscounts.push({
      coupon: {
        id: coupon.def.id,
        code: coupon.def.code,
        name: coupon.def.name,
        amount: money(coupon.discountCents, currency),
      },
      discountType: 'GLOBAL',
    });
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
  const { selected, country } = totals;
  if (totals.selectedMissing) {
    calculationErrors.selectedShippingOptionError = {
      applicationError: {
        code: 'SHIPPING_OPTION_NOT_FOUND',
        description: `Shipping option "${totals.wantedCode}" is not offered to ${country ?? 'this address'}`,
      },
    };
  }
  if (totals.needsShipping && !country) {
    calculationErrors.generalShippingCalculationError = {
      applicationError: {
        code: 'MISSING_SHIPPING_ADDRESS',
        description: 'Add a shipping address (at least the country) to see shipping options',
      },
    };
  }
  const shippingCents = totals.shippingCents;
  if (coupon?.freeShipping && selected && coupon.def) {
    appliedDiscounts.push({
      coupon: {
        id: coupon.def.id,
        code: coupon.def.code,
        name: coupon.def.name,
        amount: money(totals.shippingBeforeDiscountCents, currency),
      },
      discountType: 'SHIPPING',
    });
  }
  const { taxOf, rate } = totals;
  const rateText = String(rate);
  const calculatedLineItems = totals.lines.map(({ line, grossCents, discountShareCents }) => {
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

  const violationsOut: NonNullable<EstimateTotalsResponse['violations']> = [];
  for (const { line } of totals.lines) {
    const status = availabilityOf(line)?.status;
    const name = line.name || 'An item';
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
        description: `Only ${line.available} of "${name}" left`,
      });
    }
  }

  const summary = {
    subtotal: money(totals.subtotalCents, currency),
    discount: money(totals.discountCents, currency),
    shipping: money(shippingCents, currency),
    tax: money(totals.taxCents, currency),
    total: money(totals.totalCents, currency),
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
      taxableAmount: money(totals.afterDiscountCents + shippingCents, currency),
      totalTax: money(totals.taxCents, currency),
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
              code: selected.code,
              title: selected.title,
              logistics: structuredClone(shippingOptionOf(selected, currency).logistics),
              cost: {
                price: money(shippingCents, currency),
                totalPriceBeforeTax: money(shippingCents, currency),
                totalPriceAfterTax: money(shippingCents + taxOf(shippingCents), currency),
                totalDiscount: money(selected.costCents - shippingCents, currency),
              },
              requestedShippingOption:
                Boolean(totals.wantedCode) && !calculationErrors.selectedShippingOptionError,
              carrierId: selected.carrierId,
            },
          }
        : {}),
      carrierServiceOptions: groupByCarrier(totals.choices, currency),
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

// ——— Checkout ———

export function createCheckout(ctx: SandboxContext, shopper: Shopper, body: Record<string, unknown>): string {
  const cart = requireCart(ctx, shopper);
  const violations: FieldViolation[] = [];
  const channelType = body.channelType;
  if (channelType === undefined)
    violations.push({ field: 'channelType', description: 'is required', violatedRule: 'REQUIRED_FIELD' });
  else if (typeof channelType !== 'string' || !CHANNEL_TYPES.includes(channelType)) {
    violations.push({
      field: 'channelType',
      description: `must be one of ${CHANNEL_TYPES.join(', ')}`,
      violatedRule: 'INVALID_ENUM_VALUE',
    });
  }
  const shippingAddress = readAddress(body.shippingAddress, 'shippingAddress', violations);
  const billingAddress = readAddress(body.billingAddress, 'billingAddress', violations);
  if (body.email !== undefined && (typeof body.email !== 'string' || !EMAIL.test(body.email))) {
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
  if (!lines.some((l) => v1Quantity(l) > 0)) {
    throw applicationError(
      400,
      'NO_AVAILABLE_ITEMS',
      'Nothing in the cart can be bought right now: every item is out of stock',
    );
  }
  const email = typeof body.email === 'string' ? body.email : cart.buyerInfo.email;
  const selected = isObject(option) ? { code: option.code as string } : cart.selectedShippingOption;
  const id = openCheckout(ctx, cart, {
    channelType: channelType as string,
    ...(email ? { email } : {}),
    ...(shippingAddress ? { shippingAddress } : {}),
    ...(billingAddress ? { billingAddress } : {}),
    ...(selected ? { selectedShippingOption: selected } : {}),
  });
  touch(ctx, cart);
  return id;
}

/** Records a checkout of the cart (for the hosted checkout page) and names it on the cart. */
export function openCheckout(
  ctx: SandboxContext,
  cart: StoredCart,
  details: {
    channelType: string;
    email?: string;
    shippingAddress?: Record<string, unknown>;
    billingAddress?: Record<string, unknown>;
    selectedShippingOption?: { code: string; carrierId?: string };
  },
): string {
  const id = randomUUID();
  ctx.state.checkouts.set(id, {
    id,
    cartId: cart.id,
    owner: cart.owner,
    ...details,
    createdDate: new Date(ctx.now()).toISOString(),
  });
  cart.checkoutId = id;
  return id;
}
