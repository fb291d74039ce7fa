import { createElement, useEffect, useRef, useState } from 'react';
import { cartFigures } from '../../store/cart-summary';
import { fill } from '../../ui/i18n';
import { formatAmount } from '../../ui/price';
import type { PartProps } from './part-props';

/**
 * What the cart's lines come to after discounts (the estimate's subtotal less its discount, else the lines' own
 * sum), and whether a newer figure is on its way (`cartFigures`).
 */
function spentOf({ slice }: PartProps) {
  const cart = slice.cart;
  if (!cart) return { spent: 0, updating: false };
  const { summary, subtotal, updating } = cartFigures(cart, slice);
  const discount = summary ? Number(summary.discount?.amount ?? 0) : 0;
  return { spent: Math.max(0, Number(subtotal?.amount ?? 0) - discount), updating };
}

/**
 * `data-free-shipping-over`: how far the cart is from free shipping, as a bar and a line ("$12.00 away from
 * free shipping", "You get free shipping") in the cart's currency. The line is said (politely) when it changes
 * while the drawer is open, not when the drawer opens nor when the same figure renders again. While a new
 * estimate is on its way the last figure stays (the lines' own sum, before their discount, would flicker).
 */
export function FreeShipping(props: PartProps) {
  const { t, currency, locale, marketing, lines, loading } = props;
  const over = marketing?.freeShippingOver;
  const { spent, updating } = spentOf(props);
  const kept = useRef(spent);
  if (!updating) kept.current = spent;
  const shown = kept.current;
  const left = over === undefined ? 0 : Math.max(0, Math.round((over - shown) * 100) / 100);
  const line =
    left > 0
      ? fill(t.freeShippingAway, { amount: formatAmount(left, currency, locale) })
      : t.freeShippingReached;
  // What the live region says: nothing at first (the drawer's own opening is heard), then each new line.
  const [said, setSaid] = useState('');
  const last = useRef(line);
  useEffect(() => {
    if (last.current === line) return;
    last.current = line;
    setSaid(line);
  }, [line]);
  if (over === undefined || loading || !lines.length) return null;
  const now = Math.min(over, Math.round(shown * 100) / 100);
  return (
    <div className="free-shipping" part="free-shipping">
      <p className="free-shipping-line" aria-hidden="true">
        {line}
      </p>
      <div
        className="free-shipping-bar"
        role="progressbar"
        aria-label={t.freeShipping}
        aria-valuemin={0}
        aria-valuemax={over}
        aria-valuenow={now}
        aria-valuetext={line}
      >
        <span style={{ inlineSize: `${(now / over) * 100}%` }} />
      </div>
      <p className="sf-visually-hidden" aria-live="polite">
        {said}
      </p>
    </div>
  );
}
