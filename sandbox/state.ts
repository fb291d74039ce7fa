import type { Collection } from '../src/api/types/collections';
import type { Member } from '../src/api/types/members';
import type { Product } from '../src/api/types/products';
import type { Artwork } from './media';

/** A coupon the cart accepts by code. */
export interface CouponDef {
  id: string;
  code: string;
  name: string;
  kind: 'percentage' | 'amount' | 'freeShipping';
  /** Percent for `percentage`, cents for `amount`. */
  value: number;
  /** The coupon applies only when the subtotal reaches this many cents. */
  minimumSubtotalCents?: number;
  /** ISO date after which the coupon is refused as expired. */
  expirationDate?: string;
}

export interface PickupDef {
  method: 'STORE_PICKUP' | 'PICKUP_POINT';
  address: {
    addressLine: string;
    city: string;
    subdivision: string;
    country: string;
    postalCode: string;
  };
  instructions: string;
}

/** A shipping option offered at estimate time. */
export interface ShippingOptionDef {
  code: string;
  title: string;
  carrierId: string;
  costCents: number;
  /** Orders whose discounted subtotal reaches this ship free with this option. */
  freeOverCents?: number;
  deliveryTime: string;
  /** Countries (ISO 3166-1 alpha-2) served; `*` for all others. */
  countries: string[];
  pickup?: PickupDef;
  /** Delivery windows offered on each of the next days, as [start hour, end hour) in UTC. */
  timeSlotHours?: Array<[number, number]>;
}

/** What the identity service knows of a member: the login email and the scrypt hash of the password. */
export interface IdentityRecord {
  memberId: string;
  email: string;
  salt: string;
  passwordHash: string;
  emailVerified: boolean;
}

export interface StoreInfo {
  siteId: string;
  name: string;
  currency: string;
  weightUnit: 'KG' | 'LB';
  country: string;
  locale: string;
}

/** Everything the sandbox remembers between calls. `reset()` replaces it with a fresh seed. */
export interface SandboxState {
  store: StoreInfo;
  products: Map<string, Product>;
  collections: Map<string, Collection>;
  members: Map<string, Member>;
  /** By lower-cased login email. */
  identities: Map<string, IdentityRecord>;
  coupons: CouponDef[];
  shippingOptions: ShippingOptionDef[];
  /** Images served at `/_sandbox/media/<name>.svg`. */
  artwork: Map<string, Artwork>;
}
