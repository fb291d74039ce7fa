import { describe, expect, it } from 'vitest';
import { SANDBOX_ORIGIN, testSandbox } from '../../helpers/sandbox';

const REDIRECT = '/_api/redirects-api/v1/redirect-session';
const ADMIN = { authorization: 'sandbox-admin-key' };
const EVIL = 'https://evil.example';

describe('redirect-session callbacks must be on an origin the OAuth clients allow', () => {
  it('refuses a merchant (API key) logout whose postFlowUrl is on no client’s origin, and never redirects there', async () => {
    const { sandbox, call } = testSandbox();
    const res = await call('POST', REDIRECT, {
      headers: ADMIN,
      body: { logout: { clientId: 'demo-client' }, callbacks: { postFlowUrl: `${EVIL}/phish` } },
    });
    expect(res.status).toBe(400);
    expect(res.json.details.validationError.fieldViolations).toEqual([
      {
        field: 'callbacks.postFlowUrl',
        description:
          'must be on one of the site\'s allowed origins (those of OAuth client "demo-client": http://localhost:4000, http://127.0.0.1:4000)',
        violatedRule: 'VALIDATION',
      },
    ]);
    expect(sandbox.context.state.redirectSessions.size).toBe(0);
  });

  it('checks every callback of a merchant call against the origins of all registered clients', async () => {
    const { call } = testSandbox();
    await call('POST', '/_sandbox/clients', {
      body: { id: 'second-site', allowedOrigins: ['https://shop.example'] },
    });
    const ok = await call('POST', REDIRECT, {
      headers: ADMIN,
      body: {
        login: {},
        callbacks: {
          postFlowUrl: 'https://shop.example/back',
          thankYouPageUrl: 'http://localhost:4000/thanks',
        },
      },
    });
    expect(ok.status).toBe(200);
    const bad = await call('POST', REDIRECT, {
      headers: ADMIN,
      body: {
        login: {},
        callbacks: { cartPageUrl: `${EVIL}/cart`, loginUrl: 'https://shop.example.evil.example/' },
      },
    });
    expect(bad.status).toBe(400);
    const violations = bad.json.details.validationError.fieldViolations;
    expect(violations.map((v: { field: string }) => v.field)).toEqual([
      'callbacks.cartPageUrl',
      'callbacks.loginUrl',
    ]);
    expect(violations[0].description).toBe(
      "must be on one of the site's allowed origins (those of every OAuth client of the site: http://localhost:4000, http://127.0.0.1:4000, https://shop.example)",
    );
  });

  it('sends a logout back only to an origin of the client signing out, whoever calls', async () => {
    const { call, anonymousTokens } = testSandbox();
    await call('POST', '/_sandbox/clients', {
      body: { id: 'second-site', allowedOrigins: ['https://shop.example'] },
    });
    const visitor = { authorization: (await anonymousTokens()).access_token };
    for (const headers of [ADMIN, visitor]) {
      const res = await call('POST', REDIRECT, {
        headers,
        body: { logout: { clientId: 'second-site' }, callbacks: { postFlowUrl: 'http://localhost:4000/' } },
      });
      expect(res.status).toBe(400);
      expect(res.json.details.validationError.fieldViolations[0].field).toBe('callbacks.postFlowUrl');
    }
  });

  it('redirects a merchant’s logout to an allowed origin', async () => {
    const { sandbox, call } = testSandbox();
    const res = await call('POST', REDIRECT, {
      headers: ADMIN,
      body: { logout: { clientId: 'demo-client' }, callbacks: { postFlowUrl: 'http://127.0.0.1:4000/bye' } },
    });
    expect(res.status).toBe(200);
    const page = await sandbox.fetch(res.json.redirectSession.fullUrl, { redirect: 'manual' });
    expect(page.headers.get('location')).toBe('http://127.0.0.1:4000/bye');
  });

  it('does not follow a callback whose origin the client stopped allowing after the session was made', async () => {
    const { sandbox, call } = testSandbox();
    const res = await call('POST', REDIRECT, {
      headers: ADMIN,
      body: { logout: { clientId: 'demo-client' }, callbacks: { postFlowUrl: 'http://localhost:4000/' } },
    });
    await call('PATCH', '/_sandbox/clients/demo-client', {
      body: { allowedOrigins: ['http://127.0.0.1:4000'] },
    });
    const page = await sandbox.fetch(res.json.redirectSession.fullUrl, { redirect: 'manual' });
    expect(page.status).toBe(200);
    expect(page.headers.get('location')).toBeNull();
    expect(await page.text()).toContain('You are signed out');
  });

  it('refuses the identity logout page’s postLogoutRedirectUri off the client’s origins', async () => {
    const { sandbox } = testSandbox();
    const query = new URLSearchParams({ postLogoutRedirectUri: `${EVIL}/`, clientId: 'demo-client' });
    const page = await sandbox.fetch(`${SANDBOX_ORIGIN}/_api/iam/authentication/v1/logout?${query}`, {
      redirect: 'manual',
    });
    expect(page.status).toBe(400);
    expect(page.headers.get('location')).toBeNull();
  });
});
