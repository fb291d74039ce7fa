import { describe, expect, it } from 'vitest';
import { fakeClock, testSandbox } from '../../helpers/sandbox';

describe('POST /oauth2/token: anonymous grant', () => {
  it('issues visitor tokens that live expires_in seconds', async () => {
    const clock = fakeClock();
    const { call } = testSandbox({ now: clock.now });
    const res = await call('POST', '/oauth2/token', {
      body: { clientId: 'demo-client', grantType: 'anonymous' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-wix-request-id')).toMatch(/^\d+\.\d+$/);
    expect(res.json).toMatchObject({ expires_in: 14_400, token_type: 'Bearer', scope: 'offline_access' });
    expect(res.json.access_token).toMatch(/^OauthNG\.JWS\./);
    expect(res.json.refresh_token).toMatch(/^JWS\./);

    const info = await call('POST', '/oauth2/token-info', { body: { token: res.json.access_token } });
    expect(info.json).toMatchObject({ active: true, subjectType: 'VISITOR', clientId: 'demo-client' });
    expect(info.json.exp).toBe(Math.floor(clock.now() / 1000) + 14_400);
    expect(info.json.iat).toBe(Math.floor(clock.now() / 1000));
  });

  it('gives every anonymous grant its own visitor', async () => {
    const { call, anonymousTokens } = testSandbox();
    const a = await anonymousTokens();
    const b = await anonymousTokens();
    const infoA = await call('POST', '/oauth2/token-info', { body: { token: a.access_token } });
    const infoB = await call('POST', '/oauth2/token-info', { body: { token: b.access_token } });
    expect(infoA.json.subjectId).not.toBe(infoB.json.subjectId);
  });

  it('honours the accessTokenTtlSeconds setting and expires tokens on the clock', async () => {
    const clock = fakeClock();
    const { call, anonymousTokens } = testSandbox({ now: clock.now });
    await call('PATCH', '/_sandbox/settings', { body: { accessTokenTtlSeconds: 60 } });
    const tokens = await anonymousTokens();
    expect(tokens.expires_in).toBe(60);
    clock.advance(59_000);
    expect(
      (await call('POST', '/oauth2/token-info', { body: { token: tokens.access_token } })).json.active,
    ).toBe(true);
    clock.advance(1_000);
    expect((await call('POST', '/oauth2/token-info', { body: { token: tokens.access_token } })).json).toEqual(
      {
        active: false,
      },
    );
  });

  it('refuses an unknown client id with an application error', async () => {
    const { call } = testSandbox();
    const res = await call('POST', '/oauth2/token', {
      body: { clientId: 'who-is-this', grantType: 'anonymous' },
    });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      message: 'Unknown OAuth client id "who-is-this"',
      details: {
        applicationError: { code: 'invalid_client', description: 'Unknown OAuth client id "who-is-this"' },
      },
    });
    expect(res.headers.get('x-wix-request-id')).toBeTruthy();
  });

  it('answers a missing clientId with a field violation', async () => {
    const { call } = testSandbox();
    const res = await call('POST', '/oauth2/token', { body: { grantType: 'anonymous' } });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe('INVALID_ARGUMENT: "clientId" is required');
    expect(res.json.details.validationError.fieldViolations).toEqual([
      { field: 'clientId', description: 'is required', violatedRule: 'REQUIRED_FIELD' },
    ]);
  });

  it('refuses a missing or unknown grant type', async () => {
    const { call } = testSandbox();
    const missing = await call('POST', '/oauth2/token', { body: { clientId: 'demo-client' } });
    expect(missing.status).toBe(400);
    expect(missing.json.details.validationError.fieldViolations[0].field).toBe('grantType');
    const unknown = await call('POST', '/oauth2/token', {
      body: { clientId: 'demo-client', grantType: 'password' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.json.details.applicationError.code).toBe('unsupported_grant_type');
    expect(unknown.json.message).toContain('anonymous');
    const proto = await call('POST', '/oauth2/token', {
      body: { clientId: 'demo-client', grantType: 'toString' },
    });
    expect(proto.status).toBe(400);
  });
});

describe('POST /oauth2/token: refresh grant', () => {
  it('issues a new access token for the same visitor and keeps the refresh token', async () => {
    const { call, anonymousTokens } = testSandbox();
    const first = await anonymousTokens();
    const res = await call('POST', '/oauth2/token', {
      body: { clientId: 'demo-client', refreshToken: first.refresh_token, grantType: 'refresh_token' },
    });
    expect(res.status).toBe(200);
    expect(res.json.refresh_token).toBe(first.refresh_token);
    expect(res.json.access_token).not.toBe(first.access_token);
    const before = await call('POST', '/oauth2/token-info', { body: { token: first.access_token } });
    const after = await call('POST', '/oauth2/token-info', { body: { token: res.json.access_token } });
    expect(after.json.subjectId).toBe(before.json.subjectId);
  });

  it('renews after the access token expired', async () => {
    const clock = fakeClock();
    const { call, anonymousTokens } = testSandbox({ now: clock.now });
    const first = await anonymousTokens();
    clock.advance(14_400_000 + 1);
    const res = await call('POST', '/oauth2/token', {
      body: { clientId: 'demo-client', refreshToken: first.refresh_token, grantType: 'refresh_token' },
    });
    expect(res.status).toBe(200);
    expect(
      (await call('POST', '/oauth2/token-info', { body: { token: res.json.access_token } })).json.active,
    ).toBe(true);
  });

  it('refuses a revoked refresh token, and revoking ends its access tokens', async () => {
    const { call, anonymousTokens } = testSandbox();
    const tokens = await anonymousTokens();
    const revoke = await call('POST', '/_sandbox/revoke', { body: { refreshToken: tokens.refresh_token } });
    expect(revoke.json).toEqual({ revoked: 1 });
    const res = await call('POST', '/oauth2/token', {
      body: { clientId: 'demo-client', refreshToken: tokens.refresh_token, grantType: 'refresh_token' },
    });
    expect(res.status).toBe(400);
    expect(res.json.details.applicationError).toEqual({
      code: 'invalid_grant',
      description: 'The refresh token was revoked',
    });
    expect(
      (await call('POST', '/oauth2/token-info', { body: { token: tokens.access_token } })).json.active,
    ).toBe(false);
  });

  it('refuses an unknown refresh token and one issued to another client', async () => {
    const { call, anonymousTokens } = testSandbox({
      clients: [
        { id: 'demo-client', allowedOrigins: ['http://localhost:4000'] },
        { id: 'other-client', allowedOrigins: ['http://other.test'] },
      ],
    });
    const unknown = await call('POST', '/oauth2/token', {
      body: { clientId: 'demo-client', refreshToken: 'JWS.nope', grantType: 'refresh_token' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.json.message).toBe('Unknown refresh token');
    const tokens = await anonymousTokens('other-client');
    const wrongClient = await call('POST', '/oauth2/token', {
      body: { clientId: 'demo-client', refreshToken: tokens.refresh_token, grantType: 'refresh_token' },
    });
    expect(wrongClient.status).toBe(400);
    expect(wrongClient.json.message).toBe('The refresh token was not issued to client "demo-client"');
  });

  it('requires the refresh token', async () => {
    const { call } = testSandbox();
    const res = await call('POST', '/oauth2/token', {
      body: { clientId: 'demo-client', grantType: 'refresh_token' },
    });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe('INVALID_ARGUMENT: "refreshToken" is required');
  });
});
