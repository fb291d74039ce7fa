import { createElement, useId } from 'react';
import type { ProductOption } from '../../api/types/products';
import { fill } from '../../ui/i18n';
import { type ChoiceState, choiceName, type Selection } from './availability';
import type { ProductStrings } from './strings';

const HEX = /^#[0-9a-f]{3,8}$/i;

/** A choice's name as a person hears and reads it: with "(sold out)" or "(unavailable)" when it is. */
const spoken = (choice: string, state: ChoiceState | undefined, t: ProductStrings) =>
  state === 'soldOut'
    ? fill(t.choiceSoldOut, { choice })
    : state === 'unavailable'
      ? fill(t.choiceUnavailable, { choice })
      : choice;

interface PickerProps {
  option: ProductOption;
  value: string;
  states: Record<string, ChoiceState>;
  onChoose: (choice: string) => void;
  t: ProductStrings;
}

/**
 * A colour option: a radio group of swatches (the browser's own radios, so ← → ↑ ↓ move and choose, Tab
 * leaves the group). Every choice can be chosen; a sold-out one says so, struck through.
 */
function Swatches({ option, value, states, onChoose, t }: PickerProps) {
  const group = useId();
  const name = option.name ?? '';
  return (
    <fieldset className="option swatches" part="option">
      <legend>
        {name}: <span className="chosen">{spoken(value, states[value], t)}</span>
      </legend>
      <div className="swatch-list">
        {(option.choices ?? []).map((choice) => {
          const description = choiceName(choice);
          const state = states[description];
          const label = spoken(description, state, t);
          const color = choice.value && HEX.test(choice.value) ? choice.value : undefined;
          return (
            <label key={description} className="swatch" part="swatch" title={label} data-state={state}>
              <input
                type="radio"
                name={group}
                value={description}
                checked={value === description}
                aria-label={label}
                onChange={() => onChoose(description)}
              />
              <span
                className={color ? 'chip' : 'chip text'}
                aria-hidden="true"
                style={color ? { background: color } : undefined}
              >
                {color ? null : description}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/** A drop-down option: the browser's own select, each choice saying when it is sold out. */
function Dropdown({ option, value, states, onChoose, t }: PickerProps) {
  const id = useId();
  return (
    <div className="option" part="option">
      <label htmlFor={id}>{option.name}</label>
      <select
        id={id}
        part="select"
        value={value}
        onChange={(event) => onChoose((event.currentTarget as HTMLSelectElement).value)}
      >
        {(option.choices ?? []).map((choice) => {
          const description = choiceName(choice);
          return (
            <option key={description} value={description}>
              {spoken(description, states[description], t)}
            </option>
          );
        })}
      </select>
    </div>
  );
}

/** A product's option pickers: swatches for colours, a drop-down for the rest. */
export function OptionPickers({
  options,
  selection,
  states,
  onChoose,
  t,
}: {
  options: ProductOption[];
  selection: Selection;
  states: Record<string, Record<string, ChoiceState>>;
  onChoose: (option: string, choice: string) => void;
  t: ProductStrings;
}) {
  if (!options.length) return null;
  return (
    <div className="options" part="options">
      {options.map((option) => {
        const name = option.name ?? '';
        const Picker = option.optionType === 'color' ? Swatches : Dropdown;
        return (
          <Picker
            key={name}
            option={option}
            value={selection[name] ?? ''}
            states={states[name] ?? {}}
            onChoose={(choice) => onChoose(name, choice)}
            t={t}
          />
        );
      })}
    </div>
  );
}
