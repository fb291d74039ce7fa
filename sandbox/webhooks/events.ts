/**
 * The platform's events as its webhooks carry them (`../shared/wire/WEBHOOKS.md`): the event types of SPEC.md 7
 * "Events", the two payload kinds (domain events with an envelope of their own; the catalogue's legacy events,
 * flat) and the JSON the signed token carries. Values from WEBHOOKS.md and the official SDK's event
 * definitions, never from the client's code.
 */
import { randomUUID } from 'node:crypto';
import { stableId } from '../ids';

/** The event types in SPEC.md 7's scope, as `eventType` names them. */
export const EVENT_TYPES = {
  cartCreated: 'wix.ecom.v1.cart_created',
  cartUpdated: 'wix.ecom.v1.cart_updated',
  cartDeleted: 'wix.ecom.v1.cart_deleted',
  memberCreated: 'wix.members.v1.member_created',
  memberUpdated: 'wix.members.v1.member_updated',
  memberDeleted: 'wix.members.v1.member_deleted',
  redirectSessionCreated: 'wix.headless.v1.redirect_session_created',
  productCreated: 'com.wix.ecommerce.catalog.api.v1.ProductCreated',
  productChanged: 'com.wix.ecommerce.catalog.api.v1.ProductChanged',
  productDeleted: 'com.wix.ecommerce.catalog.api.v1.ProductDeleted',
  collectionCreated: 'com.wix.ecommerce.catalog.api.v1.CollectionCreated',
  collectionChanged: 'com.wix.ecommerce.catalog.api.v1.CollectionChanged',
  collectionDeleted: 'com.wix.ecommerce.catalog.api.v1.CollectionDeleted',
  variantsChanged: 'com.wix.ecommerce.catalog.api.v1.VariantsChanged',
} as const;

export type EventType = (typeof EVENT_TYPES)[keyof typeof EVENT_TYPES];

/** Every event type, for subscriptions' `events` (a Set: looked up with the caller's text). */
export const ALL_EVENT_TYPES: ReadonlySet<string> = new Set(Object.values(EVENT_TYPES));

/** The app the sandbox's webhooks are for (`aud`), unless `SANDBOX_APP_ID` names another. */
export const DEFAULT_SANDBOX_APP_ID = stableId('app:storefront-widgets');
/** The app instance on the sandbox's site (`instanceId`). */
export const SANDBOX_INSTANCE_ID = stableId('instance:northwind-supply');
/** The site owner, the Wix user the merchant API key acts for. */
export const SANDBOX_OWNER_ID = stableId('user:northwind-owner');

/** Who caused an event, as the envelope's `identity` says it. */
export type EventIdentity =
  | { identityType: 'ANONYMOUS_VISITOR'; anonymousVisitorId: string }
  | { identityType: 'MEMBER'; memberId: string }
  | { identityType: 'WIX_USER'; wixUserId: string }
  | { identityType: 'APP'; appId: string };

/** The entity of a domain event and what happened to it. */
export type DomainChange =
  | { slug: 'created'; entity: unknown }
  | { slug: 'updated'; entity: unknown }
  | { slug: 'deleted' };

/** A change the tracker found, before it becomes an event with an id, a time and an identity. */
export type Change =
  | { kind: 'domain'; eventType: EventType; fqdn: string; entityId: string; change: DomainChange }
  | { kind: 'legacy'; eventType: EventType; entityId: string; data: Record<string, unknown> };

/** One event, ready to sign: what every delivery attempt of it sends, unchanged. */
export interface SandboxEvent {
  /** The de-duplication key: the domain event's `id`; for a legacy event the sandbox's own (not sent). */
  id: string;
  eventType: EventType;
  entityId: string;
  /** ISO-8601 UTC. */
  time: string;
  /** The JWT's `data` claim: `{eventType, instanceId, data, identity}` as a JSON string. */
  envelope: string;
}

/** Per-entity sequence numbers (`entityEventSequence`), so a receiver can tell an old update from a new one. */
export type Sequences = Map<string, number>;

/**
 * The event for a change: the domain event's envelope (`id`, `entityFqdn`, `slug`, `entityId`, `eventTime`, one
 * of `createdEvent`/`updatedEvent`/`deletedEvent` with the entity as an object in the REST shape), or the legacy
 * event's flat data; inside the `{eventType, instanceId, data, identity}` object whose `data` and `identity` are
 * JSON strings again.
 */
export function eventOf(
  change: Change,
  at: { time: string; identity: EventIdentity | undefined; sequences: Sequences },
): SandboxEvent {
  const id = randomUUID();
  const data = change.kind === 'legacy' ? change.data : domainData(id, change, at);
  const envelope = JSON.stringify({
    eventType: change.eventType,
    instanceId: SANDBOX_INSTANCE_ID,
    data: JSON.stringify(data),
    ...(at.identity ? { identity: JSON.stringify(at.identity) } : {}),
  });
  return { id, eventType: change.eventType, entityId: change.entityId, time: at.time, envelope };
}

function domainData(
  id: string,
  change: Extract<Change, { kind: 'domain' }>,
  at: { time: string; sequences: Sequences },
): Record<string, unknown> {
  const key = `${change.fqdn}:${change.entityId}`;
  const sequence = (at.sequences.get(key) ?? 0) + 1;
  at.sequences.set(key, sequence);
  const what = change.change;
  return {
    id,
    entityFqdn: change.fqdn,
    slug: what.slug,
    entityId: change.entityId,
    eventTime: at.time,
    triggeredByAnonymizeRequest: false,
    entityEventSequence: String(sequence),
    ...(what.slug === 'created' ? { createdEvent: { entity: what.entity } } : {}),
    ...(what.slug === 'updated' ? { updatedEvent: { currentEntity: what.entity } } : {}),
    ...(what.slug === 'deleted' ? { deletedEvent: {} } : {}),
  };
}
