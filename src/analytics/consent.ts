/**
 * The visitor's consent to analytics, as the site tells it: `Storefront.consent()` (React: the provider's
 * `consent` prop or `useConsent()`), else Google's Consent Mode v2 where the page uses it, else what the script
 * tag says without a word (`data-consent="required"`: nothing; otherwise everything).
 */

/** What the visitor consented to: analytics (GA4, the `sf:analytics` event) and ads (Meta's pixel too). */
export interface Consent {
  analytics: boolean;
  ads: boolean;
}

/** Consent Mode's names for the two (`gtag('consent', 'update', {analytics_storage: 'granted'})`). */
const MODE_KEYS = [
  ['analytics_storage', 'analytics'],
  ['ad_storage', 'ads'],
] as const;

/**
 * Consent Mode v2's state as the page's `gtag('consent', 'default' | 'update', {…})` calls pushed it to
 * `dataLayer` (gtag pushes its `arguments`), in order: undefined when the page has said nothing of it. A
 * default for some regions only (`region: […]`) is read where it denies and not where it grants: the visitor
 * may be outside them.
 */
export function consentModeOf(dataLayer: unknown): Partial<Consent> | undefined {
  if (!Array.isArray(dataLayer)) return undefined;
  let state: Partial<Consent> | undefined;
  for (const entry of dataLayer as unknown[]) {
    const call = entry as Record<number, unknown> | null;
    if (typeof call !== 'object' || call?.[0] !== 'consent') continue;
    const [command, given] = [call[1], call[2] as Record<string, unknown> | null];
    if ((command !== 'default' && command !== 'update') || typeof given !== 'object' || !given) continue;
    const regional = command === 'default' && Array.isArray(given.region);
    for (const [key, name] of MODE_KEYS) {
      const value = given[key];
      if (value !== 'granted' && value !== 'denied') continue;
      if (regional && value === 'granted') continue;
      state = { ...state, [name]: value === 'granted' };
    }
  }
  return state;
}

/** A `Storefront.consent()` argument, checked (it is the site's code's); undefined, with a message, if not one. */
export function consentChoiceOf(choice: unknown): Consent | undefined {
  const given = (choice ?? {}) as { analytics?: unknown; ads?: unknown };
  if (typeof given.analytics !== 'boolean' || !(given.ads === undefined || typeof given.ads === 'boolean')) {
    console.error(
      '[storefront] Storefront.consent() needs {analytics: true} or {analytics: false} (and ads: true or false, if given)',
    );
    return undefined;
  }
  return { analytics: given.analytics, ads: given.ads ?? given.analytics };
}

/**
 * The consent in force: the site's last `Storefront.consent()`, else Consent Mode's word for each, else
 * `required`'s default (none) or everything.
 */
export function consentNow(
  told: Consent | undefined,
  mode: Partial<Consent> | undefined,
  required: boolean,
): Consent {
  if (told) return told;
  const analytics = mode?.analytics ?? !required;
  return { analytics, ads: analytics && (mode?.ads ?? !required) };
}
