import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, resolve, sep } from 'node:path';

/** The sandbox address written in demo/*.html; replaced when the sandbox runs elsewhere (tests). */
export const DEMO_SANDBOX_URL = 'http://127.0.0.1:4100';
/** The demo's own address in demo/*.html (where the bundle is served); replaced likewise. */
export const DEMO_SITE_URL = 'http://localhost:4000';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.ico': 'image/x-icon',
  '.map': 'application/json',
};

export interface DemoServerOptions {
  port: number;
  /** Folder of the demo pages. */
  demoDir: string;
  /** Folder of the build: its script-tag build (`cdn/`) served under `/cdn/` with CORS headers, as a CDN would serve it. */
  distDir: string;
  /** Where the demo's pages should find the sandbox. */
  sandboxUrl: () => string;
  /** More folders to serve, by URL prefix (the end-to-end tests' own pages). */
  extraRoots?: Record<string, string>;
}

export interface DemoServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

async function fileUnder(root: string, urlPath: string): Promise<string | undefined> {
  const decoded = decodeURIComponent(urlPath);
  const path = resolve(root, `.${decoded.endsWith('/') ? `${decoded}index.html` : decoded}`);
  if (path !== root && !path.startsWith(root + sep)) return undefined;
  try {
    const info = await stat(path);
    if (info.isDirectory()) return fileUnder(root, `${decoded}/`);
    return info.isFile() ? path : undefined;
  } catch {
    return undefined;
  }
}

/** The demo site being served: its folders, and its port once listening. */
interface Site {
  options: DemoServerOptions;
  demoDir: string;
  distDir: string;
  port: number;
}

/** Which file a path names, and how it is served: from the CDN build, or a demo page under /strict/ or /cart-v2/. */
async function route(site: Site, pathname: string) {
  const { options, demoDir, distDir } = site;
  const isCdn = pathname.startsWith('/cdn/');
  const extra = Object.entries(options.extraRoots ?? {}).find(([prefix]) => pathname.startsWith(prefix));
  // /strict/… serves the same demo pages under a strict Content-Security-Policy; /cart-v2/… serves them on
  // the platform's Cart V2 (`data-cart-api="v2"` on the script tag).
  const strict = pathname.startsWith('/strict/');
  const cartV2 = pathname.startsWith('/cart-v2/');
  // /react/… is the React demo app, built into dist/demo-react.
  const react = pathname === '/react' || pathname.startsWith('/react/');
  const file = extra
    ? await fileUnder(resolve(extra[1]), pathname.slice(extra[0].length - 1))
    : isCdn
      ? await fileUnder(resolve(distDir, 'cdn'), pathname.slice('/cdn'.length))
      : react
        ? await fileUnder(resolve(distDir, 'demo-react'), pathname.slice('/react'.length) || '/')
        : await fileUnder(
            demoDir,
            strict ? pathname.slice('/strict'.length) : cartV2 ? pathname.slice('/cart-v2'.length) : pathname,
          );
  return { file, isCdn, strict, cartV2 };
}

/**
 * A demo page as served: the sandbox's and the site's addresses its own, on Cart V2 under /cart-v2/, and under
 * /strict/ with the strict Content-Security-Policy (set in `headers`).
 */
function servedPage(
  site: Site,
  html: string,
  how: { strict: boolean; cartV2: boolean },
  headers: Record<string, string>,
): string {
  const { port } = site;
  const sandboxUrl = site.options.sandboxUrl();
  let body = html;
  const siteUrl = `http://localhost:${port}`;
  if (sandboxUrl !== DEMO_SANDBOX_URL) body = body.replaceAll(DEMO_SANDBOX_URL, sandboxUrl);
  if (siteUrl !== DEMO_SITE_URL) body = body.replaceAll(DEMO_SITE_URL, siteUrl);
  if (how.cartV2)
    body = body.replaceAll('data-client-id="demo-client"', 'data-client-id="demo-client" data-cart-api="v2"');
  if (how.strict) {
    headers['Content-Security-Policy'] = [
      "default-src 'self'",
      `script-src 'self' http://localhost:${port}`,
      `style-src 'self'`,
      `img-src 'self' ${sandboxUrl} data:`,
      `connect-src 'self' ${sandboxUrl}`,
      `frame-src ${sandboxUrl}`,
      "object-src 'none'",
      "base-uri 'self'",
    ].join('; ');
  }
  return body;
}

async function handle(site: Site, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://demo');
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain' }).end('Method not allowed');
    return;
  }
  const { file, isCdn, strict, cartV2 } = await route(site, url.pathname);
  if (!file) {
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end(`Not found: ${url.pathname}`);
    return;
  }
  const type = TYPES[extname(file)] ?? 'application/octet-stream';
  let body: Buffer | string = await readFile(file);
  const headers: Record<string, string> = { 'Content-Type': type, 'Cache-Control': 'no-cache' };
  if (isCdn) {
    headers['Access-Control-Allow-Origin'] = '*';
    headers['Cross-Origin-Resource-Policy'] = 'cross-origin';
  }
  if (type.startsWith('text/html'))
    body = servedPage(site, body.toString('utf8'), { strict, cartV2 }, headers);
  res.writeHead(200, headers).end(req.method === 'HEAD' ? undefined : body);
}

const listen = (listener: (req: IncomingMessage, res: ServerResponse) => void, host: string, port: number) =>
  new Promise<Server>((resolveListen, reject) => {
    const server = createServer(listener);
    server.once('error', reject);
    server.listen(port, host, () => resolveListen(server));
  });

const closeAll = (servers: Server[]) =>
  Promise.all(
    servers.map(
      (server) =>
        new Promise<void>((done) => {
          server.close(() => done());
          server.closeAllConnections();
        }),
    ),
  );

/**
 * A static server for the demo site: pages from `demo/`, the script-tag build from `dist/cdn/` under `/cdn/` with
 * `Access-Control-Allow-Origin: *` (the loader's chunks are ES modules, fetched in CORS mode). Every page is
 * served again under `/strict/` with a strict Content-Security-Policy without `unsafe-inline` or `unsafe-eval`,
 * and under `/cart-v2/` on the platform's Cart V2 (`data-cart-api="v2"`).
 */
export async function startDemoServer(options: DemoServerOptions): Promise<DemoServer> {
  const site: Site = {
    options,
    demoDir: resolve(options.demoDir),
    distDir: resolve(options.distDir),
    port: options.port,
  };
  const listener = (req: IncomingMessage, res: ServerResponse) => {
    handle(site, req, res).catch((error: Error) => {
      console.error('[demo] failed:', error);
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' });
      res.end('Internal error');
    });
  };

  // The demo is reached as http://localhost:PORT and http://127.0.0.1:PORT: listen on IPv4 loopback, and
  // on IPv6 loopback too where the machine has it, with the same port.
  const servers: Server[] = [];
  const v4 = await listen(listener, '127.0.0.1', options.port);
  servers.push(v4);
  const port = (v4.address() as AddressInfo).port;
  site.port = port;
  try {
    servers.push(await listen(listener, '::1', port));
  } catch {
    // No IPv6 loopback here: localhost resolves to 127.0.0.1.
  }
  return {
    url: `http://localhost:${port}`,
    port,
    close: async () => {
      await closeAll(servers);
    },
  };
}
