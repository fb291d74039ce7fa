import { createContext, useContext } from 'react';
import type { Started } from '../start';

/** The provider's storefront: null on the server and in the client's first render, before it starts. */
export const StorefrontContext = createContext<{
  started: Started | null;
  whenStarted: Promise<Started>;
} | null>(null);

/** The provider's value; a clear error for a component used outside `<StorefrontProvider>`. */
export function useStorefrontContext(hook: string) {
  const value = useContext(StorefrontContext);
  if (!value) throw new Error(`${hook} must be used inside <StorefrontProvider clientId="…">`);
  return value;
}
