/**
 * Which host names the sandbox answers. DNS rebinding: a page on `http://rebind.test:4100` whose name is then
 * made to resolve to 127.0.0.1 is, to the browser, the same origin as the sandbox it reaches, so it may read
 * every answer (a member's reset code in the mailbox, say). Its requests still say `Host: rebind.test:4100`: the
 * sandbox answers only the names it is reached by, as Vite's dev server (`server.allowedHosts`) and
 * webpack-dev-server (`allowedHosts`) do: loopback names, its public URL's host, the address it is bound to and
 * the names allowed (`--allowed-host`, `SANDBOX_ALLOWED_HOSTS`).
 */
import { isIPv6 } from 'node:net';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './context';
import { applicationError } from './errors';
import type { Notices } from './notices';

/**
 * The name of a `Host` header's value (`name[:port]`, `[v6][:port]`), lower case, as the URL parser writes it
 * (`127.1` is `127.0.0.1`, `[0::1]` is `[::1]`), without a trailing dot; undefined for anything else.
 */
export function hostNameOf(host: string): string | undefined {
  const match = /^(\[[0-9a-f:.]+\]|[^\s:/?#@[\]\\%]+)(?::\d{1,5})?$/i.exec(host.trim());
  if (!match) return undefined;
  try {
    return new URL(`http://${match[1]}/`).hostname.replace(/\.$/, '');
  } catch {
    return undefined;
  }
}

/** `localhost`, `*.localhost`, 127.0.0.0/8 and `[::1]` (and 127.0.0.0/8 as IPv4-mapped IPv6). */
export function isLoopbackName(name: string): boolean {
  return (
    name === 'localhost' ||
    name.endsWith('.localhost') ||
    /^127\.\d+\.\d+\.\d+$/.test(name) ||
    name === '[::1]' ||
    /^\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\]$/.test(name)
  );
}

/**
 * An allowed host as written (`--allowed-host`, `SANDBOX_ALLOWED_HOSTS`): a name or address without scheme or
 * port (`my-machine.local`, `192.168.1.20`, `[fd00::1]`), or `.example.test` for that name and every name
 * under it. Returns it as `hostNameOf` writes names, or undefined when it is not one.
 */
export function allowedHostOf(value: string): string | undefined {
  const trimmed = value.trim();
  const domain = trimmed.startsWith('.');
  const bare = domain ? trimmed.slice(1) : trimmed;
  const written = isIPv6(bare) ? `[${bare}]` : bare;
  // A port (or a scheme) is not part of a host name: refused rather than ignored.
  if (written === '' || /[:/]/.test(written.replace(/^\[[^\]]*\]$/, ''))) return undefined;
  const name = hostNameOf(written);
  return name === undefined ? undefined : `${domain ? '.' : ''}${name}`;
}

/** The error for a value that should have been a host name, naming where it came from. */
export function notAHost(source: string, value: string): Error {
  return new Error(
    `${source}: "${value}" is not a host name such as my-machine.local or .example.test (no scheme, port or path)`,
  );
}

/**
 * Refuses, before anything else runs, a request whose `Host` names none of the sandbox's names: 403 with the
 * platform's error body, naming the host and how to allow it; nothing read or changed. A request without
 * `Host` (in-process, through `app.fetch`) is not a browser's and passes.
 */
export function hostCheck(options: {
  publicUrl: string;
  allowedHosts: readonly string[];
  notices: Notices;
}): MiddlewareHandler<AppEnv> {
  const publicHost = new URL(options.publicUrl).hostname;
  const allowed = [publicHost, ...options.allowedHosts.flatMap((h) => allowedHostOf(h) ?? [])];
  const named = [...new Set(['localhost', '127.0.0.1', '[::1]', ...allowed])].join(', ');
  const answers = (name: string) =>
    isLoopbackName(name) ||
    allowed.some((a) => a === name || (a.startsWith('.') && (name === a.slice(1) || name.endsWith(a))));
  return async (c, next) => {
    const host = c.req.header('host');
    if (host === undefined) return next();
    const name = hostNameOf(host);
    if (name !== undefined && answers(name)) return next();
    const shown = name ?? host;
    const allow = `npx storefront-widgets sandbox --allowed-host ${shown} (or SANDBOX_ALLOWED_HOSTS=${shown})`;
    const description = `The sandbox does not answer requests for host "${shown}": only ${named}, so that no page can reach it under a name of its own (DNS rebinding). If "${shown}" is yours, allow it with ${allow}`;
    options.notices.once(
      `host ${shown}`,
      () => `[sandbox] Refused a request for host "${shown}". Allow it with ${allow}`,
    );
    return c.json(applicationError(403, 'HOST_NOT_ALLOWED', description).body, 403);
  };
}
