import type { Cart } from './types/cart';
import type { Collection } from './types/collections';
import type { Member } from './types/members';
import type { Product, Variant } from './types/products';
import type { RedirectSession } from './types/redirects';

/**
 * Events the client fires after its own successful calls (SPEC.md 7 Events), with typed payloads.
 *
 * @example
 * const off = client.on('cart.updated', ({ cart }) => render(cart));
 */
export interface ApiEvents {
  'cart.created': { cart: Cart };
  'cart.updated': { cart: Cart };
  'cart.deleted': Record<string, never>;
  'member.created': { member: Member };
  'member.updated': { member: Member };
  'member.deleted': { memberId: string };
  'redirectSession.created': { redirectSession: RedirectSession };
  'product.created': { product: Product };
  'product.updated': { productId: string; product?: Product };
  'product.deleted': { productId: string };
  'collection.created': { collection: Collection };
  'collection.updated': { collectionId: string; collection?: Collection };
  'collection.deleted': { collectionId: string };
  'variants.updated': { productId: string; variants?: Variant[] };
}

export type ApiEventName = keyof ApiEvents;
export type ApiEventHandler<K extends ApiEventName> = (payload: ApiEvents[K]) => void;

/**
 * A tiny typed emitter over an event map (`{ name: payload }`), the one the API client and
 * `window.Storefront.on` share; a throwing handler is reported and does not stop the others. (`Webhooks` keeps its
 * own handlers: it awaits them and reports a failure to the platform, which then delivers the event again.)
 *
 * @example
 * const events = new Emitter<{ ready: { at: number } }>();
 * const off = events.on('ready', ({ at }) => console.log(at));
 * events.emit('ready', { at: Date.now() });
 */
export class Emitter<Events extends object = ApiEvents> {
  private readonly handlers = new Map<keyof Events, Set<(payload: never) => void>>();

  on<K extends keyof Events>(name: K, handler: (payload: Events[K]) => void): () => void {
    let set = this.handlers.get(name);
    if (!set) {
      set = new Set();
      this.handlers.set(name, set);
    }
    set.add(handler as (payload: never) => void);
    return () => this.off(name, handler);
  }

  off<K extends keyof Events>(name: K, handler: (payload: Events[K]) => void): void {
    this.handlers.get(name)?.delete(handler as (payload: never) => void);
  }

  emit<K extends keyof Events>(name: K, payload: Events[K]): void {
    for (const handler of [...(this.handlers.get(name) ?? [])]) {
      try {
        (handler as (payload: Events[K]) => void)(payload);
      } catch (error) {
        console.error(`[storefront] a "${String(name)}" handler failed:`, error);
      }
    }
  }
}
