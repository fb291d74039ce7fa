import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SANDBOX_ORIGIN, testSandbox } from '../../helpers/sandbox';

const SITE = 'http://localhost:4000';
const VERIFIER = 'a'.repeat(43);
const CHALLENGE = createHash('sha256').update(VERIFIER).digest('base64url');

/** The sandbox with the raw steps of a direct sign-in, its silent authorize, and the sign-out page. */
function setup() {
  const t = testSandbox();
  const visitor = async () => ({ authorization: (await t.anonymousTokens()).access_token });

  /** `POST /v2/login`: the session token of a SUCCESS. */
  const login = async (email = 'jane@example.com', password = 'storefront-demo') => {
    const res = await t.call('POST', '/_api/iam/authentication/v2/login', {
      headers: await visitor(),
      body: { loginId: { email }, password },
    });
    expect(res.json.state).toBe('SUCCESS');
    return res.json.sessionToken as string;
  };

  /** `GET /oauth2/authorize` with `prompt=none` and the session token: the parameters it redirects with. */
  const authorize = async (sessionToken: string) => {
    const query = new URLSearchParams({
      clientId: 'demo-client',
      redirectUri: `${SITE}/callback`,
      responseType: 'code',
      responseMode: 'query',
      state: 'state-1',
      codeChallenge: CHALLENGE,
      codeChallengeMethod: 'S256',
      prompt: 'none',
      sessionToken,
    });
    const res = await t.sandbox.fetch(`${SANDBOX_ORIGIN}/oauth2/authorize?${query}`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    return new URL(res.headers.get('location') as string).searchParams;
  };

  /** Member tokens through the silent authorize and the code exchange. */
  const memberTokens = async (sessionToken: string) => {
    const code = (await authorize(sessionToken)).get('code');
    const res = await t.call('POST', '/oauth2/token', {
      body: {
        clientId: 'demo-client',
        grantType: 'authorization_code',
        code,
        codeVerifier: VERIFIER,
        redirectUri: `${SITE}/callback`,
      },
    });
    expect(res.status).toBe(200);
    return res.json as { access_token: string; refresh_token: string };
  };

  /** The client's sign-out: the logout redirect session, then its page. */
  const signOut = async (accessToken: string) => {
    const session = await t.call('POST', '/_api/redirects-api/v1/redirect-session', {
      headers: { authorization: accessToken },
      body: { logout: { clientId: 'demo-client' }, callbacks: { postFlowUrl: `${SITE}/` } },
    });
    expect(session.status).toBe(200);
    const page = await t.sandbox.fetch(session.json.redirectSession.fullUrl, { redirect: 'manual' });
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toBe(`${SITE}/`);
  };

  /** The merchant server's `authorized_client` grant with a session token. */
  const authorizedClient = async (memberId: string, sessionToken: string) =>
    t.call('POST', '/oauth2/token', {
      headers: { authorization: `${(await visitor()).authorization},sandbox-admin-key` },
      body: {
        grant_type: 'authorized_client',
        scope: 'offline_access',
        member_id: memberId,
        session_token: sessionToken,
      },
    });

  const janeId = () =>
    [...t.sandbox.context.state.members.values()].find((m) => m.loginEmail === 'jane@example.com')
      ?.id as string;
  return { ...t, login, authorize, memberTokens, signOut, authorizedClient, janeId };
}

describe('signing out ends the sign-in session', () => {
  it('a session token mints member tokens again and again until the member signs out', async () => {
    const { login, authorize, memberTokens, signOut, authorizedClient, janeId } = setup();
    const sessionToken = await login();
    const tokens = await memberTokens(sessionToken);
    expect((await authorize(sessionToken)).get('code')).toBeTruthy();
    expect((await authorizedClient(janeId(), sessionToken)).status).toBe(200);

    await signOut(tokens.access_token);

    const again = await authorize(sessionToken);
    expect(again.get('code')).toBeNull();
    expect(again.get('error')).toBe('login_required');
    expect(again.get('state')).toBe('state-1');
    const grant = await authorizedClient(janeId(), sessionToken);
    expect(grant.status).toBe(400);
    expect(grant.json.details.applicationError.code).toBe('invalid_grant');
  });

  it('ends the session of the tokens that signed out, also after they were renewed', async () => {
    const { call, login, authorize, memberTokens, signOut } = setup();
    const sessionToken = await login();
    const tokens = await memberTokens(sessionToken);
    const renewed = await call('POST', '/oauth2/token', {
      body: { clientId: 'demo-client', grantType: 'refresh_token', refreshToken: tokens.refresh_token },
    });
    await signOut(renewed.json.access_token);
    expect((await authorize(sessionToken)).get('error')).toBe('login_required');
  });

  it('ends the session of a hosted sign-in (the authorize page’s login form) too', async () => {
    const { sandbox, call, signOut, authorizedClient, janeId } = setup();
    const form = new URLSearchParams({
      clientId: 'demo-client',
      redirectUri: `${SITE}/callback`,
      responseType: 'code',
      responseMode: 'query',
      state: 'state-2',
      codeChallenge: CHALLENGE,
      codeChallengeMethod: 'S256',
      prompt: 'login',
      step: 'login',
      email: 'jane@example.com',
      password: 'storefront-demo',
    });
    const page = await sandbox.fetch(`${SANDBOX_ORIGIN}/oauth2/authorize`, {
      method: 'POST',
      body: form,
      redirect: 'manual',
    });
    const code = new URL(page.headers.get('location') as string).searchParams.get('code');
    const tokens = await call('POST', '/oauth2/token', {
      body: {
        clientId: 'demo-client',
        grantType: 'authorization_code',
        code,
        codeVerifier: VERIFIER,
        redirectUri: `${SITE}/callback`,
      },
    });
    const sessions = [...sandbox.context.state.sessions.keys()];
    expect(sessions).toHaveLength(1);
    await signOut(tokens.json.access_token);
    expect((await authorizedClient(janeId(), sessions[0] as string)).status).toBe(400);
  });

  it('leaves another sign-in’s session alone (another browser or device)', async () => {
    const { login, authorize, memberTokens, signOut } = setup();
    const here = await login();
    const elsewhere = await login();
    await signOut((await memberTokens(here)).access_token);
    expect((await authorize(here)).get('error')).toBe('login_required');
    expect((await authorize(elsewhere)).get('code')).toBeTruthy();
  });
});
