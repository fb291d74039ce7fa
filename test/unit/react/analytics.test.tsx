/**
 * `storefront-widgets/react`'s analytics: the provider's `analytics` and `consent` props and `useConsent()`, on
 * real React (19, and 18 in the react18 project) in happy-dom, against the in-process sandbox.
 */

import { act, createElement, type ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  StorefrontProvider,
  type StorefrontProviderProps,
  useConsent,
  useStorefront,
} from '../../../src/react/index';
import { reactRoot } from '../../helpers/react-app';
import { SANDBOX_ORIGIN } from '../../helpers/sandbox';

const app = reactRoot();
type Tagged = Window & { dataLayer?: unknown[] };
beforeEach(() => {
  (window as Tagged).dataLayer = [];
});
afterEach(() => app.cleanup());

/** The GA4 events pushed so far. */
const names = () =>
  ((window as Tagged).dataLayer ?? []).flatMap((entry) => (entry as { event?: string }).event ?? []);

/** The app's controls: its storefront's `openCart`/`closeCart` and `useConsent()`. */
let controls: { api: ReturnType<typeof useStorefront>; consent: ReturnType<typeof useConsent> } | undefined;
function Controls(): ReactElement | null {
  controls = { api: useStorefront(), consent: useConsent() };
  return null;
}

describe('analytics in React', () => {
  it('sends what analytics={…} asks once the consent prop allows, and stops when it withdraws', async () => {
    const p = app.platform();
    const shop = (consent: StorefrontProviderProps['consent']) => (
      <StorefrontProvider
        clientId="demo-client"
        apiBase={SANDBOX_ORIGIN}
        fetch={p.sandboxFetch}
        analytics={['ga4']}
        consent={consent}
      >
        <Controls />
      </StorefrontProvider>
    );
    /** The cart opened and closed: a `view_cart` where consent allows. */
    const view = () =>
      act(() => {
        controls?.api.openCart();
        controls?.api.closeCart();
      });
    await app.show(shop({ analytics: false }));
    await view();
    // The marker: consent from the hook, a view, then the prop's word again.
    await act(() => controls?.consent({ analytics: true }));
    await view();
    await vi.waitFor(() => expect(names()).toEqual(['view_cart']));

    await app.show(shop({ analytics: true }));
    await view();
    await vi.waitFor(() => expect(names()).toEqual(['view_cart', 'view_cart']));

    await app.show(shop({ analytics: false }));
    await view();
    await act(() => controls?.consent({ analytics: true }));
    await view();
    // The view while the prop said no was dropped.
    await vi.waitFor(() => expect(names()).toEqual(['view_cart', 'view_cart', 'view_cart']));
  });
});
