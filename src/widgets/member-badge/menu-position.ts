import { useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { loadOnce } from '../../chunks';
import { GAP_PX, type Place, VIEWPORT_PADDING_PX } from './menu-room';

/** The button's anchor name, for the panel's CSS (menu.css) in the shadow root they share. */
const ANCHOR = '--sf-menu-button';

/**
 * Whether the browser places the panel itself, by CSS anchor positioning (Chrome 125, Safari 26, Firefox 147):
 * the panel's CSS says where (menu.css, `[data-anchored]`), and floating-ui's code is never downloaded.
 */
const anchoredByCss = () =>
  typeof CSS !== 'undefined' &&
  CSS.supports('position-area', 'self-block-end span-self-inline-start') &&
  CSS.supports('position-try', '--a flip-block');

/**
 * Under the button, its end at the button's end (its start at the button's start when its end there would
 * leave the viewport); above it when it does not fit below and there is more room there; `VIEWPORT_PADDING_PX`
 * inside the viewport, and no taller than the room it has (it scrolls inside then). Kept there while the page
 * scrolls or resizes. The browser does it where it has CSS anchor positioning; elsewhere floating-ui does,
 * its code (`./menu-place.ts`) downloaded as the menu first opens (4.4 KB gzip: floating-ui's
 * `computePosition`, with a middleware of its own for these ways the menu moves).
 */
export function useMenuPosition(anchor: HTMLElement) {
  const panel = useRef<HTMLDivElement | null>(null);
  const [anchored] = useState(anchoredByCss);
  const [place, setPlace] = useState<Place | null>(null);
  useLayoutEffect(() => {
    const floating = panel.current;
    if (!floating) return;
    if (anchored) {
      anchor.style.setProperty('anchor-name', ANCHOR);
      return () => anchor.style.removeProperty('anchor-name');
    }
    let live = true;
    let stop: (() => void) | undefined;
    // Placed in a task of its own, right after the task of the render that made it (a 0 ms timer; until then
    // the panel is hidden): the layout floating-ui reads and the focus it lets move, with a first open's render
    // (its code run for the first time), made one task of over 80 ms at 4× CPU slowdown (issue 26).
    const timer = setTimeout(() =>
      placing().then(
        ({ follow }) => {
          // Committed at once, as the position it is measured for (a scroll's next frame may move it again).
          if (live) stop = follow(anchor, floating, (next) => live && flushSync(() => setPlace(next)));
        },
        (error: unknown) => console.error('[storefront] the member menu could not be placed:', error),
      ),
    );
    return () => {
      live = false;
      clearTimeout(timer);
      stop?.();
    };
  }, [anchor, anchored]);
  if (anchored) return { panel, anchored, isPositioned: true, style: undefined };
  // The panel scrolls inside itself within the room on the side chosen: below the button, down to the
  // viewport's bottom edge (in CSS, so it follows a resize at once); above it, up to the top edge.
  const maxHeight = place?.placement.startsWith('top')
    ? Math.max(0, anchor.getBoundingClientRect().top - GAP_PX - VIEWPORT_PADDING_PX)
    : `calc(100dvh - ${Math.round(place?.y ?? 0) + VIEWPORT_PADDING_PX}px)`;
  return {
    panel,
    anchored,
    isPositioned: place !== null,
    // `left`/`top`, not a transform: the panel's entrance animation moves it with a transform.
    style: {
      position: 'fixed' as const,
      left: place?.x ?? 0,
      top: place?.y ?? 0,
      maxHeight,
      visibility: place ? undefined : ('hidden' as const),
    },
  };
}

/** floating-ui's placement, downloaded once, by a browser without CSS anchor positioning. */
const placing = loadOnce(() => import('./menu-place'));
