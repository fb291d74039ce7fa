import type { Problem } from '../../store/store';
import type { SignInStep } from '../../store/types';
import { fill } from '../../ui/i18n';
import type { LoginStrings } from './strings';

export type Field = 'email' | 'password' | 'nickname' | 'code' | 'form';

/** One message for the person, next to the field it concerns, with a way forward where there is one. */
export interface FieldMessage {
  field: Field;
  message: string;
  hint?: string;
  action?: 'forgot' | 'signIn' | 'hosted';
}

/**
 * The shortest password the platform takes, said under the password field before it is typed (`passwordRule`;
 * a refusal says the platform's own `threshold`).
 */
export const PASSWORD_MIN_LENGTH = 6;

/** The password's rule, said before it is typed. */
export const passwordRule = (t: LoginStrings) => fill(t.passwordRule, { min: PASSWORD_MIN_LENGTH });

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The fields a refusal can be said at (`Said.field`). */
const FIELDS = ['email', 'password', 'nickname', 'code'];

/** A text's way forward: back to the sign-in for an email in use and an expired sign-in. */
const actionOf = (key: string | undefined): FieldMessage['action'] =>
  key === 'emailAlreadyExists' || key === 'signInExpired' ? 'signIn' : undefined;

/** A login text by a key from outside the modal (the store's), if it is one. */
const textOf = (t: LoginStrings, key: string | undefined): string | undefined =>
  key !== undefined && Object.hasOwn(t, key) ? t[key as keyof LoginStrings] : undefined;

/**
 * A FAILURE as what the person reads: what the store says of it (`said`: a text of the page's language for the
 * platform's codes and rules it knows, the platform's own words else), each at its field.
 */
export function failureProblem(
  result: Extract<SignInStep, { loginState: 'FAILURE' }>,
  t: LoginStrings,
  /** Where a message without a field of its own goes (the code field of the code view). */
  fallback: Field = 'form',
): FieldMessage[] {
  return (result.said ?? [{ field: '', words: result.error }]).map(({ field, key, values, words }) => {
    const text = textOf(t, key);
    const action = actionOf(key);
    return {
      field: FIELDS.includes(field) ? (field as Field) : field === 'form' ? 'form' : fallback,
      message: text === undefined ? words : fill(text, values),
      ...(action ? { action } : {}),
    };
  });
}

/** A step that could not be made (the network, the silent sign-in, the hosted page) as a form-level message. */
export function stepProblem(problem: Problem, t: LoginStrings): FieldMessage {
  if (problem.key === 'networkError') return { field: 'form', message: t.networkError };
  // The silent sign-in refused, failed its exchange or timed out: the hosted page is the way on (whether or not
  // the site shows its link: this is the one way left, not a choice of sign-in).
  if (problem.key === 'silentFailed' || problem.key === 'hostedFailed')
    return {
      field: 'form',
      message: t[problem.key],
      hint: problem.detail,
      action: 'hosted',
    };
  // A refusal with a text of its own (an expired sign-in), else the platform's words.
  const action = actionOf(problem.key);
  return {
    field: 'form',
    message: textOf(t, problem.key) ?? problem.detail ?? problem.key,
    ...(action ? { action } : {}),
  };
}

export const checkEmail = (email: string, t: LoginStrings): FieldMessage | null =>
  !email.trim()
    ? { field: 'email', message: t.required }
    : EMAIL.test(email.trim())
      ? null
      : { field: 'email', message: t.emailInvalid };

/** An empty field's message (spaces count as empty where the caller trims: a password may be spaces). */
export const checkRequired = (value: string, field: Field, t: LoginStrings): FieldMessage | null =>
  value ? null : { field, message: t.required };
