import type { ApiClient } from './http';
import type { MemberFieldset } from './types/enums';
import type { MemberResponse } from './types/members';

/*
 * The signed-in member's read, in a module of its own: a member's page reads her before any widget opens, so
 * this comes with the first script, and the other calls of `./members.ts` (her own changes included) only with
 * the code that makes them.
 */

/** Where the members' calls start. */
export const MEMBERS = '/members/v1/members';

/** The signed-in member. `fieldsets` default FULL on the platform. */
export const getCurrentMember = (client: ApiClient, options: { fieldsets?: MemberFieldset[] } = {}) =>
  client.request<MemberResponse>({
    method: 'GET',
    path: `${MEMBERS}/my`,
    ...(options.fieldsets ? { query: { fieldsets: options.fieldsets } } : {}),
  });
