/**
 * Many calls, politely: at most `concurrency` at once, a `429` answered by every call waiting for its
 * `Retry-After`, and a 5xx or a lost connection tried again after a growing wait. The merchant's bulk tools
 * (`importProducts`) send their calls through it; the calls themselves are the client's.
 */
import { isApiError, isSystemError } from './errors';

export interface PoliteOptions {
  /** Calls in flight at once (default 8). */
  concurrency?: number;
  /** Tries of one call that fails with a 5xx or no answer, the first included (default 5). */
  attempts?: number;
  /** Tries of one call answered `429` (default 30): each waits for the platform's `Retry-After`. */
  rateLimitedAttempts?: number;
  /** The first wait after a 5xx or no answer, doubled at each try (default 500 ms), and the longest (30 s). */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** The clock (default `Date.now`) and the wait (default a timer): tests pass simulated ones. */
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** Told of every wait: after a `429` (`rateLimited`) or a failure tried again. */
  onWait?: (wait: { ms: number; reason: 'rateLimited' | 'retry'; error: unknown }) => void;
}

/** Whether a call that failed so may be sent again as it is: a 5xx, or no usable answer. */
export const isTransient = (error: unknown): boolean =>
  isSystemError(error) || (isApiError(error) && error.status >= 500);

const isRateLimited = (error: unknown): boolean => isApiError(error) && error.status === 429;

/** A `Retry-After` in milliseconds (seconds, or an HTTP date), or undefined when there is none to read. */
export function retryAfterMs(value: string | undefined, now: number): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

export interface Polite {
  /**
   * Runs `call` when a place is free and no `429` asks to wait; a `429` is tried again after its
   * `Retry-After`, and so is (unless `transient: false`) a 5xx or a lost answer, after a growing wait.
   */
  run<T>(call: () => Promise<T>, options?: { transient?: boolean }): Promise<T>;
}

/**
 * A runner of calls with a concurrency limit (lowered by `429`s, raised again by successes), a shared pause
 * for `429`s, and retries with backoff.
 *
 * @example
 * const polite = politeRunner({ concurrency: 4 });
 * await Promise.all(ids.map((id) => polite.run(() => getProduct(client, id))));
 */
export function politeRunner(options: PoliteOptions = {}): Polite {
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? 8));
  const attempts = options.attempts ?? 5;
  const rateLimitedAttempts = options.rateLimitedAttempts ?? 30;
  const base = options.baseDelayMs ?? 500;
  const max = options.maxDelayMs ?? 30_000;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  let active = 0;
  /**
   * The calls allowed in flight: halved by a `429`, and grown again by a fraction at each success (up to
   * `concurrency`), so that the calls find the platform's rate rather than all ask at once after each pause.
   */
  let capacity = concurrency;
  const waiting: Array<() => void> = [];
  /** No call starts before this time: the latest `Retry-After` heard. */
  let pausedUntil = 0;

  const drain = () => {
    while (active < Math.floor(capacity) && waiting.length) {
      active += 1;
      (waiting.shift() as () => void)();
    }
  };
  /** A place to call from; a call answered `429` asks again `first`, before calls that have not been tried. */
  const acquire = async (first = false) => {
    if (active < Math.floor(capacity)) active += 1;
    else await new Promise<void>((resolve) => (first ? waiting.unshift(resolve) : waiting.push(resolve)));
  };
  const release = () => {
    active -= 1;
    drain();
  };
  const pause = async () => {
    for (let left = pausedUntil - now(); left > 0; left = pausedUntil - now()) await sleep(left);
  };

  async function attempt<T>(call: () => Promise<T>, transient: boolean): Promise<T> {
    let failures = 0;
    let limited = 0;
    for (;;) {
      await pause();
      try {
        const result = await call();
        capacity = Math.min(concurrency, capacity + 1 / capacity);
        drain();
        return result;
      } catch (error) {
        if (isRateLimited(error) && ++limited < rateLimitedAttempts) {
          const asked = retryAfterMs((error as { retryAfter?: string }).retryAfter, now());
          const ms = asked ?? Math.min(max, base * 2 ** (limited - 1));
          pausedUntil = Math.max(pausedUntil, now() + ms);
          capacity = Math.max(1, capacity / 2);
          options.onWait?.({ ms, reason: 'rateLimited', error });
          release();
          await acquire(true);
          continue;
        }
        if (!transient || !isTransient(error) || ++failures >= attempts) throw error;
        const ms = Math.min(max, base * 2 ** (failures - 1));
        options.onWait?.({ ms, reason: 'retry', error });
        await sleep(ms);
      }
    }
  }

  return {
    async run(call, runOptions = {}) {
      await acquire();
      try {
        return await attempt(call, runOptions.transient ?? true);
      } finally {
        release();
      }
    },
  };
}
