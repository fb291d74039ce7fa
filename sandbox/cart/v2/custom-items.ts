import { randomUUID } from 'node:crypto';
import type { FieldViolation } from '../../../src/api/types/errors';
import type { StoredCustomLine } from '../../state';
import { readList } from '../input';
import {
  ITEM_TYPE_PRESETS,
  MAX_MODIFIER_GROUPS,
  MAX_MODIFIERS_PER_GROUP,
  MAX_NAME_LENGTH,
  V2_MAX_ADD_ITEMS,
  V2_MAX_LINE_QUANTITY,
} from '../limits';
import { customLine, isObject, type StoredModifierGroup } from '../model';
import { invalid } from './errors';
import { type Json, readMoneyCents, readWholeNumber, required } from './read';

/**
 * V2's `customItems`: items the site prices itself (CART-V2.md 5), with their quantity limits, modifiers,
 * deposit and attributes. Violations are collected for the caller to throw with the catalogue items'.
 */

export function readCustomItems(value: unknown, violations: FieldViolation[]): StoredCustomLine[] {
  if (value === undefined) return [];
  const items = readList(value, 'customItems', V2_MAX_ADD_ITEMS);
  const lines: StoredCustomLine[] = [];
  items.forEach((raw, index) => {
    const at = `customItems[${index}]`;
    if (!isObject(raw)) {
      violations.push({ field: at, description: 'must be an object', violatedRule: 'FORMAT' });
      return;
    }
    lines.push(readCustomItem(raw, at, violations));
  });
  return lines;
}

function readCustomItem(raw: Json, at: string, violations: FieldViolation[]): StoredCustomLine {
  const name = readItemName(raw.name, at, violations);
  const quantityInfo = isObject(raw.quantityInfo) ? raw.quantityInfo : {};
  const { quantity, availableQuantity } = readQuantityInfo(quantityInfo, at, violations);
  const pricing = isObject(raw.pricing) ? raw.pricing : {};
  const priceCents = readMoneyCents(pricing.price, `${at}.pricing.price`, violations) ?? 0;
  const fullPriceCents = readMoneyCents(pricing.fullPrice, `${at}.pricing.fullPrice`, violations, false);
  const attributes = isObject(raw.attributes) ? raw.attributes : {};
  const { preset, customType } = readItemType(attributes.itemType, at, violations);
  const physical = isObject(attributes.physicalProperties) ? attributes.physicalProperties : {};
  const shippable = typeof physical.shippable === 'boolean' ? physical.shippable : preset === 'PHYSICAL';
  const image = isObject(attributes.image) ? structuredClone(attributes.image) : undefined;
  const pageUrl = isObject(attributes.url) ? structuredClone(attributes.url) : undefined;
  const modifierGroups = readModifierGroups(raw.modifierGroups, at, violations);
  // Modifiers are priced into the unit price, as the platform's line shows them.
  const modifiersCents = modifiersCentsOf(modifierGroups);
  checkDeposit(raw.paymentConfig, at, name, priceCents + modifiersCents, violations);
  const service = isObject(attributes.serviceProperties) ? attributes.serviceProperties : {};
  return customLine({
    quantity,
    priceCents: priceCents + modifiersCents,
    ...(fullPriceCents !== undefined ? { fullPriceCents: fullPriceCents + modifiersCents } : {}),
    productName: typeof name === 'string' ? name : '',
    itemType: (preset as StoredCustomLine['itemType'] | undefined) ?? (shippable ? 'PHYSICAL' : 'SERVICE'),
    ...(typeof customType === 'string' && customType && preset === undefined
      ? { customItemType: customType }
      : {}),
    descriptionLines: readDescriptionLines(attributes.descriptionLines),
    ...(httpUrl(image?.url) ? { media: image?.url as string } : {}),
    ...(httpUrl(pageUrl?.url) ? { url: pageUrl?.url as string } : {}),
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
  });
}

const httpUrl = (v: unknown) => (typeof v === 'string' && /^https?:\/\//.test(v) ? v : undefined);

/** `name.original`: required, of at most MAX_NAME_LENGTH characters. Returned as sent. */
function readItemName(value: unknown, at: string, violations: FieldViolation[]): unknown {
  const name = isObject(value) ? value.original : undefined;
  if (typeof name !== 'string' || !name.trim()) violations.push(required(`${at}.name.original`));
  else if (name.length > MAX_NAME_LENGTH) {
    violations.push({
      field: `${at}.name.original`,
      description: `must be at most ${MAX_NAME_LENGTH} characters`,
      violatedRule: 'MAX_LENGTH',
    });
  }
  return name;
}

/** The quantity asked for, and the quantity the site says is left (none: not limited). */
function readQuantityInfo(quantityInfo: Json, at: string, violations: FieldViolation[]) {
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
  return { quantity, availableQuantity };
}

/** `attributes.itemType`: a preset, or a custom type of the site's own naming. */
function readItemType(value: unknown, at: string, violations: FieldViolation[]) {
  const itemType = isObject(value) ? value : undefined;
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
  return { preset, customType };
}

const modifiersCentsOf = (groups: StoredModifierGroup[] | undefined) =>
  groups?.reduce((s, g) => s + g.modifiers.reduce((t, m) => t + m.priceCents * m.quantity, 0), 0) ?? 0;

/** A deposit (`paymentConfig.depositAmount`) may not be more than the item's unit price with its modifiers. */
function checkDeposit(
  value: unknown,
  at: string,
  name: unknown,
  unitCents: number,
  violations: FieldViolation[],
): void {
  const paymentConfig = isObject(value) ? value : {};
  const deposit = readMoneyCents(
    paymentConfig.depositAmount,
    `${at}.paymentConfig.depositAmount`,
    violations,
    false,
  );
  if (deposit !== undefined && deposit > unitCents) {
    throw invalid(
      'DEPOSIT_AMOUNT_GREATER_THAN_UNIT_PRICE',
      `The deposit of "${String(name)}" is more than its price`,
    );
  }
}

/** `attributes.descriptionLines`: name and text (plain or a colour), kept as text. */
function readDescriptionLines(value: unknown): StoredCustomLine['descriptionLines'] {
  if (!Array.isArray(value)) return [];
  return value.filter(isObject).map((line) => {
    const text = isObject(line.plainText) ? line.plainText : isObject(line.colorInfo) ? line.colorInfo : {};
    return {
      name: String(isObject(line.name) ? (line.name.original ?? '') : ''),
      value: String(text.original ?? ''),
    };
  });
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
  checkModifierCounts(value);
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
      modifiers: group.modifiers.map((m, i) => readModifier(m, `${gAt}.modifiers[${i}]`, violations)),
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

/** Too many groups, or a group with too many modifiers, is one error with the count that went over. */
function checkModifierCounts(groups: unknown[]): void {
  const count = groups.reduce(
    (n: number, g) => n + (isObject(g) && Array.isArray(g.modifiers) ? g.modifiers.length : 0),
    0,
  );
  if (
    groups.length > MAX_MODIFIER_GROUPS ||
    groups.some(
      (g) => isObject(g) && Array.isArray(g.modifiers) && g.modifiers.length > MAX_MODIFIERS_PER_GROUP,
    )
  ) {
    throw invalid(
      'MAX_ITEM_MODIFIERS_EXCEEDED',
      `An item takes at most ${MAX_MODIFIER_GROUPS} modifier groups of at most ${MAX_MODIFIERS_PER_GROUP} modifiers`,
      {
        requestCount: groups.length > MAX_MODIFIER_GROUPS ? groups.length : count,
        maxCount: groups.length > MAX_MODIFIER_GROUPS ? MAX_MODIFIER_GROUPS : MAX_MODIFIERS_PER_GROUP,
      },
    );
  }
}

function readModifier(value: unknown, at: string, violations: FieldViolation[]) {
  const modifier = isObject(value) ? value : {};
  const quantity =
    modifier.quantity === undefined
      ? 1
      : readWholeNumber(modifier.quantity, `${at}.quantity`, 1, V2_MAX_LINE_QUANTITY, violations);
  return {
    id: typeof modifier.id === 'string' && modifier.id ? modifier.id : randomUUID(),
    label:
      isObject(modifier.label) && typeof modifier.label.original === 'string' ? modifier.label.original : '',
    quantity,
    priceCents: readMoneyCents(modifier.price, `${at}.price`, violations, false) ?? 0,
  };
}
