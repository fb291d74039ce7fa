import type { TranslatableString } from '../../api/types/cart';
import type { Marketing, MarketingAttributes } from '../../marketing';
import type { CartSlice, Storefront } from '../../store/store';
import type { Strings } from './strings';

/** A text in the page's language when the server has it, else as the shop wrote it. */
export const textOf = (text: TranslatableString | undefined) => text?.translated || text?.original;

/** The drawer's props, which its parts are given too. */
export interface Props {
  store: Storefront;
  t: Strings;
  locale: string;
  currency: string;
  /**
   * The shopper asks to close it (Escape, a press outside, the close button, "Continue shopping"): the store
   * closes it, unless its owner decides (React's controlled `<CartDrawer open>`).
   */
  onClose?: (() => void) | undefined;
  /** The script tag's attributes (React: the provider's props), of which the marketing parts read theirs. */
  attributes?: MarketingAttributes | undefined;
  /** The marketing parts the site asked for (`marketingOf`), as the parts are given them. */
  marketing?: Marketing | undefined;
}

/** What the drawer's parts are given: the drawer's own props and the store's cart. */
export type ViewProps = Props & { slice: CartSlice };
