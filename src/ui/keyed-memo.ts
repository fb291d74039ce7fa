import { useMemo } from 'react';

/** What a keyed memo is keyed by: a primitive (a string made of what it stands for), or an object by identity. */
export type MemoKey = string | number | boolean | bigint | symbol | object | null | undefined;

/**
 * `make()`'s value, made again only when `key` changes (compared with `Object.is`): for a value that depends on
 * more than a hook's dependencies can say, such as a query given as a new object on every render, whose key
 * (`listKey(query)`) says when it is another one. `key` stands for everything `make` reads: what `make` reads
 * apart from it is read as it was when the key last changed.
 *
 * `make` must have no side effect: it may run twice for one key (React's StrictMode calls it twice, in
 * development), and its value may be dropped with the render that made it.
 *
 * @example
 * const stable = useKeyedMemo(listKey(query), () => query); // the same object while it asks the same
 * useEffect(() => void store.getState().loadProducts(stable), [store, stable]);
 */
export function useKeyedMemo<T>(key: MemoKey, make: () => T): T {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for what `make` reads (the one place this is said)
  return useMemo(make, [key]);
}
