/**
 * `storefront-widgets/react` over a provider's life: StrictMode's mount → unmount → mount of the dialogs' effects,
 * and props that change on a live provider (a language switcher, a new client id, an inline `fetch`). Real React
 * (19, and 18 in the react18 project) in happy-dom, against the in-process sandbox.
 */

import { act, createElement, type ReactElement, StrictMode, useEffect, version } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEMO_ALLOWED_ORIGINS, DEMO_CLIENT_ID } from '../../../sandbox/app';
import {
  AddToCartButton,
  CartDrawer,
  LoginModal,
  MemberBadge,
  StorefrontProvider,
  type StorefrontProviderProps,
  useCart,
  useMember,
  useStorefront,
} from '../../../src/react/index';
import { byTestId, click, dialogGone, openDialog, reactRoot, shadowOf } from '../../helpers/react-app';
import { SANDBOX_ORIGIN } from '../../helpers/sandbox';
import { getByRole, queryByRole, settle, setupUser, textOf, typeOver } from '../../helpers/widget';

/** A second OAuth client of the same platform: another site, another session and cart. */
const OTHER_CLIENT_ID = 'other-client';

const app = reactRoot();
afterEach(() => app.cleanup());

/**
 * The in-process platform with two OAuth clients, a `fetch` to it that records each request (`sent()`: `METHOD
 * /path`), and the mug's id.
 */
function platform() {
  const p = app.platform({
    clients: [
      { id: DEMO_CLIENT_ID, allowedOrigins: DEMO_ALLOWED_ORIGINS },
      { id: OTHER_CLIENT_ID, allowedOrigins: DEMO_ALLOWED_ORIGINS },
    ],
  });
  return {
    sent: () => p.sent.map((request) => `${request.method} ${request.path}`),
    sandboxFetch: p.sandboxFetch,
    mug: p.productId('stoneware-mug'),
  };
}

/** What the app's own header hears of the storefront's events through `useStorefront().on`. */
const heard: string[] = [];

/** The app's own header: the hooks' count, status and member, the app's cart buttons and the badge. */
function Header() {
  const { count, status, openCart } = useCart();
  const { signedIn, member, signIn } = useMember();
  const storefront = useStorefront();
  useEffect(() => {
    const offs = (['cart:opened', 'cart:closed', 'login:opened', 'login:closed'] as const).map((name) =>
      storefront.on(name, () => heard.push(name)),
    );
    return () => {
      for (const off of offs) off();
    };
  }, [storefront]);
  return (
    <header>
      <button type="button" onClick={openCart}>
        Cart ({count})
      </button>
      <button type="button" onClick={() => storefront.openCart()}>
        Open the cart (API)
      </button>
      <button type="button" onClick={signIn}>
        Log in
      </button>
      <output data-testid="status">{status}</output>
      <output data-testid="who">{signedIn ? (member?.profile?.nickname ?? '…') : 'guest'}</output>
      <MemberBadge />
    </header>
  );
}

type ShopProps = Omit<StorefrontProviderProps, 'children'> & { mug: string };

/** The app: its header, an add-to-cart button for the mug, the drawer and the modal. */
function Shop({ mug, ...settings }: ShopProps) {
  return (
    <StorefrontProvider {...settings}>
      <Header />
      <AddToCartButton productId={mug}>Add the mug</AddToCartButton>
      <CartDrawer />
      <LoginModal />
    </StorefrontProvider>
  );
}

/** Renders (or renders again, as a parent's new render does) the app. */
const show = (tree: ReactElement) => app.show(tree);
const button = (name: string | RegExp) => getByRole(app.container, 'button', name);
/** Escape: the <dialog>'s cancel event (happy-dom does not make it from the key); the store closes it. */
const pressEscape = async (dialog: HTMLDialogElement, widget: string) => {
  await act(async () => void dialog.dispatchEvent(new Event('cancel', { cancelable: true })));
  await dialogGone(widget);
};
/** The drawer, open, once it shows its lines (`name` in one). */
const drawerWith = async (name: string) => {
  const drawer = await openDialog('sf-cart-drawer');
  await vi.waitFor(() =>
    expect([...drawer.querySelectorAll('[part="line-name"]')].map((n) => textOf(n))).toContain(name),
  );
  return drawer;
};

/** Requests other than those of an add with the drawer open (the add, the drawer's estimate of the totals). */
const beyondAnAdd = (requests: string[]) =>
  requests.filter((r) => !/ \/ecom\/v1\/carts\/current\/(add-to-cart|estimate-totals)$/.test(r));

async function signInAsJane() {
  await click(button('Log in'));
  const modal = await openDialog('sf-login-modal');
  const inputs = [...modal.querySelectorAll('input')];
  const user = setupUser();
  await act(async () => {
    await typeOver(user, inputs.find((i) => i.type === 'email') as HTMLInputElement, 'jane@example.com');
    await typeOver(user, inputs.find((i) => i.type === 'password') as HTMLInputElement, 'storefront-demo');
  });
  await click(getByRole(modal, 'button', 'Sign in'));
  await vi.waitFor(() => expect(byTestId('who')).toBe('Jane'));
  await dialogGone('sf-login-modal');
}

describe(`the provider's life on React ${version}`, () => {
  afterEach(() => {
    heard.length = 0;
  });

  it('in StrictMode, the drawer and the modal stay open through the close event their own effect caused, and close on a real close', async () => {
    const { sandboxFetch, mug } = platform();
    await show(
      <StrictMode>
        <Shop clientId={DEMO_CLIENT_ID} apiBase={SANDBOX_ORIGIN} fetch={sandboxFetch} mug={mug} />
      </StrictMode>,
    );
    await vi.waitFor(() => expect(byTestId('status')).toBe('ready'));
    await click(button('Add the mug'));
    const drawer = await drawerWith('Stoneware Mug');
    // StrictMode ran the dialog's effect, its cleanup (which closes the <dialog>) and the effect again (which
    // opens it again). A browser delivers the close event of that cleanup only now, to an open dialog (happy-dom
    // would fire it at once, before the listener heard it): it is not a close.
    await act(async () => void drawer.dispatchEvent(new Event('close')));
    await settle();
    expect(queryByRole(shadowOf('sf-cart-drawer'), 'dialog')).toBe(drawer);
    expect(drawer.open).toBe(true);
    expect(heard).toEqual(['cart:opened']);
    // The browser closing it (a second Escape it does not let be cancelled) is a close: the store hears it.
    await act(async () => drawer.close());
    await dialogGone('sf-cart-drawer');
    expect(heard).toEqual(['cart:opened', 'cart:closed']);

    // The same for the login modal.
    await click(button('Log in'));
    const modal = await openDialog('sf-login-modal');
    await act(async () => void modal.dispatchEvent(new Event('close')));
    await settle();
    expect(queryByRole(shadowOf('sf-login-modal'), 'dialog')).toBe(modal);
    expect(heard.slice(2)).toEqual(['login:opened']);
    await pressEscape(modal, 'sf-login-modal');
    expect(heard.slice(2)).toEqual(['login:opened', 'login:closed']);
  });

  it('takes lang, theme, strings and openCartOnAdd in place: nothing sent, the member and her cart kept, the widgets in German, and the button and the hooks open the drawer', async () => {
    const { sent, sandboxFetch, mug } = platform();
    const props = { clientId: DEMO_CLIENT_ID, apiBase: SANDBOX_ORIGIN, fetch: sandboxFetch, mug };
    await show(<Shop {...props} lang="en" />);
    await vi.waitFor(() => expect(byTestId('status')).toBe('ready'));
    await signInAsJane();
    await click(button('Add the mug'));
    const drawer = await drawerWith('Stoneware Mug');
    await vi.waitFor(() => expect(textOf(button(/^Cart/))).toBe('Cart (1)'));

    // The language switcher (and a dark theme, and a text of the app's own), the drawer open.
    const before = sent().length;
    await show(<Shop {...props} lang="de" theme="dark" strings={{ checkout: 'Jetzt bezahlen' }} />);
    // The same drawer, still open, in German.
    await vi.waitFor(() => expect(textOf(drawer.querySelector('h2'))).toMatch(/^Dein Warenkorb/));
    expect(getByRole(shadowOf('sf-cart-drawer'), 'dialog')).toBe(drawer);
    expect(textOf(drawer.querySelector('[part="checkout-button"]'))).toBe('Jetzt bezahlen');
    expect(document.querySelector('sf-cart-drawer')?.getAttribute('data-theme')).toBe('dark');
    await vi.waitFor(() => getByRole(shadowOf('sf-member-badge'), 'button', /Jane/));
    expect(document.querySelector('sf-member-badge')?.getAttribute('data-theme')).toBe('dark');
    await pressEscape(drawer, 'sf-cart-drawer');
    await click(button('Add the mug'));
    await drawerWith('Stoneware Mug');
    await vi.waitFor(() => expect(textOf(button(/^Cart/))).toBe('Cart (2)'));
    // The same storefront: no new session, no sign-out, no cart read again; only the add went out.
    expect(beyondAnAdd(sent().slice(before))).toEqual([]);
    expect(byTestId('who')).toBe('Jane');
    await pressEscape(getByRole(shadowOf('sf-cart-drawer'), 'dialog'), 'sf-cart-drawer');

    // The app's own cart buttons: useCart().openCart() and useStorefront().openCart().
    await click(button(/^Cart/));
    await pressEscape(await openDialog('sf-cart-drawer'), 'sf-cart-drawer');
    await click(button('Open the cart (API)'));
    await pressEscape(await openDialog('sf-cart-drawer'), 'sf-cart-drawer');

    // openCartOnAdd={false}: the add lands, the drawer stays shut.
    await show(<Shop {...props} lang="de" openCartOnAdd={false} />);
    await click(button('Add the mug'));
    await vi.waitFor(() => expect(textOf(button(/^Cart/))).toBe('Cart (3)'));
    await vi.waitFor(() => expect(button('Add the mug').getAttribute('data-sf-state')).toBe('added'));
    expect(queryByRole(shadowOf('sf-cart-drawer'), 'dialog')).toBeNull();
    // Back to `auto`: the page's scheme again (this page declares none and paints no background: light).
    expect(document.querySelector('sf-cart-drawer')?.getAttribute('data-theme')).toBe('light');
    expect(document.querySelector('sf-member-badge')?.getAttribute('data-theme')).toBe('light');
  });

  it('starts a new storefront for a new clientId, and the button, useCart(), useStorefront() and its listeners act on it', async () => {
    const { sent, sandboxFetch, mug } = platform();
    const props = { apiBase: SANDBOX_ORIGIN, fetch: sandboxFetch, mug };
    await show(<Shop {...props} clientId={DEMO_CLIENT_ID} />);
    await click(button('Add the mug'));
    await pressEscape(await drawerWith('Stoneware Mug'), 'sf-cart-drawer');
    await vi.waitFor(() => expect(textOf(button(/^Cart/))).toBe('Cart (1)'));
    heard.length = 0;

    // Another site's client: another visitor session, with no cart yet.
    await show(<Shop {...props} clientId={OTHER_CLIENT_ID} />);
    await vi.waitFor(() => expect(byTestId('status')).toBe('ready'));
    expect(textOf(button(/^Cart/))).toBe('Cart (0)');
    await click(button('Add the mug'));
    const drawer = await drawerWith('Stoneware Mug');
    await vi.waitFor(() => expect(textOf(button(/^Cart/))).toBe('Cart (1)'));
    // The other client's visitor got tokens of her own for that add.
    expect(sent().filter((r) => r === 'POST /oauth2/token')).toHaveLength(2);
    expect(heard).toEqual(['cart:opened']);
    await pressEscape(drawer, 'sf-cart-drawer');
    await click(button(/^Cart/));
    await pressEscape(await openDialog('sf-cart-drawer'), 'sf-cart-drawer');
    await click(button('Open the cart (API)'));
    await pressEscape(await openDialog('sf-cart-drawer'), 'sf-cart-drawer');
    expect(heard).toEqual([
      'cart:opened',
      'cart:closed',
      'cart:opened',
      'cart:closed',
      'cart:opened',
      'cart:closed',
    ]);
  });

  it('restarts nothing for a new `fetch` function on each render, and uses the latest one', async () => {
    const { sent, sandboxFetch, mug } = platform();
    /** Which render's `fetch` sent each request. */
    const via: number[] = [];
    /** The app's parent, which renders again (a state of its own changed) with a new inline `fetch`. */
    const Parent = ({ renders }: { renders: number }) => (
      <Shop
        clientId={DEMO_CLIENT_ID}
        apiBase={SANDBOX_ORIGIN}
        mug={mug}
        fetch={(input, init) => {
          via.push(renders);
          return sandboxFetch(input, init);
        }}
      />
    );
    await show(<Parent renders={1} />);
    await click(button('Add the mug'));
    const drawer = await drawerWith('Stoneware Mug');
    const before = sent().length;
    await show(<Parent renders={2} />);
    await show(<Parent renders={3} />);
    await settle();
    // The same storefront: its drawer still open.
    expect(getByRole(shadowOf('sf-cart-drawer'), 'dialog')).toBe(drawer);
    await click(getByRole(drawer, 'button', 'One more Stoneware Mug'));
    await vi.waitFor(() => expect(textOf(button(/^Cart/))).toBe('Cart (2)'));
    // One session all along (no new token, no cart read again), and the change went through the latest `fetch`.
    expect(
      sent()
        .slice(before)
        .filter((r) => !r.startsWith('POST /ecom/v1/carts/current/')),
    ).toEqual([]);
    expect(sent().filter((r) => r === 'POST /oauth2/token')).toHaveLength(1);
    expect(via.at(-1)).toBe(3);
  });

  it('says once on the console a setting it cannot use, and what it uses instead', async () => {
    const { sandboxFetch, mug } = platform();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const said = () =>
      errors.mock.calls.map((call) => call[0]).filter((line) => /StorefrontProvider/.test(line));
    const shop = (lang: string) => (
      <Shop
        clientId={DEMO_CLIENT_ID}
        apiBase={SANDBOX_ORIGIN}
        fetch={sandboxFetch}
        mug={mug}
        currency="dollars"
        lang={lang}
      />
    );
    await show(shop('en'));
    await show(shop('en'));
    expect(said()).toEqual([
      '[storefront] <StorefrontProvider> currency "dollars" is not an ISO 4217 code such as USD; using USD',
    ]);
    // Other settings with the same unusable one: said again.
    await show(shop('de'));
    expect(said()).toHaveLength(2);
    errors.mockRestore();
  });
});
