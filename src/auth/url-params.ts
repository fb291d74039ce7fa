/**
 * A URL's query and fragment parameters: the platform answers a redirect in either (`responseMode`), and the
 * site's address bar is cleaned of both. Shared by the start-up (`src/start.ts`, in the page's first script)
 * and the way back from the hosted login page (`redirect-back.ts`), which imports it from there.
 */
export function paramsOf(url: string | URL): [query: URLSearchParams, fragment: URLSearchParams] {
  const parsed = typeof url === 'string' ? new URL(url) : url;
  return [parsed.searchParams, new URLSearchParams(parsed.hash.replace(/^#/, ''))];
}

/** Whether the query or the fragment carries any of `keys`. */
export const carriesAny = (params: URLSearchParams[], keys: string[]): boolean =>
  keys.some((key) => params.some((found) => found.has(key)));
