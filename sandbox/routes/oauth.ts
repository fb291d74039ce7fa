import { createHash, randomUUID } from 'node:crypto';
import type { Context, Hono } from 'hono';
import type { FieldViolation } from '../../src/api/types/errors';
import type { TokenResponse } from '../../src/api/types/tokens';
import { callerFromHeader } from '../auth';
import type { AppEnv, SandboxContext } from '../context';
import { applicationError, validationError } from '../errors';
import { mergeVisitorCart, sessionMember } from '../identity';
import { readJsonBody } from '../json-body';
import { renderAuthorize } from './authorize';

type GrantHandler = (body: Record<string, unknown>, ctx: SandboxContext, c: Context<AppEnv>) => TokenResponse;

function requireStrings<K extends string>(body: Record<string, unknown>, fields: K[]): Record<K, string> {
  const violations: FieldViolation[] = [];
  const out = {} as Record<K, string>;
  for (const field of fields) {
    const value = body[field];
    if (value === undefined || value === null || value === '') {
      violations.push({ field, description: 'is required', violatedRule: 'REQUIRED_FIELD' });
    } else if (typeof value !== 'string') {
      violations.push({ field, description: 'must be a string', violatedRule: 'FORMAT' });
    } else out[field] = value;
  }
  if (violations.length) throw validationError(violations);
  return out;
}

function requireClient(ctx: SandboxContext, clientId: string) {
  const client = ctx.clients.get(clientId);
  if (!client) throw applicationError(400, 'invalid_client', `Unknown OAuth client id "${clientId}"`);
  return client;
}

/** The grants of `POST /oauth2/token` (WIRE.md 6), by `grantType`. */
export const GRANTS: Record<string, GrantHandler> = {
  anonymous(body, ctx) {
    const { clientId } = requireStrings(body, ['clientId']);
    requireClient(ctx, clientId);
    return ctx.tokens.issueVisitor(clientId, ctx.settings.accessTokenTtlSeconds);
  },
  refresh_token(body, ctx) {
    const { clientId, refreshToken } = requireStrings(body, ['clientId', 'refreshToken']);
    requireClient(ctx, clientId);
    const result = ctx.tokens.renew(refreshToken, clientId, ctx.settings.accessTokenTtlSeconds);
    if (result === 'unknown') throw applicationError(400, 'invalid_grant', 'Unknown refresh token');
    if (result === 'revoked') throw applicationError(400, 'invalid_grant', 'The refresh token was revoked');
    if (result === 'wrong-client') {
      throw applicationError(
        400,
        'invalid_grant',
        `The refresh token was not issued to client "${clientId}"`,
      );
    }
    return result;
  },
  authorization_code(body, ctx) {
    const { clientId, code, codeVerifier } = requireStrings(body, ['clientId', 'code', 'codeVerifier']);
    requireClient(ctx, clientId);
    const entry = ctx.state.authCodes.get(code);
    // A code is spent by any attempt, right or wrong, so its verifier cannot be guessed by trying.
    ctx.state.authCodes.delete(code);
    if (!entry || entry.expiresAt < ctx.now()) {
      throw applicationError(
        400,
        'invalid_grant',
        'The authorization code is invalid, expired or already used',
      );
    }
    if (entry.clientId !== clientId)
      throw applicationError(
        400,
        'invalid_grant',
        `The authorization code was not issued to client "${clientId}"`,
      );
    const redirectUri =
      typeof body.redirectUri === 'string' && body.redirectUri ? body.redirectUri : undefined;
    if (entry.redirectUri !== redirectUri) {
      throw applicationError(
        400,
        'invalid_grant',
        'redirectUri does not match the one of the authorization request',
      );
    }
    if (codeVerifier.length < 43 || codeVerifier.length > 128) {
      throw applicationError(400, 'invalid_grant', 'The code verifier must be 43 to 128 characters');
    }
    const challenge = createHash('sha256').update(codeVerifier).digest('base64url');
    if (challenge !== entry.codeChallenge) {
      throw applicationError(
        400,
        'invalid_grant',
        'PKCE verification failed: the code verifier does not match the code challenge',
      );
    }
    const member = ctx.state.members.get(entry.memberId);
    if (!member || member.status === 'BLOCKED')
      throw applicationError(400, 'invalid_grant', 'The member can no longer sign in');
    mergeVisitorCart(ctx, entry.visitorId, entry.memberId);
    return ctx.tokens.issue(
      { kind: 'member', memberId: entry.memberId, visitorId: entry.visitorId ?? randomUUID() },
      clientId,
      ctx.settings.accessTokenTtlSeconds,
      entry.sessionToken,
    );
  },
  authorized_client(body, ctx, c) {
    const caller = callerFromHeader(c.req.header('authorization'), ctx);
    if (caller.kind === 'merchant' || !caller.elevated) {
      throw applicationError(
        401,
        'invalid_client',
        'The authorized_client grant needs "Authorization: <accessToken>,<apiKey>"',
      );
    }
    const { member_id: memberId } = requireStrings(body, ['member_id']);
    const member = ctx.state.members.get(memberId);
    if (!member) throw applicationError(400, 'invalid_grant', `No member ${memberId}`);
    if (member.status === 'BLOCKED') throw applicationError(400, 'invalid_grant', 'The member is blocked');
    if (body.session_token !== undefined && sessionMember(ctx, body.session_token) !== memberId) {
      throw applicationError(
        400,
        'invalid_grant',
        'The session token is invalid or belongs to another member',
      );
    }
    return ctx.tokens.issue(
      { kind: 'member', memberId, visitorId: caller.visitorId },
      caller.clientId,
      ctx.settings.accessTokenTtlSeconds,
      typeof body.session_token === 'string' ? body.session_token : undefined,
    );
  },
};

export function registerOAuthRoutes(app: Hono<AppEnv>, ctx: SandboxContext): void {
  app.post('/oauth2/token', async (c) => {
    const body = await readJsonBody(c);
    const grantType = body.grantType ?? body.grant_type;
    if (typeof grantType !== 'string' || grantType === '') {
      throw validationError([
        { field: 'grantType', description: 'is required', violatedRule: 'REQUIRED_FIELD' },
      ]);
    }
    const grant = Object.hasOwn(GRANTS, grantType) ? GRANTS[grantType] : undefined;
    if (!grant) {
      throw applicationError(
        400,
        'unsupported_grant_type',
        `Unsupported grant type "${grantType}"; supported: ${Object.keys(GRANTS).join(', ')}`,
      );
    }
    return c.json(grant(body, ctx, c));
  });

  /** The authorize page behind an `auth` redirect session (WIRE.md 9). */
  app.get('/oauth2/authorize', (c) =>
    renderAuthorize(c, ctx, Object.fromEntries(new URL(c.req.url).searchParams)),
  );
  app.post('/oauth2/authorize', async (c) => {
    const form = await c.req.parseBody();
    // The form's own fields, every name kept as sent (`fields[key] = value` would drop a `__proto__`).
    const fields = Object.fromEntries(
      Object.entries(form).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
    return renderAuthorize(c, ctx, fields, true);
  });

  /** Introspection: whether an access token is active, for whom, and until when. */
  app.post('/oauth2/token-info', async (c) => {
    const body = await readJsonBody(c);
    const { token } = requireStrings(body, ['token']);
    return c.json(ctx.tokens.info(token));
  });
}
