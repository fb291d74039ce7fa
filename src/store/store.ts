import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Tokens } from '../auth/session';
import { accountActions } from './account-actions';
import { cartActions, firstCartRead } from './cart-actions';
import { createCartCore } from './cart-core';
import { productActions } from './product-actions';
import { followSession } from './session-changes';
import { signInActions } from './sign-in-actions';
import { tokenPersistence } from './tokens';
import type {
  CartCore,
  SliceContext,
  StoreDeps,
  Storefront,
  StorefrontActions,
  StorefrontState,
} from './types';

export {
  countOf,
  EMPTY_CART,
  isOlder,
  MAX_QUANTITY,
  RECHECK_MS,
  UNSURE_KEY,
  UNSURE_MS,
} from './cart-model';
export { problemOf } from './problems';
export type * from './types';

/**
 * The page's one store: session, member, cart, UI, sign-in and catalogue slices, with the actions the widgets
 * and the host page call, each slice's in a module of its own. Made by a factory (never a module singleton)
 * from its dependencies, so tests pass fakes; it listens to the session and the other tabs from `start()`
 * until `destroy()`.
 *
 * @example
 * const store = createStorefrontStore({ session, storage });
 * await store.getState().start();
 * store.subscribe((state) => render(state.cart.count));
 */
export function createStorefrontStore(deps: StoreDeps): Storefront {
  const persistence = tokenPersistence(deps.storage);
  // The session is made first (the actions below call it); until the store exists, the tokens are what the
  // store will start with: the stored ones.
  /** The zustand store, once created (the session below is made before it). */
  let vanilla: StoreApi<StorefrontState & StorefrontActions> | undefined;
  const setTokens = (tokens: Tokens) =>
    vanilla?.setState((s) => ({ session: { ...s.session, tokens, role: tokens.refreshToken.role } }));
  const session = deps.session({
    get: () => (vanilla ? vanilla.getState().session.tokens : persistence.read()),
    set: setTokens,
    reload: () => setTokens(persistence.read()),
  });
  const emit: SliceContext['emit'] = deps.emit ?? (() => {});
  const here = deps.location ?? (() => (typeof location === 'undefined' ? '' : location.href));
  let core: CartCore | undefined;
  /** Ends listening to the session and the other tabs (started by `start()`). */
  let stopListening: (() => void) | undefined;

  vanilla = createStore<StorefrontState & StorefrontActions>()((set, get) => {
    const ctx: SliceContext = {
      set,
      get,
      deps,
      session,
      emit,
      here,
      now: deps.now ?? Date.now,
      patchUi: (patch) => set((s) => ({ ui: { ...s.ui, ...patch } })),
    };
    const cartCore = createCartCore(ctx);
    core = cartCore;
    const firstRead = firstCartRead(cartCore);
    const stored = persistence.read();
    return {
      session: { tokens: stored, role: stored.refreshToken.role, notice: null },
      ui: { cartOpen: false, loginOpen: false, loginIntent: { view: 'signIn' } },
      ...cartActions(cartCore),
      ...accountActions(ctx),
      ...signInActions(ctx),
      ...productActions(ctx),

      listen() {
        if (stopListening) return;
        const offSession = followSession(cartCore);
        const offTabs = deps.channel && cartCore.listen(deps.channel);
        stopListening = () => {
          offSession();
          offTabs?.();
        };
      },

      /** Listens to the session and the other tabs, then shows the cart and the member. */
      async start() {
        get().listen();
        await Promise.all([firstRead(), session.loggedIn() ? get().loadMember() : undefined]);
      },

      destroy() {
        get().cancelSignIn();
        stopListening?.();
        stopListening = undefined;
        core?.stop();
      },
    };
  });
  // The tokens are stored when they change (`./tokens.ts`).
  vanilla.subscribe((state) => persistence.write(state.session.tokens));
  return Object.assign(vanilla, { session });
}
