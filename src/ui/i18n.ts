/** Texts in the visitor's language: picking a dictionary, plural forms and `{name}` placeholders. */

/** The member badge's other languages than English, each a chunk that only pages in that language load. */
export type LanguagePacks<T> = Record<string, () => Promise<{ default: Partial<T> }>>;

/**
 * A widget's texts: English, over it the pack of the page's language (its first subtag) when there is one,
 * then the site's overrides (`data-strings`) for the keys the widget knows. A pack that fails to load leaves
 * the English texts.
 */
export async function loadTexts<T extends Record<string, string>>(
  english: T,
  packs: LanguagePacks<T>,
  lang: string,
  overrides: Partial<Record<string, string>> = {},
): Promise<T> {
  const load = packs[lang.split('-')[0] ?? 'en'];
  let pack: Partial<T> = {};
  if (load) {
    try {
      pack = (await load()).default;
    } catch (error) {
      console.error(`[storefront] the "${lang}" texts could not be loaded; showing English:`, error);
    }
  }
  const out: Record<string, string> = { ...english, ...pack };
  for (const [key, value] of Object.entries(overrides)) {
    if (key in english && typeof value === 'string') out[key] = value;
  }
  return out as T;
}

/**
 * Starts a widget once its texts are here (a language pack may be on its way). The returned stop works
 * before then too: the widget then never starts.
 */
export function afterTexts<T>(texts: Promise<T>, start: (t: T) => () => void): () => void {
  let stop: (() => void) | undefined;
  let gone = false;
  texts.then(
    (t) => {
      if (!gone) stop = start(t);
    },
    (error: unknown) => console.error('[storefront] the texts could not be loaded:', error),
  );
  return () => {
    gone = true;
    stop?.();
  };
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
