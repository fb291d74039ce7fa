// @vitest-environment node
/**
 * A server render in the first moments of a server, before the product texts have loaded from its disk
 * (held back here): `renderToString`, which cannot wait, renders the element with an empty declarative shadow
 * root (the browser then renders the widget) instead of failing the page; once the texts are here, it renders
 * the cards. React 19 and 18 (the react18 project).
 */
import { createElement, version } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Product as CatalogueProduct } from '../../../src/api/types/products';
import { ProductGrid, StorefrontProvider } from '../../../src/react/index';
import { serverTextsLoaded } from '../../../src/react/server-products';
import { CHUNK_TIMEOUT_MS } from '../../helpers/widget';

/** The product texts' packs, held until the test lets them load. */
const held = vi.hoisted(() => {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { released, release };
});

vi.mock('../../../src/widgets/product/strings', async (original) => {
  const actual = await original<typeof import('../../../src/widgets/product/strings')>();
  return { ...actual, productPack: (lang: string) => held.released.then(() => actual.productPack(lang)) };
});

const mug: CatalogueProduct = {
  id: 'dace0cad-7e1d-4340-ac45-39a68ab5e3c8',
  name: 'Stoneware Mug',
  slug: 'stoneware-mug',
  priceData: { currency: 'USD', price: 18 },
  stock: { inStock: true },
};

describe(`a server render before the texts have loaded, on React ${version}`, () => {
  it('gives renderToString the element with an empty shadow root, not a failed page; the cards once they are here', async () => {
    const { renderToString } = await import('react-dom/server');
    const tree = (
      <StorefrontProvider clientId="demo-client">
        <ProductGrid products={[mug]} />
      </StorefrontProvider>
    );
    const cold = renderToString(tree);
    expect(cold).toMatch(/^<sf-product-grid><template shadowrootmode="open"><style>/);
    expect(cold).not.toContain('Stoneware Mug');
    held.release();
    await serverTextsLoaded;
    await vi.waitFor(() => expect(renderToString(tree)).toContain('>Stoneware Mug<'), {
      timeout: CHUNK_TIMEOUT_MS,
    });
    expect(renderToString(tree)).toContain('Add to cart');
  });
});
