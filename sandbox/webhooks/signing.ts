/**
 * The sandbox's webhook signing key: an RSA key pair made at start, or read from `SANDBOX_WEBHOOK_KEY`, and the
 * RS256 JWTs it signs (WEBHOOKS.md: the whole body of a delivery is a compact JWS). Signing runs on libuv's
 * thread pool (`crypto.sign` with a callback), so a delivery never holds up the calls the sandbox answers.
 */
import { createPrivateKey, createPublicKey, generateKeyPair, type KeyObject, sign } from 'node:crypto';

export interface WebhookKeys {
  privateKey: KeyObject;
  /** SPKI, `-----BEGIN PUBLIC KEY-----`: what receivers verify with. */
  publicKeyPem: string;
}

/** The claims of a delivery's token, in the platform's order. */
export interface WebhookClaims {
  /** `{eventType, instanceId, data, identity}` as a JSON string. */
  data: string;
  iat: number;
  exp: number;
  iss: 'wix.com';
  aud: string;
}

/** RSA keys shorter than this are refused: RS256 with a short key is not a signature anyone should accept. */
export const MIN_WEBHOOK_KEY_BITS = 2048;

const publicPemOf = (privateKey: KeyObject) =>
  createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString();

/**
 * A private RSA key given as PEM (PKCS#8 `BEGIN PRIVATE KEY` or PKCS#1 `BEGIN RSA PRIVATE KEY`; line breaks may be
 * written `\n`, as one-line environment values have them) or as the base64 of that PEM. Anything else is an
 * error naming `source`.
 */
export function readWebhookKey(text: string, source = 'SANDBOX_WEBHOOK_KEY'): WebhookKeys {
  let pem = text.trim().replaceAll('\\n', '\n');
  if (!pem.includes('-----BEGIN')) pem = Buffer.from(pem, 'base64').toString('utf8').trim();
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey(pem);
  } catch (error) {
    throw new Error(
      `${source} is not a private key in PEM (-----BEGIN PRIVATE KEY----- or -----BEGIN RSA PRIVATE KEY-----, or the base64 of one): ${(error as Error).message}`,
    );
  }
  const bits = privateKey.asymmetricKeyDetails?.modulusLength ?? 0;
  if (privateKey.asymmetricKeyType !== 'rsa' || bits < MIN_WEBHOOK_KEY_BITS) {
    throw new Error(
      `${source} must be an RSA key of at least ${MIN_WEBHOOK_KEY_BITS} bits for RS256 (this is ${privateKey.asymmetricKeyType} ${bits || ''} bits)`,
    );
  }
  return { privateKey, publicKeyPem: publicPemOf(privateKey) };
}

/** A new 2048-bit RSA key pair, made off the main thread. */
export function generateWebhookKeys(): Promise<WebhookKeys> {
  return new Promise((resolve, reject) => {
    generateKeyPair('rsa', { modulusLength: MIN_WEBHOOK_KEY_BITS }, (error, _publicKey, privateKey) => {
      if (error) reject(error);
      else resolve({ privateKey, publicKeyPem: publicPemOf(privateKey) });
    });
  });
}

const base64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

/** The compact JWS of `claims`, signed RS256 (RSASSA-PKCS1-v1_5 with SHA-256) with the sandbox's key. */
export function signWebhookToken(claims: WebhookClaims, privateKey: KeyObject): Promise<string> {
  const input = `${base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }))}.${base64url(JSON.stringify(claims))}`;
  return new Promise((resolve, reject) => {
    sign('sha256', Buffer.from(input, 'utf8'), privateKey, (error, signature) => {
      if (error) reject(error);
      else resolve(`${input}.${signature.toString('base64url')}`);
    });
  });
}
