import { createElement, useEffect, useId, useState } from 'react';
import { Button } from '../../ui/button';
import { Message } from './banners';
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

/** The shipping estimate: a country (needed) and a postal code, then the ways to ship there. */
export function Shipping(props: ViewProps) {
  const { store, t, locale, slice } = props;
  const { shipping, totalsStatus: status, totalsError: error } = slice;
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
    <section className="shipping" part="shipping" aria-labelledby={`${countryId}-title`}>
      <h3 id={`${countryId}-title`}>{t.shippingEstimate}</h3>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!country) {
            setCountryMissing(true);
            return;
          }
          setCountryMissing(false);
          void store.getState().estimate({ country, postalCode });
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
      {error ? (
        <Message
          problem={error}
          t={t}
          onRetry={() => void store.getState().estimate(shipping ?? undefined)}
        />
      ) : null}
      <ShippingOptions {...props} />
    </section>
  );
}
