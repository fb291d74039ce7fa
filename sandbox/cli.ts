/**
 * The `storefront-widgets` command: `storefront-widgets sandbox [--port …] [--origin …]` serves the sandbox from
 * an installed package (compiled into `dist/cli/bin.js` by `npm run build`), and `npm run sandbox` runs the
 * same code from the sources. No side effects here: `bin/storefront-widgets.ts` hands in the arguments, the environment
 * and the output, and holds the process.
 */
import { parseArgs } from 'node:util';
import { DEMO_CLIENT_ID } from './app';
import { allowedHostOf, notAHost } from './hosts';
import {
  isOrigin,
  notAnOrigin,
  optionsFromEnv,
  originsFromEnv,
  parsePort,
  type SandboxServer,
  type SandboxServerOptions,
  startSandboxServer,
  startupMessage,
} from './server';

export const COMMAND = 'storefront-widgets';

/** Exit codes: 1 when the sandbox could not start (a port in use), 2 for a command line that is wrong. */
export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;

export const USAGE = `Usage: ${COMMAND} <command> [options]

Commands:
  sandbox    serve the sandbox, a local stand-in for the store and membership platform (${COMMAND} sandbox --help)
  products   import and export the catalogue from a spreadsheet, by SKU (${COMMAND} products --help)
  members    list, approve, block, unblock and delete members (${COMMAND} members --help)

Options:
  -h, --help    show this help`;

export const SANDBOX_USAGE = `Usage: ${COMMAND} sandbox [--port <port>] [--origin <origin>]... [--allowed-host <host>]...

Serves the sandbox on http://127.0.0.1:<port> until Ctrl-C: the platform's API with the seeded catalogue,
members, coupons and the OAuth client "${DEMO_CLIENT_ID}", in memory (a restart starts from the seed again).

Options:
  --port <port>      the port to listen on, 0 for any free one
                     (default: SANDBOX_PORT, else PORT, else 4100)
  --origin <origin>  a page origin (scheme, host and port, e.g. http://localhost:5173) that the OAuth client
                     "${DEMO_CLIENT_ID}" accepts: the browser may call the sandbox from it (CORS) and sign-in
                     and checkout pages may lead back to it. Repeat it for more; SANDBOX_ALLOWED_ORIGINS
                     adds to it. Without either, the demo shop's http://localhost:4000 and http://127.0.0.1:4000
  --allowed-host <host>
                     a host name the sandbox answers requests for, besides localhost, *.localhost, 127.x.x.x,
                     [::1], the HOST it listens on and the host of SANDBOX_PUBLIC_URL: any other Host is
                     refused (403), so that no web page can reach it under a name of its own (DNS rebinding).
                     A name (my-machine.local), an address, or .example.test for it and every name under it.
                     Repeat it for more; SANDBOX_ALLOWED_HOSTS adds to it
  -h, --help         show this help

Environment: SANDBOX_PORT, HOST (default 127.0.0.1), SANDBOX_ALLOWED_ORIGINS (comma-separated),
SANDBOX_ALLOWED_HOSTS (comma-separated), SANDBOX_API_KEY (default sandbox-admin-key), SANDBOX_IDP_KEY,
SANDBOX_PUBLIC_URL.`;

/** A command line that cannot run: its message says what is wrong, and the usage follows it. */
export class UsageError extends Error {
  override name = 'UsageError';
}

export interface CliIo {
  env: NodeJS.ProcessEnv;
  /** Standard output: the help, the ready message. */
  log(text: string): void;
  /** Standard error: what went wrong, and what the running sandbox refused (a page's origin, a host). */
  error(text: string): void;
}

/** What `storefront-widgets sandbox <args>` asks for: the help, or a server with these options. */
export type SandboxCommand = { help: true } | { help: false; options: SandboxServerOptions };

/**
 * Reads the `sandbox` command's arguments over the environment: `--port` wins over `SANDBOX_PORT` and `PORT`;
 * the `--origin`s and `SANDBOX_ALLOWED_ORIGINS` together replace the demo shop's origins; the
 * `--allowed-host`s and `SANDBOX_ALLOWED_HOSTS` together are the hosts answered besides the sandbox's own.
 * Throws a `UsageError` naming an unknown option, a missing value, a port, an origin or a host that is not one.
 *
 * @example
 * parseSandboxArgs(['--port', '0', '--origin', 'http://localhost:5173'], {});
 * // { help: false, options: { port: 0, host: '127.0.0.1', clients: [{ id: 'demo-client', allowedOrigins: ['http://localhost:5173'] }], … } }
 */
export function parseSandboxArgs(args: string[], env: NodeJS.ProcessEnv): SandboxCommand {
  let values: { port?: string; origin?: string[]; 'allowed-host'?: string[]; help?: boolean };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args,
      strict: true,
      allowPositionals: true,
      options: {
        port: { type: 'string' },
        origin: { type: 'string', multiple: true },
        'allowed-host': { type: 'string', multiple: true },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    // Node's messages name the option ("Unknown option '--prot'"); its hints about `--` do not apply here.
    throw new UsageError((error as Error).message.replace(/\. To specify a positional argument.*$/s, ''));
  }
  if (values.help) return { help: true };
  if (positionals.length) throw new UsageError(`Unexpected argument '${positionals[0]}'`);
  const port = values.port === undefined ? undefined : usage(() => parsePort(values.port ?? '', '--port'));
  const flagOrigins = values.origin ?? [];
  for (const origin of flagOrigins)
    if (!isOrigin(origin)) throw new UsageError(notAnOrigin('--origin', origin).message);
  const flagHosts = values['allowed-host'] ?? [];
  for (const host of flagHosts)
    if (allowedHostOf(host) === undefined) throw new UsageError(notAHost('--allowed-host', host).message);
  // The environment's port is not read when --port is given: a stale SANDBOX_PORT cannot stop the start.
  const fromEnv = usage(() =>
    optionsFromEnv(port === undefined ? env : { ...env, SANDBOX_PORT: undefined, PORT: undefined }),
  );
  const options: SandboxServerOptions = { ...fromEnv, ...(port === undefined ? {} : { port }) };
  if (flagOrigins.length) {
    const allowedOrigins = [...new Set([...flagOrigins, ...originsFromEnv(env.SANDBOX_ALLOWED_ORIGINS)])];
    options.clients = [{ id: DEMO_CLIENT_ID, allowedOrigins }];
  }
  if (flagHosts.length) options.allowedHosts = [...new Set([...flagHosts, ...(fromEnv.allowedHosts ?? [])])];
  return { help: false, options };
}

/** Runs `fn`, an error it throws becoming a `UsageError` (a value on the command line or in the environment). */
function usage<T>(fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/**
 * Runs a command line (the arguments after the command's name). Resolves with the exit code of what ends at
 * once (the help, a wrong command line, a port in use), or with the running sandbox, whose first line of
 * output says where it listens.
 */
export async function runCli(args: string[], io: CliIo): Promise<number | SandboxServer> {
  const [command, ...rest] = args;
  if (command === '-h' || command === '--help') {
    io.log(USAGE);
    return 0;
  }
  if (command !== 'sandbox') {
    io.error(command === undefined ? 'Missing command' : `Unknown command '${command}'`);
    io.error(USAGE);
    return EXIT_USAGE;
  }
  let parsed: SandboxCommand;
  try {
    parsed = parseSandboxArgs(rest, io.env);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.error(`${COMMAND} sandbox: ${error.message}`);
    io.error(`Run '${COMMAND} sandbox --help' for the options.`);
    return EXIT_USAGE;
  }
  if (parsed.help) {
    io.log(SANDBOX_USAGE);
    return 0;
  }
  const { options } = parsed;
  try {
    // What the sandbox refuses that the developer may have meant to allow is said on standard error.
    const server = await startSandboxServer({ ...options, log: (line) => io.error(line) });
    io.log(startupMessage(server.url, options));
    return server;
  } catch (error) {
    const err = error as NodeJS.ErrnoException;
    io.error(
      err.code === 'EADDRINUSE'
        ? `${COMMAND} sandbox: port ${options.port} on ${options.host} is already in use. Stop the other server, or choose another port with --port (or SANDBOX_PORT).`
        : `${COMMAND} sandbox: could not start: ${err.message}`,
    );
    return EXIT_FAILED;
  }
}
