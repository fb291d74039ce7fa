import type { EmbedConfig } from '../config';
import type { StorefrontState } from '../store/types';
import type { Analytics, StoreEvent } from './types';

/**
 * What the storefront tells the page's analytics: an event of the store (with the store's state as it was
 * then), or the site's consent (`consent`).
 */
export type AnalyticsTap = (name: StoreEvent['name'] | 'consent', detail: unknown) => void;

/**
 * The page's analytics, for a page whose script tag names some (`data-analytics`; React's `analytics`), else
 * undefined: its code (`./analytics.ts`) downloads with the first event, and hears every event and consent in
 * the order they came. (As small as it is: every page's first script carries it.)
 */
export function analyticsTap(
  config: EmbedConfig,
  win: Window,
  state: () => StorefrontState,
): AnalyticsTap | undefined {
  let analytics: Promise<Analytics> | undefined;
  return config.analytics
    ? (name, detail) => {
        const now = state();
        analytics ??= import('./analytics').then((module) => module.startAnalytics(config, win));
        analytics.then((a) => a.hear(name, detail, now), console.error);
      }
    : undefined;
}
