import { randomUUID } from 'node:crypto';
import type { Context, Hono } from 'hono';
import type {
  BulkDeleteMembersResponse,
  BulkMemberResult,
  GetMemberResponse,
  ListMembersResponse,
  Member,
  QueryMembersResponse,
} from '../../src/api/types/members';
import { type Caller, requireMerchant, resolveCaller } from '../auth';
import type { AppEnv, SandboxContext } from '../context';
import { applicationError, forbidden, validationError } from '../errors';
import { readJsonBody } from '../json-body';
import {
  assertEmailFree,
  assertSlugFree,
  canSee,
  findMember,
  memberNotFound,
  memberPage,
  nowIso,
  projectMember,
  readBulkFilter,
  readFieldsets,
  readMemberInput,
  readSearch,
  readSorting,
  removeMember,
  selectMembers,
  slugViolation,
  uniqueSlug,
  widestFieldset,
} from '../members';
import { type Filter, readGetRequest, readOffsetPaging, validateFilter } from '../query';

const BASE = '/members/v1/members';

type C = Context<AppEnv>;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The id of a `/{id}` call: the path parameter, which the official client repeats in the query string
 * (GET, DELETE) or the body (POST, PATCH) (WIRE.md 3). A repeated id that disagrees is a 400.
 */
function pathId(c: C, repeated: unknown, field = 'id'): string {
  const id = c.req.param('id') ?? '';
  if (repeated !== undefined && repeated !== null && String(repeated) !== id) {
    throw validationError([
      {
        field,
        description: `"${String(repeated)}" does not match the member id in the path "${id}"`,
        violatedRule: 'VALIDATION',
      },
    ]);
  }
  return id;
}

/**
 * The member status an approve or block leads to (README, "Member statuses"). Approve turns PENDING, BLOCKED
 * ("To unblock a member, call Approve Member") and UNKNOWN into APPROVED; block turns any of them into
 * BLOCKED; both leave a member as it is when it already has that status. A disconnected (OFFLINE) member
 * cannot come back ("This action is irreversible"), so both are refused with 428, as Block Member's
 * FAILED_PRECONDITION.
 */
function statusAfter(member: Member, action: 'approve' | 'block'): 'APPROVED' | 'BLOCKED' {
  if (member.status === 'OFFLINE') {
    throw applicationError(
      428,
      'INVALID_MEMBER_STATUS',
      `Member ${member.id} is OFFLINE (disconnected, which cannot be undone): it cannot be ${action === 'approve' ? 'approved' : 'blocked'}`,
      { memberId: member.id, status: member.status },
    );
  }
  return action === 'approve' ? 'APPROVED' : 'BLOCKED';
}

/** The signed-in member of a "my" call; a visitor is told to sign in, the merchant that it has no member. */
function requireSignedIn(c: C, ctx: SandboxContext): Member {
  const caller = resolveCaller(c, ctx);
  if (caller.kind === 'visitor') {
    throw forbidden(
      `${c.req.method} ${c.req.path} is about the signed-in member: sign in as a member first (this is an anonymous visitor token)`,
    );
  }
  if (caller.kind === 'merchant') {
    throw forbidden(
      `${c.req.method} ${c.req.path} is about the signed-in member: the API key has no member of its own; use ${BASE}/{id}`,
    );
  }
  return findMember(ctx, caller.memberId);
}

const touch = (ctx: SandboxContext, member: Member) => {
  member.updatedDate = nowIso(ctx);
};

const full = (member: Member): GetMemberResponse => ({ member: projectMember(member, 'FULL') });

/**
 * The members service (`/members/v1/members…`, SPEC.md 7). Registered in this order on purpose: the
 * signed-in member's `/my…` paths and the collection's fixed paths (`/query`, `/bulk/…`) come before
 * `/:id`, which would otherwise take them for a member id.
 */
export function registerMemberRoutes(app: Hono<AppEnv>, ctx: SandboxContext): void {
  registerMyMember(app, ctx);
  registerMemberReads(app, ctx);
  registerBulkMemberCalls(app, ctx);
  registerMemberCreation(app, ctx);
  registerMemberById(app, ctx);
  registerMemberModeration(app, ctx);
  registerContactListClearing(app, ctx);
}

/** The signed-in member ("my" calls): read, slug, community, and deleting itself. */
function registerMyMember(app: Hono<AppEnv>, ctx: SandboxContext): void {
  app.get(`${BASE}/my`, (c) => {
    const member = requireSignedIn(c, ctx);
    const request = readGetRequest(c.req.url);
    const fieldsets = readFieldsets(request.fieldsets ?? request.fieldSet);
    return c.json({ member: projectMember(member, widestFieldset(fieldsets, 'FULL')) });
  });

  app.post(`${BASE}/my/slug`, async (c) => {
    const member = requireSignedIn(c, ctx);
    const body = await readJsonBody(c);
    return c.json(setSlug(ctx, member, body.slug));
  });

  app.post(`${BASE}/join-community`, async (c) => {
    const member = requireSignedIn(c, ctx);
    await readJsonBody(c);
    member.privacyStatus = 'PUBLIC';
    touch(ctx, member);
    return c.json(full(member));
  });

  app.post(`${BASE}/leave-community`, async (c) => {
    const member = requireSignedIn(c, ctx);
    await readJsonBody(c);
    member.privacyStatus = 'PRIVATE';
    touch(ctx, member);
    return c.json(full(member));
  });

  app.delete(`${BASE}/my`, (c) => {
    const member = requireSignedIn(c, ctx);
    const { contentAssigneeId } = readGetRequest(c.req.url);
    checkContentAssignee(ctx, contentAssigneeId, member.id as string);
    removeMember(ctx, member.id as string);
    return c.json({});
  });
}

/** Reads of the collection: list and query, each member as the caller may see it. */
function registerMemberReads(app: Hono<AppEnv>, ctx: SandboxContext): void {
  app.get(BASE, (c) => {
    const caller = resolveCaller(c, ctx);
    const request = readGetRequest(c.req.url);
    const paging = readOffsetPaging(request.paging, 'paging');
    const fieldsets = readFieldsets(request.fieldsets);
    const sorting = readSorting(request.sorting, 'sorting');
    const page: ListMembersResponse = memberPage(ctx, caller, { sorting }, paging, fieldsets);
    return c.json(page);
  });

  app.post(`${BASE}/query`, async (c) => {
    const caller = resolveCaller(c, ctx);
    const body = await readJsonBody(c);
    const query = body.query ?? {};
    if (!isPlainObject(query)) {
      throw validationError([{ field: 'query', description: 'must be an object', violatedRule: 'FORMAT' }]);
    }
    validateFilter(query.filter, 'query.filter');
    const paging = readOffsetPaging(query.paging, 'query.paging');
    const sorting =
      readSorting(query.sort, 'query.sort') ??
      readSorting(query.sorting, 'query.sorting') ??
      readSorting(body.sorting, 'sorting');
    const fieldsets = readFieldsets(body.fieldsets);
    const search = readSearch(body.search);
    const filter = (query.filter ?? undefined) as Filter | undefined;
    const page: QueryMembersResponse = memberPage(
      ctx,
      caller,
      { filter, search, sorting },
      paging,
      fieldsets,
    );
    return c.json(page);
  });
}

/** The merchant's bulk calls: delete by ids, and delete, approve or block by filter. */
function registerBulkMemberCalls(app: Hono<AppEnv>, ctx: SandboxContext): void {
  app.post(`${BASE}/bulk/delete`, async (c) => {
    requireMerchant(c, ctx);
    const ids = readMemberIds((await readJsonBody(c)).memberIds);
    return c.json(deleteEach(ctx, ids));
  });

  app.post(`${BASE}/bulk/delete-by-filter`, async (c) => {
    requireMerchant(c, ctx);
    const body = await readJsonBody(c);
    const filter = readBulkFilter(body);
    const search = readSearch(body.search);
    const targets = selectMembers(ctx, { kind: 'merchant' }, { filter, search });
    const targetIds = new Set(targets.map((m) => m.id as string));
    if (body.contentAssigneeId !== undefined && body.contentAssigneeId !== null) {
      const assignee = String(body.contentAssigneeId);
      if (targetIds.has(assignee)) {
        throw validationError([
          {
            field: 'contentAssigneeId',
            description: 'must not be one of the members being deleted',
            violatedRule: 'VALIDATION',
          },
        ]);
      }
      checkContentAssignee(ctx, assignee, undefined);
    }
    for (const id of targetIds) removeMember(ctx, id);
    return c.json({ jobId: randomUUID() });
  });

  app.post(`${BASE}/bulk/approve-by-filter`, async (c) => {
    requireMerchant(c, ctx);
    const filter = readBulkFilter(await readJsonBody(c));
    for (const member of selectMembers(ctx, { kind: 'merchant' }, { filter })) {
      // Approving approves the pending and unblocks the blocked; a disconnected (OFFLINE) member is skipped.
      if (member.status !== 'APPROVED' && member.status !== 'OFFLINE') {
        member.status = 'APPROVED';
        touch(ctx, member);
      }
    }
    return c.json({ jobId: randomUUID() });
  });

  app.post(`${BASE}/bulk/block-by-filter`, async (c) => {
    requireMerchant(c, ctx);
    const filter = readBulkFilter(await readJsonBody(c));
    for (const member of selectMembers(ctx, { kind: 'merchant' }, { filter })) {
      if (member.status === 'OFFLINE') continue;
      member.status = 'BLOCKED';
      touch(ctx, member);
      ctx.tokens.revoke({ memberId: member.id as string });
    }
    return c.json({ jobId: randomUUID() });
  });
}

/** Deletes each member that exists; an unknown id is a failure of its own, the others go on. */
function deleteEach(ctx: SandboxContext, ids: string[]): BulkDeleteMembersResponse {
  const results: BulkMemberResult[] = ids.map((id, originalIndex) => {
    if (!ctx.state.members.has(id)) {
      const { details } = memberNotFound(id).body;
      return {
        itemMetadata: { id, originalIndex, success: false, error: details?.applicationError },
      };
    }
    removeMember(ctx, id);
    return { itemMetadata: { id, originalIndex, success: true } };
  });
  const totalSuccesses = results.filter((r) => r.itemMetadata?.success).length;
  return {
    results,
    bulkActionMetadata: {
      totalSuccesses,
      totalFailures: results.length - totalSuccesses,
      undetailedFailures: 0,
    },
  };
}

/** `memberIds` of a bulk delete: a list of 1 to 100 member ids. */
function readMemberIds(ids: unknown): string[] {
  if (ids === undefined || ids === null) {
    throw validationError([
      { field: 'memberIds', description: 'is required', violatedRule: 'REQUIRED_FIELD' },
    ]);
  }
  if (!Array.isArray(ids)) {
    throw validationError([{ field: 'memberIds', description: 'must be a list', violatedRule: 'FORMAT' }]);
  }
  if (ids.length < 1 || ids.length > 100) {
    throw validationError([
      {
        field: 'memberIds',
        description: 'must list 1 to 100 member ids',
        violatedRule: ids.length < 1 ? 'MIN_SIZE' : 'MAX_SIZE',
      },
    ]);
  }
  const bad = ids.findIndex((id) => typeof id !== 'string' || id === '');
  if (bad >= 0) {
    throw validationError([
      { field: `memberIds[${bad}]`, description: 'must be a member id', violatedRule: 'FORMAT' },
    ]);
  }
  return ids as string[];
}

/** The merchant creates a member, without a password: the member sets one through password recovery. */
function registerMemberCreation(app: Hono<AppEnv>, ctx: SandboxContext): void {
  app.post(BASE, async (c) => {
    requireMerchant(c, ctx);
    const body = await readJsonBody(c);
    const member = createMember(ctx, body.member);
    return c.json(full(member));
  });
}

function createMember(ctx: SandboxContext, raw: unknown): Member {
  const now = nowIso(ctx);
  const base: Member = {
    id: randomUUID(),
    loginEmailVerified: false,
    status: 'APPROVED',
    contactId: randomUUID(),
    contact: { phones: [], emails: [], addresses: [] },
    profile: {},
    privacyStatus: 'PRIVATE',
    activityStatus: 'ACTIVE',
    createdDate: now,
    updatedDate: now,
  };
  const { draft, askedSlug } = readMemberInput(raw, base, 'create');
  const email = draft.loginEmail as string;
  assertEmailFree(ctx, email);
  const profile = draft.profile ?? {};
  if (askedSlug !== undefined) assertSlugFree(ctx, askedSlug);
  const localPart = email.split('@')[0];
  profile.nickname ??= localPart;
  profile.slug = askedSlug ?? uniqueSlug(ctx, [profile.nickname, localPart]);
  draft.profile = profile;
  const contact = draft.contact ?? {};
  if (!contact.emails?.length) contact.emails = [email];
  draft.contact = contact;
  // Keys in the order of the platform's member.
  const member: Member = {
    id: draft.id,
    loginEmail: email,
    loginEmailVerified: draft.loginEmailVerified,
    status: draft.status,
    contactId: draft.contactId,
    contact: draft.contact,
    profile: draft.profile,
    privacyStatus: draft.privacyStatus,
    activityStatus: draft.activityStatus,
    createdDate: draft.createdDate,
    updatedDate: draft.updatedDate,
  };
  ctx.state.members.set(member.id as string, member);
  // No password yet: the member sets one through password recovery.
  ctx.state.identities.set(email, {
    memberId: member.id as string,
    email,
    salt: '',
    passwordHash: '',
    emailVerified: false,
  });
  return member;
}

/** One member by id: read (as the caller may see it), update, delete, and set its slug. */
function registerMemberById(app: Hono<AppEnv>, ctx: SandboxContext): void {
  app.get(`${BASE}/:id`, (c) => {
    const caller = resolveCaller(c, ctx);
    const request = readGetRequest(c.req.url);
    const id = pathId(c, request.id);
    const fieldsets = readFieldsets(request.fieldsets);
    const member = ctx.state.members.get(id);
    // A member the caller may not see answers exactly as an unknown one, so that it is not revealed.
    if (!member || !canSee(caller, member)) throw memberNotFound(id);
    return c.json({ member: projectMember(member, fieldsetFor(caller, member, fieldsets)) });
  });

  app.patch(`${BASE}/:id`, async (c) => {
    const caller = resolveCaller(c, ctx);
    const body = await readJsonBody(c);
    const raw = body.member;
    pathId(c, body.id);
    const id = pathId(c, isPlainObject(raw) ? raw.id : undefined, 'member.id');
    // The merchant updates anyone; a signed-in member only itself.
    if (caller.kind === 'visitor' || (caller.kind === 'member' && caller.memberId !== id)) {
      throw forbidden(
        `PATCH ${c.req.path} updates a member: it needs the API key (elevated client), or the token of that member itself`,
      );
    }
    const stored = findMember(ctx, id);
    const { draft, askedSlug } = readMemberInput(raw, stored, 'update');
    if (askedSlug !== undefined) {
      assertSlugFree(ctx, askedSlug, id);
      draft.profile = { ...draft.profile, slug: askedSlug };
    }
    draft.updatedDate = nowIso(ctx);
    ctx.state.members.set(id, draft);
    return c.json(full(draft));
  });

  app.delete(`${BASE}/:id`, (c) => {
    requireMerchant(c, ctx);
    const id = pathId(c, readGetRequest(c.req.url).id);
    findMember(ctx, id);
    removeMember(ctx, id);
    return c.json({});
  });

  app.post(`${BASE}/:id/slug`, async (c) => {
    requireMerchant(c, ctx);
    const body = await readJsonBody(c);
    const member = findMember(ctx, pathId(c, body.id));
    return c.json(setSlug(ctx, member, body.slug));
  });
}

/** The merchant's moderation: mute, unmute, approve, block and disconnect one member. */
function registerMemberModeration(app: Hono<AppEnv>, ctx: SandboxContext): void {
  const moderate = (action: string, change: (member: Member) => void) => {
    app.post(`${BASE}/:id/${action}`, async (c) => {
      requireMerchant(c, ctx);
      const body = await readJsonBody(c);
      const member = findMember(ctx, pathId(c, body.id));
      change(member);
      touch(ctx, member);
      return c.json(full(member));
    });
  };

  moderate('mute', (member) => {
    member.activityStatus = 'MUTED';
  });
  moderate('unmute', (member) => {
    member.activityStatus = 'ACTIVE';
  });
  moderate('approve', (member) => {
    member.status = statusAfter(member, 'approve');
  });
  moderate('block', (member) => {
    member.status = statusAfter(member, 'block');
    ctx.tokens.revoke({ memberId: member.id as string });
  });
  moderate('disconnect', (member) => {
    member.status = 'OFFLINE';
    ctx.tokens.revoke({ memberId: member.id as string });
  });
}

/** The merchant clears one of a member's contact lists (an update cannot: an empty list there is ignored). */
function registerContactListClearing(app: Hono<AppEnv>, ctx: SandboxContext): void {
  for (const list of ['phones', 'emails', 'addresses'] as const) {
    app.delete(`${BASE}/:id/${list}`, (c) => {
      requireMerchant(c, ctx);
      const member = findMember(ctx, pathId(c, readGetRequest(c.req.url).id));
      member.contact = { ...member.contact, [list]: [] };
      touch(ctx, member);
      return c.json(full(member));
    });
  }
}

// ------------------------------------------------------------ shared steps

function setSlug(ctx: SandboxContext, member: Member, slug: unknown): GetMemberResponse {
  const violation = slugViolation(slug, 'slug');
  if (violation) throw validationError([violation]);
  assertSlugFree(ctx, slug as string, member.id);
  member.profile = { ...member.profile, slug: slug as string };
  touch(ctx, member);
  return full(member);
}

/** `contentAssigneeId`, when given, must be another existing member, who receives the deleted content. */
function checkContentAssignee(ctx: SandboxContext, value: unknown, deletedId: string | undefined): void {
  if (value === undefined || value === null || value === '') return;
  const assignee = String(value);
  if (assignee === deletedId || !ctx.state.members.has(assignee)) {
    throw validationError([
      {
        field: 'contentAssigneeId',
        description: `must be the id of another existing member ("${assignee}" is not)`,
        violatedRule: 'VALIDATION',
      },
    ]);
  }
}

/** The fieldset a caller gets for one member: others than the merchant and the member itself get PUBLIC. */
function fieldsetFor(caller: Caller, member: Member, asked: ReturnType<typeof readFieldsets>) {
  if (caller.kind === 'merchant') return widestFieldset(asked, 'FULL');
  if (caller.kind === 'member' && caller.memberId === member.id) return widestFieldset(asked, 'PUBLIC');
  return 'PUBLIC';
}
