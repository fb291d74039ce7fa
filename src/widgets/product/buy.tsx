import { createElement, Fragment, useId } from 'react';
import { Button } from '../../ui/button';
import { fill } from '../../ui/i18n';
import type { AddToCartState } from './add-to-cart';
import type { Offer } from './availability';
import { Quantity } from './quantity';
import type { ProductStrings } from './strings';

/** What the add button says: sold out, unavailable (no such combination), adding, or add to cart. */
export const addLabel = (offer: Offer, hasOptions: boolean, busy: boolean, t: ProductStrings): string =>
  !offer.available
    ? offer.variant || !hasOptions
      ? t.soldOut
      : t.unavailable
    : busy
      ? t.adding
      : t.addToCart;

/** The quantity and the add button (unless hidden), then what came of the last add. */
export function AddToCart({
  buy,
  offer,
  hasOptions,
  name,
  shown,
  t,
}: {
  buy: AddToCartState;
  offer: Offer;
  hasOptions: boolean;
  name: string;
  shown: (part: string) => boolean;
  t: ProductStrings;
}) {
  const { invalid, added } = buy;
  const quantityErrorId = useId();
  const busy = added.kind === 'adding';
  return (
    <>
      {shown('add') ? (
        <div className="buy">
          {shown('quantity') && offer.available ? (
            <Quantity value={buy.draft} max={offer.max} invalid={invalid} onChange={buy.type} t={t} />
          ) : null}
          <Button
            className="primary"
            part="add-button"
            blocked={busy || !offer.available}
            aria-busy={busy ? 'true' : undefined}
            aria-describedby={invalid ? quantityErrorId : undefined}
            onClick={buy.add}
          >
            {addLabel(offer, hasOptions, busy, t)}
          </Button>
        </div>
      ) : null}
      {invalid ? (
        <p id={quantityErrorId} className="field-error" role="alert">
          {fill(t.quantityInvalid, { max: offer.max })}
        </p>
      ) : null}
      <p className="note" role="status" part="status">
        {added.kind === 'added' && !buy.openCartOnAdd ? fill(t.added, { name }) : ''}
      </p>
      {added.kind === 'error' ? (
        <p className="field-error" role="alert" part="error">
          {t[added.problem?.key as keyof ProductStrings] ?? t.addFailed}
          {added.problem?.detail ? ` ${added.problem.detail}` : ''}
        </p>
      ) : null}
    </>
  );
}
