import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { SandboxOptions } from '../../../sandbox/app';
import { SANDBOX_IDP_ID } from '../../../sandbox/identity';
import { testSandbox } from '../../helpers/sandbox';

const SSO = '/_api/iam/authentication/v1/sso/login-with-token-params';
/** The key README documents for the sandbox's identity provider. */
const DOCUMENTED_KEY = 'sandbox-idp-key';

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** An HS256 JWS in compact form, made here by hand so the test does not trust the sandbox's own signer. */
function hs256(
  claims: Record<string, unknown>,
  key: string,
  header: Record<string, unknown> = { alg: 'HS256', typ: 'JWT' },
) {
  const input = `${b64(header)}.${b64(claims)}`;
  return `${input}.${createHmac('sha256', key).update(input).digest('base64url')}`;
}

function setup(options: SandboxOptions = {}) {
  const t = testSandbox(options);
  const signOn = async (idToken: string) => {
    const { access_token } = await t.anonymousTokens();
    return t.call('POST', SSO, {
      headers: { authorization: access_token },
      body: { idpConnectionId: SANDBOX_IDP_ID, tokenParams: { id_token: idToken } },
    });
  };
  const memberCount = () => t.sandbox.context.state.members.size;
  const sessions = () => t.sandbox.context.state.sessions.size;
  return { ...t, signOn, memberCount, sessions };
}

function expectRefused(res: { status: number; json: { message: string; details: unknown } }) {
  expect(res.status).toBe(401);
  expect(res.json).toEqual({
    message: expect.stringContaining('id_token'),
    details: {
      applicationError: { code: 'INVALID_ID_TOKEN', description: res.json.message },
    },
  });
}

describe('login-with-token-params: the sandbox identity provider signs its id_tokens', () => {
  it('refuses an unsigned id_token naming an existing member, and signs no one in', async () => {
    const { signOn, memberCount, sessions } = setup();
    const members = memberCount();
    const res = await signOn(b64({ email: 'jane@example.com', name: 'Jane' }));
    expectRefused(res);
    expect(res.json.sessionToken).toBeUndefined();
    expect(sessions()).toBe(0);
    expect(memberCount()).toBe(members);
  });

  it('refuses an unsigned id_token for a new email too, creating no member', async () => {
    const { signOn, memberCount } = setup();
    const members = memberCount();
    expectRefused(await signOn(b64({ email: 'new.sso@example.com' })));
    expect(memberCount()).toBe(members);
  });

  it('refuses a tampered token, one signed with another key, alg "none", and an expired one', async () => {
    const { signOn, sessions } = setup();
    const genuine = hs256({ email: 'mallory@example.com' }, DOCUMENTED_KEY);
    const [header, , signature] = genuine.split('.');
    const tampered = `${header}.${b64({ email: 'jane@example.com' })}.${signature}`;
    const otherKey = hs256({ email: 'jane@example.com' }, 'not-the-key');
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ email: 'jane@example.com' })}.`;
    const noneSigned = hs256({ email: 'jane@example.com' }, DOCUMENTED_KEY, { alg: 'none' });
    const expired = hs256({ email: 'jane@example.com', exp: 1 }, DOCUMENTED_KEY);
    for (const token of [tampered, otherKey, none, noneSigned, expired, '', 'a.b', `${genuine}.x`]) {
      expectRefused(await signOn(token));
    }
    expect(sessions()).toBe(0);
  });

  it('signs in the member of a token signed with the key, and creates a new one for a new email', async () => {
    const { signOn, sandbox, memberCount } = setup();
    const jane = await signOn(hs256({ email: 'jane@example.com', name: 'Jane' }, DOCUMENTED_KEY));
    expect(jane.status).toBe(200);
    expect(jane.json.state).toBe('SUCCESS');
    expect(jane.json.sessionToken).toMatch(/^JWS\.session\./);
    expect(jane.json.identity.email.address).toBe('jane@example.com');
    const members = memberCount();
    const fresh = await signOn(hs256({ email: 'sso@example.com', name: 'Sso User' }, DOCUMENTED_KEY));
    expect(fresh.json.state).toBe('SUCCESS');
    expect(memberCount()).toBe(members + 1);
    expect(sandbox.context.state.members.get(fresh.json.identity.id)?.profile?.nickname).toBe('Sso User');
  });

  it('uses the key it is given (SANDBOX_IDP_KEY) instead of the default', async () => {
    const { signOn } = setup({ idpKey: 'a-key-of-my-own' });
    expectRefused(await signOn(hs256({ email: 'jane@example.com' }, DOCUMENTED_KEY)));
    expect((await signOn(hs256({ email: 'jane@example.com' }, 'a-key-of-my-own'))).status).toBe(200);
    const { optionsFromEnv } = await import('../../../sandbox/server');
    expect(optionsFromEnv({ SANDBOX_IDP_KEY: 'from-env' }).idpKey).toBe('from-env');
    expect(optionsFromEnv({}).idpKey).toBe(DOCUMENTED_KEY);
  });

  it('exports the signer tests and docs use, and the server prints the key at start', async () => {
    const idp = await import('../../../sandbox/idp');
    expect(idp.DEFAULT_IDP_KEY).toBe(DOCUMENTED_KEY);
    const claims = { email: 'jane@example.com', name: 'Jane' };
    expect(idp.signSandboxIdToken(claims)).toBe(hs256(claims, DOCUMENTED_KEY));
    expect(idp.signSandboxIdToken(claims, 'k')).toBe(hs256(claims, 'k'));
    const { startupMessage } = await import('../../../sandbox/server');
    expect(startupMessage('http://127.0.0.1:4100', { idpKey: 'k' })).toContain(
      `identity provider ${SANDBOX_IDP_ID}: id_token signed with HS256, key "k" (SANDBOX_IDP_KEY)`,
    );
  });
});
