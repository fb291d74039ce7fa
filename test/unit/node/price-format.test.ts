import { describe, expect, it } from 'vitest';
import { formatAmount, formatPrice } from '../../../src/ui/price';

/*
 * Amounts written the page's way with Intl. On a right-to-left page's language Intl writes the digits first
 * ("‏25.00 US$": a right-to-left mark, the amount, the currency), which reads from the right as Arabic shops
 * write it; the currency is isolated (U+2068…U+2069) so that "US$" stays whole: without it the "$", a neutral at
 * the end, takes the amount's right-to-left direction and is drawn at the far left, "$US 25.00" (issue 36; the
 * order on screen is checked in Chromium by test/e2e/languages.e2e.ts).
 */
describe('formatAmount', () => {
  it('writes an amount the page’s language’s way, unchanged where it reads left to right', () => {
    expect(formatAmount(25, 'USD', 'en')).toBe('$25.00');
    expect(formatAmount(36, 'USD', 'de')).toBe('36,00\u00a0$');
    expect(formatAmount(1234.5, 'EUR', 'fr')).toMatch(/^1\s234,50\s€$/);
    expect(formatPrice({ amount: '12' }, 'USD', 'en')).toBe('$12.00');
  });

  it('keeps a right-to-left language’s currency whole: isolated, the digits first as Intl writes them', () => {
    expect(formatAmount(25, 'USD', 'ar')).toBe('\u200f25.00\u00a0\u2068US$\u2069');
    // Its own numbering system where the region's is another (Egypt's Arabic-Indic digits).
    expect(formatAmount(25, 'USD', 'ar-EG')).toBe('\u200f٢٥٫٠٠\u00a0\u2068US$\u2069');
    expect(formatAmount(25, 'SAR', 'ar')).toBe('\u200f25.00\u00a0\u2068ر.س.\u2069\u200f');
    // Hebrew's symbol alone, isolated too (nothing changes on screen).
    expect(formatAmount(25, 'USD', 'he')).toMatch(/\u2068\$\u2069$/);
    // Without the isolation (the text Intl gives) the currency is not marked off.
    expect(new Intl.NumberFormat('ar', { style: 'currency', currency: 'USD' }).format(25)).toBe(
      '\u200f25.00\u00a0US$',
    );
  });
});
