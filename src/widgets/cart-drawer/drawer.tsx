import { createElement, type ReactNode, useId, useMemo, useState } from 'react';
import { useStore } from 'zustand';
import type { LineItem } from '../../api/types/cart';
import { Button } from '../../ui/button';
import { ModalDialog } from '../../ui/modal-dialog';
import { Message, Notices } from './banners';
import { type BodyProps, bodyOf } from './body';
import { useCouponPart } from './coupon';
import { DrawerHeader } from './header';
import { useLinesByFrame, useLinesKept } from './lines';
import { MarketingPart } from './marketing-slot';
import { withAddShown } from './pending-line';
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
  const shown = withAddShown(useLinesKept(cart?.lineItems ?? []), slice.addingItem);
  const { lines } = shown;
  // The lines' elements, made again for other texts, currency or language. (Not `useKeyedMemo`: imported here,
  // src/ui/keyed-memo.ts would go in widgets-*.js, which products-*.js would then import for it.)
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new map when any of them changes
  const made = useMemo(() => new WeakMap<LineItem, [boolean, ReactNode]>(), [t, currency, given.locale]);
  const [removed, setRemoved] = useState<LineItem | null>(null);
  const props: BodyProps = {
    ...given,
    currency,
    slice,
    ...shown,
    ...useLinesByFrame(lines),
    made,
    setRemoved,
    // Loading until a cart is known: not read yet, or on its way.
    loading: !cart && slice.status !== 'ready' && slice.status !== 'error',
    close: given.onClose ?? (() => store.getState().closeCart()),
    coupon: useCouponPart(store, t, slice),
  };
  return (
    // The browser's modal <dialog>: a press outside the drawer, Escape and the close button close it.
    <ModalDialog labelledBy={titleId} onClose={props.close} className="overlay" part="overlay">
      <div className="drawer" part="drawer">
        <DrawerHeader {...props} titleId={titleId} />
        <MarketingPart {...props} part="FreeShipping" />
        <div className="drawer-body" aria-busy={props.loading ? 'true' : undefined}>
          <Notices {...props} />
          {removed && !lines.some((l) => l.id === removed.id) ? (
            <Undo key={removed.id} {...props} line={removed} done={setRemoved} />
          ) : null}
          {bodyOf(props)}
        </div>
        {/* Also while a first add is on its way: its totals as "…", not a drawer without them. */}
        {(cart && lines.length) || props.adding ? (
          <footer className="drawer-footer" part="footer">
            <Totals cart={cart} {...props} />
            {slice.checkoutError ? <Message problem={slice.checkoutError} t={t} /> : null}
            <Button
              className="primary"
              part="checkout-button"
              blocked={slice.checkout === 'working' || !cart}
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
