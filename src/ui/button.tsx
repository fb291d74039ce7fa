import { type ButtonHTMLAttributes, createElement } from 'react';

/**
 * A button that keeps the focus while it cannot act: `aria-disabled`, not `disabled` (a disabled button drops
 * the focus to the page, and a keyboard user's place with it). A press while blocked does nothing, a form's
 * submission included.
 */
export function Button({
  blocked,
  onClick,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { blocked?: boolean | undefined }) {
  return (
    <button
      type="button"
      {...props}
      aria-disabled={blocked || undefined}
      onClick={(event) => (blocked ? event.preventDefault() : onClick?.call(event.currentTarget, event))}
    />
  );
}
