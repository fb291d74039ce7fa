import { textsFor } from '../texts';
import type en from './en';

export type LoginStrings = Record<keyof typeof en, string>;

/** The login modal's texts in the page's language, with the site's overrides. */
export const loginStrings = (
  lang: string,
  overrides: Partial<Record<string, string>> = {},
): Promise<LoginStrings> => textsFor('login', lang, overrides);
