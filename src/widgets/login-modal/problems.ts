import type { FieldViolation } from '../../api/types/errors';
import type { LoginResult } from '../../auth/login-state';
import type { Problem } from '../../store/store';
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

/** The server's field paths, as the form's fields. */
const FIELD_OF = new Map<string, Field>([
  ['email', 'email'],
  ['loginId.email', 'email'],
  ['password', 'password'],
  ['profile.nickname', 'nickname'],
  ['nickname', 'nickname'],
  ['code', 'code'],
  ['verificationCode', 'code'],
]);

/**
 * The platform's codes the modal says in the page's language: the text, the field it concerns (none: the
 * view's, the code field of the code view), and its way forward. A code not here is said in the platform's words.
 */
const CODE_TEXTS = new Map<string, [keyof LoginStrings, Field?, FieldMessage['action']?]>([
  ['-19976', ['wrongPassword', 'password']],
  ['-19973', ['resetPasswordHint', 'password']],
  ['-19999', ['unknownEmail', 'email']],
  ['-19995', ['emailAlreadyExists', 'email', 'signIn']],
  ['-19971', ['captchaHint', 'form']],
  ['-19970', ['captchaHint', 'form']],
  ['MEMBER_BLOCKED', ['memberBlocked', 'form']],
  ['INVALID_VERIFICATION_CODE', ['codeWrong', 'code']],
  ['VERIFICATION_CODE_EXPIRED', ['codeExpired', 'code']],
  ['INVALID_STATE_TOKEN', ['signInExpired', 'form', 'signIn']],
  ['INVALID_RECOVERY_TOKEN', ['resetLinkExpired', 'form']],
  // Too many wrong codes in the code view, too many wrong passwords elsewhere (`tooManyPasswords`).
  ['TOO_MANY_ATTEMPTS', ['tooManyCodes']],
]);

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A rule's bound from the platform (`data.threshold`), if it is a sensible whole number. */
function thresholdOf(violation: FieldViolation): number | undefined {
  const threshold = violation.data?.threshold;
  return Number.isInteger(threshold) && (threshold as number) > 0 && (threshold as number) < 10_000
    ? (threshold as number)
    : undefined;
}

/** A field violation's words in the page's language where its rule is known, else the server's. */
function violationText(violation: FieldViolation, field: Field, t: LoginStrings): string {
  const threshold = thresholdOf(violation);
  if (violation.data?.type === 'EMAIL') return t.emailInvalid;
  if (violation.violatedRule === 'REQUIRED_FIELD') return t.required;
  if (field === 'password' && threshold && violation.violatedRule === 'MIN_LENGTH')
    return fill(t.passwordTooShort, { min: threshold });
  return capital(violation.description);
}

/** A platform's code as the modal says it, or null for a code it does not know. */
function codeProblem(code: string | undefined, t: LoginStrings, fallback: Field): FieldMessage | null {
  const known = code === undefined ? undefined : CODE_TEXTS.get(code);
  if (!known) return null;
  const [key, field = fallback, action] = known;
  const text = key === 'tooManyCodes' && fallback !== 'code' ? t.tooManyPasswords : t[key];
  return { field, message: text, ...(action ? { action } : {}) };
}

/**
 * A FAILURE as what the person reads: each field violation at its field, else the platform's code in the page's
 * language, else the server's own words (at the email field for a login's `invalidEmail`).
 */
export function failureProblem(
  result: Extract<LoginResult, { loginState: 'FAILURE' }>,
  t: LoginStrings,
  /** Where a message without a field of its own goes (the code field of the code view). */
  fallback: Field = 'form',
): FieldMessage[] {
  const seen = new Set<Field>();
  const messages: FieldMessage[] = [];
  for (const violation of result.violations ?? []) {
    const field = FIELD_OF.get(violation.field);
    // One message a field: the first (the violations come sorted by field).
    if (!field || seen.has(field)) continue;
    seen.add(field);
    messages.push({ field, message: violationText(violation, field, t) });
  }
  if (messages.length) return messages;
  return [
    codeProblem(result.code, t, fallback) ?? {
      field: result.errorCode === 'invalidEmail' ? 'email' : fallback,
      message: result.error,
    },
  ];
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
  return (
    codeProblem(problem.platformCode, t, 'form') ?? { field: 'form', message: problem.detail ?? problem.key }
  );
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
