const sheets = new Map<string, CSSStyleSheet>();

/**
 * Adopts a widget's CSS into its shadow root: one constructed stylesheet per distinct CSS text, shared by
 * every root that uses it (no `<style>` element, so a strict Content-Security-Policy without
 * `unsafe-inline` still applies it).
 */
export function adoptStyles(root: ShadowRoot, css: string): void {
  let sheet = sheets.get(css);
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    sheets.set(css, sheet);
  }
  if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}
