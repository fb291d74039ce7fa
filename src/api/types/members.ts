import type { PagingMetadata, StreetAddress } from './common';
import type { ActivityStatus, MemberStatus, PrivacyStatus } from './enums';

export interface MemberAddress {
  id?: string;
  streetAddress?: StreetAddress;
  addressLine?: string;
  addressLine2?: string;
  city?: string;
  subdivision?: string;
  country?: string;
  postalCode?: string;
}

export interface CustomField {
  name?: string;
  value?: unknown;
}

export interface Contact {
  firstName?: string;
  lastName?: string;
  phones?: string[];
  emails?: string[];
  addresses?: MemberAddress[];
  birthdate?: string;
  company?: string;
  jobTitle?: string;
  customFields?: Record<string, CustomField>;
}

export interface Image {
  id?: string;
  url?: string;
  height?: number;
  width?: number;
  offsetX?: number;
  offsetY?: number;
}

export interface Profile {
  nickname?: string;
  slug?: string;
  photo?: Image;
  cover?: Image;
  title?: string;
}

export interface Member {
  id?: string;
  loginEmail?: string;
  loginEmailVerified?: boolean;
  status?: MemberStatus;
  contactId?: string;
  contact?: Contact;
  profile?: Profile;
  privacyStatus?: PrivacyStatus;
  activityStatus?: ActivityStatus;
  createdDate?: string;
  updatedDate?: string;
  lastLoginDate?: string;
}

export interface QueryMembersResponse {
  members: Member[];
  metadata?: PagingMetadata;
}

/** A predefined set of member fields to return (`fieldsets`): PUBLIC, EXTENDED or FULL. */
export type MemberFieldsetName = 'PUBLIC' | 'EXTENDED' | 'FULL';

/** Offset paging of a member list or query (WIRE.md 11). */
export interface MemberPaging {
  limit?: number | null;
  offset?: number | null;
}

/** One sort key of a member list or query. */
export interface MemberSorting {
  fieldName: string;
  order?: 'ASC' | 'DESC';
}

/**
 * Plain-text search beside a member query: a case-insensitive substring of `expression` in any of `fields`
 * (`loginEmail`, `contact.firstName`, `contact.lastName`, `profile.title`, `profile.nickname`,
 * `profile.slug`; at most 4).
 */
export interface MemberSearch {
  expression?: string | null;
  fields?: string[];
}

/** `GET /members/v1/members/my` and `GET /members/v1/members/{id}` answers, and every single-member answer. */
export interface GetMemberResponse {
  member: Member;
}

/** The answer of every call that changes one member (slug, join, leave, moderation, create, update). */
export type MemberResponse = GetMemberResponse;

/** `GET /members/v1/members` (sent as `.r=<base64url JSON>`, WIRE.md 4). */
export interface ListMembersRequest {
  paging?: MemberPaging;
  fieldsets?: MemberFieldsetName[];
  sorting?: MemberSorting[];
}

export interface ListMembersResponse {
  members: Member[];
  metadata?: PagingMetadata;
}

/** The `query` of `POST /members/v1/members/query`; the official client sends `sort` or `sorting`. */
export interface MemberQuery {
  filter?: Record<string, unknown>;
  paging?: MemberPaging;
  sort?: MemberSorting[];
  sorting?: MemberSorting[];
}

/** `POST /members/v1/members/query`. */
export interface QueryMembersRequest {
  query?: MemberQuery;
  fieldsets?: MemberFieldsetName[];
  search?: MemberSearch;
  /** Also accepted beside `query`. */
  sorting?: MemberSorting[];
}

export interface UpdateMySlugRequest {
  slug: string;
}

export interface UpdateMemberSlugRequest {
  id: string;
  slug: string;
}

export interface CreateMemberRequest {
  member: Member;
}

export interface UpdateMemberRequest {
  member: Member;
}

/** The application error of one failed item of a bulk call. */
export interface BulkItemError {
  code?: string;
  description?: string;
  data?: Record<string, unknown> | null;
}

export interface MemberItemMetadata {
  id?: string | null;
  /** Index of the item in the request's list. */
  originalIndex?: number;
  success?: boolean;
  /** Set when `success` is false. */
  error?: BulkItemError;
}

export interface BulkMemberResult {
  itemMetadata?: MemberItemMetadata;
}

export interface MemberBulkActionMetadata {
  totalSuccesses?: number;
  totalFailures?: number;
  undetailedFailures?: number;
}

/** `POST /members/v1/members/bulk/delete` `{memberIds}`. */
export interface BulkDeleteMembersRequest {
  memberIds: string[];
}

export interface BulkDeleteMembersResponse {
  results: BulkMemberResult[];
  bulkActionMetadata: MemberBulkActionMetadata;
}

/** `POST /members/v1/members/bulk/delete-by-filter`. */
export interface BulkDeleteMembersByFilterRequest {
  filter: Record<string, unknown>;
  contentAssigneeId?: string | null;
  search?: MemberSearch;
}

/** `POST /members/v1/members/bulk/approve-by-filter` and `/bulk/block-by-filter`. */
export interface BulkMembersByFilterRequest {
  filter: Record<string, unknown>;
}

/** The answer of the by-filter bulk calls: the id of the (already finished, in the sandbox) job. */
export interface BulkMembersByFilterResponse {
  jobId: string;
}

/** `DELETE /members/v1/members/my?contentAssigneeId=…`. */
export interface DeleteMyMemberRequest {
  contentAssigneeId?: string | null;
}

/** The empty answer of the delete calls. */
export type DeleteMemberResponse = Record<string, never>;
