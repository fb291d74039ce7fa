import { randomBytes, randomUUID } from 'node:crypto';
import type { Context, Hono } from 'hono';
import type { FieldViolation } from '../../src/api/types/errors';
import { type Caller, resolveCaller } from '../auth';
import { estimateTotals, placeOrder } from '../cart';
import type { AppEnv, SandboxContext, SiteUrls } from '../context';
import { applicationError, notFound, PlatformError, validationError } from '../errors';
import { escapeHtml, hostedPage } from '../hosted';
import { readJsonBody } from '../json-body';
import type { StoredRedirectSession } from '../state';
import { MEMBERS_ACCOUNT_SECTIONS, REDIRECT_INTENTS } from '../wire';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const CALLBACK_FIELDS = [
  'postFlowUrl',
  'thankYouPageUrl',
  'cartPageUrl',
  'loginUrl',
  'bookingsServiceListUrl',
  'planListUrl',
];

/** Where each intent's hosted page lives on the sandbox. */
const PAGE_OF: Record<string, string> = {
  ecomCheckout: 'checkout',
  login: 'login',
  logout: 'logout',
  bookingsCheckout: 'bookings-checkout',
  eventsCheckout: 'events-checkout',
  paidPlansCheckout: 'plans-checkout',
  storesProduct: 'product',
  bookingsBook: 'book',
  ecomOrderPaymentRequest: 'payment-request',
  membersAccount: 'account',
};

/** What a sign-out with this Authorization ends: its refresh token and the sign-in session it came from. */
function signInOf(
  ctx: SandboxContext,
  authorization: string | undefined,
): { refreshToken?: string; sessionToken?: string } {
  const token = authorization?.split(',')[0]?.trim();
  const refreshToken = token ? ctx.tokens.refreshTokenOf(token) : undefined;
  const sessionToken = token ? ctx.tokens.sessionTokenOf(token) : undefined;
  return { ...(refreshToken ? { refreshToken } : {}), ...(sessionToken ? { sessionToken } : {}) };
}

/**
 * The origins a redirect session's callbacks may lead to, and whose they are (for the error). A visitor's or
 * member's token names its OAuth client: that client's allowed origins. The API key (a merchant's server)
 * names no client: any origin of any OAuth client registered for the site. A logout goes back only to an
 * origin of the client it signs out of, whoever asks.
 */
function callbackOrigins(
  ctx: SandboxContext,
  clientId: string | undefined,
  intent: string,
  params: unknown,
): { origins: string[]; whose: string } {
  let origins = clientId
    ? (ctx.clients.get(clientId)?.allowedOrigins ?? [])
    : [...new Set([...ctx.clients.values()].flatMap((client) => client.allowedOrigins))];
  let whose = clientId ? `OAuth client "${clientId}"` : 'every OAuth client of the site';
  const target = intent === 'logout' && isObject(params) ? params.clientId : undefined;
  const signedOutOf = typeof target === 'string' ? ctx.clients.get(target) : undefined;
  if (signedOutOf) {
    origins = origins.filter((origin) => signedOutOf.allowedOrigins.includes(origin));
    whose = `OAuth client "${signedOutOf.id}"`;
  }
  return { origins, whose };
}

/** Checks one intent's parameters; returns the violations. */
function checkIntent(
  ctx: SandboxContext,
  intent: string,
  params: Record<string, unknown>,
  caller: Caller,
): FieldViolation[] {
  const violations: FieldViolation[] = [];
  const required = requiredParam(intent, params, violations);
  switch (intent) {
    case 'ecomCheckout':
      if (required('checkoutId')) checkCheckoutOwner(ctx, params.checkoutId as string, caller);
      break;
    case 'logout':
      if (required('clientId') && !ctx.clients.has(params.clientId as string)) {
        violations.push({
          field: 'logout.clientId',
          description: 'is not a known OAuth client',
          violatedRule: 'VALIDATION',
        });
      }
      break;
    case 'storesProduct':
      if (
        required('productSlug') &&
        ![...ctx.state.products.values()].some((p) => p.slug === params.productSlug)
      ) {
        throw notFound(`Product with slug "${String(params.productSlug)}"`, 'PRODUCT_NOT_FOUND');
      }
      break;
    case 'eventsCheckout':
      required('reservationId');
      required('eventSlug');
      break;
    case 'paidPlansCheckout':
      required('planId');
      break;
    case 'bookingsBook':
      required('resourceId');
      break;
    case 'ecomOrderPaymentRequest':
      required('paymentRequestId');
      break;
    case 'membersAccount':
      if (!MEMBERS_ACCOUNT_SECTIONS.some((section) => section === params.section)) {
        violations.push({
          field: 'membersAccount.section',
          description: `must be one of ${MEMBERS_ACCOUNT_SECTIONS.join(', ')}`,
          violatedRule: 'INVALID_ENUM_VALUE',
        });
      }
      break;
    case 'auth':
      checkAuthRequest(ctx, params.authRequest, violations);
      break;
    default:
      break;
  }
  return violations;
}

/** A check that a text parameter of the intent is there, recording the violation when it is not. */
function requiredParam(intent: string, params: Record<string, unknown>, violations: FieldViolation[]) {
  return (field: string): boolean => {
    if (typeof params[field] !== 'string' || !params[field]) {
      violations.push({
        field: `${intent}.${field}`,
        description: 'is required',
        violatedRule: 'REQUIRED_FIELD',
      });
      return false;
    }
    return true;
  };
}

/** The checkout must exist and, for a visitor or member, be theirs: another's is as unknown as a missing one. */
function checkCheckoutOwner(ctx: SandboxContext, checkoutId: string, caller: Caller): void {
  const checkout = ctx.state.checkouts.get(checkoutId);
  const owner =
    caller.kind === 'member'
      ? `member:${caller.memberId}`
      : caller.kind === 'visitor'
        ? `visitor:${caller.visitorId}`
        : undefined;
  if (!checkout || (owner && checkout.owner !== owner))
    throw notFound(`Checkout ${String(checkoutId)}`, 'CHECKOUT_NOT_FOUND');
}

/** The `auth` intent's authorize request: a known client, PKCE with S256, a code, a known response mode. */
function checkAuthRequest(ctx: SandboxContext, request: unknown, violations: FieldViolation[]): void {
  if (!isObject(request)) {
    violations.push({
      field: 'auth.authRequest',
      description: 'is required',
      violatedRule: 'REQUIRED_FIELD',
    });
    return;
  }
  for (const field of ['clientId', 'codeChallenge', 'state']) {
    if (typeof request[field] !== 'string' || !request[field]) {
      violations.push({
        field: `auth.authRequest.${field}`,
        description: 'is required',
        violatedRule: 'REQUIRED_FIELD',
      });
    }
  }
  if (request.codeChallengeMethod !== 'S256') {
    violations.push({
      field: 'auth.authRequest.codeChallengeMethod',
      description: 'must be S256',
      violatedRule: 'INVALID_ENUM_VALUE',
    });
  }
  if (request.responseType !== 'code') {
    violations.push({
      field: 'auth.authRequest.responseType',
      description: 'must be code',
      violatedRule: 'INVALID_ENUM_VALUE',
    });
  }
  if (!['fragment', 'query', 'web_message'].includes(request.responseMode as string)) {
    violations.push({
      field: 'auth.authRequest.responseMode',
      description: 'must be fragment, query or web_message',
      violatedRule: 'INVALID_ENUM_VALUE',
    });
  }
  if (typeof request.clientId === 'string' && !ctx.clients.has(request.clientId)) {
    violations.push({
      field: 'auth.authRequest.clientId',
      description: 'is not a known OAuth client',
      violatedRule: 'VALIDATION',
    });
  }
}

/** The URL of an intent's page: the platform's authorize endpoint for `auth`, a hosted page otherwise. */
function fullUrlOf(
  ctx: SandboxContext,
  session: StoredRedirectSession,
): { endpoint: string; searchParams: Record<string, string> } {
  if (session.intent === 'auth') {
    const auth = session.request.auth as { authRequest: Record<string, unknown>; prompt?: string };
    // The caller's keys, each kept as sent (`searchParams[key] = value` would drop a `__proto__`).
    const searchParams: Record<string, string> = Object.fromEntries(
      Object.entries(auth.authRequest)
        .filter(([, value]) => value !== undefined && value !== null)
        .map(([key, value]) => [key, String(value)]),
    );
    if (auth.prompt) searchParams.prompt = auth.prompt;
    searchParams.redirectSessionId = session.id;
    return { endpoint: `${ctx.publicUrl}/oauth2/authorize`, searchParams };
  }
  return {
    endpoint: `${ctx.publicUrl}/_hosted/${PAGE_OF[session.intent]}`,
    searchParams: { session: session.id },
  };
}

function sessionOf(c: Context<AppEnv>, ctx: SandboxContext, intent: string): StoredRedirectSession {
  const id = c.req.query('session') ?? '';
  const session = ctx.state.redirectSessions.get(id);
  if (!session || session.intent !== intent)
    throw notFound(`Redirect session ${id}`, 'REDIRECT_SESSION_NOT_FOUND');
  return session;
}

/**
 * A callback of the session (or, for a session made with none, the client's site page), if its origin is still one the clients allow (an origin removed since the
 * session was made is no longer followed).
 */
const callbackOf = (
  ctx: SandboxContext,
  session: StoredRedirectSession,
  field: string,
): string | undefined => {
  const callbacks = session.request.callbacks;
  // A session made with no callbacks (Cart V2's checkout page) leads back to the client's site pages.
  const url = isObject(callbacks)
    ? callbacks[field]
    : session.clientId
      ? ctx.clients.get(session.clientId)?.siteUrls?.[field as keyof SiteUrls]
      : undefined;
  if (typeof url !== 'string' || !URL.canParse(url)) return undefined;
  const { origins } = callbackOrigins(ctx, session.clientId, session.intent, session.request[session.intent]);
  return origins.includes(new URL(url).origin) ? url : undefined;
};

/** Redirect sessions (`/_api/redirects-api/v1/redirect-session`, WIRE.md 8) and the hosted pages they open. */
export function registerRedirectRoutes(app: Hono<AppEnv>, ctx: SandboxContext): void {
  registerRedirectSessions(app, ctx);
  registerHostedCheckout(app, ctx);
  // After the checkout's, so that `/_hosted/:page` does not take `/_hosted/checkout` for another intent's page.
  registerHostedPages(app, ctx);
}

/** Making a redirect session, and following its short link. */
function registerRedirectSessions(app: Hono<AppEnv>, ctx: SandboxContext): void {
  app.post('/_api/redirects-api/v1/redirect-session', async (c) => {
    const caller = resolveCaller(c, ctx);
    const body = await readJsonBody(c);
    const intents = REDIRECT_INTENTS.filter((intent) => body[intent] !== undefined);
    if (intents.length !== 1) {
      throw validationError([
        {
          field: 'intent',
          description: `exactly one of ${REDIRECT_INTENTS.join(', ')} must be set (got ${intents.length ? intents.join(', ') : 'none'})`,
          violatedRule: 'ONE_OF_ALIGNMENT',
        },
      ]);
    }
    const intent = intents[0] as string;
    const params = body[intent];
    if (!isObject(params))
      throw validationError([{ field: intent, description: 'must be an object', violatedRule: 'FORMAT' }]);
    const violations = checkIntent(ctx, intent, params, caller);
    checkCallbacks(ctx, caller, intent, params, body.callbacks, violations);
    if (violations.length) throw validationError(violations);
    const session: StoredRedirectSession = {
      id: randomUUID(),
      intent,
      request: structuredClone(body),
      ...(caller.kind === 'visitor'
        ? { owner: `visitor:${caller.visitorId}`, clientId: caller.clientId }
        : {}),
      ...(caller.kind === 'member' ? { owner: `member:${caller.memberId}`, clientId: caller.clientId } : {}),
      ...(intent === 'logout' ? signInOf(ctx, c.req.header('authorization')) : {}),
      createdDate: new Date(ctx.now()).toISOString(),
    };
    ctx.state.redirectSessions.set(session.id, session);
    const { endpoint, searchParams } = fullUrlOf(ctx, session);
    const shortId = randomBytes(6).toString('base64url');
    ctx.shortLinks.set(shortId, session.id);
    session.answer = {
      id: session.id,
      fullUrl: `${endpoint}?${new URLSearchParams(searchParams)}`,
      urlDetails: { endpoint, searchParams },
      sessionToken: randomBytes(24).toString('base64url'),
      shortUrl: `${ctx.publicUrl}/_r/${shortId}`,
    };
    return c.json({ redirectSession: session.answer });
  });

  app.get('/_r/:short', (c) => {
    const sessionId = ctx.shortLinks.get(c.req.param('short'));
    const session = sessionId ? ctx.state.redirectSessions.get(sessionId) : undefined;
    if (!session) throw notFound('Short link', 'REDIRECT_SESSION_NOT_FOUND');
    const { endpoint, searchParams } = fullUrlOf(ctx, session);
    return c.redirect(`${endpoint}?${new URLSearchParams(searchParams)}`, 302);
  });
}

/** A session's callbacks: http(s) addresses on the origins the caller may lead back to (`callbackOrigins`). */
function checkCallbacks(
  ctx: SandboxContext,
  caller: Caller,
  intent: string,
  params: Record<string, unknown>,
  callbacks: unknown,
  violations: FieldViolation[],
): void {
  const allowed = callbackOrigins(
    ctx,
    caller.kind === 'merchant' ? undefined : caller.clientId,
    intent,
    params,
  );
  if (callbacks !== undefined && !isObject(callbacks)) {
    violations.push({ field: 'callbacks', description: 'must be an object', violatedRule: 'FORMAT' });
  }
  for (const field of CALLBACK_FIELDS) {
    const url = isObject(callbacks) ? callbacks[field] : undefined;
    if (url === undefined) continue;
    if (typeof url !== 'string' || !/^https?:\/\//.test(url) || !URL.canParse(url)) {
      violations.push({
        field: `callbacks.${field}`,
        description: 'must be an http(s) URL',
        violatedRule: 'FORMAT',
      });
    } else if (!allowed.origins.includes(new URL(url).origin)) {
      violations.push({
        field: `callbacks.${field}`,
        description: `must be on one of the site's allowed origins (those of ${allowed.whose}: ${allowed.origins.join(', ') || 'none'})`,
        violatedRule: 'VALIDATION',
      });
    }
  }
}

/** The hosted checkout: what the `ecomCheckout` redirect session opens, and where its order is placed. */
function registerHostedCheckout(app: Hono<AppEnv>, ctx: SandboxContext): void {
  app.get('/_hosted/checkout', (c) => {
    const session = sessionOf(c, ctx, 'ecomCheckout');
    const checkoutId = (session.request.ecomCheckout as { checkoutId: string }).checkoutId;
    return c.html(renderCheckout(ctx, session, checkoutId));
  });

  app.post('/_hosted/checkout', async (c) => {
    const session = sessionOf(c, ctx, 'ecomCheckout');
    const checkoutId = (session.request.ecomCheckout as { checkoutId: string }).checkoutId;
    const form = await c.req.parseBody();
    const email = typeof form.email === 'string' ? form.email.trim() : '';
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
      return c.html(
        renderCheckout(ctx, session, checkoutId, 'Enter the email address for your receipt.', email),
        400,
      );
    }
    let order: ReturnType<typeof placeOrder>;
    try {
      order = placeOrder(ctx, checkoutId, email);
    } catch (error) {
      if (error instanceof PlatformError)
        return c.html(renderCheckout(ctx, session, checkoutId, error.message, email), error.status as 400);
      throw error;
    }
    const thanks = callbackOf(ctx, session, 'thankYouPageUrl') ?? callbackOf(ctx, session, 'postFlowUrl');
    if (thanks) {
      const url = new URL(thanks);
      url.searchParams.set('orderId', order.id);
      url.searchParams.set('orderNumber', order.number);
      return c.redirect(url.href, 303);
    }
    return c.html(
      hostedPage(
        'Order placed',
        `<h1>Thank you!</h1><p>Order <strong>#${escapeHtml(order.number)}</strong> is placed. A receipt goes to ${escapeHtml(order.email)}.</p>`,
      ),
    );
  });
}

/** The logout page, and the other intents' pages. */
function registerHostedPages(app: Hono<AppEnv>, ctx: SandboxContext): void {
  // The logout page ends the platform's session (the sign-in whose session token could mint member tokens
  // again) and the refresh token, then goes back to the site.
  app.get('/_hosted/logout', (c) => {
    const session = sessionOf(c, ctx, 'logout');
    if (session.refreshToken) ctx.tokens.revoke({ refreshToken: session.refreshToken });
    if (session.sessionToken) ctx.state.sessions.delete(session.sessionToken);
    const back = callbackOf(ctx, session, 'postFlowUrl');
    if (back) return c.redirect(back, 302);
    return c.html(hostedPage('Signed out', '<h1>You are signed out</h1>'));
  });

  // The other intents' pages: a platform page that says where the visitor is and leads back.
  // The password-reset page is the identity routes' (registered later): it goes on to them.
  app.get('/_hosted/:page', (c, next) => {
    const page = c.req.param('page');
    if (page === 'reset-password') return next();
    const intent = Object.entries(PAGE_OF).find(([, name]) => name === page)?.[0];
    if (!intent) throw applicationError(404, 'PAGE_NOT_FOUND', `No hosted page "${page}"`);
    const session = sessionOf(c, ctx, intent);
    return c.html(renderIntentPage(ctx, session, intent));
  });
}

function renderIntentPage(ctx: SandboxContext, session: StoredRedirectSession, intent: string): string {
  const params = session.request[intent];
  const back = callbackOf(ctx, session, 'postFlowUrl');
  const details = isObject(params)
    ? Object.entries(params)
        .map(
          ([k, v]) =>
            `<li><strong>${escapeHtml(k)}</strong>: ${escapeHtml(typeof v === 'string' ? v : JSON.stringify(v))}</li>`,
        )
        .join('')
    : '';
  const title =
    intent === 'membersAccount'
      ? `Members area: ${String((params as { section?: string }).section)}`
      : `The platform's ${intent} page`;
  return hostedPage(
    title,
    `<h1>${escapeHtml(title)}</h1><p class="muted">This page stands in for the hosted platform's own page.</p><ul>${details}</ul>${
      back ? `<a class="button" href="${escapeHtml(back)}">Back to the site</a>` : ''
    }`,
  );
}

function renderCheckout(
  ctx: SandboxContext,
  session: StoredRedirectSession,
  checkoutId: string,
  error?: string,
  email?: string,
): string {
  const checkout = ctx.state.checkouts.get(checkoutId);
  const back = callbackOf(ctx, session, 'cartPageUrl') ?? callbackOf(ctx, session, 'postFlowUrl');
  const backLink = back ? `<a class="button secondary" href="${escapeHtml(back)}">Back to the shop</a>` : '';
  if (checkout?.orderId) {
    const order = ctx.state.orders.get(checkout.orderId);
    return hostedPage(
      'Checkout',
      `<h1>Order placed</h1><p>Order #${escapeHtml(order?.number)} is already placed.</p>${backLink}`,
    );
  }
  const cart = checkout ? ctx.state.carts.get(checkout.owner) : undefined;
  if (!checkout || !cart || cart.id !== checkout.cartId) {
    return hostedPage(
      'Checkout',
      `<h1>Checkout</h1><p class="error" role="alert">This checkout has expired: the cart changed or is gone.</p>${backLink}`,
    );
  }
  const totals = estimateTotals(ctx, cart, {
    ...(checkout.shippingAddress ? { shippingAddress: checkout.shippingAddress } : {}),
    ...(checkout.selectedShippingOption ? { selectedShippingOption: checkout.selectedShippingOption } : {}),
  });
  const rows = (totals.cart?.lineItems ?? [])
    .map(
      (line) =>
        `<tr><td>${escapeHtml(line.productName?.original)}${(line.descriptionLines ?? [])
          .map(
            (d) =>
              ` <span class="muted">· ${escapeHtml(d.name?.original)}: ${escapeHtml(d.plainText?.original ?? d.colorInfo?.original)}</span>`,
          )
          .join(
            '',
          )}</td><td class="num">${escapeHtml(line.quantity)}</td><td class="num">${escapeHtml(line.lineItemPrice?.formattedAmount)}</td></tr>`,
    )
    .join('');
  const s = totals.priceSummary;
  const summary = [
    ['Subtotal', s?.subtotal],
    ['Discount', s?.discount],
    ['Shipping', s?.shipping],
    ['Tax', s?.tax],
  ]
    // A discount is shown as what it takes off (−$5.00); a row with nothing in it is left out.
    .filter(([label, price]) => label !== 'Discount' || Number((price as { amount?: string })?.amount) > 0)
    .map(([label, price]) => {
      const shown = escapeHtml((price as { formattedAmount?: string })?.formattedAmount);
      return `<tr><td colspan="2">${label}</td><td class="num">${label === 'Discount' ? `−${shown}` : shown}</td></tr>`;
    })
    .join('');
  return hostedPage(
    'Checkout',
    `<h1>Checkout</h1>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<table><thead><tr><th>Item</th><th class="num">Qty</th><th class="num">Price</th></tr></thead>
<tbody>${rows}${summary}<tr class="total"><td colspan="2">Total</td><td class="num">${escapeHtml(s?.total?.formattedAmount)}</td></tr></tbody></table>
<form method="post" action="/_hosted/checkout?session=${encodeURIComponent(session.id)}">
<label for="email">Email for the receipt</label>
<input id="email" name="email" type="email" autocomplete="email" required value="${escapeHtml(email ?? checkout.email ?? '')}">
<button type="submit">Place order</button>${backLink}
</form>`,
  );
}
