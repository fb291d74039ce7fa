import { createElement, Fragment, type ReactNode, type RefObject, useState } from 'react';
import type { Problem } from '../../store/store';
import type { SignInStep } from '../../store/types';
import { Button } from '../../ui/button';
import { ErrorText } from './fields';
import { type FieldMessage, failureProblem, stepProblem } from './problems';
import type { LoginStrings } from './strings';
import type { Step, View, ViewProps } from './view';

/**
 * The state of the modal's steps: one at a time (a press while busy does nothing), the fields' problems found
 * before asking the platform are said at once (the focus on the first), and a result leads on (`follow`).
 */
export function useStep(options: {
  t: LoginStrings;
  id: string;
  view: View;
  /** The email the code goes to, for the verification view. */
  email: string;
  /** Where the fields are, to focus the one a problem concerns. */
  container: RefObject<HTMLElement | null>;
  /** A sign-in step's SUCCESS: the member is signed in. */
  onSignedIn(): void;
  /** A step that needs the emailed code or the owner's approval. */
  go(next: View): void;
}): Step {
  const { t } = options;
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<FieldMessage[]>([]);

  const fieldOf = (field: FieldMessage['field']) =>
    options.container.current?.querySelector<HTMLElement>(`#${CSS.escape(`${options.id}-${field}`)}`);
  const focusField = (field: FieldMessage['field']) => fieldOf(field)?.focus();
  /** The platform's messages, each at its field, or the form's when the view has no such field. */
  const show = (messages: FieldMessage[]) =>
    setProblems(
      messages.map((message) => (fieldOf(message.field) ? message : { ...message, field: 'form' })),
    );

  const fail = (failed: Problem) => show([stepProblem(failed, t)]);

  return {
    busy,
    problems,
    problemOf: (field) => problems.find((problem) => problem.field === field),
    clear: () => setProblems([]),
    fail,
    async run(check, step) {
      if (busy) return;
      const invalid = check().filter((problem) => problem !== null);
      setProblems(invalid);
      if (invalid[0]) {
        focusField(invalid[0].field);
        return;
      }
      setBusy(true);
      try {
        await step();
      } finally {
        setBusy(false);
      }
    },
    follow(result: SignInStep) {
      if (result.loginState === 'SUCCESS') options.onSignedIn();
      else if (result.loginState === 'ERROR') fail(result.problem);
      else if (result.loginState === 'EMAIL_VERIFICATION_REQUIRED')
        options.go({ name: 'verify', email: options.email.trim() });
      else if (result.loginState === 'OWNER_APPROVAL_REQUIRED') options.go({ name: 'approval' });
      else show(failureProblem(result, t, options.view.name === 'verify' ? 'code' : 'form'));
    },
  };
}

/**
 * A view's form: no browser validation (the view checks, and says so next to the field), busy while its step
 * runs, its form-level message and its submit button at the end.
 */
export function StepForm({
  shell,
  onSubmit,
  submit,
  submitting,
  children,
  after,
}: {
  shell: ViewProps;
  onSubmit(): void;
  submit: string;
  submitting: string;
  children: ReactNode;
  /** What follows the submit button inside the form. */
  after?: ReactNode;
}) {
  const { busy } = shell.step;
  const problem = shell.step.problemOf('form');
  return (
    <>
      <form
        noValidate
        aria-busy={busy ? 'true' : undefined}
        // The first keystroke starts the sign-in code's download, so a submit does not wait for it.
        onInput={() => shell.actions().prepareSignIn()}
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        {children}
        {/* The step's form-level message, if it has one. */}
        {problem ? <ErrorText id={`${shell.id}-form-error`} problem={problem} shell={shell} /> : null}
        <Button type="submit" className="primary" blocked={busy} part="submit">
          {busy ? submitting : submit}
        </Button>
        {after}
      </form>
      <p className="sf-visually-hidden" role="status" aria-live="polite">
        {busy ? '…' : ''}
      </p>
    </>
  );
}
