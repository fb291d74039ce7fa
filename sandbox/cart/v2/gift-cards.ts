import { randomUUID } from 'node:crypto';
import type { FieldViolation } from '../../../src/api/types/errors';
import type { SandboxContext } from '../../context';
import { validationError } from '../../errors';
import type { StoredCart } from '../../state';
import { findGiftCard, giftCardBalance, isObject, type Shopper, touch } from '../model';
import { changeableCart } from './carts';
import { invalid, refused } from './errors';
import { type Json, readCode, readMoneyCents, required } from './read';

/** The V2 gift card: one per cart, active and with a balance, added by code and removed by its id. */

export function readGiftCard(value: unknown, field: string): { code: string; requestedCents?: number } {
  if (!isObject(value)) throw validationError([required(field)]);
  const code = readCode(value.code, `${field}.code`, 8, 20);
  const violations: FieldViolation[] = [];
  const requestedCents = readMoneyCents(value.redeemAmount, `${field}.redeemAmount`, violations, false);
  if (violations.length) throw validationError(violations);
  return { code, ...(requestedCents !== undefined ? { requestedCents } : {}) };
}

export function applyGiftCard(
  ctx: SandboxContext,
  cart: StoredCart,
  input: { code: string; requestedCents?: number },
): void {
  if (cart.demo) {
    throw refused(
      'GIFT_CARD_PAYMENT_NOT_SUPPORTED_ON_DEMO_CART',
      'A demo cart cannot be paid with a gift card',
    );
  }
  if (cart.settings?.lockGiftCard)
    throw refused('GIFT_CARD_LOCKED', 'The gift card of this cart cannot be changed');
  const def = findGiftCard(input.code);
  if (cart.giftCard && def && cart.giftCard.code === def.code) {
    throw refused('GIFT_CARD_ALREADY_EXISTS', 'This gift card is already on the cart', {
      giftCardCode: input.code,
    });
  }
  if (cart.giftCard)
    throw refused('MAX_GIFT_CARDS_PER_CART_EXCEEDED', 'A cart takes one gift card: remove the other first');
  if (!def)
    throw invalid('INVALID_GIFT_CARD_CODE', 'This gift card code does not exist', {
      giftCardCode: input.code,
    });
  const balance = giftCardBalance(ctx, def.code);
  if (def.status !== 'ACTIVE' || balance === 0) {
    const reason = def.status === 'ACTIVE' ? 'EMPTY_BALANCE' : def.status;
    throw refused('INVALID_GIFT_CARD_STATUS', `This gift card cannot be used (${reason})`, {
      giftCardCode: input.code,
      reason,
      giftCardId: def.id,
    });
  }
  cart.giftCard = {
    id: randomUUID(),
    code: def.code,
    ...(input.requestedCents !== undefined ? { requestedCents: input.requestedCents } : {}),
  };
}

export function addGiftCardV2(ctx: SandboxContext, shopper: Shopper, body: Json): StoredCart {
  const input = readGiftCard(body.giftCard, 'giftCard');
  const cart = changeableCart(ctx, shopper);
  applyGiftCard(ctx, cart, input);
  touch(ctx, cart);
  return cart;
}

export function removeGiftCardV2(ctx: SandboxContext, shopper: Shopper, body: Json): StoredCart {
  const giftCardId = readCode(body.giftCardId, 'giftCardId', 1, 100);
  const cart = changeableCart(ctx, shopper);
  if (cart.settings?.lockGiftCard)
    throw refused('GIFT_CARD_LOCKED', 'The gift card of this cart cannot be changed');
  if (cart.giftCard?.id !== giftCardId) {
    throw invalid('GIFT_CARD_NOT_FOUND_IN_CART', `Gift card ${giftCardId} is not on the cart`, {
      giftCardId,
    });
  }
  delete cart.giftCard;
  touch(ctx, cart);
  return cart;
}
