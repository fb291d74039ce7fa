import { base64Url } from './base64';
import { StorefrontError } from './errors';
import {
  WEBHOOK_EVENT_TYPES,
  type WebhookEventName,
  type WebhookEvents,
  type WebhookIdentity,
  WebhookPayloadProblem,
  webhookEventNameOf,
  webhookEventOf,
} from './webhook-events';

export * from './webhook-events';

/**
 * Receiving the platform's events as webhooks (`../shared/wire/WEBHOOKS.md`): each delivery is a `POST` whose
 * whole body is a JWT signed RS256 with the platform's key. `Webhooks` verifies it with `jose` (loaded on the first
 * body, so an app that only calls the API never loads it) and the Web Crypto API: no Node-only module, so it runs
 * in Node ≥ 20, Workers, Deno, Bun and Next.js route handlers alike.
 */

/** Why a body was refused before any handler ran. */
export type WebhookRefusal =
  | 'malformed'
  | 'signature'
  | 'algorithm'
  | 'expired'
  | 'not-yet-valid'
  | 'audience'
  | 'issuer';

/**
 * A body that is not a valid delivery: not a JWT, not signed by the key, not RS256, expired, for another app, or
 * an envelope that cannot be read. No handler ran. `reason` says which check refused it.
 */
export class WebhookVerificationError extends StorefrontError {
  override name = 'WebhookVerificationError';
  constructor(
    readonly reason: WebhookRefusal,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** The signature does not match the public key (a changed body, another key), or the algorithm is not RS256. */
export class WebhookSignatureError extends WebhookVerificationError {
  override name = 'WebhookSignatureError';
}

/** The token's `exp` has passed. */
export class WebhookExpiredError extends WebhookVerificationError {
  override name = 'WebhookExpiredError';
}

/** The token is for another app: its `aud` is not the `appId` given. */
export class WebhookAudienceError extends WebhookVerificationError {
  override name = 'WebhookAudienceError';
}

/** A verified body of an event type this receiver does not know (not one of SPEC.md 7's). No handler ran. */
export class UnknownWebhookEventError extends StorefrontError {
  override name = 'UnknownWebhookEventError';
  constructor(readonly eventType: string) {
    super(
      `Unknown webhook event type "${eventType}": the known ones are ${Object.values(WEBHOOK_EVENT_TYPES).join(', ')}`,
    );
  }
}

/** A handler threw (or rejected): the event should be delivered again. `errors` holds what each failed one threw. */
export class WebhookHandlerError extends StorefrontError {
  override name = 'WebhookHandlerError';
  constructor(
    readonly eventName: WebhookEventName,
    readonly eventId: string,
    readonly errors: unknown[],
  ) {
    super(`${errors.length} "${eventName}" handler(s) failed for event ${eventId}`, { cause: errors[0] });
  }
}

const WEBHOOK_ERROR_NAMES = [
  'WebhookVerificationError',
  'WebhookSignatureError',
  'WebhookExpiredError',
  'WebhookAudienceError',
];
const named = (error: unknown, names: string[]) =>
  typeof error === 'object' && error !== null && names.includes((error as { name?: unknown }).name as string);

export const isWebhookVerificationError = (error: unknown): error is WebhookVerificationError =>
  error instanceof WebhookVerificationError || named(error, WEBHOOK_ERROR_NAMES);
export const isUnknownWebhookEventError = (error: unknown): error is UnknownWebhookEventError =>
  error instanceof UnknownWebhookEventError || named(error, ['UnknownWebhookEventError']);
export const isWebhookHandlerError = (error: unknown): error is WebhookHandlerError =>
  error instanceof WebhookHandlerError || named(error, ['WebhookHandlerError']);

export type WebhookHandler<K extends WebhookEventName> = (event: WebhookEvents[K]) => void | Promise<void>;

export interface WebhooksOptions {
  /**
   * The public key the platform signs with: PEM (`-----BEGIN PUBLIC KEY-----`) or the base64 of it, as the app's
   * dashboard gives it. The sandbox's is at `GET /_sandbox/webhooks/public-key`.
   */
  publicKey: string;
  /** The app's id. When given, the token's `iss` must be `wix.com` and its `aud` this id. */
  appId?: string;
  /**
   * Called with each verified event's id before its handlers: answer true to skip them (a resend of an event
   * already handled). Remember the id (`metadata.eventId`) once the handlers succeed.
   */
  seen?: (eventId: string) => boolean | Promise<boolean>;
  /** The clock `exp` is checked against, in milliseconds since the epoch (tests pass a fake one). */
  now?: () => number;
}

/** A delivery that was verified and read: the event, and whether its handlers ran. */
export interface ProcessedWebhook<K extends WebhookEventName = WebhookEventName> {
  name: K;
  event: WebhookEvents[K];
  /** `seen` knew the event: no handler ran. */
  duplicate: boolean;
  /** How many handlers ran. */
  handled: number;
}

export interface WebhookHandlerOptions {
  /**
   * Runs the handlers after the answer: given the handlers' promise once the body is verified, the route answers
   * 200 at once (Workers' `ctx.waitUntil`, Next.js's `after`, Vercel's `waitUntil`). Without it the route waits
   * for the handlers and answers 500 when one fails, so that the platform delivers the event again.
   */
  background?: (task: Promise<unknown>) => void;
  /** Told of what a 500 hides: a failed handler, a bad `publicKey`. Default `console.error`. */
  onError?: (error: unknown) => void;
}

/**
 * A body of more bytes than this is refused (the platform's tokens are a few kilobytes): `handler()` stops reading
 * it there and answers 413, `process()` throws.
 */
export const MAX_WEBHOOK_BODY_BYTES = 1_048_576;

const PEM_PUBLIC_KEY = /-----BEGIN PUBLIC KEY-----[\s\S]+-----END PUBLIC KEY-----/;

/** The PEM of a public key given as PEM or as its base64, or an error that says what is expected. */
function publicKeyPem(key: unknown): string {
  if (typeof key === 'string') {
    if (PEM_PUBLIC_KEY.test(key)) return key.trim();
    try {
      const decoded = atob(key.trim());
      if (PEM_PUBLIC_KEY.test(decoded)) return decoded.trim();
    } catch {
      // Not base64: the error below.
    }
  }
  throw new StorefrontError(
    'Webhooks: publicKey must be the public key in PEM ("-----BEGIN PUBLIC KEY-----…") or the base64 of it',
  );
}

/** jose's refusals as this package's errors; anything else is not about the body and goes on as it is. */
function refusalOf(error: unknown): unknown {
  const { code, claim } = error as { code?: string; claim?: string };
  const message = (error as Error).message;
  if (code === 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED')
    return new WebhookSignatureError(
      'signature',
      'The webhook signature does not match the public key: the body was changed, or signed with another key',
    );
  if (code === 'ERR_JOSE_ALG_NOT_ALLOWED')
    return new WebhookSignatureError('algorithm', `The webhook is not signed with RS256 (${message})`);
  if (code === 'ERR_JWT_EXPIRED')
    return new WebhookExpiredError('expired', 'The webhook token has expired ("exp" has passed)');
  if (code === 'ERR_JWT_CLAIM_VALIDATION_FAILED') {
    if (claim === 'aud')
      return new WebhookAudienceError('audience', `The webhook is for another app (${message})`);
    if (claim === 'iss')
      return new WebhookVerificationError('issuer', `The webhook is not from wix.com (${message})`);
    if (claim === 'nbf')
      return new WebhookVerificationError('not-yet-valid', `The webhook token is not valid yet (${message})`);
    return new WebhookVerificationError('malformed', `The webhook token's claims are not valid: ${message}`);
  }
  if (code === 'ERR_JWS_INVALID' || code === 'ERR_JWT_INVALID' || code === 'ERR_JOSE_NOT_SUPPORTED')
    return new WebhookVerificationError('malformed', `The body is not a signed webhook token: ${message}`);
  return error;
}

const hex = (bytes: ArrayBuffer) =>
  [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');

const BASE64URL = /^[A-Za-z0-9_-]*$/;
const SEGMENTS = ['header', 'claims', 'signature'];

/**
 * Refuses a token whose header, claims or signature is not written as base64url is written (RFC 7515 2): with `=`
 * padding, another character (`+`, `/`, a space), or unused low bits that are not zero. jose reads those too, so
 * one delivery could otherwise be sent again spelled another way.
 */
function checkSpelling(token: string): void {
  const segments = token.split('.');
  if (segments.length !== 3) return; // Not a compact JWS: jose says so.
  for (const [i, segment] of segments.entries()) {
    const what = `The token's ${SEGMENTS[i]}`;
    if (segment.includes('='))
      throw new WebhookVerificationError('malformed', `${what} is padded with "=": base64url has no padding`);
    if (!BASE64URL.test(segment))
      throw new WebhookVerificationError(
        'malformed',
        `${what} has characters outside base64url (A-Z, a-z, 0-9, "-" and "_")`,
      );
    if (segment.length % 4 === 1)
      throw new WebhookVerificationError('malformed', `${what} has a length base64url cannot have`);
    if (base64Url(base64UrlBytes(segment)) !== segment)
      throw new WebhookVerificationError(
        'malformed',
        `${what} is not base64url as an encoder writes it: its last character's unused low bits are not zero`,
      );
  }
}

/** The bytes of a segment of base64url characters (any length but 4n+1). */
function base64UrlBytes(segment: string): Uint8Array {
  const binary = atob(segment.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** A verified body, read: the event and the handlers' name for it. */
interface ReadWebhook {
  name: WebhookEventName;
  event: WebhookEvents[WebhookEventName];
}

/**
 * Receives the platform's webhooks: verifies each body (RS256 only, the signature, `exp`, and `iss`/`aud` when
 * `appId` is given), reads its event and runs the handlers registered for it. A body that fails a check runs no
 * handler.
 *
 * @example
 * const webhooks = new Webhooks({ publicKey: process.env.WIX_PUBLIC_KEY, appId: process.env.WIX_APP_ID });
 * webhooks.on('cart.updated', async ({ cart, metadata }) => { await syncCart(cart, metadata.eventId); });
 * export const POST = webhooks.handler(); // Next.js route handler, Workers, Deno, Bun
 */
export class Webhooks {
  private readonly pem: string;
  private readonly appId: string | undefined;
  private readonly seen: WebhooksOptions['seen'];
  private readonly now: () => number;
  private readonly handlers = new Map<WebhookEventName, Set<WebhookHandler<never>>>();
  private key: Promise<CryptoKey> | undefined;

  constructor(options: WebhooksOptions) {
    this.pem = publicKeyPem(options?.publicKey);
    if (options.appId !== undefined && (typeof options.appId !== 'string' || options.appId.trim() === ''))
      throw new StorefrontError('Webhooks: appId must be the app id (a non-empty string) or left out');
    this.appId = options.appId;
    this.seen = options.seen;
    this.now = options.now ?? Date.now;
  }

  /** Runs `handler` for each verified event of that name; returns the function that removes it. */
  on<K extends WebhookEventName>(name: K, handler: WebhookHandler<K>): () => void {
    if (!Object.hasOwn(WEBHOOK_EVENT_TYPES, name))
      throw new StorefrontError(
        `Webhooks.on: unknown event "${String(name)}" (one of ${Object.keys(WEBHOOK_EVENT_TYPES).join(', ')})`,
      );
    let set = this.handlers.get(name);
    if (!set) {
      set = new Set();
      this.handlers.set(name, set);
    }
    set.add(handler as WebhookHandler<never>);
    return () => this.off(name, handler);
  }

  off<K extends WebhookEventName>(name: K, handler: WebhookHandler<K>): void {
    this.handlers.get(name)?.delete(handler as WebhookHandler<never>);
  }

  /**
   * Verifies a delivery's body (the JWT, as received: text or bytes, never parsed), reads its event and runs its
   * handlers. Throws a
   * `WebhookVerificationError` (`WebhookSignatureError`, `WebhookExpiredError`, `WebhookAudienceError`) or an
   * `UnknownWebhookEventError` without running any handler, and a `WebhookHandlerError` when a handler failed.
   */
  async process(body: string | Uint8Array): Promise<ProcessedWebhook> {
    return this.dispatch(await this.read(body));
  }

  /**
   * A Fetch API route for the deliveries: 200 once handled (or at once with `background`), 401 for a body that
   * fails verification, 400 for one that cannot be read or has an unknown event type, 405 for another method, 413
   * for a body over `MAX_WEBHOOK_BODY_BYTES` (counted as read, whatever Content-Length says, and read no further),
   * 500 when a handler failed (the platform then delivers it again).
   */
  handler(options: WebhookHandlerOptions = {}): (request: Request) => Promise<Response> {
    const report = options.onError ?? ((error: unknown) => console.error('[storefront] webhook:', error));
    return async (request) => {
      if (request.method !== 'POST')
        return answer(
          405,
          { error: 'method-not-allowed', message: 'Deliveries are POST requests' },
          { Allow: 'POST' },
        );
      let read: ReadWebhook;
      try {
        const body = await readAtMost(request, MAX_WEBHOOK_BODY_BYTES);
        if (!body)
          return answer(413, {
            error: 'too-large',
            message: `A delivery is at most ${MAX_WEBHOOK_BODY_BYTES} bytes`,
          });
        read = await this.read(body);
      } catch (error) {
        if (isWebhookVerificationError(error))
          return answer(error.reason === 'malformed' ? 400 : 401, {
            error: error.reason,
            message: error.message,
          });
        if (isUnknownWebhookEventError(error))
          return answer(400, { error: 'unknown-event', message: error.message });
        report(error);
        return answer(500, { error: 'receiver-error' });
      }
      const task = this.dispatch(read);
      if (options.background) {
        options.background(task.catch(report));
        return answer(200, { received: read.event.metadata.eventId });
      }
      try {
        await task;
        return answer(200, { received: read.event.metadata.eventId });
      } catch (error) {
        report(error);
        return answer(500, { error: 'handler-failed' });
      }
    };
  }

  /** The public key as a CryptoKey for RS256 only, imported once. */
  private publicKey(): Promise<CryptoKey> {
    this.key ??= import('jose')
      .then(({ importSPKI }) => importSPKI(this.pem, 'RS256'))
      .catch((error: Error) => {
        throw new StorefrontError(
          `Webhooks: publicKey is not an RSA public key to verify RS256 with: ${error.message}`,
          {
            cause: error,
          },
        );
      });
    return this.key;
  }

  /** Verifies and reads a body; no handler runs. */
  private async read(raw: string | Uint8Array): Promise<ReadWebhook> {
    if (typeof raw !== 'string' && !(raw instanceof Uint8Array))
      throw new WebhookVerificationError(
        'malformed',
        `The body must be the request's text (a string or bytes), not ${raw === null ? 'null' : typeof raw}: read it unparsed`,
      );
    if (byteLength(raw) > MAX_WEBHOOK_BODY_BYTES)
      throw new WebhookVerificationError('malformed', `The body is over ${MAX_WEBHOOK_BODY_BYTES} bytes`);
    const body = typeof raw === 'string' ? raw : textOf(raw);
    if (body.trim() === '')
      throw new WebhookVerificationError('malformed', 'The body is empty: a delivery is a signed token');
    const token = body.trim();
    checkSpelling(token);
    const claims = await this.verify(token);
    const envelope = parseJson(claims.data, 'the token\'s "data" claim');
    const eventType = envelope.eventType;
    if (typeof eventType !== 'string')
      throw new WebhookVerificationError('malformed', 'The envelope has no eventType');
    const name = webhookEventNameOf(eventType);
    if (!name) throw new UnknownWebhookEventError(eventType);
    const data =
      typeof envelope.data === 'string' ? parseJson(envelope.data, "the envelope's data") : envelope.data;
    const identity =
      typeof envelope.identity === 'string'
        ? parseJson(envelope.identity, "the envelope's identity")
        : undefined;
    // The signed part (header and claims), which the signature covers: a resend repeats it to the byte.
    const signed = token.slice(0, token.lastIndexOf('.'));
    const digest = `sha256:${hex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(signed)))}`;
    try {
      const event = webhookEventOf(name, data, {
        eventType,
        ...(typeof envelope.instanceId === 'string' ? { instanceId: envelope.instanceId } : {}),
        ...(identity ? { identity: identity as unknown as WebhookIdentity } : {}),
        issuedAt: typeof claims.iat === 'number' ? claims.iat : Math.floor(this.now() / 1000),
        digest,
      });
      return { name, event };
    } catch (error) {
      if (error instanceof WebhookPayloadProblem)
        throw new WebhookVerificationError(
          'malformed',
          `The ${eventType} event cannot be read: ${error.message}`,
        );
      throw error;
    }
  }

  /** jose's `jwtVerify`, RS256 only, `exp` required, `iss` and `aud` when `appId` is given. */
  private async verify(token: string): Promise<{ data: string; iat?: number }> {
    const [{ jwtVerify }, key] = await Promise.all([import('jose'), this.publicKey()]);
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(token, key, {
        algorithms: ['RS256'],
        requiredClaims: ['exp'],
        currentDate: new Date(this.now()),
        ...(this.appId === undefined ? {} : { issuer: 'wix.com', audience: this.appId }),
      }));
    } catch (error) {
      throw refusalOf(error);
    }
    if (typeof payload.data !== 'string')
      throw new WebhookVerificationError('malformed', 'The token has no "data" claim (a JSON string)');
    return payload as { data: string; iat?: number };
  }

  private async dispatch(read: ReadWebhook): Promise<ProcessedWebhook> {
    const { name, event } = read;
    if (this.seen && (await this.seen(event.metadata.eventId)))
      return { name, event, duplicate: true, handled: 0 };
    const handlers = [...(this.handlers.get(name) ?? [])];
    const results = await Promise.allSettled(
      handlers.map(async (handler) => (handler as WebhookHandler<WebhookEventName>)(event)),
    );
    const errors = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
    if (errors.length) throw new WebhookHandlerError(name, event.metadata.eventId, errors);
    return { name, event, duplicate: false, handled: handlers.length };
  }
}

/** Bytes, not characters: 600,000 × "é" is 1.2 MB (a string of more characters than the limit is over it anyway). */
const byteLength = (body: string | Uint8Array) =>
  typeof body !== 'string' || body.length > MAX_WEBHOOK_BODY_BYTES
    ? body.length
    : new TextEncoder().encode(body).byteLength;

/** UTF-8 bytes as text; bytes that are not UTF-8 are refused, not replaced. */
function textOf(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new WebhookVerificationError(
      'malformed',
      'The body is not UTF-8 text: a delivery is a signed token',
    );
  }
}

/**
 * The request's body, read as a stream up to `limit` bytes whatever its Content-Length says; undefined once it
 * is over, when the rest is left unread (the stream is cancelled). A Content-Length over the limit reads nothing.
 */
async function readAtMost(request: Request, limit: number): Promise<Uint8Array | undefined> {
  if (Number(request.headers.get('content-length') ?? 0) > limit) return undefined;
  const reader = request.body?.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const chunk = reader && (await reader.read());
    if (!chunk || chunk.done) break;
    size += chunk.value.byteLength;
    if (size > limit) {
      reader.cancel().catch(() => {});
      return undefined;
    }
    chunks.push(chunk.value);
  }
  const body = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return body;
}

function parseJson(text: string, what: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new WebhookVerificationError('malformed', `${what} is not JSON: ${(error as Error).message}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new WebhookVerificationError('malformed', `${what} is not a JSON object`);
  return value as Record<string, unknown>;
}

function answer(
  status: number,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}
