import type { LineItem } from '../../api/types/cart';
import type { ViewProps } from './view';

/** What the drawer's marketing parts are given of its body's props (`BodyProps`): the lines on show. */
export type PartProps = ViewProps & {
  lines: LineItem[];
  /** Until a cart is known. */
  loading: boolean;
};
