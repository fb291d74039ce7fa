import { textsFor } from '../texts';
import type { LoginStrings } from './en';

export type { LoginStrings } from './en';

/** The login modal's texts in the page's language, with the site's overrides. */
export const loginStrings = (
  lang: string,
  overrides: Partial<Record<string, string>> = {},
): Promise<LoginStrings> => textsFor('login', lang, overrides);
