import type { MiddlewareHandler } from 'hono';
import type { AppEnv, SandboxContext } from './context';
import { applicationError, PlatformError } from './errors';

/** The window the `rateLimit` setting counts a key's calls in: one second. */
export const RATE_WINDOW_MS = 1000;

/**
 * The platform's rate limit, when the `rateLimit` setting is on (requests per second, 0 for none): each key
 * (the `Authorization` a call carries, an API key or a token; none is a key of its own) may make that many
 * platform calls in each second of the sandbox's clock; the next is answered `429` with the platform's error
 * body and `Retry-After` (whole seconds to the next window), and changes nothing. The sandbox's own dev
 * endpoints (`/_sandbox/…`) and CORS preflights are never counted.
 */
export function rateLimit(context: SandboxContext): MiddlewareHandler<AppEnv> {
  /** Calls made in the current window, by key: a Map, since the keys are the callers' text. */
  let counts = new Map<string, number>();
  let window = -1;
  return async (c, next) => {
    const limit = context.settings.rateLimit;
    if (limit <= 0 || c.req.path.startsWith('/_sandbox/') || c.req.method === 'OPTIONS') return next();
    const now = context.now();
    const current = Math.floor(now / RATE_WINDOW_MS);
    if (current !== window) {
      window = current;
      counts = new Map();
    }
    const key = c.req.header('authorization') ?? '';
    const made = counts.get(key) ?? 0;
    if (made >= limit) {
      const seconds = Math.max(1, Math.ceil(((current + 1) * RATE_WINDOW_MS - now) / 1000));
      const { body } = applicationError(
        429,
        'TOO_MANY_REQUESTS',
        `Too many requests: at most ${limit} a second for one key (the sandbox's rateLimit setting); retry after ${seconds} s`,
        { limit, retryAfterSeconds: seconds },
      );
      throw new PlatformError(429, body, { 'Retry-After': String(seconds) });
    }
    counts.set(key, made + 1);
    return next();
  };
}
