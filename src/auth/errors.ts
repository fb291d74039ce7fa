import { StorefrontError } from '../api/errors';

/** Why a sign-in step failed, as the platform's official client names it (SPEC.md 8). */
export type LoginErrorCode =
  | 'missingCaptchaToken'
  | 'invalidCaptchaToken'
  | 'emailAlreadyExists'
  | 'invalidPassword'
  | 'resetPassword'
  | 'invalidEmail';

/**
 * A failure of the session layer: OAuth state checks (`Missing code or _state`, `Invalid _state`), the code
 * exchange (`Failed to get member tokens`), silent sign-in refused by the platform, PKCE input.
 */
export class AuthError extends StorefrontError {
  override name = 'AuthError';
  /** A machine-readable reason, e.g. `redirect_uri_not_allowed` or an OAuth `error`. */
  readonly reason: string | undefined;
  constructor(message: string, options: { reason?: string; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.reason = options.reason;
  }
}

export const isAuthError = (error: unknown): error is AuthError =>
  error instanceof AuthError ||
  (typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AuthError');
