import { isSystemError } from '../api/errors';
import { type LoginResult, messageOf } from '../auth/login-state';
import { createSignIn, type SignIn } from '../auth/sign-in';
import type { Problem, SignInActions, SignInSlice, SignInStep, SliceContext } from './types';

/**
 * A thrown error as a message: the network, or `key` with the error's words (`silentFailed` for a silent
 * sign-in that did not finish: refused, its code not exchanged, timed out).
 */
export function signInProblem(error: unknown, key = 'error'): Problem {
  if (isSystemError(error) || error instanceof TypeError) return { key: 'networkError' };
  return { key, detail: messageOf(error) };
}

/** This page without its fragment and without a password-reset link's token: where the platform leads back. */
function returnAddress(here: string): string {
  if (!here) return here;
  const url = new URL(here);
  url.hash = '';
  url.searchParams.delete('recoveryToken');
  return url.href;
}

export type SignInFlows = Omit<SignInActions, 'prepareSignIn'>;

/**
 * The login state machine's steps: a SUCCESS is completed with the silent sign-in before it is returned, and a
 * registration's (its own step's, or its emailed code's) is announced first (`member:registered`).
 */
function stepper(ctx: SliceContext, signIn: SignIn, completeSignIn: (sessionToken: string) => Promise<void>) {
  /** Whether the steps under way make an account (a registration, and its email's code). */
  let registering = false;
  return async (run: (s: SignIn) => Promise<LoginResult>, registers = registering): Promise<SignInStep> => {
    let key = 'error';
    registering = registers;
    try {
      const result = await run(signIn);
      key = 'silentFailed';
      if (result.loginState === 'SUCCESS') {
        if (registering) ctx.emit('member:registered', {});
        registering = false;
        await completeSignIn(result.data.sessionToken);
      }
      return result;
    } catch (error) {
      return { loginState: 'ERROR', problem: signInProblem(error, key) };
    }
  };
}

/**
 * What the store's sign-in actions do (`sign-in-actions.ts` loads this with the sign-in code): the login
 * state machine's steps, recovery, the hosted login page, and the silent sign-in that completes a SUCCESS.
 * One per store: the pending verification and the running silent sign-in are its own.
 */
export function signInFlows(ctx: SliceContext): SignInFlows {
  const { set, deps, session } = ctx;
  let silent: Promise<void> | undefined;
  let abort: AbortController | undefined;
  const signIn: SignIn = createSignIn(session, {
    win: deps.win,
    // Asked at each step: the site may set its provider after the store is made.
    captcha: { getTokens: (action) => deps.captcha?.()?.getTokens(action) ?? Promise.resolve({}) },
  });

  const setSilent = (status: SignInSlice['silent'], problem: Problem | null = null) =>
    set({ signIn: { silent: status, problem } });

  function completeSignIn(sessionToken: string): Promise<void> {
    silent ??= (async () => {
      const controller = new AbortController();
      abort = controller;
      setSilent('running');
      try {
        await signIn.completeSignIn(sessionToken, { signal: controller.signal });
        setSilent('idle');
      } catch (error) {
        setSilent('failed', signInProblem(error, 'silentFailed'));
        throw error;
      } finally {
        silent = undefined;
        abort = undefined;
      }
    })();
    return silent;
  }

  const step = stepper(ctx, signIn, completeSignIn);

  async function attempt(run: (s: SignIn) => Promise<unknown>): Promise<Problem | null> {
    try {
      await run(signIn);
      return null;
    } catch (error) {
      return signInProblem(error);
    }
  }

  return {
    login: ({ email, password }) => step((s) => s.login({ email, password }), false),
    register: (input) => step((s) => s.register(input), true),
    verifyEmail: (code) => step((s) => s.processVerification({ verificationCode: code })),
    resendCode: () => attempt((s) => s.resendVerificationCode()),
    sendPasswordReset: (email, language) =>
      attempt((s) => s.sendPasswordResetEmail(email, returnAddress(ctx.here()), language)),
    resetPassword: (recoveryToken, password) =>
      step((s) => s.recoverPassword(recoveryToken, password), false),

    async startHostedLogin() {
      try {
        const { authUrl } = await signIn.getAuthUrl({ redirectUri: returnAddress(ctx.here()) });
        if (!deps.navigate) throw new Error('No way to open the login page here');
        deps.navigate(authUrl);
        return null;
      } catch (error) {
        return signInProblem(error, 'hostedFailed');
      }
    },

    completeSignIn,

    cancelSignIn() {
      abort?.abort();
    },
  };
}
