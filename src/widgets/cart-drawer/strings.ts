import { textsFor } from '../texts';
import type en from './en';

export type StringKey = keyof typeof en;
export type Strings = Record<StringKey, string>;

/** The cart drawer's texts in the page's language, with the site's overrides. */
export const stringsFor = (lang: string, overrides: Partial<Record<string, string>> = {}): Promise<Strings> =>
  textsFor('drawer', lang, overrides);
