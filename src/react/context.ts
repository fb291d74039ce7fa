import { createContext, useContext } from 'react';
import type { Started } from '../start';
import type { LiveStorefront } from './live';

/**
 * The provider's storefront. `started` is what renders read: the current storefront with the provider's
 * current settings, null on the server and in the client's first render, before it starts. `live` is what
 * actions and callbacks use: whichever storefront is current when they run.
 */
export const StorefrontContext = createContext<{
  started: Started | null;
  live: LiveStorefront;
} | null>(null);

/** The provider's value; a clear error for a component used outside `<StorefrontProvider>`. */
export function useStorefrontContext(hook: string) {
  const value = useContext(StorefrontContext);
  if (!value) throw new Error(`${hook} must be used inside <StorefrontProvider clientId="…">`);
  return value;
}
