import en from 'virtual:texts/badge.en';
import shells from 'virtual:texts/shell';
import type { EmbedConfig } from '../../config';
import type { BadgeStrings } from '../../i18n/en';
import { languageOf, withOverrides } from '../../ui/i18n';
import { packTexts } from '../texts';

/**
 * The badge shell's texts in every language besides English (whose are `en`, with `cannotLoad`), by primary
 * subtag, as `LANGUAGE_PACKS` (`../texts.ts`) has them: in the loader, a few words a language (each
 * `src/i18n/<code>.ts`'s `shell`), so that the badge paints at once in the page's language and a first page
 * downloads no chunk at all (nor, when its files are checked, any hash of one: src/integrity.ts).
 */
export const SHELL_TEXTS: Record<string, BadgeStrings> = shells;

/** The badge shell's texts in a page's language, with the site's own (`data-strings`) over them. */
export function shellTexts(config: Pick<EmbedConfig, 'lang' | 'strings'>): BadgeStrings {
  const code = languageOf(SHELL_TEXTS, config.lang);
  return withOverrides(code ? (SHELL_TEXTS[code] as BadgeStrings) : en, config.strings);
}

/** What a widget says in a page's language when its code cannot be had: from the language pack, if it can be. */
const cannotLoadIn = packTexts<string>({ en: async () => ({ default: en.cannotLoad }) }, (pack) => ({
  default: pack.cannotLoad,
}));

/** That, or the site's own (`data-strings`). */
export const cannotLoad = (config: Pick<EmbedConfig, 'lang' | 'strings'>): Promise<string> =>
  cannotLoadIn(config.lang).then((text) => withOverrides({ cannotLoad: text }, config.strings).cannotLoad);
