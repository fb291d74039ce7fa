import type { ErrorBody, FieldViolation } from '../src/api/types/errors';

/**
 * An error the sandbox answers with, in the platform's error body (WIRE.md 10). Route handlers throw it;
 * the app's error handler turns it into the response.
 */
export class PlatformError extends Error {
  override name = 'PlatformError';
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
    readonly headers: Record<string, string> = {},
  ) {
    super(body.message);
  }
}

/** A 4xx/5xx with an application error: `{message, details: {applicationError: {code, description, data}}}`. */
export function applicationError(
  status: number,
  code: string,
  description: string,
  data?: Record<string, unknown>,
): PlatformError {
  return new PlatformError(status, {
    message: description,
    details: { applicationError: { code, description, ...(data ? { data } : {}) } },
  });
}

/** A 400 INVALID_ARGUMENT with field violations, sorted by field as the platform relays them. */
export function validationError(violations: FieldViolation[]): PlatformError {
  const sorted = [...violations].sort((a, b) => (a.field < b.field ? -1 : a.field > b.field ? 1 : 0));
  const message = `INVALID_ARGUMENT: ${sorted.map((v) => `"${v.field}" ${v.description}`).join(', ')}`;
  return new PlatformError(400, { message, details: { validationError: { fieldViolations: sorted } } });
}

export const notFound = (what: string, code = 'NOT_FOUND') =>
  applicationError(404, code, `${what} not found`);
export const forbidden = (description: string) => applicationError(403, 'PERMISSION_DENIED', description);
export const unauthenticated = (description: string) => applicationError(401, 'UNAUTHENTICATED', description);
