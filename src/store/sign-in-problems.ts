import type { FieldViolation } from '../api/types/errors';
import type { LoginResult } from '../auth/login-state';
import type { Said } from './types';

/** The server's field paths, as the form's fields. */
const FIELD_OF = new Map([
  ['email', 'email'],
  ['loginId.email', 'email'],
  ['password', 'password'],
  ['profile.nickname', 'nickname'],
  ['nickname', 'nickname'],
  ['code', 'code'],
  ['verificationCode', 'code'],
]);

/**
 * The platform's codes that have a text of their own (SPEC's error catalogue; the identity service's), with the
 * field they concern. Too many attempts is too many wrong codes in the code step, wrong passwords elsewhere.
 */
const CODE_KEYS = new Map([
  ['-19976', ['wrongPassword', 'password']],
  ['-19973', ['resetPasswordHint', 'password']],
  ['-19999', ['unknownEmail', 'email']],
  ['-19995', ['emailAlreadyExists', 'email']],
  ['-19971', ['captchaHint', 'form']],
  ['-19970', ['captchaHint', 'form']],
  ['MEMBER_BLOCKED', ['memberBlocked', 'form']],
  ['INVALID_VERIFICATION_CODE', ['codeWrong', 'code']],
  ['VERIFICATION_CODE_EXPIRED', ['codeExpired', 'code']],
  ['INVALID_STATE_TOKEN', ['signInExpired', 'form']],
  ['INVALID_RECOVERY_TOKEN', ['resetLinkExpired', 'form']],
  ['TOO_MANY_ATTEMPTS', ['tooManyPasswords', '']],
]);

/** The login text of a platform's code, if it has one (the code step's own for too many attempts). */
export const keyOfCode = (code: string | undefined, codeStep = false): [string, string] | undefined => {
  const found = code === undefined ? undefined : CODE_KEYS.get(code);
  return found && codeStep && found[0] === 'tooManyPasswords'
    ? ['tooManyCodes', '']
    : (found as [string, string]);
};

/** A violation's text: an email's, a required field's, a password's shortest length (its bound from the platform). */
function violationSaid(violation: FieldViolation, field: string): Said {
  const words = violation.description.charAt(0).toUpperCase() + violation.description.slice(1);
  const min = Number(violation.data?.threshold);
  if (violation.data?.type === 'EMAIL') return { field, key: 'emailInvalid', words };
  if (violation.violatedRule === 'REQUIRED_FIELD') return { field, key: 'required', words };
  if (field === 'password' && violation.violatedRule === 'MIN_LENGTH' && Number.isInteger(min) && min > 0)
    return { field, key: 'passwordTooShort', values: { min }, words };
  return { field, words };
}

/**
 * A FAILURE as what the person is told: each field violation at its field (one a field), else the platform's
 * code, else its words (at the email field for a login's `invalidEmail`, as the official client puts it).
 */
export function refusalOf(result: Extract<LoginResult, { loginState: 'FAILURE' }>, codeStep = false): Said[] {
  const said = new Map<string, Said>();
  for (const violation of result.violations ?? []) {
    const field = FIELD_OF.get(violation.field);
    if (field && !said.has(field)) said.set(field, violationSaid(violation, field));
  }
  if (said.size) return [...said.values()];
  const [key, field] = keyOfCode(result.code, codeStep) ?? [];
  return [
    {
      field: field ?? (result.errorCode === 'invalidEmail' ? 'email' : ''),
      ...(key ? { key } : {}),
      words: result.error,
    },
  ];
}
