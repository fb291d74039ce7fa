import type {
  Address,
  CatalogReference,
  DescriptionLine,
  PhysicalProperties,
  TranslatableString,
} from './cart';
import {
  type EnumValue,
  enumOf,
  type ItemTypePreset,
  type PaymentOptionType,
  type VatType,
  type WeightUnit,
} from './enums';

/**
 * Cart V2 (`wix.ecom.cart.v2.CurrentCartService`, `../shared/wire/CART-V2.md`), wire names: ids are `id`,
 * dates ISO strings, money `{amount, convertedAmount}` decimal strings with no formatted text.
 */

/** Money in Cart V2: decimal strings in the site's currency and in the customer's (`"19.99"`). */
export interface ConvertedMoney {
  amount?: string;
  convertedAmount?: string;
}

/** An image as Cart V2 sends it (the official SDK turns an object with `id` into a `wix:image://` URI). */
export interface CartV2Image {
  id?: string;
  url?: string;
  height?: number;
  width?: number;
  altText?: string;
  filename?: string;
}

/** A page address: `{relativePath, url}`. */
export interface PageUrlV2 {
  relativePath?: string;
  url?: string;
}

export const CartV2ItemStatus = /* @__PURE__ */ enumOf(
  'IN_STOCK',
  'PARTIALLY_IN_STOCK',
  'OUT_OF_STOCK',
  'REMOVED_FROM_CATALOG',
);
export type CartV2ItemStatus = EnumValue<typeof CartV2ItemStatus>;

export interface CartV2ItemQuantityInfo {
  /** What can be bought now: `min(requestedQuantity, availableQuantity)`. */
  confirmedQuantity?: number;
  requestedQuantity?: number;
  /** Left out when stock is not tracked. */
  availableQuantity?: number | null;
  fixedQuantity?: boolean;
}

export interface CartV2ItemPricing {
  /** Final unit price (the sale price; cart-level coupons are taken off the subtotal in the summary). */
  unitPrice?: ConvertedMoney;
  /** `unitPrice × confirmedQuantity`. */
  totalPrice?: ConvertedMoney;
  priceDescription?: TranslatableString;
  priceUndetermined?: boolean;
  breakdown?: {
    fullPrice?: ConvertedMoney;
    salePrice?: ConvertedMoney;
    totalModifiersPrice?: ConvertedMoney;
  };
}

export interface CartV2ItemDiscount {
  name?: TranslatableString;
  amountOff?: ConvertedMoney;
  source?: { sourceType?: 'AUTOMATIC_RULE' | 'COUPON'; couponCode?: string | null };
}

export interface CartV2ModifierGroup {
  id?: string;
  name?: TranslatableString;
  modifiers?: Array<{
    id?: string;
    quantity?: number | null;
    label?: TranslatableString;
    details?: TranslatableString;
    price?: ConvertedMoney;
  }>;
}

/** A line of a V2 cart (`V2LineItem`). */
export interface CartV2LineItem {
  id?: string;
  name?: TranslatableString;
  quantityInfo?: CartV2ItemQuantityInfo;
  pricing?: CartV2ItemPricing;
  source?: {
    catalogReference?: CatalogReference;
    catalogOverrideFields?: Record<string, unknown>;
    rootCatalogItemId?: string | null;
    inventoryAppId?: string | null;
  };
  attributes?: {
    descriptionLines?: DescriptionLine[];
    image?: CartV2Image;
    url?: PageUrlV2;
    policies?: Array<{ title?: string | null; content?: string | null }>;
    itemType?: { preset?: ItemTypePreset; custom?: string };
    physicalProperties?: PhysicalProperties;
    serviceProperties?: { scheduledDate?: string | null; numberOfParticipants?: number | null };
    membersOnly?: boolean;
  };
  deliveryConfig?: { deliveryProfileId?: string | null; fulfillerId?: string | null };
  taxConfig?: {
    taxableAddress?: { addressType?: 'BUSINESS' | 'BILLING' | 'SHIPPING' };
    taxGroupId?: string | null;
  };
  paymentConfig?: {
    savePaymentMethod?: boolean;
    consentRequiredPaymentPolicy?: string | null;
    depositAmount?: ConvertedMoney;
    paymentOption?: PaymentOptionType;
  };
  status?: CartV2ItemStatus;
  extendedFields?: { namespaces?: Record<string, Record<string, unknown>> };
  modifierGroups?: CartV2ModifierGroup[];
  discounts?: CartV2ItemDiscount[];
  customLineItem?: boolean;
}

export interface CartV2Coupon {
  /** Remove the coupon by this id (`removeCouponFromCurrentCartV2`), never by its code. */
  id?: string;
  code?: string;
}

export interface CartV2DeliveryMethod {
  code?: string;
  appId?: string | null;
  title?: TranslatableString;
  pickup?: boolean;
}

export interface CartV2DeliveryInfo {
  address?: Address;
  /** Read-only: set with `setDeliveryMethodForCurrentCartV2`. */
  method?: CartV2DeliveryMethod;
  weightUnit?: WeightUnit;
}

export interface CartV2GiftCard {
  id?: string;
  obfuscatedCode?: string;
  appId?: string;
  externalId?: string | null;
  requestedRedeemAmount?: ConvertedMoney;
}

export interface CartV2ContactDetails {
  firstName?: string | null;
  lastName?: string | null;
  phone?: string | null;
  company?: string | null;
  vatId?: { id?: string; type?: VatType };
}

export interface CartV2CustomerInfo extends CartV2ContactDetails {
  visitorId?: string;
  memberId?: string;
  userId?: string;
  openAccess?: boolean;
  email?: string | null;
  contactId?: string | null;
  languageCode?: string;
  currencyCode?: string;
}

export interface CartV2Settings {
  lockGiftCard?: boolean | null;
  lockCouponCode?: boolean | null;
  policyAgreementCheckboxDisabled?: boolean | null;
  manualPaymentDisabled?: boolean | null;
}

/** The V2 cart. Totals are not on it: only `subtotal`; the rest is in the summary of calculate/estimate. */
export interface CartV2 {
  id?: string;
  createdDate?: string;
  updatedDate?: string;
  /** Goes up by 1 on every change. */
  revision?: string;
  lineItems?: CartV2LineItem[];
  /** Sum of the lines' `totalPrice`. */
  subtotal?: ConvertedMoney;
  note?: string | null;
  /** At most one. */
  coupons?: CartV2Coupon[];
  source?: {
    channelType?: string;
    externalReferences?: Array<{ appId?: string; resourceId?: string | null }>;
    createdBy?: { visitorId?: string; memberId?: string; userId?: string; appId?: string };
  };
  businessInfo?: { locationId?: string | null; languageCode?: string; currencyCode?: string };
  customerInfo?: CartV2CustomerInfo;
  deliveryInfo?: CartV2DeliveryInfo;
  taxInfo?: { pricesIncludeTax?: boolean; taxExemptGroupId?: string | null };
  paymentInfo?: {
    giftCards?: CartV2GiftCard[];
    currencyCode?: string;
    billingAddress?: Address;
    billingContact?: CartV2ContactDetails;
  };
  orderPlaced?: boolean;
  orderId?: string | null;
  purchaseFlowId?: string | null;
  settings?: CartV2Settings;
  customCheckoutUrl?: string | null;
  extendedFields?: { namespaces?: Record<string, Record<string, unknown>> };
  currentCart?: boolean;
  demo?: boolean;
}

export const CartV2ViolationCode = /* @__PURE__ */ enumOf(
  'GENERAL_CODE',
  'CUSTOM_VALIDATION',
  'EMPTY_CART',
  'LINE_ITEMS_OUT_OF_STOCK',
  'MEMBERS_ONLY_ITEM',
  'INVALID_COUPON_CODE',
  'INVALID_COUPON_STATUS',
  'CANNOT_APPLY_COUPON_DISCOUNT_WHEN_PURCHASING_GIFT_CARD',
  'MISSING_DELIVERY_ADDRESS',
  'MISSING_DELIVERY_METHOD',
  'DELIVERY_METHOD_NO_LONGER_AVAILABLE',
  'DELIVERY_METHOD_NOT_APPLIED_TO_ALL_LINE_ITEMS',
  'INVALID_GIFT_CARD_CODE',
  'INVALID_GIFT_CARD_STATUS',
  'CANNOT_PAY_FOR_GIFT_CARD_WITH_GIFT_CARD',
  'SUBTOTAL_BELOW_ORDER_MINIMUM',
  'INVALID_MEMBERSHIP_STATUS',
  'INVALID_POSTAL_CODE',
  'INVALID_SUBDIVISION',
  'SUBSCRIPTION_ITEM_NOT_SUPPORTED_ON_DEMO_CART',
  'GIFT_CARD_ITEM_NOT_SUPPORTED_ON_DEMO_CART',
  'GIFT_CARD_PAYMENT_NOT_SUPPORTED_ON_DEMO_CART',
  'MEMBERSHIP_PAYMENT_NOT_SUPPORTED_ON_DEMO_CART',
);
export type CartV2ViolationCode = EnumValue<typeof CartV2ViolationCode>;

/** A business violation of a cart; `ERROR`s block placing the order. */
export interface CartV2Violation {
  scope?: 'GLOBAL' | 'LINE_ITEM' | 'DISCOUNT' | 'DELIVERY' | 'TAX' | 'MEMBERSHIP' | 'GIFT_CARD';
  code?: CartV2ViolationCode;
  description?: string | null;
  severity?: 'WARNING' | 'ERROR';
  lineItemsOutOfStockData?: { lineItemIds?: string[]; allLineItemsOutOfStock?: boolean };
  invalidCouponCodeData?: { couponCode?: string };
  invalidCouponStatusData?: { couponCode?: string; reason?: string };
  invalidGiftCardCodeData?: { giftCardCode?: string; giftCardId?: string | null };
  invalidGiftCardStatusData?: { giftCardCode?: string; reason?: string; giftCardId?: string | null };
  [payload: string]: unknown;
}

export interface CartV2SummaryDiscount {
  name?: TranslatableString;
  source?: { sourceType?: 'AUTOMATIC_RULE' | 'COUPON'; couponCode?: string | null };
  scope?: 'UNKNOWN_DISCOUNT_SCOPE' | 'CART_SUBTOTAL' | 'LINE_ITEM' | 'DELIVERY';
  subscriptionCycles?: number | null;
  total?: ConvertedMoney;
  lineItemDiscounts?: Array<{ lineItemId?: string; amountOff?: ConvertedMoney }>;
}

/** The price summary (`V2PriceSummary`): `total = subtotal − discount + delivery + additionalFees + tax`. */
export interface CartV2PriceSummary {
  subtotal?: ConvertedMoney;
  discount?: ConvertedMoney;
  delivery?: ConvertedMoney;
  additionalFees?: ConvertedMoney;
  tax?: ConvertedMoney;
  total?: ConvertedMoney;
}

/** What `/calculate` (full) and `/estimate` (only the parts asked for) answer beside the cart. */
export interface CartV2Summary {
  cartId?: string;
  cartRevision?: string;
  calculationId?: string;
  lineItems?: Array<{
    lineItemId?: string;
    quantity?: number;
    unitPrice?: ConvertedMoney;
    totalPrice?: ConvertedMoney;
  }>;
  discounts?: CartV2SummaryDiscount[];
  deliverySummary?: { method?: CartV2DeliveryMethod; price?: ConvertedMoney };
  additionalFees?: Array<{
    code?: string | null;
    name?: TranslatableString;
    providerAppId?: string | null;
    lineItemIds?: string[];
    price?: ConvertedMoney;
    source?: string;
  }>;
  taxSummary?: {
    taxes?: Array<{
      name?: TranslatableString;
      taxableAmount?: ConvertedMoney;
      exemptAmount?: ConvertedMoney;
      amount?: ConvertedMoney;
    }>;
    totalExempt?: ConvertedMoney;
    pricesIncludeTax?: boolean;
    lineItemTaxes?: Array<{ lineItemId?: string; tax?: ConvertedMoney; rate?: string | null }>;
    deliveryTax?: ConvertedMoney;
    additionalFeeTaxes?: Array<{ additionalFeeCode?: string; tax?: ConvertedMoney }>;
  };
  priceSummary?: CartV2PriceSummary;
  paymentSummary?: {
    giftCards?: Array<{ giftCardId?: string; redeemAmount?: ConvertedMoney }>;
    memberships?: unknown[];
    subscriptionCharges?: unknown[];
    requiresPaymentAfterGiftCard?: boolean;
    totalAfterGiftCards?: ConvertedMoney;
    payNow?: ConvertedMoney;
    payLater?: ConvertedMoney;
    payAfterFreeTrial?: ConvertedMoney;
  };
  /** Only from `/calculate`: pass it to `placeOrderFromCartV2` so the order is at the prices shown. */
  priceVerificationToken?: string | null;
  violations?: CartV2Violation[];
}

export interface CartV2Response {
  cart: CartV2;
}

export interface CartV2SummaryResponse {
  cart: CartV2;
  summary: CartV2Summary;
}

// ——— Requests ———

/** A catalogue item to add (`CatalogItemInput`). */
export interface CatalogItemInput {
  catalogReference: CatalogReference;
  /** 1 to 100000. */
  quantity: number;
  catalogOverrideFields?: {
    name?: TranslatableString;
    salePrice?: ConvertedMoney;
    fullPrice?: ConvertedMoney;
    descriptionLines?: DescriptionLine[];
    physicalProperties?: PhysicalProperties;
    image?: CartV2Image;
  } & Record<string, unknown>;
  extendedFields?: { namespaces?: Record<string, Record<string, unknown>> };
  inventoryAppId?: string;
}

/** An item the site prices itself (`CustomItemInput`). */
export interface CustomItemInput {
  name: TranslatableString;
  quantityInfo: { requestedQuantity: number; availableQuantity?: number; fixedQuantity?: boolean };
  pricing: {
    price: ConvertedMoney;
    fullPrice?: ConvertedMoney;
    priceDescription?: TranslatableString;
    priceUndetermined?: boolean;
  };
  attributes: {
    itemType: { preset?: ItemTypePreset; custom?: string };
    descriptionLines?: DescriptionLine[];
    image?: CartV2Image;
    url?: PageUrlV2;
    physicalProperties?: PhysicalProperties;
    serviceProperties?: { scheduledDate?: string; numberOfParticipants?: number };
    membersOnly?: boolean;
  };
  source?: { catalogReference?: CatalogReference; rootCatalogItemId?: string; inventoryAppId?: string };
  paymentConfig?: { depositAmount?: ConvertedMoney; paymentOption?: PaymentOptionType };
  modifierGroups?: CartV2ModifierGroup[];
}

/** The settable part of a cart, for create and update (read-only fields are ignored by the platform). */
export type CartV2Input = Partial<
  Pick<
    CartV2,
    | 'id'
    | 'note'
    | 'customerInfo'
    | 'deliveryInfo'
    | 'businessInfo'
    | 'paymentInfo'
    | 'taxInfo'
    | 'customCheckoutUrl'
    | 'extendedFields'
    | 'source'
    | 'settings'
    | 'demo'
  >
>;

export interface DeliveryMethodInput {
  code: string;
  appId?: string;
}

export interface GiftCardInput {
  /** 8 to 20 characters. */
  code: string;
  redeemAmount?: ConvertedMoney;
}

export interface CreateCurrentCartV2Options {
  cart?: CartV2Input;
  catalogItems?: CatalogItemInput[];
  customItems?: CustomItemInput[];
  /** At most one. */
  coupons?: Array<{ code: string }>;
  deliveryMethod?: DeliveryMethodInput;
  /** At most five in the request, one on the cart. */
  giftCards?: GiftCardInput[];
}

export interface AddLineItemsV2Options {
  catalogItems?: CatalogItemInput[];
  customItems?: CustomItemInput[];
}

export interface LineItemUpdateV2 {
  lineItemId: string;
  /** 1 to 100000. */
  quantity?: { newQuantity: number };
  membershipPayment?: Record<string, unknown>;
}

export interface EstimateCurrentCartV2Options {
  refreshCart?: boolean;
  validationConfig?: 'SKIP_VALIDATIONS' | 'PRE_CHECKOUT_VALIDATIONS' | 'CHECKOUT_VALIDATIONS';
  /** Each component defaults to false: what is not asked for counts 0. */
  calculateDelivery?: boolean;
  calculateAdditionalFees?: boolean;
  calculateTax?: boolean;
  calculateGiftCards?: boolean;
}

export interface PlaceOrderV2Options {
  priceVerificationToken?: string;
  savePaymentMethod?: boolean;
  delayCapture?: boolean;
}

export interface PlaceOrderV2Response {
  orderId?: string;
  paymentGatewayOrderId?: string | null;
  completed?: boolean;
}

export interface UpsellOptionsV2Response {
  itemsUpsells?: Array<{ lineItemId?: string; upsells?: unknown[] }>;
}

// ——— Errors ———

/** Every application error code of CART-V2.md 5, and those of place-order and get-checkout-url. */
export const CartV2ErrorCode = /* @__PURE__ */ enumOf(
  'ITEM_NOT_FOUND_IN_CATALOG',
  'INSUFFICIENT_INVENTORY',
  'MAX_LINE_ITEMS_EXCEEDED',
  'MAX_ITEM_MODIFIERS_EXCEEDED',
  'DUPLICATE_MODIFIER_GROUP_IDS',
  'DUPLICATE_ITEM_MODIFIER_IDS',
  'LINE_ITEM_PRICE_CONFLICT',
  'FIXED_QUANTITY_ITEM',
  'INVALID_MEMBERSHIP_PAYMENT_OPTION',
  'PLAN_LINE_ITEM_NOT_FOUND',
  'INVALID_COUPON_CODE',
  'INVALID_COUPON_STATUS',
  'INVALID_GIFT_CARD_CODE',
  'INVALID_GIFT_CARD_STATUS',
  'DELIVERY_METHOD_NOT_FOUND',
  'DELIVERY_METHOD_MISSING_ADDRESS',
  'DELIVERY_METHOD_MISSING_LINE_ITEMS',
  'DEPOSIT_AMOUNT_GREATER_THAN_UNIT_PRICE',
  'NO_LINE_ITEMS_TO_ADD',
  'SUBSCRIPTION_WITH_ANCHOR_DAY_AND_FREE_TRIAL',
  'SUBSCRIPTION_WITH_ANCHOR_DAY_AND_NON_MONTHLY_FREQUENCY',
  'CART_ALREADY_ORDERED',
  'BUSINESS_LOCATION_NOT_FOUND',
  'INVALID_ADDRESS_FORMAT',
  'DATA_EXTENSION_UPDATE_FAILED',
  'LINE_ITEM_NOT_FOUND_IN_CART',
  'EMPTY_LINE_ITEM_UPDATES',
  'DUPLICATE_LINE_ITEM_UPDATES',
  'COUPON_ALREADY_EXISTS',
  'MAX_COUPONS_PER_CART_EXCEEDED',
  'COUPON_LOCKED',
  'COUPON_NOT_FOUND_IN_CART',
  'MAX_GIFT_CARDS_PER_CART_EXCEEDED',
  'GIFT_CARD_ALREADY_EXISTS',
  'GIFT_CARD_LOCKED',
  'GIFT_CARD_PAYMENT_NOT_SUPPORTED_ON_DEMO_CART',
  'GIFT_CARD_NOT_FOUND_IN_CART',
  // Cart service: place-order and get-checkout-url.
  'SITE_NOT_ACCEPTING_PAYMENTS',
  'EMPTY_CART',
  'LINE_ITEMS_OUT_OF_STOCK',
  'CART_PRICES_OUT_OF_SYNC',
  'INVALID_THIRD_PARTY_CHECKOUT_TOKEN',
  'INVALID_PRICE_VERIFICATION_TOKEN',
  'VIOLATIONS_WITH_ERROR_SEVERITY',
  'CALCULATION_ERROR',
  'CHECKOUT_PAGE_NOT_FOUND',
  'SITE_NOT_PUBLISHED',
  // No current cart (as v1), or no cart of the caller's by that id.
  'OWNED_CART_NOT_FOUND',
  'CART_NOT_FOUND',
);
export type CartV2ErrorCode = EnumValue<typeof CartV2ErrorCode>;

/** Identifies a line in an error's data: by its id in the cart, or by the catalogue item asked for. */
export interface LineItemIdentifier {
  lineItemId?: string;
  catalogReference?: CatalogReference;
}

/** The `data` each Cart V2 application error carries (CART-V2.md 5); codes not listed carry none. */
export interface CartV2ErrorData {
  ITEM_NOT_FOUND_IN_CATALOG: { invalidItems?: LineItemIdentifier[] };
  /** Note `id`, not `lineItemId`, for the identifier. */
  INSUFFICIENT_INVENTORY: {
    invalidItems?: Array<{ id?: LineItemIdentifier; requestedQuantity?: number; availableQuantity?: number }>;
  };
  MAX_LINE_ITEMS_EXCEEDED: { requestCount?: number; maxCount?: number };
  MAX_ITEM_MODIFIERS_EXCEEDED: { requestCount?: number; maxCount?: number };
  FIXED_QUANTITY_ITEM: { invalidItems?: LineItemIdentifier[] };
  INVALID_COUPON_CODE: { couponCode?: string };
  INVALID_COUPON_STATUS: { couponCode?: string; reason?: string };
  INVALID_GIFT_CARD_CODE: { giftCardCode?: string; giftCardId?: string | null };
  INVALID_GIFT_CARD_STATUS: {
    giftCardCode?: string;
    reason?: 'EXPIRED' | 'DISABLED' | 'EMPTY_BALANCE';
    giftCardId?: string | null;
  };
  DELIVERY_METHOD_NOT_FOUND: { code?: string; appId?: string };
  CART_ALREADY_ORDERED: { cartId?: string; orderId?: string };
  LINE_ITEM_NOT_FOUND_IN_CART: { lineItemIds?: string[] };
  EMPTY_LINE_ITEM_UPDATES: { lineItemIds?: string[] };
  DUPLICATE_LINE_ITEM_UPDATES: { duplicateLineItemIds?: string[] };
  COUPON_ALREADY_EXISTS: { couponCode?: string };
  COUPON_NOT_FOUND_IN_CART: { couponId?: string };
  GIFT_CARD_ALREADY_EXISTS: { giftCardCode?: string };
  GIFT_CARD_NOT_FOUND_IN_CART: { giftCardId?: string };
  LINE_ITEMS_OUT_OF_STOCK: { lineItemIds?: string[]; allLineItemsOutOfStock?: boolean };
  INVALID_PRICE_VERIFICATION_TOKEN: { token?: string };
  VIOLATIONS_WITH_ERROR_SEVERITY: { violations?: CartV2Violation[] };
}
