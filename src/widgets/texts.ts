/**
 * The widgets' texts by language, each language's written in one file (`src/i18n/<code>.ts`) that the build
 * makes into packs (build/texts.ts; docs/languages.md). English's are the code's (the badge shell's in the
 * loader, the member part's in its chunk) and packs of their own (the views', `virtual:texts/texts.en`; the
 * product elements', `products.en`; the member menu's, `menu.en`). Every other language has a small language
 * pack (`virtual:texts/lang.<code>`, downloaded when a page in it first needs a text the loader lacks): what a
 * widget says when its code cannot be had, and the way to its other packs: the views' texts (`texts.<code>`,
 * alongside the widgets' chunk), the product elements' (`products.<code>`), the badge's member part's
 * (`member.<code>`, with that part) and the member menu's (`menu.<code>`, with the menu's code). A page downloads
 * only its own language's packs; the one table of languages here is all the loader holds of the others (a few
 * bytes a language: build/packs.ts).
 */
import { retryOnce } from '../chunks';
import type { LoginStrings, MemberStrings, MenuStrings, ProductStrings, Strings } from '../i18n/en';
import { languageOf, withOverrides } from '../ui/i18n';

/** A language's views' texts, one pack: the drawer's and the login modal's (the menu's have a pack of their own). */
export interface WidgetTexts {
  drawer: Strings;
  login: LoginStrings;
}

/** A language's texts, downloaded when a page first needs them. */
export type Pack<T> = () => Promise<{ default: T }>;

/**
 * A language pack (`virtual:texts/lang.<code>`): the way to its packs, each downloaded when first needed. (The
 * badge shell's texts are the loader's: `member-badge/shell-texts.ts`.)
 */
export interface LanguagePack {
  /** What a widget says when its code cannot be had (`cannotLoad` in `src/i18n/en.ts`). */
  cannotLoad: string;
  texts: Pack<WidgetTexts>;
  products: Pack<ProductStrings>;
  /** The badge's member part's (her button, the notices), downloaded with it. */
  member: Pack<MemberStrings>;
  /** The member menu's, downloaded with its code. */
  menu: Pack<MenuStrings>;
}

/**
 * The languages besides English, by their primary subtag (`pt` for `pt-BR` and `pt-PT`): one line a language,
 * whose texts are `src/i18n/<code>.ts` (docs/languages.md).
 */
export const LANGUAGE_PACKS: Record<string, () => Promise<LanguagePack>> = {
  ar: () => import('virtual:texts/lang.ar'),
  de: () => import('virtual:texts/lang.de'),
  es: () => import('virtual:texts/lang.es'),
  fr: () => import('virtual:texts/lang.fr'),
  it: () => import('virtual:texts/lang.it'),
  ja: () => import('virtual:texts/lang.ja'),
  nl: () => import('virtual:texts/lang.nl'),
  pt: () => import('virtual:texts/lang.pt'),
};

/** The views' texts in English; other languages' are found through their language pack. */
export const TEXT_PACKS: { en: Pack<WidgetTexts> } = { en: () => import('virtual:texts/texts.en') };

/**
 * One kind of texts in a page's language (`de-AT` takes `de`; a language without a pack takes English): English's
 * from `english.en`, another language's picked from its language pack. Each language's is loaded once however
 * many widgets ask, and tried once more after a failed download; one that still fails leaves the English texts
 * for the visit (said on the console), and English failing too rejects, for the next widget to start over.
 */
export function packTexts<T>(
  english: { en: Pack<T> },
  pick: (pack: LanguagePack) => { default: T } | Promise<{ default: T }>,
): (lang: string) => Promise<T> {
  const loading = new Map<string, Promise<T>>();
  const texts = (lang: string): Promise<T> => {
    // ('' is English.)
    const code = languageOf(LANGUAGE_PACKS, lang) ?? '';
    let found = loading.get(code);
    if (!found) {
      found = code
        ? retryOnce(() => (LANGUAGE_PACKS[code] as () => Promise<LanguagePack>)().then(pick))
            .then((module) => module.default)
            .catch((error: unknown) => {
              console.error(`[storefront] the "${lang}" texts could not be loaded; showing English:`, error);
              return texts('en');
            })
        : retryOnce(english.en).then((module) => module.default);
      found.catch(() => loading.delete(code));
      loading.set(code, found);
    }
    return found;
  };
  return texts;
}

/** The views' texts (drawer, login modal) in a page's language. */
export const widgetTexts = packTexts(TEXT_PACKS, (pack) => pack.texts());

/**
 * Downloads a view's code (once more after a pause if the connection drops), and its texts in the page's
 * language (the views' pack, or the one `texts` loads) beside it rather than after it. (A texts failure is
 * reported by the widget that waits for them.)
 */
export function withTexts<T>(
  lang: string,
  code: () => Promise<T>,
  texts: (lang: string) => Promise<unknown> = widgetTexts,
): Promise<T> {
  texts(lang).catch(() => {});
  return retryOnce(code);
}

/** One widget's texts in the page's language, with the site's overrides (`data-strings`) for its keys. */
export async function textsFor<K extends keyof WidgetTexts>(
  widget: K,
  lang: string,
  overrides: Partial<Record<string, string>> = {},
): Promise<WidgetTexts[K]> {
  return withOverrides((await widgetTexts(lang))[widget], overrides);
}
