/**
 * Merchant HTML (a product's description, its additional info sections) made safe to show: an allow-list of
 * text-level and block tags and a few attributes; everything else is dropped. The result is a tree of plain
 * data that the view renders with `createElement` (text as text), never HTML handed back to a parser, so no
 * serialise-and-parse-again trick (mutation XSS) can turn it into something else.
 */

/** A node of sanitised HTML: text, or an allowed element with allowed attributes (React's names). */
export type SafeNode = string | SafeElement;
export interface SafeElement {
  tag: string;
  attrs: Record<string, string>;
  children: SafeNode[];
}

/** The tags kept as they are (a merchant's `<h1>` becomes an `<h2>`: the page has its own). */
const KEEP = new Set(
  'p br hr b strong i em u s del ins sub sup small mark span div ul ol li dl dt dd blockquote q cite abbr code pre h2 h3 h4 h5 h6 a table caption thead tbody tfoot tr th td'.split(
    ' ',
  ),
);
/**
 * The tags dropped with everything inside: active content, embedded documents, forms, media (the product's
 * own media is the gallery), and raw-text elements whose text is code. Any other tag (`<font>`, `<section>`,
 * a custom element) is unwrapped: its children are kept, each checked on its own.
 */
const DROP = new Set(
  'script style template noscript iframe frame frameset object embed applet svg math textarea select option optgroup button input form label title head meta link base audio video canvas picture source track img image map area xmp plaintext noembed noframes dialog slot param'.split(
    ' ',
  ),
);
/** The entities read in the text of HTML no parser could take (`sanitizeHtml`'s fallback). */
const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  '#39': "'",
  nbsp: '\u00a0',
};

/** Nesting deeper than this keeps only the text (a bottomless page cannot exhaust the stack). */
const MAX_DEPTH = 40;
const LINK_SCHEMES = new Set(['http:', 'https:', 'mailto:', 'tel:']);

/** An absolute http(s), mailto or tel link, as the URL parser reads it (tabs and newlines inside dropped). */
function safeHref(value: string): string | undefined {
  try {
    const url = new URL(value);
    return LINK_SCHEMES.has(url.protocol) ? url.href : undefined;
  } catch {
    return undefined;
  }
}

function attributesOf(element: Element, tag: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  const get = (name: string) => element.getAttribute(name)?.trim() ?? '';
  const dir = get('dir').toLowerCase();
  if (dir === 'ltr' || dir === 'rtl' || dir === 'auto') attrs.dir = dir;
  const lang = get('lang');
  if (/^[a-z]{2,3}(-[a-z0-9]{1,8})*$/i.test(lang)) attrs.lang = lang;
  const title = get('title');
  if (title) attrs.title = title;
  if (tag === 'a') {
    const href = safeHref(get('href'));
    if (href) {
      attrs.href = href;
      attrs.rel = 'noopener noreferrer nofollow';
    }
  }
  if (tag === 'td' || tag === 'th') {
    for (const [name, prop] of [
      ['colspan', 'colSpan'],
      ['rowspan', 'rowSpan'],
    ] as const) {
      if (/^[1-9]\d?$/.test(get(name))) attrs[prop] = get(name);
    }
  }
  if (tag === 'ol' && /^-?\d{1,6}$/.test(get('start'))) attrs.start = get('start');
  return attrs;
}

/** The text below an element, without what dropped elements hold, walked without recursion. */
function deepText(element: Element): string {
  const walker = element.ownerDocument.createTreeWalker(element, 5 /* elements and text */, {
    acceptNode: (node) => (node.nodeType === 1 && DROP.has((node as Element).localName) ? 2 : 1),
  });
  let text = '';
  for (let node = walker.nextNode(); node; node = walker.nextNode())
    if (node.nodeType === 3) text += (node as Text).data;
  return text;
}

function clean(parent: ParentNode, depth: number): SafeNode[] {
  const out: SafeNode[] = [];
  for (const node of parent.childNodes) {
    if (node.nodeType === 3) {
      const text = (node as Text).data;
      if (text) out.push(text);
      continue;
    }
    if (node.nodeType !== 1) continue; // comments, processing instructions
    const element = node as Element;
    const name = element.localName.toLowerCase();
    // Only HTML elements: anything from SVG or MathML namespaces (already dropped at their root) goes too.
    if (DROP.has(name) || element.namespaceURI !== 'http://www.w3.org/1999/xhtml') continue;
    if (depth >= MAX_DEPTH) {
      const text = deepText(element);
      if (text) out.push(text);
      continue;
    }
    const tag = name === 'h1' ? 'h2' : name;
    const children = clean(element, depth + 1);
    if (KEEP.has(tag)) out.push({ tag, attrs: attributesOf(element, tag), children });
    else out.push(...children);
  }
  return out;
}

/**
 * Parses merchant HTML into an inert `<template>` (its content belongs to a document without a browsing
 * context: no script runs, nothing loads) and keeps what the allow-list allows.
 *
 * @example
 * sanitizeHtml('<p onclick="x()">Soft <b>cotton</b><script>steal()</script></p>');
 * // [{ tag: 'p', attrs: {}, children: ['Soft ', { tag: 'b', attrs: {}, children: ['cotton'] }] }]
 */
export function sanitizeHtml(html: string | undefined): SafeNode[] {
  if (!html?.trim()) return [];
  let template: HTMLTemplateElement;
  try {
    template = document.createElement('template');
    template.innerHTML = html;
  } catch {
    // A page that enforces Trusted Types refuses HTML from a string (and a server has no document): the text,
    // without its tags (nor what a script or style holds), its few usual entities read, then.
    return [
      html
        .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, '')
        .replace(/<[^>]*>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim()
        .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name] as string),
    ];
  }
  return clean(template.content, 0);
}
