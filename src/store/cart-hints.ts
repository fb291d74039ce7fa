import type { Cart } from '../api/types/cart';
import { TAB_PROTOCOL, type TabMessage } from './channel';
import type { CartCore, SliceContext } from './types';

const short = (value: unknown, pattern: RegExp) => typeof value === 'string' && pattern.test(value);

/**
 * What a tab said, if it is a message of this version in its exact shape (else null): a message is outside
 * data, from any script of the origin or another version of the bundle.
 */
export function tabMessageOf(data: unknown): TabMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const { v, type, id, revision, updated } = data as Record<string, unknown>;
  if (v !== TAB_PROTOCOL) return null;
  if (type === 'cart-missing' || type === 'cart-unsure') return { type };
  if (
    type !== 'cart' ||
    !short(id, /^[\w-]{1,100}$/) ||
    (revision !== undefined && !short(revision, /^\d{1,16}$/)) ||
    (updated !== undefined && !short(updated, /^[\w:.+-]{1,40}$/))
  )
    return null;
  return {
    type,
    id: id as string,
    ...(revision === undefined ? {} : { revision: revision as string }),
    ...(updated === undefined ? {} : { updated: updated as string }),
  };
}

/**
 * The other tabs' word, downloaded with the first message (`cart-core.ts`): a hint, never the cart itself. A
 * message in another shape or version is not heard; the server is asked unless this tab has that very cart
 * (the same id, revision and update time) or knows of none as the other tab does, or has not read the cart
 * yet (its first read is on its way). One read at a time, and one more after it for every message heard
 * meanwhile: a burst of messages makes two reads, not one per message.
 */
export function tabHints(
  { get }: SliceContext,
  newest: () => Cart | null,
  read: CartCore['read'],
  recheck: () => void,
): (data: unknown) => void {
  let rereading: Promise<unknown> | undefined;
  let rereadAgain = false;
  const reread = () => {
    if (rereading) {
      rereadAgain = true;
      return;
    }
    rereading = read({ keepError: true, broadcast: false }).finally(() => {
      rereading = undefined;
      if (rereadAgain) {
        rereadAgain = false;
        reread();
      }
    });
  };
  return (data) => {
    const message = tabMessageOf(data);
    if (!message) return;
    const { status } = get().cart;
    const cart = newest();
    if (message.type === 'cart-unsure') recheck();
    else if (
      status !== 'idle' &&
      (message.type === 'cart'
        ? cart?.id !== message.id ||
          cart.revision !== message.revision ||
          cart.updatedDate !== message.updated
        : cart || status !== 'ready')
    )
      reread();
  };
}
