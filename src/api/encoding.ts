/**
 * How request objects travel in GET query strings (WIRE.md 4), as the platform's official client writes
 * them: scalars `k=v`, lists by repeating the key, nested objects as dotted keys; and for "complex" reads,
 * the whole object as one `.r=<base64url(JSON)>` when it has nesting or a list of objects.
 */

type Flat = Record<string, unknown>;

/** Dotted paths and their values, in an object without a prototype: a key `__proto__` stays a key. */
function flatten(data: Record<string, unknown>, prefix = '', out: Flat = Object.create(null)): Flat {
  for (const [key, value] of Object.entries(data)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      flatten(value as Record<string, unknown>, path, out);
    } else out[path] = value;
  }
  return out;
}

/**
 * The query string for a request object. `complex` reads (the product query, the collection query, the member
 * list) send `.r=` (encoded by `complex`: `base64UrlEncodeJson`) when the object has nesting or a list of
 * objects; others flatten, dropping null, undefined and objects inside lists.
 */
export function toSearchParams(
  request: Record<string, unknown>,
  complex?: (request: Record<string, unknown>) => string,
): URLSearchParams {
  const flat = flatten(request);
  const needsDotR = Object.entries(flat).some(
    ([key, value]) => key.includes('.') || (Array.isArray(value) && value.some((v) => typeof v === 'object')),
  );
  if (complex && needsDotR) return new URLSearchParams({ '.r': complex(request) });
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(flat)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null || typeof item === 'object') continue;
      params.append(key, String(item));
    }
  }
  return params;
}
