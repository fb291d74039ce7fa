import type { IdentityProfile } from '../api/types/identity';
import type { LoginResult } from '../auth/login-state';
import { lazyActions } from './lazy-actions';
import type { SignInFlows } from './sign-in-flows';
import type { Problem, SliceContext } from './store';

/**
 * Where a sign-in step stands for the view: the platform's state (SUCCESS only once the member's tokens are
 * stored), or `ERROR` when the step could not be made (the network, the silent sign-in), with the message.
 */
export type SignInStep = LoginResult | { loginState: 'ERROR'; problem: Problem };

/** The silent sign-in (the hidden iframe that turns a SUCCESS into member tokens), as the store runs it. */
export interface SignInSlice {
  silent: 'idle' | 'running' | 'failed';
  /** Why the last silent sign-in failed: `silentFailed` (with the reason), `networkError` or `error`. */
  problem: Problem | null;
}

export interface SignInActions {
  /** Signs in with email and password; a SUCCESS runs the silent sign-in before it resolves. */
  login(input: { email: string; password: string }): Promise<SignInStep>;
  register(input: { email: string; password: string; profile?: IdentityProfile }): Promise<SignInStep>;
  /** Answers EMAIL_VERIFICATION_REQUIRED with the emailed code. */
  verifyEmail(code: string): Promise<SignInStep>;
  /** Sends the pending verification's code again; null when it is on its way. */
  resendCode(): Promise<Problem | null>;
  /** Emails a link back to this page to choose a new password; null when it is sent. */
  sendPasswordReset(email: string, language?: string): Promise<Problem | null>;
  /** Sets a new password with the emailed link's token, and signs in with it. */
  resetPassword(recoveryToken: string, password: string): Promise<SignInStep>;
  /** Sends the browser to the platform's hosted login page, back to this page; a Problem when it cannot. */
  startHostedLogin(): Promise<Problem | null>;
  /**
   * Turns a SUCCESS's session token into member tokens through the hidden iframe, and stores them. One at a
   * time: a call while one runs joins it. Its state is `signIn`; it rejects when it fails.
   */
  completeSignIn(sessionToken: string): Promise<void>;
  /** Stops a running silent sign-in, removing its iframe (the store going away). */
  cancelSignIn(): void;
}

const OFFLINE: Problem = { key: 'networkError' };

/**
 * The sign-in actions of the store. What they do is in `sign-in-flows.ts`, loaded with the sign-in code
 * (`src/auth/sign-in.ts`, the login state machine, the identity calls) by the first of them, so that
 * `loader.js` carries only these few lines.
 */
export function signInActions(ctx: SliceContext): { signIn: SignInSlice } & SignInActions {
  let flows: SignInFlows | undefined;
  const step = { loginState: 'ERROR', problem: OFFLINE };
  return {
    signIn: { silent: 'idle', problem: null },
    ...lazyActions(
      () => import('./sign-in-flows').then((module) => (flows = module.signInFlows(ctx))),
      [
        'login',
        'register',
        'verifyEmail',
        'resendCode',
        'sendPasswordReset',
        'resetPassword',
        'startHostedLogin',
        'completeSignIn',
      ],
      {
        login: step,
        register: step,
        verifyEmail: step,
        resetPassword: step,
        resendCode: OFFLINE,
        sendPasswordReset: OFFLINE,
        startHostedLogin: OFFLINE,
      },
    ),
    cancelSignIn: () => flows?.cancelSignIn(),
  };
}
