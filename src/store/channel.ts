/** Messages the page's tabs send each other about the cart. */
export type TabMessage =
  | { type: 'cart'; cart: unknown; count: number }
  | { type: 'cart-missing' }
  /** A page was left with cart changes on their way: they may land after any read made so far. */
  | { type: 'cart-unsure' };

/** A cross-tab channel: BroadcastChannel in browsers; tests pass a fake pair. */
export interface TabChannel {
  post(message: TabMessage): void;
  subscribe(listener: (message: TabMessage) => void): () => void;
}

/** BroadcastChannel under the client's name, or a channel that goes nowhere where there is none. */
export function broadcastChannel(name: string): TabChannel {
  if (typeof BroadcastChannel === 'undefined') return { post() {}, subscribe: () => () => {} };
  const channel = new BroadcastChannel(name);
  return {
    post: (message) => channel.postMessage(message),
    subscribe(listener) {
      const handler = (event: MessageEvent) => listener(event.data as TabMessage);
      channel.addEventListener('message', handler);
      return () => channel.removeEventListener('message', handler);
    },
  };
}

/** Two connected channels for tests: what one posts, the other hears. */
export function channelPair(): [TabChannel, TabChannel] {
  const make = (): TabChannel & { deliver(m: TabMessage): void } => {
    const listeners = new Set<(m: TabMessage) => void>();
    return {
      post: () => {},
      subscribe(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      deliver(message) {
        for (const l of [...listeners]) l(structuredClone(message));
      },
    };
  };
  const a = make();
  const b = make();
  a.post = (m) => queueMicrotask(() => b.deliver(m));
  b.post = (m) => queueMicrotask(() => a.deliver(m));
  return [a, b];
}
