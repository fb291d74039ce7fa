import {
  type CSSProperties,
  createElement,
  type ReactElement,
  type ReactNode,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import { textsDirection } from '../ui/i18n';
import { adoptStyles } from '../ui/styles';
import { useStorefrontContext } from './context';

/** Whether this render is a server's (no document): the server's markup is rendered, not the live widget. */
export const onServer = () => typeof document === 'undefined';

/** A layout effect in the browser (before it paints); nothing on a server, where React would warn of one. */
export const useClientLayoutEffect = onServer() ? useEffect : useLayoutEffect;

/**
 * A host element's theme: the provider's as its props alone say it (what the server rendered) until the element
 * has mounted, then the started storefront's (which has read the page's colour scheme). An element that hydrates
 * after the storefront started (in a boundary streamed in later) so matches the server's HTML, then changes.
 */
export function useHostTheme(component: string): 'light' | 'dark' | 'auto' {
  const { started, initial } = useStorefrontContext(component);
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted && started ? started.config.theme : initial.theme;
}

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
  texts?: 'ltr' | 'rtl',
) => ({
  'data-theme': theme && theme !== 'auto' ? theme : undefined,
  'data-texts': texts,
  ...(className ? { class: className } : {}),
  ...(style ? { style } : {}),
});

interface ShadowHostProps {
  tag: string;
  css: string;
  theme: 'light' | 'dark' | 'auto' | undefined;
  host: HostProps;
  /** The widget, once it can render (null before: the server's markup, if any, stays on show). */
  children: ReactNode;
  /** The widget's texts, once here (their direction is on the host: `data-texts`). */
  texts?: Record<string, string> | null;
  /**
   * On a server: the widget's markup, rendered into a declarative shadow root (`<template
   * shadowrootmode="open">`) with its styles, which the browser attaches as it parses the page.
   */
  server?: ReactNode;
}

/**
 * The element a widget lives in, with an open shadow root holding its styles: the app's CSS does not reach in
 * and the widget's does not leak out; `--sf-*` properties set on it or any ancestor style it, as do
 * `::part()` rules. Its content is rendered into the shadow root through a portal, so it stays in the app's
 * React tree.
 *
 * Server-rendered (`server`), the element comes with a declarative shadow root, which the browser's parser
 * attaches: the element itself has no children then, as in the client's first render, so hydration finds what
 * it renders. The server's markup stays until the widget renders in its place, in the same frame.
 */
export function ShadowHost(props: ShadowHostProps): ReactElement {
  return onServer() ? <ServerShadowHost {...props} /> : <ClientShadowHost {...props} />;
}

/**
 * Until the browser reads the page's colour scheme, `auto` follows the page's declared one (inherited: light on
 * a page that declares none), not the visitor's system: what the widget will do then, for most pages.
 */
const SERVER_SCHEME = '\n:host(:not([data-theme])) { color-scheme: inherit; }';

/**
 * Which way the widget's texts go (`data-texts` on the host, as the script tag's widgets have it), by the
 * provider's `lang` and `strings` and, once here, the texts themselves.
 */
const useHostTexts = (texts: Record<string, string> | null | undefined) =>
  textsDirection(useStorefrontContext('a widget').initial, texts);

function ServerShadowHost({ tag, css, theme, host, server, texts }: ShadowHostProps) {
  return createElement(
    tag,
    hostAttributes(theme, host, useHostTexts(texts)),
    server
      ? createElement(
          'template',
          { shadowrootmode: 'open' },
          // The widget's own CSS, a constant of this package (as HTML: React 18 would escape the `>` of a child
          // selector in a text child).
          // biome-ignore lint/security/noDangerouslySetInnerHtml: no outside text, the package's own styles
          createElement('style', { dangerouslySetInnerHTML: { __html: css + SERVER_SCHEME } }),
          server,
        )
      : null,
  );
}

/** The buttons of the server's markup whose press the widget makes again when it comes: they change nothing else. */
const REPLAYED = new Set(['add-button', 'load-more']);

/**
 * What the shopper did in the server's markup while the widget was on its way: nothing; a press of one of its
 * `REPLAYED` buttons (the `part`, and which of them); or something the widget cannot take over (a choice, a
 * quantity, another control), after which nothing is made again: the widget starts from its own state.
 */
type Pressed = null | { part: string; index: number } | 'changed';
/** The events that say what the shopper did in the server's markup. */
const HEARD = ['click', 'input', 'change'];

function ClientShadowHost({ tag, css, theme, host: hostProps, children, texts }: ShadowHostProps) {
  const host = useRef<HTMLElement>(null);
  const [root, setRoot] = useState<ShadowRoot | null>(null);
  /** What the server rendered in the declarative shadow root, until the widget takes its place. */
  const fromServer = useRef<ChildNode[]>([]);
  const pressed = useRef<Pressed>(null);
  const stopListening = useRef(() => {});
  useClientLayoutEffect(() => {
    const el = host.current;
    if (!el) return;
    if (el.shadowRoot && !root) fromServer.current = [...el.shadowRoot.childNodes];
    const shadow = el.shadowRoot ?? el.attachShadow({ mode: 'open' });
    adoptStyles(shadow, css);
    setRoot(shadow);
    if (!fromServer.current.length) return;
    const remember = (event: Event) => {
      const control = (event.target as Element).closest?.('button, input, select, label, a');
      if (!control || pressed.current === 'changed') return;
      const part = control.getAttribute('part') ?? '';
      pressed.current =
        event.type === 'click' && control.localName === 'button' && REPLAYED.has(part)
          ? { part, index: [...shadow.querySelectorAll(`[part="${part}"]`)].indexOf(control) }
          : 'changed';
    };
    for (const type of HEARD) shadow.addEventListener(type, remember, true);
    stopListening.current = () => {
      for (const type of HEARD) shadow.removeEventListener(type, remember, true);
    };
    return () => stopListening.current();
  }, [css]);
  const shown = root !== null && children != null;
  useClientLayoutEffect(() => {
    if (!shown || !root) return;
    for (const node of fromServer.current) node.remove();
    fromServer.current = [];
    stopListening.current();
    const press = pressed.current;
    pressed.current = null;
    if (!press || press === 'changed') return;
    // After this commit, on the same button of the widget (React's handlers run it as any press); an event
    // of the shadow root's only: the page's own listeners heard the first press already.
    queueMicrotask(() => {
      const button = root.querySelectorAll(`[part="${press.part}"]`)[press.index];
      if (button?.localName === 'button' && button.getAttribute('aria-disabled') !== 'true')
        button.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, composed: false }));
    });
  }, [shown]);
  return createElement(
    tag,
    { ref: host, ...hostAttributes(theme, hostProps, useHostTexts(texts)) },
    root ? createPortal(children, root) : null,
  );
}
