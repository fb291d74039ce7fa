import { createHash, randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';

const KEY_LENGTH = 32;
const cache = new Map<string, string>();

/** scrypt hash of a password with a salt, hex; never logged. Memoized so the seed can be rebuilt quickly. */
export function hashPassword(password: string, salt: string): string {
  const key = `${salt}\u0000${password}`;
  let hash = cache.get(key);
  if (!hash) {
    hash = scryptSync(password, salt, KEY_LENGTH).toString('hex');
    cache.set(key, hash);
  }
  return hash;
}

export function verifyPassword(password: string, salt: string, expectedHash: string): boolean {
  const actual = Buffer.from(hashPassword(password, salt), 'hex');
  const expected = Buffer.from(expectedHash, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A salt for a new identity; the seed derives its salts from the email so it stays deterministic. */
export const newSalt = (): string => randomBytes(16).toString('hex');
export const seedSalt = (email: string): string =>
  createHash('sha256').update(`sandbox-seed:${email}`).digest('hex').slice(0, 32);
