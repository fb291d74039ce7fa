import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { SandboxOptions } from '../../sandbox/app';
import { type ApiClientOptions, accessTokenAuth, apiKeyAuth, createApiClient } from '../../src/api/index';
import { SANDBOX_ORIGIN, testSandbox } from './sandbox';

/** A request as it went over the wire, in the shape of ../shared/wire/requests.jsonl. */
export interface WireRequest {
  method: string;
  path: string;
  query: string;
  queryDotR?: unknown;
  authorization: string;
  contentType?: string;
  headers: Headers;
  body?: unknown;
}

export interface RecordedRequest {
  op: string;
  host: string;
  method: string;
  path: string;
  query?: string;
  queryDotR?: unknown;
  authorization: string;
  contentType?: string;
  body?: unknown;
}

/** The 116 requests recorded from the platform's official client (a copy of ../shared/wire/requests.jsonl). */
export const RECORDED: RecordedRequest[] = readFileSync(
  resolve(import.meta.dirname, '../fixtures/requests.jsonl'),
  'utf8',
)
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line) as RecordedRequest);

export function recorded(op: string): RecordedRequest {
  const found = RECORDED.find((r) => r.op === op);
  if (!found) throw new Error(`No recorded request "${op}"`);
  return found;
}

/**
 * A recorded request with string values of its body renamed, e.g. `{M: 'Medium'}`: the recording named a
 * size "M", while the sandbox's seed names choices by their descriptions, as the platform does ("Medium").
 * Only the values change; the request's shape stays the recorded one.
 */
export function withValues(request: RecordedRequest, renames: Record<string, string>): RecordedRequest {
  const rename = (value: unknown): unknown => {
    if (typeof value === 'string') return Object.hasOwn(renames, value) ? renames[value] : value;
    if (Array.isArray(value)) return value.map(rename);
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, rename(v)]));
    return value;
  };
  return { ...request, body: rename(request.body) };
}

function decodeDotR(query: string): unknown {
  const value = new URLSearchParams(query).get('.r');
  return value === null ? undefined : JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
}

/** A request as a stub `fetch` saw it, for wire checks. */
export interface SentRequest {
  host: string;
  method: string;
  path: string;
  /** Without the `?`. */
  query: string;
  headers: Headers;
  /** The parsed JSON body; null without one. */
  body: unknown;
}

/** A stub `fetch` that notes every request in `sent` and answers each with `answer()` (canned), for wire checks. */
export function cannedFetch(sent: SentRequest[], answer: () => Response) {
  return async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const text = await request.text();
    sent.push({
      host: url.host,
      method: request.method,
      path: url.pathname,
      query: url.search.replace(/^\?/, ''),
      headers: request.headers,
      body: text ? JSON.parse(text) : null,
    });
    return answer();
  };
}

/** A delivery address in New York, in wire names. */
export const NY = {
  country: 'US',
  subdivision: 'US-NY',
  city: 'New York',
  postalCode: '10001',
  addressLine: '5th Ave 1',
};

/**
 * The in-process sandbox with clients whose `fetch` records every request, so a test can check both the
 * wire (method, path, query, body) and the behaviour.
 */
export function apiHarness(options: SandboxOptions = {}) {
  const harness = testSandbox(options);
  const wire: WireRequest[] = [];
  const recordingFetch: typeof fetch = async (input, init) => {
    const request = new Request(input as RequestInfo, init);
    const url = new URL(request.url);
    const text = await request.clone().text();
    const query = url.search.replace(/^\?/, '');
    wire.push({
      method: request.method,
      path: url.pathname,
      query,
      ...(query.includes('.r=') ? { queryDotR: decodeDotR(query) } : {}),
      authorization: request.headers.get('authorization') ?? 'none',
      ...(request.headers.get('content-type')
        ? { contentType: request.headers.get('content-type') as string }
        : {}),
      headers: request.headers,
      ...(text ? { body: JSON.parse(text) } : {}),
    });
    return harness.sandbox.fetch(request);
  };
  const client = (auth: ApiClientOptions['auth'], extra: Partial<ApiClientOptions> = {}) =>
    createApiClient({ apiBase: SANDBOX_ORIGIN, fetch: recordingFetch, ...(auth ? { auth } : {}), ...extra });
  return {
    ...harness,
    /** The recording in-process fetch, for other clients (the session) to use. */
    fetch: recordingFetch,
    wire,
    last: () => wire[wire.length - 1] as WireRequest,
    merchant: (extra: Partial<ApiClientOptions> = {}) =>
      client(apiKeyAuth(harness.sandbox.context.apiKey), extra),
    /** A client for a new anonymous visitor. */
    async visitor(extra: Partial<ApiClientOptions> = {}) {
      const tokens = await harness.anonymousTokens();
      return { client: client(accessTokenAuth(tokens.access_token), extra), tokens };
    },
    /** A client for a seeded member, by login email. */
    member(email: string, extra: Partial<ApiClientOptions> = {}) {
      const identity = harness.sandbox.context.state.identities.get(email);
      if (!identity) throw new Error(`No seeded member ${email}`);
      const tokens = harness.sandbox.context.tokens.issue(
        { kind: 'member', visitorId: `visitor-of-${identity.memberId}`, memberId: identity.memberId },
        'demo-client',
        3600,
      );
      return {
        client: client(accessTokenAuth(tokens.access_token), extra),
        tokens,
        memberId: identity.memberId,
      };
    },
    client,
    /** The id of a seeded product, by its slug. */
    productId(slug: string): string {
      const product = [...harness.sandbox.context.state.products.values()].find((p) => p.slug === slug);
      if (!product?.id) throw new Error(`no product ${slug}`);
      return product.id;
    },
  };
}

/** Compares a request on our wire with a recorded one: method, path, query (decoding `.r`) and body. */
export function expectSameWire(
  actual: WireRequest,
  expected: RecordedRequest,
  expectFn: (a: unknown) => { toEqual(b: unknown): void },
) {
  expectFn({ method: actual.method, path: actual.path }).toEqual({
    method: expected.method,
    path: expected.path,
  });
  if (expected.queryDotR !== undefined) expectFn(actual.queryDotR).toEqual(expected.queryDotR);
  else
    expectFn(Object.fromEntries(groupParams(actual.query))).toEqual(
      Object.fromEntries(groupParams(expected.query ?? '')),
    );
  expectFn(actual.body).toEqual(expected.body);
  expectFn(actual.contentType ?? null).toEqual(expected.contentType ?? null);
}

function groupParams(query: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [key, value] of new URLSearchParams(query)) out.set(key, [...(out.get(key) ?? []), value]);
  return out;
}
