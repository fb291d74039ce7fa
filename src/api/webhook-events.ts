import { StorefrontError } from './errors';
import type { ApiEventName, ApiEvents } from './events';
import type { Cart } from './types/cart';
import type { Collection } from './types/collections';
import type { Member } from './types/members';
import type { Product } from './types/products';
import type { RedirectSession } from './types/redirects';

/**
 * The platform's events as webhooks (`../shared/wire/WEBHOOKS.md`), named as `client.on` names them: the event
 * types of SPEC.md 7 "Events" and how their payloads become the typed events `Webhooks` hands its handlers.
 */

export type WebhookEventName = ApiEventName;

/** The platform's event type (`eventType`) of each event name. */
export const WEBHOOK_EVENT_TYPES = {
  'cart.created': 'wix.ecom.v1.cart_created',
  'cart.updated': 'wix.ecom.v1.cart_updated',
  'cart.deleted': 'wix.ecom.v1.cart_deleted',
  'member.created': 'wix.members.v1.member_created',
  'member.updated': 'wix.members.v1.member_updated',
  'member.deleted': 'wix.members.v1.member_deleted',
  'redirectSession.created': 'wix.headless.v1.redirect_session_created',
  'product.created': 'com.wix.ecommerce.catalog.api.v1.ProductCreated',
  'product.updated': 'com.wix.ecommerce.catalog.api.v1.ProductChanged',
  'product.deleted': 'com.wix.ecommerce.catalog.api.v1.ProductDeleted',
  'collection.created': 'com.wix.ecommerce.catalog.api.v1.CollectionCreated',
  'collection.updated': 'com.wix.ecommerce.catalog.api.v1.CollectionChanged',
  'collection.deleted': 'com.wix.ecommerce.catalog.api.v1.CollectionDeleted',
  'variants.updated': 'com.wix.ecommerce.catalog.api.v1.VariantsChanged',
} as const satisfies Record<WebhookEventName, string>;

/** Every event name, in the order of SPEC.md 7. */
export const WEBHOOK_EVENT_NAMES: readonly WebhookEventName[] = Object.keys(
  WEBHOOK_EVENT_TYPES,
) as WebhookEventName[];

/** The event name of a platform event type: a Map, as the type comes from outside. */
const NAME_OF_TYPE: ReadonlyMap<string, WebhookEventName> = new Map(
  WEBHOOK_EVENT_NAMES.map((name) => [WEBHOOK_EVENT_TYPES[name], name]),
);

export const webhookEventNameOf = (eventType: string): WebhookEventName | undefined =>
  NAME_OF_TYPE.get(eventType);

/** Who caused the event: a visitor, a member, a Wix user (the site owner, an API key) or an app. */
export interface WebhookIdentity {
  identityType: 'ANONYMOUS_VISITOR' | 'MEMBER' | 'WIX_USER' | 'APP' | 'UNKNOWN';
  anonymousVisitorId?: string;
  memberId?: string;
  wixUserId?: string;
  appId?: string;
}

/** What every webhook event carries besides its payload. */
export interface WebhookMetadata {
  /**
   * The event's id, the same on every delivery of it: skip one already handled (`seen`). A domain event's `id`;
   * the catalogue's legacy events (product, collection, variants) carry none, so for them it is `sha256:` and the
   * hex SHA-256 of what the signature covers (the token's header and claims, `<header>.<claims>`), which a resend
   * repeats.
   */
  eventId: string;
  /** The platform's event type, e.g. `wix.ecom.v1.cart_updated`. */
  eventType: string;
  /** The cart's, member's, session's, product's or collection's id. */
  entityId: string;
  /** ISO-8601 UTC: a domain event's `eventTime`; for a legacy event, when its token was issued. */
  eventTime: string;
  /** The app instance: which site the event happened on. */
  instanceId?: string;
  identity?: WebhookIdentity;
  /** Domain events: `created`, `updated` or `deleted`. */
  slug?: string;
  /** Domain events: grows with each event of the entity, so an older update can be told from a newer. */
  entityEventSequence?: string;
}

/** A variant a `VariantsChanged` event names, with the names of its fields that changed. */
export interface WebhookVariantChange {
  variantId: string;
  choices?: Record<string, string>;
  changedFields: string[];
}

/** What the webhook events carry beyond `client.on`'s payload of the same name. */
interface WebhookExtras {
  'cart.deleted': { cartId: string };
  'product.updated': { changedFields: string[] };
  'collection.updated': { changedFields: string[] };
  'variants.updated': { changedVariants: WebhookVariantChange[] };
}

/**
 * The payload of each webhook event: `client.on`'s payload of the same name, what the webhook adds (the changed
 * fields, a deleted cart's id) and `metadata`. A created product or collection holds the fields the platform's
 * legacy event carries (id, name, price, visibility, media, SKU, page, brand, cost; id, name, media, slug,
 * visibility); an updated one names its changed fields only (`product` and `collection` are absent: read them).
 */
export type WebhookEvents = {
  [K in WebhookEventName]: (ApiEvents[K] extends Record<string, never> ? unknown : ApiEvents[K]) &
    (K extends keyof WebhookExtras ? WebhookExtras[K] : unknown) & { metadata: WebhookMetadata };
};

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A verified body whose event cannot be read: the message names what is wrong. */
export class WebhookPayloadProblem extends StorefrontError {
  override name = 'WebhookPayloadProblem';
}

function text(data: Json, field: string): string {
  const value = data[field];
  if (typeof value !== 'string' || value === '')
    throw new WebhookPayloadProblem(`the event's data has no "${field}"`);
  return value;
}

function object(data: Json, path: string): Json {
  let value: unknown = data;
  for (const key of path.split('.')) value = isObject(value) ? value[key] : undefined;
  if (!isObject(value)) throw new WebhookPayloadProblem(`the event's data has no "${path}" object`);
  return value;
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/** Only the fields that are there, as the platform's legacy events leave out what they do not carry. */
function present<T extends object>(record: T): T {
  return Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined)) as T;
}

/** A legacy collection event's id: `collectionId` on the wire (the SDK's typings spell it `collection_Id`). */
const collectionIdOf = (data: Json) =>
  typeof data.collection_Id === 'string' && data.collectionId === undefined
    ? data.collection_Id
    : text(data, 'collectionId');

/** The payload of a domain event (cart, member, redirect session) from its `…Event` part. */
function domainPayload(name: WebhookEventName, data: Json, entityId: string): Json {
  switch (name) {
    case 'cart.created':
      return { cart: object(data, 'createdEvent.entity') as Cart };
    case 'cart.updated':
      return { cart: object(data, 'updatedEvent.currentEntity') as Cart };
    case 'cart.deleted':
      return { cartId: entityId };
    case 'member.created':
      return { member: object(data, 'createdEvent.entity') as Member };
    case 'member.updated':
      return { member: object(data, 'updatedEvent.currentEntity') as Member };
    case 'member.deleted':
      return { memberId: entityId };
    default:
      return { redirectSession: object(data, 'createdEvent.entity') as unknown as RedirectSession };
  }
}

/** The payload of a legacy catalogue event, from its flat data. */
function legacyPayload(name: WebhookEventName, data: Json): { payload: Json; entityId: string } {
  if (name.startsWith('collection.')) {
    const collectionId = collectionIdOf(data);
    if (name === 'collection.created') {
      const { name: title, media, slug, visible } = data as Collection;
      const collection: Collection = present({ id: collectionId, name: title, media, slug, visible });
      return { payload: { collection }, entityId: collectionId };
    }
    const changed = name === 'collection.updated' ? { changedFields: strings(data.changedFields) } : {};
    return { payload: { collectionId, ...changed }, entityId: collectionId };
  }
  const productId = text(data, 'productId');
  if (name === 'product.created')
    return { payload: { product: productOf(productId, data) }, entityId: productId };
  if (name === 'product.updated')
    return { payload: { productId, changedFields: strings(data.changedFields) }, entityId: productId };
  if (name === 'variants.updated')
    return { payload: { productId, changedVariants: variantChanges(data.variants) }, entityId: productId };
  return { payload: { productId }, entityId: productId };
}

/** A `ProductCreated` event's fields as a product: its price is the product's `priceData` (and `price`). */
function productOf(id: string, data: Json): Product {
  const d = data as Json & Product;
  const price = isObject(data.price) ? (data.price as Product['priceData']) : undefined;
  return present({
    id,
    name: d.name,
    visible: d.visible,
    price,
    priceData: price,
    media: d.media,
    sku: d.sku,
    productPageUrl: d.productPageUrl,
    brand: d.brand,
    costAndProfitData: d.costAndProfitData,
  });
}

function variantChanges(value: unknown): WebhookVariantChange[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isObject).map((v) =>
    present({
      variantId: typeof v.variantId === 'string' ? v.variantId : '',
      choices: isObject(v.choices) ? (v.choices as Record<string, string>) : undefined,
      changedFields: strings(v.changedFields),
    }),
  );
}

/** The typed event of a verified envelope's `data`, with its metadata. */
export function webhookEventOf(
  name: WebhookEventName,
  data: unknown,
  base: {
    eventType: string;
    instanceId?: string;
    identity?: WebhookIdentity;
    issuedAt: number;
    digest: string;
  },
): WebhookEvents[WebhookEventName] {
  if (!isObject(data)) throw new WebhookPayloadProblem("the event's data is not a JSON object");
  const common = present({ eventType: base.eventType, instanceId: base.instanceId, identity: base.identity });
  if (name.startsWith('cart.') || name.startsWith('member.') || name === 'redirectSession.created') {
    const entityId = text(data, 'entityId');
    const metadata: WebhookMetadata = {
      eventId: text(data, 'id'),
      entityId,
      eventTime:
        typeof data.eventTime === 'string' ? data.eventTime : new Date(base.issuedAt * 1000).toISOString(),
      ...common,
      ...present({
        slug: typeof data.slug === 'string' ? data.slug : undefined,
        entityEventSequence:
          typeof data.entityEventSequence === 'string' ? data.entityEventSequence : undefined,
      }),
    };
    return { ...domainPayload(name, data, entityId), metadata } as WebhookEvents[WebhookEventName];
  }
  const { payload, entityId } = legacyPayload(name, data);
  const metadata: WebhookMetadata = {
    eventId: base.digest,
    entityId,
    eventTime: new Date(base.issuedAt * 1000).toISOString(),
    ...common,
  };
  return { ...payload, metadata } as WebhookEvents[WebhookEventName];
}
