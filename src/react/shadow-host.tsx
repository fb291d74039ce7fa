import { type CSSProperties, createElement, type ReactNode, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { adoptStyles } from '../ui/styles';

/** The host element's own props, on every component that renders one (`<sf-cart-drawer>`, `<sf-product>`, …). */
export interface HostProps {
  /**
   * Classes of the host element, in the app's DOM: for its layout, and for `--sf-*` custom properties set by
   * the app's CSS. The widget inside is in its shadow root, which the app's selectors do not reach (style it
   * with `--sf-*` properties and `::part()`).
   */
  className?: string;
  /** Inline styles of the host element (`{ '--sf-color-accent': '#b5402a' }` works too). */
  style?: CSSProperties;
}

/**
 * The host element's attributes: its theme, and the app's class and style. (`class`, not `className`: React 18
 * sets a custom element's `className` as an attribute of that name; `class` is the attribute on 18 and 19.)
 */
export const hostAttributes = (
  theme: 'light' | 'dark' | 'auto' | undefined,
  { className, style }: HostProps,
) => ({
  'data-theme': theme && theme !== 'auto' ? theme : undefined,
  ...(className ? { class: className } : {}),
  ...(style ? { style } : {}),
});

/**
 * The element a widget lives in, with an open shadow root holding its styles: the app's CSS does not reach in
 * and the widget's does not leak out; `--sf-*` properties set on it or any ancestor style it, as do
 * `::part()` rules. Its content is rendered into the shadow root through a portal, so it stays in the app's
 * React tree.
 */
export function ShadowHost({
  tag,
  css,
  theme,
  host: hostProps,
  children,
}: {
  tag: string;
  css: string;
  theme: 'light' | 'dark' | 'auto' | undefined;
  host: HostProps;
  children: ReactNode;
}) {
  const host = useRef<HTMLElement>(null);
  const [root, setRoot] = useState<ShadowRoot | null>(null);
  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const shadow = el.shadowRoot ?? el.attachShadow({ mode: 'open' });
    adoptStyles(shadow, css);
    setRoot(shadow);
  }, [css]);
  return createElement(
    tag,
    { ref: host, ...hostAttributes(theme, hostProps) },
    root ? createPortal(children, root) : null,
  );
}
