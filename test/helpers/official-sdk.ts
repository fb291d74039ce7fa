import { afterEach, beforeEach, vi } from 'vitest';
import type { Sandbox } from '../../sandbox/app';
import { SANDBOX_ORIGIN, testSandbox } from './sandbox';

/**
 * A global `fetch` for the official SDK, whose hosts are hard-coded (its OAuthStrategy has no fetch option):
 * what it sends to the platform's hosts (and `extraHosts`, for a `host.apiBaseUrl`) goes to the in-process
 * sandbox, each request noted in `seen` as `METHOD host/path`.
 */
export function sdkFetch(sandbox: Sandbox, seen: string[], extraHosts: string[] = []) {
  const hosts = new Set(['www.wixapis.com', 'edge.wixapis.com', ...extraHosts]);
  return async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (!hosts.has(url.host)) throw new Error(`Unexpected host ${url.host}`);
    seen.push(`${request.method} ${url.host}${url.pathname}`);
    const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.text();
    return sandbox.fetch(`${SANDBOX_ORIGIN}${url.pathname}${url.search}`, {
      method: request.method,
      headers: request.headers,
      body,
    });
  };
}

/**
 * For a file that runs the official SDK: before each test a fresh in-process sandbox with the global `fetch`
 * routed to it (`sdkFetch`), restored after each. `seen` lists the current test's requests.
 */
export function officialSdkSandbox(extraHosts: string[] = []) {
  const sdk = { harness: testSandbox(), seen: [] as string[] };
  beforeEach(() => {
    sdk.harness = testSandbox();
    sdk.seen.length = 0;
    vi.stubGlobal('fetch', sdkFetch(sdk.harness.sandbox, sdk.seen, extraHosts));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  return sdk;
}
