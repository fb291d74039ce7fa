import type { ProductStrings } from '../../i18n/en';
import { withOverrides } from '../../ui/i18n';
import { type Pack, packTexts } from '../texts';

export type { ProductStringKey, ProductStrings } from '../../i18n/en';

/** The product elements' texts in English; other languages' are found through their language pack. */
export const PRODUCT_PACKS: { en: Pack<ProductStrings> } = { en: () => import('virtual:texts/products.en') };

/** The product elements' texts in the page's language, as its pack has them (no overrides). */
export const productPack = packTexts(PRODUCT_PACKS, (pack) => pack.products());

/**
 * Texts with the site's overrides (`data-strings`): a key of their own (`product.loading`) over a key the
 * drawer has too (`loading`), for the few texts the two say differently.
 */
export function withProductOverrides(
  texts: ProductStrings,
  overrides: Partial<Record<string, string>> = {},
): ProductStrings {
  const own = Object.entries(overrides).flatMap(([key, text]) =>
    key.startsWith('product.') ? [[key.slice('product.'.length), text]] : [],
  );
  return withOverrides(texts, { ...overrides, ...Object.fromEntries(own) });
}

/** The product elements' texts in the page's language, with the site's overrides. */
export const productStrings = async (
  lang: string,
  overrides?: Partial<Record<string, string>>,
): Promise<ProductStrings> => withProductOverrides(await productPack(lang), overrides);
