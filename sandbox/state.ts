import type { Collection } from '../src/api/types/collections';
import type { Member } from '../src/api/types/members';
import type { Product } from '../src/api/types/products';
import type { RedirectSession } from '../src/api/types/redirects';
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

/** A catalogue line in a cart, as stored: live prices and availability are computed on every read. */
export interface StoredLine {
  id: string;
  productId: string;
  variantId: string;
  quantity: number;
  /** The catalog reference as the client sent it (echoed back). */
  catalogReference: { appId: string; catalogItemId: string; options?: Record<string, unknown> };
  /** The last add or update asked for more than the stock held, so the quantity was reduced. */
  reduced: boolean;
}

/** A line the site priced itself (`customLineItems`). */
export interface StoredCustomLine {
  id: string;
  quantity: number;
  priceCents: number;
  fullPriceCents?: number;
  productName: string;
  itemType: 'PHYSICAL' | 'DIGITAL' | 'GIFT_CARD' | 'SERVICE';
  descriptionLines: Array<{ name: string; value: string }>;
  media?: string;
  url?: string;
  weight?: number;
}

export interface StoredCart {
  id: string;
  /** `visitor:<id>` or `member:<id>`. */
  owner: string;
  lines: StoredLine[];
  customLines: StoredCustomLine[];
  couponCode?: string;
  merchantDiscounts: Array<{ amountCents: number; lineItemIds?: string[] }>;
  buyerNote?: string;
  buyerLanguage?: string;
  contactInfo?: Record<string, unknown>;
  selectedShippingOption?: { code: string; carrierId?: string };
  buyerInfo: { visitorId?: string; memberId?: string; email?: string };
  checkoutId?: string;
  createdDate: string;
  updatedDate: string;
  revision: number;
}

export interface StoredCheckout {
  id: string;
  cartId: string;
  owner: string;
  channelType: string;
  email?: string;
  shippingAddress?: Record<string, unknown>;
  billingAddress?: Record<string, unknown>;
  selectedShippingOption?: { code: string; carrierId?: string };
  createdDate: string;
  /** Set once an order was placed from it. */
  orderId?: string;
}

export interface StoredOrder {
  id: string;
  number: string;
  checkoutId: string;
  owner: string;
  email?: string;
  lines: Array<{ productId: string; variantId?: string; name: string; quantity: number; priceCents: number }>;
  totalCents: number;
  currency: string;
  createdDate: string;
}

export interface StoredRedirectSession {
  id: string;
  intent: string;
  request: Record<string, unknown>;
  owner?: string;
  clientId?: string;
  /** Logout sessions: the refresh token to revoke when the sign-out page is visited. */
  refreshToken?: string;
  /** Logout sessions: the platform session (sign-in) that the sign-out page ends. */
  sessionToken?: string;
  createdDate: string;
  /** The session as the create call answered it: the entity of its `redirect_session_created` event. */
  answer?: RedirectSession;
}

/** A signed-in platform session: what a SUCCESS sign-in answers with, good for one silent sign-in or more. */
export interface PlatformSession {
  memberId: string;
  expiresAt: number;
}

/** A sign-in waiting for an emailed code or the owner's approval. */
export interface PendingState {
  memberId: string;
  kind: 'email' | 'approval';
  code?: string;
  codeExpiresAt?: number;
  attempts: number;
}

/** An authorization code: single-use, short-lived, bound to its client, redirect URI and PKCE challenge. */
export interface AuthCode {
  memberId: string;
  clientId: string;
  redirectUri?: string;
  codeChallenge: string;
  expiresAt: number;
  /** The visitor who asked, so their cart can follow them into the member's. */
  visitorId?: string;
  /** The platform session (sign-in) the code was minted from: signing out with its tokens ends it. */
  sessionToken?: string;
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
  /** Current carts by owner (`visitor:<id>` or `member:<id>`). */
  carts: Map<string, StoredCart>;
  checkouts: Map<string, StoredCheckout>;
  orders: Map<string, StoredOrder>;
  redirectSessions: Map<string, StoredRedirectSession>;
  /** Platform sessions by session token. */
  sessions: Map<string, PlatformSession>;
  /** Pending sign-ins by state token. */
  pendingStates: Map<string, PendingState>;
  authCodes: Map<string, AuthCode>;
  /** Password-recovery and activation tokens. */
  recoveryTokens: Map<string, { memberId: string; expiresAt: number }>;
  /** Failed password attempts per login email (epoch ms), for rate limiting. */
  failedLogins: Map<string, number[]>;
}
