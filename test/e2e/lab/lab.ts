/**
 * The session layer in a real browser, for the end-to-end tests: served only by the test servers at
 * /__lab__/, never shipped. It exposes `window.lab` for page.evaluate.
 */
import { getCurrentMember } from '../../../src/api/members';
import { webLock } from '../../../src/auth/lock';
import { finishRedirect } from '../../../src/auth/redirect-back';
import { createSession, storageTokens } from '../../../src/auth/session';
import { createSignIn } from '../../../src/auth/sign-in';
import { storageNamespace, webStorage } from '../../../src/auth/storage';

function make(apiBase: string, options: { timeoutMs?: number } = {}) {
  const storage = webStorage(() => localStorage, storageNamespace('demo-client'));
  const session = createSession({
    clientId: 'demo-client',
    apiBase,
    storage,
    tokens: storageTokens(storage),
    transactions: webStorage(() => sessionStorage, storageNamespace('demo-client')),
    lock: webLock(),
  });
  return Object.assign(
    session,
    createSignIn(session, {
      win: window,
      ...(options.timeoutMs ? { silentTimeoutMs: options.timeoutMs } : {}),
    }),
    { finishRedirect: (url: string) => finishRedirect(session, url) },
  );
}

const lab = {
  make,
  getCurrentMember,
  /** Signs in with email and password and runs the silent iframe; resolves to a plain summary. */
  async signIn(apiBase: string, email: string, password: string, options: { timeoutMs?: number } = {}) {
    const session = make(apiBase, options);
    const result = await session.login({ email, password });
    if (result.loginState !== 'SUCCESS') return { ok: false, result };
    try {
      const tokens = await session.completeSignIn(result.data.sessionToken);
      const { member } = await getCurrentMember(session.client);
      return {
        ok: true,
        role: tokens.refreshToken.role,
        email: member.loginEmail,
        iframes: document.querySelectorAll('iframe').length,
      };
    } catch (error) {
      return {
        ok: false,
        name: (error as Error).name,
        message: (error as Error).message,
        iframes: document.querySelectorAll('iframe').length,
      };
    }
  },
};

declare global {
  interface Window {
    lab: typeof lab;
  }
}
window.lab = lab;
document.documentElement.dataset.labReady = 'true';
