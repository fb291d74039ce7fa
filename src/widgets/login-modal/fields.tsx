import { createElement, type RefObject, useState } from 'react';
import { Button } from '../../ui/button';
import type { Field, FieldMessage } from './problems';
import type { ViewProps } from './view';

/** A message as an alert: next to its field, or at the form's end; with its way forward as a button. */
export function ErrorText({ id, problem, shell }: { id: string; problem: FieldMessage; shell: ViewProps }) {
  const { t } = shell;
  const label =
    problem.action === 'forgot'
      ? t.forgot
      : problem.action === 'signIn'
        ? t.backToSignIn
        : problem.action === 'hosted'
          ? t.hosted
          : '';
  return (
    <div className={problem.field === 'form' ? 'banner' : 'field-error'} id={id} role="alert" part="error">
      <p>{problem.message}</p>
      {problem.hint ? <p className="hint">{problem.hint}</p> : null}
      {problem.action ? (
        <Button className="link" onClick={() => shell.onAction(problem.action)}>
          {label}
        </Button>
      ) : null}
    </div>
  );
}

export interface FieldProps {
  shell: ViewProps;
  field: Field;
  label: string;
  type?: 'email' | 'text';
  value: string;
  onInput: (value: string) => void;
  autoComplete: string;
  inputRef?: RefObject<HTMLInputElement | null>;
  inputMode?: 'numeric' | 'email' | 'text';
  maxLength?: number;
  /** A password: hidden, with a toggle to show it. */
  toggle?: boolean;
  /** What the field takes (a password's rule), said under it before anything is typed. */
  description?: string;
}

/**
 * A labelled input, described by its description (if it has one) and its message from the step's problems (an
 * alert beside it).
 */
export function TextField(props: FieldProps) {
  const { shell } = props;
  const [visible, setVisible] = useState(false);
  const id = `${shell.id}-${props.field}`;
  const errorId = `${id}-error`;
  const descriptionId = `${id}-description`;
  const mine = shell.step.problemOf(props.field);
  const describedBy = [mine ? errorId : '', props.description ? descriptionId : ''].join(' ').trim();
  const type = props.toggle ? (visible ? 'text' : 'password') : (props.type ?? 'text');
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <div className={props.toggle ? 'with-toggle' : undefined}>
        <input
          id={id}
          ref={props.inputRef}
          type={type as 'text' /* one of text, email, password */}
          value={props.value}
          autoComplete={props.autoComplete}
          inputMode={props.inputMode}
          maxLength={props.maxLength}
          required
          spellCheck={false}
          autoCapitalize="off"
          aria-invalid={mine ? 'true' : undefined}
          aria-describedby={describedBy || undefined}
          onChange={(e) => props.onInput((e.currentTarget as HTMLInputElement).value)}
        />
        {props.toggle ? (
          <button
            type="button"
            className="toggle"
            aria-pressed={visible}
            aria-label={visible ? shell.t.hidePassword : shell.t.showPassword}
            onClick={() => setVisible(!visible)}
          >
            {/* An eye, struck through while the password shows; its paths inherit the outline style. */}
            <svg
              viewBox="0 0 24 24"
              width="20"
              height="20"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              aria-hidden="true"
              focusable="false"
            >
              <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z M12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6Z" />
              {visible ? <path d="M4 4l16 16" /> : null}
            </svg>
          </button>
        ) : null}
      </div>
      {props.description ? (
        <p className="description" id={descriptionId}>
          {props.description}
        </p>
      ) : null}
      {mine ? <ErrorText id={errorId} problem={mine} shell={shell} /> : null}
    </div>
  );
}

/**
 * The email field every view that asks for it shows (sign in, register, forgot): the view's shared email,
 * first to focus. `autoComplete` tells the browser which account it is: `username` to sign in, `email` else.
 */
export const EmailField = ({
  shell,
  autoComplete,
}: {
  shell: ViewProps;
  autoComplete: 'username' | 'email';
}) => (
  <TextField
    shell={shell}
    field="email"
    label={shell.t.email}
    type="email"
    value={shell.email}
    onInput={shell.setEmail}
    autoComplete={autoComplete}
    inputMode="email"
    inputRef={shell.first}
  />
);
