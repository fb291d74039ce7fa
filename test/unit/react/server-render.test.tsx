// @vitest-environment node
/**
 * Products a server read, rendered on the server (issue 24): `<ProductGrid products>` and `<Product product>` put
 * the cards' markup (names, prices, the add button, in the provider's language) into the server's HTML in a
 * declarative shadow root with the widget's styles, where the browser attaches it as it parses the page. Real
 * React's streaming server renderer, 19 and 18 (the react18 project), in Node: no document.
 */
import { createElement, version } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Product as CatalogueProduct } from '../../../src/api/types/products';
import { Product, ProductGrid, StorefrontProvider } from '../../../src/react/index';
import { serverTextsLoaded } from '../../../src/react/server-products';
import { testSandbox } from '../../helpers/sandbox';
import { serverHtml as render, serverRead, shadowOf } from '../../helpers/server-render';
import { CHUNK_TIMEOUT_MS } from '../../helpers/widget';

/** The sandbox's catalogue, read as a server reads it. */
const catalogue = (limit: number) => serverRead(testSandbox().sandbox, limit);

const errors: unknown[] = [];
const serverHtml = (tree: React.ReactElement) => render(tree, errors);
// A server has every language's texts before its first page (server-render-cold.test.tsx: one that has not).
beforeAll(() => serverTextsLoaded, CHUNK_TIMEOUT_MS);
afterEach(() => {
  errors.length = 0;
  vi.restoreAllMocks();
});

describe(`server-rendered products on React ${version}`, () => {
  it('puts a grid’s cards in the server’s HTML: names, prices in the provider’s language, the add button, the count', async () => {
    const page = await catalogue(2);
    const console = vi.spyOn(globalThis.console, 'error');
    const html = await serverHtml(
      <StorefrontProvider clientId="demo-client" lang="de" currency="EUR">
        <ProductGrid
          pageSize={2}
          sort="name-asc"
          products={page.items}
          total={page.totalCount}
          className="shop-grid"
        />
      </StorefrontProvider>,
    );
    expect(html).toMatch(
      /^<sf-product-grid data-texts="ltr" class="shop-grid"><template shadowrootmode="open"><style>/,
    );
    const shadow = shadowOf(html, 'sf-product-grid');
    // Each product's own currency (the provider's is for prices the platform sends without one), German style.
    const formatted = (product: CatalogueProduct) =>
      new Intl.NumberFormat('de', { style: 'currency', currency: product.priceData?.currency ?? 'EUR' })
        .format(product.priceData?.discountedPrice ?? (product.priceData?.price as number))
        .replace(/\s/g, ' ');
    for (const product of page.items) {
      expect(shadow).toContain(`>${product.name}<`);
      expect(shadow.replace(/\s/g, ' ')).toContain(`>${formatted(product)}<`);
    }
    expect(shadow).toContain('In den Warenkorb');
    expect(shadow).toContain(`2 von ${page.totalCount}`);
    expect(shadow).toContain('part="load-more"');
    // The styles are the widget's, whole (a child selector's `>` is not escaped).
    const css = /<style>(.*?)<\/style>/s.exec(html)?.[1] ?? '';
    expect(css).toContain('>');
    expect(css).not.toContain('&gt;');
    // `auto`: the page's declared colour scheme until the browser reads the page (not the visitor's system).
    expect(css.endsWith(':host(:not([data-theme])) { color-scheme: inherit; }')).toBe(true);
    expect(errors).toEqual([]);
    expect(console).not.toHaveBeenCalled();
  });

  it('puts a product page in the server’s HTML, its description as text, with <Product product>', async () => {
    const page = await catalogue(10);
    const product = page.items.find((p) => p.description) as CatalogueProduct;
    const console = vi.spyOn(globalThis.console, 'error');
    const html = await serverHtml(
      <StorefrontProvider clientId="demo-client">
        <Product product={product} layout="page" />
      </StorefrontProvider>,
    );
    const shadow = shadowOf(html, 'sf-product');
    expect(shadow).toContain('class="product-page"');
    // The page's own parts, with their styles.
    expect(shadow).toMatch(/^<style>\/\* What only the product page shows/);
    expect(shadow).toContain('part="gallery"');
    expect(shadow).toMatch(new RegExp(`<h1[^>]*><bdi>${product.name}</bdi></h1>`));
    const words = (product.description ?? '')
      .replace(/<[^>]*>/g, ' ')
      .trim()
      .split(/\s+/)
      .slice(0, 3);
    for (const word of words) expect(shadow).toContain(word.replace(/&/g, '&amp;'));
    expect(errors).toEqual([]);
    // (React 18 warns of a layout effect in a server render.)
    expect(console).not.toHaveBeenCalled();
  });

  it('leaves out what is not a product, and says so; without products the element renders alone', async () => {
    const page = await catalogue(1);
    const console = vi.spyOn(globalThis.console, 'error').mockImplementation(() => {});
    const html = await serverHtml(
      <StorefrontProvider clientId="demo-client">
        <ProductGrid products={[{ name: 'No id' } as CatalogueProduct, ...page.items]} />
        <ProductGrid collection="summer" />
      </StorefrontProvider>,
    );
    expect(shadowOf(html, 'sf-product-grid')).toContain(`>${page.items[0]?.name}<`);
    expect(html).not.toContain('No id');
    expect(html).toContain('<sf-product-grid data-texts="ltr"></sf-product-grid>');
    expect(console).toHaveBeenCalledWith(
      "[storefront] <ProductGrid> products: 1 without an id left out (pass the catalogue's products as read)",
    );
  });
});
