import type { SandboxContext } from '../../context';
import { validationError } from '../../errors';
import type { StoredCart } from '../../state';
import { isObject, type Shopper, touch } from '../model';
import { computeTotals, findShippingChoice, shippingOptionsFor, v2Quantity } from '../pricing';
import { changeableCart } from './carts';
import { invalid, refused } from './errors';
import { type Json, readCode, required } from './read';

/** The V2 delivery method: one of the options offered to the cart's delivery address, set and removed. */

export function readDeliveryMethod(value: unknown): { code: string; appId?: string } {
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
export function applyDeliveryMethod(
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
