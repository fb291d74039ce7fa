import { withOverrides } from '../../ui/i18n';
import { type Pack, packTexts } from '../texts';
import type { ProductStrings } from './en';

export type { ProductStringKey, ProductStrings } from './en';

/** The product elements' language packs: a page with products downloads its own language's, and no other. */
export const PRODUCT_PACKS: Record<string, Pack<ProductStrings>> = {
  en: () => import('../products.en'),
  de: () => import('../products.de'),
};

const productTexts = packTexts(PRODUCT_PACKS);

/** The product elements' texts in the page's language, with the site's overrides (`data-strings`). */
export const productStrings = async (
  lang: string,
  overrides: Partial<Record<string, string>> = {},
): Promise<ProductStrings> => withOverrides(await productTexts(lang), overrides);
