import type { TokenRole } from '../api/types/enums';
import type { TokensChange } from '../auth/session';
import { loadOnce } from '../chunks';
import type { CartCore, SessionTurn } from './types';

/**
 * Listens to the session's tokens (a sign-in here or in another tab, a sign-out, a member session that ended):
 * the cart's newest is forgotten at once (another shopper: another cart, maybe an older one), and the member
 * and the cart follow the shopper (`./session-turns.ts`, downloaded with the first such change: a page whose
 * visitor never signs in or out never needs it). Returns the end of listening.
 */
export function followSession(core: CartCore): () => void {
  const { session } = core.ctx;
  // The role listeners last heard of: the store's own changes with the tokens, before the session tells.
  let heardRole: TokenRole = session.role();
  // In the order they came: each waits on the same download.
  const turns = loadOnce(() => import('./session-turns').then((module) => module.sessionTurns(core)));
  return session.subscribe((_tokens: unknown, change: TokensChange) => {
    const role = session.role();
    const wasMember = heardRole === 'member';
    heardRole = role;
    const turn: SessionTurn | null =
      change === 'signedIn' || (change === 'external' && role === 'member' && !wasMember)
        ? 'signedIn'
        : change === 'signedOut' || (change === 'external' && role !== 'member' && wasMember)
          ? 'signedOut'
          : change === 'expired'
            ? 'expired'
            : null;
    if (!turn) return;
    core.forget();
    // The member shows as loading at once (the badge keeps its place and its focus), not after the download.
    if (turn === 'signedIn') core.ctx.set((s) => ({ member: { ...s.member, status: 'loading' } }));
    turns().then(
      (follow) => follow(turn, change),
      (error: unknown) => console.error('[storefront] a sign-in or sign-out could not be followed:', error),
    );
  });
}
