import type { FieldViolation } from '../../../src/api/types/errors';
import type { SandboxContext } from '../../context';
import { applicationError, validationError } from '../../errors';
import type { StoredCart } from '../../state';
import { variantName } from '../choices';
import { readList } from '../input';
import { MAX_CART_LINES, MAX_LINE_IDS_PER_REQUEST, V1_MAX_ADD_ITEMS, V1_MAX_LINE_QUANTITY } from '../limits';
import {
  addCatalogLines,
  type CatalogAddition,
  cartForWrite,
  hasLine,
  isObject,
  lineCount,
  ownerKey,
  removeLines,
  requireCart,
  type Shopper,
  setLineQuantity,
  stockOf,
  touch,
} from '../model';
import { readCustomLineItems, readLineItems, readQuantity } from './line-input';

/** v1's line changes: add to cart, change quantities, remove lines. */

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
