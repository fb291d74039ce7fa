/**
 * The types every part of the sandbox shares: the context each route module is handed, the OAuth clients, the
 * Hono environment. Types only, and from modules that import nothing back from here (the import-graph test), so
 * that a route, the webhooks and the models can all name the context without a circle.
 */
import type { Mailbox } from './mailbox';
import type { SandboxSettings } from './settings';
import type { SandboxState } from './state';
import type { TokenStore } from './tokens';
import type { WebhookHub } from './webhooks/hub';

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
  webhooks: WebhookHub;
  /** Milliseconds since the epoch. */
  now(): number;
  /** A number in [0, 1): seeded, so simulated failures repeat from run to run. */
  random(): number;
}

export type AppEnv = { Variables: { requestId: string } };
