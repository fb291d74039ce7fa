/** Every text the widgets show, in English and German; a site overrides any of them from the script tag. */
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
  itemsCount: '{count} items',
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
  cartButton: 'Cart, {count} items',
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
  sessionExpired: 'You were signed out. Your cart is still here.',
  signInFailed: 'Signing in did not work.',
  countryInvalid: 'Choose a country.',
};

export type StringKey = keyof typeof en;
export type Strings = Record<StringKey, string>;

const de: Partial<Strings> = {
  cartTitle: 'Dein Warenkorb',
  close: 'Schließen',
  emptyCart: 'Dein Warenkorb ist leer.',
  continueShopping: 'Weiter einkaufen',
  loading: 'Wird geladen…',
  retry: 'Erneut versuchen',
  dismiss: 'Ausblenden',
  quantity: 'Menge',
  quantityOf: 'Menge von {name}',
  decrease: 'Ein {name} weniger',
  increase: 'Ein {name} mehr',
  remove: 'Entfernen',
  removeItem: '{name} entfernen',
  each: 'je {price}',
  itemsCount: '{count} Artikel',
  outOfStock: 'Nicht mehr verfügbar',
  onlyLeft: 'Nur noch {count} verfügbar',
  coupon: 'Gutscheincode',
  apply: 'Einlösen',
  removeCoupon: 'Gutschein {code} entfernen',
  couponApplied: 'Gutschein {code} eingelöst',
  shippingEstimate: 'Versand berechnen',
  country: 'Land',
  postalCode: 'Postleitzahl',
  estimate: 'Berechnen',
  shippingOption: 'Lieferung',
  pickupAt: 'Abholung: {address}',
  subtotal: 'Zwischensumme',
  discount: 'Rabatt',
  shipping: 'Versand',
  tax: 'Steuer',
  total: 'Gesamt',
  free: 'Kostenlos',
  shippingUnknown: 'Noch nicht berechnet',
  checkout: 'Zur Kasse',
  checkingOut: 'Weiter zur Kasse…',
  cartButton: 'Warenkorb, {count} Artikel',
  signIn: 'Anmelden',
  networkError: 'Der Shop ist nicht erreichbar. Prüfe die Verbindung und versuche es erneut.',
  cartLoadFailed: 'Der Warenkorb konnte nicht geladen werden.',
  addFailed: 'Der Artikel konnte nicht hinzugefügt werden.',
  quantityFailed: 'Die Menge konnte nicht geändert werden.',
  quantityInvalid: 'Gib eine ganze Zahl von 1 bis 9999 ein.',
  removeFailed: 'Der Artikel konnte nicht entfernt werden.',
  couponEmpty: 'Gib einen Gutscheincode ein.',
  couponFailed: 'Der Gutschein konnte nicht eingelöst werden.',
  estimateFailed: 'Der Versand konnte nicht berechnet werden.',
  checkoutFailed: 'Die Kasse konnte nicht geöffnet werden.',
  sessionExpired: 'Du wurdest abgemeldet. Dein Warenkorb ist noch da.',
  signInFailed: 'Die Anmeldung hat nicht geklappt.',
  countryInvalid: 'Wähle ein Land.',
};

const LANGUAGES: Record<string, Partial<Strings>> = { en, de };

/** The strings for a language (its first subtag), English where it has none, then the site's overrides. */
export function stringsFor(lang: string, overrides: Partial<Record<string, string>> = {}): Strings {
  const base = LANGUAGES[lang.split('-')[0] ?? 'en'] ?? {};
  const out = { ...en, ...base } as Strings;
  for (const [key, value] of Object.entries(overrides)) {
    if (key in en && typeof value === 'string') out[key as StringKey] = value;
  }
  return out;
}

/** `{name}` placeholders filled in. The result is text: widgets render it as text, never as HTML. */
export function fill(template: string, values: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in values ? String(values[key]) : whole,
  );
}
