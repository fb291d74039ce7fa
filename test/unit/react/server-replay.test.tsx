/**
 * A press on the server's markup while the widget is on its way (hydrated, its texts still downloading: held
 * back here): an Add to cart pressed alone is made again by the widget when it takes the server's place; after
 * a choice or a quantity typed in the server's markup, which the widget cannot take over, nothing is (the
 * widget starts from its own choice, and adding the default would add the wrong thing). Real React (19, and 18
 * in the react18 project) in happy-dom, against the in-process sandbox.
 */
import { act, createElement, version } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProductGrid, StorefrontProvider } from '../../../src/react/index';
import { type Platform, reactRoot } from '../../helpers/react-app';
import { SANDBOX_ORIGIN } from '../../helpers/sandbox';
import { serverRead } from '../../helpers/server-render';
import { settle } from '../../helpers/widget';

/** The product texts, held back until the test lets them come (a new hold for each test). */
const held = vi.hoisted(() => ({ release: () => {}, released: Promise.resolve() }));
vi.mock('../../../src/widgets/product/strings', async (original) => {
  const actual = await original<typeof import('../../../src/widgets/product/strings')>();
  return {
    ...actual,
    productStrings: (...args: Parameters<typeof actual.productStrings>) =>
      held.released.then(() => actual.productStrings(...args)),
  };
});
const hold = () => {
  held.released = new Promise<void>((resolve) => {
    held.release = resolve;
  });
};

const app = reactRoot();
afterEach(() => app.cleanup());

const ADD = '/ecom/v1/carts/current/add-to-cart';

/**
 * The grid hydrated over a server's markup of its own shape (its add buttons and a choice), with the texts held
 * back: `act` on the server's markup, then the texts come and the widget takes its place.
 */
async function pressBeforeTheWidget(p: Platform, actOnServer: (root: ShadowRoot) => void) {
  const page = await serverRead(p.sandbox, 2);
  hold();
  const container = document.createElement('div');
  container.innerHTML = '<sf-product-grid data-texts="ltr"></sf-product-grid>';
  document.body.append(container);
  const host = container.firstElementChild as HTMLElement;
  const shadow = host.attachShadow({ mode: 'open' });
  shadow.innerHTML = `<style>.grid{}</style><ul part="grid">${page.items
    .map(
      (item) =>
        `<li><h3 part="name">${item.name}</h3><select><option>A</option><option>B</option></select><button type="button" part="add-button">Add to cart</button></li>`,
    )
    .join('')}</ul>`;
  let root: ReturnType<typeof hydrateRoot> | undefined;
  await act(async () => {
    root = hydrateRoot(
      container,
      <StorefrontProvider
        clientId="demo-client"
        apiBase={SANDBOX_ORIGIN}
        fetch={p.sandboxFetch}
        openCartOnAdd={false}
      >
        <ProductGrid pageSize={2} sort="name-asc" products={page.items} total={page.totalCount} />
      </StorefrontProvider>,
    );
  });
  // Hydrated, the widget waiting for its texts: the server's markup is what the shopper has.
  expect(shadow.querySelector('style')).not.toBeNull();
  actOnServer(shadow);
  await act(async () => held.release());
  await vi.waitFor(() => expect(shadow.querySelector('style')).toBeNull());
  await act(settle);
  return {
    page,
    async unmount() {
      await act(async () => root?.unmount());
      container.remove();
    },
  };
}

describe(`a press on the server's markup before the widget, on React ${version}`, () => {
  it('an Add to cart pressed alone is made again by the widget: the second card’s product is added', async () => {
    const p = app.platform();
    const { page, unmount } = await pressBeforeTheWidget(p, (shadow) =>
      shadow.querySelectorAll<HTMLButtonElement>('[part="add-button"]')[1]?.click(),
    );
    try {
      await vi.waitFor(() => expect(p.requestsTo(ADD)).toHaveLength(1));
      const sent = JSON.stringify(p.requestsTo(ADD)[0]?.body);
      expect(sent).toContain(page.items[1]?.id);
      expect(sent).not.toContain(page.items[0]?.id);
    } finally {
      await unmount();
    }
  });

  it('after a choice made in the server’s markup, nothing is made again: the widget starts from its own', async () => {
    const p = app.platform();
    const { unmount } = await pressBeforeTheWidget(p, (shadow) => {
      const choice = shadow.querySelector('select') as HTMLSelectElement;
      choice.value = 'B';
      choice.dispatchEvent(new Event('change', { bubbles: true }));
      shadow.querySelector<HTMLButtonElement>('[part="add-button"]')?.click();
    });
    try {
      await act(settle);
      expect(p.requestsTo(ADD)).toEqual([]);
    } finally {
      await unmount();
    }
  });
});
