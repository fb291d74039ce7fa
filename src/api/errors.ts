import type { ApplicationErrorDetails, FieldViolation } from './types/errors';

/**
 * The base of every error this package throws. `name` tells the kind even across bundles and realms, where
 * `instanceof` fails; use the `is…Error` guards.
 */
export class StorefrontError extends Error {
  override name = 'StorefrontError';
}

/**
 * Every error of this package, of every subclass, from every copy of it (two bundles of one page, another realm):
 * `Symbol.for` gives each copy the same key, set on the base's prototype. What `isStorefrontError` looks for.
 */
const BRAND = Symbol.for('storefront-widgets.error');
Object.defineProperty(StorefrontError.prototype, BRAND, { value: true });

/** Where a failed call went: kept on HTTP and system errors for logs and support tickets. */
export interface RequestInfo {
  method: string;
  url: string;
}

export interface ApiErrorInit extends RequestInfo {
  status: number;
  code: string;
  requestId?: string | undefined;
  applicationError?: ApplicationErrorDetails | undefined;
  violations?: FieldViolation[] | undefined;
  body?: unknown;
  retryAfter?: string | undefined;
}

/**
 * The platform answered with a status other than 200 (WIRE.md 10). `code` is the application error's code
 * (such as `-19976` or `PRODUCT_NOT_FOUND`), `INVALID_ARGUMENT` for validation errors, or the status text
 * (`Forbidden`) when the answer had no usable body.
 *
 * @example
 * try { await getProduct(client, id); } catch (error) {
 *   if (isApiError(error) && error.status === 404) showNotFound();
 * }
 */
export class ApiError extends StorefrontError {
  override name = 'ApiError';
  // Declared only: the constructor sets them all, in this order.
  declare readonly status: number;
  declare readonly code: string;
  declare readonly requestId: string | undefined;
  declare readonly method: string;
  declare readonly url: string;
  declare readonly applicationError: ApplicationErrorDetails | undefined;
  /** Field violations sorted by field (validation errors only; empty otherwise). */
  declare readonly violations: FieldViolation[];
  /** The parsed error body, when there was one. */
  declare readonly body: unknown;
  /**
   * The answer's `Retry-After` header as sent (a `429`'s or a `503`'s: seconds, or an HTTP date), when it had
   * one: how long the platform asks a caller to wait before trying again.
   */
  declare readonly retryAfter: string | undefined;

  constructor(message: string, init: ApiErrorInit) {
    super(message);
    this.status = init.status;
    this.code = init.code;
    this.requestId = init.requestId;
    this.method = init.method;
    this.url = init.url;
    this.applicationError = init.applicationError;
    this.violations = init.violations ?? [];
    this.body = init.body;
    this.retryAfter = init.retryAfter;
  }
}

/** A 400 whose body lists field violations; the message is `INVALID_ARGUMENT: "<field>" <description>, …`. */
export class ValidationError extends ApiError {
  override name = 'ValidationError';
}

/**
 * No usable answer at all: the network failed, the connection was reset, or a 200 carried a body that is
 * not JSON. The message is `System error occurred` with `, request-id: <id>` when one is known.
 */
export class SystemError extends StorefrontError {
  override name = 'SystemError';
  // Declared only: the constructor sets them all, in this order.
  declare readonly requestId: string | undefined;
  declare readonly method: string;
  declare readonly url: string;
  constructor(init: RequestInfo & { requestId?: string | undefined; cause?: unknown }) {
    super(init.requestId ? `System error occurred, request-id: ${init.requestId}` : 'System error occurred', {
      cause: init.cause,
    });
    this.requestId = init.requestId;
    this.method = init.method;
    this.url = init.url;
  }
}

/** Something took longer than it may (silent sign-in: `OAuth flow timed out`). */
export class TimeoutError extends StorefrontError {
  override name = 'TimeoutError';
}

const hasName = (error: unknown, names: string[]): boolean =>
  typeof error === 'object' && error !== null && names.includes((error as { name?: unknown }).name as string);

/**
 * True for an error of this package, whatever its class (and from another copy of the package too); false for
 * anything else, even an object named as one of them.
 */
export const isStorefrontError = (error: unknown): error is StorefrontError =>
  typeof error === 'object' && error !== null && (error as { [BRAND]?: unknown })[BRAND] === true;
export const isApiError = (error: unknown): error is ApiError =>
  error instanceof ApiError || hasName(error, ['ApiError', 'ValidationError']);
export const isValidationError = (error: unknown): error is ValidationError =>
  error instanceof ValidationError || hasName(error, ['ValidationError']);
export const isSystemError = (error: unknown): error is SystemError =>
  error instanceof SystemError || hasName(error, ['SystemError']);
export const isTimeoutError = (error: unknown): error is TimeoutError =>
  error instanceof TimeoutError || hasName(error, ['TimeoutError']);

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  428: 'Precondition Required',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** The status text, even where the transport gave none (HTTP/2 has no reason phrase). */
export const statusTextOf = (status: number, given?: string): string =>
  given?.trim() || STATUS_TEXT[status] || `HTTP ${status}`;

/** Sorts violations by field, as the platform relays them (SPEC.md 5). */
export const sortViolations = (violations: FieldViolation[]): FieldViolation[] =>
  [...violations].sort((a, b) => (a.field < b.field ? -1 : a.field > b.field ? 1 : 0));

/** `INVALID_ARGUMENT: "a" must be set, "b" is too long` (the official client's wording). */
export const validationMessage = (violations: FieldViolation[]): string =>
  `INVALID_ARGUMENT: ${violations.map((v) => `"${v.field}" ${v.description}`).join(', ')}`;

/**
 * Turns a non-200 answer into the typed error (WIRE.md 10, SPEC.md 8): field violations → ValidationError;
 * an application error → ApiError with its code; anything else → ApiError whose code and message are the
 * status text.
 */
export function errorFromResponse(
  status: number,
  statusText: string,
  body: unknown,
  info: RequestInfo & { requestId?: string | undefined; retryAfter?: string | undefined },
): ApiError {
  const text = statusTextOf(status, statusText);
  const data = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : undefined;
  const details = data?.details as
    | { applicationError?: ApplicationErrorDetails; validationError?: { fieldViolations?: FieldViolation[] } }
    | undefined;
  const base = { ...info, status, body };
  const fieldViolations = details?.validationError?.fieldViolations;
  if (Array.isArray(fieldViolations) && fieldViolations.length > 0) {
    const violations = sortViolations(fieldViolations);
    return new ValidationError(validationMessage(violations), {
      ...base,
      code: 'INVALID_ARGUMENT',
      violations,
    });
  }
  const serverMessage = typeof data?.message === 'string' && data.message ? data.message : undefined;
  const app = details?.applicationError;
  if (app && typeof app === 'object') {
    const description = app.description || serverMessage || text;
    const message =
      serverMessage && serverMessage !== description ? `${serverMessage}: ${description}` : description;
    return new ApiError(message, { ...base, code: String(app.code ?? text), applicationError: app });
  }
  return new ApiError(serverMessage ?? text, { ...base, code: text });
}
