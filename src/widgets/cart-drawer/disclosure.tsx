import { createElement, type ReactNode } from 'react';

/**
 * A disclosure's button ("Add a coupon code", "Change"): it shows or hides the region it controls
 * (`aria-controls`), and says which (`aria-expanded`); a chevron points down while it is closed.
 */
export function Toggle({
  open,
  controls,
  onToggle,
  part,
  describedBy,
  children,
}: {
  open: boolean;
  controls: string;
  onToggle: () => void;
  part: string;
  describedBy?: string | undefined;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className="toggle"
      part={part}
      aria-expanded={open ? 'true' : 'false'}
      aria-controls={controls}
      aria-describedby={describedBy}
      onClick={onToggle}
    >
      {children}
      <span className="chevron" aria-hidden="true" />
    </button>
  );
}

/**
 * Gives the focus to a part's first button (its toggle, or Remove) when it is nowhere (the page, the dialog
 * itself), or in what is `leaving`: what had it was taken away (a button replaced, a form closed), and a keyboard
 * user would otherwise start again from the top of the drawer.
 */
export function keepFocus(part: HTMLElement | null, leaving?: Element | null) {
  if (!part) return;
  const active = (part.getRootNode() as Document | ShadowRoot).activeElement;
  if (!active?.isConnected || active === part.closest('dialog') || active === part.ownerDocument.body)
    part.querySelector('button')?.focus();
  else if (leaving?.contains(active)) part.querySelector('button')?.focus();
}
