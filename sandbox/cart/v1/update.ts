import type { FieldViolation } from '../../../src/api/types/errors';
import type { SandboxContext } from '../../context';
import { forbidden, validationError } from '../../errors';
import { toCents } from '../../money';
import type { StoredCart } from '../../state';
import { EMAIL, readAddress } from '../input';
import { V1_MAX_UPDATE_ITEMS } from '../limits';
import {
  type CatalogAddition,
  cartForWrite,
  findCoupon,
  isObject,
  ownerKey,
  type Shopper,
  touch,
} from '../model';
import { priceLines, subtotalOf, v1Quantity } from '../pricing';
import { checkCoupon } from './coupons';
import { DECIMAL, readCustomLineItems, readLineItems } from './line-input';
import { addLines } from './lines';

/** `PATCH /ecom/v1/carts/current`: cart info, the coupon, merchant discounts and lines in one call. */

const CART_INFO_FIELDS = new Set([
  'buyerNote',
  'buyerInfo',
  'contactInfo',
  'selectedShippingOption',
  'buyerLanguage',
  'businessLocationId',
  'overrideCheckoutUrl',
]);

/**
 * Updates cart info, the coupon, merchant discounts and lines. Everything is validated first: a bad coupon
 * or field leaves the cart exactly as it was.
 */
export function updateCart(ctx: SandboxContext, shopper: Shopper, body: Record<string, unknown>): StoredCart {
  const violations: FieldViolation[] = [];
  const cartInfo = readCartInfo(body.cartInfo, violations);
  const contactInfo = readContactInfo(cartInfo, violations);
  const email = readBuyerEmail(cartInfo, violations);
  const shipping = readShippingOption(cartInfo, violations);
  if (body.couponCode !== undefined && (typeof body.couponCode !== 'string' || !body.couponCode.trim())) {
    violations.push({ field: 'couponCode', description: 'must be a coupon code', violatedRule: 'FORMAT' });
  }
  const merchantDiscounts = readMerchantDiscounts(body.merchantDiscounts, shopper, violations);
  if (violations.length) throw validationError(violations);

  const additions = readLineItems(ctx, body.lineItems, V1_MAX_UPDATE_ITEMS);
  const customAdditions = readCustomLineItems(body.customLineItems, V1_MAX_UPDATE_ITEMS);
  if (body.couponCode !== undefined) {
    checkCouponWithAdditions(ctx, shopper, body.couponCode as string, additions);
  }

  const cart =
    additions.length || customAdditions.length
      ? addLines(
          ctx,
          shopper,
          { lineItems: body.lineItems, customLineItems: body.customLineItems },
          V1_MAX_UPDATE_ITEMS,
        )
      : cartForWrite(ctx, shopper);
  if (body.couponCode !== undefined) cart.couponCode = findCoupon(ctx, body.couponCode as string)?.code;
  if (cartInfo.buyerNote !== undefined) cart.buyerNote = cartInfo.buyerNote as string;
  if (typeof cartInfo.buyerLanguage === 'string') cart.buyerLanguage = cartInfo.buyerLanguage;
  if (contactInfo) cart.contactInfo = contactInfo;
  if (email) cart.buyerInfo.email = email;
  if (shipping) cart.selectedShippingOption = shipping;
  if (merchantDiscounts) cart.merchantDiscounts = merchantDiscounts;
  touch(ctx, cart);
  return cart;
}

/** `cartInfo`: an object of the settable fields only, with a buyer note of at most 1000 characters. */
function readCartInfo(info: unknown, violations: FieldViolation[]): Record<string, unknown> {
  if (info !== undefined && !isObject(info))
    violations.push({ field: 'cartInfo', description: 'must be an object', violatedRule: 'FORMAT' });
  const cartInfo = isObject(info) ? info : {};
  for (const key of Object.keys(cartInfo)) {
    if (!CART_INFO_FIELDS.has(key))
      violations.push({
        field: `cartInfo.${key}`,
        description: 'cannot be set',
        violatedRule: 'FIELD_NOT_ALLOWED',
      });
  }
  if (
    cartInfo.buyerNote !== undefined &&
    (typeof cartInfo.buyerNote !== 'string' || cartInfo.buyerNote.length > 1000)
  ) {
    violations.push({
      field: 'cartInfo.buyerNote',
      description: 'must be text of at most 1000 characters',
      violatedRule: 'MAX_LENGTH',
    });
  }
  return cartInfo;
}

function readContactInfo(
  cartInfo: Record<string, unknown>,
  violations: FieldViolation[],
): Record<string, unknown> | undefined {
  if (cartInfo.contactInfo === undefined) return undefined;
  if (!isObject(cartInfo.contactInfo)) {
    violations.push({
      field: 'cartInfo.contactInfo',
      description: 'must be an object',
      violatedRule: 'FORMAT',
    });
    return undefined;
  }
  const address = readAddress(cartInfo.contactInfo.address, 'cartInfo.contactInfo.address', violations);
  return { ...structuredClone(cartInfo.contactInfo), ...(address ? { address } : {}) };
}

function readBuyerEmail(cartInfo: Record<string, unknown>, violations: FieldViolation[]): string | undefined {
  if (cartInfo.buyerInfo === undefined) return undefined;
  const buyer = cartInfo.buyerInfo;
  if (!isObject(buyer)) {
    violations.push({
      field: 'cartInfo.buyerInfo',
      description: 'must be an object',
      violatedRule: 'FORMAT',
    });
    return undefined;
  }
  if (buyer.email === undefined) return undefined;
  if (typeof buyer.email !== 'string' || !EMAIL.test(buyer.email)) {
    violations.push({
      field: 'cartInfo.buyerInfo.email',
      description: 'must be an email address',
      violatedRule: 'FORMAT',
    });
    return undefined;
  }
  return buyer.email;
}

function readShippingOption(
  cartInfo: Record<string, unknown>,
  violations: FieldViolation[],
): StoredCart['selectedShippingOption'] {
  if (cartInfo.selectedShippingOption === undefined) return undefined;
  const option = cartInfo.selectedShippingOption;
  if (!isObject(option) || typeof option.code !== 'string' || !option.code) {
    violations.push({
      field: 'cartInfo.selectedShippingOption.code',
      description: 'is required',
      violatedRule: 'REQUIRED_FIELD',
    });
    return undefined;
  }
  return {
    code: option.code,
    ...(typeof option.carrierId === 'string' ? { carrierId: option.carrierId } : {}),
  };
}

/** Merchant discounts are the merchant's to give: only an elevated call may set them (a 403 otherwise). */
function readMerchantDiscounts(
  value: unknown,
  shopper: Shopper,
  violations: FieldViolation[],
): StoredCart['merchantDiscounts'] | undefined {
  if (value === undefined) return undefined;
  if (!shopper.elevated) {
    throw forbidden(
      'merchantDiscounts need elevated permissions: send "<accessToken>,<apiKey>" in Authorization from your server',
    );
  }
  if (!Array.isArray(value)) {
    violations.push({ field: 'merchantDiscounts', description: 'must be a list', violatedRule: 'FORMAT' });
    return undefined;
  }
  const merchantDiscounts: StoredCart['merchantDiscounts'] = [];
  value.forEach((d, index) => {
    const amount = isObject(d) ? d.amount : undefined;
    if (typeof amount !== 'string' || !DECIMAL.test(amount)) {
      violations.push({
        field: `merchantDiscounts[${index}].amount`,
        description: 'must be a decimal amount of at least 0',
        violatedRule: 'DECIMAL_GTE',
      });
      return;
    }
    const lineItemIds =
      isObject(d) && Array.isArray(d.lineItemIds)
        ? d.lineItemIds.filter((id): id is string => typeof id === 'string')
        : undefined;
    merchantDiscounts.push({
      amountCents: toCents(amount),
      ...(lineItemIds?.length ? { lineItemIds } : {}),
    });
  });
  return merchantDiscounts;
}

/** A coupon's minimum counts the lines the same PATCH adds, so the coupon is checked against both. */
function checkCouponWithAdditions(
  ctx: SandboxContext,
  shopper: Shopper,
  code: string,
  additions: CatalogAddition[],
): void {
  const existing = ctx.state.carts.get(ownerKey(shopper));
  const base = existing ? subtotalOf(priceLines(ctx, existing), v1Quantity) : 0;
  const extra = additions.reduce(
    (sum, a) =>
      sum +
      toCents(a.variant.variant?.priceData?.discountedPrice ?? a.product.priceData?.discountedPrice ?? 0) *
        a.quantity,
    0,
  );
  checkCoupon(ctx, code, base + extra);
}
