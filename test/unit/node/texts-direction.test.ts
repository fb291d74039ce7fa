import { describe, expect, it } from 'vitest';
import { textsDirection } from '../../../src/ui/i18n';

/** `data-texts` on a widget's host: which way its texts go, whatever the page's direction. */
describe('the direction of the widgets’ texts', () => {
  it('is right to left for Arabic, its pack’s, by the tag’s first part', () => {
    expect(textsDirection({ lang: 'ar', strings: {} })).toBe('rtl');
    expect(textsDirection({ lang: 'ar-EG', strings: {} })).toBe('rtl');
    expect(textsDirection({ lang: 'AR', strings: {} })).toBe('rtl');
  });

  it('is left to right for a right-to-left language without a pack: its texts are English', () => {
    for (const lang of ['he', 'he-IL', 'fa', 'ur', 'yi', 'ckb'])
      expect(textsDirection({ lang, strings: {} })).toBe('ltr');
  });

  /** A widget's texts as its pack has them (English's, for Hebrew and Persian). */
  const texts = { emptyCart: 'Your cart is empty.', checkout: 'Check out' };

  it('is right to left for a right-to-left language the site gives every text of the widget in (data-strings)', () => {
    expect(
      textsDirection({ lang: 'he', strings: { emptyCart: 'העגלה שלך ריקה.', checkout: 'לתשלום' } }, texts),
    ).toBe('rtl');
    const persian = { emptyCart: 'سبد خرید شما خالی است.', checkout: 'پرداخت', other: 'x' };
    expect(textsDirection({ lang: 'fa-IR', strings: persian }, texts)).toBe('rtl');
  });

  it('is the language’s the texts are in when the site gives only some of them: English’s, Arabic’s', () => {
    // (A product decision: a few of the site's own texts among English ones leave them English.)
    expect(textsDirection({ lang: 'he', strings: { emptyCart: 'העגלה שלך ריקה.' } }, texts)).toBe('ltr');
    expect(textsDirection({ lang: 'fa-IR', strings: { checkout: 'پرداخت' } }, texts)).toBe('ltr');
    expect(textsDirection({ lang: 'ar', strings: { checkout: 'Pay now' } }, texts)).toBe('rtl');
    // Before the widget's texts are here, they are its pack's.
    expect(
      textsDirection({ lang: 'he', strings: { emptyCart: 'העגלה שלך ריקה.', checkout: 'לתשלום' } }),
    ).toBe('ltr');
  });

  it('is left to right for every left-to-right language, with texts of its own or not', () => {
    for (const lang of ['en', 'de', 'ja', 'pt-BR', 'en-GB']) {
      expect(textsDirection({ lang, strings: {} })).toBe('ltr');
      expect(textsDirection({ lang, strings: { checkout: 'Pay now' } })).toBe('ltr');
      expect(textsDirection({ lang, strings: { emptyCart: 'Empty', checkout: 'Pay now' } }, texts)).toBe(
        'ltr',
      );
    }
  });
});
