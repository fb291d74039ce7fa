import { useEffect, useRef, useState } from 'preact/hooks';
import type { StoreApi } from 'zustand/vanilla';

/**
 * A slice of a vanilla zustand store, re-rendering only when the selected value changes (`Object.is`, or the
 * given equality). Written with preact/hooks alone.
 */
export function useStore<S, T>(
  store: StoreApi<S>,
  selector: (state: S) => T,
  equal: (a: T, b: T) => boolean = Object.is,
): T {
  const [value, setValue] = useState(() => selector(store.getState()));
  const latest = useRef({ selector, equal, value });
  latest.current = { selector, equal, value };
  useEffect(() => {
    const check = () => {
      const next = latest.current.selector(store.getState());
      if (!latest.current.equal(latest.current.value, next)) setValue(() => next);
    };
    check();
    return store.subscribe(check);
  }, [store]);
  return value;
}
