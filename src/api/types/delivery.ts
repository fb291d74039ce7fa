import type {
  Address,
  CatalogReference,
  DeliveryLogistics,
  FullAddressContactDetails,
  MultiCurrencyPrice,
  PhysicalProperties,
} from './cart';
import { type EnumValue, enumOf, type SubscriptionFrequency, type WeightUnit } from './enums';
import type { ApplicationErrorDetails, FieldViolation } from './errors';

/**
 * Delivery solutions (`wix.ecom.deliveryprofile.v1.DeliveryRates.GetDeliverySolutions`, the official SDK's
 * `@wix/ecom` `deliverySolutions`): the delivery options of every carrier for some items and an address, which
 * Cart V2 does not list. Wire names, from the SDK's REST types (`meta.d.ts`): ids are `id`, money decimal strings.
 */

/** An item to deliver (1 to 300 a request). */
export interface DeliverableItem {
  /** The line's id (1–100 characters), e.g. the cart line's. */
  id?: string;
  name?: string;
  /** 1 to 999999999. */
  quantity?: number;
  catalogReference?: CatalogReference;
  /** `weight` in the request's `weightUnit`; `shippable: false` leaves the item out of delivery. */
  physicalProperties?: PhysicalProperties;
  /**
   * One item's price after discounts (decimal string).
   * @deprecated Use `totalPrice`; the platform removes it on 2026-04-04.
   */
  price?: string;
  /** The line's price before discounts (decimal string). */
  totalPriceBeforeDiscount?: string | null;
  /** One item's price before discounts (decimal string). */
  priceBeforeDiscount?: string | null;
  /** The line's price after discounts, `price × quantity` (decimal string): what free-delivery thresholds count. */
  totalPrice?: string | null;
  deliveryProfileId?: string | null;
  taxIncludedInPrice?: boolean | null;
  subscriptionSettings?: { frequency?: SubscriptionFrequency };
}

/** A delivery option named by its code and its carrier's app id (`userPreferences`, `deliveryReference`). */
export interface DeliveryReference {
  /** The option's code, e.g. `"standard"`: what Cart V2's `set-delivery-method` takes. */
  code?: string | null;
  /** The carrier's app id. */
  appId?: string | null;
}

export interface DeliveryContactDetails extends FullAddressContactDetails {
  email?: string;
}

/** The request of `getDeliverySolutions`. */
export interface GetDeliverySolutionsRequest {
  /** 1 to 300 items. */
  lineItems: DeliverableItem[];
  /** Where the items go; its `country` decides the options offered. */
  destination: Address;
  origin?: Address;
  /** The ISO 4217 code the costs are in, e.g. `"USD"`. */
  currency: string;
  contactDetails?: DeliveryContactDetails;
  /** The unit of the items' weights; the site's when left out. */
  weightUnit?: WeightUnit;
  /** Up to 5 options the shopper prefers. */
  userPreferences?: DeliveryReference[];
  /** The id shared by the cart, checkout and order of one purchase. */
  purchaseFlowId?: string | null;
  /** Up to 20 references to an external resource (e.g. a pay link). */
  externalReferences?: Array<{ appId?: string; resourceId?: string | null }>;
  extendedFields?: { namespaces?: Record<string, Record<string, unknown>> };
}

/** A delivery window. */
export interface DeliveryTimeSlot {
  /** ISO-8601 date-time. */
  from?: string;
  /** ISO-8601 date-time. */
  to?: string;
  /** IANA time zone (`"America/New_York"`); the site's business location's when left out. */
  timeZone?: string | null;
}

/** How and when a solution delivers: v1's logistics, with the time slot's time zone. */
export interface DeliverySolutionLogistics extends DeliveryLogistics {
  deliveryTimeSlot?: DeliveryTimeSlot;
}

export interface DeliveryCost {
  /**
   * The price (decimal string).
   * @deprecated The platform's types move it to `deliveryPrice.amount` (removal 2025-12-01); still sent.
   */
  price?: string;
  /** @deprecated With `price`. */
  currency?: string;
  deliveryPrice?: MultiCurrencyPrice;
  /** Up to 100 extra charges, e.g. a handling fee. */
  additionalCosts?: Array<{ description?: string | null; deliveryPrice?: MultiCurrencyPrice }>;
}

/** Which carrier and region deliver a solution (several when carriers combine). */
export interface DeliveryAllocation {
  deliveryCarrier?: { appId?: string | null; code?: string };
  deliveryRegion?: { id?: string | null; name?: string | null };
  /** Only for a partial solution: the lines it delivers. */
  applicableLineItems?: { lineItemIds?: string[] };
}

/** One delivery option for the items and address, with its cost. */
export interface DeliverySolution {
  /**
   * The option's code.
   * @deprecated Use `deliveryReference.code` (removal 2026-01-01).
   */
  code?: string;
  deliveryReference?: DeliveryReference;
  title?: string;
  logistics?: DeliverySolutionLogistics;
  cost?: DeliveryCost;
  deliveryAllocations?: DeliveryAllocation[];
  /** Whether the solution delivers only some of the items. */
  partial?: boolean | null;
}

/** A carrier that could not price the delivery. */
export interface DeliveryCarrierError {
  appId?: string | null;
  errorDetails?: {
    applicationError?: ApplicationErrorDetails;
    validationError?: { fieldViolations?: FieldViolation[] };
    systemError?: { errorCode?: string | null };
  };
}

/** The answer of `getDeliverySolutions`. */
export interface GetDeliverySolutionsResponse {
  /** Every option offered (none for an address no carrier serves). */
  deliverySolutions?: DeliverySolution[];
  /** Carriers that could not price the delivery. */
  errors?: DeliveryCarrierError[];
}

/** The application error codes the SDK types for `getDeliverySolutions`. */
export const DeliverySolutionsErrorCode = /* @__PURE__ */ enumOf(
  'MISSING_CURRENCY_IN_THE_REQUEST_HEADERS',
  'MISSING_DEFAULT_DELIVERY_PROFILE',
  'NO_DELIVERY_REGION_FOUND',
  'REQUIRED_COUNTRY',
);
export type DeliverySolutionsErrorCode = EnumValue<typeof DeliverySolutionsErrorCode>;
