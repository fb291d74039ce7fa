import type { RefObject } from 'react';
import { useLayoutEffect, useRef } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The focused element, looking inside open shadow roots (a widget's button is inside one). */
export function deepActiveElement(doc: Document): Element | null {
  let active: Element | null = doc.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

function focusables(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) =>
      !el.hasAttribute('inert') &&
      (el.getClientRects().length > 0 || el === container.ownerDocument.activeElement),
  );
}

/** Keeps Tab and Shift+Tab inside an element: past its last focusable to its first, and back. */
export function keepTabInside(
  event: Pick<KeyboardEvent, 'shiftKey' | 'preventDefault'>,
  el: HTMLElement,
): void {
  const items = focusables(el);
  if (items.length === 0) {
    event.preventDefault();
    return;
  }
  const first = items[0] as HTMLElement;
  const last = items[items.length - 1] as HTMLElement;
  const active = (el.getRootNode() as ShadowRoot | Document).activeElement;
  if (event.shiftKey && (active === first || !el.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !el.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * A modal dialog's behaviour for an element inside a shadow root: focus moves in (to `initialFocus`, else the
 * first focusable), Tab and Shift+Tab stay inside, Escape closes, the page behind does not scroll, and focus
 * goes back to what had it (a host-page button, or a button in another widget) when the dialog goes away.
 */
export function useModalDialog(
  dialog: RefObject<HTMLElement | null>,
  options: { onClose: () => void; initialFocus?: RefObject<HTMLElement | null> },
): void {
  const onClose = useRef(options.onClose);
  onClose.current = options.onClose;
  // A layout effect: the keys and the focus are the dialog's from the frame it first shows in.
  // biome-ignore lint/correctness/useExhaustiveDependencies: set up once, when the dialog shows
  useLayoutEffect(() => {
    const el = dialog.current;
    if (!el) return;
    const doc = el.ownerDocument;
    const returnTo = deepActiveElement(doc) as HTMLElement | null;
    const root = doc.documentElement;
    const previousOverflow = root.style.overflow;
    const previousPadding = root.style.paddingInlineEnd;
    const scrollbar = (doc.defaultView?.innerWidth ?? 0) - root.clientWidth;
    root.style.overflow = 'hidden';
    if (scrollbar > 0) root.style.paddingInlineEnd = `${scrollbar}px`;
    (options.initialFocus?.current ?? focusables(el)[0] ?? el).focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        onClose.current();
        return;
      }
      if (event.key === 'Tab') keepTabInside(event, el);
    };
    // Focus that leaves the dialog some other way (a click on the page behind) is brought back.
    const onFocusIn = (event: FocusEvent) => {
      const target = event.composedPath()[0];
      if (
        target instanceof Node &&
        !el.contains(target) &&
        !(target instanceof Element && target.contains(el))
      ) {
        (focusables(el)[0] ?? el).focus();
      }
    };
    // On the document: an Escape or a Tab pressed before the focus has moved in still reaches the dialog.
    doc.addEventListener('keydown', onKeyDown);
    doc.addEventListener('focusin', onFocusIn);
    return () => {
      doc.removeEventListener('keydown', onKeyDown);
      doc.removeEventListener('focusin', onFocusIn);
      root.style.overflow = previousOverflow;
      root.style.paddingInlineEnd = previousPadding;
      if (returnTo?.isConnected) returnTo.focus();
    };
  }, []);
}
