import type { DeliveryAttempt, Subscription } from './delivery';
import type { EventIdentity } from './events';

/**
 * The platform's events as webhooks, as the rest of the sandbox sees them (`SandboxWebhooks` in `index.ts` is
 * the one there is): subscriptions, the signing key, deliveries, and the calls that make events. The context
 * names this, not the class, whose module reads the context.
 */
export interface WebhookHub {
  readonly appId: string;
  /** Whether calls are being followed for changes: only while someone is subscribed. */
  readonly tracking: boolean;
  /** The public key receivers verify with (PEM, SPKI). */
  publicKeyPem(): Promise<string>;
  /** After a call: what it changed becomes events, delivered after the call is answered. */
  afterCall(identity: EventIdentity | undefined): void;
  /** A catalogue write or an order changed, made or deleted this product. */
  noteProduct(id: string): void;
  subscribe(url: string, events: string[] | null): Subscription;
  unsubscribe(id: string): boolean;
  subscriptions(): Subscription[];
  /** Deliveries (an event to a subscription) not yet delivered nor given up. */
  readonly pendingDeliveries: number;
  attempts(filter?: { subscriptionId?: string; eventId?: string }): DeliveryAttempt[];
  /** Resolves once no attempt is signing or waiting for its answer (the rest waits on timers). */
  idle(): Promise<void>;
  /** No subscriptions, no log, no attempt still to come (a reset, or the server closing). */
  clear(): void;
}
