/**
 * Runs one piece of work at a time under a name. Across tabs with Web Locks where the browser has them;
 * within this page otherwise.
 */
export interface Lock {
  run<T>(name: string, work: () => Promise<T>): Promise<T>;
}

/** A lock for this page only: calls under one name queue behind each other. */
export function localLock(): Lock {
  const tails = new Map<string, Promise<unknown>>();
  return {
    run<T>(name: string, work: () => Promise<T>): Promise<T> {
      const previous = tails.get(name) ?? Promise.resolve();
      const next = previous.then(work, work);
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
}

/** Web Locks (`navigator.locks`) when present: one holder across every tab of the origin. */
export function webLock(
  locks: WebLocks | undefined = (globalThis.navigator as { locks?: WebLocks } | undefined)?.locks,
): Lock {
  if (!locks) return localLock();
  return { run: (name, work) => locks.request(name, work) };
}
