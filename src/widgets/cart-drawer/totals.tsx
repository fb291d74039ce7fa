import { createElement, Fragment } from 'react';
import type { Cart } from '../../api/types/cart';
import { cartFigures } from '../../store/cart-summary';
import { formatAmount, formatPrice } from '../../ui/price';
import type { ViewProps } from './view';

/**
 * The cart's totals (`cartFigures`): the server's figures only beside the lines they were worked out for; "…"
 * for the subtotal and the total while an add is on its way (they are about to change), for a cart not made yet
 * too (a first add). The tax once an estimate says it (for an address, or a tax without one): before, "Taxes at
 * checkout", never a tax of $0.00 that no address was given for.
 */
export function Totals({ cart, slice, t, currency, locale }: ViewProps & { cart: Cart | null }) {
  const { summary, subtotal, shippingUnknown, updating } = cart
    ? cartFigures(cart, slice)
    : { summary: undefined, subtotal: undefined, shippingUnknown: false, updating: false };
  const adding = slice.adding || !cart;
  const price = (value: Parameters<typeof formatPrice>[0]) => formatPrice(value, currency, locale);
  const rows: Array<[string, string]> = [[t.subtotal, adding ? '…' : price(subtotal)]];
  if (summary && !adding) {
    // A negative amount as the language writes it (Arabic's "US$ −17.20", its sign at the digits' left), with
    // a minus sign rather than a hyphen.
    const discount = Number(summary.discount?.amount ?? 0);
    if (discount > 0) rows.push([t.discount, formatAmount(-discount, currency, locale).replace('-', '−')]);
    rows.push([
      t.shipping,
      shippingUnknown
        ? t.shippingUnknown
        : summary.shipping?.amount === '0'
          ? t.free
          : price(summary.shipping),
    ]);
  }
  const taxKnown = !!summary && !adding && (!!slice.shipping || Number(summary.tax?.amount ?? 0) > 0);
  if (taxKnown) rows.push([t.tax, price(summary?.tax)]);
  const busy = updating || adding;
  return (
    <>
      <dl className="totals" part="totals" aria-busy={busy ? 'true' : undefined}>
        {rows.map(([label, value]) => (
          <div key={label} className="total-row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        {summary || busy ? (
          <div className="total-row grand">
            <dt>{t.total}</dt>
            <dd className={busy ? 'muted' : undefined}>
              {adding ? '…' : summary ? price(summary.total) : t.updating}
            </dd>
          </div>
        ) : null}
      </dl>
      {taxKnown || slice.shipping ? null : (
        <p className="muted tax-note" part="tax-note">
          {t.taxesAtCheckout}
        </p>
      )}
    </>
  );
}
