import { createElement, useId } from 'react';
import { Button } from '../../ui/button';
import type { ProductStrings } from './strings';

/** The quantity to add: − and + within 1 and what is left, or a typed whole number. */
export function Quantity({
  value,
  max,
  invalid,
  onChange,
  t,
}: {
  value: string;
  max: number;
  invalid: boolean;
  onChange: (value: string) => void;
  t: ProductStrings;
}) {
  const id = useId();
  const n = Number(value);
  return (
    <div className="quantity" part="quantity">
      <label htmlFor={id} className="sf-visually-hidden">
        {t.quantity}
      </label>
      <Button
        aria-label={t.decrease}
        blocked={!(n > 1)}
        onClick={() => onChange(String(Math.min(max, n - 1)))}
      >
        −
      </Button>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={1}
        max={max}
        value={value}
        aria-invalid={invalid ? 'true' : undefined}
        onChange={(event) => onChange((event.currentTarget as HTMLInputElement).value)}
      />
      <Button
        aria-label={t.increase}
        blocked={!(n < max)}
        onClick={() => onChange(String(Math.max(1, n + 1)))}
      >
        +
      </Button>
    </div>
  );
}
