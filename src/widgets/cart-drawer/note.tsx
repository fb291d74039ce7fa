import { createElement, useId, useRef, useState } from 'react';
import type { Problem } from '../../store/store';
import { Button } from '../../ui/button';
import { fill } from '../../ui/i18n';
import { plural } from '../../ui/plural';
import { Message } from './banners';
import type { ViewProps } from './view';

/** The platform's longest buyer note (v1's `buyerNote`, Cart V2's `note`), and from where the count shows. */
export const NOTE_MAX = 1000;
const NOTE_COUNT_FROM = 900;

type Saving = { state: 'idle' | 'saving' | 'saved' } | { state: 'failed'; problem: Problem };

/**
 * `data-cart-note`: "Add a note", a disclosure with the shopper's note to the shop (at most 1,000 characters,
 * counted near the end), saved on the cart when she leaves the field or presses Save: the platform keeps it
 * with the cart (a reload shows it) and the order has it. A save that fails says so and keeps the text. The
 * text is hers: a field's value, never markup.
 */
export function Note({ store, t, locale, slice, marketing }: ViewProps) {
  const saved = slice.cart?.buyerNote ?? '';
  const [draft, setDraft] = useState<string | undefined>(undefined);
  const [saving, setSaving] = useState<Saving>({ state: 'idle' });
  /** What was last sent (or read): the same text is not sent again (a blur after Save). */
  const sent = useRef<string | undefined>(undefined);
  const field = useRef<HTMLTextAreaElement>(null);
  const fieldId = useId();
  const countId = useId();
  if (!marketing?.cartNote || !slice.cart) return null;
  const text = draft ?? saved;
  const save = async () => {
    // What the field holds now (a render may not have followed the last keystroke yet).
    const text = field.current?.value ?? draft ?? saved;
    if (text === (sent.current ?? saved)) return;
    sent.current = text;
    setSaving({ state: 'saving' });
    const problem = await store.getState().saveNote(text);
    if (problem) sent.current = undefined;
    setSaving(problem ? { state: 'failed', problem } : { state: 'saved' });
  };
  const left = NOTE_MAX - text.length;
  return (
    <details className="note" part="note" open={saved ? true : undefined}>
      <summary className="fold">{t.noteAdd}</summary>
      <label htmlFor={fieldId}>{t.noteLabel}</label>
      <textarea
        id={fieldId}
        ref={field}
        // The shopper's words in their own direction, whatever the page's.
        dir="auto"
        value={text}
        maxLength={NOTE_MAX}
        rows={3}
        aria-describedby={left <= NOTE_MAX - NOTE_COUNT_FROM ? countId : undefined}
        onChange={(e) => {
          setDraft((e.currentTarget as HTMLTextAreaElement).value.slice(0, NOTE_MAX));
          if (saving.state === 'saved') setSaving({ state: 'idle' });
        }}
        onBlur={() => void save()}
      />
      <div className="note-row">
        {left <= NOTE_MAX - NOTE_COUNT_FROM ? (
          <p id={countId} className="muted">
            {fill(plural(t.noteLeft, left, locale), { count: left })}
          </p>
        ) : null}
        <p className="muted" role="status">
          {saving.state === 'saved' ? t.noteSaved : ''}
        </p>
        <Button className="secondary" blocked={saving.state === 'saving'} onClick={() => void save()}>
          {t.noteSave}
        </Button>
      </div>
      {saving.state === 'failed' ? <Message problem={saving.problem} t={t} /> : null}
    </details>
  );
}
