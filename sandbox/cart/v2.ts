import { randomUUID } from 'node:crypto';
import type { FieldViolation } from '../../src/api/types/errors';
import type { SandboxContext } from '../context';
import { applicationError, type PlatformError, validationError } from '../errors';
import { centsToDecimal, toCents } from '../money';
import type { StoredCart, StoredCustomLine } from '../state';
import { variantName } from './choices';
import { BUSINESS_LOCATION_IDS } from './fixtures';
import {
  CHANNEL_TYPES,
  ITEM_TYPE_PRESETS,
  MAX_CART_LINES,
  MAX_COUPONS,
  MAX_CUSTOM_CHECKOUT_URL_LENGTH,
  MAX_FORM_SUBMISSIONS,
  MAX_GIFT_CARD_INPUTS,
  MAX_LINE_IDS_PER_REQUEST,
  MAX_MODIFIER_GROUPS,
  MAX_MODIFIERS_PER_GROUP,
  MAX_NAME_LENGTH,
  MAX_NOTE_LENGTH,
  V2_MAX_ADD_ITEMS,
  V2_MAX_LINE_QUANTITY,
  VALIDATION_CONFIGS,
} from './limits';
import {
  addCatalogLines,
  type CatalogAddition,
  cartForWrite,
  couponProblem,
  currentCartOf,
  customLine,
  findCoupon,
  findGiftCard,
  giftCardBalance,
  hasLine,
  isObject,
  lineCount,
  lookUpCatalogItem,
  noCurrentCart,
  nowIso,
  ownerKey,
  removeLines,
  requestedOf,
  type Shopper,
  type StoredModifierGroup,
  setLineQuantity,
  stockOf,
  touch,
  variantOf,
} from './model';
import { recordOrder } from './orders';
import {
  computeTotals,
  findShippingChoice,
  priceLines,
  shippingOptionsFor,
  subtotalOf,
  v2Quantity,
} from './pricing';
import { checkCatalogReference, EMAIL, openCheckout, readAddress, readList } from './v1';
import { cartSummary, FULL_CALCULATION, readVerificationToken, type SummaryFlags } from './v2-view';

/**
 * The V2 operations on the current cart (CART-V2.md 2 and 5) and the Cart service's place-order and
 * get-checkout-url. Everything a request asks is checked before anything changes.
 *
 * Statuses of the application errors (CART-V2.md 9 leaves them open): what the request itself gets wrong is
 * a 400 (unknown ids and codes, limits); what the cart's state refuses is a 428 FAILED_PRECONDITION
 * (ordered, locked, out of stock, already there) — nine of each for create, as the reference counts them.
 */

type Json = Record<string, unknown>;

const DECIMAL_V2 = /^\d{1,9}(\.\d{1,3})?$/;

const invalid = (code: string, description: string, data?: Json) =>
  applicationError(400, code, description, data);
const refused = (code: string, description: string, data?: Json) =>
  applicationError(428, code, description, data);

export const alreadyOrdered = (cart: StoredCart): PlatformError =>
  refused('CART_ALREADY_ORDERED', `Cart ${cart.id} was already ordered (order ${cart.orderId})`, {
    cartId: cart.id,
    orderId: cart.orderId,
  });

/** The caller's current cart, ordered or not; a 404 when there is none (CART-V2.md 9: as v1 answers). */
export function requireCurrentCart(ctx: SandboxContext, shopper: Shopper): StoredCart {
  const cart = currentCartOf(ctx, shopper);
  if (!cart) throw noCurrentCart();
  return cart;
}

/** The caller's current cart for a change: an ordered cart refuses every change. */
export function changeableCart(ctx: SandboxContext, shopper: Shopper): StoredCart {
  const cart = requireCurrentCart(ctx, shopper);
  if (cart.orderId) throw alreadyOrdered(cart);
  return cart;
}

const required = (field: string): FieldViolation => ({
  field,
  description: 'is required',
  violatedRule: 'REQUIRED_FIELD',
});

function readWholeNumber(
  value: unknown,
  field: string,
  min: number,
  max: number,
  violations: FieldViolation[],
) {
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    violations.push(
      value === undefined
        ? required(field)
        : { field, description: 'must be a whole number', violatedRule: 'FORMAT' },
    );
    return 0;
  }
  if (value < min)
    violations.push({
      field,
      description: `must be at least ${min}`,
      violatedRule: 'MIN',
      data: { threshold: min },
    });
  if (value > max)
    violations.push({
      field,
      description: `must be at most ${max}`,
      violatedRule: 'MAX',
      data: { threshold: max },
    });
  return value;
}

function readMoneyCents(
  value: unknown,
  field: string,
  violations: FieldViolation[],
  needed = true,
): number | undefined {
  if (value === undefined && !needed) return undefined;
  const amount = isObject(value) ? value.amount : undefined;
  if (typeof amount !== 'string' || !DECIMAL_V2.test(amount)) {
    violations.push({
      field: `${field}.amount`,
      description: 'must be a decimal amount of at least 0 with at most 3 decimals, such as "9.99"',
      violatedRule: 'DECIMAL_GTE',
    });
    return undefined;
  }
  return toCents(amount);
}

function readText(
  value: unknown,
  field: string,
  max: number,
  violations: FieldViolation[],
): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || value.length > max) {
    violations.push({
      field,
      description: `must be text of at most ${max} characters`,
      violatedRule: 'MAX_LENGTH',
    });
    return undefined;
  }
  return value;
}

// ——— Line input ———

interface LineInput {
  catalog: CatalogAddition[];
  custom: StoredCustomLine[];
}

function readCatalogItems(value: unknown, violations: FieldViolation[]) {
  if (value === undefined) return [];
  const items = readList(value, 'catalogItems', V2_MAX_ADD_ITEMS);
  const read: Array<{ ref: Json; quantity: number; overrides?: Json }> = [];
  items.forEach((item, index) => {
    const at = `catalogItems[${index}]`;
    if (!isObject(item) || !isObject(item.catalogReference)) {
      violations.push(required(`${at}.catalogReference`));
      return;
    }
    checkCatalogReference(item.catalogReference, `${at}.catalogReference`, violations);
    const quantity = readWholeNumber(item.quantity, `${at}.quantity`, 1, V2_MAX_LINE_QUANTITY, violations);
    if (item.catalogOverrideFields !== undefined && !isObject(item.catalogOverrideFields)) {
      violations.push({
        field: `${at}.catalogOverrideFields`,
        description: 'must be an object',
        violatedRule: 'FORMAT',
      });
    }
    read.push({
      ref: item.catalogReference,
      quantity,
      ...(isObject(item.catalogOverrideFields)
        ? { overrides: structuredClone(item.catalogOverrideFields) }
        : {}),
    });
  });
  return read;
}

/** Custom items' modifiers: at most 25 groups of 1–25 modifiers, ids unique (CART-V2.md 5). */
function readModifierGroups(
  value: unknown,
  at: string,
  violations: FieldViolation[],
): StoredModifierGroup[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) {
    violations.push({ field: `${at}.modifierGroups`, description: 'must be a list', violatedRule: 'FORMAT' });
    return undefined;
  }
  const count = value.reduce(
    (n: number, g) => n + (isObject(g) && Array.isArray(g.modifiers) ? g.modifiers.length : 0),
    0,
  );
  if (
    value.length > MAX_MODIFIER_GROUPS ||
    value.some(
      (g) => isObject(g) && Array.isArray(g.modifiers) && g.modifiers.length > MAX_MODIFIERS_PER_GROUP,
    )
  ) {
    throw invalid(
      'MAX_ITEM_MODIFIERS_EXCEEDED',
      `An item takes at most ${MAX_MODIFIER_GROUPS} modifier groups of at most ${MAX_MODIFIERS_PER_GROUP} modifiers`,
      {
        requestCount: value.length > MAX_MODIFIER_GROUPS ? value.length : count,
        maxCount: value.length > MAX_MODIFIER_GROUPS ? MAX_MODIFIER_GROUPS : MAX_MODIFIERS_PER_GROUP,
      },
    );
  }
  const groups: StoredModifierGroup[] = [];
  value.forEach((group, g) => {
    const gAt = `${at}.modifierGroups[${g}]`;
    if (!isObject(group) || !Array.isArray(group.modifiers) || group.modifiers.length === 0) {
      violations.push({
        field: `${gAt}.modifiers`,
        description: 'must list 1 to 25 modifiers',
        violatedRule: 'MIN_SIZE',
      });
      return;
    }
    const name = isObject(group.name) && typeof group.name.original === 'string' ? group.name.original : '';
    groups.push({
      id: typeof group.id === 'string' && group.id ? group.id : randomUUID(),
      name,
      modifiers: group.modifiers.map((m, i) => {
        const mAt = `${gAt}.modifiers[${i}]`;
        const modifier = isObject(m) ? m : {};
        const quantity =
          modifier.quantity === undefined
            ? 1
            : readWholeNumber(modifier.quantity, `${mAt}.quantity`, 1, V2_MAX_LINE_QUANTITY, violations);
        return {
          id: typeof modifier.id === 'string' && modifier.id ? modifier.id : randomUUID(),
          label:
            isObject(modifier.label) && typeof modifier.label.original === 'string'
              ? modifier.label.original
              : '',
          quantity,
          priceCents: readMoneyCents(modifier.price, `${mAt}.price`, violations, false) ?? 0,
        };
      }),
    });
  });
  if (new Set(groups.map((g) => g.id)).size !== groups.length) {
    throw invalid('DUPLICATE_MODIFIER_GROUP_IDS', 'Modifier group ids must be unique within an item', {
      invalidItems: [],
    });
  }
  if (groups.some((g) => new Set(g.modifiers.map((m) => m.id)).size !== g.modifiers.length)) {
    throw invalid('DUPLICATE_ITEM_MODIFIER_IDS', 'Modifier ids must be unique within a group', {
      invalidItems: [],
    });
  }
  return groups;
}

function readCustomItems(value: unknown, violations: FieldViolation[]): StoredCustomLine[] {
  if (value === undefined) return [];
  const items = readList(value, 'customItems', V2_MAX_ADD_ITEMS);
  const lines: StoredCustomLine[] = [];
  items.forEach((raw, index) => {
    const at = `customItems[${index}]`;
    if (!isObject(raw)) {
      violations.push({ field: at, description: 'must be an object', violatedRule: 'FORMAT' });
      return;
    }
    const name = isObject(raw.name) ? raw.name.original : undefined;
    if (typeof name !== 'string' || !name.trim()) violations.push(required(`${at}.name.original`));
    else if (name.length > MAX_NAME_LENGTH) {
      violations.push({
        field: `${at}.name.original`,
        description: `must be at most ${MAX_NAME_LENGTH} characters`,
        violatedRule: 'MAX_LENGTH',
      });
    }
    const quantityInfo = isObject(raw.quantityInfo) ? raw.quantityInfo : {};
    const quantity = readWholeNumber(
      quantityInfo.requestedQuantity,
      `${at}.quantityInfo.requestedQuantity`,
      1,
      V2_MAX_LINE_QUANTITY,
      violations,
    );
    const availableQuantity =
      quantityInfo.availableQuantity === undefined || quantityInfo.availableQuantity === null
        ? undefined
        : readWholeNumber(
            quantityInfo.availableQuantity,
            `${at}.quantityInfo.availableQuantity`,
            0,
            V2_MAX_LINE_QUANTITY,
            violations,
          );
    const pricing = isObject(raw.pricing) ? raw.pricing : {};
    const priceCents = readMoneyCents(pricing.price, `${at}.pricing.price`, violations) ?? 0;
    const fullPriceCents = readMoneyCents(pricing.fullPrice, `${at}.pricing.fullPrice`, violations, false);
    const attributes = isObject(raw.attributes) ? raw.attributes : {};
    const itemType = isObject(attributes.itemType) ? attributes.itemType : undefined;
    const preset = itemType?.preset;
    const customType = itemType?.custom;
    if (preset === undefined && (typeof customType !== 'string' || !customType)) {
      violations.push(required(`${at}.attributes.itemType`));
    } else if (preset !== undefined && !ITEM_TYPE_PRESETS.includes(preset as StoredCustomLine['itemType'])) {
      violations.push({
        field: `${at}.attributes.itemType.preset`,
        description: 'must be PHYSICAL, DIGITAL, GIFT_CARD or SERVICE',
        violatedRule: 'INVALID_ENUM_VALUE',
      });
    }
    const physical = isObject(attributes.physicalProperties) ? attributes.physicalProperties : {};
    const shippable = typeof physical.shippable === 'boolean' ? physical.shippable : preset === 'PHYSICAL';
    const image = isObject(attributes.image) ? structuredClone(attributes.image) : undefined;
    const pageUrl = isObject(attributes.url) ? structuredClone(attributes.url) : undefined;
    const http = (v: unknown) => (typeof v === 'string' && /^https?:\/\//.test(v) ? v : undefined);
    const modifierGroups = readModifierGroups(raw.modifierGroups, at, violations);
    const modifiersCents =
      modifierGroups?.reduce(
        (s, g) => s + g.modifiers.reduce((t, m) => t + m.priceCents * m.quantity, 0),
        0,
      ) ?? 0;
    const paymentConfig = isObject(raw.paymentConfig) ? raw.paymentConfig : {};
    const deposit = readMoneyCents(
      paymentConfig.depositAmount,
      `${at}.paymentConfig.depositAmount`,
      violations,
      false,
    );
    if (deposit !== undefined && deposit > priceCents + modifiersCents) {
      throw invalid(
        'DEPOSIT_AMOUNT_GREATER_THAN_UNIT_PRICE',
        `The deposit of "${String(name)}" is more than its price`,
      );
    }
    const service = isObject(attributes.serviceProperties) ? attributes.serviceProperties : {};
    const descriptionLines = Array.isArray(attributes.descriptionLines)
      ? attributes.descriptionLines.filter(isObject).map((line) => {
          const value = isObject(line.plainText)
            ? line.plainText
            : isObject(line.colorInfo)
              ? line.colorInfo
              : {};
          return {
            name: String(isObject(line.name) ? (line.name.original ?? '') : ''),
            value: String(value.original ?? ''),
          };
        })
      : [];
    lines.push(
      customLine({
        quantity,
        priceCents: priceCents + modifiersCents,
        ...(fullPriceCents !== undefined ? { fullPriceCents: fullPriceCents + modifiersCents } : {}),
        productName: typeof name === 'string' ? name : '',
        itemType:
          (preset as StoredCustomLine['itemType'] | undefined) ?? (shippable ? 'PHYSICAL' : 'SERVICE'),
        ...(typeof customType === 'string' && customType && preset === undefined
          ? { customItemType: customType }
          : {}),
        descriptionLines,
        ...(http(image?.url) ? { media: image?.url as string } : {}),
        ...(http(pageUrl?.url) ? { url: pageUrl?.url as string } : {}),
        ...(typeof physical.weight === 'number' ? { weight: physical.weight } : {}),
        ...(image ? { image } : {}),
        ...(pageUrl ? { pageUrl } : {}),
        ...(availableQuantity !== undefined ? { availableQuantity } : {}),
        ...(quantityInfo.fixedQuantity === true ? { fixedQuantity: true } : {}),
        ...(isObject(pricing.priceDescription) && typeof pricing.priceDescription.original === 'string'
          ? { priceDescription: pricing.priceDescription.original }
          : {}),
        ...(typeof service.scheduledDate === 'string' ? { scheduledDate: service.scheduledDate } : {}),
        ...(modifierGroups?.length ? { modifierGroups } : {}),
      }),
    );
  });
  return lines;
}

/**
 * Reads `catalogItems` and `customItems` against a cart (or none yet): shape and limits (400 validation),
 * unknown catalogue items (400 ITEM_NOT_FOUND_IN_CATALOG), items with no stock at all (428
 * INSUFFICIENT_INVENTORY), and the cart's 300 lines (400 MAX_LINE_ITEMS_EXCEEDED).
 */
function readLineInput(ctx: SandboxContext, body: Json, cart: StoredCart | undefined): LineInput {
  const violations: FieldViolation[] = [];
  const catalogRead = readCatalogItems(body.catalogItems, violations);
  const custom = readCustomItems(body.customItems, violations);
  if (violations.length) throw validationError(violations);
  const notFound: Json[] = [];
  const catalog: CatalogAddition[] = [];
  for (const { ref, quantity, overrides } of catalogRead) {
    const options = isObject(ref.options) ? ref.options : undefined;
    const found = lookUpCatalogItem(ctx, ref.catalogItemId as string, options);
    const catalogReference = {
      appId: ref.appId as string,
      catalogItemId: ref.catalogItemId as string,
      ...(options ? { options: structuredClone(options) } : {}),
    };
    if ('problem' in found) {
      notFound.push({ catalogReference, reason: found.message });
      continue;
    }
    catalog.push({ ...found, quantity, catalogReference, ...(overrides ? { overrides } : {}) });
  }
  if (notFound.length) {
    throw invalid('ITEM_NOT_FOUND_IN_CATALOG', notFound.map((n) => n.reason).join('; '), {
      invalidItems: notFound.map((n) => ({ catalogReference: n.catalogReference })),
    });
  }
  const empty = catalog.filter((a) => stockOf(a.variant) === 0);
  if (empty.length) {
    throw refused(
      'INSUFFICIENT_INVENTORY',
      empty.map((a) => `"${variantName(a.product, a.variant)}" is out of stock`).join('; '),
      {
        invalidItems: empty.map((a) => {
          const there = cart?.lines.find((l) => l.productId === a.product.id && l.variantId === a.variant.id);
          return {
            id: { catalogReference: a.catalogReference },
            requestedQuantity: a.quantity + (there ? requestedOf(there) : 0),
            availableQuantity: 0,
          };
        }),
      },
    );
  }
  const fresh = new Set(
    catalog
      .filter((a) => !cart?.lines.some((l) => l.productId === a.product.id && l.variantId === a.variant.id))
      .map((a) => `${a.product.id}/${a.variant.id}`),
  );
  const count = lineCount(cart) + fresh.size + custom.length;
  if (count > MAX_CART_LINES) {
    throw invalid('MAX_LINE_ITEMS_EXCEEDED', `A cart holds at most ${MAX_CART_LINES} lines`, {
      requestCount: count,
      maxCount: MAX_CART_LINES,
    });
  }
  return { catalog, custom };
}

function applyLineInput(cart: StoredCart, input: LineInput): void {
  addCatalogLines(cart, input.catalog, V2_MAX_LINE_QUANTITY);
  cart.customLines.push(...input.custom);
}

// ——— Cart fields (create and PATCH) ———

const CONTACT_FIELDS = ['firstName', 'lastName', 'phone', 'company', 'vatId'] as const;

/**
 * Reads the settable fields of a partial V2 cart and returns how to apply them. Read-only fields (ids,
 * dates, lines, coupons, gift cards, the delivery method…) are ignored, as the platform ignores them;
 * settings and demo are taken at creation only.
 */
function readCartFields(value: unknown, creating: boolean): (cart: StoredCart) => void {
  if (value === undefined) return () => {};
  if (!isObject(value))
    throw validationError([{ field: 'cart', description: 'must be an object', violatedRule: 'FORMAT' }]);
  const violations: FieldViolation[] = [];
  const note = readText(value.note, 'cart.note', MAX_NOTE_LENGTH, violations);
  const customer = isObject(value.customerInfo) ? value.customerInfo : undefined;
  const email = customer?.email;
  if (email !== undefined && email !== null && (typeof email !== 'string' || !EMAIL.test(email))) {
    violations.push({
      field: 'cart.customerInfo.email',
      description: 'must be an email address',
      violatedRule: 'FORMAT',
    });
  }
  for (const key of ['firstName', 'lastName'] as const)
    readText(customer?.[key], `cart.customerInfo.${key}`, 100, violations);
  const customCheckoutUrl = readText(
    value.customCheckoutUrl,
    'cart.customCheckoutUrl',
    MAX_CUSTOM_CHECKOUT_URL_LENGTH,
    violations,
  );
  if (customCheckoutUrl && !/^https?:\/\//.test(customCheckoutUrl)) {
    violations.push({
      field: 'cart.customCheckoutUrl',
      description: 'must be an http(s) URL',
      violatedRule: 'FORMAT',
    });
  }
  const source = isObject(value.source) ? value.source : undefined;
  const channelType = creating ? source?.channelType : undefined;
  if (
    channelType !== undefined &&
    (typeof channelType !== 'string' || !CHANNEL_TYPES.includes(channelType))
  ) {
    violations.push({
      field: 'cart.source.channelType',
      description: `must be one of ${CHANNEL_TYPES.join(', ')}`,
      violatedRule: 'INVALID_ENUM_VALUE',
    });
  }
  if (violations.length) throw validationError(violations);

  const addressViolations: FieldViolation[] = [];
  const delivery = isObject(value.deliveryInfo) ? value.deliveryInfo : undefined;
  const address = readAddress(delivery?.address ?? undefined, 'cart.deliveryInfo.address', addressViolations);
  const payment = isObject(value.paymentInfo) ? value.paymentInfo : undefined;
  const billingAddress = readAddress(
    payment?.billingAddress ?? undefined,
    'cart.paymentInfo.billingAddress',
    addressViolations,
  );
  if (addressViolations.length) {
    throw invalid(
      'INVALID_ADDRESS_FORMAT',
      addressViolations.map((v) => `"${v.field}" ${v.description}`).join(', '),
      { fieldViolations: addressViolations },
    );
  }
  const business = isObject(value.businessInfo) ? value.businessInfo : undefined;
  const locationId = business?.locationId;
  if (
    locationId !== undefined &&
    locationId !== null &&
    (typeof locationId !== 'string' || !BUSINESS_LOCATION_IDS.includes(locationId))
  ) {
    throw invalid('BUSINESS_LOCATION_NOT_FOUND', `Business location ${String(locationId)} was not found`, {
      locationId,
    });
  }
  const extended = value.extendedFields;
  if (
    extended !== undefined &&
    (!isObject(extended) ||
      (extended.namespaces !== undefined &&
        (!isObject(extended.namespaces) || !Object.values(extended.namespaces).every(isObject))))
  ) {
    throw invalid(
      'DATA_EXTENSION_UPDATE_FAILED',
      'extendedFields.namespaces must map each namespace to an object',
    );
  }
  const settings = creating && isObject(value.settings) ? value.settings : undefined;
  const taxInfo = isObject(value.taxInfo) ? value.taxInfo : undefined;

  return (cart) => {
    if (note !== undefined) cart.buyerNote = note;
    if (customer) {
      const details = isObject(cart.contactInfo?.contactDetails)
        ? { ...cart.contactInfo.contactDetails }
        : {};
      for (const key of CONTACT_FIELDS)
        if (customer[key] !== undefined) details[key] = structuredClone(customer[key]);
      cart.contactInfo = { ...cart.contactInfo, contactDetails: details };
      if (typeof email === 'string') cart.buyerInfo.email = email;
    }
    if (address) cart.contactInfo = { ...cart.contactInfo, address };
    if (payment && (billingAddress || isObject(payment.billingContact))) {
      cart.billing = {
        ...cart.billing,
        ...(billingAddress ? { address: billingAddress } : {}),
        ...(isObject(payment.billingContact) ? { contact: structuredClone(payment.billingContact) } : {}),
      };
    }
    if (typeof locationId === 'string') cart.businessLocationId = locationId;
    if (customCheckoutUrl !== undefined) cart.customCheckoutUrl = customCheckoutUrl;
    if (typeof channelType === 'string') cart.channelType = channelType;
    if (isObject(extended)) cart.extendedFields = structuredClone(extended);
    if (typeof taxInfo?.taxExemptGroupId === 'string') cart.taxExemptGroupId = taxInfo.taxExemptGroupId;
    if (settings) {
      cart.settings = Object.fromEntries(
        ['lockGiftCard', 'lockCouponCode', 'policyAgreementCheckboxDisabled', 'manualPaymentDisabled']
          .filter((k) => typeof settings[k] === 'boolean')
          .map((k) => [k, settings[k] as boolean]),
      );
    }
    if (creating && typeof value.demo === 'boolean') cart.demo = value.demo;
  };
}

// ——— Coupons, delivery, gift cards (shared by create and their own endpoints) ———

function readCode(value: unknown, field: string, min: number, max: number): string {
  if (typeof value !== 'string' || value.trim().length < min || value.length > max) {
    throw validationError([
      value === undefined
        ? required(field)
        : { field, description: `must be a code of ${min} to ${max} characters`, violatedRule: 'MAX_LENGTH' },
    ]);
  }
  return value.trim();
}

/** Applies a coupon by code (CART-V2.md 7): one per cart, known, in date and with its minimum reached. */
function applyCoupon(ctx: SandboxContext, cart: StoredCart, code: string): void {
  if (cart.settings?.lockCouponCode)
    throw refused('COUPON_LOCKED', 'The coupon of this cart cannot be changed');
  const coupon = findCoupon(ctx, code);
  if (cart.couponCode && coupon && cart.couponCode === coupon.code) {
    throw refused('COUPON_ALREADY_EXISTS', `Coupon "${coupon.code}" is already on the cart`, {
      couponCode: coupon.code,
    });
  }
  if (cart.couponCode) {
    throw refused(
      'MAX_COUPONS_PER_CART_EXCEEDED',
      `A cart takes ${MAX_COUPONS} coupon: remove "${cart.couponCode}" first`,
    );
  }
  if (!coupon) throw invalid('INVALID_COUPON_CODE', `Coupon "${code}" does not exist`, { couponCode: code });
  const subtotal = subtotalOf(priceLines(ctx, cart), v2Quantity);
  const problem = couponProblem(ctx, coupon, subtotal);
  if (problem) {
    throw refused(
      'INVALID_COUPON_STATUS',
      problem === 'EXPIRED'
        ? `Coupon "${coupon.code}" has expired`
        : `Coupon "${coupon.code}" needs a higher subtotal`,
      {
        couponCode: coupon.code,
        reason: problem,
        ...(problem === 'MIN_SUBTOTAL_NOT_REACHED'
          ? {
              minSubtotalNotReachedDetails: {
                requiredMinimumSubtotal: {
                  amount: centsToDecimal(coupon.minimumSubtotalCents ?? 0),
                  convertedAmount: centsToDecimal(coupon.minimumSubtotalCents ?? 0),
                },
              },
            }
          : {}),
      },
    );
  }
  cart.couponCode = coupon.code;
}

function readDeliveryMethod(value: unknown): { code: string; appId?: string } {
  if (!isObject(value)) throw validationError([required('deliveryMethod')]);
  const code = readCode(value.code, 'deliveryMethod.code', 1, 100);
  if (value.appId !== undefined && value.appId !== null && typeof value.appId !== 'string') {
    throw validationError([
      { field: 'deliveryMethod.appId', description: 'must be an app id', violatedRule: 'FORMAT' },
    ]);
  }
  return { code, ...(typeof value.appId === 'string' ? { appId: value.appId } : {}) };
}

/** Sets the delivery method: one of the options offered to the cart's delivery address for its items. */
function applyDeliveryMethod(
  ctx: SandboxContext,
  cart: StoredCart,
  method: { code: string; appId?: string },
): void {
  const totals = computeTotals(ctx, cart, { quantityOf: v2Quantity, firstOptionByDefault: false });
  if (!totals.needsShipping) {
    throw refused(
      'DELIVERY_METHOD_MISSING_LINE_ITEMS',
      'Nothing in the cart is delivered: add an item that ships first',
    );
  }
  if (!totals.country) {
    throw refused('DELIVERY_METHOD_MISSING_ADDRESS', 'Set the delivery address (at least the country) first');
  }
  const choice = findShippingChoice(
    shippingOptionsFor(ctx, totals.country, totals.afterDiscountCents),
    method.code,
  );
  if (!choice || (method.appId && method.appId !== choice.carrierId)) {
    throw invalid(
      'DELIVERY_METHOD_NOT_FOUND',
      `Delivery method "${method.code}" is not offered to ${totals.country}`,
      {
        code: method.code,
        ...(method.appId ? { appId: method.appId } : {}),
      },
    );
  }
  cart.selectedShippingOption = { code: method.code, carrierId: choice.carrierId };
}

function readGiftCard(value: unknown, field: string): { code: string; requestedCents?: number } {
  if (!isObject(value)) throw validationError([required(field)]);
  const code = readCode(value.code, `${field}.code`, 8, 20);
  const violations: FieldViolation[] = [];
  const requestedCents = readMoneyCents(value.redeemAmount, `${field}.redeemAmount`, violations, false);
  if (violations.length) throw validationError(violations);
  return { code, ...(requestedCents !== undefined ? { requestedCents } : {}) };
}

function applyGiftCard(
  ctx: SandboxContext,
  cart: StoredCart,
  input: { code: string; requestedCents?: number },
): void {
  if (cart.demo) {
    throw refused(
      'GIFT_CARD_PAYMENT_NOT_SUPPORTED_ON_DEMO_CART',
      'A demo cart cannot be paid with a gift card',
    );
  }
  if (cart.settings?.lockGiftCard)
    throw refused('GIFT_CARD_LOCKED', 'The gift card of this cart cannot be changed');
  const def = findGiftCard(input.code);
  if (cart.giftCard && def && cart.giftCard.code === def.code) {
    throw refused('GIFT_CARD_ALREADY_EXISTS', 'This gift card is already on the cart', {
      giftCardCode: input.code,
    });
  }
  if (cart.giftCard)
    throw refused('MAX_GIFT_CARDS_PER_CART_EXCEEDED', 'A cart takes one gift card: remove the other first');
  if (!def)
    throw invalid('INVALID_GIFT_CARD_CODE', 'This gift card code does not exist', {
      giftCardCode: input.code,
    });
  const balance = giftCardBalance(ctx, def.code);
  if (def.status !== 'ACTIVE' || balance === 0) {
    const reason = def.status === 'ACTIVE' ? 'EMPTY_BALANCE' : def.status;
    throw refused('INVALID_GIFT_CARD_STATUS', `This gift card cannot be used (${reason})`, {
      giftCardCode: input.code,
      reason,
      giftCardId: def.id,
    });
  }
  cart.giftCard = {
    id: randomUUID(),
    code: def.code,
    ...(input.requestedCents !== undefined ? { requestedCents: input.requestedCents } : {}),
  };
}

// ——— The endpoints ———

/**
 * `POST /ecom/v2/carts/current`: a new current cart with its fields, items, coupon, delivery method and
 * gift card, all checked on the new cart before it replaces the caller's current one.
 */
export function createCurrentCart(ctx: SandboxContext, shopper: Shopper, body: Json): StoredCart {
  const apply = readCartFields(body.cart, true);
  const now = nowIso(ctx);
  const draft: StoredCart = {
    id: randomUUID(),
    owner: ownerKey(shopper),
    lines: [],
    customLines: [],
    merchantDiscounts: [],
    buyerInfo: shopper.kind === 'member' ? { memberId: shopper.memberId } : { visitorId: shopper.visitorId },
    createdDate: now,
    updatedDate: now,
    revision: 0,
  };
  applyLineInput(draft, readLineInput(ctx, body, undefined));
  const coupons = body.coupons === undefined ? [] : readList(body.coupons, 'coupons', MAX_COUPONS);
  const giftCards =
    body.giftCards === undefined ? [] : readList(body.giftCards, 'giftCards', MAX_GIFT_CARD_INPUTS);
  const couponCodes = coupons.map((c, i) =>
    readCode(isObject(c) ? c.code : undefined, `coupons[${i}].code`, 1, 50),
  );
  const cards = giftCards.map((g, i) => readGiftCard(g, `giftCards[${i}]`));
  const method = body.deliveryMethod === undefined ? undefined : readDeliveryMethod(body.deliveryMethod);
  apply(draft);
  for (const code of couponCodes) applyCoupon(ctx, draft, code);
  if (method) applyDeliveryMethod(ctx, draft, method);
  for (const card of cards) applyGiftCard(ctx, draft, card);
  const existing = currentCartOf(ctx, shopper);
  if (existing) ctx.state.orderedCarts?.delete(existing.owner);
  ctx.state.carts.set(draft.owner, draft);
  touch(ctx, draft);
  return draft;
}

/** `PATCH /ecom/v2/carts/current` `{cart}`: partial, no field mask (CART-V2.md 8.8). */
export function updateCurrentCartV2(ctx: SandboxContext, shopper: Shopper, body: Json): StoredCart {
  if (!isObject(body.cart)) throw validationError([required('cart')]);
  const cart = changeableCart(ctx, shopper);
  readCartFields(body.cart, false)(cart);
  touch(ctx, cart);
  return cart;
}

/** `POST …/add-line-items`: creates the cart when there is none (or when the current one was ordered). */
export function addLineItemsV2(ctx: SandboxContext, shopper: Shopper, body: Json): StoredCart {
  const open = ctx.state.carts.get(ownerKey(shopper));
  const input = readLineInput(ctx, body, open);
  if (input.catalog.length === 0 && input.custom.length === 0) {
    throw invalid('NO_LINE_ITEMS_TO_ADD', 'Name at least one catalog item or custom item to add');
  }
  const cart = cartForWrite(ctx, shopper);
  applyLineInput(cart, input);
  touch(ctx, cart);
  return cart;
}

function readLineIds(value: unknown, field: string): string[] {
  if (value === undefined) throw validationError([required(field)]);
  const ids = readList(value, field, MAX_LINE_IDS_PER_REQUEST);
  if (ids.length === 0) {
    throw validationError([
      { field, description: 'must list at least one line item id', violatedRule: 'MIN_SIZE' },
    ]);
  }
  const bad = ids.findIndex((id) => typeof id !== 'string' || !id);
  if (bad >= 0)
    throw validationError([
      { field: `${field}[${bad}]`, description: 'must be a line item id', violatedRule: 'FORMAT' },
    ]);
  return ids as string[];
}

export function removeLineItemsV2(ctx: SandboxContext, shopper: Shopper, body: Json): StoredCart {
  const ids = readLineIds(body.lineItemIds, 'lineItemIds');
  const cart = changeableCart(ctx, shopper);
  const unknown = ids.filter((id) => !hasLine(cart, id));
  if (unknown.length) {
    throw invalid('LINE_ITEM_NOT_FOUND_IN_CART', `Not lines of this cart: ${unknown.join(', ')}`, {
      lineItemIds: unknown,
    });
  }
  removeLines(cart, ids);
  touch(ctx, cart);
  return cart;
}

/** `POST …/update-line-items`: `{lineItems: [{lineItemId, quantity: {newQuantity}}]}`. */
export function updateLineItemsV2(ctx: SandboxContext, shopper: Shopper, body: Json): StoredCart {
  if (body.lineItems === undefined) throw validationError([required('lineItems')]);
  const items = readList(body.lineItems, 'lineItems', MAX_LINE_IDS_PER_REQUEST);
  if (items.length === 0) {
    throw validationError([
      { field: 'lineItems', description: 'must list at least one update', violatedRule: 'MIN_SIZE' },
    ]);
  }
  const violations: FieldViolation[] = [];
  const updates: Array<{ id: string; quantity?: number; membership: boolean }> = [];
  items.forEach((item, index) => {
    const at = `lineItems[${index}]`;
    if (!isObject(item) || typeof item.lineItemId !== 'string' || !item.lineItemId) {
      violations.push(required(`${at}.lineItemId`));
      return;
    }
    const quantity = isObject(item.quantity)
      ? readWholeNumber(
          item.quantity.newQuantity,
          `${at}.quantity.newQuantity`,
          1,
          V2_MAX_LINE_QUANTITY,
          violations,
        )
      : undefined;
    const membership =
      (isObject(item.membershipPayment) && Object.keys(item.membershipPayment).length > 0) ||
      (isObject(item.selectedMembership) && isObject(item.selectedMembership.newMembership));
    updates.push({ id: item.lineItemId, ...(quantity !== undefined ? { quantity } : {}), membership });
  });
  if (violations.length) throw validationError(violations);
  const ids = updates.map((u) => u.id);
  const duplicates = [...new Set(ids.filter((id, i) => ids.indexOf(id) !== i))];
  if (duplicates.length) {
    throw invalid('DUPLICATE_LINE_ITEM_UPDATES', `Each line may be updated once: ${duplicates.join(', ')}`, {
      duplicateLineItemIds: duplicates,
    });
  }
  const empty = items
    .filter(
      (item) =>
        isObject(item) &&
        item.quantity === undefined &&
        item.membershipPayment === undefined &&
        item.selectedMembership === undefined,
    )
    .map((item) => (item as Json).lineItemId as string);
  if (empty.length) {
    throw invalid('EMPTY_LINE_ITEM_UPDATES', `Nothing to update on: ${empty.join(', ')}`, {
      lineItemIds: empty,
    });
  }
  const cart = changeableCart(ctx, shopper);
  const unknown = ids.filter((id) => !hasLine(cart, id));
  if (unknown.length) {
    throw invalid('LINE_ITEM_NOT_FOUND_IN_CART', `Not lines of this cart: ${unknown.join(', ')}`, {
      lineItemIds: unknown,
    });
  }
  const gone = updates.filter((u) => {
    const line = cart.lines.find((l) => l.id === u.id);
    return line && !variantOf(ctx, line).variant;
  });
  if (gone.length) {
    throw invalid('ITEM_NOT_FOUND_IN_CATALOG', 'These lines are no longer in the catalogue', {
      invalidItems: gone.map((u) => ({ lineItemId: u.id })),
    });
  }
  const fixed = updates.filter(
    (u) => u.quantity !== undefined && cart.customLines.find((l) => l.id === u.id)?.fixedQuantity,
  );
  if (fixed.length) {
    throw refused('FIXED_QUANTITY_ITEM', 'The quantity of these lines cannot change', {
      invalidItems: fixed.map((u) => ({ lineItemId: u.id })),
    });
  }
  const empties = updates.filter((u) => {
    const line = cart.lines.find((l) => l.id === u.id);
    return u.quantity !== undefined && line && stockOf(variantOf(ctx, line).variant) === 0;
  });
  if (empties.length) {
    throw refused('INSUFFICIENT_INVENTORY', 'These items are out of stock', {
      invalidItems: empties.map((u) => ({
        id: { lineItemId: u.id },
        requestedQuantity: u.quantity,
        availableQuantity: 0,
      })),
    });
  }
  const memberships = updates.filter((u) => u.membership);
  if (memberships.length) {
    throw refused('INVALID_MEMBERSHIP_PAYMENT_OPTION', 'This site sells no memberships to pay with', {
      invalidItems: memberships.map((u) => ({ invalidItemId: { lineItemId: u.id } })),
    });
  }
  for (const update of updates)
    if (update.quantity !== undefined) setLineQuantity(ctx, cart, update.id, update.quantity);
  touch(ctx, cart);
  return cart;
}

export function addCouponV2(ctx: SandboxContext, shopper: Shopper, body: Json): StoredCart {
  if (!isObject(body.coupon)) throw validationError([required('coupon')]);
  const code = readCode(body.coupon.code, 'coupon.code', 1, 50);
  const cart = changeableCart(ctx, shopper);
  applyCoupon(ctx, cart, code);
  touch(ctx, cart);
  return cart;
}

/** `POST …/remove-coupon {couponId}`: by the coupon's id on the cart, never by its code. */
export function removeCouponV2(ctx: SandboxContext, shopper: Shopper, body: Json): StoredCart {
  const couponId = readCode(body.couponId, 'couponId', 1, 100);
  const cart = changeableCart(ctx, shopper);
  if (cart.settings?.lockCouponCode)
    throw refused('COUPON_LOCKED', 'The coupon of this cart cannot be changed');
  const coupon = cart.couponCode ? ctx.state.coupons.find((c) => c.code === cart.couponCode) : undefined;
  if (!coupon || coupon.id !== couponId) {
    throw invalid('COUPON_NOT_FOUND_IN_CART', `Coupon ${couponId} is not on the cart`, { couponId });
  }
  delete cart.couponCode;
  touch(ctx, cart);
  return cart;
}

export function setDeliveryMethodV2(ctx: SandboxContext, shopper: Shopper, body: Json): StoredCart {
  const method = readDeliveryMethod(body.deliveryMethod);
  const cart = changeableCart(ctx, shopper);
  applyDeliveryMethod(ctx, cart, method);
  touch(ctx, cart);
  return cart;
}

export function removeDeliveryMethodV2(ctx: SandboxContext, shopper: Shopper): StoredCart {
  const cart = changeableCart(ctx, shopper);
  delete cart.selectedShippingOption;
  touch(ctx, cart);
  return cart;
}

export function addGiftCardV2(ctx: SandboxContext, shopper: Shopper, body: Json): StoredCart {
  const input = readGiftCard(body.giftCard, 'giftCard');
  const cart = changeableCart(ctx, shopper);
  applyGiftCard(ctx, cart, input);
  touch(ctx, cart);
  return cart;
}

export function removeGiftCardV2(ctx: SandboxContext, shopper: Shopper, body: Json): StoredCart {
  const giftCardId = readCode(body.giftCardId, 'giftCardId', 1, 100);
  const cart = changeableCart(ctx, shopper);
  if (cart.settings?.lockGiftCard)
    throw refused('GIFT_CARD_LOCKED', 'The gift card of this cart cannot be changed');
  if (cart.giftCard?.id !== giftCardId) {
    throw invalid('GIFT_CARD_NOT_FOUND_IN_CART', `Gift card ${giftCardId} is not on the cart`, {
      giftCardId,
    });
  }
  delete cart.giftCard;
  touch(ctx, cart);
  return cart;
}

export function updateFormSubmissionsV2(ctx: SandboxContext, shopper: Shopper, body: Json): StoredCart {
  if (body.formSubmissions === undefined) throw validationError([required('formSubmissions')]);
  const list = readList(body.formSubmissions, 'formSubmissions', MAX_FORM_SUBMISSIONS);
  const violations: FieldViolation[] = [];
  const submissions = list.map((s, i) => {
    const entry = isObject(s) ? s : {};
    if (typeof entry.id !== 'string' || !entry.id) violations.push(required(`formSubmissions[${i}].id`));
    if (typeof entry.formSubmissionId !== 'string' || !entry.formSubmissionId)
      violations.push(required(`formSubmissions[${i}].formSubmissionId`));
    return { id: String(entry.id), formSubmissionId: String(entry.formSubmissionId) };
  });
  if (list.length === 0)
    violations.push({
      field: 'formSubmissions',
      description: 'must list at least one',
      violatedRule: 'MIN_SIZE',
    });
  if (violations.length) throw validationError(violations);
  const cart = changeableCart(ctx, shopper);
  cart.formSubmissions = submissions;
  touch(ctx, cart);
  return cart;
}

function readFlag(body: Json, key: string): boolean {
  const value = body[key];
  if (value === undefined || value === null) return false;
  if (typeof value !== 'boolean')
    throw validationError([{ field: key, description: 'must be true or false', violatedRule: 'FORMAT' }]);
  return value;
}

/** `POST …/calculate`: the full calculation, with a price verification token for place-order. */
export function calculateCurrentCartV2(ctx: SandboxContext, shopper: Shopper, body: Json) {
  readFlag(body, 'refreshCart');
  const cart = changeableCart(ctx, shopper);
  return { cart, summary: cartSummary(ctx, cart, FULL_CALCULATION).summary };
}

/** `POST …/estimate`: only the components asked for (every flag defaults to false). */
export function estimateCurrentCartV2(ctx: SandboxContext, shopper: Shopper, body: Json) {
  readFlag(body, 'refreshCart');
  const config = body.validationConfig;
  if (
    config !== undefined &&
    config !== null &&
    (typeof config !== 'string' || !VALIDATION_CONFIGS.includes(config))
  ) {
    throw validationError([
      {
        field: 'validationConfig',
        description: `must be one of ${VALIDATION_CONFIGS.join(', ')}`,
        violatedRule: 'INVALID_ENUM_VALUE',
      },
    ]);
  }
  const flags: SummaryFlags = {
    delivery: readFlag(body, 'calculateDelivery'),
    tax: readFlag(body, 'calculateTax'),
    additionalFees: readFlag(body, 'calculateAdditionalFees'),
    giftCards: readFlag(body, 'calculateGiftCards'),
    violations: config !== 'SKIP_VALIDATIONS',
    verificationToken: false,
  };
  const cart = changeableCart(ctx, shopper);
  return { cart, summary: cartSummary(ctx, cart, flags).summary };
}

/** `POST …/refresh`: prices and stock are read live on every answer, so there is nothing to change. */
export function refreshCurrentCartV2(ctx: SandboxContext, shopper: Shopper): StoredCart {
  return changeableCart(ctx, shopper);
}

// ——— The Cart service by id ———

/** A cart by id for its owner (or a merchant); another shopper's cart is as unknown as a missing one. */
export function cartForCaller(
  cart: StoredCart | undefined,
  owner: string | undefined,
  cartId: string,
): StoredCart {
  if (!cart || (owner !== undefined && cart.owner !== owner)) {
    throw applicationError(404, 'CART_NOT_FOUND', `Cart ${cartId} was not found`);
  }
  return cart;
}

/**
 * `POST /ecom/v2/carts/{cartId}/place-order`: the order from the cart's own state (delivery address and
 * method, gift card), at the confirmed quantities. A price verification token from /calculate must still
 * match the cart's total.
 */
export function placeCartOrder(ctx: SandboxContext, cart: StoredCart, body: Json) {
  if (cart.orderId) throw alreadyOrdered(cart);
  const token = body.priceVerificationToken;
  if (token !== undefined && token !== null && typeof token !== 'string') {
    throw validationError([
      { field: 'priceVerificationToken', description: 'must be text', violatedRule: 'FORMAT' },
    ]);
  }
  readFlag(body, 'savePaymentMethod');
  readFlag(body, 'delayCapture');
  const priced = priceLines(ctx, cart);
  if (priced.length === 0)
    throw refused('EMPTY_CART', 'The cart is empty: add an item before placing an order');
  const { totals, totalCents, giftCardCents, violations } = cartSummary(ctx, cart, FULL_CALCULATION);
  const outOfStock = totals.lines.filter(({ quantity }) => quantity === 0).map(({ line }) => line.id);
  if (outOfStock.length) {
    throw refused('LINE_ITEMS_OUT_OF_STOCK', 'Some items can no longer be bought: remove them first', {
      lineItemIds: outOfStock,
      allLineItemsOutOfStock: outOfStock.length === priced.length,
    });
  }
  const errors = violations.filter((v) => v.severity === 'ERROR');
  if (errors.length) {
    throw refused('VIOLATIONS_WITH_ERROR_SEVERITY', errors.map((v) => v.description).join('; '), {
      violations: errors,
    });
  }
  if (typeof token === 'string') {
    const read = readVerificationToken(token);
    if (!read || read.cartId !== cart.id) {
      throw invalid(
        'INVALID_PRICE_VERIFICATION_TOKEN',
        'The price verification token is not one of this cart’s',
        { token },
      );
    }
    if (read.totalCents !== totalCents) {
      throw refused(
        'CART_PRICES_OUT_OF_SYNC',
        'The cart’s prices changed since they were calculated: calculate again',
      );
    }
  }
  const checkoutId = checkoutOf(ctx, cart);
  const order = recordOrder(ctx, cart, {
    checkoutId,
    email: cart.buyerInfo.email,
    quantities: new Map(totals.lines.map(({ line, quantity }) => [line.id, quantity])),
    totalCents,
    giftCardCents,
  });
  const payNow = totalCents - giftCardCents;
  return {
    orderId: order.id,
    ...(payNow > 0 ? { paymentGatewayOrderId: `sandbox-${order.number}` } : {}),
    completed: true,
  };
}

/** A checkout of the cart as it stands (the hosted checkout page reads it). */
function checkoutOf(ctx: SandboxContext, cart: StoredCart): string {
  const address = isObject(cart.contactInfo?.address) ? cart.contactInfo.address : undefined;
  return openCheckout(ctx, cart, {
    channelType: cart.channelType ?? 'WEB',
    ...(cart.buyerInfo.email ? { email: cart.buyerInfo.email } : {}),
    ...(address ? { shippingAddress: structuredClone(address) } : {}),
    ...(cart.billing?.address ? { billingAddress: structuredClone(cart.billing.address) } : {}),
    ...(cart.selectedShippingOption ? { selectedShippingOption: { ...cart.selectedShippingOption } } : {}),
  });
}

/**
 * `POST /ecom/v2/carts/{cartId}/get-checkout-url`: the cart's `customCheckoutUrl` (with `{checkout_id}`
 * replaced by the cart id) when it has one, else the platform's hosted checkout page for the cart — the
 * same page v1's checkouts open through an `ecomCheckout` redirect session. With no callbacks to take, that
 * page leads back to the site's pages of the calling OAuth client (`OAuthClient.siteUrls`).
 */
export function checkoutUrlOf(
  ctx: SandboxContext,
  cart: StoredCart,
  body: Json,
  clientId?: string,
): { checkoutUrl: string } {
  if (
    body.currencyCode !== undefined &&
    (typeof body.currencyCode !== 'string' || !/^[A-Z]{3}$/.test(body.currencyCode))
  ) {
    throw validationError([
      { field: 'currencyCode', description: 'must be a 3-letter ISO 4217 code', violatedRule: 'FORMAT' },
    ]);
  }
  if (cart.orderId) throw alreadyOrdered(cart);
  if (cart.customCheckoutUrl)
    return { checkoutUrl: cart.customCheckoutUrl.replaceAll('{checkout_id}', cart.id) };
  const checkoutId = checkoutOf(ctx, cart);
  touch(ctx, cart);
  const session = {
    id: randomUUID(),
    intent: 'ecomCheckout',
    request: { ecomCheckout: { checkoutId } },
    owner: cart.owner,
    // The page leads back to the site's pages of the client that asked (`siteUrls`): V2 takes no callbacks.
    ...(clientId ? { clientId } : {}),
    createdDate: nowIso(ctx),
  };
  ctx.state.redirectSessions.set(session.id, session);
  return { checkoutUrl: `${ctx.publicUrl}/_hosted/checkout?session=${encodeURIComponent(session.id)}` };
}

/** `GET …/upsell-options` (runtime-only in the SDK): the sandbox's catalogue suggests nothing. */
export function upsellOptionsOf(ctx: SandboxContext, shopper: Shopper) {
  const cart = requireCurrentCart(ctx, shopper);
  return {
    itemsUpsells: [...cart.lines, ...cart.customLines].map((line) => ({ lineItemId: line.id, upsells: [] })),
  };
}
