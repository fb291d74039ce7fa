import { toSearchParams } from './encoding';
import { type ApiError, errorFromResponse, type RequestInfo, SystemError } from './errors';
import { type ApiEventHandler, type ApiEventName, type ApiEvents, Emitter } from './events';

/** The platform's production API. */
export const DEFAULT_API_BASE = 'https://www.wixapis.com';
/** A GET whose query string is longer than this is sent as a POST with a JSON body instead (WIRE.md 4). */
export const LONG_GET_THRESHOLD = 4000;
export const CONSISTENT_HEADER = 'X-Wix-Consistent';
export const REQUEST_ID_HEADER = 'x-wix-request-id';

/**
 * Supplies the `Authorization` header: a visitor's or member's access token (the session renews it), or a
 * merchant's API key. The raw value is sent, without `Bearer `.
 */
export interface AuthProvider {
  /** The header's value; `client` is the client sending the call (`visitorAuth` takes its tokens through it). */
  getAuthorization(client?: ApiClient): string | undefined | Promise<string | undefined>;
  /**
   * The platform refused the token it was given (401: unknown, revoked or expired). Return true when newer
   * credentials are ready; the call is then sent once more with them.
   */
  onUnauthorized?(rejected: string): boolean | Promise<boolean>;
}

/** 401 codes that mean the token itself was refused (not, say, a wrong password at sign-in). */
const TOKEN_REFUSED = ['UNAUTHENTICATED', 'EXPIRED_TOKEN', 'Unauthorized'];

/**
 * A merchant's API key (the elevated client of SPEC.md 6), for Node scripts. Keep it on servers only.
 *
 * @example
 * const client = createApiClient({ auth: apiKeyAuth(process.env.WIX_API_KEY!) });
 */
export const apiKeyAuth = (apiKey: string): AuthProvider => {
  if (!apiKey) throw new TypeError('apiKeyAuth needs an API key');
  return { getAuthorization: () => apiKey };
};

/** A fixed access token, for scripts and tests that already hold one. */
export const accessTokenAuth = (accessToken: string): AuthProvider => ({
  getAuthorization: () => accessToken,
});

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One call, as the service modules describe it. */
export interface RequestSpec {
  method: HttpMethod;
  /** The path with its service prefix and encoded parameters, e.g. `/members/v1/members/<id>`. */
  path: string;
  /** GET and DELETE: the request object, written into the query string (WIRE.md 4). */
  query?: Record<string, unknown>;
  /**
   * GET: send `.r=` for nested requests (the product query, collection query and member list), encoded by this
   * (`base64UrlEncodeJson`; passed by the calls that need it, so that a bundle without them leaves it out).
   */
  complex?: (request: Record<string, unknown>) => string;
  /** GET: when the query string is over 4000 characters, POST the request object to the same path. */
  longGetFallback?: boolean;
  /** POST, PUT and PATCH: the JSON body. */
  body?: unknown;
  /** How many times to try again after a 5xx or a network failure (default 0). */
  retries?: number;
  /** Send no Authorization (the token endpoint). */
  anonymous?: boolean;
  /** Extra headers (the authorized_client grant's combined Authorization). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export interface ApiClientOptions {
  /** Default `https://www.wixapis.com`. */
  apiBase?: string;
  auth?: AuthProvider;
  /** Default the global `fetch`; tests pass the sandbox's in-process one. */
  fetch?: typeof fetch;
  /** Called with every error before it is thrown, for logging and reporting. */
  onError?: (error: ApiError | SystemError, request: { method: string; url: string }) => void;
}

export interface ApiClient {
  readonly apiBase: string;
  /** Sends a call and returns its JSON answer, or throws ApiError / ValidationError / SystemError. */
  request<T>(spec: RequestSpec): Promise<T>;
  on<K extends ApiEventName>(name: K, handler: ApiEventHandler<K>): () => void;
  off<K extends ApiEventName>(name: K, handler: ApiEventHandler<K>): void;
  /** Fires an event; the service modules call it after a successful call. */
  emit<K extends ApiEventName>(name: K, payload: ApiEvents[K]): void;
}

/**
 * A client for the platform's HTTP API. Framework-free; runs in browsers and Node ≥ 20.
 *
 * @example
 * // A merchant's Node script:
 * import { createApiClient, apiKeyAuth, bulkAdjustProductProperty } from 'storefront-widgets/api';
 * const client = createApiClient({ auth: apiKeyAuth(process.env.WIX_API_KEY!) });
 * await bulkAdjustProductProperty(client, ids, { price: { percentage: 10 } });
 */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const apiBase = (options.apiBase ?? DEFAULT_API_BASE).replace(/\/+$/, '');
  if (!/^https?:\/\//.test(apiBase))
    throw new TypeError(`apiBase must be an http(s) URL, not "${options.apiBase}"`);
  const emitter = new Emitter();
  /** The platform's last consistency token: every later call carries it, so it reads what this client wrote. */
  let consistent: string | undefined;

  async function send<T>(spec: RequestSpec): Promise<T> {
    const fetchImpl = options.fetch ?? globalThis.fetch;
    const [url, init] = await buildRequest(api, spec, options.auth);
    const headers = init.headers;
    // The consistency token always wins, as in the official client.
    if (consistent) headers[CONSISTENT_HEADER] = consistent;
    const info = { method: init.method, url };
    const fail = (error: ApiError | SystemError): never => report(error, info, options.onError);

    let attemptsLeft = spec.retries ?? 0;
    let authRetried = false;
    for (;;) {
      let response: Response;
      try {
        response = await fetchImpl(url, init);
      } catch (cause) {
        if (spec.signal?.aborted) throw cause;
        if (attemptsLeft-- > 0) continue;
        return fail(new SystemError({ ...info, cause }));
      }
      const answered = answeredInfo(info, response);
      consistent = response.headers.get(CONSISTENT_HEADER) || consistent;
      let text: string;
      try {
        text = await response.text();
      } catch (cause) {
        // The answer broke off (a reset connection mid-body): no usable answer.
        if (response.status >= 500 && attemptsLeft-- > 0) continue;
        return fail(new SystemError({ ...answered, cause }));
      }
      if (response.status !== 200) {
        if (response.status >= 500 && attemptsLeft-- > 0) continue;
        let parsed: unknown;
        try {
          parsed = text ? JSON.parse(text) : undefined;
        } catch {
          // not JSON: no usable body (`parsed` stays undefined)
        }
        const error = errorFromResponse(response.status, response.statusText, parsed, answered);
        const rejected = headers.Authorization;
        const fromProvider = !spec.anonymous && !spec.headers?.Authorization;
        const refused = error.status === 401 && rejected && TOKEN_REFUSED.includes(error.code);
        if (refused && fromProvider && !authRetried && options.auth?.onUnauthorized) {
          authRetried = true;
          if (await options.auth.onUnauthorized(rejected)) {
            const fresh = await options.auth.getAuthorization(api);
            if (fresh && fresh !== rejected) {
              headers.Authorization = fresh;
              continue;
            }
          }
        }
        return fail(error);
      }
      try {
        return (text ? JSON.parse(text) : {}) as T;
      } catch (cause) {
        return fail(new SystemError({ ...answered, cause }));
      }
    }
  }

  const api: ApiClient = {
    apiBase,
    request: send,
    on: (name, handler) => emitter.on(name, handler),
    off: (name, handler) => emitter.off(name, handler),
    emit: (name, payload) => emitter.emit(name, payload),
  };
  return api;
}

/** Where the call went, with the id the platform gave the answer and the wait it asked for (`Retry-After`). */
const answeredInfo = (info: RequestInfo, response: Response) => ({
  ...info,
  requestId: response.headers.get(REQUEST_ID_HEADER) ?? undefined,
  retryAfter: response.headers.get('retry-after') ?? undefined,
});

/**
 * A call as `fetch` takes it: GET and DELETE carry the request object in the query string, the others a JSON
 * body, and a GET too long for servers' URL limits goes as a POST of its request object (WIRE.md 4). The
 * headers: JSON's content type, the provider's Authorization unless the call is anonymous, then the spec's.
 */
async function buildRequest(
  client: ApiClient,
  spec: RequestSpec,
  auth: AuthProvider | undefined,
): Promise<[url: string, init: RequestInit & { method: HttpMethod; headers: Record<string, string> }]> {
  let method = spec.method;
  let body: string | undefined;
  let url = `${client.apiBase}${spec.path}`;
  if (method === 'GET' || method === 'DELETE') {
    const search = spec.query ? toSearchParams(spec.query, spec.complex).toString() : '';
    if (method === 'GET' && spec.longGetFallback && search.length > LONG_GET_THRESHOLD) {
      method = 'POST';
      body = JSON.stringify(spec.query);
    } else if (search) url += `?${search}`;
  } else {
    // No body stays none: `JSON.stringify(undefined)` is undefined.
    body = JSON.stringify(spec.body);
  }
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (!spec.anonymous) {
    const authorization = await auth?.getAuthorization(client);
    if (authorization) headers.Authorization = authorization;
  }
  return [url, { method, headers: Object.assign(headers, spec.headers), body, signal: spec.signal }];
}

/** Tells the `onError` hook, whose own failure must not hide the call's, then throws the call's error. */
function report(
  error: ApiError | SystemError,
  info: RequestInfo,
  onError: ApiClientOptions['onError'],
): never {
  try {
    onError?.(error, info);
  } catch (hookError) {
    console.error('[storefront] onError hook failed:', hookError);
  }
  throw error;
}
