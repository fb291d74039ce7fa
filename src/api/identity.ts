import type { ApiClient } from './http';
import type { CaptchaToken, Identity, IdentityProfile, StateMachineResponse } from './types/identity';

const AUTHN = '/_api/iam/authentication';
const RECOVERY = '/_api/iam/recovery';
const VERIFICATION = '/_api/iam/verification';

const post = <T>(client: ApiClient, path: string, body: unknown) =>
  client.request<T>({ method: 'POST', path, body });

// ——— Authentication service (SPEC.md 7, WIRE.md 7) ———

export interface LoginRequest {
  email: string;
  password: string;
  captchaTokens?: CaptchaToken[];
}

/** Signs in with a login email and password; answers the sign-in state machine. */
export const loginV2 = (client: ApiClient, { email, password, captchaTokens }: LoginRequest) =>
  post<StateMachineResponse>(client, `${AUTHN}/v2/login`, {
    loginId: { email },
    password,
    ...(captchaTokens?.length ? { captchaTokens } : {}),
  });

export interface RegisterRequest extends LoginRequest {
  profile?: IdentityProfile;
  clientMetaData?: Record<string, unknown>;
}

/** Registers a new member; answers the state machine (verification or approval may follow). */
export const registerV2 = (
  client: ApiClient,
  { email, password, profile, captchaTokens, clientMetaData }: RegisterRequest,
) =>
  post<StateMachineResponse>(client, `${AUTHN}/v2/register`, {
    loginId: { email },
    password,
    ...(profile ? { profile } : {}),
    ...(captchaTokens?.length ? { captchaTokens } : {}),
    ...(clientMetaData ? { clientMetaData } : {}),
  });

/** The older login call. */
export const loginV1 = (client: ApiClient, { email, password, captchaTokens }: LoginRequest) =>
  post<StateMachineResponse>(client, `${AUTHN}/v1/login`, {
    email,
    password,
    ...(captchaTokens?.length ? { captchaTokens } : {}),
  });

/** The older registration call. */
export const registerV1 = (client: ApiClient, { email, password, profile, captchaTokens }: RegisterRequest) =>
  post<StateMachineResponse>(client, `${AUTHN}/v1/register`, {
    email,
    password,
    ...(profile ? { profile } : {}),
    ...(captchaTokens?.length ? { captchaTokens } : {}),
  });

/** Changes the signed-in member's password. */
export const changePassword = (client: ApiClient, newPassword: string) =>
  post<Record<string, never>>(client, `${AUTHN}/v2/change-password`, { newPassword });

/** Signs in through a configured identity provider with its token parameters. */
export const loginWithTokenParams = (
  client: ApiClient,
  idpConnectionId: string,
  tokenParams: Record<string, string>,
) =>
  post<StateMachineResponse>(client, `${AUTHN}/v1/sso/login-with-token-params`, {
    idpConnectionId,
    tokenParams,
  });

/** Moves a pending sign-in on (after owner approval, for example). */
export const proceedToNextState = (client: ApiClient, stateToken: string) =>
  post<StateMachineResponse>(client, `${AUTHN}/v1/state/proceed`, { stateToken });

export interface SignOnOptions {
  profile?: IdentityProfile;
  verifyEmail?: boolean;
  mergeExistingContact?: boolean;
}

/**
 * Server-side sign-on of a member the merchant's own system already authenticated (needs the elevated
 * `<accessToken>,<apiKey>` authorization); follow with the authorized_client grant.
 */
export const signOn = (client: ApiClient, email: string, options: SignOnOptions = {}) =>
  post<{ sessionToken?: string; identity?: Identity }>(client, `${AUTHN}/v2/sign-on`, {
    loginId: { email },
    ...options,
  });

/** The identity service's logout page: a browser goes there to end the platform's own session. */
export function identityLogoutUrl(
  apiBase: string,
  options: { postLogoutRedirectUri: string; clientId: string },
): string {
  const params = new URLSearchParams({
    postLogoutRedirectUri: options.postLogoutRedirectUri,
    clientId: options.clientId,
  });
  return `${apiBase.replace(/\/+$/, '')}${AUTHN}/v1/logout?${params}`;
}

// ——— Recovery service ———

/** Emails a password-reset link that leads to `redirect.url` with a recovery token. */
export const sendRecoveryEmail = (
  client: ApiClient,
  email: string,
  options: { language?: string; redirect?: { url: string; clientId: string } } = {},
) => post<Record<string, never>>(client, `${RECOVERY}/v1/send-email`, { email, ...options });

export const sendActivationEmail = (
  client: ApiClient,
  identityId: string,
  emailOptions: Record<string, unknown> = {},
) => post<Record<string, never>>(client, `${RECOVERY}/v1/activation-email`, { identityId, emailOptions });

/** Sets a new password with the token from the recovery email. */
export const recover = (client: ApiClient, recoveryToken: string, password: string) =>
  post<StateMachineResponse>(client, `${RECOVERY}/v1/recover`, { recoveryToken, password });

// ——— Verification service ———

/** Sends a verification code to the identity's email. */
export const startVerification = (client: ApiClient, identityId: string, target: 'EMAIL' = 'EMAIL') =>
  post<{ verificationId?: string }>(client, `${VERIFICATION}/v1/start`, { identityId, target });

/** Answers REQUIRE_EMAIL_VERIFICATION with the code from the email. */
export const verifyDuringAuthentication = (client: ApiClient, code: string, stateToken: string) =>
  post<StateMachineResponse>(client, `${VERIFICATION}/v1/auth/verify`, { code, stateToken });

/** Sends the verification code of a pending sign-in again. */
export const resendDuringAuthentication = (client: ApiClient, stateToken: string) =>
  post<Record<string, never>>(client, `${VERIFICATION}/v1/auth/resend`, { stateToken });
