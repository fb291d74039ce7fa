import type { EmbedConfig } from './config';

/**
 * The drawer's marketing parts (issue 37), from the script tag's attributes (React: the
 * provider's props), each set only when its attribute asks for it. Read by the code that shows them (the
 * drawer's marketing chunk), never by the first page's: the configuration keeps the attributes as given until then.
 */
export interface Marketing {
  /** `data-free-shipping-over="50"`: the amount, in the cart's currency, from which shipping is free. */
  freeShippingOver?: number;
  /** `data-cross-sell="summer"`: the collection (its slug) whose products the drawer offers. */
  crossSell?: string;
  /** `data-cart-note`: the shopper may leave the shop a note. */
  cartNote?: true;
}

/** The attributes the parts are read from: the configuration's, as given. */
export type MarketingAttributes = Pick<EmbedConfig, 'freeShippingOver' | 'crossSell' | 'cartNote'>;

/** Each configuration's parts, read once (and their problems said once). */
const read = new WeakMap<object, Marketing>();

const text = (value: unknown) => (value === undefined ? undefined : String(value).trim());

/**
 * The marketing parts a configuration asks for. A value that cannot be used is a console error naming the
 * attribute, and no part (a bar at a wrong amount would promise what the shop does not give).
 */
export function marketingOf(data: MarketingAttributes): Marketing {
  let marketing = read.get(data);
  if (marketing) return marketing;
  marketing = {};
  const problem = (attribute: string, message: string) =>
    console.error(`[storefront] ${attribute} ${message}`);
  const over = text(data.freeShippingOver);
  if (over !== undefined) {
    if (/^\d+(\.\d+)?$/.test(over) && Number(over) > 0) marketing.freeShippingOver = Number(over);
    else
      problem(
        'data-free-shipping-over',
        `"${over}" is not a positive amount such as 50: no free-shipping bar`,
      );
  }
  const slug = text(data.crossSell);
  if (slug !== undefined) {
    if (/^[\w-]{1,100}$/.test(slug)) marketing.crossSell = slug;
    else problem('data-cross-sell', `"${slug}" is not a collection's slug such as summer: no cross-sell`);
  }
  const note = text(data.cartNote)?.toLowerCase();
  if (note === '' || note === 'true') marketing.cartNote = true;
  else if (note !== undefined && note !== 'false')
    problem('data-cart-note', `"${note}" is not true or false: no note`);
  read.set(data, marketing);
  return marketing;
}
