import type { Cart, MultiCurrencyPrice, ShippingOption } from '../api/types/cart';
import { cartFigures } from '../store/cart-summary';
import type { CartSlice } from '../store/store';
import { formatPrice } from '../ui/price';
import type { Problem } from './problems';

/** An amount of money, as the platform sends it and as the drawer writes it. */
export interface Money {
  /** A decimal string, as the platform sends it (`"19.99"`). */
  amount: string;
  /** The currency's ISO code (`USD`): the cart's, else the provider's `currency`. */
  currency: string;
  /** Written the way of the provider's `lang` (`$19.99`, `19,99 $`), as the drawer shows it. */
  formatted: string;
}

/**
 * The cart's totals as the drawer shows them. The platform's figures are given only beside the lines they were
 * worked out for: after a change (here or in another tab) only the lines' `subtotal` is known until the next
 * estimate arrives (`updating` while it is on its way).
 */
export interface Totals {
  /** The platform's, or the lines' own sum while there is no estimate for these lines. */
  subtotal: Money;
  /** The coupon's and the shop's discounts; null when there are none (or no estimate yet). */
  discount: Money | null;
  /**
   * Null when not known: no estimate for these lines yet, or none possible without an address (`estimated`
   * then says which). An amount of `"0"` is free shipping.
   */
  shipping: Money | null;
  tax: Money | null;
  total: Money | null;
  /** Whether the figures are the platform's estimate for the lines on show (else only `subtotal` is). */
  estimated: boolean;
  /** A new estimate for changed lines is on its way. */
  updating: boolean;
}

/** Where the shopper wants the cart shipped, for the estimate. */
export interface ShippingAddress {
  /** ISO 3166-1 alpha-2 (`US`, `DE`). */
  country: string;
  postalCode?: string;
}

/** A way to ship the cart to the address of the estimate. */
export interface DeliveryOption {
  /** What `chooseDelivery(code)` takes. */
  code: string;
  title: string;
  /** Its cost (`amount` `"0"`: free). */
  price: Money;
  /** As the platform says it (`1–2 business days`), when it does. */
  deliveryTime: string | null;
  /** A delivery slot (ISO date-times), when it has one. */
  timeSlot: { from: string; to: string } | null;
  /** Where to pick the order up, for a pickup option. */
  pickupAddress: string | null;
  /** Whether it is the one chosen (the totals' shipping is its cost). */
  selected: boolean;
}

/** The shipping estimate: the address given, where it stands, and the ways to ship there. */
export interface ShippingEstimate {
  address: { country: string; postalCode: string } | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** None before an address is given. */
  options: DeliveryOption[];
  /** The code of the option chosen. */
  selected: string | null;
  /** Why the last estimate the shopper asked for failed (`estimate_failed`, `network_error`). */
  problem: Problem | null;
}

/** The coupon the cart has, and where a change of it stands. */
export interface CouponState {
  /** The code of the coupon applied, or null. */
  code: string | null;
  /** A coupon is being applied or removed. */
  busy: boolean;
  /** Why the last one was not applied or removed (`coupon_failed`, `coupon_empty`, `network_error`). */
  problem: Problem | null;
}

/** Prices written the provider's way, in the cart's currency. */
export interface MoneyFormat {
  currency: string;
  locale: string;
}

export const moneyOf = (price: MultiCurrencyPrice, { currency, locale }: MoneyFormat): Money => ({
  amount: price.amount ?? '0',
  currency,
  formatted: formatPrice(price, currency, locale),
});

/** The cart's totals as the drawer shows them (`cartFigures`); null without lines. */
export function totalsOf(cart: Cart | null, slice: CartSlice, format: MoneyFormat): Totals | null {
  if (!cart?.lineItems?.length) return null;
  const { summary, subtotal, shippingUnknown, updating } = cartFigures(cart, slice);
  const money = (price: MultiCurrencyPrice | undefined) => moneyOf(price ?? {}, format);
  return {
    subtotal: money(subtotal),
    discount: summary && Number(summary.discount?.amount ?? 0) > 0 ? money(summary.discount) : null,
    shipping: summary && !shippingUnknown ? money(summary.shipping) : null,
    tax: summary ? money(summary.tax) : null,
    total: summary ? money(summary.total) : null,
    estimated: summary !== undefined,
    updating,
  };
}

function deliveryOption(option: ShippingOption, selected: string | undefined, format: MoneyFormat) {
  const logistics = option.logistics;
  const slot = logistics?.deliveryTimeSlot;
  const pickup = logistics?.pickupDetails?.address;
  const code = option.code ?? '';
  return {
    code,
    title: option.title ?? code,
    price: moneyOf(option.cost?.price ?? {}, format),
    deliveryTime: logistics?.deliveryTime ?? null,
    timeSlot: slot?.from && slot.to ? { from: slot.from, to: slot.to } : null,
    pickupAddress: pickup ? [pickup.addressLine, pickup.city].filter(Boolean).join(', ') || null : null,
    selected: code !== '' && code === selected,
  } satisfies DeliveryOption;
}

/**
 * The shipping estimate as the drawer shows it: the options are for an address, none before the shopper gives
 * a country.
 */
export function shippingOf(slice: CartSlice, format: MoneyFormat): Omit<ShippingEstimate, 'problem'> {
  const { shipping: address, totals } = slice;
  const info = totals?.shippingInfo;
  const options = address ? (info?.carrierServiceOptions ?? []).flatMap((c) => c.shippingOptions ?? []) : [];
  const selected = info?.selectedCarrierServiceOption?.code;
  return {
    address: address ? { country: address.country, postalCode: address.postalCode } : null,
    status: slice.totalsStatus,
    options: options.map((option) => deliveryOption(option, selected, format)),
    selected: selected ?? null,
  };
}

/** The code of the coupon the cart has (as the drawer finds it), or null. */
export const couponCodeOf = (cart: Cart | null): string | null =>
  cart?.appliedDiscounts?.find((d) => d.coupon)?.coupon?.code ?? null;
