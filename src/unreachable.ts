import { isSystemError } from './api/errors';

const told = new WeakSet<Window>();

/**
 * Says once on the console, naming the page's origin, when the platform cannot be reached from it (a browser
 * online, as the call failed: `start.ts`): the shop at another origin refuses a page its OAuth client does not allow, which the browser calls
 * only a CORS error, so the line also says how to allow the origin in the sandbox. Loaded on a failed call
 * only (`start.ts`): the first page carries none of it.
 */
export function tell(win: Window, error: Error): void {
  if (told.has(win) || !isSystemError(error) || !(error.cause instanceof TypeError)) return;
  told.add(win);
  const origin = win.location.origin;
  console.error(
    `[storefront] the shop cannot be reached from ${origin}: is this origin allowed? (the sandbox: npx storefront-widgets sandbox --origin ${origin})`,
  );
}
