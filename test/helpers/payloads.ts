import { expect } from 'vitest';

/**
 * Merchant HTML that tries to run script, load things, restyle the page or smuggle markup through the
 * parser. Each must come out inert: no element outside the allow-list, no attribute outside it, no link that
 * is not http(s), mailto or tel.
 */
export const PAYLOADS = [
  '<script>window.__pwned = 1</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<img src=x onerror="window.__pwned = 1">',
  '<p onclick="window.__pwned=1" onmouseover=alert(1)>click</p>',
  '<a href="javascript:window.__pwned=1">link</a>',
  '<a href=" JaVaScRiPt:alert(1)">spaces and case</a>',
  '<a href="java&#x09;script:alert(1)">tab entity</a>',
  '<a href="java\nscript:alert(1)">newline</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">entities</a>',
  '<a href="data:text/html,<script>alert(1)</script>">data</a>',
  '<a href="vbscript:msgbox(1)">vb</a>',
  '<a href="/relative/path">relative</a>',
  '<a href="https://shop.example/care" target="_blank" onclick="x()">care guide</a>',
  '<p style="position:fixed;inset:0;background:url(javascript:alert(1))">styled</p>',
  '<style>body{display:none} :host{background:red}</style><p>after style</p>',
  '<link rel="stylesheet" href="https://evil.example/x.css">',
  '<svg><script>window.__pwned=1</script><circle onload="window.__pwned=1"/></svg>',
  '<svg onload=alert(1)><a xlink:href="javascript:alert(1)"><text>svg link</text></a></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  '<math href="javascript:alert(1)">math</math>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">noscript</p></noscript>',
  '<template><img src=x onerror=alert(1)></template>',
  '<iframe src="javascript:alert(1)"></iframe><iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object><embed src="x.swf">',
  '<form action="javascript:alert(1)"><button formaction="javascript:alert(1)">go</button><input autofocus onfocus=alert(1)></form>',
  '<details open ontoggle=alert(1)><summary>s</summary></details>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<!--<img src=x onerror=alert(1)>-->',
  '<p id="nameId" class="x" data-x="1" aria-hidden="true" tabindex="0" part="card">attributes</p>',
  '<base href="javascript:alert(1)//">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<video src=x onerror=alert(1)><source onerror=alert(1)></video><audio src=x onerror=alert(1)></audio>',
  '<x-widget onclick="alert(1)"><p>custom element</p></x-widget>',
  '<table><tr><td colspan="2" onclick=x style="color:red">cell</td><td rowspan="999">big</td></tr></table>',
  '<ol start="3" type="a"><li>three</li></ol>',
  '<div dir="rtl" lang="he" title="ok">עברית</div>',
  `${'<div>'.repeat(200)}deep${'</div>'.repeat(200)}`,
];

export const ALLOWED_TAGS = new Set(
  'p br hr b strong i em u s del ins sub sup small mark span div ul ol li dl dt dd blockquote q cite abbr code pre h2 h3 h4 h5 h6 a table caption thead tbody tfoot tr th td'.split(
    ' ',
  ),
);
const ALLOWED_ATTRIBUTES = new Set(['dir', 'lang', 'title', 'href', 'rel', 'colspan', 'rowspan', 'start']);

/** Every element and attribute in a rendered tree is allowed, and every link is http(s), mailto or tel. */
export function expectInert(root: ParentNode, label: string) {
  for (const el of root.querySelectorAll('*')) {
    if (el.closest('[data-test-wrapper]') === el) continue;
    expect(ALLOWED_TAGS.has(el.localName), `${label}: <${el.localName}>`).toBe(true);
    for (const attribute of el.attributes) {
      // happy-dom shows the test build's JSX development props as attributes.
      if (attribute.name === '__self' || attribute.name === '__source') continue;
      expect(ALLOWED_ATTRIBUTES.has(attribute.name), `${label}: <${el.localName} ${attribute.name}>`).toBe(
        true,
      );
    }
    const href = el.getAttribute('href');
    if (href !== null) expect(href, label).toMatch(/^(https?:|mailto:|tel:)/);
  }
}
