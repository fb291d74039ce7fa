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
  'consent',
] as const;

type Holder = { Storefront?: { q?: unknown[][]; loaded?: boolean } & Record<string, unknown> };

/**
 * Puts up `window.Storefront` as a queue: a site's own `{q: [...]}` (a snippet that ran before the tag) is
 * kept and given the methods. Returns false when the bundle is already here: nothing more to do.
 */
export function installQueueStub(win: Holder): boolean {
  let existing = win.Storefront;
  if (existing?.loaded) {
    // Ours (the real API has every method), or something else's that took the name.
    if (typeof existing.getState === 'function') return false;
    console.warn('[storefront] replacing a window.Storefront set by another script');
    existing = undefined;
  }
  const stub = existing?.q ? existing : { q: [] as unknown[][] };
  const queue = stub.q as unknown[][];
  for (const name of STOREFRONT_METHODS)
    (stub as Record<string, unknown>)[name] ??= (...args: unknown[]) => void queue.push([name, ...args]);
  win.Storefront = stub;
  return true;
}
