import type { Strings } from '../../i18n/en';
import { fill } from '../../ui/i18n';
import { textsFor } from '../texts';

export type { StringKey, Strings } from '../../i18n/en';

/**
 * A problem's text: a `{count}` or `{name}` in it is the problem's detail (`addCapped`: "Only {count} added"),
 * and the detail is then said there only (`counted`); any other text says the detail apart, if at all.
 */
export function problemText(
  template: string,
  detail: string | undefined,
): { text: string; counted: boolean } {
  // (`{count}` of an add capped by the stock, `{name}` of an option to choose.)
  const counted = /\{(count|name)\}/.test(template);
  return { text: counted ? fill(template, { count: detail ?? '', name: detail ?? '' }) : template, counted };
}

/** The cart drawer's texts in the page's language, with the site's overrides. */
export const stringsFor = (lang: string, overrides: Partial<Record<string, string>> = {}): Promise<Strings> =>
  textsFor('drawer', lang, overrides);
