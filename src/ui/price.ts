import type { MultiCurrencyPrice } from '../api/types/cart';

/* Apart from format.ts (the badge's, in loader.js): only the views format prices, so this loads with them. */
const formatters = new Map<string, Intl.NumberFormat>();

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
  return formatter.format(Number.isFinite(amount) ? amount : 0);
}

/**
 * A price written the page's way (`15,00 $` on a German page) with `Intl`, in `currency`; the server's own
 * `formattedAmount` (written the shop's way) only when it sent no amount.
 */
export function formatPrice(price: MultiCurrencyPrice | undefined, currency: string, locale: string): string {
  if (price?.amount === undefined && price?.formattedAmount) return price.formattedAmount;
  return formatAmount(Number(price?.amount ?? 0), currency, locale);
}
