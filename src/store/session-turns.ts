import type { TokensChange } from '../auth/session';
import { CART_CACHE_KEY, EMPTY_CART } from './cart-model';
import type { CartCore, SessionTurn } from './types';

/** What the page does when the shopper signs in, signs out, or their member session ends. */
export function sessionTurns(core: CartCore): (turn: SessionTurn, change?: TokensChange) => void {
  const { get, set, emit, deps } = core.ctx;
  return (turn, change) => {
    // Another tab's sign-in (the tokens it stored), which this one follows.
    const otherTab = change === 'external';
    if (turn === 'signedIn') {
      void get()
        .loadMember()
        .then(() => emit('member:signedIn', { member: get().member.member, otherTab }));
      void get().loadCart();
    } else if (turn === 'signedOut') {
      set({ member: { status: 'none', member: null } });
      emit('member:signedOut', {});
      set((s) => ({ cart: { ...EMPTY_CART, status: s.cart.status === 'idle' ? 'idle' : 'ready' } }));
      deps.storage.remove(CART_CACHE_KEY);
      emit('cart:updated', { count: 0, cart: null });
    } else {
      set((s) => ({
        session: { ...s.session, notice: { key: 'sessionExpired' } },
        member: { status: 'none', member: null },
      }));
      emit('session:expired', {});
      emit('member:signedOut', {});
      void get().loadCart();
    }
  };
}
