import type { Strings } from '../../i18n/en';
import { fill } from '../../ui/i18n';
import { textsFor } from '../texts';

export type { StringKey, Strings } from '../../i18n/en';

/**
 * A problem's text: a `{count}`, `{name}` or `{code}` in it is the problem's detail (`addCapped`: "Only {count}
 * added"; `couponUnknown`: "There is no coupon “{code}”"), and the detail is then said there only (`counted`);
 * any other text says the detail apart, if at all.
 */
export function problemText(
  template: string,
  detail: string | undefined,
): { text: string; counted: boolean } {
  // (`{count}` of an add capped by the stock, `{name}` of an option to choose, `{code}` of a coupon refused.)
  const counted = /\{(count|name|code)\}/.test(template);
  const value = detail ?? '';
  return { text: counted ? fill(template, { count: value, name: value, code: value }) : template, counted };
}

/** The cart drawer's texts in the page's language, with the site's overrides. */
export const stringsFor = (lang: string, overrides: Partial<Record<string, string>> = {}): Promise<Strings> =>
  textsFor('drawer', lang, overrides);
