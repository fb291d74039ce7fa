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
