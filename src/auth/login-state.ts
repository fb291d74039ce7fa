import type { ApiError } from '../api/errors';
import type { FieldViolation } from '../api/types/errors';
import type { StateMachineResponse } from '../api/types/identity';
import type { LoginErrorCode } from './errors';

/** The platform's application error codes of sign-in (WIRE.md 7). */
export const MISSING_CAPTCHA = '-19971';
export const INVALID_CAPTCHA = '-19970';
export const EMAIL_EXISTS = '-19995';
export const INVALID_PASSWORD = '-19976';
export const RESET_PASSWORD = '-19973';

/** Where a sign-in or registration stands (SPEC.md 4). */
export type LoginResult =
  | { loginState: 'SUCCESS'; data: { sessionToken: string } }
  | { loginState: 'OWNER_APPROVAL_REQUIRED'; data?: { stateToken?: string } }
  | { loginState: 'EMAIL_VERIFICATION_REQUIRED'; data: { stateToken: string } }
  | {
      loginState: 'FAILURE';
      error: string;
      errorCode?: LoginErrorCode;
      /**
       * The platform's own code for it, as it came (`-19976`, `INVALID_VERIFICATION_CODE`, `INVALID_ARGUMENT` for
       * field violations), for a text of the site's language; absent when the platform did not answer.
       */
      code?: string;
      /** The server's field violations, field path → description, for showing each next to its field. */
      fields?: Record<string, string>;
      /** The same violations with their rule and data (a password's `MIN_LENGTH` and its `threshold`). */
      violations?: FieldViolation[];
    };

/** The platform's code, and a validation error's violations by field when the server named some. */
function fieldsOf(error: ApiError): {
  code: string;
  fields?: Record<string, string>;
  violations?: FieldViolation[];
} {
  const { code, violations } = error;
  if (!violations.length) return { code };
  return { code, fields: Object.fromEntries(violations.map((v) => [v.field, v.description])), violations };
}

/** The client state for a server state; an unknown server state is a FAILURE `Unknown _state`. */
export function handleState(response: StateMachineResponse): LoginResult {
  if (response.state === 'SUCCESS' && response.sessionToken) {
    return { loginState: 'SUCCESS', data: { sessionToken: response.sessionToken } };
  }
  if (response.state === 'REQUIRE_OWNER_APPROVAL') {
    return {
      loginState: 'OWNER_APPROVAL_REQUIRED',
      ...(response.stateToken ? { data: { stateToken: response.stateToken } } : {}),
    };
  }
  if (response.state === 'REQUIRE_EMAIL_VERIFICATION' && response.stateToken) {
    return { loginState: 'EMAIL_VERIFICATION_REQUIRED', data: { stateToken: response.stateToken } };
  }
  return { loginState: 'FAILURE', error: 'Unknown _state' };
}

/** A thrown value's words. */
export const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

// The failures below are the platform's refusals (API errors): the sign-in rethrows anything else.

/** A failed login as the official client reports it: the server's message and an error code. */
export function loginFailure(error: ApiError): LoginResult {
  const code = error.applicationError?.code;
  const errorCode: LoginErrorCode =
    code === MISSING_CAPTCHA
      ? 'missingCaptchaToken'
      : code === INVALID_CAPTCHA
        ? 'invalidCaptchaToken'
        : code === INVALID_PASSWORD
          ? 'invalidPassword'
          : code === RESET_PASSWORD
            ? 'resetPassword'
            : 'invalidEmail';
  return { loginState: 'FAILURE', error: messageOf(error), errorCode, ...fieldsOf(error) };
}

/** Any other failed step (a recovery, a code): the server's message and its field violations. */
export function stepFailure(error: ApiError): LoginResult {
  return { loginState: 'FAILURE', error: messageOf(error), ...fieldsOf(error) };
}

/** A failed registration: an EMAIL field violation is `invalidEmail`; known codes map; others carry no code. */
export function registerFailure(error: ApiError): LoginResult {
  const emailViolation = error.violations.find(
    (v) => (v.data as { type?: unknown } | undefined)?.type === 'EMAIL',
  );
  if (emailViolation)
    return {
      loginState: 'FAILURE',
      error: emailViolation.description,
      errorCode: 'invalidEmail',
      ...fieldsOf(error),
    };
  const code = error.applicationError?.code;
  const errorCode: LoginErrorCode | undefined =
    code === MISSING_CAPTCHA
      ? 'missingCaptchaToken'
      : code === EMAIL_EXISTS
        ? 'emailAlreadyExists'
        : code === INVALID_CAPTCHA
          ? 'invalidCaptchaToken'
          : undefined;
  return {
    loginState: 'FAILURE',
    error: messageOf(error),
    ...(errorCode ? { errorCode } : {}),
    ...fieldsOf(error),
  };
}
