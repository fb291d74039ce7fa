import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { DEMO_CLIENT_ID } from '../sandbox/app';
import { idpKeyFromEnv } from '../sandbox/idp';
import { startSandboxServer, webhookOptionsFromEnv } from '../sandbox/server';
import { startDemoServer } from './demo-server';

const root = resolve(import.meta.dirname, '..');

/**
 * `npm run build` in a child process (the build sets its own NODE_ENV): a fresh `dist/`. `quiet` sends the
 * build's output to stderr, for a script whose stdout holds its figures alone.
 */
export function buildDist(options: { quiet?: boolean } = {}): void {
  execFileSync(process.execPath, [resolve(root, 'node_modules/tsx/dist/cli.mjs'), 'scripts/build.ts'], {
    cwd: root,
    stdio: options.quiet ? ['ignore', 2, 2] : 'inherit',
  });
}

export interface RunningServers {
  demoUrl: string;
  sandboxUrl: string;
  close(): Promise<void>;
}

/**
 * The demo site and the sandbox, on two origins as in production. Port 0 picks free ports (the tests do);
 * the OAuth client `demo-client` allows the demo site's origins on whatever port it got.
 */
export async function startServers(
  options: {
    demoPort?: number;
    sandboxPort?: number;
    extraRoots?: Record<string, string>;
    /** More origins `demo-client` accepts: a site builder's own pages. */
    extraOrigins?: string[];
    /** More host names the sandbox answers (`SANDBOX_ALLOWED_HOSTS`), besides loopback names. */
    allowedHosts?: string[];
    /** Where the sandbox says what it refused (an origin, a host); nothing by default (the tests). */
    log?: (line: string) => void;
  } = {},
): Promise<RunningServers> {
  let sandboxUrl = '';
  const demo = await startDemoServer({
    port: options.demoPort ?? 4000,
    demoDir: resolve(root, 'demo'),
    distDir: resolve(root, 'dist'),
    sandboxUrl: () => sandboxUrl,
    ...(options.extraRoots ? { extraRoots: options.extraRoots } : {}),
  });
  try {
    const sandbox = await startSandboxServer({
      port: options.sandboxPort ?? 4100,
      ...(process.env.SANDBOX_API_KEY ? { apiKey: process.env.SANDBOX_API_KEY } : {}),
      idpKey: idpKeyFromEnv(),
      // SANDBOX_APP_ID and SANDBOX_WEBHOOK_KEY: the webhooks' audience and signing key.
      ...webhookOptionsFromEnv(),
      ...(options.allowedHosts ? { allowedHosts: options.allowedHosts } : {}),
      ...(options.log ? { log: options.log } : {}),
      clients: [
        {
          id: DEMO_CLIENT_ID,
          // The demo's own origins, and a site builder's pages (SANDBOX_ALLOWED_ORIGINS).
          allowedOrigins: [
            `http://localhost:${demo.port}`,
            `http://127.0.0.1:${demo.port}`,
            ...(options.extraOrigins ?? []),
          ],
          // Cart V2's checkout page takes no callbacks: it leads back to the project's site pages, here the
          // demo shop on Cart V2.
          siteUrls: {
            thankYouPageUrl: `${demo.url}/cart-v2/`,
            cartPageUrl: `${demo.url}/cart-v2/`,
            postFlowUrl: `${demo.url}/cart-v2/`,
          },
        },
      ],
    });
    sandboxUrl = sandbox.url;
    return {
      demoUrl: demo.url,
      sandboxUrl,
      close: async () => {
        await Promise.all([demo.close(), sandbox.close()]);
      },
    };
  } catch (error) {
    await demo.close();
    throw error;
  }
}
