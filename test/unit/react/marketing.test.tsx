/**
 * Issue 37 in `storefront-widgets/react`: the drawer's marketing parts from the provider's props
 * (`freeShippingOver`, `crossSell`, `cartNote`), the coupon link (`couponParam`) and the cart link
 * (`?sf-cart=open`), under StrictMode (effects twice, as a React dev server runs them), on real React (19, and
 * 18 in the react18 project) in happy-dom, against the in-process sandbox.
 */
import { act, createElement, type ReactElement, StrictMode } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  CartDrawer,
  StorefrontProvider,
  type StorefrontProviderProps,
  useCart,
  useStorefront,
} from '../../../src/react/index';
import { openDialog, type Platform, probe, reactRoot, shadowOf } from '../../helpers/react-app';
import { SANDBOX_ORIGIN } from '../../helpers/sandbox';
import { CHUNK_TIMEOUT_MS, importChunks, textOf, type } from '../../helpers/widget';

// The drawer's parts and texts load on first use: here once, so that the tests wait for the components.
beforeAll(async () => {
  await importChunks('textsEn', 'textsDe', 'langDe', 'cartEdits', 'cartV1', 'productCalls');
  await import('../../../src/widgets/cart-drawer/marketing');
}, CHUNK_TIMEOUT_MS);

/** The page the tests run on (happy-dom's address); a test that moves it moves it back. */
const HOME = 'http://localhost:4000/shop';

const app = reactRoot();
afterEach(async () => {
  await app.cleanup();
  history.replaceState(null, '', HOME);
});

/** The app's storefront (`useStorefront()`), read by the test. */
let api: ReturnType<typeof useStorefront> | undefined;
function Controls(): ReactElement | null {
  api = useStorefront();
  return null;
}
const cart = probe(useCart);

/** The app, as a dev server renders it: StrictMode, the provider with `props`, the drawer. */
function show(p: Platform, props: Partial<StorefrontProviderProps>) {
  return app.show(
    <StrictMode>
      <StorefrontProvider clientId="demo-client" apiBase={SANDBOX_ORIGIN} fetch={p.sandboxFetch} {...props}>
        <Controls />
        <cart.Probe />
        <CartDrawer />
      </StorefrontProvider>
    </StrictMode>,
  );
}

/** A part of the drawer, by its `part` name. */
const part = (name: string) => shadowOf('sf-cart-drawer').querySelector<HTMLElement>(`[part="${name}"]`);

describe('the drawer’s marketing parts from the provider’s props', () => {
  it(
    'shows the free-shipping bar, the cross-sell and the note in the provider’s language, with one catalogue read',
    async () => {
      const p = app.platform();
      await show(p, { lang: 'de', freeShippingOver: 100, crossSell: 'home-goods', cartNote: true });
      await act(async () => void (await api?.addToCart(p.productId('stoneware-mug'))));
      await act(async () => api?.openCart());
      await openDialog('sf-cart-drawer');

      // 100 − 18 (the mug), in German, the bar's value the mug's price.
      await expect
        .poll(() => textOf(part('free-shipping')?.querySelector('.free-shipping-line')), {
          timeout: CHUNK_TIMEOUT_MS,
        })
        .toBe('Noch 82,00 $ bis zum kostenlosen Versand');
      expect(
        part('free-shipping')?.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow'),
      ).toBe('18');

      // The collection's products that are not in the cart and need no choice (the candle has options, and no
      // quick view on this page shows it): the pothos.
      await expect
        .poll(() => [...(part('cross-sell')?.querySelectorAll('.offer-name bdi') ?? [])].map(textOf), {
          timeout: CHUNK_TIMEOUT_MS,
        })
        .toEqual(['Pothos in a Ceramic Pot']);
      expect(textOf(part('cross-sell')?.querySelector('h3'))).toBe('Das könnte dir auch gefallen');
      // StrictMode's second run of the effects reads nothing again.
      expect(p.requestsTo('/products/query-platformized')).toHaveLength(1);

      // The note, saved on the cart when the field is left.
      const note = part('note') as HTMLDetailsElement;
      expect(textOf(note.querySelector('summary'))).toBe('Notiz hinzufügen');
      const field = note.querySelector('textarea') as HTMLTextAreaElement;
      await act(async () => {
        await type(field as unknown as HTMLInputElement, 'Bitte als Geschenk verpacken');
        field.dispatchEvent(new FocusEvent('blur'));
        field.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
      });
      await expect
        .poll(() => [...p.sandbox.context.state.carts.values()].map((c) => c.buyerNote), {
          timeout: CHUNK_TIMEOUT_MS,
        })
        .toContain('Bitte als Geschenk verpacken');
    },
    CHUNK_TIMEOUT_MS,
  );

  it(
    'shows none of them without their props',
    async () => {
      const p = app.platform();
      await show(p, { lang: 'en' });
      await act(async () => void (await api?.addToCart(p.productId('stoneware-mug'))));
      await act(async () => api?.openCart());
      await openDialog('sf-cart-drawer');
      await expect
        .poll(() => shadowOf('sf-cart-drawer').querySelector('.line'), { timeout: CHUNK_TIMEOUT_MS })
        .toBeTruthy();
      expect(['free-shipping', 'cross-sell', 'note'].map(part)).toEqual([null, null, null]);
      expect(p.requestsTo('/products/query-platformized')).toHaveLength(0);
    },
    CHUNK_TIMEOUT_MS,
  );
});

describe('the links in React', () => {
  it(
    'couponParam: the code leaves the address (the rest stays) and is applied with the first add',
    async () => {
      history.replaceState(null, '', `${HOME}?promo=SAVE10&utm_source=mail#top`);
      const p = app.platform();
      await show(p, { lang: 'en', couponParam: 'promo' });
      await expect.poll(() => location.search, { timeout: CHUNK_TIMEOUT_MS }).toBe('?utm_source=mail');
      expect(location.hash).toBe('#top');
      await act(async () => void (await api?.addToCart(p.productId('stoneware-mug'))));
      await expect.poll(() => cart.current.coupon.code, { timeout: CHUNK_TIMEOUT_MS }).toBe('SAVE10');
    },
    CHUNK_TIMEOUT_MS,
  );

  it(
    '?sf-cart=open opens the drawer once (StrictMode too), and leaves the address',
    async () => {
      history.replaceState(null, '', `${HOME}?sf-cart=open`);
      const p = app.platform();
      await show(p, { lang: 'en' });
      const dialog = await openDialog('sf-cart-drawer');
      expect(location.search).toBe('');
      expect(dialog.open).toBe(true);
    },
    CHUNK_TIMEOUT_MS,
  );
});
