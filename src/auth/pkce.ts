import { base64Url } from '../api/base64';
import { AuthError } from './errors';

/** The characters a PKCE verifier and our `state` may use (RFC 7636: unreserved). */
const UNRESERVED = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~';
export const DEFAULT_VERIFIER_LENGTH = 43;
export const MIN_VERIFIER_LENGTH = 43;
export const MAX_VERIFIER_LENGTH = 128;

/** Random values; tests pass a seeded one. Must be cryptographically strong in production. */
export type RandomBytes = (length: number) => Uint8Array;

export const cryptoRandomBytes: RandomBytes = (length) => crypto.getRandomValues(new Uint8Array(length));

/**
 * A random string of unreserved characters, without modulo bias (bytes ≥ 198 are drawn again, since
 * 66 × 3 = 198).
 */
export function randomUnreserved(length: number, randomBytes: RandomBytes = cryptoRandomBytes): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length - out.length + 8)) {
      if (byte < 198 && out.length < length) out += UNRESERVED[byte % UNRESERVED.length];
    }
  }
  return out;
}

/** A PKCE code verifier: 43 (default) to 128 characters, else `Expected a length between 43 and 128`. */
export function createVerifier(
  length = DEFAULT_VERIFIER_LENGTH,
  randomBytes: RandomBytes = cryptoRandomBytes,
): string {
  if (!Number.isInteger(length) || length < MIN_VERIFIER_LENGTH || length > MAX_VERIFIER_LENGTH) {
    throw new AuthError('Expected a length between 43 and 128', { reason: 'invalid_verifier_length' });
  }
  return randomUnreserved(length, randomBytes);
}

/** The S256 challenge of a verifier: base64url(SHA-256(verifier)). */
export async function challengeOf(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64Url(new Uint8Array(digest));
}

/** What one OAuth round trip needs to remember: the verifier, its challenge and the state. */
export interface OAuthData {
  codeVerifier: string;
  codeChallenge: string;
  state: string;
  redirectUri?: string;
  /** Where to return the visitor after a hosted sign-in. */
  originalUri?: string;
  responseMode?: 'fragment' | 'query' | 'web_message';
}

export async function createOAuthData(
  options: {
    redirectUri?: string;
    originalUri?: string;
    verifierLength?: number;
    randomBytes?: RandomBytes;
  } = {},
): Promise<OAuthData> {
  const codeVerifier = createVerifier(options.verifierLength, options.randomBytes);
  return {
    codeVerifier,
    codeChallenge: await challengeOf(codeVerifier),
    state: randomUnreserved(DEFAULT_VERIFIER_LENGTH, options.randomBytes),
    ...(options.redirectUri ? { redirectUri: options.redirectUri } : {}),
    ...(options.originalUri ? { originalUri: options.originalUri } : {}),
  };
}
