import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { testSandbox } from '../../helpers/sandbox';

const demo = resolve(import.meta.dirname, '../../../demo');
const pages = readdirSync(demo, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.html'));

/** A page's document, without its stylesheet link (happy-dom would try to load it). */
const parse = (html: string) =>
  new DOMParser().parseFromString(html.replace(/<link rel="stylesheet"[^>]*>/g, ''), 'text/html');

/** The demo is static HTML a site builder pasted: its product ids and option values must be the sandbox's. */
describe('the demo pages', () => {
  it.each(pages)('%s only names products and choices the sandbox sells', async (page) => {
    const { call } = testSandbox();
    const doc = parse(readFileSync(resolve(demo, page), 'utf8'));
    const buttons = [...doc.querySelectorAll('[data-sf-add-to-cart]')];
    expect(buttons.length).toBeGreaterThan(0);
    for (const button of buttons) {
      const id = button.getAttribute('data-sf-add-to-cart') as string;
      const { status, json } = await call('GET', `/stores-reader/v1/products/${id}`, {
        headers: { authorization: 'sandbox-admin-key' },
      });
      expect(status, `${page}: product ${id}`).toBe(200);
      const product = json.product as {
        name: string;
        productOptions?: Array<{ name: string; choices: Array<{ value: string }> }>;
      };
      const scope = button.closest('[data-sf-product]') as Element;
      expect(scope.textContent).toContain(product.name);
      const pickers = [...scope.querySelectorAll('[data-sf-option]')];
      const names = new Set(pickers.map((p) => p.getAttribute('data-sf-option')));
      expect([...names].sort(), `${page}: options of ${product.name}`).toEqual(
        (product.productOptions ?? []).map((o) => o.name).sort(),
      );
      for (const picker of pickers) {
        const option = product.productOptions?.find((o) => o.name === picker.getAttribute('data-sf-option'));
        const values =
          picker instanceof HTMLSelectElement
            ? [...picker.options].map((o) => o.value).filter(Boolean)
            : [(picker as HTMLInputElement).value];
        for (const value of values) expect(option?.choices.map((c) => c.value)).toContain(value);
      }
    }
  });

  it.each(pages)('%s loads the bundle from one script tag only, with no inline script or style', (page) => {
    const html = readFileSync(resolve(demo, page), 'utf8');
    const doc = parse(html);
    const scripts = [...doc.querySelectorAll('script')];
    expect(scripts.map((s) => s.getAttribute('src'))).toEqual(['http://localhost:4000/cdn/embed.js']);
    expect(scripts[0]?.getAttribute('data-client-id')).toBe('demo-client');
    expect(doc.querySelectorAll('style, [style]').length).toBe(0);
    expect(html).not.toMatch(/\son[a-z]+=/i);
  });
});
