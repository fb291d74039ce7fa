/**
 * Every text of the widgets in English by its `data-strings` key, flat as a site writes them: the template for a
 * language the package lacks (`npm run build` writes it as `dist/cdn/strings.en.json`; docs/page-api.md, "A language
 * of your own"). A key several widgets share takes one text for all of them; the product elements' few texts
 * that say it differently from the drawer's are keyed `product.<key>`.
 */
import en from '../src/i18n/en';

const { drawer, login, menu, member, product } = en;
const badge = { ...en.shell, cannotLoad: en.cannotLoad };

/** The widgets' English texts by group (each group is one widget's, or the badge's two parts'). */
export const ENGLISH_TEXTS = { drawer, login, menu, badge, member, product } as const;

export function englishStrings(): Record<string, string> {
  const shared: Record<string, string> = { ...product, ...member, ...badge, ...menu, ...login, ...drawer };
  const productsOwn = Object.entries(product)
    .filter(([key, text]) => shared[key] !== text)
    .map(([key, text]) => [`product.${key}`, text]);
  return { ...shared, ...Object.fromEntries(productsOwn) };
}
