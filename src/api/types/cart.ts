import type { AddressLocation, StreetAddress } from './common';
import type {
  AdditionalFeeSource,
  CartDiscountType,
  ChannelType,
  ChargeType,
  FallbackReason,
  ItemAvailabilityStatus,
  ItemTypePreset,
  ManualCalculationReason,
  PaymentOptionType,
  RateType,
  Severity,
  SubscriptionFrequency,
  TaxableAddressType,
  VatType,
  WeightUnit,
} from './enums';
import type { ApplicationErrorDetails, FieldViolation } from './errors';

/** Money in cart and checkout: decimal strings (`"19.99"`), with the platform's formatting. */
export interface MultiCurrencyPrice {
  amount?: string;
  convertedAmount?: string;
  formattedAmount?: string;
  formattedConvertedAmount?: string;
}

export interface TranslatableString {
  original?: string;
  translated?: string;
}

export interface CatalogReference {
  catalogItemId: string;
  appId: string;
  /** Store products: `{variantId}` or `{options: {Size: "Medium"}}` (choices by their description), plus `customTextFields`. */
  options?: Record<string, unknown>;
}

export interface DescriptionLine {
  name?: TranslatableString;
  plainText?: TranslatableString;
  colorInfo?: TranslatableString & { code?: string };
}

export interface ItemAvailabilityInfo {
  status?: ItemAvailabilityStatus;
  quantityAvailable?: number;
}

export interface PhysicalProperties {
  weight?: number;
  sku?: string;
  shippable?: boolean;
}

export interface ItemType {
  preset?: ItemTypePreset;
  custom?: string;
}

export interface SubscriptionSettings {
  frequency?: SubscriptionFrequency;
  interval?: number;
  autoRenewal?: boolean;
  billingCycles?: number;
}

export interface ServiceProperties {
  scheduledDate?: string;
  numberOfParticipants?: number;
}

export interface CatalogOverrideFields {
  productName?: TranslatableString;
  price?: string;
  fullPrice?: string;
  descriptionLines?: DescriptionLine[];
  physicalProperties?: PhysicalProperties;
  image?: string;
  paymentOption?: { value?: PaymentOptionType };
  depositAmount?: string;
}

export interface LineItem {
  id?: string;
  quantity?: number;
  catalogReference?: CatalogReference;
  productName?: TranslatableString;
  url?: string;
  price?: MultiCurrencyPrice;
  fullPrice?: MultiCurrencyPrice;
  priceBeforeDiscounts?: MultiCurrencyPrice;
  lineItemPrice?: MultiCurrencyPrice;
  descriptionLines?: DescriptionLine[];
  image?: string;
  availability?: ItemAvailabilityInfo;
  physicalProperties?: PhysicalProperties;
  itemType?: ItemType;
  subscriptionOptionInfo?: {
    subscriptionSettings?: SubscriptionSettings;
    title?: TranslatableString;
    description?: TranslatableString;
  };
  paymentOption?: PaymentOptionType;
  serviceProperties?: ServiceProperties;
  rootCatalogItemId?: string;
  priceDescription?: TranslatableString;
  depositAmount?: MultiCurrencyPrice;
  customLineItem?: boolean;
  priceUndetermined?: boolean;
  fixedQuantity?: boolean;
  catalogOverrideFields?: CatalogOverrideFields;
  taxableAddress?: { addressType?: TaxableAddressType };
  membersOnly?: boolean;
}

/** A line the site prices itself (not from the catalogue). */
export interface CustomLineItem {
  id?: string;
  quantity: number;
  price: string;
  productName: TranslatableString;
  itemType: ItemType;
  descriptionLines?: DescriptionLine[];
  media?: string;
  url?: string;
  fullPrice?: string;
  physicalProperties?: PhysicalProperties;
  serviceProperties?: ServiceProperties;
  paymentOption?: PaymentOptionType;
  catalogReference?: CatalogReference;
  priceDescription?: TranslatableString;
  quantityAvailable?: number;
}

export interface Address {
  country?: string;
  subdivision?: string;
  city?: string;
  postalCode?: string;
  streetAddress?: StreetAddress;
  addressLine?: string;
  addressLine2?: string;
  geocode?: AddressLocation;
  countryFullname?: string;
  subdivisionFullname?: string;
}

export interface FullAddressContactDetails {
  firstName?: string;
  lastName?: string;
  phone?: string;
  company?: string;
  vatId?: { id?: string; type?: VatType };
}

export interface AddressWithContact {
  address?: Address;
  contactDetails?: FullAddressContactDetails;
}

export interface BuyerInfo {
  visitorId?: string;
  memberId?: string;
  userId?: string;
  contactId?: string;
  email?: string;
}

export interface CartDiscount {
  coupon?: { id?: string; code?: string };
  merchantDiscount?: { amount?: MultiCurrencyPrice };
}

export interface SelectedShippingOption {
  carrierId?: string;
  code: string;
}

export interface Cart {
  id?: string;
  lineItems?: LineItem[];
  buyerNote?: string;
  buyerInfo?: BuyerInfo;
  currency?: string;
  conversionCurrency?: string;
  buyerLanguage?: string;
  siteLanguage?: string;
  taxIncludedInPrices?: boolean;
  weightUnit?: WeightUnit;
  checkoutId?: string;
  appliedDiscounts?: CartDiscount[];
  createdDate?: string;
  updatedDate?: string;
  contactInfo?: AddressWithContact;
  overrideCheckoutUrl?: string;
  purchaseFlowId?: string;
  selectedShippingOption?: SelectedShippingOption;
  businessLocationId?: string;
  paymentCurrency?: string;
  revision?: string;
}

export interface CartResponse {
  cart: Cart;
}

/** `PATCH /ecom/v1/carts/current` (SPEC.md 3 update payload). */
export interface UpdateCartOptions {
  cartInfo?: Pick<
    Cart,
    | 'buyerNote'
    | 'buyerInfo'
    | 'contactInfo'
    | 'selectedShippingOption'
    | 'businessLocationId'
    | 'overrideCheckoutUrl'
    | 'buyerLanguage'
  > &
    Record<string, unknown>;
  couponCode?: string;
  merchantDiscounts?: Array<{ amount: string; lineItemIds?: string[] }>;
  lineItems?: LineItem[];
  customLineItems?: CustomLineItem[];
  cartFieldmask?: string;
}

export interface AddToCartOptions {
  lineItems?: LineItem[];
  customLineItems?: CustomLineItem[];
}

export interface CreateCheckoutOptions {
  channelType: ChannelType;
  shippingAddress?: Address;
  billingAddress?: Address;
  selectedShippingOption?: SelectedShippingOption;
  email?: string;
}

export interface CreateCheckoutResponse {
  checkoutId: string;
}

export interface EstimateTotalsOptions {
  selectedShippingOption?: SelectedShippingOption;
  shippingAddress?: Address;
  billingAddress?: Address;
  selectedMemberships?: { memberships?: Array<{ id: string; appId: string; lineItemIds: string[] }> };
}

export interface ItemTaxFullDetails {
  taxableAmount?: MultiCurrencyPrice;
  taxRate?: string;
  totalTax?: MultiCurrencyPrice;
}

export interface LineItemPricesData {
  totalPriceAfterTax?: MultiCurrencyPrice;
  totalPriceBeforeTax?: MultiCurrencyPrice;
  taxDetails?: ItemTaxFullDetails;
  totalDiscount?: MultiCurrencyPrice;
  price?: MultiCurrencyPrice;
  priceBeforeDiscounts?: MultiCurrencyPrice;
  lineItemPrice?: MultiCurrencyPrice;
  fullPrice?: MultiCurrencyPrice;
}

export interface CalculatedLineItem {
  lineItemId?: string;
  pricesBreakdown?: LineItemPricesData;
  paymentOption?: PaymentOptionType;
}

export interface PriceSummary {
  subtotal?: MultiCurrencyPrice;
  shipping?: MultiCurrencyPrice;
  tax?: MultiCurrencyPrice;
  discount?: MultiCurrencyPrice;
  total?: MultiCurrencyPrice;
  additionalFees?: MultiCurrencyPrice;
}

export interface PickupDetails {
  address?: Address;
  pickupMethod?: 'STORE_PICKUP' | 'PICKUP_POINT';
}

export interface DeliveryLogistics {
  deliveryTime?: string;
  instructions?: string;
  pickupDetails?: PickupDetails;
  deliveryTimeSlot?: { from?: string; to?: string };
}

export interface ShippingPrice {
  price?: MultiCurrencyPrice;
  otherCharges?: Array<{ type?: ChargeType; price?: MultiCurrencyPrice }>;
}

export interface ShippingOption {
  code?: string;
  title?: string;
  logistics?: DeliveryLogistics;
  cost?: ShippingPrice;
  partial?: boolean;
}

export interface SelectedCarrierServiceOption {
  code?: string;
  title?: string;
  logistics?: DeliveryLogistics;
  cost?: {
    totalPriceAfterTax?: MultiCurrencyPrice;
    totalPriceBeforeTax?: MultiCurrencyPrice;
    price?: MultiCurrencyPrice;
    totalDiscount?: MultiCurrencyPrice;
  };
  requestedShippingOption?: boolean;
  carrierId?: string;
}

export interface ShippingInformation {
  region?: { id?: string; name?: string };
  selectedCarrierServiceOption?: SelectedCarrierServiceOption;
  carrierServiceOptions?: Array<{ carrierId?: string; shippingOptions?: ShippingOption[] }>;
}

export interface AppliedDiscount {
  coupon?: { id?: string; code?: string; amount?: MultiCurrencyPrice; name?: string };
  merchantDiscount?: { amount?: MultiCurrencyPrice; percentage?: number };
  discountRule?: { id?: string; name?: TranslatableString; amount?: MultiCurrencyPrice };
  discountType?: CartDiscountType;
  lineItemIds?: string[];
}

export interface CalculationErrorDetails {
  applicationError?: ApplicationErrorDetails;
  validationError?: { fieldViolations?: FieldViolation[] };
}

export interface CalculationErrors {
  generalShippingCalculationError?: CalculationErrorDetails;
  carrierErrors?: { errors?: Array<{ carrierId?: string; error?: CalculationErrorDetails }> };
  selectedShippingOptionError?: CalculationErrorDetails;
  taxCalculationError?: CalculationErrorDetails;
  couponCalculationError?: CalculationErrorDetails;
  orderValidationErrors?: ApplicationErrorDetails[];
}

export interface Membership {
  id?: string;
  appId?: string;
  name?: TranslatableString;
  lineItemIds?: string[];
  credits?: { total?: number; remaining?: number };
  expirationDate?: string;
}

export interface TaxSummary {
  taxableAmount?: MultiCurrencyPrice;
  totalTax?: MultiCurrencyPrice;
  calculationDetails?: {
    rateType?: RateType;
    manualRateReason?: ManualCalculationReason;
    autoTaxFallbackDetails?: { fallbackReason?: FallbackReason };
  };
}

export interface EstimateTotalsResponse {
  cart?: Cart;
  calculatedLineItems?: CalculatedLineItem[];
  priceSummary?: PriceSummary;
  taxSummary?: TaxSummary;
  shippingInfo?: ShippingInformation;
  appliedDiscounts?: AppliedDiscount[];
  calculationErrors?: CalculationErrors;
  weightUnit?: WeightUnit;
  currency?: string;
  payNow?: PriceSummary;
  payLater?: PriceSummary;
  membershipOptions?: {
    eligibleMemberships?: Membership[];
    invalidMemberships?: Array<{ membership?: Membership; reason?: string }>;
    selectedMemberships?: Array<{ id?: string; appId?: string; lineItemIds?: string[] }>;
  };
  additionalFees?: Array<{
    code?: string;
    name?: string;
    price?: MultiCurrencyPrice;
    source?: AdditionalFeeSource;
  }>;
  violations?: Array<{ severity?: Severity; description?: string; target?: { lineItem?: { id?: string } } }>;
}
