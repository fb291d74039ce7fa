/**
 * Server rendering for the React entry's tests: the catalogue as a server reads it, a tree's HTML as a streaming server sends it once all
 * is ready (React 19's `renderToReadableStream`, or React 18's `renderToPipeableStream` in its Node build),
 * and the declarative shadow root of an element in it.
 */
import type { ReactElement } from 'react';
import { createApiClient, queryProducts, visitorAuth } from '../../src/api/index';
import { SANDBOX_ORIGIN } from './sandbox';

/**
 * The first page of the in-process sandbox's catalogue, by name, read as a server reads it: a visitor's token of
 * its own (`visitorAuth`), variants included. (Not through a test's recording `fetch`: the browser did not ask.)
 */
export function serverRead(sandbox: { fetch(request: Request): Promise<Response> }, limit: number) {
  const client = createApiClient({
    apiBase: SANDBOX_ORIGIN,
    auth: visitorAuth('demo-client'),
    fetch: (input, init) => sandbox.fetch(new Request(input as RequestInfo, init)),
  });
  return queryProducts(client, { includeVariants: true }).ascending('name').limit(limit).find();
}

/** The tree's HTML once everything it waits for is here; `errors` hears what React's `onError` does. */
export async function serverHtml(tree: ReactElement, errors: unknown[] = []): Promise<string> {
  const server = await import('react-dom/server');
  if ('renderToReadableStream' in server && typeof server.renderToReadableStream === 'function') {
    const stream = await server.renderToReadableStream(tree, { onError: (error) => void errors.push(error) });
    await stream.allReady;
    return new Response(stream).text();
  }
  const { PassThrough } = await import('node:stream');
  return new Promise((resolve, reject) => {
    let html = '';
    const out = new PassThrough();
    out.on('data', (chunk) => {
      html += chunk;
    });
    out.on('end', () => resolve(html));
    const { pipe } = server.renderToPipeableStream(tree, {
      onAllReady: () => pipe(out),
      onError: reject,
    });
  });
}

/** The markup of the first `<tag>`'s declarative shadow root in the HTML (its styles left out). */
export function shadowOf(html: string, tag: string): string {
  const found = new RegExp(
    `<${tag}[^>]*><template shadowrootmode="open"><style>(.*?)</style>(.*?)</template></${tag}>`,
    's',
  ).exec(html);
  if (!found) throw new Error(`No <${tag}> with a declarative shadow root in ${html.slice(0, 400)}`);
  return found[2] as string;
}
