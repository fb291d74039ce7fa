import { createElement, useEffect, useRef } from 'react';
import type { ShippingOption } from '../../api/types/cart';
import { isolate } from '../../ui/bidi';
import { fill } from '../../ui/i18n';
import { formatPrice } from '../../ui/price';
import type { Strings } from './strings';
import type { ViewProps } from './view';

/** A delivery slot in the page's language, compact (`Thu 26 Nov, 9:00–12:00`); undefined without valid times. */
function slotText(slot: { from?: string; to?: string }, locale: string): string | undefined {
  try {
    return new Intl.DateTimeFormat(locale, {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      hour: 'numeric',
      minute: '2-digit',
    }).formatRange(new Date(slot.from as string), new Date(slot.to as string));
  } catch {
    return undefined;
  }
}

/**
 * An option's name (as the merchant wrote it) and price on its first line; when it comes (a time slot says more
 * than the option's delivery time, "1–2 business days") and where to pick it up below, each kept whole.
 */
function OptionLabel({
  option,
  t,
  currency,
  locale,
}: {
  option: ShippingOption;
  t: Strings;
  currency: string;
  locale: string;
}) {
  const cost = option.cost?.price;
  const price = cost?.amount === '0' ? t.free : formatPrice(cost, currency, locale);
  const logistics = option.logistics;
  const pickup = logistics?.pickupDetails?.address;
  const when = slotText(logistics?.deliveryTimeSlot ?? {}, locale) ?? logistics?.deliveryTime;
  // Read as one phrase ("Express · $15.00 · Thu 26 Nov, 9:00–12:00"): the separators are for the ear only.
  const dot = <span className="sf-visually-hidden"> · </span>;
  return (
    <span className="option-text">
      <span className="option-head">
        <span>{option.title ?? option.code}</span>
        {dot}
        <span className="nowrap">{price}</span>
      </span>
      {when ? (
        <span className="muted nowrap">
          {dot}
          {when}
        </span>
      ) : null}
      {pickup ? (
        <span className="muted">
          {dot}
          {/* The address in its own direction: on an Arabic page its number stays at its start ("18 Harbour
              Street"), not thrown to its end. */}
          {fill(t.pickupAt, {
            address: isolate([pickup.addressLine, pickup.city].filter(Boolean).join(', ')),
          })}
        </span>
      ) : null}
    </span>
  );
}

/** The ways to ship to the address given, the chosen one checked; choosing another estimates again. */
export function ShippingOptions({ store, t, currency, locale, slice }: ViewProps) {
  const { shipping, totals } = slice;
  const list = useRef<HTMLFieldSetElement>(null);
  // Options are for an address: none are shown before the visitor gives a country.
  const options = shipping
    ? (totals?.shippingInfo?.carrierServiceOptions ?? []).flatMap((c) => c.shippingOptions ?? [])
    : [];
  const selected = totals?.shippingInfo?.selectedCarrierServiceOption?.code;
  // The options arrive below the form, maybe out of view above the footer: they are brought into view.
  const shown = options.length > 0;
  useEffect(() => {
    if (shown) list.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [shown]);
  return options.length ? (
    <fieldset className="options-list" ref={list}>
      <legend>{t.shippingOption}</legend>
      {options.map((option) => (
        <label key={option.code} className="option">
          <input
            type="radio"
            name="shipping-option"
            value={option.code}
            checked={option.code === selected}
            onChange={() =>
              shipping && void store.getState().estimate({ ...shipping, code: option.code as string })
            }
          />
          <OptionLabel option={option} t={t} currency={currency} locale={locale} />
        </label>
      ))}
    </fieldset>
  ) : null;
}
