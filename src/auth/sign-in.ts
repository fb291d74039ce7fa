import { isApiError } from '../api/errors';
import {
  type LoginRequest,
  loginV2,
  proceedToNextState,
  recover,
  registerV2,
  resendDuringAuthentication,
  sendRecoveryEmail,
  verifyDuringAuthentication,
} from '../api/identity';
import type { CaptchaToken, IdentityProfile } from '../api/types/identity';
import { AuthError } from './errors';
import { authorizeUrl, exchange } from './hosted';
import { handleState, type LoginResult, loginFailure, registerFailure, stepFailure } from './login-state';
import { createOAuthData, type OAuthData, type RandomBytes } from './pkce';
import type { Session, Tokens } from './session';
import { type FrameWindow, runSilentSignIn } from './silent';

/** Asks the site's captcha for tokens before a sign-in or registration (WIRE.md 7). */
export interface CaptchaProvider {
  getTokens(
    action: 'login' | 'register',
  ): Promise<{ recaptchaToken?: string; invisibleRecaptchaToken?: string }>;
}

export interface SignInOptions {
  /** The window that hosts the silent sign-in iframe. */
  win?: FrameWindow;
  captcha?: CaptchaProvider;
  randomBytes?: RandomBytes;
  /** Silent sign-in timeout; 120000 ms (SPEC.md 9). */
  silentTimeoutMs?: number;
}

/** The captcha tokens to send with a login or a registration. */
type CaptchaTokensFor = (
  action: 'login' | 'register',
  given?: CaptchaToken[],
) => Promise<CaptchaToken[] | undefined>;

/**
 * Every way to sign in, for a session: the login state machine (login, register, verification, approval),
 * recovery, the silent sign-in that turns a SUCCESS into member tokens, and the hosted login page. Kept apart
 * from the session so that pages load it only when someone signs in.
 */
export function createSignIn(session: Session, options: SignInOptions = {}) {
  /** The captcha tokens to send: the caller's, else the site's captcha's (when it has one), else none. */
  const captchaTokens: CaptchaTokensFor = async (action, given) => {
    if (given?.length) return given;
    if (!options.captcha) return undefined;
    const { recaptchaToken, invisibleRecaptchaToken } = await options.captcha.getTokens(action);
    const token: CaptchaToken = {
      ...(recaptchaToken ? { Recaptcha: recaptchaToken } : {}),
      ...(invisibleRecaptchaToken ? { InvisibleRecaptcha: invisibleRecaptchaToken } : {}),
    };
    return Object.keys(token).length ? [token] : undefined;
  };

  // (Made before the object rather than spread in place: the minifier then inlines both, 8 B gzip less.)
  const direct = directSignIn(session, captchaTokens);
  const redirects = redirectSignIn(session, options);
  return {
    ...direct,
    sendPasswordResetEmail: (email: string, redirectUri: string, language?: string) =>
      sendRecoveryEmail(session.client, email, {
        ...(language ? { language } : {}),
        redirect: { url: redirectUri, clientId: session.clientId },
      }),
    /** Sets a new password with the emailed recovery token. */
    async recoverPassword(recoveryToken: string, password: string): Promise<LoginResult> {
      try {
        return handleState(await recover(session.client, recoveryToken, password));
      } catch (error) {
        if (!isApiError(error)) throw error;
        return stepFailure(error);
      }
    },

    ...redirects,
  };
}

export type SignIn = ReturnType<typeof createSignIn>;

/**
 * The login state machine (WIRE.md 7): login and registration, and the steps that may follow them. It keeps
 * the pending email verification, for `processVerification` without a state and for `resendVerificationCode`.
 */
function directSignIn(session: Session, captchaTokens: CaptchaTokensFor) {
  let pendingVerification: { stateToken: string } | undefined;

  function remember(result: LoginResult): LoginResult {
    pendingVerification =
      result.loginState === 'EMAIL_VERIFICATION_REQUIRED'
        ? { stateToken: result.data.stateToken }
        : undefined;
    return result;
  }

  return {
    /** Signs in with email and password. On SUCCESS, call `completeSignIn(sessionToken)`. */
    async login(params: LoginRequest): Promise<LoginResult> {
      try {
        const tokens = await captchaTokens('login', params.captchaTokens);
        const { email, password } = params;
        return remember(
          handleState(await loginV2(session.client, { email, password, captchaTokens: tokens })),
        );
      } catch (error) {
        if (!isApiError(error)) throw error;
        return remember(loginFailure(error));
      }
    },

    async register(params: LoginRequest & { profile?: IdentityProfile }): Promise<LoginResult> {
      try {
        const tokens = await captchaTokens('register', params.captchaTokens);
        const { email, password, profile } = params;
        const res = await registerV2(session.client, { email, password, profile, captchaTokens: tokens });
        return remember(handleState(res));
      } catch (error) {
        if (!isApiError(error)) throw error;
        return remember(registerFailure(error));
      }
    },

    /**
     * Answers EMAIL_VERIFICATION_REQUIRED with the emailed code; from any other state it is a FAILURE
     * `Unknown _state`. A wrong code keeps the verification pending, so the member can try again.
     */
    async processVerification(
      inputs: { verificationCode?: string; code?: string },
      state?: LoginResult,
    ): Promise<LoginResult> {
      const stateToken =
        state !== undefined
          ? state.loginState === 'EMAIL_VERIFICATION_REQUIRED'
            ? state.data.stateToken
            : undefined
          : pendingVerification?.stateToken;
      if (!stateToken) return { loginState: 'FAILURE', error: 'Unknown _state' };
      const code = inputs.verificationCode ?? inputs.code ?? '';
      try {
        return remember(handleState(await verifyDuringAuthentication(session.client, code, stateToken)));
      } catch (error) {
        if (!isApiError(error)) throw error;
        return stepFailure(error);
      }
    },

    /** Sends the verification code of the pending sign-in again. */
    async resendVerificationCode(): Promise<void> {
      if (!pendingVerification) throw new AuthError('Unknown _state', { reason: 'no_pending_verification' });
      await resendDuringAuthentication(session.client, pendingVerification.stateToken);
    },

    /** Continues a pending sign-in (e.g. after the owner approved it). */
    proceed: async (stateToken: string) =>
      remember(handleState(await proceedToNextState(session.client, stateToken))),
  };
}

/** The sign-ins through the platform's authorize page (WIRE.md 8–9): in a hidden iframe, or hosted. */
function redirectSignIn(session: Session, options: SignInOptions) {
  return {
    /**
     * Turns a SUCCESS session token into member tokens through the hidden silent sign-in iframe
     * (`prompt: none`, `web_message`), and stores them. An aborted `signal` removes the iframe and rejects.
     */
    async completeSignIn(sessionToken: string, run: { signal?: AbortSignal } = {}): Promise<Tokens> {
      if (!options.win) throw new AuthError('Silent sign-in needs a window', { reason: 'no_window' });
      const data = await createOAuthData({ randomBytes: options.randomBytes });
      const redirectSession = await authorizeUrl(session, data, 'web_message', 'none', { sessionToken });
      const answer = await runSilentSignIn({
        win: options.win,
        url: redirectSession.fullUrl,
        state: data.state,
        ...(options.silentTimeoutMs ? { timeoutMs: options.silentTimeoutMs } : {}),
        signal: run.signal,
      });
      return session.signInWith(await exchange(session, answer.code, answer.state, data));
    },

    /**
     * The platform's hosted login page for this site. The verifier and state wait in `transactions` for the
     * redirect back to `redirectUri`, which `finishRedirect` (`auth/redirect-back.ts`) completes.
     */
    async getAuthUrl(params: {
      redirectUri: string;
      originalUri?: string;
      responseMode?: 'fragment' | 'query';
      prompt?: 'login' | 'none';
    }): Promise<{ authUrl: string; oauthData: OAuthData }> {
      const responseMode = params.responseMode ?? 'fragment';
      const data: OAuthData = {
        ...(await createOAuthData({
          redirectUri: params.redirectUri,
          originalUri: params.originalUri,
          randomBytes: options.randomBytes,
        })),
        responseMode,
      };
      const redirectSession = await authorizeUrl(session, data, responseMode, params.prompt ?? 'login');
      session.saveTransaction(data);
      return { authUrl: redirectSession.fullUrl, oauthData: data };
    },
  };
}
