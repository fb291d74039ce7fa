import { createElement, type RefObject, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { Cart } from '../../api/types/cart';
import type { CartSlice, Problem, Storefront } from '../../store/store';
import { Button } from '../../ui/button';
import { fill } from '../../ui/i18n';
import { Message } from './banners';
import { keepFocus, Toggle } from './disclosure';
import type { Strings } from './strings';
import type { Props } from './view';

/** The coupon applied to a cart, if any. */
const couponOf = (cart: Cart) => cart.appliedDiscounts?.find((d) => d.coupon)?.coupon?.code;

/** "Coupon SAVE10 applied · Remove": the coupon applied, on one line, with a refusal of its removal. */
function Applied({
  store,
  t,
  code,
  busy,
  error,
  partRef,
}: Pick<Props, 'store' | 't'> & {
  code: string;
  busy: boolean;
  error: Problem | null;
  partRef: RefObject<HTMLDivElement | null>;
}) {
  return (
    <div className="coupon applied" part="coupon" ref={partRef}>
      <p role="status">{fill(t.couponApplied, { code })}</p>
      <Button
        className="link"
        aria-label={fill(t.removeCoupon, { code })}
        blocked={busy}
        onClick={() => void store.getState().removeCoupon()}
      >
        {t.remove}
      </Button>
      {error ? <Message problem={error} t={t} /> : null}
    </div>
  );
}

/**
 * The coupon part: "Add a coupon code", a disclosure of its form (open while a refusal is shown), or, once one
 * is applied, one line that says so with its Remove. Given only what it shows (not the cart): the drawer keeps
 * its element while that is the same, so a quantity change or an answer does not render it again.
 */
function Coupon({
  store,
  t,
  applied,
  busy,
  error,
}: Pick<Props, 'store' | 't'> & { applied: string | undefined; busy: boolean; error: Problem | null }) {
  const [code, setCode] = useState('');
  const [open, setOpen] = useState(!!error);
  // A refusal opens it (a link's coupon refused at an add, the drawer open): never one hidden in a closed form.
  const [said, setSaid] = useState(error);
  if (said !== error) {
    setSaid(error);
    if (error) setOpen(true);
  }
  const part = useRef<HTMLDivElement>(null);
  // An apply or a removal took away what had the focus (Apply, Remove): it goes to what took its place.
  const was = useRef(applied);
  useEffect(() => {
    if (was.current !== applied) keepFocus(part.current);
    was.current = applied;
  }, [applied]);
  const formId = useId();
  const inputId = useId();
  const errorId = useId();
  if (applied) return <Applied store={store} t={t} code={applied} busy={busy} error={error} partRef={part} />;
  return (
    <div className="coupon" part="coupon" ref={part}>
      <Toggle open={open} controls={formId} onToggle={() => setOpen(!open)} part="coupon-toggle">
        {t.addCoupon}
      </Toggle>
      <form
        id={formId}
        hidden={!open}
        onSubmit={(e) => {
          e.preventDefault();
          void store
            .getState()
            .applyCoupon(code)
            .then((ok) => {
              if (!ok) return;
              setCode('');
              setOpen(false);
            });
        }}
      >
        <label htmlFor={inputId}>{t.coupon}</label>
        <div className="row">
          <input
            id={inputId}
            value={code}
            autoComplete="off"
            aria-invalid={error ? 'true' : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(e) => setCode((e.currentTarget as HTMLInputElement).value)}
          />
          <Button type="submit" className="secondary" blocked={busy}>
            {t.apply}
          </Button>
        </div>
        {error ? (
          <div id={errorId}>
            <Message problem={error} t={t} />
          </div>
        ) : null}
      </form>
    </div>
  );
}

/** The coupon part's element (none without a cart), the same one while what it shows is the same. */
export function useCouponPart(store: Storefront, t: Strings, { cart, couponBusy, couponError }: CartSlice) {
  // Made again only when what it shows changes: whether there is a cart, not which.
  const shown = !!cart;
  const applied = cart ? couponOf(cart) : undefined;
  return useMemo(
    () =>
      shown ? <Coupon store={store} t={t} applied={applied} busy={couponBusy} error={couponError} /> : null,
    [shown, applied, couponBusy, couponError, store, t],
  );
}
