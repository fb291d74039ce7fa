/**
 * What changed since the last look, as the platform's events (SPEC.md 7 "Events"). The sandbox's handlers change
 * its state in many places (v1 and V2 carts, sign-in's cart merge, orders, the identity service, the members and
 * catalogue services); rather than an event call beside each of them, the tracker compares the state after every
 * call that may change it with what it saw before, so a change made anywhere is an event:
 * - carts: each open cart's `revision` and owner (every write moves the revision); a cart that is no longer open
 *   (deleted, or ordered: v1 then has no current cart) is deleted;
 * - members, collections (with their number of products) and redirect sessions: all of them, as they are few;
 * - products: only those noted as written (`noteProduct`, called by the catalogue's writes and by orders, which
 *   take stock), as comparing every product after every call costs about a millisecond.
 * A member's `lastLoginDate`, moved by every sign-in, and a product's `lastUpdated` are not changes of their own.
 */
import type { Collection } from '../../src/api/types/collections';
import type { Product, Variant } from '../../src/api/types/products';
import { cartView } from '../cart/v1/view';
import type { SandboxContext } from '../context';
import { projectMember } from '../members';
import type { SandboxState } from '../state';
import { type Change, EVENT_TYPES } from './events';

/** A record's fields, each as the JSON of its value: two snapshots compare field by field. */
type Fields = Map<string, string>;

interface ProductSnapshot {
  fields: Fields;
  variants: Map<string, { choices: Record<string, string> | undefined; fields: Fields }>;
}

interface Baseline {
  state: SandboxState;
  /** Open carts by id: `<revision>|<owner>`. */
  carts: Map<string, string>;
  /** Members by id: their JSON without `lastLoginDate`. */
  members: Map<string, string>;
  products: Map<string, ProductSnapshot>;
  /** Collections by id, `numberOfProducts` included. */
  collections: Map<string, Fields>;
  /** How many redirect sessions there were (they are only ever added). */
  redirectSessions: number;
}

const CART = 'wix.ecom.v1.cart';
const MEMBER = 'wix.members.v1.member';
const REDIRECT_SESSION = 'wix.headless.v1.redirect_session';
/** The legacy catalogue events say which catalogue they come from. */
const V1 = { originatedFromVersion: 'V1_CATALOG' } as const;

function fieldsOf(record: object, omit: readonly string[] = []): Fields {
  const fields: Fields = new Map();
  for (const [key, value] of Object.entries(record)) {
    if (value !== undefined && !omit.includes(key)) fields.set(key, JSON.stringify(value));
  }
  return fields;
}

/** The names of the fields that differ (set, changed or cleared), in the order of the newer record. */
function changedFields(before: Fields, after: Fields): string[] {
  const names = [...after.keys(), ...[...before.keys()].filter((key) => !after.has(key))];
  return names.filter((key) => before.get(key) !== after.get(key));
}

const memberJson = (member: object) => JSON.stringify({ ...member, lastLoginDate: undefined });

function productSnapshot(product: Product): ProductSnapshot {
  const variants: ProductSnapshot['variants'] = new Map();
  for (const variant of product.variants ?? []) {
    variants.set(variant.id ?? '', { choices: variant.choices, fields: variantFields(variant) });
  }
  return { fields: fieldsOf(product, ['lastUpdated', 'variants']), variants };
}

/** A variant's fields by the names of its data (`priceData`, `weight`, `sku`, `visible`…), `stock` and `choices`. */
const variantFields = (variant: Variant): Fields =>
  fieldsOf({ ...variant.variant, stock: variant.stock, choices: variant.choices });

function collectionFields(collection: Collection, counts: Map<string, number>): Fields {
  return fieldsOf({ ...collection, numberOfProducts: counts.get(collection.id ?? '') ?? 0 });
}

/** How many products each collection holds, hidden ones included (the merchant's view). */
function productCounts(state: SandboxState): Map<string, number> {
  const counts = new Map<string, number>();
  for (const product of state.products.values()) {
    for (const id of product.collectionIds ?? []) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
}

/** Finds the changes of SPEC.md 7's entities between one look and the next. */
export class ChangeTracker {
  private baseline: Baseline | undefined;
  private readonly writtenProducts = new Set<string>();

  constructor(private readonly ctx: SandboxContext) {}

  /** Whether changes are being followed (only while someone is subscribed: else nothing is compared). */
  get active(): boolean {
    return this.baseline !== undefined;
  }

  /** Starts following from the state as it is now: what happened before makes no event. */
  start(): void {
    const state = this.ctx.state;
    const counts = productCounts(state);
    this.writtenProducts.clear();
    this.baseline = {
      state,
      carts: new Map([...state.carts.values()].map((cart) => [cart.id, `${cart.revision}|${cart.owner}`])),
      members: new Map([...state.members.values()].map((m) => [m.id ?? '', memberJson(m)])),
      products: new Map([...state.products.values()].map((p) => [p.id ?? '', productSnapshot(p)])),
      collections: new Map(
        [...state.collections.values()].map((c) => [c.id ?? '', collectionFields(c, counts)]),
      ),
      redirectSessions: state.redirectSessions.size,
    };
  }

  stop(): void {
    this.baseline = undefined;
    this.writtenProducts.clear();
  }

  /** A catalogue write or an order changed this product (or made or deleted it). */
  noteProduct(id: string): void {
    if (this.baseline) this.writtenProducts.add(id);
  }

  /** The changes since the last look, in the order carts, members, redirect sessions, products, collections. */
  collect(): Change[] {
    const base = this.baseline;
    if (!base) return [];
    // A reset replaced the whole state: back to the seed is no event.
    if (base.state !== this.ctx.state) {
      this.start();
      return [];
    }
    return [
      ...this.cartChanges(base),
      ...this.memberChanges(base),
      ...this.redirectSessionChanges(base),
      ...this.productChanges(base),
      ...this.collectionChanges(base),
    ];
  }

  private cartChanges(base: Baseline): Change[] {
    const changes: Change[] = [];
    const now = new Map<string, string>();
    for (const cart of this.ctx.state.carts.values()) {
      const print = `${cart.revision}|${cart.owner}`;
      now.set(cart.id, print);
      const before = base.carts.get(cart.id);
      if (before === print) continue;
      const entity = cartView(this.ctx, cart);
      const slug = before === undefined ? 'created' : 'updated';
      changes.push({
        kind: 'domain',
        eventType: slug === 'created' ? EVENT_TYPES.cartCreated : EVENT_TYPES.cartUpdated,
        fqdn: CART,
        entityId: cart.id,
        change: { slug, entity },
      });
    }
    for (const id of base.carts.keys()) {
      if (now.has(id)) continue;
      changes.push({
        kind: 'domain',
        eventType: EVENT_TYPES.cartDeleted,
        fqdn: CART,
        entityId: id,
        change: { slug: 'deleted' },
      });
    }
    base.carts = now;
    return changes;
  }

  private memberChanges(base: Baseline): Change[] {
    const changes: Change[] = [];
    const now = new Map<string, string>();
    for (const member of this.ctx.state.members.values()) {
      const id = member.id ?? '';
      const json = memberJson(member);
      now.set(id, json);
      const before = base.members.get(id);
      if (before === json) continue;
      const slug = before === undefined ? 'created' : 'updated';
      changes.push({
        kind: 'domain',
        eventType: slug === 'created' ? EVENT_TYPES.memberCreated : EVENT_TYPES.memberUpdated,
        fqdn: MEMBER,
        entityId: id,
        change: { slug, entity: projectMember(member, 'FULL') },
      });
    }
    for (const id of base.members.keys()) {
      if (now.has(id)) continue;
      const change = { slug: 'deleted' } as const;
      changes.push({
        kind: 'domain',
        eventType: EVENT_TYPES.memberDeleted,
        fqdn: MEMBER,
        entityId: id,
        change,
      });
    }
    base.members = now;
    return changes;
  }

  private redirectSessionChanges(base: Baseline): Change[] {
    const sessions = this.ctx.state.redirectSessions;
    const changes: Change[] = [];
    let index = 0;
    for (const session of sessions.values()) {
      if (index++ < base.redirectSessions) continue;
      changes.push({
        kind: 'domain',
        eventType: EVENT_TYPES.redirectSessionCreated,
        fqdn: REDIRECT_SESSION,
        entityId: session.id,
        change: { slug: 'created', entity: session.answer ?? { id: session.id } },
      });
    }
    base.redirectSessions = sessions.size;
    return changes;
  }

  private productChanges(base: Baseline): Change[] {
    const changes: Change[] = [];
    for (const id of this.writtenProducts) {
      const product = this.ctx.state.products.get(id);
      const before = base.products.get(id);
      if (!product) {
        if (!before) continue;
        base.products.delete(id);
        changes.push({
          kind: 'legacy',
          eventType: EVENT_TYPES.productDeleted,
          entityId: id,
          data: { productId: id, ...V1 },
        });
        continue;
      }
      const after = productSnapshot(product);
      base.products.set(id, after);
      if (!before) {
        changes.push({
          kind: 'legacy',
          eventType: EVENT_TYPES.productCreated,
          entityId: id,
          data: productCreated(product),
        });
        continue;
      }
      changes.push(...productUpdates(id, before, after));
    }
    this.writtenProducts.clear();
    return changes;
  }

  private collectionChanges(base: Baseline): Change[] {
    const changes: Change[] = [];
    const counts = productCounts(this.ctx.state);
    const now = new Map<string, Fields>();
    for (const collection of this.ctx.state.collections.values()) {
      const id = collection.id ?? '';
      const fields = collectionFields(collection, counts);
      now.set(id, fields);
      const before = base.collections.get(id);
      if (!before) {
        const data = { collectionId: id, ...pick(collection, ['name', 'media', 'slug', 'visible']), ...V1 };
        changes.push({ kind: 'legacy', eventType: EVENT_TYPES.collectionCreated, entityId: id, data });
        continue;
      }
      const changed = changedFields(before, fields);
      if (changed.length === 0) continue;
      const data = { collectionId: id, changedFields: changed, ...V1 };
      changes.push({ kind: 'legacy', eventType: EVENT_TYPES.collectionChanged, entityId: id, data });
    }
    for (const id of base.collections.keys()) {
      if (now.has(id)) continue;
      const data = { collectionId: id, ...V1 };
      changes.push({ kind: 'legacy', eventType: EVENT_TYPES.collectionDeleted, entityId: id, data });
    }
    base.collections = now;
    return changes;
  }
}

function pick<T extends object>(record: T, keys: readonly (keyof T)[]): Partial<T> {
  const out: Partial<T> = {};
  for (const key of keys) if (record[key] !== undefined) out[key] = record[key];
  return out;
}

/** ProductCreated: the product's id, name, price, visibility, media, SKU, page, brand and cost. */
function productCreated(product: Product): Record<string, unknown> {
  return {
    productId: product.id,
    ...pick(product, ['name']),
    ...((product.priceData ?? product.price) ? { price: product.priceData ?? product.price } : {}),
    ...pick(product, ['visible', 'media', 'sku', 'productPageUrl', 'brand', 'costAndProfitData']),
    ...V1,
  };
}

/** ProductChanged for the product's own fields, VariantsChanged for its variants' (each with what changed). */
function productUpdates(id: string, before: ProductSnapshot, after: ProductSnapshot): Change[] {
  const changes: Change[] = [];
  const fields = changedFields(before.fields, after.fields);
  if (fields.length) {
    const data = { productId: id, changedFields: fields, ...V1 };
    changes.push({ kind: 'legacy', eventType: EVENT_TYPES.productChanged, entityId: id, data });
  }
  const variants = [];
  for (const [variantId, now] of after.variants) {
    const was = before.variants.get(variantId);
    const changed = was ? changedFields(was.fields, now.fields) : [...now.fields.keys()];
    if (changed.length === 0) continue;
    variants.push({ variantId, ...(now.choices ? { choices: now.choices } : {}), changedFields: changed });
  }
  if (variants.length) {
    const data = { productId: id, variants, ...V1 };
    changes.push({ kind: 'legacy', eventType: EVENT_TYPES.variantsChanged, entityId: id, data });
  }
  return changes;
}
