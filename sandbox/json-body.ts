import type { Context } from 'hono';
import type { AppEnv } from './context';
import { applicationError, PlatformError } from './errors';
import { assertJsonDepth } from './limits';

/**
 * The JSON object in a request's body. An empty body reads as `{}`; a body that is not JSON, JSON that is
 * not an object, or one nested deeper than `MAX_JSON_DEPTH` is a 400; a body sent as another media type is a 415.
 */
export async function readJsonBody(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  const text = await c.req.text();
  if (text.trim() === '') return {};
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/(?:[\w.+-]+\+)?json\b/i.test(type)) {
    throw new PlatformError(415, {
      message: `Unsupported media type "${type || '(none)'}": send JSON with Content-Type: application/json`,
      details: {
        applicationError: {
          code: 'UNSUPPORTED_MEDIA_TYPE',
          description: `Unsupported media type "${type || '(none)'}": send JSON with Content-Type: application/json`,
        },
      },
    });
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw applicationError(
      400,
      'MALFORMED_JSON',
      `Malformed JSON in request body: ${(error as Error).message}`,
    );
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw applicationError(400, 'MALFORMED_JSON', 'The request body must be a JSON object');
  }
  assertJsonDepth(parsed as Record<string, unknown>);
  return parsed as Record<string, unknown>;
}
