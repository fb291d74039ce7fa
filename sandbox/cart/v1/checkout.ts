import type { FieldViolation } from '../../../src/api/types/errors';
import type { SandboxContext } from '../../context';
import { applicationError, validationError } from '../../errors';
import { openCheckout } from '../checkouts';
import { EMAIL, readAddress } from '../input';
import { CHANNEL_TYPES } from '../limits';
import { isObject, requireCart, type Shopper, touch } from '../model';
import { priceLines, v1Quantity } from '../pricing';

/** `POST /ecom/v1/carts/current/create-checkout`: a checkout of the cart for the hosted checkout page. */

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
