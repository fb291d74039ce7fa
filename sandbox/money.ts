/**
 * Money without float drift: amounts are integers of minor units (cents) inside the sandbox, decimal strings
 * on the wire for cart and checkout, and numbers for catalogue prices (ENTITIES.md).
 */

/** Parses a decimal string or number into cents, rounding half away from zero at the third decimal. */
export function toCents(value: string | number): number {
  const text = typeof value === 'number' ? value.toFixed(6) : value.trim();
  const match = /^(-)?(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) throw new Error(`Not a decimal amount: ${JSON.stringify(value)}`);
  const [, sign, whole = '0', fraction = ''] = match;
  const padded = `${fraction}000`;
  let cents = Number(whole) * 100 + Number(padded.slice(0, 2));
  if (Number(padded[2]) >= 5) cents += 1;
  return sign ? -cents : cents;
}

/** Cents as the wire's decimal string: `1999` → `"19.99"`, `500` → `"5"`, `1050` → `"10.5"`. */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  const whole = Math.floor(abs / 100);
  const fraction = String(abs % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return `${sign}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** Cents as a catalogue number: `1999` → `19.99`. */
export const centsToNumber = (cents: number): number => Number(centsToDecimal(cents));

const formatters = new Map<string, Intl.NumberFormat>();

/** `"$19.99"` for 1999 cents in USD, as the platform's `formattedAmount`. */
export function formatCents(cents: number, currency: string, locale = 'en-US'): string {
  const key = `${locale}|${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { style: 'currency', currency });
    formatters.set(key, formatter);
  }
  return formatter.format(cents / 100);
}

/** `percent` % of an amount in cents, rounded half up to the cent. */
export const percentOf = (cents: number, percent: number): number => Math.round((cents * percent) / 100);
