/*
 * A path segment of a call, in a module of its own: the calls that put ids and slugs in their paths (the cart's
 * changes, the catalogue's and the member's calls) come with the views' code, not with the first script, which
 * makes none (`build/chunks.ts` puts it with what every view needs).
 */

/** Encodes one path segment (ids and slugs come from callers and servers: never trust them in a URL). */
export const seg = (value: string): string => {
  if (typeof value !== 'string' || value === '')
    throw new TypeError('An id or slug must be a non-empty string');
  // URL parsing resolves `.` and `..` (even encoded), which would send the call to another path.
  if (value === '.' || value === '..') throw new TypeError(`"${value}" is not a valid id or slug`);
  return encodeURIComponent(value);
};
