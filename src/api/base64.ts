/*
 * Base64url (RFC 4648 §5, without padding): PKCE's challenge, the `.r=` query of complex reads (WIRE.md 4), the
 * webhooks' JWS. In a module of its own, not `encoding.ts`'s: the first script makes no such call, and the code
 * that does comes with the views' (`build/chunks.ts`).
 */

/** Bytes as base64url without padding (PKCE's challenge, the `.r=` query). */
export function base64Url(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
}

/** UTF-8 JSON as base64url without padding. */
export const base64UrlEncodeJson = (value: unknown): string =>
  base64Url(new TextEncoder().encode(JSON.stringify(value)));

/** The inverse of `base64UrlEncodeJson`. */
export function base64UrlDecodeJson(text: string): unknown {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(bytes));
}
