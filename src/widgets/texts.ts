/**
 * The texts of the widgets' views (the cart drawer, the login modal and the member menu), one pack per
 * language holding all three: a page downloads only its own language's, English included, alongside the
 * widgets' chunk. (The member badge's few texts, English and German, are in the loader and in its member
 * part's chunk, so the badge shows at once in either.)
 */
import { retryOnce } from '../chunks';
import { languageOf, withOverrides } from '../ui/i18n';
import type { Strings } from './cart-drawer/en';
import type { LoginStrings } from './login-modal/en';
import type { MenuStrings } from './member-badge/menu.en';

export interface WidgetTexts {
  drawer: Strings;
  login: LoginStrings;
  menu: MenuStrings;
}

/** A language's texts, downloaded when a page first needs them. */
export type Pack<T> = () => Promise<{ default: T }>;

/** The languages there are packs for, by their primary subtag. */
export const TEXT_PACKS: Record<string, Pack<WidgetTexts>> = {
  en: () => import('./texts.en'),
  de: () => import('./texts.de'),
};

/**
 * The texts of a table of language packs for a page's language (`de-AT` takes `de`; a language without a pack
 * takes English), each pack loaded once however many widgets ask, and tried once more after a failed
 * download. A pack that still fails leaves the English texts for the visit; English failing too rejects, and
 * the next widget to ask starts over.
 */
export function packTexts<T>(packs: Record<string, Pack<T>>): (lang: string) => Promise<T> {
  const loading = new Map<string, Promise<T>>();
  const texts = (lang: string): Promise<T> => {
    const code = languageOf(packs, lang) ?? 'en';
    let found = loading.get(code);
    if (!found) {
      const pack = retryOnce(packs[code] as Pack<T>).then((module) => module.default);
      found =
        code === 'en'
          ? pack
          : pack.catch((error: unknown) => {
              console.error(`[storefront] the "${lang}" texts could not be loaded; showing English:`, error);
              return texts('en');
            });
      found.catch(() => loading.delete(code));
      loading.set(code, found);
    }
    return found;
  };
  return texts;
}

/** The views' texts (drawer, login modal, member menu) in a page's language. */
export const widgetTexts = packTexts(TEXT_PACKS);

/**
 * Downloads a view's code (once more after a pause if the connection drops), and its texts in the page's
 * language beside it rather than after it. (A texts failure is reported by the widget that waits for them.)
 */
export function withTexts<T>(lang: string, code: () => Promise<T>): Promise<T> {
  widgetTexts(lang).catch(() => {});
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
