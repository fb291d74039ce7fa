/**
 * Runs one piece of work at a time under a name. Across tabs with Web Locks where the browser has them;
 * within this page otherwise. The work learns whether it `waited` behind another holder (which may have done
 * what it came to do: the session's renewal takes the other tab's tokens then).
 */
export interface Lock {
  run<T>(name: string, work: (waited: boolean) => Promise<T>): Promise<T>;
}

/** A lock for this page only: calls under one name queue behind each other. */
export function localLock(): Lock {
  const tails = new Map<string, Promise<unknown>>();
  return {
    run<T>(name: string, work: (waited: boolean) => Promise<T>): Promise<T> {
      const previous = tails.get(name);
      const next = previous ? previous.then(() => work(true)) : work(false);
      const tail = next.catch(() => undefined);
      tails.set(name, tail);
      void tail.then(() => {
        if (tails.get(name) === tail) tails.delete(name);
      });
      return next;
    },
  };
}

interface WebLocks {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
  request<T>(
    name: string,
    options: { ifAvailable: true },
    callback: (lock: unknown) => Promise<T>,
  ): Promise<T>;
}

/**
 * Web Locks (`navigator.locks`) when present: one holder across every tab of the origin. The lock is first
 * asked for only if it is free, so the work knows when another tab held it first.
 */
export function webLock(
  locks: WebLocks | undefined = (globalThis.navigator as { locks?: WebLocks } | undefined)?.locks,
): Lock {
  if (!locks) return localLock();
  return {
    run: (name, work) =>
      locks.request(name, { ifAvailable: true }, (lock) =>
        lock ? work(false) : locks.request(name, () => work(true)),
      ),
  };
}
