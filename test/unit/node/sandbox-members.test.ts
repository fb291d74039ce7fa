import { describe, expect, it } from 'vitest';
import type { SandboxOptions } from '../../../sandbox/app';
import { projectMember } from '../../../sandbox/members';
import type { Member } from '../../../src/api/types/members';
import { fakeClock, testSandbox } from '../../helpers/sandbox';

const BASE = '/members/v1/members';
const ADMIN = { authorization: 'sandbox-admin-key' };
const NOW = '2026-11-22T12:00:00.000Z';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A sandbox on a fake clock, with the seeded members by email and member tokens on demand. */
function setup(options: SandboxOptions = {}) {
  const clock = fakeClock();
  const t = testSandbox({ now: clock.now, ...options });
  const state = () => t.sandbox.context.state;
  const byEmail = (email: string): Member => {
    const found = [...state().members.values()].find((m) => m.loginEmail === email);
    if (!found) throw new Error(`no seeded member ${email}`);
    return found;
  };
  const id = (email: string) => byEmail(email).id as string;
  const memberTokens = (memberId: string) =>
    t.sandbox.context.tokens.issue({ kind: 'member', visitorId: 'v1', memberId }, 'demo-client', 3600);
  const memberAuth = (memberId: string) => ({ authorization: memberTokens(memberId).access_token });
  const visitorAuth = async () => ({ authorization: (await t.anonymousTokens()).access_token });
  const active = async (token: string) =>
    (await t.call('POST', '/oauth2/token-info', { body: { token } })).json.active as boolean;
  return { ...t, clock, state, byEmail, id, memberTokens, memberAuth, visitorAuth, active };
}

const encodeDotR = (request: unknown) => Buffer.from(JSON.stringify(request)).toString('base64url');

const janePublic = (jane: Member): Member => ({
  id: jane.id as string,
  profile: {
    nickname: 'Jane',
    slug: 'jane',
    photo: {
      id: jane.profile?.photo?.id as string,
      url: 'https://sandbox.test/_sandbox/media/avatar-jane.svg',
      width: 400,
      height: 400,
      offsetX: 0,
      offsetY: 0,
    },
    title: 'Maker and collector',
  },
  privacyStatus: 'PUBLIC',
  activityStatus: 'ACTIVE',
  createdDate: '2026-01-15T10:00:00.000Z',
});

describe('GET /members/v1/members/my', () => {
  it('answers the signed-in member in full, with or without fieldsets=FULL', async () => {
    const { call, id, memberAuth, byEmail } = setup();
    const auth = memberAuth(id('jane@example.com'));
    const withFull = await call('GET', `${BASE}/my?fieldsets=FULL`, { headers: auth });
    expect(withFull.status).toBe(200);
    expect(withFull.json).toEqual({ member: structuredClone(byEmail('jane@example.com')) });
    expect(withFull.json.member).toMatchObject({
      loginEmail: 'jane@example.com',
      status: 'APPROVED',
      contact: { firstName: 'Jane', lastName: 'Doe', phones: ['+1 555 0100'], emails: ['jane@example.com'] },
      lastLoginDate: '2026-02-14T10:00:00.000Z',
    });
    const plain = await call('GET', `${BASE}/my`, { headers: auth });
    expect(plain.status).toBe(200);
    expect(plain.json).toEqual(withFull.json);
    expect(plain.text).not.toMatch(/passwordHash|salt/);
  });

  it('narrows to the PUBLIC fieldset when asked', async () => {
    const { call, id, memberAuth, byEmail } = setup();
    const res = await call('GET', `${BASE}/my?fieldsets=PUBLIC`, {
      headers: memberAuth(id('jane@example.com')),
    });
    expect(res.json).toEqual({ member: janePublic(byEmail('jane@example.com')) });
  });

  it('adds the EXTENDED fields to PUBLIC', async () => {
    const { call, id, memberAuth, byEmail } = setup();
    const jane = byEmail('jane@example.com');
    const res = await call('GET', `${BASE}/my?fieldsets=PUBLIC&fieldsets=EXTENDED`, {
      headers: memberAuth(id('jane@example.com')),
    });
    expect(res.json.member).toEqual({
      ...janePublic(jane),
      loginEmail: 'jane@example.com',
      status: 'APPROVED',
      contactId: jane.contactId,
      contact: { firstName: 'Jane', lastName: 'Doe' },
      lastLoginDate: '2026-02-14T10:00:00.000Z',
      updatedDate: '2026-01-15T10:00:00.000Z',
    });
  });

  it('refuses a visitor token with 403 and tells it to sign in', async () => {
    const { call, visitorAuth } = setup();
    const res = await call('GET', `${BASE}/my`, { headers: await visitorAuth() });
    expect(res.status).toBe(403);
    expect(res.json.details.applicationError.code).toBe('PERMISSION_DENIED');
    expect(res.json.message).toContain('sign in as a member first');
  });

  it('refuses the API key (it has no member), a missing header and an expired token', async () => {
    const { call, clock, id, memberAuth } = setup();
    expect((await call('GET', `${BASE}/my`, { headers: ADMIN })).status).toBe(403);
    const none = await call('GET', `${BASE}/my`);
    expect(none.status).toBe(401);
    expect(none.json.details.applicationError.code).toBe('UNAUTHENTICATED');
    const auth = memberAuth(id('jane@example.com'));
    clock.advance(3600 * 1000);
    const expired = await call('GET', `${BASE}/my`, { headers: auth });
    expect(expired.status).toBe(401);
    expect(expired.json.details.applicationError.code).toBe('EXPIRED_TOKEN');
  });

  it('rejects an unknown fieldset', async () => {
    const { call, id, memberAuth } = setup();
    const res = await call('GET', `${BASE}/my?fieldsets=EVERYTHING`, {
      headers: memberAuth(id('jane@example.com')),
    });
    expect(res.status).toBe(400);
    expect(res.json.details.validationError.fieldViolations).toEqual([
      {
        field: 'fieldsets[0]',
        description: 'must be one of PUBLIC, EXTENDED, FULL',
        violatedRule: 'INVALID_ENUM_VALUE',
      },
    ]);
  });
});

describe('POST /members/v1/members/my/slug', () => {
  it('sets the caller slug and bumps updatedDate', async () => {
    const { call, id, memberAuth, byEmail } = setup();
    const auth = memberAuth(id('jane@example.com'));
    const res = await call('POST', `${BASE}/my/slug`, { headers: auth, body: { slug: 'jane-doe' } });
    expect(res.status).toBe(200);
    expect(res.json.member.profile.slug).toBe('jane-doe');
    expect(res.json.member.updatedDate).toBe(NOW);
    expect(byEmail('jane@example.com').profile?.slug).toBe('jane-doe');
    const again = await call('GET', `${BASE}/my`, { headers: auth });
    expect(again.json.member.profile.slug).toBe('jane-doe');
  });

  it('keeps its own slug without a conflict', async () => {
    const { call, id, memberAuth } = setup();
    const res = await call('POST', `${BASE}/my/slug`, {
      headers: memberAuth(id('jane@example.com')),
      body: { slug: 'jane' },
    });
    expect(res.status).toBe(200);
  });

  it('refuses a malformed slug with a FORMAT violation', async () => {
    const { call, id, memberAuth, byEmail } = setup();
    const auth = memberAuth(id('jane@example.com'));
    for (const slug of ['Jane Doe', '-jane', 'jane-', '', 'jané']) {
      const res = await call('POST', `${BASE}/my/slug`, { headers: auth, body: { slug } });
      expect(res.status).toBe(400);
      expect(res.json.details.validationError.fieldViolations).toEqual([
        {
          field: 'slug',
          description:
            'must be 1 to 100 lower-case letters (a-z), digits and hyphens, not starting or ending with a hyphen',
          violatedRule: 'FORMAT',
        },
      ]);
    }
    const long = await call('POST', `${BASE}/my/slug`, { headers: auth, body: { slug: 'a'.repeat(101) } });
    expect(long.json.details.validationError.fieldViolations[0]).toMatchObject({
      field: 'slug',
      violatedRule: 'MAX_LENGTH',
    });
    const ok = await call('POST', `${BASE}/my/slug`, { headers: auth, body: { slug: 'a'.repeat(100) } });
    expect(ok.status).toBe(200);
    const missing = await call('POST', `${BASE}/my/slug`, { headers: auth, body: {} });
    expect(missing.json.message).toBe('INVALID_ARGUMENT: "slug" is required');
    expect(byEmail('jane@example.com').profile?.slug).toBe('a'.repeat(100));
  });

  it('refuses a slug another member has with 409 SLUG_ALREADY_EXISTS', async () => {
    const { call, id, memberAuth, byEmail } = setup();
    const res = await call('POST', `${BASE}/my/slug`, {
      headers: memberAuth(id('jane@example.com')),
      body: { slug: 'liu-yang' },
    });
    expect(res.status).toBe(409);
    expect(res.json).toEqual({
      message: 'Slug "liu-yang" is already taken by another member',
      details: {
        applicationError: {
          code: 'SLUG_ALREADY_EXISTS',
          description: 'Slug "liu-yang" is already taken by another member',
          data: { slug: 'liu-yang' },
        },
      },
    });
    expect(byEmail('jane@example.com').profile?.slug).toBe('jane');
  });

  it('is not a visitor call', async () => {
    const { call, visitorAuth } = setup();
    const res = await call('POST', `${BASE}/my/slug`, { headers: await visitorAuth(), body: { slug: 'x' } });
    expect(res.status).toBe(403);
  });
});

describe('join and leave the community', () => {
  it('makes the member PUBLIC, then PRIVATE, and visitors see it only while PUBLIC', async () => {
    const { call, id, memberAuth, visitorAuth, byEmail } = setup();
    const marcus = id('marcus@example.com');
    const auth = memberAuth(marcus);
    const visitor = await visitorAuth();
    const hidden = await call('GET', `${BASE}/${marcus}?id=${marcus}`, { headers: visitor });
    expect(hidden.status).toBe(404);

    const joined = await call('POST', `${BASE}/join-community`, { headers: auth, body: {} });
    expect(joined.status).toBe(200);
    expect(joined.json.member).toMatchObject({ id: marcus, privacyStatus: 'PUBLIC', updatedDate: NOW });
    expect(joined.json.member.loginEmail).toBe('marcus@example.com');
    expect(byEmail('marcus@example.com').privacyStatus).toBe('PUBLIC');
    const seen = await call('GET', `${BASE}/${marcus}?id=${marcus}`, { headers: visitor });
    expect(seen.status).toBe(200);
    expect(seen.json.member.profile.nickname).toBe('Marcus');

    const left = await call('POST', `${BASE}/leave-community`, { headers: auth, body: {} });
    expect(left.status).toBe(200);
    expect(left.json.member.privacyStatus).toBe('PRIVATE');
    expect(byEmail('marcus@example.com').privacyStatus).toBe('PRIVATE');
    expect((await call('GET', `${BASE}/${marcus}?id=${marcus}`, { headers: visitor })).status).toBe(404);
  });

  it('changes only the privacy status, and joining twice is joining once', async () => {
    const { call, id, memberAuth, byEmail } = setup();
    const marcus = id('marcus@example.com');
    byEmail('marcus@example.com').activityStatus = 'MUTED';
    for (let i = 0; i < 2; i++) {
      const joined = await call('POST', `${BASE}/join-community`, { headers: memberAuth(marcus), body: {} });
      expect(joined.json.member).toMatchObject({
        privacyStatus: 'PUBLIC',
        status: 'APPROVED',
        activityStatus: 'MUTED',
      });
    }
  });

  it('refuses visitors', async () => {
    const { call, visitorAuth } = setup();
    expect(
      (await call('POST', `${BASE}/join-community`, { headers: await visitorAuth(), body: {} })).status,
    ).toBe(403);
  });
});

describe('DELETE /members/v1/members/my', () => {
  it('deletes the caller, its identity and its tokens', async () => {
    const { call, id, memberTokens, state, active } = setup();
    const jane = id('jane@example.com');
    const tokens = memberTokens(jane);
    const res = await call('DELETE', `${BASE}/my?contentAssigneeId=${id('liu@example.com')}`, {
      headers: { authorization: tokens.access_token },
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({});
    expect(state().members.has(jane)).toBe(false);
    expect(state().identities.has('jane@example.com')).toBe(false);
    expect(state().members.size).toBe(6);
    expect(await active(tokens.access_token)).toBe(false);
    const refresh = await call('POST', '/oauth2/token', {
      body: { clientId: 'demo-client', refreshToken: tokens.refresh_token, grantType: 'refresh_token' },
    });
    expect(refresh.status).toBe(400);
    expect((await call('GET', `${BASE}/${jane}`, { headers: ADMIN })).status).toBe(404);
  });

  it('refuses an unknown content assignee and keeps the member', async () => {
    const { call, id, memberAuth, state } = setup();
    const jane = id('jane@example.com');
    const res = await call('DELETE', `${BASE}/my?contentAssigneeId=7e8f9a0b-1c2d-4e3f-9a5b-6c7d8e9f0a1b`, {
      headers: memberAuth(jane),
    });
    expect(res.status).toBe(400);
    expect(res.json.details.validationError.fieldViolations[0].field).toBe('contentAssigneeId');
    expect(state().members.has(jane)).toBe(true);
  });

  it('refuses visitors', async () => {
    const { call, visitorAuth, state } = setup();
    expect((await call('DELETE', `${BASE}/my`, { headers: await visitorAuth() })).status).toBe(403);
    expect(state().members.size).toBe(7);
  });
});

describe('GET /members/v1/members/{id}', () => {
  it('gives the merchant the fieldsets asked (recorded request: PUBLIC and EXTENDED)', async () => {
    const { call, id, byEmail } = setup();
    const marcus = byEmail('marcus@example.com');
    const res = await call(
      'GET',
      `${BASE}/${marcus.id}?id=${marcus.id}&fieldsets=PUBLIC&fieldsets=EXTENDED`,
      {
        headers: ADMIN,
      },
    );
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      member: {
        id: id('marcus@example.com'),
        profile: { nickname: 'Marcus', slug: 'marcus' },
        privacyStatus: 'PRIVATE',
        activityStatus: 'MUTED',
        createdDate: '2026-01-16T10:00:00.000Z',
        loginEmail: 'marcus@example.com',
        status: 'APPROVED',
        contactId: marcus.contactId,
        contact: { firstName: 'Marcus', lastName: 'Lee' },
        lastLoginDate: '2026-02-04T10:00:00.000Z',
        updatedDate: '2026-01-16T10:00:00.000Z',
      },
    });
  });

  it('gives the merchant everything by default', async () => {
    const { call, byEmail } = setup();
    const tom = byEmail('tom@example.com');
    const res = await call('GET', `${BASE}/${tom.id}?id=${tom.id}`, { headers: ADMIN });
    expect(res.json).toEqual({ member: structuredClone(tom) });
  });

  it('gives visitors and other members only the PUBLIC fieldset of a PUBLIC member', async () => {
    const { call, id, byEmail, visitorAuth, memberAuth } = setup();
    const jane = byEmail('jane@example.com');
    const path = `${BASE}/${jane.id}?id=${jane.id}&fieldsets=PUBLIC&fieldsets=EXTENDED`;
    const asVisitor = await call('GET', path, { headers: await visitorAuth() });
    expect(asVisitor.status).toBe(200);
    expect(asVisitor.json).toEqual({ member: janePublic(jane) });
    const asOther = await call('GET', `${BASE}/${jane.id}?id=${jane.id}&fieldsets=FULL`, {
      headers: memberAuth(id('liu@example.com')),
    });
    expect(asOther.json).toEqual({ member: janePublic(jane) });
  });

  it('hides a PRIVATE member from visitors and other members exactly as an unknown one', async () => {
    const { call, id, visitorAuth, memberAuth } = setup();
    const visitor = await visitorAuth();
    for (const email of ['marcus@example.com', 'priya@example.com', 'sam@example.com']) {
      const hidden = id(email);
      const res = await call('GET', `${BASE}/${hidden}?id=${hidden}`, { headers: visitor });
      expect(res.status).toBe(404);
      expect(res.json).toEqual({
        message: `Member ${hidden} not found`,
        details: {
          applicationError: {
            code: 'MEMBER_NOT_FOUND',
            description: `Member ${hidden} not found`,
            data: { memberId: hidden },
          },
        },
      });
    }
    const marcus = id('marcus@example.com');
    expect(
      (await call('GET', `${BASE}/${marcus}?id=${marcus}`, { headers: memberAuth(id('jane@example.com')) }))
        .status,
    ).toBe(404);
    const self = await call('GET', `${BASE}/${marcus}?id=${marcus}&fieldsets=FULL`, {
      headers: memberAuth(marcus),
    });
    expect(self.status).toBe(200);
    expect(self.json.member.loginEmail).toBe('marcus@example.com');
  });

  it('answers 404 for an unknown id, 400 when the repeated id disagrees, 401 without a token', async () => {
    const { call, id } = setup();
    const unknown = '3f1a2b4c-5d6e-4f70-8a9b-0c1d2e3f4a5b';
    const res = await call('GET', `${BASE}/${unknown}?id=${unknown}`, { headers: ADMIN });
    expect(res.status).toBe(404);
    expect(res.json.details.applicationError.code).toBe('MEMBER_NOT_FOUND');
    const jane = id('jane@example.com');
    const mismatch = await call('GET', `${BASE}/${jane}?id=${unknown}`, { headers: ADMIN });
    expect(mismatch.status).toBe(400);
    expect(mismatch.json.details.validationError.fieldViolations[0].field).toBe('id');
    expect((await call('GET', `${BASE}/${jane}?id=${jane}`)).status).toBe(401);
    expect((await call('GET', `${BASE}/${jane}`, { headers: { authorization: 'nonsense' } })).status).toBe(
      401,
    );
  });
});

describe('GET /members/v1/members (list, .r=)', () => {
  it('decodes the recorded .r request: a visitor past the end of the PUBLIC members', async () => {
    const { call, visitorAuth } = setup();
    const recorded =
      '.r=eyJwYWdpbmciOnsibGltaXQiOjEwLCJvZmZzZXQiOjIwfSwiZmllbGRzZXRzIjpbIlBVQkxJQyJdLCJzb3J0aW5nIjpbeyJmaWVsZE5hbWUiOiJwcm9maWxlLm5pY2tuYW1lIiwib3JkZXIiOiJBU0MifV19';
    const res = await call('GET', `${BASE}?${recorded}`, { headers: await visitorAuth() });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      members: [],
      metadata: { count: 0, offset: 20, total: 3, tooManyToCount: false },
    });
  });

  it('lists PUBLIC members with PUBLIC fields to visitors, sorted', async () => {
    const { call, visitorAuth, byEmail } = setup();
    const r = encodeDotR({
      paging: { limit: 10, offset: 0 },
      fieldsets: ['FULL'],
      sorting: [{ fieldName: 'profile.nickname', order: 'DESC' }],
    });
    const res = await call('GET', `${BASE}?.r=${r}`, { headers: await visitorAuth() });
    expect(res.json.members.map((m: Member) => m.profile?.nickname)).toEqual(['Olga', 'Liu Yang', 'Jane']);
    expect(res.json.metadata).toEqual({ count: 3, offset: 0, total: 3, tooManyToCount: false });
    expect(res.json.members[2]).toEqual(janePublic(byEmail('jane@example.com')));
    expect(res.text).not.toContain('loginEmail');
  });

  it('lists every member to the merchant, in full by default, paged', async () => {
    const { call } = setup();
    const r = encodeDotR({
      paging: { limit: 2, offset: 1 },
      sorting: [{ fieldName: 'createdDate', order: 'DESC' }],
    });
    const res = await call('GET', `${BASE}?.r=${r}`, { headers: ADMIN });
    expect(res.json.members.map((m: Member) => m.loginEmail)).toEqual([
      'sam@example.com',
      'olga@example.com',
    ]);
    expect(res.json.metadata).toEqual({ count: 2, offset: 1, total: 7, tooManyToCount: false });
    expect(res.json.members[0].contact.emails).toEqual(['sam@example.com']);
  });

  it('accepts flattened query parameters and defaults to 50 per page', async () => {
    const { call } = setup();
    const flat = await call('GET', `${BASE}?paging.limit=3&fieldsets=PUBLIC`, { headers: ADMIN });
    expect(flat.json.metadata).toEqual({ count: 3, offset: 0, total: 7, tooManyToCount: false });
    expect(flat.json.members[0].loginEmail).toBeUndefined();
    const all = await call('GET', BASE, { headers: ADMIN });
    expect(all.json.metadata).toEqual({ count: 7, offset: 0, total: 7, tooManyToCount: false });
  });

  it('rejects bad paging, sort orders and fieldsets, and a missing token', async () => {
    const { call } = setup();
    const big = await call('GET', `${BASE}?.r=${encodeDotR({ paging: { limit: 500 } })}`, { headers: ADMIN });
    expect(big.status).toBe(400);
    expect(big.json.details.validationError.fieldViolations[0]).toMatchObject({
      field: 'paging.limit',
      violatedRule: 'MAX',
    });
    const order = await call(
      'GET',
      `${BASE}?.r=${encodeDotR({ sorting: [{ fieldName: 'id', order: 'UP' }] })}`,
      {
        headers: ADMIN,
      },
    );
    expect(order.json.details.validationError.fieldViolations).toEqual([
      {
        field: 'sorting[0].order',
        description: 'must be one of ASC, DESC',
        violatedRule: 'INVALID_ENUM_VALUE',
      },
    ]);
    expect(
      (await call('GET', `${BASE}?.r=${encodeDotR({ fieldsets: ['ALL'] })}`, { headers: ADMIN })).status,
    ).toBe(400);
    expect((await call('GET', `${BASE}?.r=!!!`, { headers: ADMIN })).status).toBe(400);
    expect((await call('GET', BASE)).status).toBe(401);
  });
});

describe('POST /members/v1/members/query', () => {
  it('runs the recorded builder query and its next page', async () => {
    const { call, id, byEmail } = setup();
    const find = {
      fieldsets: ['FULL'],
      query: {
        filter: { $and: [{ loginEmail: 'jane@example.com' }, { id: { $ne: id('marcus@example.com') } }] },
        paging: { limit: 10, offset: 0 },
        sort: [{ fieldName: 'createdDate', order: 'ASC' }],
      },
    };
    const res = await call('POST', `${BASE}/query`, { headers: ADMIN, body: find });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      members: [structuredClone(byEmail('jane@example.com'))],
      metadata: { count: 1, offset: 0, total: 1, tooManyToCount: false },
    });
    const next = await call('POST', `${BASE}/query`, {
      headers: ADMIN,
      body: { ...find, query: { ...find.query, paging: { offset: 10, limit: 10 } } },
    });
    expect(next.json).toEqual({
      members: [],
      metadata: { count: 0, offset: 10, total: 1, tooManyToCount: false },
    });
    const excluded = await call('POST', `${BASE}/query`, {
      headers: ADMIN,
      body: {
        query: {
          filter: { $and: [{ loginEmail: 'jane@example.com' }, { id: { $ne: id('jane@example.com') } }] },
        },
      },
    });
    expect(excluded.json.metadata.total).toBe(0);
  });

  it('runs the recorded typed query with a search and sorting inside query', async () => {
    const { call, id } = setup();
    const res = await call('POST', `${BASE}/query`, {
      headers: ADMIN,
      body: {
        query: {
          filter: { 'profile.nickname': { $startsWith: 'Ja' } },
          paging: { limit: 5, offset: 0 },
          sorting: [{ fieldName: 'createdDate', order: 'DESC' }],
        },
        fieldsets: ['FULL'],
        search: { expression: 'jane', fields: ['profile.nickname'] },
      },
    });
    expect(res.json.members.map((m: Member) => m.id)).toEqual([id('jane@example.com')]);
    expect(res.json.metadata).toEqual({ count: 1, offset: 0, total: 1, tooManyToCount: false });
  });

  it('filters with $in and $ne and sorts by sorting beside the query', async () => {
    const { call } = setup();
    const res = await call('POST', `${BASE}/query`, {
      headers: ADMIN,
      body: {
        query: { filter: { status: { $in: ['APPROVED', 'PENDING'] }, activityStatus: { $ne: 'MUTED' } } },
        sorting: [{ fieldName: 'profile.nickname', order: 'DESC' }],
        fieldsets: ['PUBLIC'],
      },
    });
    expect(res.json.members.map((m: Member) => m.profile?.nickname)).toEqual(['Priya', 'Liu Yang', 'Jane']);
    expect(res.json.members[0]).not.toHaveProperty('status');
  });

  it('searches the merchant default fields, and only nicknames for others', async () => {
    const { call, id, visitorAuth } = setup();
    const byLastName = await call('POST', `${BASE}/query`, {
      headers: ADMIN,
      body: { query: {}, search: { expression: 'DOE' } },
    });
    expect(byLastName.json.members.map((m: Member) => m.id)).toEqual([id('jane@example.com')]);
    const byEmail = await call('POST', `${BASE}/query`, {
      headers: ADMIN,
      body: { query: {}, search: { expression: 'example.com' } },
    });
    expect(byEmail.json.metadata.total).toBe(7);
    const visitor = await visitorAuth();
    const asVisitor = await call('POST', `${BASE}/query`, {
      headers: visitor,
      body: { query: {}, search: { expression: 'doe' } },
    });
    expect(asVisitor.json.metadata.total).toBe(0);
    const nick = await call('POST', `${BASE}/query`, {
      headers: visitor,
      body: { query: {}, search: { expression: 'yang' } },
    });
    expect(nick.json.members.map((m: Member) => m.id)).toEqual([id('liu@example.com')]);
    const bad = await call('POST', `${BASE}/query`, {
      headers: ADMIN,
      body: { query: {}, search: { expression: 'x', fields: ['contact.phones'] } },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.details.validationError.fieldViolations[0]).toMatchObject({
      field: 'search.fields[0]',
      violatedRule: 'INVALID_ENUM_VALUE',
    });
  });

  it('shows visitors PUBLIC members only, and cannot be used to probe hidden fields', async () => {
    const { call, visitorAuth, memberAuth, id } = setup();
    const visitor = await visitorAuth();
    const all = await call('POST', `${BASE}/query`, {
      headers: visitor,
      body: { fieldsets: ['FULL'], query: {} },
    });
    expect(all.json.members.map((m: Member) => m.profile?.nickname)).toEqual(['Jane', 'Olga', 'Liu Yang']);
    expect(all.json.members.every((m: Member) => m.loginEmail === undefined && m.contact === undefined)).toBe(
      true,
    );
    const probe = await call('POST', `${BASE}/query`, {
      headers: visitor,
      body: { query: { filter: { loginEmail: 'jane@example.com' } } },
    });
    expect(probe.json.metadata.total).toBe(0);
    const asMember = await call('POST', `${BASE}/query`, {
      headers: memberAuth(id('marcus@example.com')),
      body: { query: { filter: { privacyStatus: 'PRIVATE' } } },
    });
    expect(asMember.json.metadata.total).toBe(0);
  });

  it('rejects an unknown operator and bad paging', async () => {
    const { call } = setup();
    const res = await call('POST', `${BASE}/query`, {
      headers: ADMIN,
      body: { query: { filter: { loginEmail: { $regex: 'jane' } } } },
    });
    expect(res.status).toBe(400);
    expect(res.json.details.validationError.fieldViolations[0]).toMatchObject({
      field: 'query.filter.loginEmail.$regex',
      violatedRule: 'FORMAT',
    });
    const paging = await call('POST', `${BASE}/query`, {
      headers: ADMIN,
      body: { query: { paging: { limit: 10, offset: -1 } } },
    });
    expect(paging.json.details.validationError.fieldViolations[0]).toMatchObject({
      field: 'query.paging.offset',
      violatedRule: 'MIN',
    });
  });
});

describe('moderation: mute, unmute, approve, block, disconnect', () => {
  it('mutes and unmutes (recorded bodies)', async () => {
    const { call, id, byEmail } = setup();
    const jane = id('jane@example.com');
    const muted = await call('POST', `${BASE}/${jane}/mute`, { headers: ADMIN, body: { id: jane } });
    expect(muted.status).toBe(200);
    expect(muted.json.member).toMatchObject({ id: jane, activityStatus: 'MUTED', updatedDate: NOW });
    expect(muted.json.member.loginEmail).toBe('jane@example.com');
    expect(byEmail('jane@example.com').activityStatus).toBe('MUTED');
    const unmuted = await call('POST', `${BASE}/${jane}/unmute`, { headers: ADMIN, body: { id: jane } });
    expect(unmuted.json.member.activityStatus).toBe('ACTIVE');
    expect(byEmail('jane@example.com').activityStatus).toBe('ACTIVE');
  });

  it('approves a PENDING member, is idempotent for APPROVED, and unblocks a BLOCKED one', async () => {
    const { call, id, byEmail } = setup();
    const priya = id('priya@example.com');
    const approved = await call('POST', `${BASE}/${priya}/approve`, { headers: ADMIN, body: { id: priya } });
    expect(approved.status).toBe(200);
    expect(approved.json.member.status).toBe('APPROVED');
    expect(byEmail('priya@example.com').status).toBe('APPROVED');
    const again = await call('POST', `${BASE}/${priya}/approve`, { headers: ADMIN, body: { id: priya } });
    expect(again.status).toBe(200);
    expect(again.json.member.status).toBe('APPROVED');
    // "To unblock a member, call Approve Member" (the platform's Block Member reference, WIRE.md 15).
    const tom = id('tom@example.com');
    const unblocked = await call('POST', `${BASE}/${tom}/approve`, { headers: ADMIN, body: { id: tom } });
    expect(unblocked.status).toBe(200);
    expect(unblocked.json.member).toMatchObject({ status: 'APPROVED', updatedDate: NOW });
    expect(byEmail('tom@example.com').status).toBe('APPROVED');
  });

  it('lets an unblocked member sign in again', async () => {
    const { call, id, anonymousTokens } = setup();
    const tom = id('tom@example.com');
    const visitor = { authorization: (await anonymousTokens()).access_token };
    const login = () =>
      call('POST', '/_api/iam/authentication/v2/login', {
        headers: visitor,
        body: { loginId: { email: 'tom@example.com' }, password: 'sandbox-member' },
      });
    expect((await login()).status).toBe(403);
    await call('POST', `${BASE}/${tom}/approve`, { headers: ADMIN, body: { id: tom } });
    const after = await login();
    expect(after.status).toBe(200);
    expect(after.json.state).toBe('SUCCESS');
  });

  it('follows the transition table of the README for every status', async () => {
    // action -> the status it leads to from PENDING, APPROVED, BLOCKED, OFFLINE, UNKNOWN (428: refused).
    const FROM = ['PENDING', 'APPROVED', 'BLOCKED', 'OFFLINE', 'UNKNOWN'] as const;
    const TABLE: Record<string, Array<string | 428>> = {
      approve: ['APPROVED', 'APPROVED', 'APPROVED', 428, 'APPROVED'],
      block: ['BLOCKED', 'BLOCKED', 'BLOCKED', 428, 'BLOCKED'],
      disconnect: ['OFFLINE', 'OFFLINE', 'OFFLINE', 'OFFLINE', 'OFFLINE'],
      mute: [...FROM],
      unmute: [...FROM],
    };
    for (const [action, outcomes] of Object.entries(TABLE)) {
      for (const [index, from] of FROM.entries()) {
        const { call, id, byEmail } = setup();
        const liu = id('liu@example.com');
        byEmail('liu@example.com').status = from;
        const res = await call('POST', `${BASE}/${liu}/${action}`, { headers: ADMIN, body: { id: liu } });
        const expected = outcomes[index];
        const where = `${action} from ${from}`;
        if (expected === 428) {
          expect(res.status, where).toBe(428);
          expect(res.json.details.applicationError, where).toEqual({
            code: 'INVALID_MEMBER_STATUS',
            description: `Member ${liu} is OFFLINE (disconnected, which cannot be undone): it cannot be ${action === 'approve' ? 'approved' : 'blocked'}`,
            data: { memberId: liu, status: 'OFFLINE' },
          });
          expect(byEmail('liu@example.com').status, where).toBe('OFFLINE');
          expect(byEmail('liu@example.com').updatedDate, where).not.toBe(NOW);
        } else {
          expect(res.status, where).toBe(200);
          expect(res.json.member.status, where).toBe(expected);
          expect(byEmail('liu@example.com').status, where).toBe(expected);
        }
        const activity = action === 'mute' ? 'MUTED' : 'ACTIVE';
        expect(byEmail('liu@example.com').activityStatus, where).toBe(activity);
        expect(byEmail('liu@example.com').privacyStatus, where).toBe('PUBLIC');
      }
    }
  });

  it('blocks a member and revokes its tokens', async () => {
    const { call, id, memberTokens, byEmail, active } = setup();
    const liu = id('liu@example.com');
    const tokens = memberTokens(liu);
    expect(await active(tokens.access_token)).toBe(true);
    const res = await call('POST', `${BASE}/${liu}/block`, { headers: ADMIN, body: { id: liu } });
    expect(res.status).toBe(200);
    expect(res.json.member).toMatchObject({ status: 'BLOCKED', updatedDate: NOW });
    expect(byEmail('liu@example.com').status).toBe('BLOCKED');
    expect(await active(tokens.access_token)).toBe(false);
    expect(
      (await call('GET', `${BASE}/my`, { headers: { authorization: tokens.access_token } })).status,
    ).toBe(401);
  });

  it('disconnects a member (OFFLINE) and revokes its tokens', async () => {
    const { call, id, memberTokens, byEmail, active } = setup();
    const jane = id('jane@example.com');
    const tokens = memberTokens(jane);
    const res = await call('POST', `${BASE}/${jane}/disconnect`, { headers: ADMIN, body: { id: jane } });
    expect(res.json.member.status).toBe('OFFLINE');
    expect(byEmail('jane@example.com').status).toBe('OFFLINE');
    expect(await active(tokens.access_token)).toBe(false);
  });

  it('answers 404 MEMBER_NOT_FOUND for an unknown id and 400 when the body id disagrees', async () => {
    const { call, id } = setup();
    const unknown = '3f1a2b4c-5d6e-4f70-8a9b-0c1d2e3f4a5b';
    const res = await call('POST', `${BASE}/${unknown}/mute`, { headers: ADMIN, body: { id: unknown } });
    expect(res.status).toBe(404);
    expect(res.json).toEqual({
      message: `Member ${unknown} not found`,
      details: {
        applicationError: {
          code: 'MEMBER_NOT_FOUND',
          description: `Member ${unknown} not found`,
          data: { memberId: unknown },
        },
      },
    });
    const jane = id('jane@example.com');
    const mismatch = await call('POST', `${BASE}/${jane}/block`, { headers: ADMIN, body: { id: unknown } });
    expect(mismatch.status).toBe(400);
  });

  it('refuses visitor and member tokens with 403', async () => {
    const { call, id, visitorAuth, memberAuth, byEmail } = setup();
    const jane = id('jane@example.com');
    const visitor = await call('POST', `${BASE}/${jane}/mute`, {
      headers: await visitorAuth(),
      body: { id: jane },
    });
    expect(visitor.status).toBe(403);
    expect(visitor.json.message).toBe(
      `POST ${BASE}/${jane}/mute is a merchant call: it needs the API key (elevated client), not a visitor token`,
    );
    for (const action of ['block', 'approve', 'disconnect', 'unmute', 'slug']) {
      const res = await call('POST', `${BASE}/${jane}/${action}`, {
        headers: memberAuth(jane),
        body: { id: jane, slug: 'x' },
      });
      expect(res.status).toBe(403);
    }
    expect(byEmail('jane@example.com')).toMatchObject({ status: 'APPROVED', activityStatus: 'ACTIVE' });
  });
});

describe('POST /members/v1/members/{id}/slug', () => {
  it('sets a member slug (recorded body) and enforces the slug rules', async () => {
    const { call, id, byEmail } = setup();
    const jane = id('jane@example.com');
    const res = await call('POST', `${BASE}/${jane}/slug`, {
      headers: ADMIN,
      body: { id: jane, slug: 'jane-doe' },
    });
    expect(res.status).toBe(200);
    expect(res.json.member.profile.slug).toBe('jane-doe');
    expect(byEmail('jane@example.com').profile?.slug).toBe('jane-doe');
    const taken = await call('POST', `${BASE}/${id('olga@example.com')}/slug`, {
      headers: ADMIN,
      body: { id: id('olga@example.com'), slug: 'jane-doe' },
    });
    expect(taken.status).toBe(409);
    expect(taken.json.details.applicationError.code).toBe('SLUG_ALREADY_EXISTS');
    expect(taken.json.message).toContain('jane-doe');
    const bad = await call('POST', `${BASE}/${jane}/slug`, {
      headers: ADMIN,
      body: { id: jane, slug: 'UPPER' },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.details.validationError.fieldViolations[0]).toMatchObject({
      field: 'slug',
      violatedRule: 'FORMAT',
    });
  });
});

describe('deleting members', () => {
  it('DELETE /{id} removes the member, its identity and its tokens', async () => {
    const { call, id, memberTokens, state, active } = setup();
    const olga = id('olga@example.com');
    const tokens = memberTokens(olga);
    const res = await call('DELETE', `${BASE}/${olga}?id=${olga}`, { headers: ADMIN });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({});
    expect(state().members.has(olga)).toBe(false);
    expect(state().identities.has('olga@example.com')).toBe(false);
    expect(await active(tokens.access_token)).toBe(false);
    expect((await call('GET', `${BASE}/${olga}?id=${olga}`, { headers: ADMIN })).status).toBe(404);
    expect((await call('DELETE', `${BASE}/${olga}?id=${olga}`, { headers: ADMIN })).status).toBe(404);
  });

  it('DELETE /{id} is a merchant call', async () => {
    const { call, id, memberAuth, state } = setup();
    const olga = id('olga@example.com');
    expect((await call('DELETE', `${BASE}/${olga}?id=${olga}`, { headers: memberAuth(olga) })).status).toBe(
      403,
    );
    expect(state().members.has(olga)).toBe(true);
  });

  it('bulk/delete reports each id, an unknown one as a failed item', async () => {
    const { call, id, state } = setup();
    const unknown = '3f1a2b4c-5d6e-4f70-8a9b-0c1d2e3f4a5b';
    const sam = id('sam@example.com');
    const res = await call('POST', `${BASE}/bulk/delete`, {
      headers: ADMIN,
      body: { memberIds: [unknown, sam] },
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      results: [
        {
          itemMetadata: {
            id: unknown,
            originalIndex: 0,
            success: false,
            error: {
              code: 'MEMBER_NOT_FOUND',
              description: `Member ${unknown} not found`,
              data: { memberId: unknown },
            },
          },
        },
        { itemMetadata: { id: sam, originalIndex: 1, success: true } },
      ],
      bulkActionMetadata: { totalSuccesses: 1, totalFailures: 1, undetailedFailures: 0 },
    });
    expect(state().members.has(sam)).toBe(false);
    expect(state().identities.has('sam@example.com')).toBe(false);
    expect(state().members.size).toBe(6);
  });

  it('bulk/delete needs 1 to 100 ids and the API key', async () => {
    const { call, visitorAuth } = setup();
    const empty = await call('POST', `${BASE}/bulk/delete`, { headers: ADMIN, body: { memberIds: [] } });
    expect(empty.status).toBe(400);
    expect(empty.json.details.validationError.fieldViolations[0]).toMatchObject({
      field: 'memberIds',
      violatedRule: 'MIN_SIZE',
    });
    const missing = await call('POST', `${BASE}/bulk/delete`, { headers: ADMIN, body: {} });
    expect(missing.json.details.validationError.fieldViolations[0].violatedRule).toBe('REQUIRED_FIELD');
    const visitor = await call('POST', `${BASE}/bulk/delete`, {
      headers: await visitorAuth(),
      body: { memberIds: ['x'] },
    });
    expect(visitor.status).toBe(403);
  });

  it('bulk/delete-by-filter applies the filter and the search (recorded body)', async () => {
    const { call, id, state } = setup();
    const jane = id('jane@example.com');
    const recorded = {
      filter: { status: 'BLOCKED' },
      contentAssigneeId: jane,
      search: { expression: 'spam' },
    };
    const none = await call('POST', `${BASE}/bulk/delete-by-filter`, { headers: ADMIN, body: recorded });
    expect(none.status).toBe(200);
    expect(none.json.jobId).toMatch(UUID);
    expect(state().members.size).toBe(7);
    const tom = await call('POST', `${BASE}/bulk/delete-by-filter`, {
      headers: ADMIN,
      body: { ...recorded, search: { expression: 'baker' } },
    });
    expect(tom.json.jobId).toMatch(UUID);
    expect(tom.json.jobId).not.toBe(none.json.jobId);
    expect(state().members.has(id('jane@example.com'))).toBe(true);
    expect([...state().members.values()].some((m) => m.loginEmail === 'tom@example.com')).toBe(false);
    expect(state().identities.has('tom@example.com')).toBe(false);
    expect(state().members.size).toBe(6);
  });

  it('bulk by-filter calls require a valid filter', async () => {
    const { call } = setup();
    for (const path of ['delete-by-filter', 'approve-by-filter', 'block-by-filter']) {
      const missing = await call('POST', `${BASE}/bulk/${path}`, { headers: ADMIN, body: {} });
      expect(missing.status).toBe(400);
      expect(missing.json.details.validationError.fieldViolations).toEqual([
        { field: 'filter', description: 'is required', violatedRule: 'REQUIRED_FIELD' },
      ]);
      const bad = await call('POST', `${BASE}/bulk/${path}`, {
        headers: ADMIN,
        body: { filter: { $xor: [] } },
      });
      expect(bad.json.details.validationError.fieldViolations[0].field).toBe('filter.$xor');
    }
  });
});

describe('bulk approve and block by filter', () => {
  it('approves the PENDING members (recorded body)', async () => {
    const { call, byEmail } = setup();
    const res = await call('POST', `${BASE}/bulk/approve-by-filter`, {
      headers: ADMIN,
      body: { filter: { status: 'PENDING' } },
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ jobId: expect.stringMatching(UUID) });
    expect(byEmail('priya@example.com')).toMatchObject({ status: 'APPROVED', updatedDate: NOW });
    expect(byEmail('tom@example.com').status).toBe('BLOCKED');
  });

  it('approves PENDING, BLOCKED and UNKNOWN members matched by a filter, and skips OFFLINE ones', async () => {
    const { call, byEmail } = setup();
    await call('POST', `${BASE}/bulk/approve-by-filter`, { headers: ADMIN, body: { filter: {} } });
    // Bulk Approve Members: "Approve pending members. Unblock blocked members." Disconnecting is final.
    expect(byEmail('tom@example.com').status).toBe('APPROVED');
    expect(byEmail('sam@example.com').status).toBe('APPROVED');
    expect(byEmail('priya@example.com').status).toBe('APPROVED');
    expect(byEmail('olga@example.com').status).toBe('OFFLINE');
  });

  it('blocks every matched member but an OFFLINE one', async () => {
    const { call, byEmail } = setup();
    await call('POST', `${BASE}/bulk/block-by-filter`, { headers: ADMIN, body: { filter: {} } });
    expect(byEmail('jane@example.com').status).toBe('BLOCKED');
    expect(byEmail('priya@example.com').status).toBe('BLOCKED');
    expect(byEmail('olga@example.com').status).toBe('OFFLINE');
  });

  it('blocks the matched members and revokes their tokens (recorded body)', async () => {
    const { call, id, memberTokens, byEmail, active } = setup();
    const liu = id('liu@example.com');
    const tokens = memberTokens(liu);
    const janeTokens = memberTokens(id('jane@example.com'));
    const res = await call('POST', `${BASE}/bulk/block-by-filter`, {
      headers: ADMIN,
      body: { filter: { id: { $in: [liu] } } },
    });
    expect(res.json.jobId).toMatch(UUID);
    expect(byEmail('liu@example.com').status).toBe('BLOCKED');
    expect(byEmail('jane@example.com').status).toBe('APPROVED');
    expect(await active(tokens.access_token)).toBe(false);
    expect(await active(janeTokens.access_token)).toBe(true);
  });

  it('are merchant calls', async () => {
    const { call, id, memberAuth, byEmail } = setup();
    const res = await call('POST', `${BASE}/bulk/block-by-filter`, {
      headers: memberAuth(id('jane@example.com')),
      body: { filter: {} },
    });
    expect(res.status).toBe(403);
    expect(byEmail('liu@example.com').status).toBe('APPROVED');
  });
});

describe('POST /members/v1/members (create)', () => {
  const recorded = {
    member: {
      loginEmail: 'new@example.com',
      profile: { nickname: 'Newbie' },
      contact: {
        firstName: 'New',
        lastName: 'User',
        birthdate: '1990-01-01',
        addresses: [{ addressLine: '1 Main St', city: 'Springfield', country: 'US' }],
      },
    },
  };

  it('creates a member with an identity that has no password yet (recorded body)', async () => {
    const { call, state } = setup();
    const res = await call('POST', BASE, { headers: ADMIN, body: recorded });
    expect(res.status).toBe(200);
    const member = res.json.member as Member;
    expect(member.id).toMatch(UUID);
    expect(member.contactId).toMatch(UUID);
    expect(member.contact?.addresses?.[0]?.id).toMatch(UUID);
    expect(member).toEqual({
      id: member.id,
      loginEmail: 'new@example.com',
      loginEmailVerified: false,
      status: 'APPROVED',
      contactId: member.contactId,
      contact: {
        firstName: 'New',
        lastName: 'User',
        birthdate: '1990-01-01',
        phones: [],
        emails: ['new@example.com'],
        addresses: [
          {
            id: member.contact?.addresses?.[0]?.id,
            addressLine: '1 Main St',
            city: 'Springfield',
            country: 'US',
          },
        ],
      },
      profile: { nickname: 'Newbie', slug: 'newbie' },
      privacyStatus: 'PRIVATE',
      activityStatus: 'ACTIVE',
      createdDate: NOW,
      updatedDate: NOW,
    });
    expect(res.text).not.toMatch(/passwordHash|salt/);
    expect(state().members.get(member.id as string)).toEqual(member);
    expect(state().identities.get('new@example.com')).toEqual({
      memberId: member.id,
      email: 'new@example.com',
      salt: '',
      passwordHash: '',
      emailVerified: false,
    });
    const read = await call('GET', `${BASE}/${member.id}?id=${member.id}`, { headers: ADMIN });
    expect(read.json.member).toEqual(member);
  });

  it('derives a free slug from the nickname, else from the email', async () => {
    const { call } = setup();
    const jane = await call('POST', BASE, {
      headers: ADMIN,
      body: {
        member: { loginEmail: 'jane2@example.com', profile: { nickname: 'Jane' }, privacyStatus: 'PUBLIC' },
      },
    });
    expect(jane.json.member.profile).toEqual({ nickname: 'Jane', slug: 'jane-2' });
    expect(jane.json.member.privacyStatus).toBe('PUBLIC');
    const jane3 = await call('POST', BASE, {
      headers: ADMIN,
      body: { member: { loginEmail: 'jane3@example.com', profile: { nickname: 'Jane!' } } },
    });
    expect(jane3.json.member.profile.slug).toBe('jane-3');
    const bare = await call('POST', BASE, {
      headers: ADMIN,
      body: { member: { loginEmail: 'Kim.Park@Example.com' } },
    });
    expect(bare.json.member.loginEmail).toBe('kim.park@example.com');
    expect(bare.json.member.profile).toEqual({ nickname: 'kim.park', slug: 'kim-park' });
    const chosen = await call('POST', BASE, {
      headers: ADMIN,
      body: { member: { loginEmail: 'x@example.com', profile: { nickname: 'X', slug: 'the-x' } } },
    });
    expect(chosen.json.member.profile.slug).toBe('the-x');
    const takenSlug = await call('POST', BASE, {
      headers: ADMIN,
      body: { member: { loginEmail: 'y@example.com', profile: { slug: 'the-x' } } },
    });
    expect(takenSlug.status).toBe(409);
    expect(takenSlug.json.details.applicationError.code).toBe('SLUG_ALREADY_EXISTS');
  });

  it('refuses a login email already in use with 409 EMAIL_ALREADY_EXISTS', async () => {
    const { call, state } = setup();
    const res = await call('POST', BASE, {
      headers: ADMIN,
      body: { member: { loginEmail: 'JANE@example.com' } },
    });
    expect(res.status).toBe(409);
    expect(res.json.details.applicationError).toEqual({
      code: 'EMAIL_ALREADY_EXISTS',
      description: 'A member with login email jane@example.com already exists',
      data: { loginEmail: 'jane@example.com' },
    });
    expect(state().members.size).toBe(7);
  });

  it('answers every validation problem at once, sorted by field', async () => {
    const { call, state } = setup();
    const res = await call('POST', BASE, {
      headers: ADMIN,
      body: {
        member: {
          privacyStatus: 'SECRET',
          profile: { nickname: 'n'.repeat(101), slug: 'Bad Slug' },
          contact: { birthdate: '1990-13-01', emails: ['not-an-email'] },
        },
      },
    });
    expect(res.status).toBe(400);
    expect(
      res.json.details.validationError.fieldViolations.map((v: { field: string; violatedRule: string }) => [
        v.field,
        v.violatedRule,
      ]),
    ).toEqual([
      ['member.contact.birthdate', 'FORMAT'],
      ['member.contact.emails[0]', 'FORMAT'],
      ['member.loginEmail', 'REQUIRED_FIELD'],
      ['member.privacyStatus', 'INVALID_ENUM_VALUE'],
      ['member.profile.nickname', 'MAX_LENGTH'],
      ['member.profile.slug', 'FORMAT'],
    ]);
    expect(res.json.message).toMatch(/^INVALID_ARGUMENT: "member.contact.birthdate" /);
    const badEmail = await call('POST', BASE, { headers: ADMIN, body: { member: { loginEmail: 'nope' } } });
    expect(badEmail.json.details.validationError.fieldViolations).toEqual([
      { field: 'member.loginEmail', description: 'must be a valid email address', violatedRule: 'FORMAT' },
    ]);
    const noMember = await call('POST', BASE, { headers: ADMIN, body: {} });
    expect(noMember.json.details.validationError.fieldViolations).toEqual([
      { field: 'member', description: 'is required', violatedRule: 'REQUIRED_FIELD' },
    ]);
    expect(state().members.size).toBe(7);
  });

  it('is a merchant call', async () => {
    const { call, visitorAuth } = setup();
    const res = await call('POST', BASE, { headers: await visitorAuth(), body: recorded });
    expect(res.status).toBe(403);
  });
});

describe('PATCH /members/v1/members/{id} (update)', () => {
  it('merges the profile, ignores read-only fields and bumps updatedDate (recorded body)', async () => {
    const { call, id, byEmail } = setup();
    const jane = id('jane@example.com');
    const before = structuredClone(byEmail('jane@example.com'));
    const res = await call('PATCH', `${BASE}/${jane}`, {
      headers: ADMIN,
      body: {
        member: {
          profile: { nickname: 'J' },
          lastLoginDate: '2024-06-01T12:00:00.000Z',
          id: jane,
          createdDate: '2024-01-01T00:00:00.000Z',
        },
      },
    });
    expect(res.status).toBe(200);
    const expected = structuredClone(before);
    expected.profile = { ...expected.profile, nickname: 'J' };
    expected.updatedDate = NOW;
    expect(res.json).toEqual({ member: expected });
    expect(byEmail('jane@example.com')).toEqual(expected);
  });

  it('replaces given lists, keeps lists sent empty, clears strings sent empty, merges custom fields', async () => {
    const { call, id, byEmail } = setup();
    const jane = id('jane@example.com');
    await call('PATCH', `${BASE}/${jane}`, {
      headers: ADMIN,
      body: { member: { id: jane, contact: { customFields: { shoe: { name: 'Shoe size', value: 38 } } } } },
    });
    const res = await call('PATCH', `${BASE}/${jane}`, {
      headers: ADMIN,
      body: {
        member: {
          id: jane,
          status: 'BLOCKED',
          loginEmail: 'other@example.com',
          privacyStatus: 'PRIVATE',
          profile: { title: '' },
          contact: {
            phones: ['+1 555 0199', '+1 555 0142'],
            addresses: [],
            company: 'Acme',
            customFields: { team: { value: 'blue' } },
          },
        },
      },
    });
    expect(res.status).toBe(200);
    const stored = byEmail('jane@example.com');
    expect(stored.status).toBe('APPROVED');
    expect(stored.loginEmail).toBe('jane@example.com');
    expect(stored.privacyStatus).toBe('PRIVATE');
    expect(stored.profile?.title).toBeUndefined();
    expect(stored.profile?.nickname).toBe('Jane');
    expect(stored.contact?.phones).toEqual(['+1 555 0199', '+1 555 0142']);
    expect(stored.contact?.addresses?.map((a) => a.addressLine)).toEqual(['1 Main St']);
    expect(stored.contact?.company).toBe('Acme');
    expect(stored.contact?.firstName).toBe('Jane');
    expect(stored.contact?.customFields).toEqual({ shoe: { value: 38 }, team: { value: 'blue' } });
  });

  it('lets a signed-in member update itself but nobody else', async () => {
    const { call, id, memberAuth, visitorAuth, byEmail } = setup();
    const jane = id('jane@example.com');
    const liu = id('liu@example.com');
    const self = await call('PATCH', `${BASE}/${jane}`, {
      headers: memberAuth(jane),
      body: { member: { id: jane, profile: { title: 'Collector' } } },
    });
    expect(self.status).toBe(200);
    expect(byEmail('jane@example.com').profile?.title).toBe('Collector');
    const other = await call('PATCH', `${BASE}/${liu}`, {
      headers: memberAuth(jane),
      body: { member: { id: liu, profile: { nickname: 'Hacked' } } },
    });
    expect(other.status).toBe(403);
    const visitor = await call('PATCH', `${BASE}/${liu}`, {
      headers: await visitorAuth(),
      body: { member: { id: liu, profile: { nickname: 'Hacked' } } },
    });
    expect(visitor.status).toBe(403);
    expect(byEmail('liu@example.com').profile?.nickname).toBe('Liu Yang');
  });

  it('validates, checks slugs and ids, and changes nothing on failure', async () => {
    const { call, id, byEmail } = setup();
    const jane = id('jane@example.com');
    const before = structuredClone(byEmail('jane@example.com'));
    const invalid = await call('PATCH', `${BASE}/${jane}`, {
      headers: ADMIN,
      body: { member: { id: jane, privacyStatus: 'SECRET', profile: { nickname: 'ok' } } },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.json.details.validationError.fieldViolations).toEqual([
      {
        field: 'member.privacyStatus',
        description: 'must be one of UNKNOWN, PRIVATE, PUBLIC',
        violatedRule: 'INVALID_ENUM_VALUE',
      },
    ]);
    const long = await call('PATCH', `${BASE}/${jane}`, {
      headers: ADMIN,
      body: { member: { id: jane, profile: { nickname: 'x'.repeat(101) } } },
    });
    expect(long.json.details.validationError.fieldViolations[0]).toMatchObject({
      field: 'member.profile.nickname',
      violatedRule: 'MAX_LENGTH',
    });
    const taken = await call('PATCH', `${BASE}/${jane}`, {
      headers: ADMIN,
      body: { member: { id: jane, profile: { slug: 'olga' } } },
    });
    expect(taken.status).toBe(409);
    const mismatch = await call('PATCH', `${BASE}/${jane}`, {
      headers: ADMIN,
      body: { member: { id: id('olga@example.com'), profile: { nickname: 'x' } } },
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.json.details.validationError.fieldViolations[0].field).toBe('member.id');
    expect(byEmail('jane@example.com')).toEqual(before);
    const unknown = '3f1a2b4c-5d6e-4f70-8a9b-0c1d2e3f4a5b';
    const missing = await call('PATCH', `${BASE}/${unknown}`, {
      headers: ADMIN,
      body: { member: { id: unknown, profile: { nickname: 'J' } } },
    });
    expect(missing.status).toBe(404);
    const slug = await call('PATCH', `${BASE}/${jane}`, {
      headers: ADMIN,
      body: { member: { id: jane, profile: { slug: 'jane-d' } } },
    });
    expect(slug.json.member.profile.slug).toBe('jane-d');
  });
});

describe('DELETE /members/v1/members/{id}/phones, /emails, /addresses', () => {
  it('empties each list (recorded requests)', async () => {
    const { call, id, byEmail } = setup();
    const jane = id('jane@example.com');
    for (const list of ['phones', 'emails', 'addresses'] as const) {
      expect(byEmail('jane@example.com').contact?.[list]?.length).toBe(1);
      const res = await call('DELETE', `${BASE}/${jane}/${list}?id=${jane}`, { headers: ADMIN });
      expect(res.status).toBe(200);
      expect(res.json.member.contact[list]).toEqual([]);
      expect(res.json.member.updatedDate).toBe(NOW);
      expect(byEmail('jane@example.com').contact?.[list]).toEqual([]);
    }
    expect(byEmail('jane@example.com').contact?.firstName).toBe('Jane');
  });

  it('are merchant calls', async () => {
    const { call, id, memberAuth, byEmail } = setup();
    const jane = id('jane@example.com');
    const res = await call('DELETE', `${BASE}/${jane}/phones?id=${jane}`, { headers: memberAuth(jane) });
    expect(res.status).toBe(403);
    expect(byEmail('jane@example.com').contact?.phones).toEqual(['+1 555 0100']);
  });
});

describe('answers are copies', () => {
  it('does not let a PUBLIC projection or a response change the stored member', async () => {
    const { call, visitorAuth, byEmail } = setup();
    const jane = byEmail('jane@example.com');
    const before = structuredClone(jane);
    await call('GET', `${BASE}/${jane.id}?id=${jane.id}`, { headers: await visitorAuth() });
    await call('POST', `${BASE}/query`, { headers: ADMIN, body: { query: {} } });
    expect(byEmail('jane@example.com')).toEqual(before);
  });

  it('projects deep copies in every fieldset', () => {
    const { byEmail } = setup();
    const jane = byEmail('jane@example.com');
    for (const fieldset of ['PUBLIC', 'EXTENDED', 'FULL'] as const) {
      const copy = projectMember(jane, fieldset);
      expect(copy.profile).not.toBe(jane.profile);
      expect(copy.profile?.photo).not.toBe(jane.profile?.photo);
      (copy.profile as { nickname: string }).nickname = 'Changed';
      (copy.profile?.photo as { url: string }).url = 'https://evil.example/x.png';
    }
    const full = projectMember(jane, 'FULL');
    full.contact?.phones?.push('+1 000');
    expect(jane.profile?.nickname).toBe('Jane');
    expect(jane.profile?.photo?.url).toBe('https://sandbox.test/_sandbox/media/avatar-jane.svg');
    expect(jane.contact?.phones).toEqual(['+1 555 0100']);
  });
});
