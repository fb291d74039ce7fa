import { createElement, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../ui/button';
import { fill } from '../../ui/i18n';
import { Message } from './banners';
import { keepFocus, Toggle } from './disclosure';
import { ShippingOptions } from './shipping-options';
import type { ViewProps } from './view';

/** Countries offered in the shipping estimate (the shop ships to the US, and internationally). */
const COUNTRIES = ['US', 'CA', 'GB', 'DE', 'FR', 'IL', 'AU', 'JP'];

/** A country's name in the page's language. */
function countryName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * The shipping estimate's form: a country (needed) and a postal code. `done`: an estimate it asked for arrived
 * (the disclosure then closes on its summary).
 */
function ShippingForm({ store, t, locale, slice, done }: ViewProps & { done: () => void }) {
  const { shipping, totalsStatus: status } = slice;
  const [country, setCountry] = useState(shipping?.country ?? '');
  const [postalCode, setPostalCode] = useState(shipping?.postalCode ?? '');
  const [countryMissing, setCountryMissing] = useState(false);
  // The countries are named only once the list is wanted (the select focused or pressed) or a country is
  // shown, and then after the frame that shows it: a page's first `Intl.DisplayNames` loads the browser's
  // region names, a task of 90–130 ms at 4× CPU slowdown of its own (a trace of a new visitor's first add),
  // over the 50 ms a task may take. Until then, codes.
  const [named, setNamed] = useState(false);
  const name = () => setNamed(true);
  useEffect(() => {
    if (country) setNamed(true);
  }, [country]);
  const countryId = useId();
  const postalId = useId();
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (!country) {
          setCountryMissing(true);
          return;
        }
        setCountryMissing(false);
        void store
          .getState()
          .estimate({ country, postalCode })
          .then(() => store.getState().cart.totalsStatus === 'ready' && done());
      }}
    >
      <div className="row">
        <div className="field">
          <label htmlFor={countryId}>{t.country}</label>
          <select
            id={countryId}
            value={country}
            aria-invalid={countryMissing ? 'true' : undefined}
            onChange={(e) => setCountry((e.currentTarget as HTMLSelectElement).value)}
            onFocus={name}
            onPointerDown={name}
          >
            <option value="">—</option>
            {COUNTRIES.map((code) => (
              <option key={code} value={code}>
                {named ? countryName(code, locale) : code}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={postalId}>{t.postalCode}</label>
          <input
            id={postalId}
            value={postalCode}
            autoComplete="postal-code"
            onChange={(e) => setPostalCode((e.currentTarget as HTMLInputElement).value)}
          />
        </div>
        <Button type="submit" className="secondary" blocked={status === 'loading'}>
          {t.estimate}
        </Button>
      </div>
      {countryMissing ? (
        <p className="field-error" role="alert">
          {t.countryInvalid}
        </p>
      ) : null}
    </form>
  );
}

/**
 * The shipping estimate: "Estimate shipping", a disclosure of its form; once an address is given, one line that
 * says where to ("Shipping to United States 94107", the country named as the form's list names it: that list was
 * opened to choose it) with its Change, and the ways to ship there.
 */
export function Shipping(props: ViewProps) {
  const { t, slice, locale } = props;
  const { shipping, totalsError } = slice;
  // Open while its refusal is shown (the drawer opened again on it).
  const [open, setOpen] = useState(!!totalsError);
  const part = useRef<HTMLElement>(null);
  const formId = useId();
  const titleId = useId();
  const toggle = (
    <Toggle
      open={open}
      controls={formId}
      onToggle={() => setOpen(!open)}
      part="shipping-toggle"
      describedBy={shipping ? titleId : undefined}
    >
      {shipping ? t.change : t.shippingEstimate}
    </Toggle>
  );
  return (
    <section className="shipping" part="shipping" aria-labelledby={titleId} ref={part}>
      {shipping ? (
        <div className="summary" key="summary">
          <h3 id={titleId}>
            {fill(t.shippingTo, {
              place: [countryName(shipping.country, locale), shipping.postalCode].filter(Boolean).join(' '),
            })}
          </h3>
          {toggle}
        </div>
      ) : (
        <h3 id={titleId} key="title">
          {toggle}
        </h3>
      )}
      {/* (Keyed: the summary, a div too, is not taken for it.) */}
      <div id={formId} hidden={!open} key="form">
        <ShippingForm
          {...props}
          done={() => {
            setOpen(false);
            // The Estimate button had the focus: it goes to Change.
            keepFocus(part.current, part.current?.querySelector('form'));
          }}
        />
        {totalsError ? (
          <Message
            problem={totalsError}
            t={t}
            onRetry={() => void props.store.getState().estimate(shipping ?? undefined)}
          />
        ) : null}
      </div>
      <ShippingOptions {...props} />
    </section>
  );
}
