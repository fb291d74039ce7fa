import { within } from '@testing-library/dom';
import { act, createElement, StrictMode, version } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AddToCartButton,
  CartDrawer,
  LoginModal,
  MemberBadge,
  Product,
  ProductGrid,
  StorefrontProvider,
  useCart,
  useMember,
  useProduct,
  useStorefront,
} from '../../../src/react/index';
import { answerSilentFrames, pageRequest } from '../../helpers/login';
import { SANDBOX_ORIGIN, testSandbox } from '../../helpers/sandbox';
import { settle, setupUser, textOf, typeOver, withinShadow } from '../../helpers/widget';

let root: Root | undefined;
let container: HTMLElement | undefined;
let silent: ReturnType<typeof answerSilentFrames> | undefined;

afterEach(async () => {
  await act(async () => root?.unmount());
  root = undefined;
  container?.remove();
  silent?.stop();
  localStorage.clear();
  sessionStorage.clear();
  // The provider stops its storefront on a 0 ms timer set as it unmounted (a StrictMode re-mount keeps it): a
  // timer set after it runs after it.
  await settle();
});

/** The app's own header: count and member name from the hooks, and the app's own cart button. */
function Header() {
  const { count, status, openCart } = useCart();
  const { signedIn, member } = useMember();
  const storefront = useStorefront();
  return (
    <header>
      <button type="button" onClick={openCart}>
        Cart ({count})
      </button>
      <output data-testid="status">{status}</output>
      <output data-testid="who">{signedIn ? (member?.profile?.nickname ?? '…') : 'guest'}</output>
      <button type="button" onClick={() => storefront.signIn()}>
        Log in (API)
      </button>
      <MemberBadge />
    </header>
  );
}

/** An in-process sandbox and a `fetch` to it that records each request as `METHOD /path`. */
function recordedSandbox() {
  const harness = testSandbox();
  const sent: string[] = [];
  const sandboxFetch: typeof fetch = async (input, init) => {
    const request = new Request(input as RequestInfo, init);
    sent.push(`${request.method} ${new URL(request.url).pathname}`);
    return harness.sandbox.fetch(request);
  };
  return { harness, sent, sandboxFetch };
}

/** A small React app on the storefront, against an in-process sandbox. */
async function renderApp(options: { strict?: boolean } = {}) {
  const { harness, sent, sandboxFetch } = recordedSandbox();
  const productId = (slug: string) => {
    const found = [...harness.sandbox.context.state.products.values()].find((p) => p.slug === slug);
    if (!found?.id) throw new Error(`No seeded product "${slug}"`);
    return found.id;
  };
  silent = answerSilentFrames((url, referer) => harness.sandbox.app.fetch(pageRequest(url, referer)));
  const app = (
    <StorefrontProvider clientId="demo-client" apiBase={SANDBOX_ORIGIN} fetch={sandboxFetch}>
      <Header />
      <main>
        <AddToCartButton productId={productId('stoneware-mug')} className="app-button">
          Add the mug
        </AddToCartButton>
      </main>
      <CartDrawer />
      <LoginModal />
    </StorefrontProvider>
  );
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () => root?.render(options.strict ? <StrictMode>{app}</StrictMode> : app));
  return { ...harness, sent, productId, container };
}

const shadowOf = (name: string) => {
  const el = document.querySelector(name);
  if (!el?.shadowRoot) throw new Error(`<${name}> has no shadow root`);
  return el.shadowRoot;
};
const byTestId = (id: string) => textOf(document.querySelector(`[data-testid="${id}"]`));
const click = async (el: Element) => {
  await act(async () => (el as HTMLElement).click());
};

describe(`storefront-widgets/react on React ${version}`, () => {
  it('starts on the client: a new visitor sees 0 with no request, and a sign-in button in the badge', async () => {
    const app = await renderApp();
    await vi.waitFor(() => expect(byTestId('status')).toBe('ready'));
    expect(textOf(within(app.container).getByRole('button', { name: /^Cart/ }))).toBe('Cart (0)');
    expect(app.sent).toEqual([]);
    await withinShadow(shadowOf('sf-member-badge')).findByRole('button', { name: 'Sign in' });
    // Each widget lives in its own shadow root: the app's document has none of their controls.
    expect(within(document.body).queryByRole('button', { name: 'Sign in' })).toBeNull();
  });

  it('adds to the cart from <AddToCartButton>: busy, then added, the count and the drawer with the line', async () => {
    const app = await renderApp();
    const add = within(app.container).getByRole('button', { name: 'Add the mug' });
    expect(add.className).toBe('app-button');
    await click(add);
    await vi.waitFor(() => expect(add.getAttribute('data-sf-state')).toBe('added'));
    expect(add.hasAttribute('aria-busy')).toBe(false);
    expect(textOf(within(app.container).getByRole('button', { name: /^Cart/ }))).toBe('Cart (1)');
    const drawer = await withinShadow(shadowOf('sf-cart-drawer')).findByRole('dialog');
    await vi.waitFor(() => expect(textOf(drawer.querySelector('[part="line-name"]'))).toBe('Stoneware Mug'));
    expect(app.sent.filter((r) => r.endsWith('/add-to-cart'))).toHaveLength(1);
    // The drawer's + goes through the store to the platform.
    await click(within(drawer).getByRole('button', { name: 'One more Stoneware Mug' }));
    await vi.waitFor(() =>
      expect(textOf(within(app.container).getByRole('button', { name: /^Cart/ }))).toBe('Cart (2)'),
    );
    // Escape (the <dialog>'s cancel event, which happy-dom does not make from the key) closes it through the store.
    await act(async () => void drawer.dispatchEvent(new Event('cancel', { cancelable: true })));
    await vi.waitFor(() => expect(withinShadow(shadowOf('sf-cart-drawer')).queryByRole('dialog')).toBeNull());
  });

  it('reports a failed add on the button and never opens the drawer', async () => {
    const app = await renderApp();
    await act(async () => root?.render(<div />));
    container?.remove();
    const harness = testSandbox();
    const failing: typeof fetch = async (input, init) => {
      const request = new Request(input as RequestInfo, init);
      if (new URL(request.url).pathname.endsWith('/add-to-cart'))
        return Response.json({ message: 'Sold out', details: {} }, { status: 400 });
      return harness.sandbox.fetch(request);
    };
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    await act(async () =>
      root?.render(
        <StorefrontProvider clientId="demo-client" apiBase={SANDBOX_ORIGIN} fetch={failing}>
          <AddToCartButton productId={app.productId('stoneware-mug')}>Add</AddToCartButton>
          <CartDrawer />
        </StorefrontProvider>,
      ),
    );
    const add = within(document.body).getByRole('button', { name: 'Add' });
    await click(add);
    await vi.waitFor(() => expect(add.getAttribute('data-sf-state')).toBe('error'));
    expect(document.querySelector('sf-cart-drawer')?.shadowRoot?.querySelector('dialog')).toBeNull();
  });

  it('signs a member in through the login modal and the silent frame, shows her in the badge and the hooks, and signs her out', async () => {
    const app = await renderApp();
    await click(within(app.container).getByRole('button', { name: 'Log in (API)' }));
    const modal = await withinShadow(shadowOf('sf-login-modal')).findByRole('dialog');
    const inputs = [...modal.querySelectorAll('input')];
    const email = inputs.find((i) => i.type === 'email') as HTMLInputElement;
    const password = inputs.find((i) => i.type === 'password') as HTMLInputElement;
    const user = setupUser();
    await act(async () => {
      await typeOver(user, email, 'jane@example.com');
      await typeOver(user, password, 'storefront-demo');
    });
    await click(within(modal).getByRole('button', { name: 'Sign in' }));
    await vi.waitFor(() => expect(byTestId('who')).not.toBe('guest'));
    await vi.waitFor(() => expect(byTestId('who')).toBe('Jane'));
    expect(silent?.frames).toHaveLength(1);
    expect(document.querySelector('iframe')).toBeNull();
    await vi.waitFor(() => expect(withinShadow(shadowOf('sf-login-modal')).queryByRole('dialog')).toBeNull());
    // The badge shows her; its menu (loaded on demand, on this React) signs her out.
    const trigger = await withinShadow(shadowOf('sf-member-badge')).findByRole('button', { name: /Jane/ });
    await click(trigger);
    const signOut = await withinShadow(shadowOf('sf-member-badge')).findByRole('menuitem', {
      name: 'Sign out',
    });
    await click(signOut);
    await vi.waitFor(() => expect(byTestId('who')).toBe('guest'));
  });

  it('shows the catalogue: <ProductGrid> with Load more, <Product> adding to the cart, useProduct() from the same read', async () => {
    const { sent, sandboxFetch } = recordedSandbox();
    function Title() {
      const { status, product } = useProduct('stoneware-mug');
      return <h1 data-testid="title">{status === 'ready' ? product?.name : status}</h1>;
    }
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    await act(async () =>
      root?.render(
        <StorefrontProvider clientId="demo-client" apiBase={SANDBOX_ORIGIN} fetch={sandboxFetch}>
          <Title />
          <ProductGrid collection="summer" sort="price-asc" pageSize={2} href="/p/{slug}" hide={['brand']} />
          <Product slug="stoneware-mug" />
          <CartDrawer />
        </StorefrontProvider>,
      ),
    );
    const grid = shadowOf('sf-product-grid');
    await vi.waitFor(() => expect(grid.querySelectorAll('[part="card"]')).toHaveLength(2));
    expect([...grid.querySelectorAll('[part="name"]')].map((n) => textOf(n))).toEqual([
      'Everyday Cotton Tee',
      'Insulated Steel Bottle',
    ]);
    expect(grid.querySelector('[part="name"] a')?.getAttribute('href')).toBe('/p/everyday-cotton-tee');
    expect(grid.querySelector('[part="brand"]')).toBeNull();
    await click(withinShadow(grid).getByRole('button', { name: 'Load more' }));
    await vi.waitFor(() => expect(grid.querySelectorAll('[part="card"]')).toHaveLength(4));
    await vi.waitFor(() => expect(byTestId('title')).toBe('Stoneware Mug'));
    // The hook and the component share one read of the mug.
    expect(sent.filter((r) => r.endsWith('/query-platformized'))).toHaveLength(3);
    const mug = await vi.waitFor(() => {
      const card = shadowOf('sf-product').querySelector<HTMLElement>('[part="card"]');
      if (!card) throw new Error('no card yet');
      return card;
    });
    expect(textOf(mug.querySelector('[part="stock"]'))).toBe('Only 5 left');
    await click(within(mug).getByRole('button', { name: 'Add to cart' }));
    const drawer = await withinShadow(shadowOf('sf-cart-drawer')).findByRole('dialog');
    await vi.waitFor(() => expect(textOf(drawer.querySelector('[part="line-name"]'))).toBe('Stoneware Mug'));
  });

  it('survives StrictMode: one storefront, one start', async () => {
    const app = await renderApp({ strict: true });
    await vi.waitFor(() => expect(byTestId('status')).toBe('ready'));
    await click(within(app.container).getByRole('button', { name: 'Add the mug' }));
    await vi.waitFor(() =>
      expect(textOf(within(app.container).getByRole('button', { name: /^Cart/ }))).toBe('Cart (1)'),
    );
    expect(app.sent.filter((r) => r === 'POST /oauth2/token')).toHaveLength(1);
  });

  it('says what is wrong when a hook is used outside the provider', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    function Lost() {
      useCart();
      return null;
    }
    container = document.createElement('div');
    document.body.append(container);
    const lone = createRoot(container);
    await expect(act(async () => lone.render(<Lost />))).rejects.toThrow(
      'useCart() must be used inside <StorefrontProvider clientId="…">',
    );
    errors.mockRestore();
  });
});
