/** Where the session keeps its tokens: localStorage in browsers, memory elsewhere; tests pass a fake. */
export interface KeyValueStorage {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

export function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage {
  const map = new Map(Object.entries(initial));
  return {
    get: (key) => map.get(key) ?? null,
    set: (key, value) => void map.set(key, value),
    remove: (key) => void map.delete(key),
  };
}

/**
 * A Web Storage (localStorage or sessionStorage) under a namespace, or memory with a console warning when
 * the browser refuses storage (private mode, blocked cookies, a sandboxed iframe): the shop keeps working
 * for this page, it just forgets on reload.
 */
export function webStorage(
  getStorage: () => Storage | undefined,
  namespace: string,
  warn: (message: string) => void = (message) => console.warn(message),
): KeyValueStorage {
  let storage: Storage | undefined;
  try {
    storage = getStorage();
    const probe = `${namespace}:probe`;
    storage?.setItem(probe, '1');
    storage?.removeItem(probe);
  } catch {
    storage = undefined;
  }
  if (!storage) {
    warn(
      '[storefront] browser storage is unavailable: the session is kept in memory and ends with this page',
    );
    return memoryStorage();
  }
  const store = storage;
  const full = (key: string) => `${namespace}:${key}`;
  return {
    get: (key) => {
      try {
        return store.getItem(full(key));
      } catch {
        return null;
      }
    },
    set: (key, value) => {
      try {
        store.setItem(full(key), value);
      } catch (error) {
        warn(`[storefront] could not save ${key}: ${(error as Error).message}`);
      }
    },
    remove: (key) => {
      try {
        store.removeItem(full(key));
      } catch {
        // nothing to do: it is gone from this page's point of view
      }
    },
  };
}

/** The namespace of a client's keys, so two shops on one origin do not share sessions. */
export const storageNamespace = (clientId: string) => `sf:${clientId}`;
