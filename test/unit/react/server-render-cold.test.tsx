// @vitest-environment node
/**
 * A server render in the first moments of a server, before the product texts have loaded from its disk
 * (held back here): a streaming render waits for them and sends the whole page, the cards in it; texts that
 * cannot be loaded leave the element without the server's markup, not the page failed. React 19 and 18 (the
 * react18 project).
 */
import { createElement, version } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Product as CatalogueProduct } from '../../../src/api/types/products';
import { ProductGrid, StorefrontProvider, serverReady } from '../../../src/react/index';
import { serverHtml, shadowOf } from '../../helpers/server-render';

/** The product texts' packs, held until the test lets them load. */
const held = vi.hoisted(() => {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { released, release, asked: 0, failing: false };
});

vi.mock('../../../src/widgets/product/strings', async (original) => {
  const actual = await original<typeof import('../../../src/widgets/product/strings')>();
  return {
    ...actual,
    productPack: (lang: string) => {
      held.asked += 1;
      if (held.failing) return Promise.reject(new Error('The disk is gone'));
      return held.released.then(() => actual.productPack(lang));
    },
  };
});

const mug: CatalogueProduct = {
  id: 'dace0cad-7e1d-4340-ac45-39a68ab5e3c8',
  name: 'Stoneware Mug',
  slug: 'stoneware-mug',
  priceData: { currency: 'USD', price: 18 },
  stock: { inStock: true },
};

describe(`a server render before the texts have loaded, on React ${version}`, () => {
  it('sends the page without the cards’ markup when the texts cannot be loaded, and says so', async () => {
    held.failing = true;
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const html = await serverHtml(
        <StorefrontProvider clientId="demo-client" lang="it">
          <ProductGrid products={[mug]} />
        </StorefrontProvider>,
      );
      expect(shadowOf(html, 'sf-product-grid')).toBe('');
      expect(String(errors.mock.calls[0]?.[0])).toBe(
        '[storefront] the product texts could not be loaded on the server:',
      );
    } finally {
      held.failing = false;
      errors.mockRestore();
    }
  });

  it('waits for them in a streaming render, and sends the cards', async () => {
    const tree = (
      <StorefrontProvider clientId="demo-client" lang="fr">
        <ProductGrid products={[mug]} />
      </StorefrontProvider>
    );
    let sent: string | undefined;
    const rendering = serverHtml(tree).then((html) => {
      sent = html;
    });
    // The render is under way, and waits: nothing is sent while the texts are not here.
    await vi.waitFor(() => expect(held.asked).toBeGreaterThan(0));
    await new Promise((resolve) => setTimeout(resolve));
    expect(sent).toBeUndefined();
    held.release();
    await rendering;
    const shadow = shadowOf(sent as string, 'sf-product-grid');
    expect(shadow).toContain('>Stoneware Mug<');
    expect(shadow).toContain('Ajouter au panier');
    await serverReady;
  });
});
