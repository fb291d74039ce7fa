import type { DeliverySolution, GetDeliverySolutionsResponse } from '../../src/api/types/delivery';
import type { FieldViolation } from '../../src/api/types/errors';
import type { SandboxContext } from '../context';
import { applicationError, validationError } from '../errors';
import { toCents } from '../money';
import { readAddress } from './input';
import {
  MAX_DELIVERABLE_ITEMS,
  MAX_DELIVERABLE_QUANTITY,
  MAX_DELIVERY_EXTERNAL_REFERENCES,
  MAX_DELIVERY_PREFERENCES,
  WEIGHT_UNITS,
} from './limits';
import { isObject } from './model';
import { addressCountry, logisticsOf, type ShippingChoice, shippingOptionsFor } from './pricing';
import { money } from './v1/view';

/**
 * Delivery solutions (`wix.ecom.deliveryprofile.v1.DeliveryRates.GetDeliverySolutions`): the options v1's
 * estimate offers to the destination's country (`shippingOptionsFor`: the same options, codes, carriers,
 * time slots, pickup address and free-shipping thresholds), priced for the request's own items. The codes
 * are the ones Cart V2's `set-delivery-method` takes.
 */

type Json = Record<string, unknown>;

/** `@decimalValue {gte: 0}`: a decimal string such as `"19.99"`. */
const DECIMAL = /^\d+(\.\d+)?$/;

interface DeliverableItem {
  /** The line's price after discounts, in cents: what a free-shipping threshold counts. */
  totalCents: number;
  shippable: boolean;
}

const violation = (
  field: string,
  description: string,
  violatedRule: FieldViolation['violatedRule'],
  data?: Json,
): FieldViolation => ({ field, description, violatedRule, ...(data ? { data } : {}) });

const required = (field: string) => violation(field, 'is required', 'REQUIRED_FIELD');

/** A list of `min`–`max` entries (undefined when it is not one, its violation collected). */
function readSizedList(
  value: unknown,
  field: string,
  size: { min?: number; max: number },
  violations: FieldViolation[],
): unknown[] | undefined {
  if (!Array.isArray(value)) {
    violations.push(violation(field, 'must be a list', 'FORMAT'));
    return undefined;
  }
  const min = size.min ?? 0;
  if (value.length < min) {
    violations.push(
      violation(field, `must list at least ${min} item${min === 1 ? '' : 's'}`, 'MIN_SIZE', {
        threshold: min,
      }),
    );
    return undefined;
  }
  if (value.length > size.max) {
    violations.push(
      violation(field, `must list at most ${size.max} items`, 'MAX_SIZE', { threshold: size.max }),
    );
    return undefined;
  }
  return value;
}

function readDecimalCents(value: unknown, field: string, violations: FieldViolation[]): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string' && DECIMAL.test(value)) return toCents(value);
  violations.push(
    violation(field, 'must be a decimal amount of at least 0, such as "9.99"', 'DECIMAL_GTE', {
      threshold: 0,
    }),
  );
  return undefined;
}

function readItem(value: unknown, at: string, violations: FieldViolation[]): DeliverableItem {
  if (!isObject(value)) {
    violations.push(violation(at, 'must be an object', 'FORMAT'));
    return { totalCents: 0, shippable: false };
  }
  if (
    value.id !== undefined &&
    (typeof value.id !== 'string' || value.id.length < 1 || value.id.length > 100)
  ) {
    violations.push(violation(`${at}.id`, 'must be text of 1 to 100 characters', 'MAX_LENGTH'));
  }
  let quantity = 1;
  if (value.quantity !== undefined) {
    const q = value.quantity;
    if (typeof q !== 'number' || !Number.isInteger(q) || q < 1 || q > MAX_DELIVERABLE_QUANTITY) {
      violations.push(
        violation(`${at}.quantity`, `must be a whole number from 1 to ${MAX_DELIVERABLE_QUANTITY}`, 'MAX', {
          threshold: MAX_DELIVERABLE_QUANTITY,
        }),
      );
    } else quantity = q;
  }
  const total = readDecimalCents(value.totalPrice, `${at}.totalPrice`, violations);
  const unit = readDecimalCents(value.price, `${at}.price`, violations);
  const physical = value.physicalProperties;
  if (physical !== undefined && !isObject(physical)) {
    violations.push(violation(`${at}.physicalProperties`, 'must be an object', 'FORMAT'));
  }
  return {
    totalCents: total ?? (unit ?? 0) * quantity,
    shippable: !(isObject(physical) && physical.shippable === false),
  };
}

function readRequest(ctx: SandboxContext, body: Json) {
  const violations: FieldViolation[] = [];
  let items: DeliverableItem[] = [];
  if (body.lineItems === undefined || body.lineItems === null) violations.push(required('lineItems'));
  else {
    const list = readSizedList(
      body.lineItems,
      'lineItems',
      { min: 1, max: MAX_DELIVERABLE_ITEMS },
      violations,
    );
    items = (list ?? []).map((item, index) => readItem(item, `lineItems[${index}]`, violations));
  }
  if (body.destination === undefined || body.destination === null) violations.push(required('destination'));
  const destination = readAddress(body.destination ?? undefined, 'destination', violations);
  readAddress(body.origin ?? undefined, 'origin', violations);

  const currency = body.currency;
  const siteCurrency = ctx.state.store.currency;
  if (currency === undefined || currency === null) violations.push(required('currency'));
  else if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency)) {
    violations.push(violation('currency', 'must be a 3-letter ISO 4217 code such as "USD"', 'FORMAT'));
  } else if (currency !== siteCurrency) {
    violations.push(
      violation(
        'currency',
        `must be the site's currency, ${siteCurrency} (the sandbox converts no money)`,
        'VALIDATION',
      ),
    );
  }
  if (body.weightUnit !== undefined && !WEIGHT_UNITS.includes(body.weightUnit as string)) {
    violations.push(
      violation('weightUnit', `must be one of ${WEIGHT_UNITS.join(', ')}`, 'INVALID_ENUM_VALUE'),
    );
  }
  if (body.userPreferences !== undefined) {
    readSizedList(body.userPreferences, 'userPreferences', { max: MAX_DELIVERY_PREFERENCES }, violations);
  }
  if (body.externalReferences !== undefined) {
    readSizedList(
      body.externalReferences,
      'externalReferences',
      { max: MAX_DELIVERY_EXTERNAL_REFERENCES },
      violations,
    );
  }
  if (violations.length) throw validationError(violations);
  return { items, country: addressCountry(destination), currency: siteCurrency };
}

function solutionOf(choice: ShippingChoice, currency: string): DeliverySolution {
  const price = money(choice.costCents, currency);
  return {
    code: choice.code,
    deliveryReference: { code: choice.code, appId: choice.carrierId },
    title: choice.title,
    logistics: logisticsOf(choice),
    cost: { price: price.amount as string, currency, deliveryPrice: price, additionalCosts: [] },
    deliveryAllocations: [{ deliveryCarrier: { appId: choice.carrierId, code: choice.code } }],
    partial: false,
  };
}

/**
 * The solutions for a request: one an option offered to `destination.country`, each priced for the items'
 * total after discounts (their `totalPrice`, else `price × quantity`), as v1 prices a cart of those items.
 * Nothing to ship (every item `shippable: false`) or a country no option serves: no solutions. A destination
 * without a country: 400 `REQUIRED_COUNTRY`.
 */
export function deliverySolutionsFor(ctx: SandboxContext, body: Json): GetDeliverySolutionsResponse {
  const { items, country, currency } = readRequest(ctx, body);
  if (!country) {
    throw applicationError(
      400,
      'REQUIRED_COUNTRY',
      'The destination needs a country to find delivery options',
    );
  }
  if (!items.some((item) => item.shippable)) return { deliverySolutions: [], errors: [] };
  const subtotalCents = items.reduce((sum, item) => sum + item.totalCents, 0);
  return {
    deliverySolutions: shippingOptionsFor(ctx, country, subtotalCents).map((c) => solutionOf(c, currency)),
    errors: [],
  };
}
