import type { Context } from 'hono';
import type { AppEnv, SandboxContext } from '../context';
import { PlatformError } from '../errors';
import { escapeHtml, hostedPage } from '../hosted';
import {
  authenticate,
  checkCaptcha,
  issueAuthCode,
  nextState,
  SANDBOX_CAPTCHA_TOKEN,
  sessionMember,
  verify,
} from '../identity';
import { allowedFor } from './identity';

/** The authorize request's parameters, from the query string (GET) or the login form (POST). */
type Params = Record<string, string>;

const AUTH_FIELDS = [
  'clientId',
  'redirectUri',
  'responseType',
  'responseMode',
  'scope',
  'state',
  'codeChallenge',
  'codeChallengeMethod',
  'prompt',
  'redirectSessionId',
];

function errorPage(c: Context<AppEnv>, message: string) {
  return c.html(
    hostedPage(
      'Sign-in error',
      `<h1>Sign-in cannot continue</h1><p class="error" role="alert">${escapeHtml(message)}</p>`,
    ),
    400,
  );
}

/** Sends the answer back to the site: a redirect (fragment or query) or a message to the embedding window. */
function deliver(c: Context<AppEnv>, params: Params, answer: Record<string, string>, embedder?: string) {
  const data = { ...answer, state: params.state ?? '' };
  if (params.responseMode === 'web_message') return messagePage(c, data, embedder ?? '*');
  const url = new URL(params.redirectUri as string);
  const encoded = new URLSearchParams(data).toString();
  if (params.responseMode === 'query') {
    for (const [key, value] of Object.entries(data)) url.searchParams.set(key, value);
  } else url.hash = encoded;
  return c.redirect(url.href, 302);
}

/**
 * The page loaded in the silent sign-in iframe: it posts the answer to the site's window and only to its
 * origin, and may be framed only by that origin.
 */
function messagePage(c: Context<AppEnv>, data: Record<string, unknown>, targetOrigin: string) {
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  const target = JSON.stringify(targetOrigin).replace(/</g, '\\u003c');
  const html = `<!doctype html><html><head><meta charset="utf-8"><title>Signing in…</title></head><body><script>window.parent.postMessage(${json}, ${target});</script></body></html>`;
  return c.html(
    html,
    200,
    targetOrigin === '*' ? {} : { 'Content-Security-Policy': `frame-ancestors ${targetOrigin}` },
  );
}

/** Where the iframe is embedded: the origin of the page that loaded it (Referer), if any. */
function embedderOrigin(c: Context<AppEnv>): string | undefined {
  const referer = c.req.header('referer');
  if (!referer || !URL.canParse(referer)) return undefined;
  return new URL(referer).origin;
}

function hiddenFields(params: Params): string {
  return AUTH_FIELDS.filter((f) => params[f] !== undefined)
    .map((f) => `<input type="hidden" name="${f}" value="${escapeHtml(params[f])}">`)
    .join('');
}

function loginForm(ctx: SandboxContext, params: Params, error?: string, email = ''): string {
  const cancel = new URL(params.redirectUri as string);
  const cancelData = {
    error: 'access_denied',
    error_description: 'The sign-in was cancelled',
    state: params.state ?? '',
  };
  if (params.responseMode === 'query')
    for (const [k, v] of Object.entries(cancelData)) cancel.searchParams.set(k, v);
  else cancel.hash = new URLSearchParams(cancelData).toString();
  return hostedPage(
    `Sign in to ${ctx.state.store.name}`,
    `<h1>Sign in to ${escapeHtml(ctx.state.store.name)}</h1>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/oauth2/authorize">
${hiddenFields(params)}<input type="hidden" name="step" value="login">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(email)}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
${ctx.settings.captcha ? `<label><input type="checkbox" name="captcha" value="${SANDBOX_CAPTCHA_TOKEN}" style="width:auto"> I am not a robot</label>` : ''}
<button type="submit">Sign in</button><a class="button secondary" href="${escapeHtml(cancel.href)}">Cancel</a>
</form>`,
  );
}

function codeForm(_ctx: SandboxContext, params: Params, stateToken: string, error?: string): string {
  return hostedPage(
    'Enter your code',
    `<h1>Check your email</h1><p>We sent a 6-digit code to your email address.</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/oauth2/authorize">
${hiddenFields(params)}<input type="hidden" name="step" value="verify"><input type="hidden" name="stateToken" value="${escapeHtml(stateToken)}">
<label for="code">Code</label>
<input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" required>
<button type="submit">Verify</button>
</form>`,
  );
}

/**
 * `GET /oauth2/authorize` (and the login form's POST): validates the client, its redirect URI or the
 * embedding origin, then signs the member in (a form for `prompt=login`, the session token for
 * `prompt=none`) and answers with an authorization code.
 */
export function renderAuthorize(c: Context<AppEnv>, ctx: SandboxContext, params: Params, submitted = false) {
  const checked = checkAuthorizeRequest(c, ctx, params);
  if (checked instanceof Response) return checked;
  const { clientId, embedder } = checked;
  const success = (memberId: string, sessionToken: string | undefined) =>
    deliver(c, params, { code: codeFor(ctx, params, clientId, memberId, sessionToken) }, embedder);

  if (params.prompt === 'none') {
    const memberId = sessionMember(ctx, params.sessionToken);
    if (!memberId)
      return deliver(
        c,
        params,
        { error: 'login_required', error_description: 'The sign-in session has expired: sign in again' },
        embedder,
      );
    return success(memberId, params.sessionToken);
  }
  if (params.responseMode === 'web_message')
    return deliver(
      c,
      params,
      { error: 'interaction_required', error_description: 'web_message needs prompt=none' },
      embedder,
    );
  if (!submitted) return c.html(loginForm(ctx, params));
  return signInWithForm(c, ctx, params, success);
}

/**
 * The request's client, response type, PKCE, state and mode, and where the answer may go: the embedding
 * origin (`web_message`) or the redirect URI, each one the client allows. Answers the refusal page, or the
 * client and embedder to go on with.
 */
function checkAuthorizeRequest(
  c: Context<AppEnv>,
  ctx: SandboxContext,
  params: Params,
): Response | { clientId: string; embedder?: string } {
  const client = params.clientId ? ctx.clients.get(params.clientId) : undefined;
  if (!client) return errorPage(c, `Unknown OAuth client "${params.clientId ?? ''}"`);
  if (params.responseType !== 'code') return errorPage(c, 'responseType must be code');
  if (params.codeChallengeMethod !== 'S256' || !params.codeChallenge)
    return errorPage(c, 'A PKCE code challenge with method S256 is required');
  if (!params.state) return errorPage(c, 'state is required');
  const mode = params.responseMode;
  if (mode !== 'fragment' && mode !== 'query' && mode !== 'web_message')
    return errorPage(c, 'responseMode must be fragment, query or web_message');

  if (mode !== 'web_message') {
    // Never redirect to an address the client does not allow.
    if (allowedFor(ctx, client.id, params.redirectUri)) return { clientId: client.id };
    return errorPage(
      c,
      `The redirect address ${params.redirectUri ?? '(none)'} is not an allowed origin of OAuth client "${client.id}"`,
    );
  }
  const embedder = embedderOrigin(c);
  if (!embedder) {
    return messagePage(
      c,
      {
        state: params.state,
        error: 'origin_unknown',
        error_description:
          'The platform could not tell which site asked: do not send this page a no-referrer policy',
      },
      '*',
    );
  }
  if (!client.allowedOrigins.includes(embedder)) {
    return messagePage(
      c,
      {
        state: params.state,
        error: 'redirect_uri_not_allowed',
        rejectedOrigin: embedder,
        metaSiteId: ctx.state.store.siteId,
      },
      embedder,
    );
  }
  return { clientId: client.id, embedder };
}

/** An authorization code for the member, bound to the client, redirect URI, PKCE challenge and visitor. */
function codeFor(
  ctx: SandboxContext,
  params: Params,
  clientId: string,
  memberId: string,
  sessionToken: string | undefined,
): string {
  // The visitor of the redirect session that led here, whose cart the member's then takes in.
  const owner = params.redirectSessionId
    ? ctx.state.redirectSessions.get(params.redirectSessionId)?.owner
    : undefined;
  const visitorId = owner?.startsWith('visitor:') ? owner.slice('visitor:'.length) : undefined;
  return issueAuthCode(ctx, {
    memberId,
    clientId,
    ...(params.responseMode !== 'web_message' && params.redirectUri
      ? { redirectUri: params.redirectUri }
      : {}),
    codeChallenge: params.codeChallenge as string,
    ...(visitorId ? { visitorId } : {}),
    ...(sessionToken ? { sessionToken } : {}),
  });
}

/** The login form's POST (or its emailed code's): sign in, then the next step, or the form again with why. */
function signInWithForm(
  c: Context<AppEnv>,
  ctx: SandboxContext,
  params: Params,
  success: (memberId: string, sessionToken: string | undefined) => Response,
) {
  try {
    let response: ReturnType<typeof verify>;
    if (params.step === 'verify') response = verify(ctx, params.code, params.stateToken);
    else {
      checkCaptcha(ctx, params.captcha ? [{ Recaptcha: params.captcha }] : []);
      response = nextState(ctx, authenticate(ctx, params.email, params.password).memberId);
    }
    if (response.state === 'REQUIRE_EMAIL_VERIFICATION' && response.stateToken)
      return c.html(codeForm(ctx, params, response.stateToken));
    if (response.state === 'REQUIRE_OWNER_APPROVAL') {
      return c.html(
        hostedPage(
          'Waiting for approval',
          `<h1>Almost there</h1><p>The site owner must approve your membership. You will get an email when they do.</p>`,
        ),
      );
    }
    const memberId = response.identity?.id;
    if (response.state === 'SUCCESS' && memberId) return success(memberId, response.sessionToken);
    return errorPage(c, 'Sign-in could not be completed');
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    if (params.step === 'verify')
      return c.html(codeForm(ctx, params, params.stateToken ?? '', error.message), 400);
    return c.html(loginForm(ctx, params, error.message, params.email ?? ''), error.status as 400);
  }
}
