import { stableId } from '../ids';

/**
 * Cart data the seed (sandbox/seed.ts) has no place for yet: gift cards and business locations, which only
 * the V2 cart uses. Fixed, so every reset gives the same codes and ids (README "Cart V2").
 */

export interface GiftCardDef {
  id: string;
  code: string;
  balanceCents: number;
  status: 'ACTIVE' | 'EXPIRED' | 'DISABLED';
}

/** The gift card provider's app id on the sandbox. */
export const GIFT_CARD_APP_ID = stableId('app:gift-cards');

export const GIFT_CARDS: readonly GiftCardDef[] = [
  { id: stableId('gift-card:GIFT12345678'), code: 'GIFT12345678', balanceCents: 5000, status: 'ACTIVE' },
  { id: stableId('gift-card:GIFTBIG000100'), code: 'GIFTBIG000100', balanceCents: 100_000, status: 'ACTIVE' },
  { id: stableId('gift-card:GIFTEMPTY000'), code: 'GIFTEMPTY000', balanceCents: 0, status: 'ACTIVE' },
  { id: stableId('gift-card:GIFTEXPIRED1'), code: 'GIFTEXPIRED1', balanceCents: 2500, status: 'EXPIRED' },
  { id: stableId('gift-card:GIFTDISABLED'), code: 'GIFTDISABLED', balanceCents: 2500, status: 'DISABLED' },
];

/** Business locations a cart may name (`businessInfo.locationId`, v1 `businessLocationId`). */
export const BUSINESS_LOCATION_IDS: readonly string[] = [
  // The store's main location, as in the recorded SDK requests (requests.v2.jsonl lines 1 and 3).
  '77777777-7777-4777-8777-777777777777',
];
