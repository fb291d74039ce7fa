import type { StorefrontEvents, StorefrontState } from '../store/types';

/** A store event with the store's state as it was when it was announced. */
export type StoreEvent = {
  [K in keyof StorefrontEvents]: { name: K; detail: StorefrontEvents[K]; state: StorefrontState };
}[keyof StorefrontEvents];

/** The analytics code (`./analytics.ts`): what it does with the store's events and the site's consent. */
export interface Analytics {
  /**
   * An event of the store (`detail`, with the store's `state` then), or `Storefront.consent(choice)`
   * (`consent`: `{analytics: boolean, ads?: boolean}`, checked there).
   */
  hear(name: StoreEvent['name'] | 'consent', detail: unknown, state: StorefrontState): void;
}
