import type { RefObject } from 'react';
import type { Problem, StorefrontActions } from '../../store/store';
import type { SignInStep } from '../../store/types';
import type { Field, FieldMessage } from './problems';
import type { LoginStrings } from './strings';

/** The login modal's views; the verification and reset views carry what they need. */
export type View =
  | { name: 'signIn' }
  | { name: 'register' }
  | { name: 'verify'; email: string }
  | { name: 'approval' }
  | { name: 'forgot' }
  | { name: 'forgotSent'; email: string }
  | { name: 'reset'; recoveryToken: string };

/** A step's state: one at a time, its problems on show, and where its result leads. */
export interface Step {
  busy: boolean;
  /** The messages on show: at most one a field (and one for the form), in the order found. */
  problems: FieldMessage[];
  /** The message of a field, or the form's, if it has one. */
  problemOf(field: Field): FieldMessage | undefined;
  /** Takes every message away (a new view). */
  clear(): void;
  /** Shows a step that could not be made (the network, the silent sign-in, the hosted page). */
  fail(problem: Problem): void;
  /**
   * Checks the fields (every problem found is said at its field, the focus on the first, and the step is not
   * run), then runs the step with the busy state on.
   */
  run(check: () => (FieldMessage | null)[], step: () => Promise<void>): Promise<void>;
  /** Where a sign-in step leads: signed in and closed, the next view, or a message. */
  follow(result: SignInStep): void;
}

/** What the shell hands each view. */
export interface ViewProps {
  t: LoginStrings;
  /** The store's actions, read when called. */
  actions: () => StorefrontActions;
  lang: string;
  /** The base of the fields' ids. */
  id: string;
  /** The email is kept across the views (sign in → forgot password, register → sign in). */
  email: string;
  setEmail(email: string): void;
  /** The view's first field, which gets the focus. */
  first: RefObject<HTMLInputElement | null>;
  go(next: View): void;
  close(): void;
  onAction(action: FieldMessage['action']): void;
  step: Step;
}
