import { createHmac, timingSafeEqual } from 'node:crypto';
import { applicationError } from './errors';

/**
 * The key of the sandbox's identity provider (`SANDBOX_IDP_ID`) when `SANDBOX_IDP_KEY` does not set one.
 * It is public (README), like the demo's API key: the sandbox is a local stand-in, not a real provider.
 */
export const DEFAULT_IDP_KEY = 'sandbox-idp-key';

/** The claims of a sandbox id_token: who signed in at the identity provider. */
export interface SandboxIdTokenClaims {
  email: string;
  name?: string;
  /** Expiry in epoch seconds; a token without one does not expire. */
  exp?: number;
  [claim: string]: unknown;
}

const HEADER = { alg: 'HS256', typ: 'JWT' };
const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const hmac = (input: string, key: string) => createHmac('sha256', key).update(input).digest();

/** The identity provider's key from the environment: `SANDBOX_IDP_KEY`, else `DEFAULT_IDP_KEY`. */
export function idpKeyFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  return env.SANDBOX_IDP_KEY || DEFAULT_IDP_KEY;
}

/**
 * An id_token of the sandbox's identity provider: a compact JWS, HMAC-SHA256 (HS256) with `key`, for
 * `POST /_api/iam/authentication/v1/sso/login-with-token-params`.
 *
 * @example
 * const idToken = signSandboxIdToken({ email: 'jane@example.com', name: 'Jane' });
 * // body: { idpConnectionId: SANDBOX_IDP_ID, tokenParams: { id_token: idToken } }
 */
export function signSandboxIdToken(claims: SandboxIdTokenClaims, key: string = DEFAULT_IDP_KEY): string {
  const input = `${base64url(HEADER)}.${base64url(claims)}`;
  return `${input}.${hmac(input, key).toString('base64url')}`;
}

const refused = (why: string) => applicationError(401, 'INVALID_ID_TOKEN', `The id_token is refused: ${why}`);

function decodePart(part: string): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The claims of an id_token signed with `key` (HS256 only: an unsigned, `alg: none`, tampered or expired
 * token is a 401 INVALID_ID_TOKEN), so no one is signed in as a member from a token anyone could write.
 */
export function verifySandboxIdToken(
  token: unknown,
  key: string,
  nowSeconds: number,
): Record<string, unknown> {
  const parts = typeof token === 'string' ? token.split('.') : [];
  if (parts.length !== 3 || parts.some((part) => part === ''))
    throw refused('it is not a signed token (header.claims.signature, HS256)');
  const [header = '', claims = '', signature = ''] = parts;
  if (decodePart(header)?.alg !== 'HS256') throw refused('only HS256 signatures are accepted');
  const expected = hmac(`${header}.${claims}`, key);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw refused("its signature does not match the identity provider's key");
  const decoded = decodePart(claims);
  if (!decoded) throw refused('its claims are not a JSON object');
  if (decoded.exp !== undefined && (typeof decoded.exp !== 'number' || decoded.exp <= nowSeconds))
    throw refused('it has expired');
  return decoded;
}
