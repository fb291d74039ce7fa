import type { FrameWindow } from '../../src/auth/silent';

export interface FakeFrameWindow extends FrameWindow {
  /** Sends a message as if from a window: the silent sign-in's listener sees it. */
  post(data: unknown, origin: string, source: unknown): void;
  /** The iframes appended so far, with their src. */
  frames: Array<{ src: string; contentWindow: object; removed: boolean }>;
  listenerCount(): number;
  timerCount(): number;
  /** Runs every pending timer now. */
  fireTimers(): void;
}

/**
 * A window for the silent sign-in without a browser: appending an iframe calls `onFrame` with its URL,
 * which answers by `post`ing a message like the platform's page would. Timers are kept for the test to fire.
 */
export function fakeFrameWindow(
  onFrame: (frame: { src: string; contentWindow: object }, win: FakeFrameWindow) => void,
): FakeFrameWindow {
  const listeners = new Set<(event: MessageEvent) => void>();
  const timers = new Map<number, () => void>();
  let nextTimer = 1;
  const frames: FakeFrameWindow['frames'] = [];
  const win: FakeFrameWindow = {
    frames,
    document: {
      createElement: () => {
        const frame = {
          src: '',
          contentWindow: {},
          removed: false,
          tabIndex: 0,
          style: { cssText: '' },
          setAttribute() {},
          remove() {
            frame.removed = true;
          },
        };
        return frame as unknown as HTMLElement;
      },
      body: {
        appendChild(node: unknown) {
          const frame = node as FakeFrameWindow['frames'][number];
          frames.push(frame);
          queueMicrotask(() => onFrame(frame, win));
          return node;
        },
      },
    } as unknown as Document,
    addEventListener: (_type, listener) => void listeners.add(listener),
    removeEventListener: (_type, listener) => void listeners.delete(listener),
    setTimeout: (handler) => {
      const id = nextTimer++;
      timers.set(id, handler);
      return id;
    },
    clearTimeout: (id) => void timers.delete(id as number),
    post(data, origin, source) {
      for (const listener of [...listeners]) listener({ data, origin, source } as MessageEvent);
    },
    listenerCount: () => listeners.size,
    timerCount: () => timers.size,
    fireTimers() {
      for (const [id, handler] of [...timers]) {
        timers.delete(id);
        handler();
      }
    },
  };
  return win;
}

/** Reads the message the platform's web_message page posts: `postMessage(<data>, <targetOrigin>)`. */
export function postedMessage(html: string): { data: Record<string, unknown>; targetOrigin: string } {
  const match = /window\.parent\.postMessage\((\{.*\}), ("[^"]*")\);/.exec(html);
  if (!match) throw new Error(`No postMessage in page: ${html.slice(0, 200)}`);
  return { data: JSON.parse(match[1] as string), targetOrigin: JSON.parse(match[2] as string) };
}
