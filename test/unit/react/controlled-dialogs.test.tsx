/**
 * `storefront-widgets/react`'s dialogs as the app's own state (issue 24): `<CartDrawer open onOpenChange>` and
 * `<LoginModal open onOpenChange view>`, controlled (in StrictMode) and not, and `className`/`style` on every
 * component's host element. Real React (19, and 18 in the react18 project) in happy-dom, against the
 * in-process sandbox.
 */
import { act, type CSSProperties, createElement, StrictMode, useEffect, useState, version } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AddToCartButton,
  CartDrawer,
  LoginModal,
  type LoginView,
  MemberBadge,
  Product,
  ProductGrid,
  StorefrontProvider,
  useCart,
  useMember,
  useStorefront,
} from '../../../src/react/index';
import {
  byTestId,
  click,
  dialogGone,
  dialogOf,
  openDialog,
  type Platform,
  pressEscape,
  pressOutside,
  reactRoot,
  shadowOf,
} from '../../helpers/react-app';
import { SANDBOX_ORIGIN } from '../../helpers/sandbox';
import { getByRole, settle, textOf, type } from '../../helpers/widget';

const app = reactRoot();
afterEach(() => app.cleanup());

/** The storefront's open and close events, as the app hears them (`useStorefront().on`). */
function Heard({ into }: { into: string[] }) {
  const storefront = useStorefront();
  useEffect(() => {
    const offs = (['cart:opened', 'cart:closed', 'login:opened', 'login:closed'] as const).map((name) =>
      storefront.on(name, () => into.push(name)),
    );
    return () => {
      for (const off of offs) off();
    };
  }, [storefront, into]);
  return null;
}

/** The app's own cart button (`useCart().openCart()`) and its member's name. */
function Header() {
  const { count, openCart } = useCart();
  const { signedIn, member, signIn } = useMember();
  return (
    <header>
      <button type="button" onClick={openCart}>
        Cart ({count})
      </button>
      <button type="button" onClick={signIn}>
        Log in
      </button>
      <output data-testid="who">{signedIn ? (member?.profile?.nickname ?? '…') : 'guest'}</output>
    </header>
  );
}

/** Whether the app takes what a dialog asks for, and what it was asked (`onOpenChange`). */
interface Owner {
  accept: boolean;
  asked: boolean[];
}

/** An app whose drawer is its own state: open from its button, and as it answers `onOpenChange`. */
function CartShop({ p, owner, heard }: { p: Platform; owner: Owner; heard: string[] }) {
  const [open, setOpen] = useState(false);
  return (
    <StorefrontProvider clientId="demo-client" apiBase={SANDBOX_ORIGIN} fetch={p.sandboxFetch}>
      <Heard into={heard} />
      <Header />
      <button type="button" onClick={() => setOpen(true)}>
        Open my drawer
      </button>
      <AddToCartButton productId={p.productId('stoneware-mug')}>Add the mug</AddToCartButton>
      <CartDrawer
        open={open}
        onOpenChange={(next) => {
          owner.asked.push(next);
          if (owner.accept) setOpen(next);
        }}
      />
    </StorefrontProvider>
  );
}

/** `CartShop` in StrictMode, its owner taking (or refusing) each change asked for; what it asked and heard. */
async function showCartShop(accept: boolean) {
  const p = app.platform();
  const owner: Owner = { accept, asked: [] };
  const heard: string[] = [];
  await app.show(
    <StrictMode>
      <CartShop p={p} owner={owner} heard={heard} />
    </StrictMode>,
  );
  return { owner, heard };
}

describe(`the dialogs' open state on React ${version}`, () => {
  it('a controlled <CartDrawer> in StrictMode: `open` drives it; Escape, the close button and a press outside only ask', async () => {
    const { owner, heard } = await showCartShop(false);
    await click(getByRole(app.container, 'button', 'Open my drawer'));
    const drawer = await openDialog('sf-cart-drawer');
    // The store follows `open` (once, through StrictMode's second run of the effects).
    await vi.waitFor(() => expect(heard).toEqual(['cart:opened']));
    // The close event of the dialog effect's own cleanup (StrictMode) asks nothing.
    await act(async () => void drawer.dispatchEvent(new Event('close')));
    await settle();
    expect(owner.asked).toEqual([]);

    // The shopper's requests: each asks the app, which says no; the drawer and the store stay open.
    await pressEscape(drawer);
    await click(getByRole(drawer, 'button', 'Close'));
    await pressOutside(drawer);
    await settle();
    expect(owner.asked).toEqual([false, false, false]);
    expect(dialogOf('sf-cart-drawer')).toBe(drawer);
    expect(drawer.open).toBe(true);
    expect(heard).toEqual(['cart:opened']);

    // The app says yes: it closes, and the store with it.
    owner.accept = true;
    await pressEscape(drawer);
    await dialogGone('sf-cart-drawer');
    expect(owner.asked).toEqual([false, false, false, false]);
    await vi.waitFor(() => expect(heard).toEqual(['cart:opened', 'cart:closed']));
  });

  it("a controlled <CartDrawer>: the store's own opening (an add, useCart().openCart()) asks the app, and is undone when it says no", async () => {
    const { owner, heard } = await showCartShop(true);
    // An add opens the drawer through the store: asked, and taken.
    await click(getByRole(app.container, 'button', 'Add the mug'));
    const drawer = await openDialog('sf-cart-drawer');
    await vi.waitFor(() => expect(textOf(drawer.querySelector('[part="line-name"]'))).toBe('Stoneware Mug'));
    expect(owner.asked).toEqual([true]);
    await pressEscape(drawer);
    await dialogGone('sf-cart-drawer');

    // The app's cart button while the app says no: asked, the store set back, and no drawer at any time.
    owner.accept = false;
    heard.length = 0;
    const shown: unknown[] = [];
    const watch = new MutationObserver(() => shown.push(dialogOf('sf-cart-drawer')));
    watch.observe(shadowOf('sf-cart-drawer'), { childList: true, subtree: true });
    await click(getByRole(app.container, 'button', /^Cart/));
    await vi.waitFor(() => expect(heard).toEqual(['cart:opened', 'cart:closed']));
    await settle();
    watch.disconnect();
    expect(owner.asked).toEqual([true, false, true]);
    expect(shown.filter(Boolean)).toEqual([]);
    expect(dialogOf('sf-cart-drawer')).toBeNull();
  });

  it('an uncontrolled <CartDrawer onOpenChange> hears each change: the app opening it, the shopper closing it', async () => {
    const p = app.platform();
    const told: boolean[] = [];
    await app.show(
      <StrictMode>
        <StorefrontProvider clientId="demo-client" apiBase={SANDBOX_ORIGIN} fetch={p.sandboxFetch}>
          <Header />
          <CartDrawer onOpenChange={(open) => told.push(open)} />
        </StorefrontProvider>
      </StrictMode>,
    );
    await click(getByRole(app.container, 'button', /^Cart/));
    const drawer = await openDialog('sf-cart-drawer');
    expect(told).toEqual([true]);
    await click(getByRole(drawer, 'button', 'Close'));
    await dialogGone('sf-cart-drawer');
    expect(told).toEqual([true, false]);
  });

  it('a controlled <LoginModal view> in StrictMode: opens on the view asked for, switches when it changes, and asks to close when the member is signed in', async () => {
    const p = app.platform();
    const owner: Owner = { accept: false, asked: [] };
    const heard: string[] = [];
    function LoginShop({ view }: { view: LoginView }) {
      const [open, setOpen] = useState(false);
      return (
        <StorefrontProvider clientId="demo-client" apiBase={SANDBOX_ORIGIN} fetch={p.sandboxFetch}>
          <Heard into={heard} />
          <Header />
          <button type="button" onClick={() => setOpen(true)}>
            Join us
          </button>
          <LoginModal
            open={open}
            view={view}
            onOpenChange={(next) => {
              owner.asked.push(next);
              if (owner.accept) setOpen(next);
            }}
          />
        </StorefrontProvider>
      );
    }
    const show = (view: LoginView) =>
      app.show(
        <StrictMode>
          <LoginShop view={view} />
        </StrictMode>,
      );
    const viewShown = () =>
      dialogOf('sf-login-modal')?.querySelector('[part="modal"]')?.getAttribute('data-view');
    await show('register');
    await click(getByRole(app.container, 'button', 'Join us'));
    await openDialog('sf-login-modal');
    expect(viewShown()).toBe('register');
    await vi.waitFor(() => expect(heard).toEqual(['login:opened']));
    await act(async () => void dialogOf('sf-login-modal')?.dispatchEvent(new Event('close')));
    await settle();
    expect(owner.asked).toEqual([]);

    // Another view while open.
    await show('signIn');
    await vi.waitFor(() => expect(viewShown()).toBe('signIn'));
    const modal = await openDialog('sf-login-modal');
    await pressEscape(modal);
    await settle();
    expect(owner.asked).toEqual([false]);
    expect(viewShown()).toBe('signIn');

    // Signed in: the modal asks to close, and the app lets it.
    owner.accept = true;
    const inputs = [...modal.querySelectorAll('input')];
    await act(async () => {
      await type(inputs.find((i) => i.type === 'email') as HTMLInputElement, 'jane@example.com');
      await type(inputs.find((i) => i.type === 'password') as HTMLInputElement, 'storefront-demo');
    });
    await click(getByRole(modal, 'button', 'Sign in'));
    await vi.waitFor(() => expect(byTestId('who')).toBe('Jane'));
    await dialogGone('sf-login-modal');
    expect(owner.asked).toEqual([false, false]);
    // The store follows the app's `open` in an effect after the render that took the dialog away (on React 18,
    // after the paint, whenever React flushes it): its `login:closed` may come after the dialog is gone.
    await vi.waitFor(() => expect(heard).toEqual(['login:opened', 'login:closed']));

    // useMember().signIn() asks the app; it opens on the view the app asks for.
    await click(getByRole(app.container, 'button', 'Log in'));
    await openDialog('sf-login-modal');
    expect(owner.asked).toEqual([false, false, true]);
    expect(viewShown()).toBe('signIn');
  });
});

describe(`the components' host elements on React ${version}`, () => {
  it('take className and style: the drawer, the modal, the badge, a product, a grid and the button', async () => {
    const p = app.platform();
    const accent = { '--sf-color-accent': 'rgb(1, 2, 3)' } as CSSProperties;
    await app.show(
      <StorefrontProvider clientId="demo-client" apiBase={SANDBOX_ORIGIN} fetch={p.sandboxFetch} theme="dark">
        <Header />
        <CartDrawer className="app-drawer wide" style={accent} />
        <LoginModal className="app-login" style={{ zIndex: 5 }} />
        <MemberBadge className="app-badge" style={{ marginLeft: '4px' }} />
        <Product slug="stoneware-mug" className="app-product" style={{ maxWidth: '20rem' }} />
        <ProductGrid collection="summer" pageSize={2} className="app-grid" style={{ gap: '2px' }} />
        <AddToCartButton
          productId={p.productId('stoneware-mug')}
          className="app-add"
          style={{ color: 'red' }}
        >
          Add
        </AddToCartButton>
      </StorefrontProvider>,
    );
    const host = (tag: string) => document.querySelector(tag) as HTMLElement;
    await vi.waitFor(() => expect(host('sf-cart-drawer').getAttribute('data-theme')).toBe('dark'));
    expect(host('sf-cart-drawer').getAttribute('class')).toBe('app-drawer wide');
    expect(host('sf-cart-drawer').style.getPropertyValue('--sf-color-accent')).toBe('rgb(1, 2, 3)');
    expect(host('sf-login-modal').getAttribute('class')).toBe('app-login');
    expect(host('sf-login-modal').style.zIndex).toBe('5');
    expect(host('sf-member-badge').getAttribute('class')).toBe('app-badge');
    expect(host('sf-member-badge').style.marginLeft).toBe('4px');
    expect(host('sf-member-badge').getAttribute('data-theme')).toBe('dark');
    expect(host('sf-product').getAttribute('class')).toBe('app-product');
    expect(host('sf-product').style.maxWidth).toBe('20rem');
    expect(host('sf-product-grid').getAttribute('class')).toBe('app-grid');
    expect(host('sf-product-grid').style.gap).toBe('2px');
    const add = getByRole(app.container, 'button', 'Add');
    expect(add.className).toBe('app-add');
    expect(add.style.color).toBe('red');
    // No `classname` attribute (React 18's way with a custom element's className), and the widgets inside work.
    expect(document.querySelector('[classname]')).toBeNull();
    await vi.waitFor(() =>
      expect(shadowOf('sf-product-grid').querySelectorAll('[part="card"]')).toHaveLength(2),
    );
    await click(getByRole(app.container, 'button', /^Cart/));
    await openDialog('sf-cart-drawer');
  });
});
