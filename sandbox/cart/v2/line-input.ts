import type { FieldViolation } from '../../../src/api/types/errors';
import type { SandboxContext } from '../../context';
import { validationError } from '../../errors';
import type { StoredCart, StoredCustomLine } from '../../state';
import { variantName } from '../choices';
import { checkCatalogReference, readList } from '../input';
import { MAX_CART_LINES, V2_MAX_ADD_ITEMS, V2_MAX_LINE_QUANTITY } from '../limits';
import {
  addCatalogLines,
  type CatalogAddition,
  isObject,
  lineCount,
  lookUpCatalogItem,
  requestedOf,
  stockOf,
} from '../model';
import { readCustomItems } from './custom-items';
import { invalid, refused } from './errors';
import { type Json, readWholeNumber, required } from './read';

/** V2's line input (`catalogItems` and `customItems`), shared by create and add-line-items. */

export interface LineInput {
  catalog: CatalogAddition[];
  custom: StoredCustomLine[];
}

/** A catalogue item as the request names it, checked for shape only. */
interface CatalogRequest {
  ref: Json;
  quantity: number;
  overrides?: Json;
}

function readCatalogItems(value: unknown, violations: FieldViolation[]): CatalogRequest[] {
  if (value === undefined) return [];
  const items = readList(value, 'catalogItems', V2_MAX_ADD_ITEMS);
  const read: CatalogRequest[] = [];
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

/**
 * Reads `catalogItems` and `customItems` against a cart (or none yet): shape and limits (400 validation),
 * unknown catalogue items (400 ITEM_NOT_FOUND_IN_CATALOG), items with no stock at all (428
 * INSUFFICIENT_INVENTORY), and the cart's 300 lines (400 MAX_LINE_ITEMS_EXCEEDED).
 */
export function readLineInput(ctx: SandboxContext, body: Json, cart: StoredCart | undefined): LineInput {
  const violations: FieldViolation[] = [];
  const catalogRead = readCatalogItems(body.catalogItems, violations);
  const custom = readCustomItems(body.customItems, violations);
  if (violations.length) throw validationError(violations);
  const catalog = lookUpCatalogItems(ctx, catalogRead);
  checkInStock(catalog, cart);
  checkLineLimit(cart, catalog, custom);
  return { catalog, custom };
}

/** The catalogue items the requests name; any that is not sold makes one 400 naming them all. */
function lookUpCatalogItems(ctx: SandboxContext, requests: CatalogRequest[]): CatalogAddition[] {
  const notFound: Json[] = [];
  const catalog: CatalogAddition[] = [];
  for (const { ref, quantity, overrides } of requests) {
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
  return catalog;
}

/** Items with no stock at all are refused, with what the cart would then have asked for of each. */
function checkInStock(catalog: CatalogAddition[], cart: StoredCart | undefined): void {
  const empty = catalog.filter((a) => stockOf(a.variant) === 0);
  if (!empty.length) return;
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

/** The lines the cart would hold (a variant already there adds up on its line) against MAX_CART_LINES. */
function checkLineLimit(
  cart: StoredCart | undefined,
  catalog: CatalogAddition[],
  custom: StoredCustomLine[],
): void {
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
}

export function applyLineInput(cart: StoredCart, input: LineInput): void {
  addCatalogLines(cart, input.catalog, V2_MAX_LINE_QUANTITY);
  cart.customLines.push(...input.custom);
}
