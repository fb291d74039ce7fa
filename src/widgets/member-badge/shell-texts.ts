import type { EmbedConfig } from '../../config';
import { languageOf, withOverrides } from '../../ui/i18n';
import { packTexts } from '../texts';
import ar from './ar';
import de from './de';
import en, { type BadgeStrings } from './en';
import es from './es';
import fr from './fr';
import it from './it';
import ja from './ja';
import nl from './nl';
import pt from './pt';

/**
 * The badge shell's texts in every language besides English (whose are `en.ts`), by primary subtag, as
 * `LANGUAGE_PACKS` (`../texts.ts`) has them: in the loader, a few words a language, so that the badge paints at
 * once in the page's language and a first page downloads no chunk at all (nor, when its files are checked, any
 * hash of one: src/integrity.ts).
 */
export const SHELL_TEXTS: Record<string, BadgeStrings> = { ar, de, es, fr, it, ja, nl, pt };

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
