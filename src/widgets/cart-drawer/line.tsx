import { createElement, Fragment, type ReactNode, useId, useState } from 'react';
import type { LineItem } from '../../api/types/cart';
import { MAX_QUANTITY } from '../../store/store';
import { Button } from '../../ui/button';
import { safeImageUrl } from '../../ui/format';
import { fill } from '../../ui/i18n';
import { initialOf } from '../../ui/initial';
import { formatAmount, formatPrice } from '../../ui/price';
import { type Props, textOf } from './view';

/** A cart line as the drawer is given it; `removed` tells the drawer of a removal, for its Undo. */
export type LineProps = Props & { line: LineItem; pending: boolean; removed: (line: LineItem) => void };

/**
 * A line's quantity field: what is typed, whether it is impossible, and its commit (Enter, or leaving the field):
 * 0 takes the line out (with an Undo, as Remove does), 1 to 9999 is sent, anything else is explained.
 */
function useQuantityDraft({ line, store, removed }: LineProps) {
  const id = line.id as string;
  const quantity = line.quantity ?? 1;
  const [draft, setDraft] = useState(String(quantity));
  const [invalid, setInvalid] = useState(false);
  const errorId = useId();
  // A new quantity from the cart replaces what was typed, during the render: an effect would run after the
  // first paint too, and wipe a quantity typed (and its message) before it ran.
  const [shown, setShown] = useState(quantity);
  if (shown !== quantity) {
    setShown(quantity);
    setDraft(String(quantity));
    setInvalid(false);
  }
  const commit = () => {
    const value = Number(draft);
    if (value === 0 && /^\d+$/.test(draft.trim())) {
      removed(line);
      void store.getState().removeLine(id);
      return;
    }
    if (!/^\d+$/.test(draft.trim()) || value < 1 || value > MAX_QUANTITY) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    if (value !== quantity) void store.getState().setQuantity(id, value);
  };
  return { draft, setDraft, invalid, errorId, commit };
}

export function Line(props: LineProps) {
  const { line, t, locale, currency, pending } = props;
  const name = textOf(line.productName) || '';
  const quantity = line.quantity ?? 1;
  const { draft, setDraft, invalid, errorId, commit } = useQuantityDraft(props);
  const availability = line.availability;
  const available = availability?.quantityAvailable;
  const max = Math.min(MAX_QUANTITY, available ?? MAX_QUANTITY);
  // + stops at what is left: the line says why.
  const stockLimited = available !== undefined && quantity >= available;
  const stockId = `${errorId}-stock`;
  const image = safeImageUrl(line.image);
  return (
    <li className="line" part="line" aria-busy={pending ? 'true' : undefined}>
      {image ? (
        <img className="thumb" src={image} alt="" width={72} height={72} loading="lazy" part="line-image" />
      ) : (
        <span className="thumb placeholder" aria-hidden="true">
          {initialOf(name)}
        </span>
      )}
      <div className="line-main">
        <LineDetails {...props} name={name} stockId={stockId} limited={stockLimited}>
          <p className="line-total" part="line-total">
            {formatPrice(line.lineItemPrice, currency, locale)}
          </p>
        </LineDetails>
      </div>
      {/* Under the name and the price: room for the quantity and Remove at 320 px. */}
      <LineControls {...props} name={name} max={max} stockId={stockLimited ? stockId : undefined}>
        <input
          type="number"
          inputMode="numeric"
          min={1}
          max={max}
          value={draft}
          aria-label={fill(t.quantityOf, { name })}
          aria-invalid={invalid ? 'true' : undefined}
          aria-describedby={invalid ? errorId : undefined}
          onChange={(e) => setDraft((e.currentTarget as HTMLInputElement).value)}
          onBlur={commit}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              commit();
            }
          }}
        />
      </LineControls>
      {invalid ? (
        <p id={errorId} className="field-error line-error" role="alert">
          {t.quantityInvalid}
        </p>
      ) : null}
    </li>
  );
}

/**
 * The price of one, when it says more than the line's total: of a sale (the regular price struck through, the
 * saving said), or of more than one ("$25.00 each"). Nothing for one at its regular price.
 */
function UnitPrice({ line, t, locale, currency }: LineProps) {
  const quantity = line.quantity ?? 1;
  // In whole cents: no float drift in the saving.
  const cents = (price: { amount?: string } | undefined) => Math.round(Number(price?.amount ?? 0) * 100);
  const saved = line.fullPrice ? cents(line.fullPrice) - cents(line.price) : 0;
  const paid = formatPrice(line.price, currency, locale);
  if (!(saved > 0) && quantity < 2) return null;
  return (
    <p className="muted">
      {saved > 0 ? (
        <>
          {/* A struck price is not read as struck: it is said to be the regular one. */}
          <span className="sf-visually-hidden">{t.regularPrice} </span>
          <s part="regular-price">{formatPrice(line.fullPrice, currency, locale)}</s>{' '}
        </>
      ) : null}
      {quantity > 1 ? fill(t.each, { price: paid }) : paid}
      {saved > 0 ? (
        <>
          {' '}
          <span className="saving" part="saving">
            {fill(t.youSave, { amount: formatAmount((saved * quantity) / 100, currency, locale) })}
          </span>
        </>
      ) : null}
    </p>
  );
}

/**
 * What a line is: its name and its total (`children`) on one row, the options chosen, the price of one when it
 * says more (`UnitPrice`), and how many are left.
 */
export function LineDetails({
  line,
  t,
  name,
  stockId,
  limited,
  children,
  ...props
}: LineProps & { name: string; stockId: string; limited: boolean; children: ReactNode }) {
  const availability = line.availability;
  const options = line.descriptionLines ?? [];
  return (
    <>
      {/* The total beside the name, below it when the name leaves it no room (a long name, a wide price). */}
      <div className="line-head">
        <p className="line-name" part="line-name">
          {/* The product's name in its own direction, whatever the page's. */}
          <bdi>{name}</bdi>
        </p>
        {children}
      </div>
      {options.length ? (
        <ul className="options">
          {options.map((d) => {
            const label = textOf(d.name);
            const value = textOf(d.colorInfo) || textOf(d.plainText);
            const swatch =
              d.colorInfo?.code && /^#[0-9a-f]{3,8}$/i.test(d.colorInfo.code) ? d.colorInfo.code : undefined;
            return (
              <li key={`${label}:${value}`}>
                {label ? `${label}: ` : ''}
                {swatch ? (
                  <span className="swatch" style={{ background: swatch }} aria-hidden="true" />
                ) : null}
                {value}
              </li>
            );
          })}
        </ul>
      ) : null}
      <UnitPrice {...props} line={line} t={t} />
      {availability?.status === 'NOT_AVAILABLE' || availability?.status === 'NOT_FOUND' ? (
        <p className="warning" part="availability">
          {t.outOfStock}
        </p>
      ) : availability?.status === 'PARTIALLY_AVAILABLE' || limited ? (
        <p id={stockId} className="warning" part="availability">
          {fill(t.onlyLeft, { count: availability?.quantityAvailable ?? 0 })}
        </p>
      ) : null}
    </>
  );
}

/** A line's quantity between − and + (the field is the line's own: `children`), and its remove button. */
export function LineControls({
  line,
  store,
  t,
  pending,
  name,
  max,
  stockId,
  children,
  removed,
}: LineProps & {
  name: string;
  max: number;
  /** The stock message that says why + stops, when it does. */
  stockId: string | undefined;
  children: ReactNode;
}) {
  const id = line.id as string;
  const quantity = line.quantity ?? 1;
  return (
    <div className="line-controls">
      <div className="stepper" part="stepper">
        <Button
          aria-label={fill(t.decrease, { name })}
          blocked={pending || quantity <= 1}
          onClick={() => void store.getState().setQuantity(id, quantity - 1)}
        >
          −
        </Button>
        {children}
        <Button
          aria-label={fill(t.increase, { name })}
          aria-describedby={stockId}
          blocked={pending || quantity >= max}
          onClick={() => void store.getState().setQuantity(id, quantity + 1)}
        >
          +
        </Button>
      </div>
      <button
        type="button"
        className="link"
        aria-label={fill(t.removeItem, { name })}
        onClick={(event) => {
          // The line leaves at once: the focus goes to the drawer, not to the page.
          (event.currentTarget.closest('dialog') as HTMLElement | null)?.focus();
          removed(line);
          void store.getState().removeLine(id);
        }}
      >
        {t.remove}
      </button>
    </div>
  );
}
