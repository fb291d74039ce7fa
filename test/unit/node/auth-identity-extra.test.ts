import { describe, expect, it } from 'vitest';
import { SANDBOX_IDP_ID } from '../../../sandbox/identity';
import { signSandboxIdToken } from '../../../sandbox/idp';
import {
  identityLogoutUrl,
  loginV1,
  registerV1,
  sendActivationEmail,
  startVerification,
} from '../../../src/api/index';
import { SANDBOX_ORIGIN } from '../../helpers/sandbox';
import { SITE_ORIGIN, sessionHarness } from '../../helpers/session';

describe('the rest of the identity services', () => {
  it('v1 login and register answer the same state machine', async () => {
    const h = sessionHarness();
    await h.session.ensureTokens();
    const login = await loginV1(h.session.client, { email: 'jane@example.com', password: 'storefront-demo' });
    expect(login.state).toBe('SUCCESS');
    expect(h.last()).toMatchObject({
      method: 'POST',
      path: '/_api/iam/authentication/v1/login',
      body: { email: 'jane@example.com', password: 'storefront-demo' },
    });
    const registered = await registerV1(h.session.client, {
      email: 'v1@example.com',
      password: 'hunter22',
      profile: { nickname: 'Old' },
    });
    expect(registered.state).toBe('SUCCESS');
    expect(registered.identity?.identityProfile?.nickname).toBe('Old');
  });

  it('signs in through the sandbox identity provider with token params', async () => {
    const h = sessionHarness();
    // The sandbox's identity provider signs its id_tokens (HS256 with its key).
    const idToken = signSandboxIdToken({ email: 'sso@example.com', name: 'Sso User' });
    const result = await h.session.loginWithTokenParams(SANDBOX_IDP_ID, { id_token: idToken });
    expect(result.loginState).toBe('SUCCESS');
    expect(h.last().body).toEqual({ idpConnectionId: SANDBOX_IDP_ID, tokenParams: { id_token: idToken } });
    await expect(h.session.loginWithTokenParams('unknown-idp', { id_token: idToken })).rejects.toMatchObject({
      status: 404,
    });
  });

  it('sends an activation email (merchant) and starts a verification', async () => {
    const h = sessionHarness();
    const created = await h.call('POST', '/members/v1/members', {
      headers: { authorization: 'sandbox-admin-key' },
      body: { member: { loginEmail: 'imported@example.com' } },
    });
    const memberId = created.json.member.id as string;
    await expect(sendActivationEmail(h.session.client, memberId)).rejects.toMatchObject({ status: 403 });
    await sendActivationEmail(h.merchant(), memberId);
    const activation = (await h.call('GET', '/_sandbox/mailbox?to=imported@example.com')).json.messages[0];
    expect(activation.subject).toBe('Activate your account at Northwind Supply');
    const link = new URL(activation.links[0]);
    expect(link.pathname).toBe('/_hosted/reset-password');
    const set = await h.sandbox.fetch(link.href.replace(link.origin, SANDBOX_ORIGIN), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        token: link.searchParams.get('token') as string,
        password: 'first-password',
      }).toString(),
    });
    expect(set.status).toBe(200);
    expect(
      (await h.session.login({ email: 'imported@example.com', password: 'first-password' })).loginState,
    ).toBe('SUCCESS');

    await startVerification(h.session.client, memberId);
    expect(h.last()).toMatchObject({
      path: '/_api/iam/verification/v1/start',
      body: { identityId: memberId, target: 'EMAIL' },
    });
    const code = (await h.call('GET', '/_sandbox/mailbox?to=imported@example.com')).json.messages[1];
    expect(code.codes[0]).toMatch(/^\d{6}$/);
  });

  it('builds the identity logout URL, which goes back only to an allowed address', async () => {
    const h = sessionHarness();
    const url = identityLogoutUrl(SANDBOX_ORIGIN, {
      postLogoutRedirectUri: `${SITE_ORIGIN}/`,
      clientId: 'demo-client',
    });
    expect(url).toBe(
      `${SANDBOX_ORIGIN}/_api/iam/authentication/v1/logout?postLogoutRedirectUri=http%3A%2F%2Flocalhost%3A4000%2F&clientId=demo-client`,
    );
    const ok = await h.sandbox.fetch(url, { redirect: 'manual' });
    expect(ok.status).toBe(302);
    expect(ok.headers.get('location')).toBe(`${SITE_ORIGIN}/`);
    const evil = await h.sandbox.fetch(
      identityLogoutUrl(SANDBOX_ORIGIN, {
        postLogoutRedirectUri: 'https://evil.example/',
        clientId: 'demo-client',
      }),
      {
        redirect: 'manual',
      },
    );
    expect(evil.status).toBe(400);
  });

  it('never stores or answers a password, and hashes new ones with scrypt and a salt of their own', async () => {
    const h = sessionHarness();
    await h.session.register({ email: 'first-user@example.com', password: 'same-password' });
    await h.session.register({ email: 'second-user@example.com', password: 'same-password' });
    const a = h.sandbox.context.state.identities.get('first-user@example.com');
    const b = h.sandbox.context.state.identities.get('second-user@example.com');
    expect(a?.passwordHash).toMatch(/^[0-9a-f]{64}$/);
    expect(a?.passwordHash).not.toBe(b?.passwordHash);
    expect(JSON.stringify(h.wire.map((r) => r.body)).match(/same-password/g)?.length).toBe(2);
    const me = await h.call('GET', '/members/v1/members?fieldsets=FULL', {
      headers: { authorization: 'sandbox-admin-key' },
    });
    expect(JSON.stringify(me.json)).not.toMatch(/passwordHash|"salt"/);
  });
});
