import { type LanguagePacks, loadTexts } from '../../ui/i18n';

/** The cart drawer's texts in English (other languages are packs); a site overrides any from the script tag. */
const en = {
  cartTitle: 'Your cart',
  close: 'Close',
  emptyCart: 'Your cart is empty.',
  continueShopping: 'Continue shopping',
  loading: 'Loading…',
  retry: 'Try again',
  dismiss: 'Dismiss',
  quantity: 'Quantity',
  quantityOf: 'Quantity of {name}',
  decrease: 'One fewer {name}',
  increase: 'One more {name}',
  remove: 'Remove',
  removeItem: 'Remove {name}',
  each: '{price} each',
  itemsCount: '{count} item|{count} items',
  outOfStock: 'No longer available',
  onlyLeft: 'Only {count} left',
  coupon: 'Coupon code',
  apply: 'Apply',
  removeCoupon: 'Remove coupon {code}',
  couponApplied: 'Coupon {code} applied',
  shippingEstimate: 'Estimate shipping',
  country: 'Country',
  postalCode: 'Postal code',
  estimate: 'Estimate',
  shippingOption: 'Delivery',
  pickupAt: 'Pick up at {address}',
  subtotal: 'Subtotal',
  discount: 'Discount',
  shipping: 'Shipping',
  tax: 'Tax',
  total: 'Total',
  free: 'Free',
  shippingUnknown: 'Not yet estimated',
  checkout: 'Check out',
  checkingOut: 'Going to checkout…',
  signIn: 'Sign in',
  networkError: 'The shop cannot be reached. Check your connection and try again.',
  cartLoadFailed: 'Your cart could not be loaded.',
  addFailed: 'The item could not be added.',
  quantityFailed: 'The quantity could not be changed.',
  quantityInvalid: 'Enter a whole number from 1 to 9999.',
  removeFailed: 'The item could not be removed.',
  couponEmpty: 'Enter a coupon code.',
  couponFailed: 'The coupon could not be applied.',
  estimateFailed: 'Shipping could not be estimated.',
  checkoutFailed: 'Checkout could not start.',
  signInFailed: 'Signing in did not work.',
  countryInvalid: 'Choose a country.',
};

export type StringKey = keyof typeof en;
export type Strings = Record<StringKey, string>;

const PACKS: LanguagePacks<Strings> = { de: () => import('./de') };

/** The cart drawer's texts in the page's language. */
export const stringsFor = (lang: string, overrides: Partial<Record<string, string>> = {}): Promise<Strings> =>
  loadTexts(en, PACKS, lang, overrides);
