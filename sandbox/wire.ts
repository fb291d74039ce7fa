/**
 * The platform's allow-lists as the sandbox knows them: copied from ../shared/wire/WIRE.md, ENTITIES.md and
 * SPEC.md, never imported from the client (`src/`), so a mistake in the client cannot make the sandbox agree
 * with it (STYLE.md). Only `import type` reaches `src/` from `sandbox/` (test/unit/node/sandbox-imports.test.ts).
 */

/** The intents of a redirect session: WIRE.md 8, ENTITIES.md (CreateRedirectSessionRequest), SPEC.md 2. */
export const REDIRECT_INTENTS = [
  'bookingsCheckout',
  'ecomCheckout',
  'eventsCheckout',
  'paidPlansCheckout',
  'login',
  'logout',
  'auth',
  'storesProduct',
  'bookingsBook',
  'ecomOrderPaymentRequest',
  'membersAccount',
] as const;

/** The members-account sections a redirect session can open (SPEC.md 2). */
export const MEMBERS_ACCOUNT_SECTIONS = [
  'ACCOUNT_INFO',
  'BOOKINGS',
  'ORDERS',
  'SUBSCRIPTIONS',
  'EVENTS',
] as const;

/** `Dimensions.unit` of products and variants (ENTITIES.md). */
export const DIMENSIONS_UNITS = ['UNKNOWN_DIMENSIONS_UNIT', 'MM', 'CM', 'M', 'IN', 'FT', 'YD'] as const;
