import type { FieldViolation } from '../../../src/api/types/errors';
import type { SandboxContext } from '../../context';
import { validationError } from '../../errors';
import type { StoredCart } from '../../state';
import { readList } from '../input';
import { MAX_LINE_IDS_PER_REQUEST, V2_MAX_LINE_QUANTITY } from '../limits';
import {
  cartForWrite,
  hasLine,
  isObject,
  ownerKey,
  removeLines,
  type Shopper,
  setLineQuantity,
  stockOf,
  touch,
  variantOf,
} from '../model';
import { changeableCart } from './carts';
import { invalid, refused } from './errors';
import { applyLineInput, readLineInput } from './line-input';
import { type Json, readLineIds, readWholeNumber, required } from './read';

/** V2's line changes: add-line-items, remove-line-items and update-line-items. */

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

/** One line's update as asked: a new quantity, and whether it asks to pay with a membership. */
interface LineUpdate {
  id: string;
  quantity?: number;
  membership: boolean;
}

/** `POST …/update-line-items`: `{lineItems: [{lineItemId, quantity: {newQuantity}}]}`. */
export function updateLineItemsV2(ctx: SandboxContext, shopper: Shopper, body: Json): StoredCart {
  const { items, updates } = readLineUpdates(body.lineItems);
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
  checkUpdatesApply(ctx, cart, updates);
  for (const update of updates)
    if (update.quantity !== undefined) setLineQuantity(ctx, cart, update.id, update.quantity);
  touch(ctx, cart);
  return cart;
}

/** The updates' shape: a list of 1 to MAX_LINE_IDS_PER_REQUEST, each naming its line. */
function readLineUpdates(value: unknown): { items: unknown[]; updates: LineUpdate[] } {
  if (value === undefined) throw validationError([required('lineItems')]);
  const items = readList(value, 'lineItems', MAX_LINE_IDS_PER_REQUEST);
  if (items.length === 0) {
    throw validationError([
      { field: 'lineItems', description: 'must list at least one update', violatedRule: 'MIN_SIZE' },
    ]);
  }
  const violations: FieldViolation[] = [];
  const updates: LineUpdate[] = [];
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
  return { items, updates };
}

/**
 * What the cart refuses of the updates, in the platform's order: lines it does not hold, lines whose item
 * left the catalogue, fixed quantities, items out of stock, and membership payments (the sandbox sells none).
 */
function checkUpdatesApply(ctx: SandboxContext, cart: StoredCart, updates: LineUpdate[]): void {
  const unknown = updates.map((u) => u.id).filter((id) => !hasLine(cart, id));
  if (unknown.length) {
    throw invalid('LINE_ITEM_NOT_FOUND_IN_CART', `Not lines of this cart: ${unknown.join(', ')}`, {
      lineItemIds: unknown,
    });
  }
  const catalogLine = (u: LineUpdate) => cart.lines.find((l) => l.id === u.id);
  const gone = updates.filter((u) => {
    const line = catalogLine(u);
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
    const line = catalogLine(u);
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
}
