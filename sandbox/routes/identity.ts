import type { Context, Hono } from 'hono';
import { callerFromHeader, requireMember, resolveCaller } from '../auth';
import type { AppEnv, SandboxContext } from '../context';
import { emailKey, emailProblem } from '../email';
import { forbidden, notFound, validationError } from '../errors';
import { escapeHtml, hostedPage } from '../hosted';
import {
  authenticate,
  checkCaptcha,
  emailOf,
  findOrCreateMember,
  identityOf,
  loginEmailViolation,
  nextState,
  passwordViolation,
  proceed,
  recoverPassword,
  register,
  resend,
  SANDBOX_IDP_ID,
  sendRecoveryLink,
  sendVerificationCode,
  setPassword,
  verify,
} from '../identity';
import { verifySandboxIdToken } from '../idp';
import { readJsonBody } from '../json-body';

const AUTHN = '/_api/iam/authentication';
const RECOVERY = '/_api/iam/recovery';
const VERIFICATION = '/_api/iam/verification';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether a URL's origin is one a client allows (redirects never go anywhere else). */
export function allowedFor(ctx: SandboxContext, clientId: unknown, url: unknown): boolean {
  if (typeof clientId !== 'string' || typeof url !== 'string' || !URL.canParse(url)) return false;
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
  return ctx.clients.get(clientId)?.allowedOrigins.includes(parsed.origin) ?? false;
}

/** The authentication, recovery and verification services (SPEC.md 7, WIRE.md 7). */
export function registerIdentityRoutes(app: Hono<AppEnv>, ctx: SandboxContext): void {
  registerSignIn(app, ctx);
  registerSingleSignOn(app, ctx);
  registerIdentityLogout(app, ctx);
  registerRecovery(app, ctx);
  registerVerification(app, ctx);
}

/** Sign-in, registration, a password change and the sign-in's next step. */
function registerSignIn(app: Hono<AppEnv>, ctx: SandboxContext): void {
  // Sign-in and registration are made with the visitor's token (or a member's).
  const login = async (c: Context<AppEnv>) => {
    resolveCaller(c, ctx);
    const body = await readJsonBody(c);
    checkCaptcha(ctx, body.captchaTokens);
    const record = authenticate(ctx, emailOf(body), body.password);
    return c.json(nextState(ctx, record.memberId));
  };
  const registration = async (c: Context<AppEnv>) => {
    resolveCaller(c, ctx);
    return c.json(register(ctx, await readJsonBody(c)));
  };
  app.post(`${AUTHN}/v2/login`, login);
  app.post(`${AUTHN}/v1/login`, login);
  app.post(`${AUTHN}/v2/register`, registration);
  app.post(`${AUTHN}/v1/register`, registration);

  app.post(`${AUTHN}/v2/change-password`, async (c) => {
    const caller = requireMember(c, ctx);
    const body = await readJsonBody(c);
    const problem = passwordViolation(body.newPassword, 'newPassword');
    if (problem) throw validationError([problem]);
    const record = [...ctx.state.identities.values()].find((i) => i.memberId === caller.memberId);
    if (!record) throw notFound('Identity', '-19999');
    setPassword(ctx, record, body.newPassword as string);
    return c.json({});
  });

  app.post(`${AUTHN}/v1/state/proceed`, async (c) => {
    resolveCaller(c, ctx);
    return c.json(proceed(ctx, (await readJsonBody(c)).stateToken));
  });
}

/** Sign-in vouched for by someone else: the sandbox's identity provider, or the merchant's server. */
function registerSingleSignOn(app: Hono<AppEnv>, ctx: SandboxContext): void {
  // Single sign-on through the sandbox's identity provider: tokenParams.id_token is an HS256 JWS of
  // {email, name} signed with the provider's key (sandbox/idp.ts); an unsigned or forged one signs no one in.
  app.post(`${AUTHN}/v1/sso/login-with-token-params`, async (c) => {
    resolveCaller(c, ctx);
    const body = await readJsonBody(c);
    if (body.idpConnectionId !== SANDBOX_IDP_ID)
      throw notFound(
        `Identity provider connection ${String(body.idpConnectionId)}`,
        'IDP_CONNECTION_NOT_FOUND',
      );
    const params = isObject(body.tokenParams) ? body.tokenParams : {};
    const claims = verifySandboxIdToken(params.id_token, ctx.idpKey, Math.floor(ctx.now() / 1000));
    // A signed token is no excuse for an address registration would refuse: the same rule, no lookalikes.
    const problem = emailProblem(claims.email);
    if (problem) {
      throw validationError([
        {
          field: 'tokenParams.id_token',
          description: `must carry the email of the signed-in user: its "email" claim ${problem.description}`,
          violatedRule: 'FORMAT',
          data: { type: 'EMAIL' },
        },
      ]);
    }
    const memberId = findOrCreateMember(
      ctx,
      claims.email as string,
      typeof claims.name === 'string' ? { nickname: claims.name } : {},
    );
    // nextState refuses a blocked member as the password sign-in does.
    return c.json(nextState(ctx, memberId));
  });

  // Server-side sign-on: the merchant's server, with `<accessToken>,<apiKey>`.
  app.post(`${AUTHN}/v2/sign-on`, async (c) => {
    const caller = resolveCaller(c, ctx);
    if (caller.kind === 'merchant' || !caller.elevated)
      throw forbidden('Sign-on needs elevated permissions: send "<accessToken>,<apiKey>" in Authorization');
    const body = await readJsonBody(c);
    const email = emailOf(body);
    const violation = loginEmailViolation(email);
    if (violation) throw validationError([violation]);
    const memberId = findOrCreateMember(ctx, email as string, isObject(body.profile) ? body.profile : {});
    // nextState refuses a blocked member as the password sign-in does.
    const next = nextState(ctx, memberId);
    return c.json({
      ...(next.sessionToken ? { sessionToken: next.sessionToken } : {}),
      identity: identityOf(ctx, memberId),
    });
  });
}

/** The identity logout page: ends the platform's session and goes back to an allowed address. */
function registerIdentityLogout(app: Hono<AppEnv>, ctx: SandboxContext): void {
  app.get(`${AUTHN}/v1/logout`, (c) => {
    const back = c.req.query('postLogoutRedirectUri');
    const clientId = c.req.query('clientId');
    if (!allowedFor(ctx, clientId, back)) {
      return c.html(
        hostedPage(
          'Sign-out',
          `<h1>Sign-out refused</h1><p class="error" role="alert">The return address ${escapeHtml(back)} is not an allowed origin of OAuth client ${escapeHtml(clientId)}.</p>`,
        ),
        400,
      );
    }
    return c.redirect(back as string, 302);
  });
}

/** Password recovery: the emails with a reset link, the reset itself, and the platform's own reset page. */
function registerRecovery(app: Hono<AppEnv>, ctx: SandboxContext): void {
  app.post(`${RECOVERY}/v1/send-email`, async (c) => {
    resolveCaller(c, ctx);
    const body = await readJsonBody(c);
    const violation = loginEmailViolation(body.email, 'email');
    if (violation) throw validationError([violation]);
    const redirect = isObject(body.redirect) ? body.redirect : undefined;
    if (redirect && !allowedFor(ctx, redirect.clientId, redirect.url)) {
      throw validationError([
        {
          field: 'redirect.url',
          description: "must be on one of the OAuth client's allowed origins",
          violatedRule: 'VALIDATION',
        },
      ]);
    }
    const record = ctx.state.identities.get(emailKey(body.email as string));
    // The answer is the same whether or not the email is known, so emails cannot be probed.
    if (record) sendRecoveryLink(ctx, record.memberId, (t) => recoveryLinkOf(ctx, t, redirect), 'recovery');
    return c.json({});
  });

  app.post(`${RECOVERY}/v1/activation-email`, async (c) => {
    const caller = resolveCaller(c, ctx);
    if (caller.kind !== 'merchant' && !(caller.kind !== 'visitor' && caller.elevated)) {
      throw forbidden('Activation emails are sent by the site owner: call with the API key');
    }
    const body = await readJsonBody(c);
    if (typeof body.identityId !== 'string' || !ctx.state.members.has(body.identityId)) {
      throw notFound(`Identity ${String(body.identityId)}`, '-19999');
    }
    sendRecoveryLink(ctx, body.identityId, (t) => recoveryLinkOf(ctx, t), 'activation');
    return c.json({});
  });

  app.post(`${RECOVERY}/v1/recover`, async (c) => {
    const body = await readJsonBody(c);
    if (c.req.header('authorization')) callerFromHeader(c.req.header('authorization'), ctx);
    return c.json(recoverPassword(ctx, body.recoveryToken, body.password));
  });

  // The platform's own reset page, for links sent without a site address.
  app.get('/_hosted/reset-password', (c) => c.html(resetPage(c.req.query('token') ?? '')));
  app.post('/_hosted/reset-password', async (c) => {
    const form = await c.req.parseBody();
    const recoveryToken = typeof form.token === 'string' ? form.token : '';
    try {
      recoverPassword(ctx, recoveryToken, form.password);
    } catch (error) {
      return c.html(resetPage(recoveryToken, (error as Error).message), 400);
    }
    return c.html(
      hostedPage('Password changed', '<h1>Your password is changed</h1><p>You can now sign in with it.</p>'),
    );
  });
}

/** A reset link: to the site's page the request named (checked allowed), else to the platform's own page. */
function recoveryLinkOf(
  ctx: SandboxContext,
  recoveryToken: string,
  redirect?: Record<string, unknown>,
): string {
  if (!redirect) return `${ctx.publicUrl}/_hosted/reset-password?token=${encodeURIComponent(recoveryToken)}`;
  const url = new URL(redirect.url as string);
  url.searchParams.set('recoveryToken', recoveryToken);
  return url.href;
}

/** Email verification: start (either spelling the clients use), verify the code, send it again. */
function registerVerification(app: Hono<AppEnv>, ctx: SandboxContext): void {
  const start = async (c: Context<AppEnv>) => {
    resolveCaller(c, ctx);
    const body = await readJsonBody(c);
    if (typeof body.identityId !== 'string' || !ctx.state.members.has(body.identityId)) {
      throw notFound(`Identity ${String(body.identityId)}`, '-19999');
    }
    if (body.target !== undefined && body.target !== 'EMAIL') {
      throw validationError([
        { field: 'target', description: 'must be EMAIL', violatedRule: 'INVALID_ENUM_VALUE' },
      ]);
    }
    const stateToken = `JWS.state.verify.${crypto.randomUUID()}`;
    ctx.state.pendingStates.set(stateToken, { memberId: body.identityId, kind: 'email', attempts: 0 });
    sendVerificationCode(ctx, stateToken);
    return c.json({ verificationId: stateToken });
  };
  app.post(`${VERIFICATION}/v1/start`, start);
  app.post(`${VERIFICATION}/v1/Start`, start);

  app.post(`${VERIFICATION}/v1/auth/verify`, async (c) => {
    resolveCaller(c, ctx);
    const body = await readJsonBody(c);
    return c.json(verify(ctx, body.code, body.stateToken));
  });

  app.post(`${VERIFICATION}/v1/auth/resend`, async (c) => {
    resolveCaller(c, ctx);
    resend(ctx, (await readJsonBody(c)).stateToken);
    return c.json({});
  });
}

function resetPage(recoveryToken: string, error?: string): string {
  return hostedPage(
    'Choose a new password',
    `<h1>Choose a new password</h1>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/_hosted/reset-password">
<input type="hidden" name="token" value="${escapeHtml(recoveryToken)}">
<label for="password">New password</label>
<input id="password" name="password" type="password" autocomplete="new-password" minlength="6" required>
<button type="submit">Save password</button>
</form>`,
  );
}
