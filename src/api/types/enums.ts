/**
 * Every enum of SPEC.md points 3, 4 and 9 as an exported constant object plus a union type of the same name.
 *
 * @example
 * import { MemberStatus } from 'storefront-widgets/api';
 * if (member.status === MemberStatus.PENDING) { … }
 */

/** Builds `{ A: 'A', B: 'B' }` from its values, typed so each key is its own literal. */
export function enumOf<const T extends readonly string[]>(...values: T): { readonly [K in T[number]]: K } {
  const out: Record<string, string> = {};
  for (const value of values) out[value] = value;
  return Object.freeze(out) as { readonly [K in T[number]]: K };
}

/** The union of an `enumOf` object's values. */
export type EnumValue<E> = E[keyof E];

// Members (SPEC.md 4)
export const MemberStatus = /* @__PURE__ */ enumOf('UNKNOWN', 'PENDING', 'APPROVED', 'BLOCKED', 'OFFLINE');
export type MemberStatus = EnumValue<typeof MemberStatus>;
export const PrivacyStatus = /* @__PURE__ */ enumOf('UNKNOWN', 'PRIVATE', 'PUBLIC');
export type PrivacyStatus = EnumValue<typeof PrivacyStatus>;
export const ActivityStatus = /* @__PURE__ */ enumOf('UNKNOWN', 'ACTIVE', 'MUTED');
export type ActivityStatus = EnumValue<typeof ActivityStatus>;
export const MemberFieldset = /* @__PURE__ */ enumOf('PUBLIC', 'EXTENDED', 'FULL');
export type MemberFieldset = EnumValue<typeof MemberFieldset>;

// Cart and catalogue availability (SPEC.md 4)
export const ItemAvailabilityStatus = /* @__PURE__ */ enumOf(
  'AVAILABLE',
  'NOT_FOUND',
  'NOT_AVAILABLE',
  'PARTIALLY_AVAILABLE',
);
export type ItemAvailabilityStatus = EnumValue<typeof ItemAvailabilityStatus>;
export const InventoryStatus = /* @__PURE__ */ enumOf('IN_STOCK', 'OUT_OF_STOCK', 'PARTIALLY_OUT_OF_STOCK');
export type InventoryStatus = EnumValue<typeof InventoryStatus>;

// Sites, deletes, redirects (SPEC.md 4)
export const SiteState = /* @__PURE__ */ enumOf('UNKNOWN', 'ENABLED', 'DISABLED', 'PENDING', 'DEMO');
export type SiteState = EnumValue<typeof SiteState>;
export const DeleteStatus = /* @__PURE__ */ enumOf('UNKNOWN', 'TRASH', 'DELETED', 'PENDING_PURGE');
export type DeleteStatus = EnumValue<typeof DeleteStatus>;
export const RedirectSessionStatus = /* @__PURE__ */ enumOf('UNKNOWN', 'SUCCESS', 'ERROR');
export type RedirectSessionStatus = EnumValue<typeof RedirectSessionStatus>;
export const AttachPagesStatus = /* @__PURE__ */ enumOf('UNKNOWN', 'SUCCESS', 'NO_ACTION', 'ERROR');
export type AttachPagesStatus = EnumValue<typeof AttachPagesStatus>;
export const CallbackType = /* @__PURE__ */ enumOf('UNKNOWN', 'LOGOUT', 'CHECKOUT', 'AUTHORIZE');
export type CallbackType = EnumValue<typeof CallbackType>;
export const MembersAccountSection = /* @__PURE__ */ enumOf(
  'ACCOUNT_INFO',
  'BOOKINGS',
  'ORDERS',
  'SUBSCRIPTIONS',
  'EVENTS',
);
export type MembersAccountSection = EnumValue<typeof MembersAccountSection>;

// Sign-in (SPEC.md 4)
export const ServerAuthState = /* @__PURE__ */ enumOf(
  'UNKNOWN_STATE',
  'SUCCESS',
  'REQUIRE_OWNER_APPROVAL',
  'REQUIRE_EMAIL_VERIFICATION',
  'STATUS_CHECK',
  'REQUIRE_MISSING_FIELDS',
);
export type ServerAuthState = EnumValue<typeof ServerAuthState>;
export const LoginState = /* @__PURE__ */ enumOf(
  'INITIAL',
  'SUCCESS',
  'OWNER_APPROVAL_REQUIRED',
  'EMAIL_VERIFICATION_REQUIRED',
  'FAILURE',
  'USER_CAPTCHA_REQUIRED',
  'SILENT_CAPTCHA_REQUIRED',
);
export type LoginState = EnumValue<typeof LoginState>;
export const TokenRole = /* @__PURE__ */ enumOf('none', 'visitor', 'member');
export type TokenRole = EnumValue<typeof TokenRole>;
export const LoginPrompt = /* @__PURE__ */ enumOf('login', 'none', 'consent', 'select_account');
export type LoginPrompt = EnumValue<typeof LoginPrompt>;

// Identity (SPEC.md 3 and 6)
export const AddressTag = /* @__PURE__ */ enumOf('UNTAGGED', 'HOME', 'WORK', 'BILLING', 'SHIPPING');
export type AddressTag = EnumValue<typeof AddressTag>;
export const EmailTag = /* @__PURE__ */ enumOf('UNTAGGED', 'MAIN', 'HOME', 'WORK');
export type EmailTag = EnumValue<typeof EmailTag>;
export const PhoneTag = /* @__PURE__ */ enumOf('UNTAGGED', 'MAIN', 'HOME', 'MOBILE', 'WORK', 'FAX');
export type PhoneTag = EnumValue<typeof PhoneTag>;
export const IdentityPrivacyStatus = /* @__PURE__ */ enumOf('UNDEFINED', 'PUBLIC', 'PRIVATE');
export type IdentityPrivacyStatus = EnumValue<typeof IdentityPrivacyStatus>;
export const IdentityStatus = /* @__PURE__ */ enumOf(
  'UNKNOWN_STATUS',
  'PENDING',
  'ACTIVE',
  'DELETED',
  'BLOCKED',
  'OFFLINE',
);
export type IdentityStatus = EnumValue<typeof IdentityStatus>;
export const StatusReason = /* @__PURE__ */ enumOf(
  'UNKNOWN_REASON',
  'PENDING_ADMIN_APPROVAL_REQUIRED',
  'PENDING_EMAIL_VERIFICATION_REQUIRED',
  'PENDING_REQUIRED_FIELDS_MISSING',
);
export type StatusReason = EnumValue<typeof StatusReason>;
export const TenantType = /* @__PURE__ */ enumOf('UNKNOWN_TENANT_TYPE', 'ACCOUNT', 'SITE', 'ROOT');
export type TenantType = EnumValue<typeof TenantType>;
export const IdentityType = /* @__PURE__ */ enumOf(
  'UNKNOWN',
  'ANONYMOUS_VISITOR',
  'MEMBER',
  'WIX_USER',
  'APP',
);
export type IdentityType = EnumValue<typeof IdentityType>;

// Validation (SPEC.md 5)
export const RuleType = /* @__PURE__ */ enumOf(
  'VALIDATION',
  'OTHER',
  'MAX',
  'MIN',
  'MAX_LENGTH',
  'MIN_LENGTH',
  'MAX_SIZE',
  'MIN_SIZE',
  'FORMAT',
  'DECIMAL_LTE',
  'DECIMAL_GTE',
  'DECIMAL_LT',
  'DECIMAL_GT',
  'DECIMAL_MAX_SCALE',
  'INVALID_ENUM_VALUE',
  'REQUIRED_FIELD',
  'FIELD_NOT_ALLOWED',
  'ONE_OF_ALIGNMENT',
);
export type RuleType = EnumValue<typeof RuleType>;
export const Severity = /* @__PURE__ */ enumOf('WARNING', 'ERROR');
export type Severity = EnumValue<typeof Severity>;

// Business constants (SPEC.md 9)
export const SortOrder = /* @__PURE__ */ enumOf('ASC', 'DESC');
export type SortOrder = EnumValue<typeof SortOrder>;
export const PagingMethod = /* @__PURE__ */ enumOf('OFFSET', 'CURSOR');
export type PagingMethod = EnumValue<typeof PagingMethod>;
export const WeightUnit = /* @__PURE__ */ enumOf('UNSPECIFIED_WEIGHT_UNIT', 'KG', 'LB');
export type WeightUnit = EnumValue<typeof WeightUnit>;
export const MeasurementUnit = /* @__PURE__ */ enumOf(
  'UNSPECIFIED',
  'ML',
  'CL',
  'L',
  'CBM',
  'MG',
  'G',
  'KG',
  'MM',
  'CM',
  'M',
  'SQM',
  'OZ',
  'LB',
  'FLOZ',
  'PT',
  'QT',
  'GAL',
  'IN',
  'FT',
  'YD',
  'SQFT',
);
export type MeasurementUnit = EnumValue<typeof MeasurementUnit>;
export const DimensionsUnit = /* @__PURE__ */ enumOf(
  'UNKNOWN_DIMENSIONS_UNIT',
  'MM',
  'CM',
  'M',
  'IN',
  'FT',
  'YD',
);
export type DimensionsUnit = EnumValue<typeof DimensionsUnit>;
export const SubscriptionFrequency = /* @__PURE__ */ enumOf('UNDEFINED', 'DAY', 'WEEK', 'MONTH', 'YEAR');
export type SubscriptionFrequency = EnumValue<typeof SubscriptionFrequency>;
export const ItemTypePreset = /* @__PURE__ */ enumOf(
  'UNRECOGNISED',
  'PHYSICAL',
  'DIGITAL',
  'GIFT_CARD',
  'SERVICE',
);
export type ItemTypePreset = EnumValue<typeof ItemTypePreset>;
export const PaymentOptionType = /* @__PURE__ */ enumOf(
  'FULL_PAYMENT_ONLINE',
  'FULL_PAYMENT_OFFLINE',
  'MEMBERSHIP',
  'DEPOSIT_ONLINE',
  'MEMBERSHIP_OFFLINE',
  'MEMBERSHIP_ONLINE_WITH_OFFLINE_REMAINDER',
);
export type PaymentOptionType = EnumValue<typeof PaymentOptionType>;
export const TaxableAddressType = /* @__PURE__ */ enumOf('BUSINESS', 'BILLING', 'SHIPPING');
export type TaxableAddressType = EnumValue<typeof TaxableAddressType>;
export const VatType = /* @__PURE__ */ enumOf('UNSPECIFIED', 'CPF', 'CNPJ');
export type VatType = EnumValue<typeof VatType>;
export const JurisdictionType = /* @__PURE__ */ enumOf('COUNTRY', 'STATE', 'COUNTY', 'CITY', 'SPECIAL');
export type JurisdictionType = EnumValue<typeof JurisdictionType>;
export const RateType = /* @__PURE__ */ enumOf(
  'NO_TAX_COLLECTED',
  'MANUAL_RATE',
  'AUTO_RATE',
  'FALLBACK_RATE',
);
export type RateType = EnumValue<typeof RateType>;
export const ManualCalculationReason = /* @__PURE__ */ enumOf(
  'GLOBAL_SETTING_TO_MANUAL',
  'REGION_SETTING_TO_MANUAL',
);
export type ManualCalculationReason = EnumValue<typeof ManualCalculationReason>;
export const FallbackReason = /* @__PURE__ */ enumOf('AUTO_TAX_FAILED', 'AUTO_TAX_DEACTIVATED');
export type FallbackReason = EnumValue<typeof FallbackReason>;
export const PickupMethod = /* @__PURE__ */ enumOf('STORE_PICKUP', 'PICKUP_POINT');
export type PickupMethod = EnumValue<typeof PickupMethod>;
export const ChargeType = /* @__PURE__ */ enumOf('HANDLING_FEE', 'INSURANCE');
export type ChargeType = EnumValue<typeof ChargeType>;
export const CartDiscountType = /* @__PURE__ */ enumOf('GLOBAL', 'SPECIFIC_ITEMS', 'SHIPPING');
export type CartDiscountType = EnumValue<typeof CartDiscountType>;
export const ProductDiscountType = /* @__PURE__ */ enumOf('UNDEFINED', 'NONE', 'AMOUNT', 'PERCENT');
export type ProductDiscountType = EnumValue<typeof ProductDiscountType>;
export const DescriptionLineType = /* @__PURE__ */ enumOf('PLAIN_TEXT', 'COLOR');
export type DescriptionLineType = EnumValue<typeof DescriptionLineType>;
export const FileType = /* @__PURE__ */ enumOf(
  'SECURE_PICTURE',
  'SECURE_VIDEO',
  'SECURE_DOCUMENT',
  'SECURE_MUSIC',
  'SECURE_ARCHIVE',
);
export type FileType = EnumValue<typeof FileType>;
export const ChannelType = /* @__PURE__ */ enumOf(
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
);
export type ChannelType = EnumValue<typeof ChannelType>;
export const ProductType = /* @__PURE__ */ enumOf('unspecified_product_type', 'physical', 'digital');
export type ProductType = EnumValue<typeof ProductType>;
export const OptionType = /* @__PURE__ */ enumOf('unspecified_option_type', 'drop_down', 'color');
export type OptionType = EnumValue<typeof OptionType>;
export const MediaItemType = /* @__PURE__ */ enumOf(
  'unspecified_media_item_type',
  'image',
  'video',
  'audio',
  'document',
  'zip',
);
export type MediaItemType = EnumValue<typeof MediaItemType>;
export const CatalogVersion = /* @__PURE__ */ enumOf('V1_CATALOG', 'V3_CATALOG');
export type CatalogVersion = EnumValue<typeof CatalogVersion>;
export const AdditionalFeeSource = /* @__PURE__ */ enumOf(
  'UNKNOWN_ADDITIONAL_FEE_SOURCE',
  'SERVICE_PLUGIN',
  'ITEM',
  'MANUAL',
  'SHIPPING',
  'PLATFORM',
);
export type AdditionalFeeSource = EnumValue<typeof AdditionalFeeSource>;
export const FactorType = /* @__PURE__ */ enumOf(
  'PASSWORD',
  'SMS',
  'CALL',
  'EMAIL',
  'TOTP',
  'PUSH',
  'WEBAUTHN',
  'RECOVERY_CODE',
);
export type FactorType = EnumValue<typeof FactorType>;
export const FactorStatus = /* @__PURE__ */ enumOf('INACTIVE', 'ACTIVE', 'REQUIRE_REENROLL');
export type FactorStatus = EnumValue<typeof FactorStatus>;

/** The store catalogue's app id, named in every catalog reference of a store product (WIRE.md 5). */
export const STORES_APP_ID = '215238eb-22a5-4c36-9e7b-e7c08025e04e';
