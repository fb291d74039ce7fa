import type { TokenHolder, Tokens, TokensChange, TokensListener } from './tokens';

/**
 * The token pair as the session's parts use it: the holder's, with every change told to the listeners and
 * why. Its functions need no `this`, so the session hands them out as its own (`getTokens`, `reload`, …).
 */
export interface WatchedTokens {
  get(): Tokens;
  /** Stores the tokens and tells the listeners why they changed. */
  set(tokens: Tokens, change: TokensChange): void;
  /** Takes what another tab stored; tells the listeners when it differs from what they know. */
  reload(): Tokens;
  /** Listens to token changes; returns the unsubscribe. */
  subscribe(listener: TokensListener): () => void;
}

export function watchTokens(holder: TokenHolder): WatchedTokens {
  const listeners = new Set<TokensListener>();
  /** The tokens listeners last heard of, to tell another tab's change (it comes through storage) from none. */
  let lastRaw = JSON.stringify(holder.get());

  const notify = (tokens: Tokens, change: TokensChange) => {
    for (const listener of [...listeners]) {
      try {
        listener(tokens, change);
      } catch (error) {
        console.error('[storefront] a session listener failed:', error);
      }
    }
  };

  return {
    get: () => holder.get(),
    set(tokens, change) {
      holder.set(tokens);
      lastRaw = JSON.stringify(tokens);
      notify(tokens, change);
    },
    reload() {
      holder.reload?.();
      const tokens = holder.get();
      const raw = JSON.stringify(tokens);
      if (raw !== lastRaw) {
        lastRaw = raw;
        notify(tokens, 'external');
      }
      return tokens;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
