import { createElement } from 'react';
import type { Cart } from '../../api/types/cart';
import { cartFigures } from '../../store/cart-summary';
import { formatPrice } from '../../ui/price';
import type { ViewProps } from './view';

/** The cart's totals (`cartFigures`): the server's figures only beside the lines they were worked out for. */
export function Totals({ cart, slice, t, currency, locale }: ViewProps & { cart: Cart }) {
  const { summary, subtotal, shippingUnknown, updating } = cartFigures(cart, slice);
  const rows: Array<[string, string]> = [[t.subtotal, formatPrice(subtotal, currency, locale)]];
  if (summary && Number(summary.discount?.amount ?? 0) > 0)
    rows.push([t.discount, `−${formatPrice(summary.discount, currency, locale)}`]);
  if (summary) {
    rows.push([
      t.shipping,
      shippingUnknown
        ? t.shippingUnknown
        : summary.shipping?.amount === '0'
          ? t.free
          : formatPrice(summary.shipping, currency, locale),
    ]);
    rows.push([t.tax, formatPrice(summary.tax, currency, locale)]);
  }
  return (
    <dl className="totals" part="totals" aria-busy={updating ? 'true' : undefined}>
      {rows.map(([label, value]) => (
        <div key={label} className="total-row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
      {summary || updating ? (
        <div className="total-row grand">
          <dt>{t.total}</dt>
          <dd className={updating ? 'muted' : undefined}>
            {summary ? formatPrice(summary.total, currency, locale) : t.updating}
          </dd>
        </div>
      ) : null}
    </dl>
  );
}
