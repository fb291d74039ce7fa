/** Texts in the visitor's language: picking a dictionary, plural forms and `{name}` placeholders. */

/**
 * A widget's texts for a language (its first subtag), English where it has none, then the site's overrides
 * (`data-strings`) for the keys the widget knows.
 */
export function localize<T extends Record<string, string>>(
  english: T,
  languages: Record<string, Partial<T>>,
  lang: string,
  overrides: Partial<Record<string, string>> = {},
): T {
  const out: Record<string, string> = { ...english, ...languages[lang.split('-')[0] ?? 'en'] };
  for (const [key, value] of Object.entries(overrides)) {
    if (key in english && typeof value === 'string') out[key] = value;
  }
  return out as T;
}

/**
 * The form of a `one|other` text for a count, by the language's plural rules (`{count} item|{count} items`).
 * A text without `|` is the same for every count.
 */
export function plural(template: string, count: number, locale: string): string {
  const [one, other = one] = template.split('|') as [string, string?];
  return new Intl.PluralRules(locale).select(count) === 'one' ? one : other;
}

/** `{name}` placeholders filled in. The result is text: widgets render it as text, never as HTML. */
export function fill(template: string, values: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in values ? String(values[key]) : whole,
  );
}
