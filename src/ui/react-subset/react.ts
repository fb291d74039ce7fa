/**
 * `react` and `react-dom` as @floating-ui/react and zustand's hook see them in the script tag's build
 * (build/react-subset.ts): the preact/compat functions they use, by name. Both read React through a namespace or a
 * default object (`{...React}`, `ReactDOM.flushSync`, `React.useSyncExternalStore`), which would keep every
 * export of preact/compat in the bundle: 1.9 KB gzip of it (Suspense, lazy, Children, memo, …) that no widget
 * uses. A library update that uses more fails the menu's tests (its function is undefined here).
 */
import { useCallback, useDebugValue, useSyncExternalStore } from 'preact/compat';

export {
  cloneElement,
  createContext,
  createElement,
  createPortal,
  Fragment,
  flushSync,
  forwardRef,
  useContext,
  useEffect,
  useId,
  useInsertionEffect,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
} from 'preact/compat';
export { useCallback, useDebugValue, useSyncExternalStore };

export default { useCallback, useDebugValue, useSyncExternalStore };
