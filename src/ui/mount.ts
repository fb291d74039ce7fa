import { type ComponentChild, render } from 'preact';

const sheets = new Map<string, CSSStyleSheet>();

/** One constructed stylesheet per distinct CSS text, shared by every shadow root that uses it. */
function sheetFor(css: string): CSSStyleSheet {
  let sheet = sheets.get(css);
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    sheets.set(css, sheet);
  }
  return sheet;
}

/**
 * Renders a Preact tree into a shadow root with the widget's styles adopted (no `<style>` element, so a
 * strict Content-Security-Policy without `unsafe-inline` still applies them). Returns the unmount function.
 */
export function renderIntoShadow(root: ShadowRoot, tree: ComponentChild, css: string): () => void {
  const sheet = sheetFor(css);
  if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  render(tree, root);
  return () => render(null, root);
}

/**
 * Renders once the widget's texts are here (a language pack may be on its way); unmounting before then
 * renders nothing.
 */
export function renderWithTexts<T>(
  root: ShadowRoot,
  texts: Promise<T>,
  tree: (t: T) => ComponentChild,
  css: string,
): () => void {
  let unmount: (() => void) | undefined;
  let gone = false;
  void texts.then((t) => {
    if (!gone) unmount = renderIntoShadow(root, tree(t), css);
  });
  return () => {
    gone = true;
    unmount?.();
  };
}
