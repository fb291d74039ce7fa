import { type RefObject, useEffect } from 'react';
import type { Member } from '../api/types/members';
import type { Started } from '../start';
import type { PlacedOrder, StoreDeps } from '../store/store';
import type { LiveStorefront } from './live';
import { describeProblem, type Problem, watchProblems } from './problems';

/**
 * A checkout made, before the browser goes to the platform's checkout page (`url`). `preventDefault()` keeps
 * it on the page: an app that routes itself takes it from there (its own review page, then `url`).
 */
export interface CheckoutEvent {
  /** The platform's checkout (on Cart V2, which has none, the cart's id). */
  checkoutId: string;
  /** The platform's checkout page for it, which leads back to this page. */
  url: string;
  /** Keeps the browser on the page (the checkout button is ready again). */
  preventDefault(): void;
  readonly defaultPrevented: boolean;
}

/** Why the member is signed out: she signed out (here or in another tab), or the platform ended her session. */
export interface SignOutEvent {
  reason: 'signedOut' | 'expired';
}

/** The provider's callbacks: what the storefront tells the app. The latest given are called. */
export interface StorefrontCallbacks {
  /**
   * A checkout was made (the drawer's button, `useCart().checkout()`): called before the browser goes to the
   * platform's checkout page, which `event.preventDefault()` stops.
   */
  onCheckout?: (event: CheckoutEvent) => void;
  /**
   * A problem the widgets show (the cart's, the coupon's, the estimate's, the checkout's, the session's, a
   * sign-in's, the catalogue's), once as it appears, its `message` in the provider's language.
   */
  onError?: (problem: Problem) => void;
  /** A member signed in (the modal, the hosted login page, another tab), once her profile is read. */
  onSignIn?: (event: { member: Member | null }) => void;
  onSignOut?: (event: SignOutEvent) => void;
  /** The visitor came back from the platform's checkout with an order placed (confirmed by the platform). */
  onOrderPlaced?: (order: PlacedOrder) => void;
}

/** The store's `beforeCheckout`: the provider's `onCheckout` (a failing one lets the browser go). */
export function checkoutGate(
  callbacks: RefObject<StorefrontCallbacks>,
): NonNullable<StoreDeps['beforeCheckout']> {
  return ({ checkoutId, url }) => {
    let prevented = false;
    const event: CheckoutEvent = {
      checkoutId,
      url,
      preventDefault: () => {
        prevented = true;
      },
      get defaultPrevented() {
        return prevented;
      },
    };
    try {
      callbacks.current.onCheckout?.(event);
    } catch (error) {
      console.error('[storefront] <StorefrontProvider onCheckout> failed:', error);
    }
    return !prevented;
  };
}

/**
 * Calls the provider's callbacks (the latest, from `callbacks`) for the events of whichever storefront is
 * current, and for the problems its store comes to show, in the language of the provider's settings then.
 */
export function useCallbacks(
  live: LiveStorefront,
  store: Started['store'] | undefined,
  callbacks: RefObject<StorefrontCallbacks>,
): void {
  useEffect(() => {
    const call = <A>(name: keyof StorefrontCallbacks, arg: A) =>
      (callbacks.current[name] as ((arg: A) => void) | undefined)?.(arg);
    // A session that ended is told as `session:expired`, then `member:signedOut`.
    let expired = false;
    const offs = [
      live.api.on('member:signedIn', ({ member }) => call('onSignIn', { member })),
      live.api.on('session:expired', () => {
        expired = true;
      }),
      live.api.on('member:signedOut', () => {
        const reason = expired ? 'expired' : 'signedOut';
        expired = false;
        call('onSignOut', { reason } satisfies SignOutEvent);
      }),
      live.api.on('order:placed', ({ orderId, orderNumber }) =>
        call('onOrderPlaced', { orderId, orderNumber }),
      ),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [live, callbacks]);

  useEffect(() => {
    if (!store) return;
    return watchProblems(store, (raw, scope) => {
      const config = live.current()?.config;
      if (!callbacks.current.onError || !config) return;
      describeProblem(raw, scope, config)
        .then((problem) => callbacks.current.onError?.(problem))
        .catch((error: unknown) => console.error('[storefront] <StorefrontProvider onError> failed:', error));
    });
  }, [live, store, callbacks]);
}
