import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from './context';
import { applicationError, validationError } from './errors';

/** The largest request body the sandbox reads: 1 MiB. Larger ones get 413 before any route sees them. */
export const MAX_BODY_BYTES = 1024 * 1024;
/** How deep objects and lists may nest in a JSON body or a GET request object (the body itself is level 1). */
export const MAX_JSON_DEPTH = 100;
/** How deep `$and`, `$or` and `$not` may nest in a query filter. */
export const MAX_FILTER_DEPTH = 32;

/** 413 with the platform's error body for a body over `MAX_BODY_BYTES` (by Content-Length, or as it streams). */
export function limitBodySize(): MiddlewareHandler<AppEnv> {
  return bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: () => {
      throw applicationError(
        413,
        'PAYLOAD_TOO_LARGE',
        `The request body is larger than the sandbox accepts (${MAX_BODY_BYTES} bytes, 1 MiB)`,
      );
    },
  });
}

/** The nesting depth of a JSON value (a scalar is 0, `{}` is 1), without recursion, stopping past `limit`. */
function depthOf(value: unknown, limit: number): number {
  let deepest = 0;
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop() as [unknown, number];
    if (typeof node !== 'object' || node === null) continue;
    deepest = Math.max(deepest, depth);
    if (deepest > limit) return deepest;
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return deepest;
}

/**
 * A 400 naming the top-level field under which a request object nests deeper than `MAX_JSON_DEPTH`: code
 * that walks bodies recursively (validation, copies) must never meet a depth that overflows the stack.
 */
export function assertJsonDepth(request: Record<string, unknown>): void {
  for (const [field, value] of Object.entries(request)) {
    if (depthOf(value, MAX_JSON_DEPTH - 1) > MAX_JSON_DEPTH - 1) {
      throw validationError([
        {
          field,
          description: `must not nest objects and lists more than ${MAX_JSON_DEPTH} levels deep`,
          violatedRule: 'MAX',
          data: { threshold: MAX_JSON_DEPTH },
        },
      ]);
    }
  }
}
