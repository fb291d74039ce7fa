import { createApiClient } from '../api/http';
import {
  changePassword as changePasswordCall,
  loginWithTokenParams as loginWithTokenParamsCall,
  type SignOnOptions,
  sendActivationEmail as sendActivationEmailCall,
  signOn,
  startVerification as startVerificationCall,
} from '../api/identity';
import { authorizedClientGrant } from '../api/oauth';
import { AuthError } from './errors';
import { handleState, type LoginResult } from './login-state';
import type { Session, Tokens } from './session';

/**
 * The account calls no sign-in form needs: a signed-in member's password change, activation and
 * verification emails, sign-in through an identity provider's token params, and member tokens for merchants'
 * servers. Apart from `createSignIn`, so the login
 * modal's code does not carry them.
 */
export function createAccountTools(
  session: Session,
  options: { apiBase?: string; fetch?: typeof fetch } = {},
) {
  return {
    /**
     * Signs in through an identity provider connection with its token params (e.g. an OIDC `id_token`); a
     * SUCCESS is completed like any other (`completeSignIn`). An EMAIL_VERIFICATION_REQUIRED is answered by
     * passing the result to `processVerification`.
     */
    loginWithTokenParams: async (
      idpConnectionId: string,
      tokenParams: Record<string, string>,
    ): Promise<LoginResult> =>
      handleState(await loginWithTokenParamsCall(session.client, idpConnectionId, tokenParams)),
    startVerification: (identityId: string) => startVerificationCall(session.client, identityId, 'EMAIL'),
    changePassword: (newPassword: string) => changePasswordCall(session.client, newPassword),
    sendActivationEmail: (identityId: string) => sendActivationEmailCall(session.client, identityId),

    /** Member tokens for a member id the merchant's server vouches for with its API key. */
    async getMemberTokensForExternalLogin(memberId: string, apiKey: string): Promise<Tokens> {
      const { accessToken } = await session.ensureTokens();
      return session.memberTokensFrom(
        await authorizedClientGrant(session.client, { memberId, accessToken: accessToken.value, apiKey }),
      );
    },

    /** Server-side sign-on by email, then member tokens for that identity. */
    async getMemberTokensForExternalLoginWithSession(
      email: string,
      apiKey: string,
      signOnOptions: SignOnOptions = {},
    ): Promise<Tokens> {
      const { accessToken } = await session.ensureTokens();
      const elevated = createApiClient({
        apiBase: options.apiBase ?? session.client.apiBase,
        ...(options.fetch ? { fetch: options.fetch } : {}),
        auth: { getAuthorization: () => `${accessToken.value},${apiKey}` },
      });
      const { sessionToken, identity } = await signOn(elevated, email, signOnOptions);
      if (!identity?.id) throw new AuthError('Sign-on returned no identity', { reason: 'sign_on_failed' });
      return session.memberTokensFrom(
        await authorizedClientGrant(session.client, {
          memberId: identity.id,
          accessToken: accessToken.value,
          apiKey,
          ...(sessionToken ? { sessionToken } : {}),
        }),
      );
    },
  };
}
