import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Browser, launchBrowser } from './browser';

const demoUrl = inject('demoUrl');
const sandboxUrl = inject('sandboxUrl');
const port = new URL(demoUrl).port;
const LOCAL = `http://localhost:${port}`;
const LOOPBACK = `http://127.0.0.1:${port}`;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  await fetch(`${sandboxUrl}/_sandbox/reset`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
  });
});

async function lab(origin: string) {
  const { page, errors } = await browser.newPage();
  await page.goto(`${origin}/__lab__/index.html`);
  await page.waitForFunction(() => document.documentElement.dataset.labReady === 'true');
  // Each test starts as a new visitor: the browser profile is shared by this file's tests.
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  return { page, errors };
}

describe('silent sign-in across the two origins, in Chromium', () => {
  it('signs Jane in through the hidden iframe of the platform’s origin', async () => {
    const { page } = await lab(LOCAL);
    const result = await page.evaluate(
      ([api]) => window.lab.signIn(api as string, 'jane@example.com', 'storefront-demo'),
      [sandboxUrl],
    );
    expect(result).toEqual({ ok: true, role: 'member', email: 'jane@example.com', iframes: 0 });
    const stored = await page.evaluate(() =>
      JSON.parse(localStorage.getItem('sf:demo-client:tokens') ?? '{}'),
    );
    expect(stored.refreshToken.role).toBe('member');
  });

  it('fails fast with a message naming the origin when the platform does not allow the site', async () => {
    // Only 127.0.0.1 may use demo-client; a second client keeps CORS open for localhost.
    await fetch(`${sandboxUrl}/_sandbox/clients/demo-client`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ allowedOrigins: [LOOPBACK] }),
    });
    await fetch(`${sandboxUrl}/_sandbox/clients`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: 'cors-only', allowedOrigins: [LOCAL] }),
    });
    const { page } = await lab(LOCAL);
    const started = Date.now();
    const result = await page.evaluate(
      ([api]) => window.lab.signIn(api as string, 'jane@example.com', 'storefront-demo'),
      [sandboxUrl],
    );
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(result).toEqual({
      ok: false,
      name: 'AuthError',
      message: `Sign-in is not allowed from ${LOCAL}: add ${LOCAL} to the allowed domains of this OAuth client in the platform's settings`,
      iframes: 0,
    });
  });

  it('ignores a message with the wrong state from the platform and one from the site itself, then times out', async () => {
    const { page } = await lab(LOCAL);
    // The platform's page answers with a foreign state; meanwhile the site posts the right state to itself.
    await page.route('**/oauth2/authorize?**', async (route) => {
      const state = new URL(route.request().url()).searchParams.get('state');
      await route.fulfill({
        contentType: 'text/html',
        body: `<script>parent.postMessage({code: 'forged', state: 'not-${state}'}, '*');</script>`,
      });
    });
    await page.evaluate(() => {
      new MutationObserver(() => {
        const frame = document.querySelector('iframe');
        if (!frame) return;
        const state = new URL(frame.src).searchParams.get('state');
        window.postMessage({ code: 'forged-by-page', state }, '*');
      }).observe(document.body, { childList: true });
    });
    const result = await page.evaluate(
      ([api]) =>
        window.lab.signIn(api as string, 'jane@example.com', 'storefront-demo', { timeoutMs: 2_000 }),
      [sandboxUrl],
    );
    expect(result).toEqual({ ok: false, name: 'TimeoutError', message: 'OAuth flow timed out', iframes: 0 });
    const stored = await page.evaluate(() => localStorage.getItem('sf:demo-client:tokens'));
    expect(JSON.parse(stored ?? '{}').refreshToken?.role).toBe('visitor');
  });
});

describe('hosted sign-in round trip, in Chromium', () => {
  it('goes to the platform’s login page, signs in there and comes back signed in', async () => {
    const { page, errors } = await lab(LOCAL);
    const authUrl = await page.evaluate(
      async ([api, origin]) => {
        sessionStorage.setItem('lab:apiBase', api as string);
        const session = window.lab.make(api as string);
        const { authUrl } = await session.getAuthUrl({
          redirectUri: `${origin}/__lab__/callback.html`,
          originalUri: `${origin}/cart`,
        });
        return authUrl;
      },
      [sandboxUrl, LOCAL],
    );
    await page.goto(authUrl);
    await page.getByLabel('Email').fill('jane@example.com');
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toBe('Wrong email or password');
    await page.getByLabel('Password').fill('storefront-demo');
    await page.getByLabel('Password').press('Enter');
    await page.waitForURL(`${LOCAL}/__lab__/callback.html#**`);
    await page.waitForFunction(() => document.getElementById('result')?.textContent !== 'working');
    const result = JSON.parse((await page.textContent('#result')) ?? '{}');
    expect(result).toEqual({
      ok: true,
      done: { originalUri: `${LOCAL}/cart` },
      role: 'member',
      email: 'jane@example.com',
    });
    // The wrong password's 401 is logged by the browser as a failed resource; nothing else may be.
    expect(
      errors.filter(
        (e) => !e.startsWith('Failed to load resource: the server responded with a status of 401'),
      ),
    ).toEqual([]);
  });
});
