import { createElement, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { expect, it } from 'vitest';
import { useKeyedMemo } from '../../src/ui/keyed-memo';

/**
 * `useKeyedMemo`'s tests, for each React the package runs on (React 19 and 18, preact/compat), in StrictMode:
 * `act` is the one of the React under test.
 */
export function keyedMemoCases(act: (work: () => void) => unknown) {
  it('makes its value again when the key changes, and only then, in StrictMode', async () => {
    const made: string[] = [];
    const seen: Array<{ key: string; other: number }> = [];
    function Probe({ query, other }: { query: string; other: number }) {
      seen.push(
        useKeyedMemo(query, () => {
          made.push(query);
          return { key: query, other };
        }),
      );
      return null;
    }
    const root = createRoot(document.createElement('div'));
    const render = (query: string, other: number) =>
      act(() => root.render(createElement(StrictMode, null, createElement(Probe, { query, other }))));
    try {
      await render('a', 1);
      const first = seen.at(-1);
      expect(first).toEqual({ key: 'a', other: 1 });

      // The same key, another value beside it: the same object, made for that key (StrictMode may make it twice).
      made.length = 0;
      await render('a', 2);
      expect(seen.at(-1)).toBe(first);
      expect(made).toEqual([]);

      // Another key: made again, with what it reads now.
      await render('b', 3);
      expect(seen.at(-1)).toEqual({ key: 'b', other: 3 });
      expect(new Set(made)).toEqual(new Set(['b']));
      const second = seen.at(-1);
      made.length = 0;
      await render('b', 4);
      expect(seen.at(-1)).toBe(second);
      expect(made).toEqual([]);
    } finally {
      await act(() => root.unmount());
    }
  });
}
