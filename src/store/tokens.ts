import { parseTokens, TOKENS_KEY, type Tokens } from '../auth/session';
import type { KeyValueStorage } from '../auth/storage';

/**
 * The store's token pair in storage. The stored value is the `Tokens` JSON itself, as every earlier version
 * wrote it under the same key, so nobody already signed in is signed out by an upgrade, and a tab still
 * running an older version reads what this one writes. The store writes on each of its changes, but the
 * tokens are stored only when they changed since they were last read or written here, so an unrelated change
 * in this tab never puts back tokens that another tab has since replaced.
 *
 * (zustand's `persist` middleware did this until issue 14, through options that undid most of what it does:
 * its `{state, version}` envelope, its merge and its partial state. These lines are 0.6 KB gzip less on every
 * page.)
 */
export function tokenPersistence(storage: KeyValueStorage) {
  /** The tokens as this tab last read or wrote them (no stored tokens read as none: nothing to write). */
  let synced = '';
  return {
    /** The stored tokens (none when nothing is stored), read now. */
    read(): Tokens {
      const tokens = parseTokens(storage.get(TOKENS_KEY));
      synced = JSON.stringify(tokens);
      return tokens;
    },
    /** Stores the tokens if they changed since this tab last read or wrote them. */
    write(tokens: Tokens) {
      const raw = JSON.stringify(tokens);
      if (raw === synced) return;
      synced = raw;
      storage.set(TOKENS_KEY, raw);
    },
  };
}
