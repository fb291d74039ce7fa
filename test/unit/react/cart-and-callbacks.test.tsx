/**
 * `storefront-widgets/react`'s cart state and callbacks (issue 24): `useCart()`'s totals, shipping estimate,
 * delivery options and coupon as the drawer shows them; problems as typed values (a stable `code`, the
 * `message` in the provider's language, the text `key`); the provider's `onCheckout` (which keeps the
 * browser on the page for an app that routes itself), `onError`, `onSignIn`, `onSignOut` and `onOrderPlaced`.
 * Real React (19, and 18 in the react18 project) in happy-dom, against the in-process sandbox.
 */
import { act, createElement, version } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AddToCartButton,
  CartDrawer,
  type CheckoutEvent,
  LoginModal,
  type Problem,
  type SignOutEvent,
  StorefrontProvider,
  type StorefrontProviderProps,
  type Totals,
  useCart,
  useMember,
} from '../../../src/react/index';
import { click, openDialog, type Platform, probe, reactRoot, shadowOf } from '../../helpers/react-app';
import { SANDBOX_ORIGIN } from '../../helpers/sandbox';
import { CHUNK_TIMEOUT_MS, getByRole, textOf, type } from '../../helpers/widget';

/** The page the tests run on (happy-dom's address); a test that moves it moves it back. */
const HOME = 'http://localhost:4000/shop';

const app = reactRoot();
afterEach(async () => {
  await app.cleanup();
  history.replaceState(null, '', HOME);
  vi.restoreAllMocks();
});

/** The browser going to another page (`location.assign`), held here: happy-dom would go. */
const holdNavigation = () =>
  vi.spyOn(Object.getPrototypeOf(window.location) as Location, 'assign').mockImplementation(() => {});

/** What `useCart()` and `useMember()` give, read by the test. */
const cartHook = () => probe(useCart);

/** A provider on the platform, with the hooks' probes and the widgets the test names. */
function Shop({ p, children, ...props }: Omit<StorefrontProviderProps, 'clientId'> & { p: Platform }) {
  return (
    <StorefrontProvider clientId="demo-client" apiBase={SANDBOX_ORIGIN} fetch={p.sandboxFetch} {...props}>
      {children}
    </StorefrontProvider>
  );
}

/** Jane signs in through the login modal that `signIn` opens. */
async function signInJane(signIn: () => void) {
  await act(async () => signIn());
  const modal = await openDialog('sf-login-modal');
  const inputs = [...modal.querySelectorAll('input')];
  await act(async () => {
    await type(inputs.find((i) => i.type === 'email') as HTMLInputElement, 'jane@example.com');
    await type(inputs.find((i) => i.type === 'password') as HTMLInputElement, 'storefront-demo');
  });
  await click(getByRole(modal, 'button', 'Sign in'));
}

/** The totals' figures as written. */
const written = (totals: Totals | null) =>
  totals && {
    subtotal: totals.subtotal.formatted,
    discount: totals.discount?.formatted ?? null,
    shipping: totals.shipping?.formatted ?? null,
    tax: totals.tax?.formatted ?? null,
    total: totals.total?.formatted ?? null,
    estimated: totals.estimated,
  };

/** The drawer's totals, row by row. */
const drawerTotals = () =>
  [...shadowOf('sf-cart-drawer').querySelectorAll('.total-row')].map((row) => [
    textOf(row.querySelector('dt')),
    textOf(row.querySelector('dd')),
  ]);

describe(`useCart() on React ${version}`, () => {
  it('gives the totals, the shipping estimate with its delivery options, and the coupon, as the drawer shows them', async () => {
    const p = app.platform();
    const cart = cartHook();
    await app.show(
      <Shop p={p}>
        <cart.Probe />
        <CartDrawer />
      </Shop>,
    );
    await vi.waitFor(() => expect(cart.current.status).toBe('ready'));
    expect(cart.current.totals).toBeNull();
    expect(cart.current.shipping).toEqual({
      address: null,
      status: 'idle',
      options: [],
      selected: null,
      problem: null,
    });
    expect(cart.current.coupon).toEqual({ code: null, busy: false, problem: null });
    await act(async () => {
      await cart.current.addToCart({ productId: p.productId('pothos-plant'), quantity: 2 });
    });
    // Before an estimate, the lines' own subtotal.
    expect(written(cart.current.totals)).toEqual({
      subtotal: '$56.00',
      discount: null,
      shipping: null,
      tax: null,
      total: null,
      estimated: false,
    });

    await act(() => cart.current.estimateShipping({ country: 'US', postalCode: '10001' }));
    await vi.waitFor(() => expect(cart.current.shipping.status).toBe('ready'));
    const { shipping } = cart.current;
    expect(shipping.address).toEqual({ country: 'US', postalCode: '10001' });
    expect(
      shipping.options.map((o) => [o.code.replace(/:.*/, ''), o.title, o.price.formatted, o.selected]),
    ).toEqual([
      ['standard', 'Standard delivery', '$5.00', true],
      ['express', 'Express delivery', '$15.00', false],
      ['express', 'Express delivery', '$15.00', false],
      ['express', 'Express delivery', '$15.00', false],
      ['store-pickup', 'Store pickup', '$0.00', false],
    ]);
    expect(shipping.selected).toBe('standard');
    expect(shipping.options[0]?.deliveryTime).toBe('3–5 business days');
    expect(shipping.options[0]?.timeSlot).toBeNull();
    expect(shipping.options[1]?.timeSlot).toEqual({ from: expect.any(String), to: expect.any(String) });
    expect(shipping.options[4]?.pickupAddress).toBe('18 Harbour Street, Portland');
    expect(written(cart.current.totals)).toEqual({
      subtotal: '$56.00',
      discount: null,
      shipping: '$5.00',
      tax: '$0.00',
      total: '$61.00',
      estimated: true,
    });
    expect(cart.current.totals?.total).toEqual({
      amount: expect.any(String),
      currency: 'USD',
      formatted: '$61.00',
    });
    expect(Number(cart.current.totals?.total?.amount)).toBe(61);

    // The coupon: the discount shows, and the totals follow.
    await act(async () => {
      expect(await cart.current.applyCoupon('save10')).toBe(true);
    });
    expect(cart.current.coupon).toEqual({ code: 'SAVE10', busy: false, problem: null });
    await vi.waitFor(() => expect(written(cart.current.totals)?.total).toBe('$55.40'));
    expect(written(cart.current.totals)?.discount).toBe('$5.60');

    // Another delivery option: the store pickup is free.
    const pickup = shipping.options[4]?.code as string;
    await act(() => cart.current.chooseDelivery(pickup));
    await vi.waitFor(() => expect(cart.current.shipping.selected).toBe(pickup));
    await vi.waitFor(() => expect(written(cart.current.totals)?.total).toBe('$50.40'));
    expect(cart.current.totals?.shipping?.amount).toBe('0');
    expect(cart.current.shipping.options.find((o) => o.selected)?.code).toBe(pickup);

    // The drawer shows the same figures.
    await act(async () => cart.current.openCart());
    await openDialog('sf-cart-drawer');
    await vi.waitFor(() =>
      expect(drawerTotals()).toEqual([
        ['Subtotal', '$56.00'],
        ['Discount', '−$5.60'],
        ['Shipping', 'Free'],
        ['Tax', '$0.00'],
        ['Total', '$50.40'],
      ]),
    );
    expect(written(cart.current.totals)).toEqual({
      subtotal: '$56.00',
      discount: '$5.60',
      shipping: '$0.00',
      tax: '$0.00',
      total: '$50.40',
      estimated: true,
    });
  });

  it('gives each problem as a typed value in the provider\'s language, and onError hears it once: German with lang="de"', async () => {
    const p = app.platform();
    const cart = cartHook();
    const errors: Problem[] = [];
    await app.show(
      <Shop p={p} lang="de" onError={(problem) => errors.push(problem)}>
        <cart.Probe />
      </Shop>,
    );
    await vi.waitFor(() => expect(cart.current.status).toBe('ready'));
    await act(async () => {
      await cart.current.addToCart({ productId: p.productId('stoneware-mug') });
    });

    // A refused coupon, at the coupon.
    await act(async () => {
      expect(await cart.current.applyCoupon('WELCOME2025')).toBe(false);
    });
    // Named by the platform's code (COUPON_IS_EXPIRED): said in German, naming the code asked for.
    const refused: Problem = {
      code: 'coupon_expired',
      message: 'Der Gutschein „WELCOME2025“ ist abgelaufen.',
      key: 'couponExpired',
      detail: 'WELCOME2025',
      scope: 'coupon',
    };
    await vi.waitFor(() => expect(cart.current.coupon.problem).toEqual(refused));
    await vi.waitFor(() => expect(errors).toEqual([refused]));

    // A refused add, in the cart's `error`; then the platform out of reach.
    const stopAdds = p.intercept((r) =>
      r.path.endsWith('/add-to-cart')
        ? Response.json({ message: 'Sold out', details: {} }, { status: 400 })
        : undefined,
    );
    await act(async () => {
      expect(await cart.current.addToCart({ productId: p.productId('stoneware-mug') })).toBe(0);
    });
    stopAdds();
    const soldOut: Problem = {
      code: 'add_failed',
      message: 'Der Artikel konnte nicht hinzugefügt werden.',
      key: 'addFailed',
      detail: 'Sold out',
      scope: 'cart',
    };
    await vi.waitFor(() => expect(cart.current.error).toEqual(soldOut));
    p.intercept((r) => {
      if (r.path.endsWith('/estimate-totals')) throw new TypeError('Failed to fetch');
      return undefined;
    });
    await act(() => cart.current.estimateShipping({ country: 'DE' }));
    const offline: Problem = {
      code: 'network_error',
      message: 'Der Shop ist nicht erreichbar. Prüfe die Verbindung und versuche es erneut.',
      key: 'networkError',
      scope: 'shipping',
    };
    await vi.waitFor(() => expect(cart.current.shipping.problem).toEqual(offline));
    await vi.waitFor(() => expect(errors).toEqual([refused, soldOut, offline]));
    // The same problem object while it is on show (React can compare it), and not told again.
    const shown = cart.current.error;
    await act(async () => cart.current.openCart());
    expect(cart.current.error).toBe(shown);
    expect(errors).toHaveLength(3);
  });
});

describe(`useCart()'s add cut short by the stock on React ${version}`, () => {
  it('resolves with how many were added and gives add_capped with the count in its message', async () => {
    const p = app.platform();
    const cart = cartHook();
    await app.show(
      <Shop p={p} lang="en">
        <cart.Probe />
      </Shop>,
    );
    await vi.waitFor(() => expect(cart.current.status).toBe('ready'));
    const mug = p.productId('stoneware-mug');
    const stock = p.sandbox.context.state.products.get(mug)?.variants?.[0]?.stock?.quantity as number;
    await act(async () => {
      expect(await cart.current.addToCart({ productId: mug, quantity: stock + 3 })).toBe(stock);
    });
    await vi.waitFor(() =>
      expect(cart.current.error).toMatchObject({
        code: 'add_capped',
        message: `Only ${stock} added: that’s all we have.`,
        key: 'addCapped',
      }),
    );
  });

  it('tells <AddToCartButton onAdded> how many were added', async () => {
    const p = app.platform();
    const mug = p.productId('stoneware-mug');
    const stock = p.sandbox.context.state.products.get(mug)?.variants?.[0]?.stock?.quantity as number;
    const heard: Array<[boolean, number]> = [];
    await app.show(
      <Shop p={p} lang="en">
        <AddToCartButton
          productId={mug}
          quantity={stock + 3}
          openCart={false}
          onAdded={(...told) => heard.push(told)}
        >
          Add them all
        </AddToCartButton>
      </Shop>,
    );
    await click(getByRole(app.container, 'button', 'Add them all'));
    await vi.waitFor(() => expect(heard).toEqual([[true, stock]]));
    expect(app.container.querySelector('button')?.getAttribute('data-sf-state')).toBe('added');
  });
});

describe(`the notice of an add on React ${version} (openCartOnAdd="toast")`, () => {
  const notice = () => document.querySelector('sf-cart-toast')?.shadowRoot?.querySelector('[part="toast"]');
  afterEach(() => {
    for (const el of document.querySelectorAll('sf-cart-toast')) el.remove();
    vi.doUnmock('../../../src/widgets/toast/index');
  });

  /** The app with its drawer and a button that adds the mug. */
  async function shopWithButton(p: Platform) {
    await app.show(
      <Shop p={p} lang="de" openCartOnAdd="toast">
        <CartDrawer />
        <AddToCartButton productId={p.productId('stoneware-mug')}>Add</AddToCartButton>
      </Shop>,
    );
  }

  it(
    '<AddToCartButton> shows the notice in the provider’s language, and the drawer stays shut',
    async () => {
      const p = app.platform();
      await shopWithButton(p);
      await click(getByRole(app.container, 'button', 'Add'));
      await vi.waitFor(() => expect(textOf(notice())).toContain('In den Warenkorb gelegt'), {
        timeout: CHUNK_TIMEOUT_MS,
      });
      expect(textOf(notice())).toContain('Stoneware Mug');
      expect(shadowOf('sf-cart-drawer').querySelector('dialog')?.open ?? false).toBe(false);
      expect(app.container.querySelector('button')?.getAttribute('data-sf-state')).toBe('added');
    },
    CHUNK_TIMEOUT_MS,
  );

  it(
    'says on the console, after a second try, that the notice’s code could not be loaded (no unhandled rejection)',
    async () => {
      // The app's chunk of the notice cannot be downloaded (a deploy replaced it, the network dropped).
      let tries = 0;
      vi.doMock('../../../src/widgets/toast/index', () => {
        tries += 1;
        throw new Error('Failed to fetch dynamically imported module');
      });
      const error = vi.spyOn(console, 'error').mockImplementation(() => {});
      const p = app.platform();
      await shopWithButton(p);
      await click(getByRole(app.container, 'button', 'Add'));
      await vi.waitFor(
        () =>
          expect(error).toHaveBeenCalledWith(
            '[storefront] the notice of an add could not be loaded:',
            expect.any(Error),
          ),
        { timeout: CHUNK_TIMEOUT_MS },
      );
      expect(tries).toBe(2);
      expect(notice()).toBeFalsy();
      // The add itself landed.
      expect(app.container.querySelector('button')?.getAttribute('data-sf-state')).toBe('added');
    },
    CHUNK_TIMEOUT_MS,
  );
});

describe(`the provider's callbacks on React ${version}`, () => {
  it('onCheckout receives the checkout and keeps the browser on the page; the app buys at its url, and onOrderPlaced hears the order on the way back', async () => {
    const p = app.platform();
    const navigations = holdNavigation();
    const cart = cartHook();
    const checkouts: CheckoutEvent[] = [];
    await app.show(
      <Shop
        p={p}
        onCheckout={(event) => {
          checkouts.push(event);
          event.preventDefault();
        }}
      >
        <cart.Probe />
      </Shop>,
    );
    await vi.waitFor(() => expect(cart.current.status).toBe('ready'));
    await act(async () => {
      await cart.current.addToCart({ productId: p.productId('stoneware-mug') });
    });
    await act(() => cart.current.checkout());
    expect(checkouts).toHaveLength(1);
    const [checkout] = checkouts as [CheckoutEvent];
    // The platform's checkout, and its hosted page.
    expect([...p.sandbox.context.state.checkouts.keys()]).toEqual([checkout.checkoutId]);
    expect(checkout.url).toMatch(/^https:\/\/sandbox\.test\//);
    expect(checkout.defaultPrevented).toBe(true);
    expect(navigations).not.toHaveBeenCalled();
    expect(window.location.href).toBe(HOME);
    expect(cart.current.checkoutStatus).toBe('idle');

    // The app's own review page sends the shopper on to the checkout page, who buys and comes back.
    const placed = await p.sandbox.fetch(checkout.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=buyer%40example.com',
    });
    expect(placed.status).toBe(303);
    const back = new URL(placed.headers.get('location') as string);
    await app.show(<div />);
    history.replaceState(null, '', back.href);
    const orders: unknown[] = [];
    await app.show(
      <Shop p={p} onOrderPlaced={(order) => orders.push(order)}>
        <CartDrawer />
      </Shop>,
    );
    await vi.waitFor(() =>
      expect(orders).toEqual([
        { orderId: back.searchParams.get('orderId'), orderNumber: back.searchParams.get('orderNumber') },
      ]),
    );
    expect(window.location.search).toBe('');
  });

  it('lets the browser go to the checkout page when onCheckout does not prevent it (or fails)', async () => {
    const p = app.platform();
    const navigations = holdNavigation();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const cart = cartHook();
    const heard: string[] = [];
    await app.show(
      <Shop
        p={p}
        onCheckout={({ checkoutId }) => {
          heard.push(checkoutId);
          throw new Error('the app failed');
        }}
      >
        <cart.Probe />
      </Shop>,
    );
    await vi.waitFor(() => expect(cart.current.status).toBe('ready'));
    await act(async () => {
      await cart.current.addToCart({ productId: p.productId('stoneware-mug') });
    });
    await act(() => cart.current.checkout());
    expect(heard).toHaveLength(1);
    expect(navigations).toHaveBeenCalledTimes(1);
    expect(navigations.mock.calls[0]?.[0]).toMatch(/^https:\/\/sandbox\.test\//);
    expect(cart.current.checkoutStatus).toBe('working');
    expect(String(errors.mock.calls[0]?.[1])).toContain('the app failed');
  });

  it('onSignIn hears the member signed in through the modal, onSignOut her signing out', async () => {
    const p = app.platform();
    holdNavigation();
    const member = probe(useMember);
    const signedIn: Array<string | undefined> = [];
    const signedOut: SignOutEvent[] = [];
    await app.show(
      <Shop
        p={p}
        onSignIn={(event) => signedIn.push(event.member?.profile?.nickname)}
        onSignOut={(event) => signedOut.push(event)}
      >
        <member.Probe />
        <LoginModal />
      </Shop>,
    );
    await vi.waitFor(() => expect(member.current.loaded).toBe(true));
    await signInJane(member.current.signIn);
    await vi.waitFor(() => expect(signedIn).toEqual(['Jane']));
    expect(member.current.member?.profile?.nickname).toBe('Jane');
    expect(signedOut).toEqual([]);
    await act(() => member.current.signOut());
    await vi.waitFor(() => expect(signedOut).toEqual([{ reason: 'signedOut' }]));
    expect(member.current.signedIn).toBe(false);
    expect(signedIn).toEqual(['Jane']);
  });

  it("onSignOut says 'expired' when the platform ends the member's session; the cart goes on as the visitor's", async () => {
    const p = app.platform();
    const member = probe(useMember);
    const cart = probe(useCart);
    const signedOut: SignOutEvent[] = [];
    await app.show(
      <Shop p={p} onSignOut={(event) => signedOut.push(event)}>
        <member.Probe />
        <cart.Probe />
        <LoginModal />
      </Shop>,
    );
    await vi.waitFor(() => expect(member.current.loaded).toBe(true));
    await signInJane(member.current.signIn);
    await vi.waitFor(() => expect(member.current.member?.profile?.nickname).toBe('Jane'));
    // The merchant (or a password change) ends every session of hers.
    const jane = p.sandbox.context.state.identities.get('jane@example.com')?.memberId;
    await p.call('POST', '/_sandbox/revoke', { body: { memberId: jane } });
    let added: unknown;
    await act(async () => {
      added = await cart.current.addToCart({ productId: p.productId('stoneware-mug') });
    });
    await vi.waitFor(() => expect(signedOut).toEqual([{ reason: 'expired' }]));
    expect(member.current.signedIn).toBe(false);
    // Her add is not replayed as the visitor she falls back to (src/auth/renewal.ts): not added, and said so.
    expect(added).toBe(0);
    // The cart goes on as the visitor's.
    await act(async () => {
      added = await cart.current.addToCart({ productId: p.productId('stoneware-mug') });
    });
    expect(added).toBe(1);
    expect(cart.current.count).toBe(1);
    expect(signedOut).toEqual([{ reason: 'expired' }]);
  });
});
