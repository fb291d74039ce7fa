import { type KeyboardEvent, type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { type Entry, isList, type MenuProps, type View } from './menu-state';

/**
 * Typeahead on the start of any word of an item, not only its first: five items begin "My …" ("Meine …"),
 * so "o" reaches "My orders" and "b" "Meine Bestellungen". `list` starts after the item with the focus.
 */
const wordStartMatch = (list: Array<string | null>, typed: string) => {
  const wanted = typed.toLocaleLowerCase();
  return list.find((label) => {
    const text = label?.toLocaleLowerCase() ?? '';
    return text.startsWith(wanted) || text.includes(` ${wanted}`);
  });
};

/**
 * A press outside the panel and its button closes the menu and leaves the focus where the press put it;
 * Escape in the menu view closes it and gives the focus back to the button (in the other views, Escape goes back
 * to the view before instead: the panel's `onKey`, which stops it there). A press on
 * the button is the button's to handle (it closes the menu). The press is heard as it starts (capture), as
 * floating-ui's `useDismiss` does, so a page's handler that stops it does not keep the menu open.
 */
function useDismissal(
  anchor: HTMLElement,
  panel: RefObject<HTMLElement | null>,
  close: MenuProps['close'],
  escapeCloses: boolean,
) {
  const latest = useRef({ close, escapeCloses });
  latest.current = { close, escapeCloses };
  useEffect(() => {
    const doc = anchor.ownerDocument;
    const onPress = (event: Event) => {
      const path = event.composedPath();
      if (!path.includes(anchor) && !(panel.current && path.includes(panel.current)))
        latest.current.close(false);
    };
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape' && !event.isComposing && latest.current.escapeCloses)
        latest.current.close(true);
    };
    doc.addEventListener('pointerdown', onPress, true);
    doc.addEventListener('keydown', onKey);
    return () => {
      doc.removeEventListener('pointerdown', onPress, true);
      doc.removeEventListener('keydown', onKey);
    };
  }, [anchor, panel]);
}

/**
 * Whether the focus went on elsewhere on the page while the panel waited for its place (Tab, a press, a page's
 * script): the menu then closes and leaves it there, as when it leaves the shown menu.
 */
function focusWentOn(anchor: HTMLElement, focusedAtOpen: Element | null | undefined): boolean {
  const doc = anchor.ownerDocument;
  const root = anchor.getRootNode();
  const active = doc.activeElement;
  const moved = active !== focusedAtOpen && active !== doc.body;
  return !!active && moved && root instanceof ShadowRoot && active !== root.host;
}

/**
 * Where the focus goes in a list view: on the item that led to the view it came back from, else on its last
 * item (`last`) or its first but Back.
 */
const startIndex = (entries: Entry[], from: View | null, last: boolean) => {
  const back = entries.findIndex((entry) => entry.key === from);
  if (back >= 0) return back;
  return last ? entries.length - 1 : entries.findIndex((entry) => entry.key !== 'back');
};

/**
 * The items as a menu: arrow keys and typeahead move the focus in the list views (the menu and the account's
 * settings), Escape in the menu closes it.
 * The focus moves at once (floating-ui would move it in an animation frame, which a background tab may not
 * get): to the first or last item when the menu is shown; to the form's field in the form views; back in a
 * list, to the item that led away.
 */
export function useMenuList(
  anchor: HTMLElement,
  panel: RefObject<HTMLElement | null>,
  close: MenuProps['close'],
  entries: Entry[],
  focus: MenuProps['focus'],
  view: View,
  shown: boolean,
) {
  const inMenu = view === 'menu';
  const inList = isList(view);
  const [activeIndex, setActiveIndex] = useState<number | null>(focus === 'last' ? entries.length - 1 : 0);
  const listRef = useRef<Array<HTMLElement | null>>([]);
  const labelsRef = useRef<Array<string | null>>([]);
  labelsRef.current = entries.map((entry) => entry.label);
  // The focus moves during the key press, not a render later (floating-ui would focus it then), so a key
  // pressed right after, or a script reading the focus, finds the new item.
  // (Also kept as it is now, for keys pressed before the next render.)
  const active = useRef(activeIndex);
  const moveTo = (index: number | null) => {
    active.current = index;
    setActiveIndex(index);
    if (index !== null) listRef.current[index]?.focus();
  };
  // Escape in the other views goes back to the view before instead (the panel's `onKey`).
  useDismissal(anchor, panel, close, inMenu);
  const typed = useRef({ text: '', at: 0 });
  /**
   * The menu's keys (WAI-ARIA's menu pattern): ↓ and ↑ move round the items, Home and End to the ends, and a
   * typed letter (or a word, typed within 750 ms) to the next item whose label or one of its words starts so.
   */
  const onListKey = (event: KeyboardEvent) => {
    const count = entries.length;
    if (!inList || !count || event.ctrlKey || event.metaKey || event.altKey) return;
    const now = active.current ?? -1;
    const step = { ArrowDown: now + 1, ArrowUp: now - 1 + count, Home: 0, End: count - 1 }[event.key];
    if (step !== undefined) {
      event.preventDefault();
      moveTo(step % count);
    } else if (event.key.length === 1 && (event.key !== ' ' || typed.current.text)) {
      event.preventDefault();
      const fresh = event.timeStamp - typed.current.at > 750;
      const text = (fresh ? '' : typed.current.text) + event.key;
      typed.current = { text, at: event.timeStamp };
      // A letter typed again goes on to the next item with it; a longer word may stay on the item it is.
      const again = [...text].every((c) => c === text[0]);
      const from = now + (again ? 1 : 0);
      const labels = labelsRef.current;
      const order = labels.map((_, i) => (from + i) % count);
      const found = order.find((i) => wordStartMatch([labels[i] ?? null], again ? event.key : text));
      if (found !== undefined) moveTo(found);
    }
  };

  // The view shown before: back in a list, the focus goes to the item that led there (its key is its name).
  const cameFrom = useRef<View | null>(null);
  const placed = useRef(false);
  // What had the focus as the menu opened (its button, or a page's sign-in button that asked for it).
  const focusedAtOpen = useRef(globalThis.document?.activeElement);
  // Once the panel is shown (a hidden item takes no focus), and in the commit that shows it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the focus follows the view, nothing else
  useLayoutEffect(() => {
    if (!shown) return;
    if (!placed.current) {
      placed.current = true;
      if (focusWentOn(anchor, focusedAtOpen.current)) return close(false);
    }
    const from = cameFrom.current;
    cameFrom.current = view;
    if (inList) moveTo(startIndex(entries, from, focus === 'last' && inMenu));
    else {
      setActiveIndex(null);
      panel.current?.querySelector<HTMLElement>('input, button.danger')?.focus();
    }
  }, [view, shown]);
  return { onListKey, moveTo, entries, listRef };
}

export type MenuList = ReturnType<typeof useMenuList>;
