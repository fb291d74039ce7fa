/**
 * Messages the page's tabs send each other about the cart. They are hints, never the cart itself: a tab that
 * hears of a cart other than its own asks the server (`cart-hints.ts`, which checks every message heard), so a
 * message can make a tab read, never show what the message says.
 */
export type TabMessage =
  /** A tab took this cart from the server (its id, and its revision and update time to tell it by). */
  | { type: 'cart'; id: string; revision?: string; updated?: string }
  /** A tab found no cart on the server. */
  | { type: 'cart-missing' }
  /** A page was left with cart changes on their way: they may land after any read made so far. */
  | { type: 'cart-unsure' };

/**
 * A cross-tab channel: BroadcastChannel in browsers; tests pass a fake pair. It posts this version's messages
 * and hears anything (any script of the origin may post): what it hears is outside data.
 */
export interface TabChannel {
  post(message: TabMessage): void;
  subscribe(listener: (data: unknown) => void): () => void;
}

/**
 * The messages' version: a tab of an older or newer bundle (whose messages mean something else) is not heard.
 * 1 was the unversioned messages that carried whole carts.
 */
export const TAB_PROTOCOL = 2;

/** BroadcastChannel under the client's name, or a channel that goes nowhere where there is none. */
export function broadcastChannel(name: string): TabChannel {
  if (typeof BroadcastChannel === 'undefined') return { post() {}, subscribe: () => () => {} };
  const channel = new BroadcastChannel(name);
  return {
    post: (message) => channel.postMessage({ v: TAB_PROTOCOL, ...message }),
    subscribe(listener) {
      const handler = (event: MessageEvent) => listener(event.data);
      channel.addEventListener('message', handler);
      return () => channel.removeEventListener('message', handler);
    },
  };
}

/**
 * Two connected channels for tests: what one posts, the other hears (as a copy, a microtask later), as
 * BroadcastChannel's do. `raw(data)` delivers anything to the other side's listeners, as a hostile script of
 * the origin could.
 */
export function channelPair(): [
  TabChannel & { raw(data: unknown): void },
  TabChannel & { raw(data: unknown): void },
] {
  const make = () => {
    const listeners = new Set<(data: unknown) => void>();
    let other = listeners;
    const raw = (data: unknown) =>
      queueMicrotask(() => {
        for (const listener of [...other]) listener(structuredClone(data));
      });
    const channel = {
      raw,
      post: (message: TabMessage) => raw({ v: TAB_PROTOCOL, ...message }),
      subscribe(listener: (data: unknown) => void) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
    return { channel, listeners, link: (to: typeof listeners) => (other = to) };
  };
  const a = make();
  const b = make();
  a.link(b.listeners);
  b.link(a.listeners);
  return [a.channel, b.channel];
}
