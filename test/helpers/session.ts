import { createAccountTools } from '../../src/auth/account-tools';
import type { OAuthData } from '../../src/auth/pkce';
import { finishRedirect } from '../../src/auth/redirect-back';
import { createSession, type SessionOptions, storageTokens } from '../../src/auth/session';
import { createSignIn, type SignInOptions } from '../../src/auth/sign-in';
import { type KeyValueStorage, memoryStorage } from '../../src/auth/storage';
import { createStorefrontStore, type StoreDeps } from '../../src/store/store';
import { apiHarness } from './api';
import { fakeFrameWindow, postedMessage } from './frame';
import { fakeClock, SANDBOX_ORIGIN } from './sandbox';

/** The demo site's origin, allowed by the sandbox's `demo-client`. */
export const SITE_ORIGIN = 'http://localhost:4000';

/**
 * A session against the in-process sandbox with a fake clock, memory storage and a fake window whose
 * iframes load the platform's authorize page as a browser would (Referer: the site) and deliver the message
 * it posts, from the platform's origin and the iframe's window, when its target origin is the site's.
 */
export function sessionHarness(
  options: { site?: string; session?: Partial<SessionOptions & SignInOptions> } = {},
) {
  const clock = fakeClock();
  const h = apiHarness({ now: clock.now });
  const site = options.site ?? SITE_ORIGIN;
  const storage = memoryStorage();
  const win = fakeFrameWindow(async (frame, w) => {
    const page = await h.sandbox.fetch(frame.src, { headers: { referer: `${site}/shop` } });
    const { data, targetOrigin } = postedMessage(await page.text());
    if (targetOrigin === '*' || targetOrigin === site) w.post(data, SANDBOX_ORIGIN, frame.contentWindow);
  });
  /** A session with its sign-in flows on the same object, as the widgets use them together. */
  const make = (extra: Partial<SessionOptions & SignInOptions> = {}) => {
    const all = { win, ...options.session, ...extra };
    const core = createSession({
      clientId: 'demo-client',
      apiBase: SANDBOX_ORIGIN,
      fetch: h.fetch,
      storage,
      now: clock.now,
      ...all,
      // Without a store, the tokens are in the storage given (the harness's by default).
      tokens: all.tokens ?? storageTokens(all.storage ?? storage),
    });
    return Object.assign(
      core,
      createSignIn(core, { fetch: h.fetch, ...all }),
      createAccountTools(core, { fetch: h.fetch, ...all }),
      { finishRedirect: (url: string, data?: OAuthData) => finishRedirect(core, url, data) },
    );
  };
  const session = make();
  const tokenRequests = () => h.wire.filter((r) => r.path === '/oauth2/token');
  /**
   * A store as a page makes it: it holds the tokens (persisted to `deps.storage`, the harness's storage by
   * default, so a store made later finds them, as a page loaded later does) and makes its session with this
   * harness's options and sign-in flows; returns both.
   */
  const storeWith = (
    deps: Omit<StoreDeps, 'session' | 'storage'> & { storage?: KeyValueStorage } = {},
    extra: Partial<SessionOptions & SignInOptions> = {},
  ) => {
    let made: ReturnType<typeof make> | undefined;
    const store = createStorefrontStore({
      storage,
      ...deps,
      session: (tokens) => (made = make({ ...extra, tokens })),
    });
    // Listening to the session and the other tabs, as a started page's store (without its first read).
    store.getState().listen();
    return { store, session: made as ReturnType<typeof make> };
  };
  return { ...h, clock, storage, win, session, make, storeWith, tokenRequests };
}
