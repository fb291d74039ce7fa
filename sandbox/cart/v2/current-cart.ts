import { randomUUID } from 'node:crypto';
import type { FieldViolation } from '../../../src/api/types/errors';
import type { SandboxContext } from '../../context';
import { validationError } from '../../errors';
import type { StoredCart } from '../../state';
import { readList } from '../input';
import { MAX_COUPONS, MAX_FORM_SUBMISSIONS, MAX_GIFT_CARD_INPUTS } from '../limits';
import { currentCartOf, isObject, nowIso, ownerKey, type Shopper, touch } from '../model';
import { readCartFields } from './cart-fields';
import { changeableCart, requireCurrentCart } from './carts';
import { applyCoupon } from './coupons';
import { applyDeliveryMethod, readDeliveryMethod } from './delivery-method';
import { applyGiftCard, readGiftCard } from './gift-cards';
import { applyLineInput, readLineInput } from './line-input';
import { type Json, readCode, required } from './read';

/**
 * The V2 current cart as a whole (CART-V2.md 2): create, PATCH, form submissions, refresh and upsells.
 * Everything a request asks is checked before anything changes.
 */

/**
 * `POST /ecom/v2/carts/current`: a new current cart with its fields, items, coupon, delivery method and
 * gift card, all checked on the new cart before it replaces the caller's current one.
 */
export function createCurrentCart(ctx: SandboxContext, shopper: Shopper, body: Json): StoredCart {
  const apply = readCartFields(body.cart, true);
  const now = nowIso(ctx);
  const draft: StoredCart = {
    id: randomUUID(),
    owner: ownerKey(shopper),
    lines: [],
    customLines: [],
    merchantDiscounts: [],
    buyerInfo: shopper.kind === 'member' ? { memberId: shopper.memberId } : { visitorId: shopper.visitorId },
    createdDate: now,
    updatedDate: now,
    revision: 0,
  };
  applyLineInput(draft, readLineInput(ctx, body, undefined));
  const coupons = body.coupons === undefined ? [] : readList(body.coupons, 'coupons', MAX_COUPONS);
  const giftCards =
    body.giftCards === undefined ? [] : readList(body.giftCards, 'giftCards', MAX_GIFT_CARD_INPUTS);
  const couponCodes = coupons.map((c, i) =>
    readCode(isObject(c) ? c.code : undefined, `coupons[${i}].code`, 1, 50),
  );
  const cards = giftCards.map((g, i) => readGiftCard(g, `giftCards[${i}]`));
  const method = body.deliveryMethod === undefined ? undefined : readDeliveryMethod(body.deliveryMethod);
  apply(draft);
  for (const code of couponCodes) applyCoupon(ctx, draft, code);
  if (method) applyDeliveryMethod(ctx, draft, method);
  for (const card of cards) applyGiftCard(ctx, draft, card);
  const existing = currentCartOf(ctx, shopper);
  if (existing) ctx.state.orderedCarts?.delete(existing.owner);
  ctx.state.carts.set(draft.owner, draft);
  touch(ctx, draft);
  return draft;
}

/** `PATCH /ecom/v2/carts/current` `{cart}`: partial, no field mask (CART-V2.md 8.8). */
export function updateCurrentCartV2(ctx: SandboxContext, shopper: Shopper, body: Json): StoredCart {
  if (!isObject(body.cart)) throw validationError([required('cart')]);
  const cart = changeableCart(ctx, shopper);
  readCartFields(body.cart, false)(cart);
  touch(ctx, cart);
  return cart;
}

export function updateFormSubmissionsV2(ctx: SandboxContext, shopper: Shopper, body: Json): StoredCart {
  if (body.formSubmissions === undefined) throw validationError([required('formSubmissions')]);
  const list = readList(body.formSubmissions, 'formSubmissions', MAX_FORM_SUBMISSIONS);
  const violations: FieldViolation[] = [];
  const submissions = list.map((s, i) => {
    const entry = isObject(s) ? s : {};
    if (typeof entry.id !== 'string' || !entry.id) violations.push(required(`formSubmissions[${i}].id`));
    if (typeof entry.formSubmissionId !== 'string' || !entry.formSubmissionId)
      violations.push(required(`formSubmissions[${i}].formSubmissionId`));
    return { id: String(entry.id), formSubmissionId: String(entry.formSubmissionId) };
  });
  if (list.length === 0)
    violations.push({
      field: 'formSubmissions',
      description: 'must list at least one',
      violatedRule: 'MIN_SIZE',
    });
  if (violations.length) throw validationError(violations);
  const cart = changeableCart(ctx, shopper);
  cart.formSubmissions = submissions;
  touch(ctx, cart);
  return cart;
}

/** `POST …/refresh`: prices and stock are read live on every answer, so there is nothing to change. */
export function refreshCurrentCartV2(ctx: SandboxContext, shopper: Shopper): StoredCart {
  return changeableCart(ctx, shopper);
}

/** `GET …/upsell-options` (runtime-only in the SDK): the sandbox's catalogue suggests nothing. */
export function upsellOptionsOf(ctx: SandboxContext, shopper: Shopper) {
  const cart = requireCurrentCart(ctx, shopper);
  return {
    itemsUpsells: [...cart.lines, ...cart.customLines].map((line) => ({ lineItemId: line.id, upsells: [] })),
  };
}
