import { createElement, type ReactNode, type RefObject, useLayoutEffect, useRef } from 'react';

const TABBABLE =
  'a[href],button:not([disabled]),input:not([disabled]):not([type="hidden"]),select:not([disabled]),textarea:not([disabled]),[tabindex]:not([tabindex="-1"])';

/** The focused element, looking inside open shadow roots (a widget's button is inside one). */
function deepActiveElement(doc: Document): Element | null {
  let active = doc.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

/** Whether `node` is `el` or inside it, shadow roots included. */
function within(el: Element, node: Node | null): boolean {
  for (let at = node; at; at = at.parentNode ?? (at as ShadowRoot).host ?? null) if (at === el) return true;
  return false;
}

/** The first element Tab reaches in `root`, looking into the open shadow roots of elements on the way. */
export function firstTabbable(root: Element | ShadowRoot): HTMLElement | null {
  for (const el of root.querySelectorAll<HTMLElement>('*')) {
    if (el.matches(TABBABLE) && !el.closest('[inert],[hidden]')) return el;
    const inner = el.shadowRoot && firstTabbable(el.shadowRoot);
    if (inner) return inner;
  }
  return null;
}

/**
 * Shows a rendered `<dialog>` as the modal dialog (`ModalDialog`): the page behind still, the focus inside, its
 * close requests to `close`. Returns how to take it away, the focus given back.
 */
function showDialog(
  el: HTMLDialogElement,
  initialFocus: HTMLElement | null,
  close: RefObject<() => void>,
): () => void {
  const doc = el.ownerDocument;
  const root = doc.documentElement;
  const returnTo = deepActiveElement(doc) as HTMLElement | null;
  const previousOverflow = root.style.overflow;
  const previousPadding = root.style.paddingInlineEnd;
  const scrollbar = (doc.defaultView?.innerWidth ?? 0) - root.clientWidth;
  root.style.overflow = 'hidden';
  if (scrollbar > 0) root.style.paddingInlineEnd = `${scrollbar}px`;
  if (!el.open) el.showModal();
  (initialFocus ?? firstTabbable(el) ?? el).focus();

  // Escape (or another close request): the store decides, so the browser's own close is cancelled.
  const onCancel = (event: Event) => {
    event.preventDefault();
    close.current();
  };
  // The browser closed it anyway (a cancel it would not let be cancelled twice in a row): tell the owner.
  // A `close` event comes a task after its `close()`: one that finds the dialog open again is the event of
  // this dialog's own cleanup, run and followed by showing it again (React's StrictMode, a re-shown
  // Activity), not a close.
  const onClosed = () => {
    if (!el.open) close.current();
  };
  // The focused element was removed (a view changed): the focus stays in the dialog, not on the page.
  const keepFocus = new MutationObserver(() => {
    const active = deepActiveElement(doc);
    if (!active || active === doc.body) el.focus();
  });
  el.addEventListener('cancel', onCancel);
  el.addEventListener('close', onClosed);
  keepFocus.observe(el, { childList: true, subtree: true });
  return () => {
    el.removeEventListener('cancel', onCancel);
    el.removeEventListener('close', onClosed);
    keepFocus.disconnect();
    el.close();
    root.style.overflow = previousOverflow;
    root.style.paddingInlineEnd = previousPadding;
    const active = deepActiveElement(doc);
    if (returnTo?.isConnected && (!active || active === doc.body || within(el, active))) returnTo.focus();
  };
}

/** Shown dialogs whose effect was cleaned up in this task, and how to take each away unless it runs again. */
const leaving = new WeakMap<HTMLDialogElement, () => void>();

export interface ModalDialogProps {
  /** The id of the element that names the dialog: its title. */
  labelledBy: string;
  /**
   * The person asks to close it (Escape or another close request, a press outside its box). The dialog is
   * open while it is rendered: the owner (the store) closes it by not rendering it any more.
   */
  onClose(): void;
  /** Where the focus goes when it opens; else the first element Tab reaches, else the dialog. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** The class and `::part()` name of the dialog element, which fills the viewport (`overlay`). */
  className?: string;
  part?: string;
  /** The box inside: a centred modal (`part="modal"`), a side drawer (`part="drawer"`). */
  children: ReactNode;
}

/**
 * A modal dialog on the browser's `<dialog>` and `showModal()`: in the top layer (no z-index to win), with the
 * page behind inert for the keyboard, the pointer and screen readers. It fills the viewport, so its box is
 * laid out by its children's CSS and a press outside the box is a press on the dialog; the dimmed page is its
 * `::backdrop` (`--sf-color-backdrop`, `src/ui/modal-dialog.css`). Escape closes through `onClose`, the page
 * does not scroll behind it, and when it goes the focus goes back to what had it (a host-page button, or a
 * button inside another widget's shadow root): the browser does that on `close()`, and this does it where the
 * browser did not. Focus left on nothing (its focused element removed) is brought back to the dialog.
 *
 * @example
 * {open ? (
 *   <ModalDialog labelledBy={titleId} onClose={close} initialFocus={firstField} className="overlay" part="overlay">
 *     <div className="modal" part="modal">…</div>
 *   </ModalDialog>
 * ) : null}
 */
export function ModalDialog({
  labelledBy,
  onClose,
  initialFocus,
  className,
  part,
  children,
}: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const close = useRef(onClose);
  close.current = onClose;
  // Opened in a task of its own, right after the task of the render that made it (a 0 ms timer; until then
  // the closed dialog is not shown at all): showModal() makes the page behind inert and the scroll lock lays
  // the page out again, both forced at once by the focus, and with the render's own work that was one task of
  // over 100 ms at 4× CPU slowdown (a trace of a new visitor's first add: about half render, half style and
  // layout). Split, the browser can take an input between the two. It takes the keys from the frame it shows
  // in, as before.
  // An effect cleaned up and run again at once (React 18's StrictMode does it after the passive effects, which
  // may come after the timer that showed it): the dialog stays shown, not closed and shown again (its `close`
  // event would find it closed: a close no one asked for). A real unmount closes it at the end of the task.
  // biome-ignore lint/correctness/useExhaustiveDependencies: opened once, when it is rendered
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    let shown = leaving.get(el);
    leaving.delete(el);
    const timer = shown
      ? undefined
      : setTimeout(() => {
          shown = showDialog(el, initialFocus?.current ?? null, close);
        });
    return () => {
      clearTimeout(timer);
      const hide = shown;
      if (!hide) return;
      leaving.set(el, hide);
      queueMicrotask(() => {
        if (leaving.get(el) !== hide) return;
        leaving.delete(el);
        hide();
      });
    };
  }, []);
  return (
    // A press on the dialog itself is a press outside its box.
    <dialog
      ref={ref}
      className={className ? `sf-modal ${className}` : 'sf-modal'}
      part={part}
      aria-labelledby={labelledBy}
      tabIndex={-1}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) close.current();
      }}
    >
      {children}
    </dialog>
  );
}
