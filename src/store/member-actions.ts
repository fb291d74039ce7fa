import { isApiError, isSystemError } from '../api/errors';
import { deleteMyMember, joinCommunity, leaveCommunity, updateCurrentMemberSlug } from '../api/members';
import { createRedirectSession } from '../api/redirects';
import type { Member } from '../api/types/members';
import type { MemberActions, MemberProblem, SliceContext } from './types';

/** A failed call in the member's terms; `slug`, the address asked for when that is what failed. */
export function memberProblemOf(error: unknown, slug?: string): MemberProblem {
  if (isSystemError(error) || error instanceof TypeError) return { key: 'networkError' };
  if (!isApiError(error)) return { key: 'failed', detail: String(error) };
  // Another member has the address (409), or it breaks the rules (400: it is the call's one field).
  if (slug && (error.status === 409 || error.status === 400))
    return { key: error.status === 409 ? 'slugTaken' : 'slugInvalid', detail: slug };
  return { key: 'refused', detail: error.message };
}

/**
 * The member's own actions, for the store (`...memberActions(ctx)`): the platform's calls, their failures as
 * `MemberProblem`s, and the member slice kept to the platform's answers, so the badge and its menu follow.
 */
export function memberActions({ set, get, session, deps, here }: SliceContext): MemberActions {
  const api = session.client;
  const accept = (member: Member | undefined) => {
    if (member) set({ member: { status: 'ready', member } });
  };
  /** Runs a call; its failure becomes a problem (never a rejection). */
  const attempt = async (work: () => Promise<void>, slug?: string): Promise<MemberProblem | null> => {
    try {
      await work();
      return null;
    } catch (error) {
      return memberProblemOf(error, slug);
    }
  };

  return {
    async saveSlug(slug) {
      const wanted = slug.trim();
      if (!wanted) return { key: 'slugEmpty' };
      return attempt(async () => accept((await updateCurrentMemberSlug(api, wanted)).member), wanted);
    },

    setCommunity(join) {
      return attempt(async () => accept((await (join ? joinCommunity : leaveCommunity)(api)).member));
    },

    deleteAccount() {
      return attempt(async () => {
        const id = get().member.member?.id;
        await deleteMyMember(api, id ? { memberId: id } : {});
        await get().signOut({ platform: false });
      });
    },

    openAccountSection(section) {
      return attempt(async () => {
        const back = here();
        const { redirectSession } = await createRedirectSession(api, {
          membersAccount: { section },
          ...(back ? { callbacks: { postFlowUrl: back } } : {}),
        });
        deps.navigate?.(redirectSession.fullUrl);
      });
    },
  };
}
