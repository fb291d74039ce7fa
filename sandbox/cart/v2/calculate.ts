import type { SandboxContext } from '../../context';
import { validationError } from '../../errors';
import { VALIDATION_CONFIGS } from '../limits';
import type { Shopper } from '../model';
import { changeableCart } from './carts';
import { type Json, readFlag } from './read';
import { cartSummary, FULL_CALCULATION, type SummaryFlags } from './summary';

/** `POST …/calculate` and `POST …/estimate`: the cart's summary, all of it or the components asked for. */

/** `POST …/calculate`: the full calculation, with a price verification token for place-order. */
export function calculateCurrentCartV2(ctx: SandboxContext, shopper: Shopper, body: Json) {
  readFlag(body, 'refreshCart');
  const cart = changeableCart(ctx, shopper);
  return { cart, summary: cartSummary(ctx, cart, FULL_CALCULATION).summary };
}

/** `POST …/estimate`: only the components asked for (every flag defaults to false). */
export function estimateCurrentCartV2(ctx: SandboxContext, shopper: Shopper, body: Json) {
  readFlag(body, 'refreshCart');
  const config = body.validationConfig;
  if (
    config !== undefined &&
    config !== null &&
    (typeof config !== 'string' || !VALIDATION_CONFIGS.includes(config))
  ) {
    throw validationError([
      {
        field: 'validationConfig',
        description: `must be one of ${VALIDATION_CONFIGS.join(', ')}`,
        violatedRule: 'INVALID_ENUM_VALUE',
      },
    ]);
  }
  const flags: SummaryFlags = {
    delivery: readFlag(body, 'calculateDelivery'),
    tax: readFlag(body, 'calculateTax'),
    additionalFees: readFlag(body, 'calculateAdditionalFees'),
    giftCards: readFlag(body, 'calculateGiftCards'),
    violations: config !== 'SKIP_VALIDATIONS',
    verificationToken: false,
  };
  const cart = changeableCart(ctx, shopper);
  return { cart, summary: cartSummary(ctx, cart, flags).summary };
}
