import { createElement, Fragment, type ReactNode, useId, useMemo, useState } from 'react';
import { useStore } from 'zustand';
import type { LineItem } from '../../api/types/cart';
import { Button } from '../../ui/button';
import { ModalDialog } from '../../ui/modal-dialog';
import { Message, Notices } from './banners';
import { useCouponPart } from './coupon';
import { DrawerHeader } from './header';
import { lineElements, useLinesByFrame, useLinesKept } from './lines';
import { PendingLine, withAddShown } from './pending-line';
import { Shipping } from './shipping';
import { Skeleton } from './skeleton';
import { Totals } from './totals';
import { Undo } from './undo';
import type { Props } from './view';

/** The cart drawer: an accessible side dialog over the page. */
export function Drawer(given: Props) {
  const { store, t } = given;
  const slice = useStore(store, (s) => s.cart);
  const titleId = useId();
  const cart = slice.cart;
  // Prices in the cart's own currency (the configured one until a cart is known), written the page's way.
  const currency = cart?.currency || given.currency;
  const props = { ...given, currency, slice };
  const shown = withAddShown(useLinesKept(cart?.lineItems ?? []), slice.addingItem);
  const { lines, adding } = shown;
  const { shownLines, all: allShown } = useLinesByFrame(lines);
  // The lines' elements, made again for other texts, currency or language.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new map when any of them changes
  const made = useMemo(() => new WeakMap<LineItem, [boolean, ReactNode]>(), [t, currency, given.locale]);
  // Loading until a cart is known: not read yet, or on its way.
  const loading = !cart && slice.status !== 'ready' && slice.status !== 'error';
  const close = given.onClose ?? (() => store.getState().closeCart());
  const [removed, setRemoved] = useState<LineItem | null>(null);
  const coupon = useCouponPart(store, t, slice);
  const body = () => {
    if (loading) return <Skeleton t={t} />;
    if (slice.status === 'error' && !cart) return null;
    if (lines.length === 0 && !adding) {
      if (slice.adding) return null;
      return (
        <div className="empty" part="empty">
          <p>{t.emptyCart}</p>
          <button type="button" className="secondary" onClick={close}>
            {t.continueShopping}
          </button>
        </div>
      );
    }
    return (
      <>
        {/* data-shown: "some" while a long cart's lines are still being added a batch a frame, "all" once
            every line is shown (what a test or a script waits for, rather than for frames or time). */}
        <ul className="lines" data-shown={allShown ? 'all' : 'some'}>
          {lineElements(shownLines, { ...given, currency, slice, made, raised: shown.raised, setRemoved })}
          {adding ? <PendingLine {...props} add={adding} /> : null}
        </ul>
        {coupon}
        <Shipping {...props} />
      </>
    );
  };
  return (
    // The browser's modal <dialog>: a press outside the drawer, Escape and the close button close it.
    <ModalDialog labelledBy={titleId} onClose={close} className="overlay" part="overlay">
      <div className="drawer" part="drawer">
        <DrawerHeader {...props} titleId={titleId} close={close} />
        <div className="drawer-body" aria-busy={loading ? 'true' : undefined}>
          <Notices {...props} loading={loading} />
          {removed && !lines.some((l) => l.id === removed.id) ? (
            <Undo key={removed.id} {...props} line={removed} done={setRemoved} />
          ) : null}
          {body()}
        </div>
        {cart && lines.length ? (
          <footer className="drawer-footer" part="footer">
            <Totals cart={cart} {...props} />
            {slice.checkoutError ? <Message problem={slice.checkoutError} t={t} /> : null}
            <Button
              className="primary"
              part="checkout-button"
              blocked={slice.checkout === 'working'}
              onClick={() => void store.getState().checkout()}
            >
              {slice.checkout === 'working' ? t.checkingOut : t.checkout}
            </Button>
          </footer>
        ) : null}
      </div>
    </ModalDialog>
  );
}
