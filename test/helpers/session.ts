import { createSession, type SessionOptions } from '../../src/auth/session';
import { createSignIn, type SignInOptions } from '../../src/auth/sign-in';
import { createAccountTools } from '../../src/auth/sign-in-extra';
import { memoryStorage } from '../../src/auth/storage';
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
    });
    return Object.assign(
      core,
      createSignIn(core, { fetch: h.fetch, ...all }),
      createAccountTools(core, { fetch: h.fetch, ...all }),
    );
  };
  const session = make();
  const tokenRequests = () => h.wire.filter((r) => r.path === '/oauth2/token');
  return { ...h, clock, storage, win, session, make, tokenRequests };
}
