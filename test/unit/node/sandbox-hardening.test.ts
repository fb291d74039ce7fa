import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SandboxOptions } from '../../../sandbox/app';
import { SANDBOX_IDP_ID } from '../../../sandbox/identity';
import { signSandboxIdToken } from '../../../sandbox/idp';
import { DEFAULT_SETTINGS } from '../../../sandbox/settings';
import { fakeClock, testSandbox } from '../../helpers/sandbox';

/**
 * Issue 22, items 5 and 6, and the plain objects keyed by outside text: everything through the sandbox's
 * HTTP surface (its in-process `fetch`), as the demo, the client and the official SDK reach it.
 */

const API_KEY = 'sandbox-admin-key';
const ADMIN = { authorization: API_KEY };
const AUTHN = '/_api/iam/authentication';
const SSO = `${AUTHN}/v1/sso/login-with-token-params`;
const MEMBERS = '/members/v1/members';
const SETTINGS = '/_sandbox/settings';

/** What every object inherits: the names a lookup in a plain object finds without the object holding them. */
const BUILT_IN_NAMES = [
  'hasOwnProperty',
  'constructor',
  'toString',
  'valueOf',
  '__proto__',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  '__defineGetter__',
  '__lookupSetter__',
];

/** A JSON object with one own key: an object literal's `__proto__: v` would set the prototype instead. */
const withKey = (key: string, value: unknown): Record<string, unknown> => Object.fromEntries([[key, value]]);

const dotR = (request: unknown) => Buffer.from(JSON.stringify(request)).toString('base64url');

/** A sandbox on a fake clock, with a visitor's token, the seeded members and the sign-in sessions at hand. */
function setup(options: SandboxOptions = {}) {
  const t = testSandbox({ now: fakeClock().now, ...options });
  const state = () => t.sandbox.context.state;
  const visitor = async () => ({ authorization: (await t.anonymousTokens()).access_token });
  const memberId = (email: string) => {
    const member = [...state().members.values()].find((m) => m.loginEmail === email);
    if (!member?.id) throw new Error(`no seeded member ${email}`);
    return member.id;
  };
  /** What a refused attempt must leave as it was. */
  const snapshot = () => ({
    members: state().members.size,
    identities: [...state().identities.keys()].sort(),
    sessions: state().sessions.size,
    pendingStates: state().pendingStates.size,
  });
  return { ...t, state, visitor, memberId, snapshot };
}
type Harness = ReturnType<typeof setup>;
type Answer = Awaited<ReturnType<Harness['call']>>;

// ---------------------------------------------------------------------------------------------------------
// Item 5: the sandbox's settings

describe('PATCH /_sandbox/settings refuses every key that is not a setting (issue 22, item 5)', () => {
  const NOT_A_SETTING =
    /^is not a setting \(the settings are requireEmailVerification, requireOwnerApproval, captcha, latencyMs, latencyJitterMs, failureRate, dropRate, lostAnswerRate, accessTokenTtlSeconds, taxRate, webhookRetryDelaysMs, rateLimit\)$/;

  it.each(BUILT_IN_NAMES)(
    'refuses "%s" with a 400 that names it, whatever its value, and changes nothing',
    async (name) => {
      const { call } = setup();
      for (const value of [1, 0.5, true, 'x', null, {}, []]) {
        const res = await call('PATCH', SETTINGS, { body: withKey(name, value) });
        expect(res.status, JSON.stringify(value)).toBe(400);
        expect(res.json.details.validationError.fieldViolations).toEqual([
          {
            field: name,
            description: expect.stringMatching(NOT_A_SETTING),
            violatedRule: 'FIELD_NOT_ALLOWED',
          },
        ]);
        expect(res.json.message).toMatch(new RegExp(`^INVALID_ARGUMENT: "${name}" is not a setting \\(`));
      }
      const after = (await call('GET', SETTINGS)).json.settings;
      expect(after).toEqual(DEFAULT_SETTINGS);
      expect(Object.keys(after)).toEqual(Object.keys(DEFAULT_SETTINGS));
      expect((await call('GET', '/_sandbox/status')).json.settings).toEqual(DEFAULT_SETTINGS);
    },
  );

  it('refuses a body that mixes good and bad keys as a whole: the good ones are not applied either', async () => {
    const { call } = setup();
    for (const bad of ['hasOwnProperty', 'constructor', 'toString', 'valueOf', '__proto__']) {
      const body = { captcha: true, latencyMs: 25, taxRate: 0.2, ...withKey(bad, 1) };
      const res = await call('PATCH', SETTINGS, { body });
      expect(res.status, bad).toBe(400);
      expect(res.json.details.validationError.fieldViolations).toEqual([
        { field: bad, description: expect.stringMatching(NOT_A_SETTING), violatedRule: 'FIELD_NOT_ALLOWED' },
      ]);
      expect((await call('GET', SETTINGS)).json.settings).toEqual(DEFAULT_SETTINGS);
    }
    // The same good keys alone are taken: the refusals above were about the bad key only.
    const good = await call('PATCH', SETTINGS, { body: { captcha: true, latencyMs: 25, taxRate: 0.2 } });
    expect(good.status).toBe(200);
    expect(good.json.settings).toEqual({ ...DEFAULT_SETTINGS, captcha: true, latencyMs: 25, taxRate: 0.2 });
  });

  it('refuses random and hostile names with a 400 naming each, and changes nothing (property)', async () => {
    const { call } = setup();
    const known = new Set(Object.keys(DEFAULT_SETTINGS));
    const name = fc
      .oneof(
        fc.constantFrom(...BUILT_IN_NAMES, 'Captcha', 'captcha ', ' taxRate', 'TAXRATE', 'tax_rate', ''),
        fc.string({ unit: 'grapheme', maxLength: 20 }),
      )
      .filter((key) => !known.has(key));
    const goodSetting = fc.option(
      fc.constantFrom<[string, unknown]>(['captcha', true], ['latencyMs', 25], ['taxRate', 0.2]),
      { nil: undefined },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(name, { minLength: 1, maxLength: 3 }),
        fc.jsonValue({ maxDepth: 2 }),
        goodSetting,
        async (names, value, good) => {
          const body = Object.fromEntries([...(good ? [good] : []), ...names.map((n) => [n, value])]);
          const res = await call('PATCH', SETTINGS, { body });
          expect(res.status).toBe(400);
          const violations: Array<{ field: string; violatedRule: string }> =
            res.json.details.validationError.fieldViolations;
          expect(new Set(violations.map((v) => v.field))).toEqual(new Set(names));
          expect(violations.every((v) => v.violatedRule === 'FIELD_NOT_ALLOWED')).toBe(true);
          expect((await call('GET', SETTINGS)).json.settings).toEqual(DEFAULT_SETTINGS);
        },
      ),
      { numRuns: 150, seed: 22_05 },
    );
  });
});

// ---------------------------------------------------------------------------------------------------------
// Item 6: one email rule for every way in

/** One way in that takes an email, and the field its refusal names. */
interface WayIn {
  name: string;
  field: string;
  /** Whether a good new address makes a new member (else it must be an existing one, to sign in). */
  creates: boolean;
  attempt(h: Harness, email: string): Promise<Answer>;
}

const WAYS_IN: WayIn[] = [
  {
    name: 'registration (v2)',
    field: 'loginId.email',
    creates: true,
    attempt: async (h, email) =>
      h.call('POST', `${AUTHN}/v2/register`, {
        headers: await h.visitor(),
        body: { loginId: { email }, password: 'hunter22' },
      }),
  },
  {
    name: 'registration (v1)',
    field: 'loginId.email',
    creates: true,
    attempt: async (h, email) =>
      h.call('POST', `${AUTHN}/v1/register`, {
        headers: await h.visitor(),
        body: { email, password: 'hunter22' },
      }),
  },
  {
    name: 'password sign-in (v2)',
    field: 'loginId.email',
    creates: false,
    attempt: async (h, email) =>
      h.call('POST', `${AUTHN}/v2/login`, {
        headers: await h.visitor(),
        body: { loginId: { email }, password: 'storefront-demo' },
      }),
  },
  {
    name: 'password sign-in (v1)',
    field: 'loginId.email',
    creates: false,
    attempt: async (h, email) =>
      h.call('POST', `${AUTHN}/v1/login`, {
        headers: await h.visitor(),
        body: { email, password: 'storefront-demo' },
      }),
  },
  {
    name: "the merchant's create-member call",
    field: 'member.loginEmail',
    creates: true,
    attempt: (h, email) =>
      h.call('POST', MEMBERS, { headers: ADMIN, body: { member: { loginEmail: email } } }),
  },
  {
    name: 'server-side sign-on',
    field: 'loginId.email',
    creates: true,
    attempt: async (h, email) =>
      h.call('POST', `${AUTHN}/v2/sign-on`, {
        headers: { authorization: `${(await h.visitor()).authorization},${API_KEY}` },
        body: { loginId: { email } },
      }),
  },
  {
    name: "an identity provider's id_token",
    field: 'tokenParams.id_token',
    creates: true,
    attempt: async (h, email) =>
      h.call('POST', SSO, {
        headers: await h.visitor(),
        body: {
          idpConnectionId: SANDBOX_IDP_ID,
          tokenParams: { id_token: signSandboxIdToken({ email, name: 'Jane' }) },
        },
      }),
  },
];

/** Lookalikes of the seeded Jane, and strings that are no address, with what the one rule says of each. */
const REFUSED_EMAILS: Array<[string, string]> = [
  [' jane@example.com', 'must not begin or end with a space or a line break'],
  ['jane@example.com ', 'must not begin or end with a space or a line break'],
  ['jane@example.com\n', 'must not hold control or invisible characters (it holds U+000A)'],
  ['\tjane@example.com', 'must not hold control or invisible characters (it holds U+0009)'],
  ['jane@example.com\u00a0', 'must not begin or end with a space or a line break'],
  ['jane@example.com\u2028', 'must not begin or end with a space or a line break'],
  ['jane@example.com\u200b', 'must not hold control or invisible characters (it holds U+200B)'],
  ['\u200bjane@example.com', 'must not hold control or invisible characters (it holds U+200B)'],
  ['ja\u200dne@example.com', 'must not hold control or invisible characters (it holds U+200D)'],
  ['jane@exa\u00admple.com', 'must not hold control or invisible characters (it holds U+00AD)'],
  ['\ufeffjane@example.com', 'must not hold control or invisible characters (it holds U+FEFF)'],
  ['jane@example.com\u202e', 'must not hold control or invisible characters (it holds U+202E)'],
  ['jane\u3164@example.com', 'must not hold control or invisible characters (it holds U+3164)'],
  ['jane @example.com', 'must not hold spaces'],
  ['<img src=x>@evil', 'must not hold spaces'],
  ['@', 'must be a valid email address'],
  ['<b>@evil.com', 'must be a valid email address'],
  ['jane@example', 'must be a valid email address'],
  ['jane@@example.com', 'must be a valid email address'],
  ['jane@example..com', 'must be a valid email address'],
  [`${'j'.repeat(250)}@example.com`, 'must be at most 254 characters'],
];

describe('one email rule for every way in (issue 22, item 6)', () => {
  it.each(WAYS_IN)(
    '$name refuses lookalikes of a member and non-addresses with a 400, changing nothing',
    async (way) => {
      const h = setup();
      const before = h.snapshot();
      for (const [email, description] of REFUSED_EMAILS) {
        const res = await way.attempt(h, email);
        const label = `${way.name} with ${JSON.stringify(email)}`;
        expect(res.status, label).toBe(400);
        expect(res.json.sessionToken, label).toBeUndefined();
        const violations: Array<{ field: string; description: string; violatedRule: string }> =
          res.json.details.validationError.fieldViolations;
        const violation = violations.find((v) => v.field === way.field);
        expect(violation?.description, label).toContain(description);
        expect(['FORMAT', 'MAX_LENGTH'], label).toContain(violation?.violatedRule);
        expect(h.snapshot(), label).toEqual(before);
      }
      // The way itself works: a good address signs in, or makes exactly one member.
      const good = await way.attempt(h, way.creates ? 'kim.park@example.com' : 'jane@example.com');
      expect(good.status, JSON.stringify(good.json)).toBe(200);
      expect(h.state().members.size).toBe(before.members + (way.creates ? 1 : 0));
    },
  );

  it("the platform's hosted sign-in form (the authorize page) applies the same rule", async () => {
    const h = setup();
    const submit = (email: string) =>
      h.call('POST', '/oauth2/authorize', {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        rawBody: new URLSearchParams({
          clientId: 'demo-client',
          redirectUri: 'http://localhost:4000/signed-in',
          responseType: 'code',
          responseMode: 'query',
          codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
          codeChallengeMethod: 'S256',
          state: 'state-1',
          step: 'login',
          email,
          password: 'storefront-demo',
        }).toString(),
      });
    const before = h.snapshot();
    for (const [email, description] of REFUSED_EMAILS) {
      const res = await submit(email);
      expect([res.status, res.headers.get('location')], JSON.stringify(email)).toEqual([400, null]);
      expect(res.text, JSON.stringify(email)).toContain(description);
      expect(h.snapshot(), JSON.stringify(email)).toEqual(before);
    }
    const good = await submit('jane@example.com');
    expect(good.status).toBe(302);
    expect(new URL(good.headers.get('location') ?? '').searchParams.get('code')).toMatch(/^code\./);
  });

  it('an identity provider cannot make a second, APPROVED Jane: the real one signs in, no one else', async () => {
    const h = setup();
    const jane = h.memberId('jane@example.com');
    const sso = WAYS_IN.find((way) => way.field === 'tokenParams.id_token') as WayIn;
    for (const [email] of REFUSED_EMAILS) await sso.attempt(h, email);
    const janes = [...h.state().members.values()].filter((m) =>
      m.loginEmail
        ?.normalize('NFKC')
        .replace(/[^a-z@.]/gi, '')
        .includes('jane@example'),
    );
    expect(janes.map((m) => m.id)).toEqual([jane]);
    const real = await sso.attempt(h, 'JANE@example.com');
    expect(real.json).toMatchObject({ state: 'SUCCESS', identity: { id: jane } });
  });
});

// ---------------------------------------------------------------------------------------------------------
// Item 6: one "may this member sign in" rule

describe('a BLOCKED member is refused on every way in, as the password sign-in refuses it (issue 22, item 6)', () => {
  const BLOCKED = {
    message: 'This account is blocked: contact the site owner',
    details: {
      applicationError: {
        code: 'MEMBER_BLOCKED',
        description: 'This account is blocked: contact the site owner',
      },
    },
  };

  it('answers 403 MEMBER_BLOCKED, with no session or state token, for a password, sign-on, an id_token, a code and a reset link', async () => {
    const h = setup();
    const tom = h.memberId('tom@example.com');
    const visitor = await h.visitor();
    const reference = await h.call('POST', `${AUTHN}/v2/login`, {
      headers: visitor,
      body: { loginId: { email: 'tom@example.com' }, password: 'sandbox-member' },
    });
    expect([reference.status, reference.json]).toEqual([403, BLOCKED]);

    // A reset link for Tom (sent whatever his status, so that emails cannot be probed), a new member halfway
    // through email verification and a seeded one waiting for approval; then the owner blocks those two.
    await h.call('POST', '/_api/iam/recovery/v1/send-email', {
      headers: visitor,
      body: { email: 'tom@example.com' },
    });
    const resetLink = new URL(
      (await h.call('GET', '/_sandbox/mailbox?to=tom@example.com')).json.messages[0].links[0],
    );
    await h.call('PATCH', SETTINGS, { body: { requireEmailVerification: true } });
    const pending = await h.call('POST', `${AUTHN}/v2/register`, {
      headers: visitor,
      body: { loginId: { email: 'kim.park@example.com' }, password: 'hunter22' },
    });
    expect(pending.json.state).toBe('REQUIRE_EMAIL_VERIFICATION');
    const code = (await h.call('GET', '/_sandbox/mailbox?to=kim.park@example.com')).json.messages[0].codes[0];
    const kim = pending.json.identity.id as string;
    const waiting = await h.call('POST', `${AUTHN}/v2/login`, {
      headers: visitor,
      body: { loginId: { email: 'priya@example.com' }, password: 'sandbox-member' },
    });
    expect(waiting.json.state).toBe('REQUIRE_OWNER_APPROVAL');
    const priya = h.memberId('priya@example.com');
    for (const id of [kim, priya]) {
      const blocked = await h.call('POST', `${MEMBERS}/${id}/block`, { headers: ADMIN, body: { id } });
      expect(blocked.json.member.status).toBe('BLOCKED');
    }
    const tomsHash = h.state().identities.get('tom@example.com')?.passwordHash;
    const tomsLastLogin = h.state().members.get(tom)?.lastLoginDate;

    const before = h.snapshot();
    const ways: Array<[string, () => Promise<Answer>]> = [
      [
        'password sign-in (v1)',
        () =>
          h.call('POST', `${AUTHN}/v1/login`, {
            headers: visitor,
            body: { email: 'tom@example.com', password: 'sandbox-member' },
          }),
      ],
      [
        "an identity provider's id_token",
        () =>
          h.call('POST', SSO, {
            headers: visitor,
            body: {
              idpConnectionId: SANDBOX_IDP_ID,
              tokenParams: { id_token: signSandboxIdToken({ email: 'tom@example.com', name: 'Tom' }) },
            },
          }),
      ],
      [
        'server-side sign-on',
        () =>
          h.call('POST', `${AUTHN}/v2/sign-on`, {
            headers: { authorization: `${visitor.authorization},${API_KEY}` },
            body: { loginId: { email: 'tom@example.com' } },
          }),
      ],
      [
        'the emailed verification code',
        () =>
          h.call('POST', '/_api/iam/verification/v1/auth/verify', {
            headers: visitor,
            body: { code, stateToken: pending.json.stateToken },
          }),
      ],
      [
        'the owner-approval step',
        () =>
          h.call('POST', `${AUTHN}/v1/state/proceed`, {
            headers: visitor,
            body: { stateToken: waiting.json.stateToken },
          }),
      ],
      [
        'the password reset link',
        () =>
          h.call('POST', '/_api/iam/recovery/v1/recover', {
            body: { recoveryToken: resetLink.searchParams.get('token'), password: 'a-new-password' },
          }),
      ],
    ];
    for (const [name, attempt] of ways) {
      const res = await attempt();
      expect([res.status, res.json], name).toEqual([403, BLOCKED]);
      expect(h.snapshot(), name).toEqual(before);
    }
    expect(h.state().identities.get('tom@example.com')?.passwordHash).toBe(tomsHash);
    expect(h.state().members.get(tom)?.lastLoginDate).toBe(tomsLastLogin);

    // Unblocked, the same code, approval and link work: a refusal spent none of them.
    for (const id of [kim, priya, tom])
      await h.call('POST', `${MEMBERS}/${id}/approve`, { headers: ADMIN, body: { id } });
    for (const [name, attempt] of ways.slice(3)) expect((await attempt()).json.state, name).toBe('SUCCESS');
  });
});

// ---------------------------------------------------------------------------------------------------------
// Plain objects keyed by outside text

describe('outside text never reaches what every object inherits', () => {
  it.each([
    '/stores-reader/v1/products/query-platformized',
    '/v2/collections/query',
    MEMBERS,
    '/stores-reader/v1/collections/slug/accessories?slug=accessories',
  ])('a flattened GET to %s with __proto__.x or constructor.prototype.x pollutes nothing', async (path) => {
    const { call } = setup();
    const polluted = () => Object.hasOwn(Object.prototype, 'sandboxPolluted');
    try {
      for (const key of ['__proto__.sandboxPolluted', 'constructor.prototype.sandboxPolluted']) {
        const res = await call('GET', `${path}${path.includes('?') ? '&' : '?'}${key}=1`, { headers: ADMIN });
        expect(res.status, key).toBe(200);
        expect(polluted(), key).toBe(false);
      }
    } finally {
      delete (Object.prototype as Record<string, unknown>).sandboxPolluted;
    }
  });

  it.each<[string, string, Record<string, unknown>, string]>([
    ['members', `${MEMBERS}/query`, { constructor: { $exists: true } }, 'members'],
    ['members', `${MEMBERS}/query`, { toString: { $exists: true } }, 'members'],
    ['members', `${MEMBERS}/query`, { 'profile.__proto__': { $exists: true } }, 'members'],
    ['members', `${MEMBERS}/query`, { 'contact.emails.constructor': { $exists: true } }, 'members'],
    [
      'store variants',
      '/stores-reader/v1/variants/query',
      { 'choices.constructor': { $exists: true } },
      'variants',
    ],
    [
      'store variants',
      '/stores-reader/v1/variants/query',
      { 'choices.hasOwnProperty': { $exists: true } },
      'variants',
    ],
  ])('a %s filter on an inherited name matches nothing (%s %j)', async (_what, path, filter, list) => {
    const { call } = setup();
    const res = await call('POST', path, { headers: ADMIN, body: { query: { filter } } });
    expect(res.status).toBe(200);
    expect(res.json[list]).toEqual([]);
  });

  it('a product option named like an inherited key is chosen, queried and overridden like any other', async () => {
    const { call } = setup();
    for (const option of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      const created = await call('POST', '/stores/v1/products', {
        headers: ADMIN,
        body: {
          product: {
            name: `Option ${option}`,
            productType: 'digital',
            priceData: { price: 10 },
            productOptions: [{ name: option, choices: [{ value: 'Red' }, { value: 'Blue' }] }],
          },
        },
      });
      expect(created.status, option).toBe(200);
      const id = created.json.product.id as string;
      const variants: Array<{ id: string; choices: Record<string, string> }> = created.json.product.variants;
      expect(
        variants.map((v) => Object.entries(v.choices)),
        option,
      ).toEqual([[[option, 'Red']], [[option, 'Blue']]]);
      const blue = variants[1]?.id;

      const available = await call('POST', `/stores-reader/v1/products/${id}/productOptionsAvailability`, {
        headers: ADMIN,
        body: { id, options: withKey(option, 'Blue') },
      });
      expect(available.json.selectedVariant, option).toBeDefined();
      expect(available.json.availableForPurchase, option).toBe(true);

      const queried = await call('POST', `/stores-reader/v1/products/${id}/variants/query`, {
        headers: ADMIN,
        body: { id, choices: withKey(option, 'Blue') },
      });
      expect(
        queried.json.variants.map((v: { id: string }) => v.id),
        option,
      ).toEqual([blue]);

      const overridden = await call('PATCH', `/stores/v1/products/${id}/variants`, {
        headers: ADMIN,
        body: { id, variants: [{ choices: withKey(option, 'Blue'), price: 12.5 }] },
      });
      expect(
        overridden.json.variants.map(
          (v: { variant: { priceData: { price: number } } }) => v.variant.priceData.price,
        ),
        option,
      ).toEqual([10, 12.5]);
    }
  });

  it("a member's custom fields named like inherited keys are kept as given, with no inherited name", async () => {
    const h = setup();
    const jane = h.memberId('jane@example.com');
    const names = ['constructor', 'toString', '__proto__', 'valueOf'];
    const customFields = Object.fromEntries(names.map((name) => [name, { value: `v-${name}` }]));
    const res = await h.call('PATCH', `${MEMBERS}/${jane}`, {
      headers: ADMIN,
      body: { id: jane, member: { id: jane, contact: { customFields } } },
    });
    expect(res.status).toBe(200);
    const entries = (fields: Record<string, unknown>) =>
      Object.entries(fields)
        .filter(([key]) => names.includes(key))
        .sort(([a], [b]) => (a < b ? -1 : 1));
    const expected = entries(customFields);
    expect(entries(res.json.member.contact.customFields)).toEqual(expected);
    const stored = h.state().members.get(jane)?.contact?.customFields ?? {};
    expect(Object.getPrototypeOf(stored)).toBe(Object.prototype);
    expect(entries(stored)).toEqual(expected);
  });
});

// ---------------------------------------------------------------------------------------------------------
// Slugs: what the sandbox stores, it finds again

describe('products and collections are found by any slug they were made with', () => {
  /** Reads by slug as the client does: products by a `.r` query (and its long POST), collections by path. */
  async function roundTrip(h: Harness, slug: string) {
    const product = await h.call('POST', '/stores/v1/products', {
      headers: ADMIN,
      body: { product: { name: 'Slug test', slug, productType: 'digital', priceData: { price: 1 } } },
    });
    const collection = await h.call('POST', '/stores/v1/collections', {
      headers: ADMIN,
      body: { collection: { name: 'Slug test', slug } },
    });
    expect([product.status, collection.status], slug).toEqual([200, 200]);
    const productId = product.json.product.id as string;
    const collectionId = collection.json.collection.id as string;
    try {
      const query = { query: { filter: { slug }, paging: { offset: 0, limit: 1 } } };
      const byGet = await h.call('GET', `/stores-reader/v1/products/query-platformized?.r=${dotR(query)}`, {
        headers: ADMIN,
      });
      const byPost = await h.call('POST', '/stores-reader/v1/products/query-platformized', {
        headers: ADMIN,
        body: query,
      });
      for (const res of [byGet, byPost]) {
        expect(
          res.json.products?.map((p: { id: string; slug: string }) => [p.id, p.slug]),
          slug,
        ).toEqual([[productId, slug]]);
      }
      const search = new URLSearchParams({ slug });
      for (const base of ['/v2/collections/slug', '/stores-reader/v1/collections/slug']) {
        const res = await h.call('GET', `${base}/${encodeURIComponent(slug)}?${search}`, { headers: ADMIN });
        expect([res.status, res.json.collection?.id, res.json.collection?.slug], `${base} ${slug}`).toEqual([
          200,
          collectionId,
          slug,
        ]);
      }
      const queried = await h.call('POST', '/v2/collections/query', {
        headers: ADMIN,
        body: { query: { filter: { slug } } },
      });
      expect(
        queried.json.collections.map((c: { id: string }) => c.id),
        slug,
      ).toEqual([collectionId]);
    } finally {
      await h.call('DELETE', `/stores/v1/products/${productId}`, { headers: ADMIN });
      await h.call('DELETE', `/stores/v1/collections/${collectionId}`, { headers: ADMIN });
    }
  }

  /** Slugs the sandbox must treat as text: inherited names, and text a flattened GET would read as a number. */
  const HOSTILE_SLUGS = [...BUILT_IN_NAMES, '0123', '1.50', '-0', '1e3', 'true', '%41', 'a+b', '.r'];

  it('finds them by the slugs every object inherits a name for, and by slugs that look like numbers', async () => {
    const h = setup();
    for (const slug of HOSTILE_SLUGS) await roundTrip(h, slug);
  });

  it('finds them by random and hostile slugs (property)', async () => {
    const h = setup();
    const seeded = new Set(
      [...h.state().products.values(), ...h.state().collections.values()].map((x) => x.slug?.toLowerCase()),
    );
    const slug = fc
      .oneof(fc.constantFrom(...HOSTILE_SLUGS), fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }))
      .filter(
        (s) =>
          /^[^\s/?#]+$/.test(s) && s.length <= 100 && s !== '.' && s !== '..' && !seeded.has(s.toLowerCase()),
      );
    await fc.assert(
      fc.asyncProperty(slug, (s) => roundTrip(h, s)),
      { numRuns: 60, seed: 22_06 },
    );
  });
});

describe('the hosted pages', () => {
  it('serves the password-reset page a recovery link without a site address opens, and 404s an unknown page', async () => {
    const { sandbox } = testSandbox();
    const reset = await sandbox.fetch('https://sandbox.test/_hosted/reset-password?token=abc');
    expect(reset.status).toBe(200);
    expect(await reset.text()).toContain('action="/_hosted/reset-password"');
    expect((await sandbox.fetch('https://sandbox.test/_hosted/no-such-page')).status).toBe(404);
  });
});
