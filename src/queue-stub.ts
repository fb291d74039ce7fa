/**
 * Every method of `window.Storefront`. Before the bundle is here, embed.js offers each of them as a stub that
 * queues the call; the loader replays the queue in order once it has replaced the stub with the real API.
 */
export const STOREFRONT_METHODS = [
  'openCart',
  'closeCart',
  'addToCart',
  'signIn',
  'register',
  'signOut',
  'setCaptchaProvider',
  'on',
  'off',
  'getState',
] as const;

type Holder = { Storefront?: { q?: unknown[][]; loaded?: boolean } & Record<string, unknown> };

/**
 * Puts up `window.Storefront` as a queue, unless the page already has one (a site's own snippet) or the bundle
 * is already here. Returns false in that last case: nothing more to do.
 */
export function installQueueStub(win: Holder): boolean {
  const existing = win.Storefront;
  if (existing?.loaded) return false;
  if (!existing?.q) {
    const queue: unknown[][] = [];
    const stub: Record<string, unknown> = { q: queue };
    for (const name of STOREFRONT_METHODS)
      stub[name] = (...args: unknown[]) => void queue.push([name, ...args]);
    win.Storefront = stub;
  }
  return true;
}
