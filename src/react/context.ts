import { createContext, useContext } from 'react';
import type { EmbedConfig } from '../config';
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
  /**
   * The provider's settings from its props alone (not the page's `<html lang>` or colour scheme): the same on
   * the server and in the client's first render, for what renders before the storefront starts.
   */
  initial: EmbedConfig;
} | null>(null);

/** The provider's value; a clear error for a component used outside `<StorefrontProvider>`. */
export function useStorefrontContext(hook: string) {
  const value = useContext(StorefrontContext);
  if (!value) throw new Error(`${hook} must be used inside <StorefrontProvider clientId="…">`);
  return value;
}
