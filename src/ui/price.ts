import type { MultiCurrencyPrice } from '../api/types/cart';
import { isolate } from './bidi';

/* Apart from format.ts (the badge's, in loader.js): only the views format prices, so this loads with them. */
const formatters = new Map<string, Intl.NumberFormat>();

/**
 * An amount written right to left as its language writes it (a right-to-left mark first: Arabic's "25.00 US$",
 * its digits first when read from the right), its currency kept whole: isolated (U+2068…U+2069), a symbol of
 * letters and signs ("US$", "CA$") is one piece read in its own direction. Else, the "$" (a neutral at the
 * text's end) took the amount's direction and was drawn apart from its letters, at the far left: "$US 25.00".
 */
function isolatedCurrency(formatter: Intl.NumberFormat, value: number): string {
  return formatter
    .formatToParts(value)
    .map((part) => (part.type === 'currency' ? isolate(part.value) : part.value))
    .join('');
}

/** An amount in a currency, formatted with `Intl` in the page's language (USD when the currency is unknown). */
export function formatAmount(amount: number, currency: string, locale: string): string {
  const key = `${locale}|${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    try {
      formatter = new Intl.NumberFormat(locale, { style: 'currency', currency });
    } catch {
      formatter = new Intl.NumberFormat('en', { style: 'currency', currency: 'USD' });
    }
    formatters.set(key, formatter);
  }
  const value = Number.isFinite(amount) ? amount : 0;
  const text = formatter.format(value);
  return text.startsWith('\u200f') ? isolatedCurrency(formatter, value) : text;
}

/**
 * A price written the page's way (`15,00 $` on a German page) with `Intl`, in `currency`; the server's own
 * `formattedAmount` (written the shop's way) only when it sent no amount.
 */
export function formatPrice(price: MultiCurrencyPrice | undefined, currency: string, locale: string): string {
  if (price?.amount === undefined && price?.formattedAmount) return price.formattedAmount;
  return formatAmount(Number(price?.amount ?? 0), currency, locale);
}
