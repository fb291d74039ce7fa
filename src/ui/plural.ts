/*
 * Plural forms, in a module of their own: only the views that count things (the drawer's "3 items") import it,
 * so it travels in their chunk, not in the loader with the rest of `i18n.ts`.
 */

/** The plural categories of CLDR (Unicode's plural rules), which `Intl.PluralRules` answers with. */
const PLURAL_CATEGORY = /^(zero|one|two|few|many|other):/;

/**
 * The form of a plural text for a count, by the language's plural rules. Two ways to write one:
 * - `one|other` (`{count} item|{count} items`): the first form for `one`, the second for every other count;
 * - keyed, for a language with more forms (Arabic has six): every form starts with its CLDR category,
 *   `zero:لا منتجات|one:منتج واحد|two:منتجان|few:{count} منتجات|many:{count} منتجًا|other:{count} منتج`.
 *   A category the text leaves out takes `other` (so `other:` alone fits every count), else the last form.
 * A text without `|` is the same for every count (`{count} Artikel`, `{count}点`).
 * @example fill(plural(t.itemsCount, 3, 'ar'), { count: 3 }) // '3 منتجات'
 */
export function plural(template: string, count: number, locale: string): string {
  const forms = template.split('|');
  const category = new Intl.PluralRules(locale).select(count);
  if (!forms.every((form) => PLURAL_CATEGORY.test(form)))
    return forms[category === 'one' ? 0 : forms.length - 1] as string;
  const form = (key: string) => forms.find((text) => text.startsWith(`${key}:`));
  return (form(category) ?? form('other') ?? (forms.at(-1) as string)).replace(PLURAL_CATEGORY, '');
}
