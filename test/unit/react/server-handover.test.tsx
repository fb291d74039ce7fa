/**
 * Products a server read, taken over in the browser (issue 24): `<ProductGrid products>` and `<Product product>`
 * render from the store without asking the catalogue again ("Load more" goes on from the server's page), and
 * hydrating over the server's declarative shadow root keeps its markup on show until the widget takes its
 * place, with no hydration warning and no card twice. Real React (19, and 18 in the react18 project) in
 * happy-dom, against the in-process sandbox.
 */
import { act, createElement, version } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Product, ProductGrid, StorefrontProvider } from '../../../src/react/index';
import { reactRoot, type Sent, shadowOf } from '../../helpers/react-app';
import { SANDBOX_ORIGIN } from '../../helpers/sandbox';
import { serverRead } from '../../helpers/server-render';
import { CHUNK_TIMEOUT_MS, settle, textOf } from '../../helpers/widget';

const app = reactRoot();
afterEach(() => app.cleanup());

const QUERY = '/stores-reader/v1/products/query-platformized';
const BY_ID = /\/stores-reader\/v1\/products\/[^/]+$/;

/** The page a catalogue query asks for (base64url JSON in `.r`). */
const pagingOf = (request: Sent) =>
  (
    JSON.parse(Buffer.from(new URLSearchParams(request.search).get('.r') ?? '', 'base64url').toString()) as {
      query: { paging: { offset: number; limit: number } };
    }
  ).query.paging;

const cardNames = (root: ShadowRoot) => [...root.querySelectorAll('[part="name"]')].map((n) => textOf(n));

describe(`products handed over by a server on React ${version}`, () => {
  it('shows a grid’s first page without a catalogue request; Load more asks for the next page after it', async () => {
    const p = app.platform();
    const page = await serverRead(p.sandbox, 2);
    await app.show(
      <StorefrontProvider clientId="demo-client" apiBase={SANDBOX_ORIGIN} fetch={p.sandboxFetch}>
        <ProductGrid pageSize={2} sort="name-asc" products={page.items} total={page.totalCount} />
      </StorefrontProvider>,
    );
    const grid = shadowOf('sf-product-grid');
    await vi.waitFor(() => expect(cardNames(grid)).toEqual(page.items.map((item) => item.name)));
    expect(p.requestsTo(QUERY)).toEqual([]);

    const more = grid.querySelector<HTMLButtonElement>('[part="load-more"]') as HTMLButtonElement;
    await act(async () => more.click());
    await vi.waitFor(() => expect(cardNames(grid)).toHaveLength(4));
    expect(p.requestsTo(QUERY).map(pagingOf)).toEqual([{ offset: 2, limit: 2 }]);
    const next = await (await serverRead(p.sandbox, 4)).items.map((item) => item.name);
    expect(cardNames(grid)).toEqual(next);
  });

  it('shows a product handed over without reading it; a <Product slug> of the same product reads nothing either', async () => {
    const p = app.platform();
    const [product] = (await serverRead(p.sandbox, 1)).items;
    if (!product?.slug) throw new Error('The catalogue has no product');
    await app.show(
      <StorefrontProvider clientId="demo-client" apiBase={SANDBOX_ORIGIN} fetch={p.sandboxFetch}>
        <Product product={product} />
        <Product slug={product.slug} className="again" />
      </StorefrontProvider>,
    );
    await vi.waitFor(() => {
      for (const el of document.querySelectorAll('sf-product'))
        expect(cardNames(el.shadowRoot as ShadowRoot)).toEqual([product.name]);
    });
    await settle();
    expect(p.requestsTo(QUERY)).toEqual([]);
    expect(p.sent.filter((r) => BY_ID.test(r.path))).toEqual([]);
  });

  it('takes over a server-rendered product page with its gallery and description: never a moment without them', async () => {
    const p = app.platform();
    const product = (await serverRead(p.sandbox, 10)).items.find((item) => item.description);
    if (!product) throw new Error('The catalogue has no product with a description');
    const container = document.createElement('div');
    container.innerHTML = '<sf-product></sf-product>';
    document.body.append(container);
    const host = container.firstElementChild as HTMLElement;
    const fromServer = host.attachShadow({ mode: 'open' });
    fromServer.innerHTML =
      '<style></style><article data-server><div part="gallery"></div><div part="description"></div></article>';
    // Each state the shadow root goes through: whether it has the page's gallery and description.
    const seen: boolean[] = [];
    const observer = new MutationObserver(() =>
      seen.push(
        Boolean(
          fromServer.querySelector('[part="gallery"]') && fromServer.querySelector('[part="description"]'),
        ),
      ),
    );
    observer.observe(fromServer, { childList: true, subtree: true });
    let root: ReturnType<typeof hydrateRoot> | undefined;
    try {
      await act(async () => {
        root = hydrateRoot(
          container,
          <StorefrontProvider clientId="demo-client" apiBase={SANDBOX_ORIGIN} fetch={p.sandboxFetch}>
            <Product product={product} layout="page" />
          </StorefrontProvider>,
        );
      });
      await vi.waitFor(() => expect(fromServer.querySelector('[data-server]')).toBeNull(), {
        timeout: CHUNK_TIMEOUT_MS,
      });
      expect(fromServer.querySelector('h1')?.textContent).toBe(product.name);
      expect(seen.length).toBeGreaterThan(0);
      expect(seen.every(Boolean)).toBe(true);
    } finally {
      observer.disconnect();
      await act(async () => root?.unmount());
      container.remove();
    }
  });

  it('hydrates over the server’s shadow root: its markup stays until the widget takes its place, once, with no warning', async () => {
    const p = app.platform();
    const page = await serverRead(p.sandbox, 2);
    // The page as the browser parsed the server's HTML: the element, its declarative shadow root attached.
    const container = document.createElement('div');
    container.innerHTML = '<sf-product-grid data-texts="ltr" class="shop"></sf-product-grid>';
    document.body.append(container);
    const host = container.firstElementChild as HTMLElement;
    const fromServer = host.attachShadow({ mode: 'open' });
    fromServer.innerHTML = `<style>.grid{}</style><ul class="grid" part="grid" data-server>${page.items
      .map((item) => `<li><h3 part="name">${item.name}</h3></li>`)
      .join('')}</ul>`;
    const errors = vi.spyOn(console, 'error');
    const tree = (
      <StorefrontProvider clientId="demo-client" apiBase={SANDBOX_ORIGIN} fetch={p.sandboxFetch}>
        <ProductGrid
          pageSize={2}
          sort="name-asc"
          products={page.items}
          total={page.totalCount}
          className="shop"
        />
      </StorefrontProvider>
    );
    let root: ReturnType<typeof hydrateRoot> | undefined;
    const seen: string[][] = [];
    // Every state the shadow root goes through: never empty, never two grids.
    const observer = new MutationObserver(() =>
      seen.push(
        [...fromServer.querySelectorAll('[part="grid"]')].map((g) =>
          g.hasAttribute('data-server') ? 'server' : 'widget',
        ),
      ),
    );
    observer.observe(fromServer, { childList: true });
    try {
      await act(async () => {
        root = hydrateRoot(container, tree);
      });
      await vi.waitFor(() => expect(fromServer.querySelector('[data-server]')).toBeNull());
      expect(host.shadowRoot).toBe(fromServer);
      expect(cardNames(fromServer)).toEqual(page.items.map((item) => item.name));
      expect(fromServer.querySelectorAll('[part="grid"]')).toHaveLength(1);
      expect(fromServer.querySelector('style')).toBeNull();
      // The server's grid went as the widget's came, together: the shadow root was seen once, with the widget's
      // grid only (never empty, never with both).
      expect(seen).toEqual([['widget']]);
      expect(p.requestsTo(QUERY)).toEqual([]);
      expect(errors).not.toHaveBeenCalled();
    } finally {
      observer.disconnect();
      await act(async () => root?.unmount());
      container.remove();
    }
  });
});
