import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RichText } from '../../../src/widgets/product/page';
import { type SafeNode, sanitizeHtml } from '../../../src/widgets/product/sanitize';
import { ALLOWED_TAGS, expectInert, PAYLOADS } from '../../helpers/payloads';
import { settle } from '../../helpers/widget';

const walk = (nodes: SafeNode[]): Array<Exclude<SafeNode, string>> =>
  nodes.flatMap((node) => (typeof node === 'string' ? [] : [node, ...walk(node.children)]));

let host: HTMLElement | undefined;
afterEach(() => host?.remove());

async function rendered(html: string): Promise<ShadowRoot> {
  host = document.createElement('div');
  document.body.append(host);
  const root = host.attachShadow({ mode: 'open' });
  createRoot(root).render(<RichText html={html} part="description" />);
  await settle();
  return root;
}

describe('the description sanitiser', () => {
  it.each(PAYLOADS.map((payload) => [payload.length > 90 ? `${payload.slice(0, 90)}…` : payload, payload]))(
    'keeps only allowed tags, attributes and links: %s',
    async (_, payload) => {
      const nodes = sanitizeHtml(payload);
      for (const node of walk(nodes)) {
        expect(ALLOWED_TAGS.has(node.tag), node.tag).toBe(true);
        for (const name of Object.keys(node.attrs))
          expect(['dir', 'lang', 'title', 'href', 'rel', 'colSpan', 'rowSpan', 'start']).toContain(name);
      }
      const root = await rendered(payload);
      const div = root.querySelector('[part="description"]');
      if (div) div.setAttribute('data-test-wrapper', '');
      expectInert(root, payload);
      expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
    },
  );

  it('keeps the merchant’s text and formatting, links with rel, and safe table and list attributes', async () => {
    const root = await rendered(
      '<h1>Care</h1><p>Soft <strong>organic</strong> <em>cotton</em>.<br>Wash cold.</p><ul><li>One</li><li>Two</li></ul>' +
        '<p><a href="https://shop.example/care" target="_blank" onclick="x()">care guide</a> or <a href="mailto:help@shop.example">mail us</a></p>' +
        '<table><tr><td colspan="2">cell</td></tr></table><ol start="3"><li>three</li></ol>',
    );
    expect(root.querySelector('h2')?.textContent).toBe('Care');
    expect(root.querySelector('h1')).toBeNull();
    expect(root.querySelector('strong')?.textContent).toBe('organic');
    expect(root.querySelectorAll('li')).toHaveLength(3);
    expect(root.querySelector('br')).not.toBeNull();
    const link = root.querySelector('a');
    expect(link?.getAttribute('href')).toBe('https://shop.example/care');
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(link?.hasAttribute('target')).toBe(false);
    expect(link?.hasAttribute('onclick')).toBe(false);
    expect(root.querySelectorAll('a')[1]?.getAttribute('href')).toBe('mailto:help@shop.example');
    expect(root.querySelector('td')?.getAttribute('colspan')).toBe('2');
    expect(root.querySelector('ol')?.getAttribute('start')).toBe('3');
  });

  it('drops active and raw-text content with what is inside, unwraps unknown tags, and shows code as nothing', () => {
    expect(sanitizeHtml('<script>alert(1)</script>ok')).toEqual(['ok']);
    expect(sanitizeHtml('<style>p{}</style><p>x</p>')).toEqual([{ tag: 'p', attrs: {}, children: ['x'] }]);
    expect(sanitizeHtml('<svg><text>in svg</text></svg><math><mi>x</mi></math>')).toEqual([]);
    expect(sanitizeHtml('<font color="red"><b>bold</b></font>')).toEqual([
      { tag: 'b', attrs: {}, children: ['bold'] },
    ]);
    expect(sanitizeHtml('<a href="javascript:alert(1)">x</a>')).toEqual([
      { tag: 'a', attrs: {}, children: ['x'] },
    ]);
    expect(sanitizeHtml('<!-- a comment -->')).toEqual([]);
    expect(sanitizeHtml(undefined)).toEqual([]);
    expect(sanitizeHtml('   ')).toEqual([]);
  });

  it('keeps only the text below a very deep nesting (no stack exhaustion)', () => {
    const nodes = sanitizeHtml(`${'<span>'.repeat(5000)}bottom${'</span>'.repeat(5000)}`);
    const depth = (list: SafeNode[]): number =>
      Math.max(0, ...list.map((n) => (typeof n === 'string' ? 0 : 1 + depth(n.children))));
    expect(depth(nodes)).toBeLessThanOrEqual(41);
    expect(JSON.stringify(nodes)).toContain('bottom');
  });

  it('gives the text, read, where no HTML parser can be had (a server; a page enforcing Trusted Types)', () => {
    const createElement = vi.spyOn(document, 'createElement').mockImplementation(() => {
      throw new TypeError('This document requires TrustedHTML assignment');
    });
    try {
      expect(
        sanitizeHtml(
          '<p>Salt &amp; Pepper</p><script>steal()</script><style>p{}</style><p>2&nbsp;kg &lt;3</p>',
        ),
      ).toEqual(['Salt & Pepper 2\u00a0kg <3']);
    } finally {
      createElement.mockRestore();
    }
  });
});
