import type { MembersAccountSection } from '../api/types/enums';
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

/**
 * The member's own actions, for the store (`...memberActions(ctx)`). Only the member menu uses them, so their
 * code (`member-calls.ts`) downloads with the menu's chunk when one is first called, not with the page.
 */
export function memberActions(ctx: SliceContext): MemberActions {
  let calls: Promise<MemberActions> | undefined;
  const load = () => {
    calls ??= import('./member-calls').then((module) => module.memberCalls(ctx));
    calls.catch(() => {
      calls = undefined;
    });
    return calls;
  };
  const later =
    <K extends keyof MemberActions>(name: K) =>
    (...args: Parameters<MemberActions[K]>) =>
      load().then((c) => (c[name] as (...a: typeof args) => Promise<MemberProblem | null>)(...args));
  return {
    saveSlug: later('saveSlug'),
    setCommunity: later('setCommunity'),
    deleteAccount: later('deleteAccount'),
    openAccountSection: later('openAccountSection'),
  };
}
