import { computePosition, type Middleware, type Placement } from '@floating-ui/react';
import { GAP_PX, type Place, VIEWPORT_PADDING_PX } from './menu-room';

/**
 * The member menu's place by floating-ui, for a browser without CSS anchor positioning (menu.tsx: the others
 * place it by its CSS, menu.css, and never download this).
 */

/** A length on the device's pixel grid (as floating-ui's `useFloating` places it, so text stays crisp). */
const onPixels = (element: Element, value: number) => {
  const ratio = element.ownerDocument.defaultView?.devicePixelRatio || 1;
  return Math.round(value * ratio) / ratio;
};

/**
 * The panel's place from floating-ui's start (its end at the button's end, under it): above the button instead
 * when it does not fit below and there is more room above; its start at the button's start instead when its end
 * there would leave the viewport and its start there would not; `GAP_PX` from the button; then moved along the
 * button to stay `VIEWPORT_PADDING_PX` inside the viewport. floating-ui's `flip`, `offset` and `shift` for the
 * ways this menu moves, in one middleware: 1.2 KB gzip less than theirs.
 */
const placed: Middleware = {
  name: 'placed',
  fn({ x, y, rects: { reference, floating }, placement, elements }) {
    const { clientWidth, clientHeight } = elements.floating.ownerDocument.documentElement;
    const [side, align] = placement.split('-');
    const below = clientHeight - VIEWPORT_PADDING_PX - (reference.y + reference.height + GAP_PX);
    const above = reference.y - GAP_PX - VIEWPORT_PADDING_PX;
    const max = clientWidth - VIEWPORT_PADDING_PX - floating.width;
    if (side === 'bottom' && floating.height > below && above > below)
      return { reset: { placement: `top-${align}` as Placement } };
    // (The start, where the end leaves the viewport: the left of the button's in a left-to-right page.)
    const start = x === reference.x ? reference.x + reference.width - floating.width : reference.x;
    if (
      align === 'end' &&
      (x < VIEWPORT_PADDING_PX || x > max) &&
      start >= VIEWPORT_PADDING_PX &&
      start <= max
    )
      return { reset: { placement: `${side}-start` as Placement } };
    return {
      x: Math.max(VIEWPORT_PADDING_PX, Math.min(x, max)),
      y: side === 'top' ? y - GAP_PX : y + GAP_PX,
    };
  },
};

/**
 * Calls `update` now and whenever the panel's place may have changed: the page or any of its boxes scrolled,
 * the window resized, the button or the panel changed size (floating-ui's `autoUpdate` but for a layout shift
 * of the button without a scroll or a resize, which a header's badge does not have: 0.7 KB gzip less).
 */
function watch(anchor: HTMLElement, panel: HTMLElement, update: () => void): () => void {
  const view = anchor.ownerDocument.defaultView;
  const sizes = typeof ResizeObserver === 'function' ? new ResizeObserver(update) : null;
  sizes?.observe(anchor);
  sizes?.observe(panel);
  view?.addEventListener('scroll', update, { capture: true, passive: true });
  view?.addEventListener('resize', update);
  update();
  return () => {
    sizes?.disconnect();
    view?.removeEventListener('scroll', update, { capture: true });
    view?.removeEventListener('resize', update);
  };
}

/**
 * Places the panel now and whenever its place may have changed, telling `place` each new place (on the
 * device's pixels); returns the end of following.
 */
export function follow(anchor: HTMLElement, floating: HTMLElement, place: (next: Place) => void): () => void {
  let last: Place | undefined;
  const update = () =>
    void computePosition(anchor, floating, {
      placement: 'bottom-end',
      strategy: 'fixed',
      middleware: [placed],
    }).then(({ x, y, placement }) => {
      const next = { x: onPixels(floating, x), y: onPixels(floating, y), placement };
      if (last && last.x === next.x && last.y === next.y && last.placement === next.placement) return;
      last = next;
      place(next);
    });
  return watch(anchor, floating, update);
}
