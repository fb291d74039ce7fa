import type { EmbedConfig } from '../config';
import { type Consent, consentChoiceOf, consentModeOf, consentNow } from './consent';
import { type AnalyticsEvent, analyticsOf, type CartSummary, MAX_ITEMS, type Memory } from './events';
import type { Analytics, StoreEvent } from './types';

/** The tags the widgets feed (`data-analytics`). */
const TARGETS = ['ga4', 'meta'] as const;
type Target = (typeof TARGETS)[number];

/** What the page's tags hang on the window: GTM's `dataLayer`, Meta's `fbq`. */
type TagWindow = Window & {
  dataLayer?: unknown[];
  fbq?: (...args: unknown[]) => void;
};

/** `data-analytics`'s words, checked: the others are said on the console and left out. */
export function targetsOf(given: string | undefined): Set<Target> {
  const targets = new Set<Target>();
  for (const word of (given ?? '')
    .trim()
    .toLowerCase()
    .split(/[\s,]+/)
    .filter(Boolean)) {
    if ((TARGETS as readonly string[]).includes(word)) targets.add(word as Target);
    else console.error(`[storefront] data-analytics "${word}" is not ga4 or meta; left out`);
  }
  return targets;
}

/** `data-consent`: `required`, else nothing (another word is said on the console). */
function consentRequired(given: string | undefined): boolean {
  const word = given?.trim().toLowerCase();
  if (word && word !== 'required')
    console.error(`[storefront] data-consent "${given}" is not required; analytics run without waiting`);
  return word === 'required';
}

/** Where a checkout's lines wait for its order (`purchase`), in the tab's session storage. */
const CHECKOUT_KEY = 'storefront-widgets:analytics-checkout';

/** A stored summary, if it is one (storage is outside data): the shape `summaryOf` writes. */
export function summaryIn(raw: unknown): CartSummary | undefined {
  const cart = (raw ?? {}) as Record<string, unknown>;
  const number = (value: unknown) => typeof value === 'number' && Number.isFinite(value) && value >= 0;
  const text = (value: unknown) => typeof value === 'string' && value.length <= 500;
  const items = cart.items;
  const ok =
    typeof cart.currency === 'string' &&
    /^([A-Z]{3})?$/.test(cart.currency) &&
    (cart.coupon === undefined || text(cart.coupon)) &&
    [cart.tax, cart.shipping].every((figure) => figure === undefined || number(figure)) &&
    Array.isArray(items) &&
    items.length <= MAX_ITEMS &&
    items.every((raw: unknown) => {
      const item = (raw ?? {}) as Record<string, unknown>;
      return (
        [item.productId, item.name, item.variant].every(text) &&
        number(item.price) &&
        Number.isInteger(item.quantity) &&
        number(item.quantity) &&
        (item.discount === undefined || number(item.discount))
      );
    });
  return ok ? (cart as unknown as CartSummary) : undefined;
}

/**
 * What a checkout started here checked out, kept (with the visitor's consent only) in the tab's session storage
 * for the page its order leads back to, and taken once.
 */
function checkoutMemory(win: Window, allowed: () => boolean): Memory['checkouts'] {
  const storage = (): Storage | undefined => {
    try {
      return win.sessionStorage;
    } catch {
      return undefined; // (storage refused: the order is announced without its lines)
    }
  };
  return {
    save(checkoutId, cart) {
      try {
        if (allowed()) storage()?.setItem(CHECKOUT_KEY, JSON.stringify({ checkoutId, cart }));
      } catch {
        // full: the order is announced without its lines
      }
    },
    take(checkoutId) {
      const raw = storage()?.getItem(CHECKOUT_KEY);
      storage()?.removeItem(CHECKOUT_KEY);
      try {
        const kept = JSON.parse(raw ?? 'null') as { checkoutId?: unknown; cart?: unknown } | null;
        return kept?.checkoutId === checkoutId ? summaryIn(kept.cart) : undefined;
      } catch {
        return undefined;
      }
    },
  };
}

/** An id no other event has (Meta's `eventID`, for the site's Conversions API to deduplicate). */
function newId(win: Window): string {
  const crypto = win.crypto as Crypto | undefined;
  if (crypto?.randomUUID) return crypto.randomUUID();
  const bytes = crypto?.getRandomValues(new Uint8Array(16)) ?? [Date.now(), Math.random() * 2 ** 52];
  return [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Tells the page's tags of one action: GA4's event on `dataLayer` (after `{ecommerce: null}`, as Google Tag
 * Manager asks, so the last event's items do not merge into this one's), Meta's to `fbq` where the page has
 * Meta's pixel and the visitor consented to ads, and `sf:analytics` on the document for any other tag.
 */
function send(win: TagWindow, targets: Set<Target>, consent: Consent, event: AnalyticsEvent): void {
  if (targets.has('ga4')) {
    // Created when missing (a tag that loads later takes what is queued), never replaced.
    win.dataLayer ??= [];
    // (GTM's own `push` replaces the array's: whatever it is, it is the page's to call.)
    const layer = win.dataLayer as { push?: unknown };
    if (typeof layer.push === 'function') {
      if (event.ga4.ecommerce) win.dataLayer.push({ ecommerce: null });
      win.dataLayer.push(event.ga4);
    }
  }
  if (targets.has('meta') && consent.ads && event.meta && typeof win.fbq === 'function') {
    win.fbq('track', event.meta.event, event.meta.params, { eventID: event.eventId });
  }
  win.document.dispatchEvent(new CustomEvent('sf:analytics', { detail: event }));
}

/**
 * The page's analytics (`./tap.ts` loads this with the first event): each store event as the tags' events,
 * sent while the visitor's consent allows (`./consent.ts`); an event without consent is dropped, not kept for
 * later.
 */
export function startAnalytics(config: EmbedConfig, win: Window): Analytics {
  const targets = targetsOf(config.analytics);
  const required = consentRequired(config.consent);
  const tagWindow = win as TagWindow;
  let told: Consent | undefined;
  const consentHere = () => consentNow(told, consentModeOf(tagWindow.dataLayer), required);
  const memory: Memory = {
    viewCart: false,
    registered: false,
    lists: new WeakMap(),
    checkouts: checkoutMemory(win, () => consentHere().analytics),
  };
  return {
    hear(name, detail, state) {
      if (name === 'consent') {
        told = consentChoiceOf(detail) ?? told;
        return;
      }
      // Worked out whatever the consent, so that what waits (the drawer's cart) is not left for later.
      const events = analyticsOf({ name, detail, state } as StoreEvent, memory);
      const consent = consentHere();
      if (!consent.analytics) return;
      for (const event of events)
        send(tagWindow, targets, consent, { ...event, eventId: event.eventId ?? newId(win) });
    },
  };
}
