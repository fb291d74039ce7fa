import type { FieldViolation } from '../../../src/api/types/errors';
import type { SandboxContext } from '../../context';
import { applicationError, validationError } from '../../errors';
import { toCents } from '../../money';
import type { StoredCustomLine } from '../../state';
import { checkCatalogReference, readList } from '../input';
import { ITEM_TYPE_PRESETS, V1_MAX_LINE_QUANTITY } from '../limits';
import { type CatalogAddition, customLine, isObject, lookUpCatalogItem } from '../model';

/** Reading v1's line input: `lineItems` (catalogue items) and `customLineItems`, all checked before use. */

/** A v1 decimal amount: at least 0, at most two decimals (`"9.99"`). */
export const DECIMAL = /^\d+(\.\d{1,2})?$/;

export function readQuantity(value: unknown, field: string, violations: FieldViolation[]): number {
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

/** Reads `lineItems` of an add request; everything is checked before anything changes. */
export function readLineItems(ctx: SandboxContext, value: unknown, maxSize: number): CatalogAddition[] {
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
  return requests.map(({ ref, quantity }) => lookUpAddition(ctx, ref, quantity));
}

/** The catalogue item a checked reference names; one that is not sold is the platform's v1 error. */
function lookUpAddition(
  ctx: SandboxContext,
  ref: Record<string, unknown>,
  quantity: number,
): CatalogAddition {
  const options = isObject(ref.options) ? ref.options : undefined;
  const found = lookUpCatalogItem(ctx, ref.catalogItemId as string, options);
  if ('problem' in found) {
    if (found.problem === 'NO_PRODUCT') throw applicationError(404, 'CATALOG_ITEM_NOT_FOUND', found.message);
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
}

/** Reads `customLineItems`: items the site prices itself, each checked before any is kept. */
export function readCustomLineItems(value: unknown, maxSize: number): StoredCustomLine[] {
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
    lines.push(readCustomLineItem(item, at, violations));
  });
  if (violations.length) throw validationError(violations);
  return lines;
}

function readCustomLineItem(
  item: Record<string, unknown>,
  at: string,
  violations: FieldViolation[],
): StoredCustomLine {
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
  return customLine({
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
  });
}
