import { isApiError, isSystemError } from '../api/errors';
import { deleteMyMember, joinCommunity, leaveCommunity, updateCurrentMemberSlug } from '../api/members';
import { createRedirectSession } from '../api/redirects';
import type { MembersAccountSection } from '../api/types/enums';
import type { Member } from '../api/types/members';
import type { Problem, SliceContext } from './store';

/**
 * Why a member's change did not happen, as a key of the menu's texts:
 * - `networkError`: the platform could not be reached;
 * - `slugEmpty`: no address was given (nothing was sent);
 * - `slugTaken` (409) / `slugInvalid` (400): the address asked for, in `detail`;
 * - `refused`: the platform said no, in its own words (`detail`);
 * - `failed`: anything else, its message in `detail`.
 */
export type MemberProblemKey =
  | 'networkError'
  | 'slugEmpty'
  | 'slugTaken'
  | 'slugInvalid'
  | 'refused'
  | 'failed';
export interface MemberProblem extends Problem {
  key: MemberProblemKey;
}

/** What the member can do to their own account. Each resolves to null when it worked, else why not. */
export interface MemberActions {
  /** Changes the member's profile address (trimmed); the member slice gets the platform's answer. */
  saveSlug(slug: string): Promise<MemberProblem | null>;
  /** Joins (profile PUBLIC) or leaves (PRIVATE) the site's community. */
  setCommunity(join: boolean): Promise<MemberProblem | null>;
  /** Deletes the member's own account, then signs out here (nothing is left to end on the platform). */
  deleteAccount(): Promise<MemberProblem | null>;
  /** Sends the browser to a section of the platform's members area, which leads back to this page. */
  openAccountSection(section: MembersAccountSection): Promise<MemberProblem | null>;
}

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
