import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { testSandbox } from '../../helpers/sandbox';

const demo = resolve(import.meta.dirname, '../../../demo');
// The script-tag pages; demo/react/ is a React app's source (built by Vite), checked in Chromium instead.
const pages = readdirSync(demo, { recursive: true, encoding: 'utf8' }).filter(
  (f) => f.endsWith('.html') && !f.split(/[\\/]/).includes('react'),
);

/** A page's document, without its stylesheet link (happy-dom would try to load it). */
const parse = (html: string) =>
  new DOMParser().parseFromString(html.replace(/<link rel="stylesheet"[^>]*>/g, ''), 'text/html');

/** Each `.swatch-<name>` class of the demo's stylesheet and the colour it shows (`--swatch: #RRGGBB`). */
const swatchColors = new Map(
  [
    ...readFileSync(resolve(demo, 'styles.css'), 'utf8').matchAll(
      /\.(swatch-[\w-]+)\s*\{\s*--swatch:\s*(#[0-9a-f]{6})\s*;/gi,
    ),
  ].map((m) => [m[1] as string, (m[2] as string).toUpperCase()]),
);

/**
 * The demo is static HTML a site builder pasted: its product ids and option names must be the sandbox's, its
 * pickers' values the choices' descriptions (what the cart expects, e.g. "Small", "Black"), and a colour
 * swatch must show its choice's value, the colour code.
 */
describe('the demo pages', () => {
  it.each(pages)('%s shows products, from the catalogue or written by hand', (page) => {
    const doc = parse(readFileSync(resolve(demo, page), 'utf8'));
    expect(doc.querySelectorAll('[data-sf-add-to-cart], sf-product, sf-product-grid').length).toBeGreaterThan(
      0,
    );
  });

  it.each(pages)(
    '%s names only products and collections the catalogue has, with their names in the fallback',
    async (page) => {
      const { call, sandbox } = testSandbox();
      const doc = parse(readFileSync(resolve(demo, page), 'utf8'));
      const admin = { headers: { authorization: 'sandbox-admin-key' } };
      for (const grid of doc.querySelectorAll('sf-product-grid[collection]')) {
        const slug = grid.getAttribute('collection') as string;
        expect((await call('GET', `/v2/collections/slug/${slug}`, admin)).status, `${page}: ${slug}`).toBe(
          200,
        );
      }
      const { json } = await call('GET', '/stores-reader/v1/products/query-platformized', admin);
      const names = (json.products as Array<{ name: string }>).map((p) => p.name);
      for (const item of doc.querySelectorAll('sf-product-grid li'))
        expect(names).toContain(item.textContent?.trim());
      for (const element of doc.querySelectorAll('sf-product')) {
        const slug = element.getAttribute('slug');
        const found = [...sandbox.context.state.products.values()].filter((p) => p.slug === slug);
        expect(found, `${page}: ${slug}`).toHaveLength(1);
        expect(element.textContent).toContain(found[0]?.name);
      }
    },
  );

  it.each(pages.filter((page) => readFileSync(resolve(demo, page), 'utf8').includes('data-sf-add-to-cart')))(
    '%s only names products and choices the sandbox sells on its hand-written buttons',
    async (page) => {
      const { call } = testSandbox();
      const doc = parse(readFileSync(resolve(demo, page), 'utf8'));
      const buttons = [...doc.querySelectorAll('[data-sf-add-to-cart]')];
      for (const button of buttons) {
        const id = button.getAttribute('data-sf-add-to-cart') as string;
        const { status, json } = await call('GET', `/stores-reader/v1/products/${id}`, {
          headers: { authorization: 'sandbox-admin-key' },
        });
        expect(status, `${page}: product ${id}`).toBe(200);
        const product = json.product as {
          name: string;
          productOptions?: Array<{ name: string; choices: Array<{ value: string; description: string }> }>;
        };
        const scope = button.closest('[data-sf-product]') as Element;
        expect(scope.textContent).toContain(product.name);
        const pickers = [...scope.querySelectorAll('[data-sf-option]')];
        const names = new Set(pickers.map((p) => p.getAttribute('data-sf-option')));
        expect([...names].sort(), `${page}: options of ${product.name}`).toEqual(
          (product.productOptions ?? []).map((o) => o.name).sort(),
        );
        for (const picker of pickers) {
          const option = product.productOptions?.find(
            (o) => o.name === picker.getAttribute('data-sf-option'),
          );
          const values =
            picker instanceof HTMLSelectElement
              ? [...picker.options].map((o) => o.value).filter(Boolean)
              : [(picker as HTMLInputElement).value];
          for (const value of values)
            expect(
              option?.choices.map((c) => c.description),
              `${page}: ${option?.name}`,
            ).toContain(value);
          const swatch = picker.closest('.swatch');
          if (swatch) {
            const name = [...swatch.classList].find((c) => c.startsWith('swatch-')) as string;
            const choice = option?.choices.find((c) => c.description === (picker as HTMLInputElement).value);
            expect(swatchColors.get(name), `${page}: .${name}`).toBe(choice?.value.toUpperCase());
          }
        }
      }
    },
  );

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
