import type { LoginStrings } from '../../i18n/en';
import { textsFor } from '../texts';

export type { LoginStrings } from '../../i18n/en';

/** The login modal's texts in the page's language, with the site's overrides. */
export const loginStrings = (
  lang: string,
  overrides: Partial<Record<string, string>> = {},
): Promise<LoginStrings> => textsFor('login', lang, overrides);
