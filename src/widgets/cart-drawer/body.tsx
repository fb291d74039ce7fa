import { createElement, Fragment, type ReactNode } from 'react';
import type { LineItem } from '../../api/types/cart';
import type { AddToCartInput } from '../../store/store';
import { type LineCache, lineElements } from './lines';
import { MarketingPart } from './marketing-slot';
import { PendingLine } from './pending-line';
import { Shipping } from './shipping';
import { Skeleton } from './skeleton';
import type { ViewProps } from './view';

/** What the drawer works out for its body (`Drawer`), beside its own props and the store's cart. */
export type BodyProps = ViewProps &
  LineCache & {
    /** Until a cart is known: not read yet, or on its way. */
    loading: boolean;
    close(): void;
    /** The cart's lines, an add on its way shown over them, or for a line of its own (`withAddShown`). */
    lines: LineItem[];
    adding?: AddToCartInput | null | undefined;
    /** The lines shown so far (a long cart's come a batch a frame: `useLinesByFrame`), and whether that is all. */
    shownLines: LineItem[];
    all: boolean;
    /** The coupon part's element (`useCouponPart`). */
    coupon: ReactNode;
  };

/**
 * What the drawer's body shows under its notices: grey lines while the cart loads; nothing for a cart that could
 * not be read (its banner says so); the empty cart, or nothing while a first add to it is on its way (its note
 * says so); else the lines, the coupon part and the shipping estimate.
 */
export function bodyOf(props: BodyProps): ReactNode {
  const { t, slice, adding } = props;
  if (props.loading) return <Skeleton t={t} />;
  if (slice.status === 'error' && !slice.cart) return null;
  if (props.lines.length === 0 && !adding) {
    if (slice.adding) return null;
    return (
      <div className="empty" part="empty">
        <svg className="empty-icon" viewBox="0 0 24 24" aria-hidden="true">
          <path d="M6 8h12l-1 12H7L6 8Zm3 0V6a3 3 0 0 1 6 0v2" />
        </svg>
        <p className="empty-title">{t.emptyCart}</p>
        <p className="muted empty-invite">{t.emptyInvite}</p>
        <button type="button" className="primary" part="continue-shopping" onClick={props.close}>
          {t.continueShopping}
        </button>
      </div>
    );
  }
  return (
    <>
      {/* data-shown: "some" while a long cart's lines are still being added a batch a frame, "all" once every
          line is shown (what a test or a script waits for, rather than for frames or time). */}
      <ul className="lines" data-shown={props.all ? 'all' : 'some'}>
        {lineElements(props.shownLines, props)}
        {adding ? <PendingLine {...props} add={adding} /> : null}
      </ul>
      <MarketingPart {...props} part="CrossSell" />
      {props.coupon}
      {/* (An estimate is of a cart: none while a first add makes it.) */}
      {slice.cart ? <Shipping {...props} /> : null}
      <MarketingPart {...props} part="Note" />
    </>
  );
}
