import type { Hono } from 'hono';
import type { FieldViolation } from '../../src/api/types/errors';
import type { TokenResponse } from '../../src/api/types/tokens';
import { type AppEnv, readJsonBody, type SandboxContext } from '../context';
import { applicationError, validationError } from '../errors';

type GrantHandler = (body: Record<string, unknown>, ctx: SandboxContext) => TokenResponse;

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
    return c.json(grant(body, ctx));
  });

  /** Introspection: whether an access token is active, for whom, and until when. */
  app.post('/oauth2/token-info', async (c) => {
    const body = await readJsonBody(c);
    const { token } = requireStrings(body, ['token']);
    return c.json(ctx.tokens.info(token));
  });
}
