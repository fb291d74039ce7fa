import { loadOnce } from '../chunks';

/**
 * Store actions whose code downloads when one is first called: only a view loaded later (the login modal, the
 * member menu) calls them, so the page's first script carries just these few lines. The module loads once
 * (again after a failed download); `offline` answers for an action whose code cannot be downloaded (else the
 * call rejects).
 */
export function lazyActions<T, K extends keyof T>(
  load: () => Promise<T>,
  names: readonly K[],
  offline?: Partial<Record<K, unknown>>,
): Pick<T, K> {
  let loaded: T | undefined;
  const loading = loadOnce(() => load().then((module) => (loaded = module)));
  const actions: Partial<Pick<T, K>> = {};
  for (const name of names)
    actions[name] = ((...args: unknown[]) => {
      // Once here, an action runs at once: its first effects (an optimistic change) are in the same tick.
      if (loaded) return (loaded[name] as (...a: unknown[]) => unknown)(...args);
      return loading().then(
        (module) => (module[name] as (...a: unknown[]) => unknown)(...args),
        (error: unknown) => (offline && name in offline ? offline[name] : Promise.reject(error)),
      );
    }) as T[K];
  return actions as Pick<T, K>;
}
