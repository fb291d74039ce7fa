import type { Context } from 'hono';
import { applicationError, PlatformError } from './errors';
import { assertJsonDepth } from './limits';
import type { Mailbox } from './mailbox';
import type { SandboxSettings } from './settings';
import type { SandboxState } from './state';
import type { TokenStore } from './tokens';
import type { SandboxWebhooks } from './webhooks';

/** A site allowed to use the platform: its OAuth client id and the origins it may be embedded in. */
export interface OAuthClient {
  id: string;
  allowedOrigins: string[];
  /**
   * The site's own pages the platform's pages lead back to when a flow names none (as a headless project's
   * URL settings do): Cart V2's checkout page (`get-checkout-url`) takes no callbacks.
   */
  siteUrls?: SiteUrls;
}

export interface SiteUrls {
  thankYouPageUrl?: string;
  cartPageUrl?: string;
  postFlowUrl?: string;
}

/** What every route module is handed: the live state and the sandbox's injected edges. */
export interface SandboxContext {
  readonly publicUrl: string;
  readonly apiKey: string;
  /** The HMAC key of the sandbox's identity provider (`sandbox/idp.ts`). */
  readonly idpKey: string;
  state: SandboxState;
  settings: SandboxSettings;
  clients: Map<string, OAuthClient>;
  /** Short redirect-session links (`/_r/<id>`) to session ids. */
  shortLinks: Map<string, string>;
  readonly tokens: TokenStore;
  readonly mailbox: Mailbox;
  /** The platform's events as webhooks: subscriptions, the signing key, deliveries. */
  webhooks: SandboxWebhooks;
  /** Milliseconds since the epoch. */
  now(): number;
  /** A number in [0, 1): seeded, so simulated failures repeat from run to run. */
  random(): number;
}

export type AppEnv = { Variables: { requestId: string } };

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
