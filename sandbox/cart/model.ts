import { randomUUID } from 'node:crypto';
import type { Product, Variant } from '../../src/api/types/products';
import type { Caller } from '../auth';
import type { SandboxContext } from '../context';
import { applicationError, forbidden } from '../errors';
import { ownValue } from '../own';
import type { CouponDef, StoredCart, StoredCustomLine, StoredLine } from '../state';
import { findVariantByChoices } from './choices';
import { GIFT_CARDS } from './fixtures';

/**
 * The one cart model behind both wire views (v1 `/ecom/v1/carts/current…` and V2 `/ecom/v2/carts/current…`):
 * a current cart is one record per visitor or member, whichever version made or changes it.
 *
 * The fields only the V2 view fills in are declared here, beside the code that owns them, rather than in
 * state.ts: the records stay the ones the rest of the sandbox (sign-in's cart merge, the hosted checkout)
 * already knows.
 */
declare module '../state' {
  interface StoredLine {
    /** What the shopper asked for; `quantity` is what v1 shows (reduced to the stock of the time). */
    requestedQuantity?: number;
    /** V2 `catalogOverrideFields` as sent; name, image and weight overrides are shown. */
    overrides?: Record<string, unknown>;
  }
  interface StoredCustomLine {
    /** V2 `itemType.custom`; `itemType` then says how the sandbox treats the line (shipping, tax). */
    customItemType?: string;
    /** V2 image as sent (an Image object). */
    image?: Record<string, unknown>;
    /** V2 page URL as sent (`{relativePath, url}`). */
    pageUrl?: Record<string, unknown>;
    availableQuantity?: number;
    fixedQuantity?: boolean;
    priceDescription?: string;
    scheduledDate?: string;
    modifierGroups?: StoredModifierGroup[];
  }
  interface StoredCart {
    /** V2 `paymentInfo.billingAddress` / `billingContact`. */
    billing?: { address?: Record<string, unknown>; contact?: Record<string, unknown> };
    /** V2 `businessInfo.locationId`. */
    businessLocationId?: string;
    /** V2 `customCheckoutUrl`. */
    customCheckoutUrl?: string;
    /** V2 `source.channelType`; WEB when not given. */
    channelType?: string;
    /** V2 `settings`, fixed at creation. */
    settings?: {
      lockGiftCard?: boolean;
      lockCouponCode?: boolean;
      policyAgreementCheckboxDisabled?: boolean;
      manualPaymentDisabled?: boolean;
    };
    /** V2 `paymentInfo.giftCards[0]`. */
    giftCard?: { id: string; code: string; requestedCents?: number };
    formSubmissions?: Array<{ id: string; formSubmissionId: string }>;
    extendedFields?: Record<string, unknown>;
    demo?: boolean;
    taxExemptGroupId?: string;
    /** Set once an order was placed from the cart (V2 `orderPlaced`, `orderId`). */
    orderId?: string;
    purchaseFlowId?: string;
  }
  interface SandboxState {
    /**
     * Carts an order was placed from, by owner. They are no longer current for v1 (which had no ordered
     * state: the cart was gone); V2 still shows them with `orderPlaced` until a new cart starts.
     */
    orderedCarts?: Map<string, StoredCart>;
    /** Gift card balances in cents, by code; made from the fixtures on first use after a reset. */
    giftCardBalances?: Map<string, number>;
  }
}

export interface StoredModifierGroup {
  id: string;
  name: string;
  modifiers: Array<{ id: string; label: string; quantity: number; priceCents: number }>;
}

export type Shopper = Extract<Caller, { kind: 'visitor' | 'member' }>;

/** The current cart belongs to a visitor or a member; a merchant key has no current cart. */
export function shopperOf(caller: Caller): Shopper {
  if (caller.kind === 'merchant') {
    throw forbidden(
      'The current cart belongs to a visitor or member: call it with their access token, not the API key',
    );
  }
  return caller;
}

export const ownerKey = (shopper: Shopper) =>
  shopper.kind === 'member' ? `member:${shopper.memberId}` : `visitor:${shopper.visitorId}`;

export const nowIso = (ctx: SandboxContext) => new Date(ctx.now()).toISOString();

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const orderedCarts = (ctx: SandboxContext): Map<string, StoredCart> => {
  ctx.state.orderedCarts ??= new Map();
  return ctx.state.orderedCarts;
};

export const noCurrentCart = () =>
  applicationError(404, 'OWNED_CART_NOT_FOUND', 'There is no current cart: add an item first');

/** The caller's cart that can still change, or a 404 as the platform answers when there is none. */
export function requireCart(ctx: SandboxContext, shopper: Shopper): StoredCart {
  const cart = ctx.state.carts.get(ownerKey(shopper));
  if (!cart) throw noCurrentCart();
  return cart;
}

/** The caller's current cart as V2 sees it: the open one, or the one an order was just placed from. */
export function currentCartOf(ctx: SandboxContext, shopper: Shopper): StoredCart | undefined {
  const key = ownerKey(shopper);
  return ctx.state.carts.get(key) ?? orderedCarts(ctx).get(key);
}

/** The caller's open cart, made empty when there is none yet (writes create it; an ordered one is left). */
export function cartForWrite(ctx: SandboxContext, shopper: Shopper): StoredCart {
  const key = ownerKey(shopper);
  let cart = ctx.state.carts.get(key);
  if (!cart) {
    orderedCarts(ctx).delete(key);
    const now = nowIso(ctx);
    cart = {
      id: randomUUID(),
      owner: key,
      lines: [],
      customLines: [],
      merchantDiscounts: [],
      buyerInfo:
        shopper.kind === 'member' ? { memberId: shopper.memberId } : { visitorId: shopper.visitorId },
      createdDate: now,
      updatedDate: now,
      revision: 0,
    };
    ctx.state.carts.set(key, cart);
  }
  return cart;
}

/** Deletes the caller's current cart, open or ordered; false when there was none. */
export function deleteCurrentCart(ctx: SandboxContext, shopper: Shopper): boolean {
  const key = ownerKey(shopper);
  const open = ctx.state.carts.delete(key);
  return orderedCarts(ctx).delete(key) || open;
}

/** A cart by id, open or ordered (the V2 Cart service: place-order, get-checkout-url). */
export function cartById(ctx: SandboxContext, cartId: string): StoredCart | undefined {
  for (const cart of ctx.state.carts.values()) if (cart.id === cartId) return cart;
  for (const cart of orderedCarts(ctx).values()) if (cart.id === cartId) return cart;
  return undefined;
}

/** Once ordered, the cart leaves the open carts; V2 keeps showing it (with its order) until a new one starts. */
export function markOrdered(ctx: SandboxContext, cart: StoredCart, orderId: string): void {
  cart.orderId = orderId;
  cart.purchaseFlowId ??= randomUUID();
  if (ctx.state.carts.get(cart.owner) === cart) ctx.state.carts.delete(cart.owner);
  orderedCarts(ctx).set(cart.owner, cart);
}

export function touch(ctx: SandboxContext, cart: StoredCart): void {
  // A cart created by this very write keeps updatedDate equal to createdDate, as one write on the platform.
  cart.updatedDate = cart.revision === 0 ? cart.createdDate : nowIso(ctx);
  cart.revision += 1;
}

// ——— Catalogue ———

/** How many of a variant can still be bought: `Infinity` when stock is not tracked. */
export function stockOf(variant: Variant | undefined): number {
  if (!variant?.stock?.trackQuantity) return variant?.stock?.inStock === false ? 0 : Number.POSITIVE_INFINITY;
  return Math.max(0, variant.stock.quantity ?? 0);
}

export type CatalogLookup =
  | { product: Product; variant: Variant }
  | { problem: 'NO_PRODUCT' | 'NO_VARIANT' | 'MISSING_OPTIONS'; message: string; missing?: string[] };

/** The product and variant a catalog reference names: by `variantId`, by option choices, or the only one. */
export function lookUpCatalogItem(
  ctx: SandboxContext,
  catalogItemId: string,
  options: Record<string, unknown> | undefined,
): CatalogLookup {
  const product = ctx.state.products.get(catalogItemId);
  if (!product || product.visible === false) {
    return { problem: 'NO_PRODUCT', message: `Product ${catalogItemId} was not found in the catalogue` };
  }
  const variants = product.variants ?? [];
  const name = product.name ?? product.id;
  if (typeof options?.variantId === 'string') {
    const found = variants.find((v) => v.id === options.variantId);
    if (!found) return { problem: 'NO_VARIANT', message: `"${name}" has no variant ${options.variantId}` };
    return { product, variant: found };
  }
  const optionNames = (product.productOptions ?? []).map((o) => o.name ?? '');
  const chosen = isObject(options?.options) ? options.options : {};
  if (optionNames.length === 0) {
    const only = variants[0];
    if (!only) return { problem: 'NO_VARIANT', message: `"${name}" has no variant to sell` };
    return { product, variant: only };
  }
  const missing = optionNames.filter((option) => typeof ownValue(chosen, option) !== 'string');
  if (missing.length) {
    return {
      problem: 'MISSING_OPTIONS',
      message: `Choose ${missing.join(' and ')} for "${name}"`,
      missing,
    };
  }
  const found = findVariantByChoices(product, chosen);
  if (!found) {
    const described = optionNames.map((o) => `${o} ${String(ownValue(chosen, o))}`).join(', ');
    return { problem: 'NO_VARIANT', message: `"${name}" does not come in ${described}` };
  }
  return { product, variant: found };
}

export const variantOf = (ctx: SandboxContext, line: StoredLine) => {
  const product = ctx.state.products.get(line.productId);
  return { product, variant: product?.variants?.find((v) => v.id === line.variantId) };
};

/** What the shopper asked for on a line (v1 lines added before the V2 view existed: their quantity). */
export const requestedOf = (line: StoredLine) => Math.max(line.requestedQuantity ?? 0, line.quantity);

export interface CatalogAddition {
  product: Product;
  variant: Variant;
  quantity: number;
  catalogReference: StoredLine['catalogReference'];
  overrides?: Record<string, unknown>;
}

/**
 * Adds catalogue lines. The same product variant twice adds up on one line; what is held is reduced to the
 * stock (v1 then says PARTIALLY_AVAILABLE, WIRE.md 5), while V2 keeps what was asked for as
 * `requestedQuantity` and confirms `min(requested, available)`.
 */
export function addCatalogLines(cart: StoredCart, additions: CatalogAddition[], maxQuantity: number): void {
  for (const addition of additions) {
    const existing = cart.lines.find(
      (l) => l.productId === addition.product.id && l.variantId === addition.variant.id,
    );
    const wanted = Math.min((existing ? requestedOf(existing) : 0) + addition.quantity, maxQuantity);
    const quantity = Math.min(wanted, stockOf(addition.variant));
    if (existing) {
      existing.quantity = Math.max(quantity, 0);
      existing.requestedQuantity = wanted;
      existing.reduced = quantity < wanted;
      if (addition.overrides) existing.overrides = addition.overrides;
    } else {
      cart.lines.push({
        id: randomUUID(),
        productId: addition.product.id as string,
        variantId: addition.variant.id as string,
        quantity,
        requestedQuantity: wanted,
        catalogReference: addition.catalogReference,
        reduced: quantity < wanted,
        ...(addition.overrides ? { overrides: addition.overrides } : {}),
      });
    }
  }
}

/** Sets a line's quantity: catalogue lines are held up to the stock (at least 1), custom lines as asked. */
export function setLineQuantity(
  ctx: SandboxContext,
  cart: StoredCart,
  lineId: string,
  quantity: number,
): void {
  const line = cart.lines.find((l) => l.id === lineId);
  if (line) {
    const available = stockOf(variantOf(ctx, line).variant);
    line.quantity = Math.max(1, Math.min(quantity, available));
    line.requestedQuantity = quantity;
    line.reduced = quantity > available;
    return;
  }
  const custom = cart.customLines.find((l) => l.id === lineId);
  if (custom) custom.quantity = quantity;
}

export const hasLine = (cart: StoredCart, id: string) =>
  cart.lines.some((l) => l.id === id) || cart.customLines.some((l) => l.id === id);

export const lineCount = (cart: StoredCart | undefined) =>
  (cart?.lines.length ?? 0) + (cart?.customLines.length ?? 0);

export function removeLines(cart: StoredCart, ids: readonly string[]): void {
  cart.lines = cart.lines.filter((l) => !ids.includes(l.id));
  cart.customLines = cart.customLines.filter((l) => !ids.includes(l.id));
}

export const customLine = (line: Omit<StoredCustomLine, 'id'>): StoredCustomLine => ({
  id: randomUUID(),
  ...line,
});

// ——— Coupons and gift cards ———

export const findCoupon = (ctx: SandboxContext, code: string): CouponDef | undefined =>
  ctx.state.coupons.find((c) => c.code.toUpperCase() === code.trim().toUpperCase());

/** Why a known coupon cannot apply to a cart with this subtotal, or undefined when it can. */
export function couponProblem(
  ctx: SandboxContext,
  coupon: CouponDef,
  subtotalCents: number,
): 'EXPIRED' | 'MIN_SUBTOTAL_NOT_REACHED' | undefined {
  if (coupon.expirationDate && Date.parse(coupon.expirationDate) < ctx.now()) return 'EXPIRED';
  if (coupon.minimumSubtotalCents && subtotalCents < coupon.minimumSubtotalCents)
    return 'MIN_SUBTOTAL_NOT_REACHED';
  return undefined;
}

export const findGiftCard = (code: string) =>
  GIFT_CARDS.find((g) => g.code.toUpperCase() === code.trim().toUpperCase());

/** A gift card's balance in cents (redeemed by orders, back to the fixture on reset). */
export function giftCardBalance(ctx: SandboxContext, code: string): number {
  ctx.state.giftCardBalances ??= new Map(GIFT_CARDS.map((g) => [g.code, g.balanceCents]));
  return ctx.state.giftCardBalances.get(code) ?? 0;
}

export function redeemGiftCard(ctx: SandboxContext, code: string, cents: number): void {
  const balance = giftCardBalance(ctx, code);
  ctx.state.giftCardBalances?.set(code, Math.max(0, balance - cents));
}
