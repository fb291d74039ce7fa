import { loadOnce } from '../chunks';
import { lazyActions } from './lazy-actions';
import type { SignInFlows } from './sign-in-flows';
import type { Problem, SignInActions, SignInSlice, SliceContext } from './types';

const OFFLINE: Problem = { key: 'networkError' };

/**
 * The sign-in actions of the store. What they do is in `sign-in-flows.ts`, a chunk of its own with the sign-in
 * code (`src/auth/sign-in.ts`, the login state machine, the silent sign-in, the identity calls), downloaded by
 * the first of them or the login modal's first keystroke (`prepareSignIn`): a shopper who never signs in never
 * downloads it, and `loader.js` carries only these few lines.
 */
export function signInActions(ctx: SliceContext): { signIn: SignInSlice } & SignInActions {
  let flows: SignInFlows | undefined;
  const step = { loginState: 'ERROR', problem: OFFLINE };
  const load = loadOnce(() => import('./sign-in-flows').then((module) => (flows = module.signInFlows(ctx))));
  // What each step answers when its code cannot be downloaded (a sign-in's last turn rejects instead).
  const offline = {
    login: step,
    register: step,
    verifyEmail: step,
    resetPassword: step,
    resendCode: OFFLINE,
    sendPasswordReset: OFFLINE,
    startHostedLogin: OFFLINE,
  };
  const names = Object.keys(offline) as (keyof typeof offline)[];
  return {
    signIn: { silent: 'idle', problem: null },
    prepareSignIn: () => void load().catch(() => {}),
    ...lazyActions(load, [...names, 'completeSignIn'], offline),
    cancelSignIn: () => flows?.cancelSignIn(),
  };
}
