import type { FieldViolation } from '../../../src/api/types/errors';
import { validationError } from '../../errors';
import type { StoredCart } from '../../state';
import { BUSINESS_LOCATION_IDS } from '../fixtures';
import { EMAIL, readAddress } from '../input';
import { CHANNEL_TYPES, MAX_CUSTOM_CHECKOUT_URL_LENGTH, MAX_NOTE_LENGTH } from '../limits';
import { isObject } from '../model';
import { invalid } from './errors';
import { type Json, readText } from './read';

/** The settable fields of a V2 cart (create and PATCH), read in full before any is applied. */

const CONTACT_FIELDS = ['firstName', 'lastName', 'phone', 'company', 'vatId'] as const;

/** What a partial cart sets, checked; applied by `applyCartFields`. */
interface CartFields {
  note?: string;
  customer?: Json;
  customCheckoutUrl?: string;
  channelType?: unknown;
  address?: Json;
  payment?: Json;
  billingAddress?: Json;
  locationId?: unknown;
  extended?: unknown;
  settings?: Json;
  taxInfo?: Json;
  demo?: unknown;
}

/**
 * Reads the settable fields of a partial V2 cart and returns how to apply them. Read-only fields (ids,
 * dates, lines, coupons, gift cards, the delivery method…) are ignored, as the platform ignores them;
 * settings and demo are taken at creation only. The checks run in the platform's order: field violations
 * (400 validation), then addresses, the business location and extended fields (each its own error).
 */
export function readCartFields(value: unknown, creating: boolean): (cart: StoredCart) => void {
  if (value === undefined) return () => {};
  if (!isObject(value))
    throw validationError([{ field: 'cart', description: 'must be an object', violatedRule: 'FORMAT' }]);
  const fields: CartFields = {
    ...readCartDetails(value, creating),
    ...readCartAddresses(value),
    locationId: readBusinessLocationId(value.businessInfo),
    extended: readExtendedFields(value.extendedFields),
    settings: creating && isObject(value.settings) ? value.settings : undefined,
    taxInfo: isObject(value.taxInfo) ? value.taxInfo : undefined,
    demo: creating ? value.demo : undefined,
  };
  return (cart) => applyCartFields(cart, fields);
}

/** The note, customer, custom checkout URL and (at creation) channel: a 400 with every violation. */
function readCartDetails(value: Json, creating: boolean) {
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
  return { note, customer, customCheckoutUrl, channelType };
}

/** The delivery and billing addresses: malformed ones are one INVALID_ADDRESS_FORMAT naming each field. */
function readCartAddresses(value: Json) {
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
  return { address, payment, billingAddress };
}

function readBusinessLocationId(value: unknown): unknown {
  const business = isObject(value) ? value : undefined;
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
  return locationId;
}

/** `extendedFields`: an object whose `namespaces` map each namespace to an object. */
function readExtendedFields(extended: unknown): unknown {
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
  return extended;
}

function applyCartFields(cart: StoredCart, fields: CartFields): void {
  const { customer, address, payment, billingAddress, locationId, extended, settings, taxInfo } = fields;
  if (fields.note !== undefined) cart.buyerNote = fields.note;
  if (customer) {
    const details = isObject(cart.contactInfo?.contactDetails) ? { ...cart.contactInfo.contactDetails } : {};
    for (const key of CONTACT_FIELDS)
      if (customer[key] !== undefined) details[key] = structuredClone(customer[key]);
    cart.contactInfo = { ...cart.contactInfo, contactDetails: details };
    if (typeof customer.email === 'string') cart.buyerInfo.email = customer.email;
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
  if (fields.customCheckoutUrl !== undefined) cart.customCheckoutUrl = fields.customCheckoutUrl;
  if (typeof fields.channelType === 'string') cart.channelType = fields.channelType;
  if (isObject(extended)) cart.extendedFields = structuredClone(extended);
  if (typeof taxInfo?.taxExemptGroupId === 'string') cart.taxExemptGroupId = taxInfo.taxExemptGroupId;
  if (settings) {
    cart.settings = Object.fromEntries(
      ['lockGiftCard', 'lockCouponCode', 'policyAgreementCheckboxDisabled', 'manualPaymentDisabled']
        .filter((k) => typeof settings[k] === 'boolean')
        .map((k) => [k, settings[k] as boolean]),
    );
  }
  if (typeof fields.demo === 'boolean') cart.demo = fields.demo;
}
