import { randomUUID } from 'node:crypto';
import type { Product, Variant } from '../../src/api/types/products';
import { finalizeProduct } from '../catalog';
import type { SandboxContext } from '../context';
import { applicationError, notFound } from '../errors';
import { toCents } from '../money';
import type { StoredCart, StoredOrder } from '../state';
import { markOrdered, nowIso, redeemGiftCard, stockOf, variantOf } from './model';
import { priceLines, v1Quantity } from './pricing';
import { estimateTotals } from './v1/estimate';
import { giftCardRedeemCents } from './v2/summary';

/**
 * Turns a cart into an order, for the hosted checkout page (v1 checkouts and V2 get-checkout-url) and V2's
 * place-order: takes the items out of stock, redeems the gift card, records the order and marks the cart
 * ordered. The caller has checked the stock.
 */
export function recordOrder(
  ctx: SandboxContext,
  cart: StoredCart,
  details: {
    checkoutId: string;
    email?: string | undefined;
    quantities: Map<string, number>;
    totalCents: number;
    giftCardCents: number;
  },
): StoredOrder {
  const orderLines: StoredOrder['lines'] = [];
  for (const line of cart.lines) {
    const quantity = details.quantities.get(line.id) ?? 0;
    if (quantity <= 0) continue;
    const { product, variant } = variantOf(ctx, line) as { product: Product; variant: Variant };
    if (variant.stock?.trackQuantity) variant.stock.quantity = (variant.stock.quantity ?? 0) - quantity;
    orderLines.push({
      productId: line.productId,
      variantId: line.variantId,
      name: product.name ?? '',
      quantity,
      priceCents: priceLines(ctx, { ...cart, lines: [line], customLines: [] })[0]?.unitCents ?? 0,
    });
  }
  for (const custom of cart.customLines) {
    orderLines.push({
      productId: '',
      name: custom.productName,
      quantity: custom.quantity,
      priceCents: custom.priceCents,
    });
  }
  for (const productId of new Set(cart.lines.map((l) => l.productId))) {
    const product = ctx.state.products.get(productId);
    if (product) finalizeProduct(product);
    // Stock taken: a change of the product's variants (webhooks).
    ctx.webhooks.noteProduct(productId);
  }
  if (cart.giftCard && details.giftCardCents > 0)
    redeemGiftCard(ctx, cart.giftCard.code, details.giftCardCents);
  const order: StoredOrder = {
    id: randomUUID(),
    number: String(10_000 + ctx.state.orders.size + 1),
    checkoutId: details.checkoutId,
    owner: cart.owner,
    ...(details.email ? { email: details.email } : {}),
    lines: orderLines,
    totalCents: details.totalCents,
    currency: ctx.state.store.currency,
    createdDate: nowIso(ctx),
  };
  ctx.state.orders.set(order.id, order);
  const checkout = ctx.state.checkouts.get(details.checkoutId);
  if (checkout) checkout.orderId = order.id;
  markOrdered(ctx, cart, order.id);
  return order;
}

/**
 * Places the order of a checkout, as the hosted checkout page's "Place order" does: checks the stock again
 * (never oversell), then records the order (`recordOrder`).
 */
export function placeOrder(ctx: SandboxContext, checkoutId: string, email?: string) {
  const checkout = ctx.state.checkouts.get(checkoutId);
  if (!checkout) throw notFound(`Checkout ${checkoutId}`, 'CHECKOUT_NOT_FOUND');
  if (checkout.orderId) {
    const order = ctx.state.orders.get(checkout.orderId);
    if (order) return order;
  }
  const cart = ctx.state.carts.get(checkout.owner);
  if (!cart || cart.id !== checkout.cartId) {
    throw applicationError(
      400,
      'CART_CHANGED',
      'This checkout’s cart is gone: go back to the shop and check out again',
    );
  }
  const totals = estimateTotals(ctx, cart, {
    ...(checkout.shippingAddress ? { shippingAddress: checkout.shippingAddress } : {}),
    ...(checkout.selectedShippingOption ? { selectedShippingOption: checkout.selectedShippingOption } : {}),
  });
  const problems: string[] = [];
  for (const line of cart.lines) {
    const { product, variant } = variantOf(ctx, line);
    if (!product || !variant || line.quantity > stockOf(variant)) {
      const left = stockOf(variant);
      problems.push(`"${product?.name ?? 'An item'}": ${left === 0 ? 'sold out' : `only ${left} left`}`);
    }
  }
  if (problems.length) {
    throw applicationError(
      409,
      'INSUFFICIENT_INVENTORY',
      `Not enough stock: ${problems.join('; ')}. Update your cart and try again.`,
    );
  }
  const totalCents = toCents(totals.priceSummary?.total?.amount ?? '0');
  const giftCardCents = giftCardRedeemCents(ctx, cart, totalCents);
  const quantities = new Map(priceLines(ctx, cart).map((l) => [l.id, v1Quantity(l)]));
  return recordOrder(ctx, cart, {
    checkoutId,
    email: email ?? checkout.email,
    quantities,
    totalCents,
    giftCardCents,
  });
}
