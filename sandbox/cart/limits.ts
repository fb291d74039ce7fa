/**
 * The platform's cart limits and allow-lists, as the sandbox's own copies (from WIRE.md, SPEC.md and
 * CART-V2.md, which quote the official SDK's `@maxSize`/`@max` annotations): never imported from the client,
 * so a client mistake cannot make the sandbox agree with it.
 */

/** The store catalogue's app id, named in every catalog reference of a store product (WIRE.md 5). */
export const STORES_APP_ID = '215238eb-22a5-4c36-9e7b-e7c08025e04e';

/** Sales channels (SPEC.md 9). */
export const CHANNEL_TYPES: readonly string[] = [
  'WEB',
  'POS',
  'EBAY',
  'AMAZON',
  'OTHER_PLATFORM',
  'WIX_APP_STORE',
  'WIX_INVOICES',
  'BACKOFFICE_MERCHANT',
  'WISH',
  'CLASS_PASS',
  'GLOBAL_E',
  'FACEBOOK',
  'ETSY',
  'TIKTOK',
  'FAIRE_COM',
];

/** Item type presets (SPEC.md 9). */
export const ITEM_TYPE_PRESETS = ['PHYSICAL', 'DIGITAL', 'GIFT_CARD', 'SERVICE'] as const;
export type ItemTypePreset = (typeof ITEM_TYPE_PRESETS)[number];

/** Estimate's business-validation levels (CART-V2.md 2.1). */
export const VALIDATION_CONFIGS: readonly string[] = [
  'SKIP_VALIDATIONS',
  'PRE_CHECKOUT_VALIDATIONS',
  'CHECKOUT_VALIDATIONS',
];

/** Lines in one cart, v1 and V2 alike (`Cart.lineItems` @maxSize 300). */
export const MAX_CART_LINES = 300;
/** v1 quantity per line: the sandbox's long-standing cap. */
export const V1_MAX_LINE_QUANTITY = 9999;
/** V2 quantity per line (`quantity` / `requestedQuantity` / `newQuantity` 1..100000). */
export const V2_MAX_LINE_QUANTITY = 100_000;
/** v1 add-to-cart: `lineItems` and `customLineItems` @maxSize 100 each. */
export const V1_MAX_ADD_ITEMS = 100;
/** v1 PATCH: `lineItems` and `customLineItems` @maxSize 300 each. */
export const V1_MAX_UPDATE_ITEMS = 300;
/** V2 create and add-line-items: `catalogItems` and `customItems` @maxSize 300 each. */
export const V2_MAX_ADD_ITEMS = 300;
/** Line ids per remove or quantity update, v1 and V2 (@minSize 1, @maxSize 100). */
export const MAX_LINE_IDS_PER_REQUEST = 100;
/**
 * Option choices named in one catalog reference (`options.options`): a store product has at most 6 options
 * (Wix Stores' limit on product options; not in the recorded material).
 */
export const MAX_OPTION_CHOICES = 6;
/** Modifier groups per item and modifiers per group (`modifierGroups` @maxSize 25, `modifiers` 1..25). */
export const MAX_MODIFIER_GROUPS = 25;
export const MAX_MODIFIERS_PER_GROUP = 25;
/** V2: one coupon on a cart; up to 5 gift cards in a create request, one on the cart. */
export const MAX_COUPONS = 1;
export const MAX_GIFT_CARD_INPUTS = 5;
export const MAX_GIFT_CARDS = 1;
/** V2 text limits that the sandbox checks (`note` 1000, `customCheckoutUrl` 2048, names 200). */
export const MAX_NOTE_LENGTH = 1000;
export const MAX_CUSTOM_CHECKOUT_URL_LENGTH = 2048;
export const MAX_NAME_LENGTH = 200;
/** Form submissions per update (`formSubmissions` 1..1000). */
export const MAX_FORM_SUBMISSIONS = 1000;
/** Delivery solutions: `lineItems` 1..300, an item's `quantity` 1..999999999, 5 `userPreferences`, 20 `externalReferences`. */
export const MAX_DELIVERABLE_ITEMS = 300;
export const MAX_DELIVERABLE_QUANTITY = 999_999_999;
export const MAX_DELIVERY_PREFERENCES = 5;
export const MAX_DELIVERY_EXTERNAL_REFERENCES = 20;
/** Weight units (`weightUnit`). */
export const WEIGHT_UNITS: readonly string[] = ['UNSPECIFIED_WEIGHT_UNIT', 'KG', 'LB'];
