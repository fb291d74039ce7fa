import { createElement, type ReactNode, useEffect, useRef, useState } from 'react';
import type { LineItem } from '../../api/types/cart';
import type { CartSlice } from '../../store/store';
import { Line } from './line';
import type { Props } from './view';

/** How many lines the drawer's first frame shows (more than fit on a tall screen). */
const FIRST_LINES = 8;

/** The lines rendered in each task after the first frame's: about 10 ms of work at 4× CPU slowdown. */
const LINES_A_TASK = 24;

/**
 * A long cart opens in one frame: the first screenful of lines at once, the rest after it, `LINES_A_TASK` a
 * task, each after a frame (the other 92 of a 100-line cart in one task made it a long task, 50 ms at 4× CPU:
 * issue 26). So does a cart that arrives while the drawer is open (it opened on the skeleton). Once all of a
 * cart's lines are shown, a line added, or back after it was taken out, shows at once. `all`: every line is
 * shown (the list says so in `data-shown`).
 */
export function useLinesByFrame(lines: LineItem[]): { shownLines: LineItem[]; all: boolean } {
  const [count, setCount] = useState(FIRST_LINES);
  const all = count >= lines.length;
  useEffect(() => {
    if (all) {
      if (lines.length && count !== Number.POSITIVE_INFINITY) setCount(Number.POSITIVE_INFINITY);
      return;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setCount((shown) => shown + LINES_A_TASK));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [count, all, lines.length]);
  return { shownLines: all ? lines : lines.slice(0, count), all };
}

/** What `lineElements` keeps and is told besides the drawer's props. */
export interface LineCache {
  /** Each line's element with its busy state, kept while they are the same. */
  made: WeakMap<LineItem, [boolean, ReactNode]>;
  /** The line an add on its way raised (busy until its answer). */
  raised?: string | undefined;
  /** Tells the drawer of a removal, for its Undo. */
  setRemoved: (line: LineItem) => void;
}

/**
 * The lines' elements. A line renders again only when it or its busy state changed: its element is kept in
 * `made`, and the same element is not rendered again (a change to 1 line of 100 renders 1).
 */
export function lineElements(
  lines: LineItem[],
  props: Props & { slice: CartSlice } & LineCache,
): ReactNode[] {
  const { slice, made, raised } = props;
  return lines.map((line) => {
    const pending = line.id === raised || Object.hasOwn(slice.pending, line.id as string);
    const kept = made.get(line);
    if (kept?.[0] === pending) return kept[1];
    const element = (
      <Line key={line.id} {...props} line={line} pending={pending} removed={props.setRemoved} />
    );
    made.set(line, [pending, element]);
    return element;
  });
}

/** Whether two pieces of the server's JSON are equal: the same primitives, arrays and objects throughout. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!a || !b || typeof a !== 'object' || typeof b !== 'object' || Array.isArray(a) !== Array.isArray(b))
    return false;
  const keys = Object.keys(a);
  return (
    keys.length === Object.keys(b).length &&
    keys.every((key) => sameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
  );
}

/**
 * The lines, each that equals the one shown before (by id) replaced by that one: the server's answer is a new
 * cart, every line a new object, and a line kept is a line not rendered again (`lineElements`).
 */
export function useLinesKept(lines: LineItem[]): LineItem[] {
  const shown = useRef(new Map<string | undefined, LineItem>());
  const kept = lines.map((line) => {
    const before = shown.current.get(line.id);
    return before && sameJson(before, line) ? before : line;
  });
  shown.current = new Map(kept.map((line) => [line.id, line]));
  return kept;
}
