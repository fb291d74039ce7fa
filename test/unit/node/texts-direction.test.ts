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

  it('is right to left for a right-to-left language the site gives texts of its own in (data-strings)', () => {
    expect(textsDirection({ lang: 'he', strings: { emptyCart: 'העגלה שלך ריקה.' } })).toBe('rtl');
    expect(textsDirection({ lang: 'fa-IR', strings: { checkout: 'پرداخت' } })).toBe('rtl');
  });

  it('is left to right for every left-to-right language, with texts of its own or not', () => {
    for (const lang of ['en', 'de', 'ja', 'pt-BR', 'en-GB']) {
      expect(textsDirection({ lang, strings: {} })).toBe('ltr');
      expect(textsDirection({ lang, strings: { checkout: 'Pay now' } })).toBe('ltr');
    }
  });
});
