import { textsFor } from '../texts';
import type { Strings } from './en';

export type { StringKey, Strings } from './en';

/** The cart drawer's texts in the page's language, with the site's overrides. */
export const stringsFor = (lang: string, overrides: Partial<Record<string, string>> = {}): Promise<Strings> =>
  textsFor('drawer', lang, overrides);
