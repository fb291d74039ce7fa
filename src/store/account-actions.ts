import { getCurrentMember } from '../api/current-member';
import { lazyActions } from './lazy-actions';
import type { SliceContext, StorefrontActions, StorefrontState } from './types';

const MEMBER_ACTIONS = ['saveSlug', 'setCommunity', 'deleteAccount', 'openAccountSection'] as const;

type AccountActions = Pick<
  StorefrontActions,
  (typeof MEMBER_ACTIONS)[number] | 'loadMember' | 'signOut' | 'openLogin' | 'closeLogin' | 'dismissNotice'
>;

/**
 * The member's slice and the account's actions: the member read, the login modal's opening, signing out, and
 * the member menu's actions (their code downloads with the menu, `member-actions.ts`).
 */
export function accountActions(ctx: SliceContext): Pick<StorefrontState, 'member'> & AccountActions {
  const { set, get, deps, session, emit, here, patchUi } = ctx;
  return {
    member: { status: session.loggedIn() ? 'loading' : 'none', member: null },
    // Offline, each of the menu's actions answers as a network failure.
    ...lazyActions(
      () => import('./member-actions').then((module) => module.memberActions(ctx)),
      MEMBER_ACTIONS,
      Object.fromEntries(MEMBER_ACTIONS.map((name) => [name, { key: 'networkError' }])),
    ),

    async loadMember() {
      if (!session.loggedIn()) {
        set({ member: { status: 'none', member: null } });
        return;
      }
      set((s) => ({ member: { ...s.member, status: 'loading' } }));
      try {
        const { member } = await getCurrentMember(session.client, { fieldsets: ['FULL'] });
        set({ member: { status: 'ready', member } });
      } catch {
        set((s) => ({
          member: { status: session.loggedIn() ? 'error' : 'none', member: s.member.member },
        }));
      }
    },

    async signOut(options = {}) {
      const { logoutUrl } = await session.logout(here(), options);
      if (logoutUrl && deps.navigate) deps.navigate(logoutUrl);
    },

    openLogin(intent = { view: 'signIn' }) {
      if (get().ui.loginOpen) return;
      patchUi({ loginOpen: true, loginIntent: intent });
      emit('login:opened', {});
    },
    closeLogin() {
      if (!get().ui.loginOpen) return;
      patchUi({ loginOpen: false });
      emit('login:closed', {});
    },
    dismissNotice: () => set((s) => ({ session: { ...s.session, notice: null } })),
  };
}
