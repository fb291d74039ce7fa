import { describe, expect, it, vi } from 'vitest';
import {
  addToCurrentCart,
  getCurrentCart,
  getCurrentMember,
  isSystemError,
  storeLineItem,
} from '../../../src/api/index';
import { isAuthError } from '../../../src/auth/errors';
import { localLock } from '../../../src/auth/lock';
import { recorded } from '../../helpers/api';
import { SANDBOX_ORIGIN } from '../../helpers/sandbox';
import { SITE_ORIGIN, sessionHarness } from '../../helpers/session';

const PINS = 'pins';
function productId(h: ReturnType<typeof sessionHarness>, slug: string) {
  return [...h.sandbox.context.state.products.values()].find((p) => p.slug === slug)?.id as string;
}

describe('tokens', () => {
  it('gets anonymous visitor tokens on the first call, expiring now + expires_in, as the official client asks', async () => {
    const h = sessionHarness();
    expect(h.session.role()).toBe('none');
    const tokens = await h.session.ensureTokens();
    expect(tokens.refreshToken.role).toBe('visitor');
    expect(tokens.accessToken.expiresAt).toBe(Math.floor(h.clock.now() / 1000) + 14_400);
    expect(h.session.loggedIn()).toBe(false);
    expect(h.tokenRequests()).toHaveLength(1);
    const wire = h.tokenRequests()[0];
    expect(wire?.body).toEqual({
      ...(recorded('oauth.generateVisitorTokens').body as object),
      clientId: 'demo-client',
    });
    expect(wire?.authorization).toBe('none');
    // Fresh tokens are reused without a request.
    await h.session.getAuthorization();
    expect(h.tokenRequests()).toHaveLength(1);
  });

  it('renews an expired access token with the refresh token, which it keeps', async () => {
    const h = sessionHarness();
    const first = await h.session.ensureTokens();
    h.clock.advance(14_400_000);
    const renewed = await h.session.ensureTokens();
    expect(renewed.refreshToken).toEqual(first.refreshToken);
    expect(renewed.accessToken.value).not.toBe(first.accessToken.value);
    expect(h.tokenRequests()[1]?.body).toEqual({
      clientId: 'demo-client',
      refreshToken: first.refreshToken.value,
      grantType: 'refresh_token',
    });
  });

  it('renews a little before expiry, so no call leaves with a dying token', async () => {
    const h = sessionHarness();
    await h.session.ensureTokens();
    h.clock.advance((14_400 - 20) * 1000);
    await h.session.ensureTokens();
    expect(h.tokenRequests()).toHaveLength(2);
  });

  it('sends one token request for 50 concurrent calls with an expired token', async () => {
    const h = sessionHarness();
    await h.session.ensureTokens();
    h.clock.advance(14_400_000);
    const before = h.tokenRequests().length;
    const values = await Promise.all(Array.from({ length: 50 }, () => h.session.getAuthorization()));
    expect(new Set(values).size).toBe(1);
    expect(h.tokenRequests().length - before).toBe(1);
  });

  it('lets one tab renew while another waits and then uses its tokens (shared storage and lock)', async () => {
    const h = sessionHarness();
    const lock = localLock();
    const tabA = h.make({ lock });
    const tabB = h.make({ lock });
    await tabA.ensureTokens();
    h.clock.advance(14_400_000);
    const before = h.tokenRequests().length;
    const [a, b] = await Promise.all([tabA.getAuthorization(), tabB.getAuthorization()]);
    expect(a).toBe(b);
    expect(h.tokenRequests().length - before).toBe(1);
  });

  it('recovers when the platform no longer knows a stored token: renews and sends the call once more', async () => {
    const h = sessionHarness();
    const { cart } = await addToCurrentCart(h.session.client, {
      lineItems: [storeLineItem(productId(h, 'enamel-pin-set'), 1)],
    });
    expect(cart.lineItems).toHaveLength(1);
    const before = h.session.getTokens();
    // The access token is revoked on the platform but still fresh in storage: the call gets a 401.
    await h.call('POST', '/_sandbox/revoke', { body: { refreshToken: before.refreshToken.value } });
    const error = await getCurrentCart(h.session.client).catch((e: unknown) => e);
    // The refresh token was revoked too, so the session became a new visitor (with no cart yet): a 404, not a 401.
    expect((error as { status?: number }).status).toBe(404);
    const after = h.session.getTokens();
    expect(after.refreshToken.value).not.toBe(before.refreshToken.value);
    expect(h.wire.filter((r) => r.path === '/ecom/v1/carts/current' && r.method === 'GET')).toHaveLength(2);
  });

  it('does not retry a 401 that is not about the token (a wrong password)', async () => {
    const h = sessionHarness();
    await h.session.login({ email: 'jane@example.com', password: 'wrong-password' });
    expect(h.wire.filter((r) => r.path.endsWith('/v2/login'))).toHaveLength(1);
  });

  it('replaces a refused visitor refresh token with new anonymous tokens', async () => {
    const h = sessionHarness();
    const first = await h.session.ensureTokens();
    await h.call('POST', '/_sandbox/revoke', { body: { refreshToken: first.refreshToken.value } });
    h.clock.advance(14_400_000);
    const next = await h.session.ensureTokens();
    expect(next.refreshToken.value).not.toBe(first.refreshToken.value);
    expect(next.refreshToken.role).toBe('visitor');
  });

  it('keeps the session through a network failure instead of turning a member into a visitor', async () => {
    const h = sessionHarness();
    let failNextRefresh = false;
    const session = h.make({
      fetch: async (input, init) => {
        if (
          failNextRefresh &&
          String(input).endsWith('/oauth2/token') &&
          String(init?.body).includes('refresh_token')
        ) {
          failNextRefresh = false;
          throw new TypeError('fetch failed');
        }
        return h.fetch(input, init);
      },
    });
    const result = await session.login({ email: 'jane@example.com', password: 'storefront-demo' });
    if (result.loginState !== 'SUCCESS') throw new Error('login failed');
    await session.completeSignIn(result.data.sessionToken);
    const member = session.getTokens();
    h.clock.advance(14_400_000);
    failNextRefresh = true;
    const error = await session.ensureTokens().catch((e: unknown) => e);
    expect(isSystemError(error)).toBe(true);
    expect(session.getTokens()).toEqual(member);
    const renewed = await session.ensureTokens();
    expect(renewed.refreshToken).toEqual(member.refreshToken);
    expect(session.loggedIn()).toBe(true);
  });
});

describe('direct sign-in (login state machine)', () => {
  it('signs Jane in: SUCCESS, then member tokens through the silent iframe, and her visitor cart follows her', async () => {
    const h = sessionHarness();
    const changes: string[] = [];
    h.session.subscribe((_tokens, change) => changes.push(change));
    await addToCurrentCart(h.session.client, {
      lineItems: [storeLineItem(productId(h, 'enamel-pin-set'), 2)],
    });
    const result = await h.session.login({ email: 'jane@example.com', password: 'storefront-demo' });
    expect(result.loginState).toBe('SUCCESS');
    if (result.loginState !== 'SUCCESS') return;
    const login = h.wire.find((r) => r.path === '/_api/iam/authentication/v2/login');
    expect(login?.body).toEqual(
      recorded('auth.login SUCCESS').body && {
        loginId: { email: 'jane@example.com' },
        password: 'storefront-demo',
      },
    );

    const tokens = await h.session.completeSignIn(result.data.sessionToken);
    expect(tokens.refreshToken.role).toBe('member');
    expect(h.session.loggedIn()).toBe(true);
    expect(changes).toEqual(['visitor', 'signedIn']);
    const redirect = h.wire.find((r) => r.path === '/_api/redirects-api/v1/redirect-session');
    expect(
      (redirect?.body as { auth?: { authRequest: Record<string, unknown>; prompt: string } } | undefined)
        ?.auth,
    ).toMatchObject({
      authRequest: {
        clientId: 'demo-client',
        responseMode: 'web_message',
        responseType: 'code',
        scope: 'offline_access',
        codeChallengeMethod: 'S256',
        sessionToken: result.data.sessionToken,
      },
      prompt: 'none',
    });
    const exchange = h.tokenRequests().at(-1);
    expect(exchange?.body).toMatchObject({ clientId: 'demo-client', grantType: 'authorization_code' });
    expect(exchange?.body).not.toHaveProperty('redirectUri');
    const me = await getCurrentMember(h.session.client);
    expect(me.member.loginEmail).toBe('jane@example.com');
    const { cart } = await getCurrentCart(h.session.client);
    expect(cart.lineItems?.map((l) => [l.productName?.original, l.quantity])).toEqual([
      ['Enamel Pin Set', 2],
    ]);
    expect(h.win.frames.every((f) => f.removed)).toBe(true);
    expect(h.win.listenerCount()).toBe(0);
    expect(h.win.timerCount()).toBe(0);
  });

  it('maps every sign-in failure to its error code with the server message', async () => {
    const h = sessionHarness();
    expect(await h.session.login({ email: 'jane@example.com', password: 'wrong-password' })).toEqual({
      loginState: 'FAILURE',
      error: 'Wrong email or password',
      errorCode: 'invalidPassword',
      code: '-19976',
    });
    expect(await h.session.login({ email: 'nobody@example.com', password: 'whatever1' })).toEqual({
      loginState: 'FAILURE',
      error: 'No member has this email: check it, or register',
      errorCode: 'invalidEmail',
      code: '-19999',
    });
    await h.call('POST', '/members/v1/members', {
      headers: { authorization: 'sandbox-admin-key' },
      body: { member: { loginEmail: 'imported@example.com' } },
    });
    expect(await h.session.login({ email: 'imported@example.com', password: 'whatever1' })).toMatchObject({
      loginState: 'FAILURE',
      errorCode: 'resetPassword',
      code: '-19973',
    });
    expect(await h.session.login({ email: 'tom@example.com', password: 'sandbox-member' })).toEqual({
      loginState: 'FAILURE',
      error: 'This account is blocked: contact the site owner',
      errorCode: 'invalidEmail',
      // The platform's own code, for the widgets to say it in the site's language.
      code: 'MEMBER_BLOCKED',
    });
  });

  it('asks for a captcha when the platform requires one', async () => {
    const h = sessionHarness();
    await h.call('PATCH', '/_sandbox/settings', { body: { captcha: true } });
    expect(await h.session.login({ email: 'jane@example.com', password: 'storefront-demo' })).toMatchObject({
      loginState: 'FAILURE',
      errorCode: 'missingCaptchaToken',
    });
    expect(
      await h.session.login({
        email: 'jane@example.com',
        password: 'storefront-demo',
        captchaTokens: [{ Recaptcha: 'forged' }],
      }),
    ).toMatchObject({ loginState: 'FAILURE', errorCode: 'invalidCaptchaToken' });
    const getTokens = vi.fn(async () => ({ recaptchaToken: 'sandbox-captcha-ok' }));
    const withCaptcha = h.make({ captcha: { getTokens } });
    expect(
      (await withCaptcha.login({ email: 'jane@example.com', password: 'storefront-demo' })).loginState,
    ).toBe('SUCCESS');
    expect(getTokens).toHaveBeenCalledWith('login');
    expect(h.last().body).toMatchObject({ captchaTokens: [{ Recaptcha: 'sandbox-captcha-ok' }] });
  });

  it('stops wrong passwords after five within fifteen minutes', async () => {
    const h = sessionHarness();
    for (let i = 0; i < 5; i++) await h.session.login({ email: 'jane@example.com', password: `wrong-${i}` });
    const blocked = await h.session.login({ email: 'jane@example.com', password: 'storefront-demo' });
    expect(blocked).toMatchObject({
      loginState: 'FAILURE',
      error: expect.stringMatching(/^Too many wrong passwords/),
    });
    h.clock.advance(15 * 60_000 + 1);
    expect(
      (await h.session.login({ email: 'jane@example.com', password: 'storefront-demo' })).loginState,
    ).toBe('SUCCESS');
  });

  it('registers with email verification: the code from the mailbox, a wrong code first, and a resend', async () => {
    const h = sessionHarness();
    await h.call('PATCH', '/_sandbox/settings', { body: { requireEmailVerification: true } });
    const result = await h.session.register({
      email: 'New@Example.com',
      password: 'hunter22',
      profile: { nickname: 'Newbie' },
    });
    expect(result.loginState).toBe('EMAIL_VERIFICATION_REQUIRED');
    const first = (await h.call('GET', '/_sandbox/mailbox?to=new@example.com')).json.messages[0];
    expect(first.codes[0]).toMatch(/^\d{6}$/);
    const wrong = await h.session.processVerification({
      verificationCode: first.codes[0] === '000000' ? '111111' : '000000',
    });
    expect(wrong).toEqual({
      loginState: 'FAILURE',
      error: 'The code is not right: check the latest email and try again',
      code: 'INVALID_VERIFICATION_CODE',
    });
    await h.session.resendVerificationCode();
    const messages = (await h.call('GET', '/_sandbox/mailbox?to=new@example.com')).json.messages;
    expect(messages).toHaveLength(2);
    const stale = await h.session.processVerification({ verificationCode: first.codes[0] });
    if (first.codes[0] !== messages[1].codes[0]) expect(stale.loginState).toBe('FAILURE');
    const ok = await h.session.processVerification({ verificationCode: messages[1].codes[0] });
    expect(ok.loginState).toBe('SUCCESS');
    if (ok.loginState === 'SUCCESS') await h.session.completeSignIn(ok.data.sessionToken);
    const me = await getCurrentMember(h.session.client);
    expect(me.member).toMatchObject({
      loginEmail: 'new@example.com',
      loginEmailVerified: true,
      profile: { nickname: 'Newbie' },
    });
  });

  it('handles email verification only from EMAIL_VERIFICATION_REQUIRED', async () => {
    const h = sessionHarness();
    expect(await h.session.processVerification({ verificationCode: '123456' })).toEqual({
      loginState: 'FAILURE',
      error: 'Unknown _state',
    });
    expect(
      await h.session.processVerification(
        { verificationCode: '1' },
        { loginState: 'OWNER_APPROVAL_REQUIRED' },
      ),
    ).toEqual({
      loginState: 'FAILURE',
      error: 'Unknown _state',
    });
    await expect(h.session.resendVerificationCode()).rejects.toThrow('Unknown _state');
  });

  it('waits for owner approval, then proceeds once the merchant approves', async () => {
    const h = sessionHarness();
    await h.call('PATCH', '/_sandbox/settings', { body: { requireOwnerApproval: true } });
    const result = await h.session.register({ email: 'wait@example.com', password: 'hunter22' });
    expect(result.loginState).toBe('OWNER_APPROVAL_REQUIRED');
    if (result.loginState !== 'OWNER_APPROVAL_REQUIRED' || !result.data?.stateToken)
      throw new Error('no state token');
    expect((await h.session.login({ email: 'wait@example.com', password: 'hunter22' })).loginState).toBe(
      'OWNER_APPROVAL_REQUIRED',
    );
    const memberId = h.sandbox.context.state.identities.get('wait@example.com')?.memberId as string;
    await h.call('POST', `/members/v1/members/${memberId}/approve`, {
      headers: { authorization: 'sandbox-admin-key' },
      body: { id: memberId },
    });
    expect((await h.session.proceed(result.data.stateToken)).loginState).toBe('SUCCESS');
  });

  it('maps registration failures: taken email, bad email, missing captcha', async () => {
    const h = sessionHarness();
    expect(await h.session.register({ email: 'jane@example.com', password: 'hunter22' })).toEqual({
      loginState: 'FAILURE',
      error: 'An account with this email already exists: sign in, or reset your password',
      errorCode: 'emailAlreadyExists',
      code: '-19995',
    });
    expect(await h.session.register({ email: 'not-an-email', password: 'hunter22' })).toEqual({
      loginState: 'FAILURE',
      error: 'must be a valid email address',
      errorCode: 'invalidEmail',
      code: 'INVALID_ARGUMENT',
      fields: { 'loginId.email': 'must be a valid email address' },
      violations: [
        {
          field: 'loginId.email',
          description: 'must be a valid email address',
          violatedRule: expect.any(String),
          data: { type: 'EMAIL' },
        },
      ],
    });
    expect(await h.session.register({ email: 'short@example.com', password: '123' })).toEqual({
      loginState: 'FAILURE',
      error: 'INVALID_ARGUMENT: "password" must be at least 6 characters',
      code: 'INVALID_ARGUMENT',
      fields: { password: 'must be at least 6 characters' },
      // The rule and its bound, for a text in the site's language.
      violations: [
        {
          field: 'password',
          description: 'must be at least 6 characters',
          violatedRule: 'MIN_LENGTH',
          data: { type: 'PASSWORD', threshold: 6 },
        },
      ],
    });
    await h.call('PATCH', '/_sandbox/settings', { body: { captcha: true } });
    expect(await h.session.register({ email: 'bot@example.com', password: 'hunter22' })).toMatchObject({
      errorCode: 'missingCaptchaToken',
    });
  });

  it('turns an unknown server state into FAILURE Unknown _state', async () => {
    const h = sessionHarness();
    const session = h.make({
      fetch: async (input, init) => {
        if (String(input).endsWith('/v2/register'))
          return new Response(JSON.stringify({ state: 'REQUIRE_MFA' }), { status: 200 });
        return h.fetch(input, init);
      },
    });
    expect(await session.register({ email: 'x@example.com', password: 'hunter22' })).toEqual({
      loginState: 'FAILURE',
      error: 'Unknown _state',
    });
  });
});

describe('silent sign-in', () => {
  it('fails fast, naming the origin, when the platform refuses the site', async () => {
    const h = sessionHarness({ site: 'http://shop.example' });
    const result = await h.session.login({ email: 'jane@example.com', password: 'storefront-demo' });
    if (result.loginState !== 'SUCCESS') throw new Error('login failed');
    const error = await h.session.completeSignIn(result.data.sessionToken).catch((e: unknown) => e);
    expect(isAuthError(error)).toBe(true);
    expect((error as Error).message).toBe(
      "Sign-in is not allowed from http://shop.example: add http://shop.example to the allowed domains of this OAuth client in the platform's settings",
    );
    expect(h.session.loggedIn()).toBe(false);
    expect(h.win.listenerCount()).toBe(0);
    expect(h.win.timerCount()).toBe(0);
    expect(h.win.frames[0]?.removed).toBe(true);
  });

  it('ignores messages from another origin, another window or with another state, then times out', async () => {
    const h = sessionHarness();
    const result = await h.session.login({ email: 'jane@example.com', password: 'storefront-demo' });
    if (result.loginState !== 'SUCCESS') throw new Error('login failed');
    const quiet = h.make({
      win: (() => {
        const w = h.win;
        return {
          ...w,
          document: {
            createElement: w.document.createElement.bind(w.document),
            body: {
              appendChild(node: { contentWindow: object; src: string }) {
                queueMicrotask(async () => {
                  const page = await h.sandbox.fetch(node.src, { headers: { referer: `${SITE_ORIGIN}/` } });
                  const data = JSON.parse(/postMessage\((\{.*\}),/.exec(await page.text())?.[1] as string);
                  w.post(data, 'http://evil.example', node.contentWindow);
                  w.post(data, SANDBOX_ORIGIN, {});
                  w.post({ ...data, state: 'not-ours' }, SANDBOX_ORIGIN, node.contentWindow);
                  queueMicrotask(() => w.fireTimers());
                });
                return node;
              },
            },
          } as unknown as Document,
        };
      })(),
    });
    const error = await quiet.completeSignIn(result.data.sessionToken).catch((e: unknown) => e);
    expect((error as Error).message).toBe('OAuth flow timed out');
    expect((error as Error).name).toBe('TimeoutError');
    expect(quiet.loggedIn()).toBe(false);
    expect(h.win.listenerCount()).toBe(0);
    expect(h.win.timerCount()).toBe(0);
  });

  it('reports an expired sign-in session from the platform', async () => {
    const h = sessionHarness();
    const result = await h.session.login({ email: 'jane@example.com', password: 'storefront-demo' });
    if (result.loginState !== 'SUCCESS') throw new Error('login failed');
    h.clock.advance(31 * 60_000);
    await expect(h.session.completeSignIn(result.data.sessionToken)).rejects.toThrow(
      'The sign-in session has expired: sign in again',
    );
  });
});

describe('hosted sign-in (redirect)', () => {
  async function signInOnHostedPage(
    h: ReturnType<typeof sessionHarness>,
    authUrl: string,
    password = 'storefront-demo',
  ) {
    const page = await h.sandbox.fetch(authUrl);
    const html = await page.text();
    expect(html).toContain('<form method="post" action="/oauth2/authorize">');
    const fields = new URLSearchParams();
    for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
      fields.set(match[1] as string, (match[2] as string).replace(/&amp;/g, '&').replace(/&quot;/g, '"'));
    }
    fields.set('email', 'jane@example.com');
    fields.set('password', password);
    return h.sandbox.fetch(`${SANDBOX_ORIGIN}/oauth2/authorize`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: fields.toString(),
      redirect: 'manual',
    });
  }

  it('signs in through the hosted page and back (fragment)', async () => {
    const h = sessionHarness();
    const { authUrl } = await h.session.getAuthUrl({
      redirectUri: `${SITE_ORIGIN}/callback`,
      originalUri: `${SITE_ORIGIN}/cart`,
    });
    const body = h.wire.find((r) => r.path === '/_api/redirects-api/v1/redirect-session')?.body as {
      auth: { authRequest: Record<string, unknown> };
    };
    expect(Object.keys(body.auth.authRequest).sort()).toEqual(
      Object.keys(
        (recorded('oauth.getAuthUrl(default: fragment/login)').body as { auth: { authRequest: object } }).auth
          .authRequest,
      ).sort(),
    );
    const wrong = await signInOnHostedPage(h, authUrl, 'nope-nope');
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain('Wrong email or password');
    const back = await signInOnHostedPage(h, authUrl);
    expect(back.status).toBe(302);
    const location = back.headers.get('location') as string;
    expect(location.startsWith(`${SITE_ORIGIN}/callback#code=`)).toBe(true);
    expect(await h.session.finishRedirect(location)).toEqual({ originalUri: `${SITE_ORIGIN}/cart` });
    expect(h.session.loggedIn()).toBe(true);
    expect(h.tokenRequests().at(-1)?.body).toMatchObject({
      grantType: 'authorization_code',
      redirectUri: `${SITE_ORIGIN}/callback`,
    });
    // The code is single-use: replaying the same URL fails.
    const replay = await h.session.finishRedirect(location).catch((e: unknown) => e);
    expect((replay as Error).message).toBe('Invalid _state');
  });

  it('reads the answer from the query string in query mode', async () => {
    const h = sessionHarness();
    const { authUrl, oauthData } = await h.session.getAuthUrl({
      redirectUri: `${SITE_ORIGIN}/callback`,
      responseMode: 'query',
    });
    const back = await signInOnHostedPage(h, authUrl);
    const location = new URL(back.headers.get('location') as string);
    expect(location.searchParams.get('state')).toBe(oauthData.state);
    await h.session.finishRedirect(location.href);
    expect(h.session.loggedIn()).toBe(true);
  });

  it('checks the state and reports a failed exchange', async () => {
    const h = sessionHarness();
    const { authUrl, oauthData } = await h.session.getAuthUrl({ redirectUri: `${SITE_ORIGIN}/callback` });
    expect(await h.session.finishRedirect(`${SITE_ORIGIN}/plain`, oauthData)).toBeNull();
    await expect(
      h.session.finishRedirect(`${SITE_ORIGIN}/callback#state=${oauthData.state}`, oauthData),
    ).rejects.toThrow('Missing code or _state');
    await expect(
      h.session.finishRedirect(`${SITE_ORIGIN}/callback#code=x&state=forged`, oauthData),
    ).rejects.toThrow('Invalid _state');
    await expect(
      h.session.finishRedirect(`${SITE_ORIGIN}/callback#code=made-up&state=${oauthData.state}`, oauthData),
    ).rejects.toThrow('Failed to get member tokens');
    await expect(
      h.session.finishRedirect(
        `${SITE_ORIGIN}/callback#error=access_denied&error_description=The+sign-in+was+cancelled&state=${oauthData.state}`,
        oauthData,
      ),
    ).rejects.toThrow('The sign-in was cancelled');
    void authUrl;
  });

  it('never redirects to an address the client does not allow', async () => {
    const h = sessionHarness();
    const { authUrl } = await h.session.getAuthUrl({ redirectUri: 'https://evil.example/steal' });
    const page = await h.sandbox.fetch(authUrl, { redirect: 'manual' });
    expect(page.status).toBe(400);
    expect(await page.text()).toContain('is not an allowed origin of OAuth client');
  });
});

describe('logout, recovery and merchants’ servers', () => {
  it('logs out: the logout redirect session, both tokens cleared, then a new visitor', async () => {
    const h = sessionHarness();
    const result = await h.session.login({ email: 'jane@example.com', password: 'storefront-demo' });
    if (result.loginState !== 'SUCCESS') throw new Error('login failed');
    const member = await h.session.completeSignIn(result.data.sessionToken);
    const { logoutUrl } = await h.session.logout(`${SITE_ORIGIN}/`);
    expect(h.last().body).toEqual({
      logout: { clientId: 'demo-client' },
      callbacks: { postFlowUrl: `${SITE_ORIGIN}/` },
    });
    expect(h.session.getTokens()).toEqual({
      accessToken: { value: '', expiresAt: 0 },
      refreshToken: { value: '', role: 'none' },
    });
    expect(h.session.role()).toBe('none');
    const page = await h.sandbox.fetch(logoutUrl as string, { redirect: 'manual' });
    expect(page.headers.get('location')).toBe(`${SITE_ORIGIN}/`);
    const refused = await h.call('POST', '/oauth2/token', {
      body: { clientId: 'demo-client', grantType: 'refresh_token', refreshToken: member.refreshToken.value },
    });
    expect(refused.status).toBe(400);
    expect((await h.session.ensureTokens()).refreshToken.role).toBe('visitor');
  });

  it('falls back to the visitor it was, cart and all, when the member session is revoked', async () => {
    const h = sessionHarness();
    const changes: string[] = [];
    const result = await h.session.login({ email: 'jane@example.com', password: 'storefront-demo' });
    if (result.loginState !== 'SUCCESS') throw new Error('login failed');
    const visitor = h.session.getTokens();
    await h.session.completeSignIn(result.data.sessionToken);
    h.session.subscribe((_t, change) => changes.push(change));
    const janeId = h.sandbox.context.state.identities.get('jane@example.com')?.memberId as string;
    await h.call('POST', '/_sandbox/revoke', { body: { memberId: janeId } });
    h.clock.advance(14_400_000);
    const back = await h.session.ensureTokens();
    expect(back.refreshToken).toEqual(visitor.refreshToken);
    expect(changes).toEqual(['expired']);
  });

  it('resets a forgotten password from the emailed link', async () => {
    const h = sessionHarness();
    await h.session.sendPasswordResetEmail('jane@example.com', `${SITE_ORIGIN}/reset`);
    expect(h.last().body).toEqual({
      email: 'jane@example.com',
      redirect: { url: `${SITE_ORIGIN}/reset`, clientId: 'demo-client' },
    });
    const mail = (await h.call('GET', '/_sandbox/mailbox?to=jane@example.com')).json.messages[0];
    const link = new URL(mail.links[0]);
    expect(link.origin + link.pathname).toBe(`${SITE_ORIGIN}/reset`);
    const token = link.searchParams.get('recoveryToken') as string;
    expect((await h.session.recoverPassword(token, 'a-new-password')).loginState).toBe('SUCCESS');
    expect(
      (await h.session.login({ email: 'jane@example.com', password: 'storefront-demo' })).loginState,
    ).toBe('FAILURE');
    expect(
      (await h.session.login({ email: 'jane@example.com', password: 'a-new-password' })).loginState,
    ).toBe('SUCCESS');
    // A used link is a FAILURE with the server's words, as a login failure is.
    expect(await h.session.recoverPassword(token, 'another-one')).toMatchObject({
      loginState: 'FAILURE',
      error: expect.stringContaining('This reset link has expired or was already used'),
    });
    await h.session.sendPasswordResetEmail('nobody@example.com', `${SITE_ORIGIN}/reset`);
    expect((await h.call('GET', '/_sandbox/mailbox?to=nobody@example.com')).json.messages).toEqual([]);
    await expect(
      h.session.sendPasswordResetEmail('jane@example.com', 'https://evil.example/reset'),
    ).rejects.toThrow("must be on one of the OAuth client's allowed origins");
  });

  it('changes the signed-in member’s password', async () => {
    const h = sessionHarness();
    const result = await h.session.login({ email: 'jane@example.com', password: 'storefront-demo' });
    if (result.loginState !== 'SUCCESS') throw new Error('login failed');
    await h.session.completeSignIn(result.data.sessionToken);
    await h.session.changePassword('changed-password');
    expect(
      (await h.session.login({ email: 'jane@example.com', password: 'changed-password' })).loginState,
    ).toBe('SUCCESS');
  });

  it('gives a merchant’s server member tokens: authorized_client, and sign-on then authorized_client', async () => {
    const h = sessionHarness();
    const janeId = h.sandbox.context.state.identities.get('jane@example.com')?.memberId as string;
    const tokens = await h.session.getMemberTokensForExternalLogin(janeId, 'sandbox-admin-key');
    expect(tokens.refreshToken.role).toBe('member');
    const grant = h.tokenRequests().at(-1);
    expect(grant?.body).toEqual({
      grant_type: 'authorized_client',
      scope: 'offline_access',
      member_id: janeId,
    });
    expect(grant?.authorization).toMatch(/^OauthNG\.JWS\.[\w-]+,sandbox-admin-key$/);
    await expect(h.session.getMemberTokensForExternalLogin(janeId, 'wrong-key')).rejects.toThrow(
      'Invalid API key in the elevated Authorization header',
    );

    const external = await h.session.getMemberTokensForExternalLoginWithSession(
      'partner@example.com',
      'sandbox-admin-key',
    );
    expect(external.refreshToken.role).toBe('member');
    expect(h.tokenRequests().at(-1)?.body).toMatchObject({
      grant_type: 'authorized_client',
      session_token: expect.stringMatching(/^JWS\.session\./),
    });
    expect(h.sandbox.context.state.identities.has('partner@example.com')).toBe(true);
  });
});

void PINS;
