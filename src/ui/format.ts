import type { MultiCurrencyPrice } from '../api/types/cart';

const formatters = new Map<string, Intl.NumberFormat>();

/** A price as the server formatted it, or with `Intl` in the shop's currency when it did not. */
export function formatPrice(price: MultiCurrencyPrice | undefined, currency: string, locale: string): string {
  if (price?.formattedAmount) return price.formattedAmount;
  const amount = Number(price?.amount ?? 0);
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

/** Only http(s) addresses are shown (WIRE.md 13); anything else (javascript:, data:, wix:) is dropped. */
export function safeImageUrl(url: string | undefined): string | undefined {
  if (!url) return undefined;
  if (url.startsWith('wix:image://v1/')) {
    const id = url.slice('wix:image://v1/'.length).split('/')[0];
    return id ? `https://static.wixstatic.com/media/${id}` : undefined;
  }
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}
