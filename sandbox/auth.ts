import type { Context } from 'hono';
import type { AppEnv, SandboxContext } from './context';
import { applicationError, forbidden, unauthenticated } from './errors';

/** Who is calling, from the raw `Authorization` header (WIRE.md 2: the token itself, no `Bearer `). */
export type Caller =
  | { kind: 'visitor'; visitorId: string; clientId: string; elevated?: boolean }
  | { kind: 'member'; memberId: string; visitorId: string; clientId: string; elevated?: boolean }
  | { kind: 'merchant' };

/**
 * Reads the caller of a platform call. A missing, malformed, unknown or expired token is a 401; the merchant
 * API key makes the caller a merchant (the elevated client of SPEC.md 6).
 */
export function resolveCaller(c: Context<AppEnv>, ctx: SandboxContext): Caller {
  return callerFromHeader(c.req.header('authorization'), ctx);
}

/** The caller an `Authorization` header names (see `resolveCaller`). */
export function callerFromHeader(value: string | undefined, ctx: SandboxContext): Caller {
  const header = value?.trim();
  if (!header) throw unauthenticated('Missing Authorization header: send the access token (or the API key)');
  if (/^bearer\s/i.test(header)) {
    throw unauthenticated('Send the raw access token in Authorization, without a "Bearer " prefix');
  }
  if (header === ctx.apiKey) return { kind: 'merchant' };
  // `<accessToken>,<apiKey>`: a visitor's or member's call made with elevated permissions (WIRE.md 2).
  const [token = '', key, ...rest] = header.split(',').map((part) => part.trim());
  if (key !== undefined) {
    if (rest.length || key !== ctx.apiKey)
      throw unauthenticated('Invalid API key in the elevated Authorization header');
    const caller = callerFromHeader(token, ctx);
    if (caller.kind === 'merchant')
      throw unauthenticated('An elevated Authorization header needs an access token before the API key');
    return { ...caller, elevated: true };
  }
  const found = ctx.tokens.lookup(header);
  if (found.status === 'expired') {
    throw applicationError(
      401,
      'EXPIRED_TOKEN',
      'The access token has expired: renew it with the refresh token',
    );
  }
  if (found.status === 'unknown') throw unauthenticated('Invalid access token');
  const { subject, clientId } = found;
  if (subject.kind === 'member') {
    const member = ctx.state.members.get(subject.memberId);
    if (!member) throw unauthenticated('The member of this access token no longer exists');
    if (member.status === 'BLOCKED') throw forbidden('This member is blocked');
    return { kind: 'member', memberId: subject.memberId, visitorId: subject.visitorId, clientId };
  }
  return { kind: 'visitor', visitorId: subject.visitorId, clientId };
}

/** Merchant calls (SPEC.md 6): member moderation and writes, catalogue writes, bulk edits. */
export function requireMerchant(c: Context<AppEnv>, ctx: SandboxContext): void {
  const caller = resolveCaller(c, ctx);
  if (caller.kind !== 'merchant') {
    throw forbidden(
      `${c.req.method} ${c.req.path} is a merchant call: it needs the API key (elevated client), not a ${caller.kind} token`,
    );
  }
}

/** Calls about the signed-in member ("my" calls): a visitor token is refused. */
export function requireMember(c: Context<AppEnv>, ctx: SandboxContext): Extract<Caller, { kind: 'member' }> {
  const caller = resolveCaller(c, ctx);
  if (caller.kind !== 'member') {
    throw forbidden(
      `${c.req.method} ${c.req.path} needs a signed-in member's token, not a ${caller.kind === 'merchant' ? 'merchant API key' : 'visitor token'}`,
    );
  }
  return caller;
}

/** Any caller with a valid token or the API key (storefront reads). */
export const requireCaller = resolveCaller;
