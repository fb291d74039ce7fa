import type { PersistOptions, PersistStorage } from 'zustand/middleware';
import type { TokenRole } from '../api/types/enums';
import { EMPTY_TOKENS, parseTokens, type Tokens } from '../auth/session';
import type { KeyValueStorage } from '../auth/storage';

/** What the store persists of itself: the token pair, nothing else. */
interface Persisted {
  tokens: Tokens;
}

/** The key the tokens have always been stored under (`sf:<clientId>:tokens` in localStorage). */
export const TOKENS_KEY = 'tokens';

/**
 * zustand `persist` options for the store's token pair. The stored value is the `Tokens` JSON itself, as every
 * earlier version wrote it under the same key (not persist's `{ state, version }` envelope), so nobody already
 * signed in is signed out by an upgrade, and a tab still running an older version reads what this one writes.
 * persist saves on every change of the store: the tokens are written only when they changed since they were
 * last read or written here, so an unrelated change in this tab never puts back tokens that another tab has
 * since replaced.
 */
export function tokenPersistence<S extends { session: { tokens: Tokens; role: TokenRole } }>(
  storage: KeyValueStorage,
) {
  /** The tokens as this tab last read or wrote them (no stored tokens read as none: nothing to write). */
  let synced = '';
  const read = () => {
    const raw = storage.get(TOKENS_KEY);
    const tokens = parseTokens(raw);
    synced = JSON.stringify(tokens);
    return { raw, tokens };
  };
  const persisted: PersistStorage<Persisted> = {
    getItem: () => {
      const { raw, tokens } = read();
      return raw === null ? null : { state: { tokens }, version: 0 };
    },
    setItem: (_name, { state }) => {
      const raw = JSON.stringify(state.tokens);
      if (raw === synced) return;
      synced = raw;
      storage.set(TOKENS_KEY, raw);
    },
    removeItem: () => storage.remove(TOKENS_KEY),
  };
  const options: PersistOptions<S, Persisted> = {
    name: TOKENS_KEY,
    storage: persisted,
    partialize: (state) => ({ tokens: state.session.tokens }),
    merge: (stored, current) => {
      const tokens = (stored as Persisted | undefined)?.tokens ?? current.session.tokens;
      return { ...current, session: { ...current.session, tokens, role: tokens.refreshToken.role } };
    },
  };
  return {
    options,
    /** The persisted tokens, read now. */
    read: () => read().tokens,
    /** The session part of a store that has no tokens yet. */
    empty: { tokens: EMPTY_TOKENS, role: 'none' as TokenRole },
  };
}
