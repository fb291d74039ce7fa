import type { LoginResult } from '../../auth/login-state';
import type { Problem } from '../../store/store';
import type { LoginStrings } from './strings';

export type Field = 'email' | 'password' | 'nickname' | 'code' | 'form';

/** One message for the person, next to the field it concerns, with a way forward where there is one. */
export interface FieldMessage {
  field: Field;
  message: string;
  hint?: string;
  action?: 'forgot' | 'signIn' | 'hosted';
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The server's field paths, as the form's fields. */
const FIELD_OF: Record<string, Field> = {
  email: 'email',
  'loginId.email': 'email',
  password: 'password',
  'profile.nickname': 'nickname',
  nickname: 'nickname',
  code: 'code',
  verificationCode: 'code',
};

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A FAILURE as what the person reads: the server's own words, at the field they concern, and a hint. */
export function failureProblem(
  result: Extract<LoginResult, { loginState: 'FAILURE' }>,
  t: LoginStrings,
  /** Where a message without a field of its own goes (the code field of the code view). */
  fallback: Field = 'form',
): FieldMessage {
  const [path, description] = Object.entries(result.fields ?? {})[0] ?? [];
  // The server's path, looked up among the table's own (never a `constructor` of Object.prototype).
  if (path && description && Object.hasOwn(FIELD_OF, path)) {
    return { field: FIELD_OF[path] as Field, message: capital(description) };
  }
  switch (result.errorCode) {
    case 'invalidPassword':
      // The view's own "Forgot password?" is right below: no second one in the message.
      return { field: 'password', message: result.error, hint: t.invalidPasswordHint };
    case 'resetPassword':
      return { field: 'password', message: result.error, hint: t.resetPasswordHint };
    case 'emailAlreadyExists':
      // One message in the page's language, with its way on (the server's says the same as the hint did).
      return { field: 'email', message: t.emailAlreadyExists, action: 'signIn' };
    case 'invalidEmail':
      return { field: 'email', message: result.error };
    case 'missingCaptchaToken':
    case 'invalidCaptchaToken':
      return { field: 'form', message: result.error, hint: t.captchaHint };
    default:
      return { field: fallback, message: result.error };
  }
}

/** A step that could not be made (the network, the silent sign-in, the hosted page) as a form-level message. */
export function stepProblem(problem: Problem, t: LoginStrings): FieldMessage {
  if (problem.key === 'networkError') return { field: 'form', message: t.networkError };
  // The silent sign-in refused, failed its exchange or timed out: the hosted page is the way on.
  if (problem.key === 'silentFailed' || problem.key === 'hostedFailed')
    return {
      field: 'form',
      message: t[problem.key],
      hint: problem.detail,
      action: 'hosted',
    };
  return { field: 'form', message: problem.detail ?? problem.key };
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
