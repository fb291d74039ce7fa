import { describe, expect, it, vi } from 'vitest';
import { DEMO_MEMBER } from '../../../sandbox/seed';
import { memoryStorage } from '../../../src/auth/storage';
import { type FakeFrameWindow, fakeFrameWindow, postedMessage } from '../../helpers/frame';
import { SANDBOX_ORIGIN } from '../../helpers/sandbox';
import { SITE_ORIGIN, sessionHarness } from '../../helpers/session';

type Frame = FakeFrameWindow['frames'][number];

/**
 * The store with its sign-in actions, against the in-process sandbox, and a fake window whose iframes wait:
 * the test answers each one (as the platform's page would), makes it fail, or lets its timer run out.
 */
function setup(options: { location?: string } = {}) {
  const h = sessionHarness();
  const arrived: Frame[] = [];
  const win = fakeFrameWindow((frame) => void arrived.push(frame as Frame));
  const navigate = vi.fn<(url: string) => void>();
  const { store, session } = h.storeWith({
    storage: memoryStorage(),
    win,
    navigate,
    location: () => options.location ?? `${SITE_ORIGIN}/shop`,
  });
  /** The platform's page in the iframe answers: a code for our state, posted to the site. */
  const answer = async (frame: Frame) => {
    const page = await h.sandbox.fetch(frame.src, { headers: { referer: `${SITE_ORIGIN}/shop` } });
    const { data } = postedMessage(await page.text());
    win.post(data, SANDBOX_ORIGIN, frame.contentWindow);
  };
  const authorizeRequests = () => h.wire.filter((r) => r.path === '/_api/redirects-api/v1/redirect-session');
  const codeExchanges = () =>
    h.wire.filter(
      (r) =>
        r.path === '/oauth2/token' && (r.body as { grantType?: string }).grantType === 'authorization_code',
    );
  /** A SUCCESS's session token for Jane, from the platform (as the login step gets it). */
  const sessionToken = async () => {
    const result = await session.login({ email: DEMO_MEMBER.email, password: DEMO_MEMBER.password });
    if (result.loginState !== 'SUCCESS') throw new Error(`login: ${result.loginState}`);
    return result.data.sessionToken;
  };
  /** Waits until the silent sign-in's `count`th iframe is on the page. */
  const frameShown = (count = 1) =>
    vi.waitFor(() => {
      expect(arrived.length).toBe(count);
      return arrived[count - 1] as Frame;
    });
  const stateOf = (frame: Frame) => new URL(frame.src).searchParams.get('state');
  return {
    h,
    session,
    win,
    store,
    navigate,
    answer,
    authorizeRequests,
    codeExchanges,
    sessionToken,
    frameShown,
    stateOf,
  };
}

/** Everything the silent sign-in put on the page is gone: the iframe, the message listener, the timer. */
function expectCleanedUp(win: FakeFrameWindow) {
  expect(win.frames.every((f) => f.removed)).toBe(true);
  expect(win.listenerCount()).toBe(0);
  expect(win.timerCount()).toBe(0);
}

describe('the store’s silent sign-in', () => {
  it('runs one at a time: two completions at once share one iframe and one authorize request', async () => {
    const { session, win, store, answer, authorizeRequests, codeExchanges, sessionToken, frameShown } =
      setup();
    const token = await sessionToken();
    const first = store.getState().completeSignIn(token);
    const second = store.getState().completeSignIn(token);
    const frame = await frameShown();
    expect(store.getState().signIn).toEqual({ silent: 'running', problem: null });
    // A third while the iframe waits joins it too.
    const third = store.getState().completeSignIn(token);

    await answer(frame);
    await Promise.all([first, second, third]);
    expect(win.frames).toHaveLength(1);
    expect(authorizeRequests()).toHaveLength(1);
    expect(codeExchanges()).toHaveLength(1);
    expect(session.role()).toBe('member');
    expect(store.getState().signIn).toEqual({ silent: 'idle', problem: null });
    expectCleanedUp(win);

    // Once it is over, the next one is a new run.
    const again = store.getState().completeSignIn(await sessionToken());
    const next = await frameShown(2);
    await answer(next);
    await again;
    expect(authorizeRequests()).toHaveLength(2);
  });

  it('removes its iframe when the platform answers with an error, and keeps the problem in the store', async () => {
    const { session, win, store, sessionToken, frameShown, stateOf } = setup();
    const done = store.getState().completeSignIn(await sessionToken());
    const frame = await frameShown();
    win.post({ state: stateOf(frame), error: 'login_required' }, SANDBOX_ORIGIN, frame.contentWindow);
    await expect(done).rejects.toThrow('login_required');
    expect(store.getState().signIn).toEqual({
      silent: 'failed',
      problem: { key: 'silentFailed', detail: 'login_required' },
    });
    expect(session.role()).not.toBe('member');
    expectCleanedUp(win);
  });

  it('gives up after its timeout (OAuth flow timed out) and removes its iframe', async () => {
    const { win, store, sessionToken, frameShown } = setup();
    const done = store.getState().completeSignIn(await sessionToken());
    await frameShown();
    expect(win.timerCount()).toBe(1);
    win.fireTimers();
    await expect(done).rejects.toThrow('OAuth flow timed out');
    expect(store.getState().signIn).toEqual({
      silent: 'failed',
      problem: { key: 'silentFailed', detail: 'OAuth flow timed out' },
    });
    expectCleanedUp(win);
  });

  it('removes its iframe when the store is destroyed', async () => {
    const { win, store, sessionToken, frameShown } = setup();
    const done = store.getState().completeSignIn(await sessionToken());
    const frame = await frameShown();
    expect(frame.removed).toBe(false);
    store.getState().destroy();
    await expect(done).rejects.toThrow('The sign-in was cancelled');
    expectCleanedUp(win);
  });
});

describe('the store’s sign-in actions', () => {
  it('login: a SUCCESS is returned once the silent sign-in stored the member’s tokens', async () => {
    const { session, store, answer, frameShown } = setup();
    const step = store.getState().login({ email: DEMO_MEMBER.email, password: DEMO_MEMBER.password });
    await answer(await frameShown());
    expect((await step).loginState).toBe('SUCCESS');
    expect(session.role()).toBe('member');
  });

  it('login: a refused password is the platform’s FAILURE; a silent sign-in that fails is an ERROR', async () => {
    const { win, store, frameShown } = setup();
    expect(await store.getState().login({ email: DEMO_MEMBER.email, password: 'wrong-one' })).toMatchObject({
      loginState: 'FAILURE',
      errorCode: 'invalidPassword',
      error: 'Wrong email or password',
    });
    const step = store.getState().login({ email: DEMO_MEMBER.email, password: DEMO_MEMBER.password });
    await frameShown();
    win.fireTimers();
    expect(await step).toEqual({
      loginState: 'ERROR',
      problem: { key: 'silentFailed', detail: 'OAuth flow timed out' },
    });
  });

  it('a network failure is an ERROR that says so', async () => {
    const h = sessionHarness();
    const { store } = h.storeWith(
      { storage: memoryStorage(), win: h.win },
      {
        fetch: async (input, init) => {
          if (String(input).endsWith('/v2/login')) throw new TypeError('Failed to fetch');
          return h.fetch(input, init);
        },
      },
    );
    expect(await store.getState().login({ email: DEMO_MEMBER.email, password: 'x' })).toEqual({
      loginState: 'ERROR',
      problem: { key: 'networkError' },
    });
  });

  it('startHostedLogin: the platform’s login page, back to this page without a reset link’s token', async () => {
    const { store, navigate } = setup({ location: `${SITE_ORIGIN}/shop?recoveryToken=old&size=M#top` });
    expect(await store.getState().startHostedLogin()).toBeNull();
    expect(navigate).toHaveBeenCalledTimes(1);
    const url = new URL(navigate.mock.calls[0]?.[0] as string);
    expect(`${url.origin}${url.pathname}`).toBe(`${SANDBOX_ORIGIN}/oauth2/authorize`);
    expect(url.searchParams.get('redirectUri')).toBe(`${SITE_ORIGIN}/shop?size=M`);
    expect(url.searchParams.get('prompt')).toBe('login');
  });

  it('sendPasswordReset: the link leads back to this page', async () => {
    const { h, store } = setup({ location: `${SITE_ORIGIN}/shop#top` });
    expect(await store.getState().sendPasswordReset(DEMO_MEMBER.email, 'de')).toBeNull();
    expect(h.wire.find((r) => r.path.endsWith('/recovery/v1/send-email'))?.body).toEqual({
      email: DEMO_MEMBER.email,
      language: 'de',
      redirect: { url: `${SITE_ORIGIN}/shop`, clientId: 'demo-client' },
    });
  });

  it('resendCode with no verification pending says why', async () => {
    const { store } = setup();
    expect(await store.getState().resendCode()).toEqual({ key: 'error', detail: 'Unknown _state' });
  });
});
