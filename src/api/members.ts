import { base64UrlEncodeJson } from './base64';
import { MEMBERS } from './current-member';
import type { ApiClient } from './http';
import type { Page } from './paging';
import { DEFAULT_PAGE_SIZE, offsetPage } from './paging';
import { type Filter, QueryBuilder, type Sorting } from './query-builder';
import { seg } from './seg';
import type { MemberFieldset } from './types/enums';
import type {
  BulkDeleteMembersResponse,
  Member,
  MemberResponse,
  MemberSearch,
  QueryMembersResponse,
} from './types/members';

function updated(client: ApiClient, res: MemberResponse): MemberResponse {
  client.emit('member.updated', { member: res.member });
  return res;
}

// ——— The member's own calls (visitor or member token) ———

// The signed-in member, in a module of its own: a page reads her with its first script, the rest comes later.
export { getCurrentMember } from './current-member';

/** Changes the signed-in member's profile slug; a taken or malformed slug is an ApiError (409 or 400). */
export const updateCurrentMemberSlug = async (client: ApiClient, slug: string) =>
  updated(
    client,
    await client.request<MemberResponse>({ method: 'POST', path: `${MEMBERS}/my/slug`, body: { slug } }),
  );

/** Joins the site community: the member's profile becomes PUBLIC. */
export const joinCommunity = async (client: ApiClient) =>
  updated(
    client,
    await client.request<MemberResponse>({ method: 'POST', path: `${MEMBERS}/join-community`, body: {} }),
  );

/** Leaves the site community: the member's profile becomes PRIVATE. */
export const leaveCommunity = async (client: ApiClient) =>
  updated(
    client,
    await client.request<MemberResponse>({ method: 'POST', path: `${MEMBERS}/leave-community`, body: {} }),
  );

/** Deletes the signed-in member's own account; `contentAssigneeId` receives what they wrote. */
export async function deleteMyMember(
  client: ApiClient,
  options: { contentAssigneeId?: string; memberId?: string } = {},
) {
  await client.request({
    method: 'DELETE',
    path: `${MEMBERS}/my`,
    ...(options.contentAssigneeId ? { query: { contentAssigneeId: options.contentAssigneeId } } : {}),
  });
  if (options.memberId) client.emit('member.deleted', { memberId: options.memberId });
}

// ——— Reads ———

export const getMember = (client: ApiClient, id: string, options: { fieldsets?: MemberFieldset[] } = {}) =>
  client.request<MemberResponse>({
    method: 'GET',
    path: `${MEMBERS}/${seg(id)}`,
    query: { id, ...(options.fieldsets ? { fieldsets: options.fieldsets } : {}) },
  });

export interface ListMembersOptions {
  paging?: { limit?: number; offset?: number };
  fieldsets?: MemberFieldset[];
  sorting?: Sorting[];
}

/** Lists members with offset paging (`.r=` on the wire), as a page with `next()` and `prev()`. */
export async function listMembers(
  client: ApiClient,
  options: ListMembersOptions = {},
): Promise<Page<Member>> {
  const limit = options.paging?.limit ?? DEFAULT_PAGE_SIZE;
  const offset = options.paging?.offset ?? 0;
  const res = await client.request<QueryMembersResponse>({
    method: 'GET',
    path: MEMBERS,
    complex: base64UrlEncodeJson,
    query: { ...options, paging: { limit, offset } },
  });
  return offsetPage({
    items: res.members ?? [],
    offset,
    limit,
    metadata: res.metadata,
    fetch: (paging) => listMembers(client, { ...options, paging }),
  });
}

/**
 * A member query: builder conditions plus the member query's own `fieldsets` and `search`.
 *
 * @example
 * const page = await queryMembers(client, { fieldsets: ['FULL'] }).eq('status', 'PENDING').find();
 */
export function queryMembers(
  client: ApiClient,
  options: { fieldsets?: MemberFieldset[]; search?: MemberSearch; filter?: Filter } = {},
): QueryBuilder<Member> {
  const initial = { filter: options.filter ?? {}, paging: { offset: 0, limit: DEFAULT_PAGE_SIZE } };
  const builder = new QueryBuilder<Member>(async (query) => {
    const res = await client.request<QueryMembersResponse>({
      method: 'POST',
      path: `${MEMBERS}/query`,
      body: {
        ...(options.fieldsets ? { fieldsets: options.fieldsets } : {}),
        query,
        ...(options.search ? { search: options.search } : {}),
      },
    });
    return { items: res.members ?? [], metadata: res.metadata };
  }, initial);
  return builder;
}

// ——— Merchant calls (API key) ———

const moderate =
  (action: 'mute' | 'unmute' | 'approve' | 'block' | 'disconnect') => async (client: ApiClient, id: string) =>
    updated(
      client,
      await client.request<MemberResponse>({
        method: 'POST',
        path: `${MEMBERS}/${seg(id)}/${action}`,
        body: { id },
      }),
    );

/** Mutes a member: activity status MUTED. */
export const muteMember = /* @__PURE__ */ moderate('mute');
/** Unmutes a member: activity status ACTIVE. */
export const unmuteMember = /* @__PURE__ */ moderate('unmute');
/** Approves a PENDING member (owner approval). */
export const approveMember = /* @__PURE__ */ moderate('approve');
/** Blocks a member: status BLOCKED, signed out everywhere. */
export const blockMember = /* @__PURE__ */ moderate('block');
/** Disconnects a member: status OFFLINE, signed out everywhere. */
export const disconnectMember = /* @__PURE__ */ moderate('disconnect');

export const updateMemberSlug = async (client: ApiClient, id: string, slug: string) =>
  updated(
    client,
    await client.request<MemberResponse>({
      method: 'POST',
      path: `${MEMBERS}/${seg(id)}/slug`,
      body: { id, slug },
    }),
  );

export async function deleteMember(client: ApiClient, id: string): Promise<void> {
  await client.request({ method: 'DELETE', path: `${MEMBERS}/${seg(id)}`, query: { id } });
  client.emit('member.deleted', { memberId: id });
}

export async function bulkDeleteMembers(
  client: ApiClient,
  memberIds: string[],
): Promise<BulkDeleteMembersResponse> {
  const res = await client.request<BulkDeleteMembersResponse>({
    method: 'POST',
    path: `${MEMBERS}/bulk/delete`,
    body: { memberIds },
  });
  for (const { itemMetadata } of res.results ?? []) {
    if (itemMetadata?.success && itemMetadata.id)
      client.emit('member.deleted', { memberId: itemMetadata.id });
  }
  return res;
}

export const bulkDeleteMembersByFilter = (
  client: ApiClient,
  options: { filter: Filter; contentAssigneeId?: string; search?: MemberSearch },
) =>
  client.request<{ jobId: string }>({
    method: 'POST',
    path: `${MEMBERS}/bulk/delete-by-filter`,
    body: options,
  });

export const bulkApproveMembers = (client: ApiClient, filter: Filter) =>
  client.request<{ jobId: string }>({
    method: 'POST',
    path: `${MEMBERS}/bulk/approve-by-filter`,
    body: { filter },
  });

export const bulkBlockMembers = (client: ApiClient, filter: Filter) =>
  client.request<{ jobId: string }>({
    method: 'POST',
    path: `${MEMBERS}/bulk/block-by-filter`,
    body: { filter },
  });

export async function createMember(client: ApiClient, member: Member): Promise<MemberResponse> {
  const res = await client.request<MemberResponse>({ method: 'POST', path: MEMBERS, body: { member } });
  client.emit('member.created', { member: res.member });
  return res;
}

/** Updates a member's profile and contact; the member's id goes in the path and in the body. */
export const updateMember = async (client: ApiClient, id: string, member: Member) =>
  updated(
    client,
    await client.request<MemberResponse>({
      method: 'PATCH',
      path: `${MEMBERS}/${seg(id)}`,
      body: { member: { ...member, id } },
    }),
  );

const clearContact = (list: 'phones' | 'emails' | 'addresses') => async (client: ApiClient, id: string) =>
  updated(
    client,
    await client.request<MemberResponse>({
      method: 'DELETE',
      path: `${MEMBERS}/${seg(id)}/${list}`,
      query: { id },
    }),
  );

export const deleteMemberPhones = /* @__PURE__ */ clearContact('phones');
export const deleteMemberEmails = /* @__PURE__ */ clearContact('emails');
export const deleteMemberAddresses = /* @__PURE__ */ clearContact('addresses');
