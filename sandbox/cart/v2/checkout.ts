import { randomUUID } from 'node:crypto';
import type { SandboxContext } from '../../context';
import { validationError } from '../../errors';
import type { StoredCart } from '../../state';
import { openCheckout } from '../checkouts';
import { isObject, nowIso, touch } from '../model';
import { recordOrder } from '../orders';
import { priceLines } from '../pricing';
import { alreadyOrdered, invalid, refused } from './errors';
import { type Json, readFlag } from './read';
import { cartSummary, FULL_CALCULATION, readVerificationToken } from './summary';

/** The Cart service by cart id: place-order and get-checkout-url. */

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
  if (typeof token === 'string') checkVerificationToken(token, cart, totalCents);
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

/** A token of another cart is refused; one of this cart whose total has changed since asks to calculate again. */
function checkVerificationToken(token: string, cart: StoredCart, totalCents: number): void {
  const read = readVerificationToken(token);
  if (!read || read.cartId !== cart.id) {
    throw invalid(
      'INVALID_PRICE_VERIFICATION_TOKEN',
      'The price verification token is not one of this cart’s',
      {
        token,
      },
    );
  }
  if (read.totalCents !== totalCents) {
    throw refused(
      'CART_PRICES_OUT_OF_SYNC',
      'The cart’s prices changed since they were calculated: calculate again',
    );
  }
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
