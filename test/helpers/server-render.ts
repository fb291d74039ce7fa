/**
 * Server rendering for the React entry's tests in Node: a tree's HTML as a streaming server sends it once all
 * is ready (React 19's `renderToReadableStream`, or React 18's `renderToPipeableStream` in its Node build),
 * and the declarative shadow root of an element in it.
 */
import type { ReactElement } from 'react';

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
