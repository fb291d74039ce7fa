/** Texts in the visitor's language: picking a dictionary, `{name}` placeholders (plural forms: `plural.ts`). */

/**
 * Which of a table's languages a page's language is, by its primary subtag (`de-AT` is `de`); undefined when
 * the table has no entry for it (a name such as `constructor` included).
 */
export function languageOf(table: Record<string, unknown>, lang: string): string | undefined {
  const primary = lang.split('-')[0]?.toLowerCase() ?? '';
  return Object.hasOwn(table, primary) ? primary : undefined;
}

/**
 * A widget's texts with the site's overrides (`data-strings`) laid over them, for the keys the widget knows
 * (its own: an override called `toString` or `__proto__` is not one); the texts themselves are left as they were.
 */
export function withOverrides<T extends Record<string, string>>(
  texts: T,
  overrides: Partial<Record<string, string>> = {},
): T {
  const out: Record<string, string> = { ...texts };
  for (const [key, value] of Object.entries(overrides)) {
    if (Object.hasOwn(texts, key) && typeof value === 'string') out[key] = value;
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
 * `{name}` placeholders filled in (`{constructor}` in a site's template is not one of the values: it stays).
 * The result is text: widgets render it as text, never as HTML.
 */
export function fill(template: string, values: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    Object.hasOwn(values, key) ? String(values[key]) : whole,
  );
}

/** Languages written right to left, by their primary subtag. */
const RIGHT_TO_LEFT = /^(?:ar|arc|ckb|dv|fa|he|iw|ps|sd|ug|ur|yi)$/;

/**
 * The direction of a widget's texts, as its host's `data-texts`: that of the language they are in. That is the
 * page's language where the widgets have a pack for it (Arabic: right to left), else English (left to right),
 * unless the site gives every one of the widget's `texts` in `data-strings` (its own texts: then they are in the
 * page's language, right to left for Hebrew). A site's few texts over the English ones leave them English, left
 * to right. (Before its texts are here, a widget's are its pack's.) On a right-to-left page, left-to-right texts
 * keep their own direction (`own-direction.css`).
 */
export function textsDirection(
  { lang, strings }: { lang: string; strings: Record<string, string> },
  texts?: Record<string, string> | null,
): 'ltr' | 'rtl' {
  const primary = lang.split('-')[0]?.toLowerCase() ?? '';
  const own = !!texts && Object.keys(texts).every((key) => Object.hasOwn(strings, key));
  return RIGHT_TO_LEFT.test(primary) && (primary === 'ar' || own) ? 'rtl' : 'ltr';
}
