/**
 * The sandbox's webhooks: after every call that may change its state, the changes of SPEC.md 7's entities become
 * the platform's events (`changes.ts`, `events.ts`), signed RS256 (`signing.ts`) and delivered to each
 * subscription with the platform's retries (`delivery.ts`). Nothing is compared while no one is subscribed.
 */
import { callerFromHeader } from '../auth';
import type { SandboxContext } from '../context';
import { ChangeTracker } from './changes';
import {
  Deliveries,
  type DeliveryAttempt,
  type DeliveryTimers,
  type SignedToken,
  type Subscription,
  WEBHOOK_TIMEOUT_MS,
  type WebhookFetch,
} from './delivery';
import { type EventIdentity, eventOf, SANDBOX_OWNER_ID, type SandboxEvent, type Sequences } from './events';
import type { WebhookHub } from './hub';
import { generateWebhookKeys, readWebhookKey, signWebhookToken, type WebhookKeys } from './signing';

export type { DeliveryAttempt, DeliveryTimers, Subscription, WebhookFetch } from './delivery';
export { MAX_SUBSCRIPTIONS, WEBHOOK_TIMEOUT_MS } from './delivery';
export { ALL_EVENT_TYPES, DEFAULT_SANDBOX_APP_ID, EVENT_TYPES, SANDBOX_INSTANCE_ID } from './events';

export interface SandboxWebhooksOptions {
  /** The app the tokens are for (`aud`). */
  appId: string;
  /** A private RSA key (PEM, or base64 of it); a new key pair is made on first use without one. */
  key?: string | undefined;
  /** The `fetch` deliveries use: tests route it to an in-process receiver. */
  fetch?: WebhookFetch | undefined;
  /** The clock and timers of the attempts: tests run them on simulated time. */
  timers?: DeliveryTimers | undefined;
}

/**
 * Seconds a token stays valid after the last attempt the retry schedule allows, for a receiver's clock that is
 * ahead; and the least time to `exp` a token is sent with (an older one is signed again).
 */
export const EXP_MARGIN_SECONDS = 300;

/** The envelope's `identity`: who made the call, from its `Authorization` (none for a call without a token). */
export function identityOf(
  authorization: string | undefined,
  ctx: SandboxContext,
): EventIdentity | undefined {
  if (!authorization) return undefined;
  try {
    const caller = callerFromHeader(authorization, ctx);
    if (caller.kind === 'merchant') return { identityType: 'WIX_USER', wixUserId: SANDBOX_OWNER_ID };
    if (caller.kind === 'member') return { identityType: 'MEMBER', memberId: caller.memberId };
    return { identityType: 'ANONYMOUS_VISITOR', anonymousVisitorId: caller.visitorId };
  } catch {
    // A token that no longer works (the call signed its member out, or deleted it): no identity.
    return undefined;
  }
}

export class SandboxWebhooks implements WebhookHub {
  readonly appId: string;
  private keys: Promise<WebhookKeys> | undefined;
  private readonly tracker: ChangeTracker;
  private readonly deliveries: Deliveries;
  private readonly sequences: Sequences = new Map();

  constructor(
    private readonly ctx: SandboxContext,
    options: SandboxWebhooksOptions,
  ) {
    this.appId = options.appId;
    // A bad SANDBOX_WEBHOOK_KEY stops the start, with the reason.
    if (options.key) this.keys = Promise.resolve(readWebhookKey(options.key));
    this.tracker = new ChangeTracker(ctx);
    const fetchFn = options.fetch ?? ((url, init) => fetch(url, init));
    this.deliveries = new Deliveries({
      fetch: fetchFn,
      sign: (event) => this.sign(event),
      fresh: ({ exp }) => exp - this.ctx.now() / 1000 >= EXP_MARGIN_SECONDS,
      retryDelaysMs: () => this.ctx.settings.webhookRetryDelaysMs,
      timers: options.timers,
    });
  }

  /** The key pair, made on first use when none was given (about 0.1 s, off the main thread). */
  private keyPair(): Promise<WebhookKeys> {
    this.keys ??= generateWebhookKeys();
    return this.keys;
  }

  /** Whether calls are being followed for changes: only while someone is subscribed. */
  get tracking(): boolean {
    return this.tracker.active;
  }

  /** The public key receivers verify with (PEM, SPKI). */
  async publicKeyPem(): Promise<string> {
    return (await this.keyPair()).publicKeyPem;
  }

  /**
   * After a call: what it changed becomes events, delivered after the call is answered. `identity` is who made
   * the call.
   */
  afterCall(identity: EventIdentity | undefined): void {
    if (!this.tracker.active) return;
    const changes = this.tracker.collect();
    if (changes.length === 0) return;
    const at = { time: new Date(this.ctx.now()).toISOString(), identity, sequences: this.sequences };
    this.deliveries.send(changes.map((change) => eventOf(change, at)));
  }

  /** A catalogue write or an order changed, made or deleted this product. */
  noteProduct(id: string): void {
    this.tracker.noteProduct(id);
  }

  subscribe(url: string, events: string[] | null): Subscription {
    if (this.deliveries.subscriptions.size === 0) this.tracker.start();
    return this.deliveries.subscribe(url, events);
  }

  unsubscribe(id: string): boolean {
    const removed = this.deliveries.unsubscribe(id);
    if (this.deliveries.subscriptions.size === 0) this.tracker.stop();
    return removed;
  }

  subscriptions(): Subscription[] {
    return [...this.deliveries.subscriptions.values()];
  }

  /** Deliveries (an event to a subscription) not yet delivered nor given up. */
  get pendingDeliveries(): number {
    return this.deliveries.pending;
  }

  attempts(filter: { subscriptionId?: string; eventId?: string } = {}): DeliveryAttempt[] {
    return this.deliveries.attempts(filter);
  }

  /** Resolves once no attempt is signing or waiting for its answer (the rest waits on timers). */
  idle(): Promise<void> {
    return this.deliveries.idle();
  }

  /** No subscriptions, no log, no attempt still to come (a reset, or the server closing). */
  clear(): void {
    this.deliveries.clear();
    this.tracker.stop();
    this.sequences.clear();
  }

  /** The event's token, valid through the whole retry schedule, so that its attempts send the same one. */
  private async sign(event: SandboxEvent): Promise<SignedToken> {
    const { privateKey } = await this.keyPair();
    const iat = Math.floor(this.ctx.now() / 1000);
    const delays = this.ctx.settings.webhookRetryDelaysMs;
    const scheduleMs = delays.reduce((sum, wait) => sum + wait, 0) + WEBHOOK_TIMEOUT_MS * (delays.length + 1);
    const exp = iat + Math.ceil(scheduleMs / 1000) + EXP_MARGIN_SECONDS;
    const claims = { data: event.envelope, iat, exp, iss: 'wix.com' as const, aud: this.appId };
    return { token: await signWebhookToken(claims, privateKey), exp };
  }
}
