import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo, isIPv6 } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import {
  createSandbox,
  DEFAULT_API_KEY,
  DEFAULT_SANDBOX_PORT,
  DEMO_ALLOWED_ORIGINS,
  DEMO_CLIENT_ID,
  type Sandbox,
  type SandboxOptions,
} from './app';
import { allowedHostOf, notAHost } from './hosts';
import { SANDBOX_IDP_ID } from './identity';
import { idpKeyFromEnv } from './idp';
import { DEFAULT_SANDBOX_APP_ID } from './webhooks';
import { generateWebhookKeys, readWebhookKey, type WebhookKeys } from './webhooks/signing';

const privateKeyPem = (keys: WebhookKeys) =>
  keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

export interface SandboxServer {
  /** The address it listens on, e.g. `http://127.0.0.1:4100`. */
  url: string;
  sandbox: Sandbox;
  close(): Promise<void>;
}

export interface SandboxServerOptions extends SandboxOptions {
  port?: number;
  /** The address to listen on (default 127.0.0.1); unless it is every address (0.0.0.0, ::), a host answered. */
  host?: string;
}

/** Addresses that mean "every interface": not a name the sandbox is reached by. */
const WILDCARD_ADDRESSES = new Set(['0.0.0.0', '::', '[::]', '']);

/**
 * Serves the sandbox over HTTP on loopback. A simulated dropped connection (`dropRate`) destroys the socket
 * before any answer, as a reset connection would; a lost answer (`lostAnswerRate`) breaks off after it.
 *
 * The port opens only when the sandbox is ready: what takes time (the webhook key pair) is done first, and the
 * sandbox is made as the port opens, before any connection is read, so the first request a script sends once
 * the port answers gets a real answer.
 */
export async function startSandboxServer(options: SandboxServerOptions = {}): Promise<SandboxServer> {
  const host = options.host ?? '127.0.0.1';
  const port = options.port ?? DEFAULT_SANDBOX_PORT;
  const urlHost = isIPv6(host) ? `[${host}]` : host;
  // Bound to one address, the sandbox answers requests for it; bound to all (0.0.0.0, ::), only for its names.
  const allowedHosts = [...(options.allowedHosts ?? []), ...(WILDCARD_ADDRESSES.has(host) ? [] : [host])];
  // Read (a bad key stops the start before the port is taken) or made now, not on the first delivery.
  if (options.webhookKey) readWebhookKey(options.webhookKey);
  const webhookKey = options.webhookKey ?? privateKeyPem(await generateWebhookKeys());
  const server: Server = createServer();
  // With port 0 the address (and so the public URL in media links) is known only once listening.
  const sandbox = await new Promise<Sandbox>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      try {
        const { port: actualPort } = server.address() as AddressInfo;
        const publicUrl = `http://${urlHost}:${actualPort}`;
        const made = createSandbox({ publicUrl, ...options, webhookKey, allowedHosts });
        server.on('request', requestListener(made));
        resolve(made);
      } catch (error) {
        server.close();
        reject(error);
      }
    });
  });
  const actualPort = (server.address() as AddressInfo).port;
  return {
    url: `http://${urlHost}:${actualPort}`,
    sandbox,
    close: () =>
      new Promise<void>((resolve, reject) => {
        // No delivery attempt outlives the server.
        sandbox.context.webhooks.clear();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/** Node's request listener for `sandbox`, with the simulated dropped connections and lost answers. */
function requestListener(sandbox: Sandbox): (req: IncomingMessage, res: ServerResponse) => void {
  const listener = getRequestListener(sandbox.app.fetch);
  return (req, res) => {
    const path = new URL(req.url ?? '/', 'http://sandbox').pathname;
    if (sandbox.shouldDrop(path)) {
      req.socket.destroy();
      return;
    }
    if (sandbox.shouldLoseAnswer(path)) breakOffAfterHead(res);
    void listener(req, res);
  };
}

/**
 * Makes the answer `res` is about to give break off once its head is sent: the request was handled, and the
 * client gets a broken body instead of the answer. The head goes out so that the browser does not quietly send
 * the request again, as it does when a reused connection closes before any byte of an answer.
 */
function breakOffAfterHead(res: ServerResponse): void {
  res.write = (() => true) as ServerResponse['write'];
  res.end = (() => {
    res.flushHeaders();
    res.socket?.end();
    return res;
  }) as ServerResponse['end'];
}

/**
 * Whether `value` is an origin as the browser sends it: `http(s)://host[:port]`, with no path, query or trailing
 * slash.
 */
export function isOrigin(value: string): boolean {
  let parsed: URL | undefined;
  try {
    parsed = new URL(value);
  } catch {}
  return parsed?.origin === value && /^https?:$/.test(parsed.protocol);
}

/** The error for a value that should have been an origin, naming where it came from (`--origin`, a variable). */
export function notAnOrigin(source: string, value: string): Error {
  return new Error(
    `${source}: "${value}" is not an origin such as http://localhost:5500 (scheme, host and port, no path or trailing slash)`,
  );
}

/**
 * `SANDBOX_ALLOWED_ORIGINS`: comma-separated origins (`http://localhost:5500`) that `demo-client` accepts.
 * A value that is not an origin is an error that names it.
 */
export function originsFromEnv(value: string | undefined): string[] {
  const origins = (value ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  for (const origin of origins) if (!isOrigin(origin)) throw notAnOrigin('SANDBOX_ALLOWED_ORIGINS', origin);
  return origins;
}

/**
 * `SANDBOX_ALLOWED_HOSTS`: comma-separated host names (`my-machine.local`, `.example.test` for a domain) the
 * sandbox answers besides its own. A value that is not one is an error that names it.
 */
export function hostsFromEnv(value: string | undefined): string[] {
  const hosts = (value ?? '')
    .split(',')
    .map((h) => h.trim())
    .filter(Boolean);
  for (const host of hosts)
    if (allowedHostOf(host) === undefined) throw notAHost('SANDBOX_ALLOWED_HOSTS', host);
  return hosts;
}

/**
 * The webhooks' settings from the environment: `SANDBOX_WEBHOOK_KEY` (the private RSA key deliveries are signed
 * with, PEM or base64 of it; a new pair at each start without it) and `SANDBOX_APP_ID` (their audience). A value
 * that cannot be used stops the start with a message naming it.
 */
export function webhookOptionsFromEnv(
  env: NodeJS.ProcessEnv = process.env,
): Pick<SandboxOptions, 'appId' | 'webhookKey'> {
  const appId = env.SANDBOX_APP_ID?.trim();
  if (appId !== undefined && appId !== '' && !/^[\w.-]{1,100}$/.test(appId))
    throw new Error(
      `SANDBOX_APP_ID must be an app id such as a GUID (letters, digits, "-", "_", "."), not "${appId}"`,
    );
  const webhookKey = env.SANDBOX_WEBHOOK_KEY?.trim();
  // Read now: a bad key stops the start rather than the first delivery.
  if (webhookKey) readWebhookKey(webhookKey);
  return { ...(appId ? { appId } : {}), ...(webhookKey ? { webhookKey } : {}) };
}

/**
 * A port number from 0 (any free port) to 65535, from `source` (`--port`, `SANDBOX_PORT`): anything else is an
 * error that names it.
 */
export function parsePort(value: string, source: string): number {
  const port = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!(port <= 65_535)) throw new Error(`${source} must be a port number from 0 to 65535, not "${value}"`);
  return port;
}

/**
 * Options from the environment: SANDBOX_PORT (else PORT), HOST, SANDBOX_API_KEY, SANDBOX_IDP_KEY,
 * SANDBOX_PUBLIC_URL, SANDBOX_ALLOWED_ORIGINS, SANDBOX_ALLOWED_HOSTS, SANDBOX_APP_ID and SANDBOX_WEBHOOK_KEY. `SANDBOX_PORT` is the name
 * `npm start` uses too; `PORT` stays for those who started the sandbox with it before.
 */
export function optionsFromEnv(env: NodeJS.ProcessEnv = process.env): SandboxServerOptions {
  const port = env.SANDBOX_PORT
    ? parsePort(env.SANDBOX_PORT, 'SANDBOX_PORT')
    : env.PORT
      ? parsePort(env.PORT, 'PORT')
      : DEFAULT_SANDBOX_PORT;
  const origins = originsFromEnv(env.SANDBOX_ALLOWED_ORIGINS);
  const hosts = hostsFromEnv(env.SANDBOX_ALLOWED_HOSTS);
  return {
    port,
    host: env.HOST ?? '127.0.0.1',
    ...(env.SANDBOX_API_KEY ? { apiKey: env.SANDBOX_API_KEY } : {}),
    idpKey: idpKeyFromEnv(env),
    ...(env.SANDBOX_PUBLIC_URL ? { publicUrl: env.SANDBOX_PUBLIC_URL } : {}),
    clients: [{ id: DEMO_CLIENT_ID, allowedOrigins: origins.length ? origins : DEMO_ALLOWED_ORIGINS }],
    ...(hosts.length ? { allowedHosts: hosts } : {}),
    ...webhookOptionsFromEnv(env),
  };
}

/**
 * What the server says when it is ready: where it listens (the first line, which scripts wait for), the origins
 * each OAuth client accepts, the keys a developer needs to call it, and where webhooks subscribe.
 */
export function startupMessage(
  url: string,
  options: Pick<SandboxOptions, 'idpKey' | 'apiKey' | 'clients' | 'appId' | 'allowedHosts'>,
): string {
  return [
    `Sandbox platform listening on ${url}`,
    ...(options.clients ?? []).map(
      (client) => `  OAuth client "${client.id}" accepts pages on ${client.allowedOrigins.join(', ')}`,
    ),
    ...(options.allowedHosts?.length
      ? [
          `  answers requests for ${options.allowedHosts.join(', ')} too (--allowed-host, SANDBOX_ALLOWED_HOSTS)`,
        ]
      : []),
    `  merchant API key "${options.apiKey ?? DEFAULT_API_KEY}" (SANDBOX_API_KEY)`,
    `  identity provider ${SANDBOX_IDP_ID}: id_token signed with HS256, key "${options.idpKey ?? idpKeyFromEnv({})}" (SANDBOX_IDP_KEY)`,
    `  webhooks: subscribe with POST ${url}/_sandbox/webhooks; RS256 public key at ${url}/_sandbox/webhooks/public-key; app id ${options.appId ?? DEFAULT_SANDBOX_APP_ID} (SANDBOX_APP_ID)`,
  ].join('\n');
}
