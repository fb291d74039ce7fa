/**
 * What the tests of `storefront-widgets/react` (test/unit/react, on React 19 and 18) share: the in-process
 * platform with a recording `fetch`, one React root at a time, and queries into the widgets' shadow roots.
 */
import { act, type ReactElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { expect, vi } from 'vitest';
import type { SandboxOptions } from '../../sandbox/app';
import type { SandboxSettings } from '../../sandbox/settings';
import { answerSilentFrames, pageRequest } from './login';
import { testSandbox } from './sandbox';
import { getByRole, queryByRole, settle, textOf } from './widget';

/** A request as sent to the platform. */
export interface Sent {
  method: string;
  path: string;
  /** The query string (`?…`), or ''. */
  search: string;
  body?: unknown;
}

/**
 * The in-process platform and a `fetch` to it that records each request (`sent`) and lets a test answer some
 * itself (`intercept`: a Response answers, undefined lets it through); the silent sign-in's frames are
 * answered from it too.
 */
export function platform(options: SandboxOptions = {}) {
  const harness = testSandbox(options);
  const sent: Sent[] = [];
  const interceptors = new Set<(request: Sent) => Response | undefined>();
  const sandboxFetch: typeof fetch = async (input, init) => {
    const request = new Request(input as RequestInfo, init);
    const text = await request.clone().text();
    const entry: Sent = {
      method: request.method,
      path: new URL(request.url).pathname,
      search: new URL(request.url).search,
      ...(text && request.headers.get('content-type')?.includes('json') ? { body: JSON.parse(text) } : {}),
    };
    sent.push(entry);
    for (const interceptor of interceptors) {
      const answer = interceptor(entry);
      if (answer) return answer;
    }
    return harness.sandbox.fetch(request);
  };
  const silent = answerSilentFrames((url, referer) => harness.sandbox.app.fetch(pageRequest(url, referer)));
  /** A seeded product's id by its slug. */
  const productId = (slug: string) => {
    const found = [...harness.sandbox.context.state.products.values()].find((p) => p.slug === slug);
    if (!found?.id) throw new Error(`No seeded product "${slug}"`);
    return found.id;
  };
  /** The sandbox's simulated conditions (`PATCH /_sandbox/settings`). */
  const settings = async (patch: Partial<SandboxSettings>) => {
    const res = await harness.call('PATCH', '/_sandbox/settings', { body: patch });
    if (res.status !== 200) throw new Error(`Settings refused: ${res.text}`);
  };
  const intercept = (interceptor: (request: Sent) => Response | undefined) => {
    interceptors.add(interceptor);
    return () => void interceptors.delete(interceptor);
  };
  /** Requests sent so far to paths ending with `pathEnd`. */
  const requestsTo = (pathEnd: string) => sent.filter((r) => r.path.endsWith(pathEnd));
  return { ...harness, sent, sandboxFetch, silent, productId, settings, intercept, requestsTo };
}

export type Platform = ReturnType<typeof platform>;

/** One React root for a test file's tests: `show` renders (again), `cleanup` unmounts and forgets the page. */
export function reactRoot() {
  let root: Root | undefined;
  let container: HTMLElement | undefined;
  const stops: Array<() => void> = [];
  return {
    async show(app: ReactElement) {
      if (!root) {
        container = document.createElement('div');
        document.body.append(container);
        root = createRoot(container);
      }
      const current = root;
      await act(async () => current.render(app));
    },
    /** The app's own DOM (not the widgets' shadow roots). */
    get container(): HTMLElement {
      if (!container) throw new Error('Nothing shown yet');
      return container;
    },
    /** The in-process platform for this test (its silent-frame watcher stops with `cleanup`). */
    platform(options: SandboxOptions = {}) {
      const made = platform(options);
      stops.push(made.silent.stop);
      return made;
    },
    async cleanup() {
      const current = root;
      await act(async () => current?.unmount());
      root = undefined;
      container?.remove();
      container = undefined;
      for (const stop of stops.splice(0)) stop();
      localStorage.clear();
      sessionStorage.clear();
      // The provider stops its storefront on a 0 ms timer set as it unmounted: a timer set after it runs after it.
      await settle();
    },
  };
}

export const shadowOf = (name: string): ShadowRoot => {
  const el = document.querySelector(name);
  if (!el?.shadowRoot) throw new Error(`<${name}> has no shadow root`);
  return el.shadowRoot;
};
export const byTestId = (id: string) => textOf(document.querySelector(`[data-testid="${id}"]`));
export const click = async (el: Element) => {
  await act(async () => (el as HTMLElement).click());
};
/** A widget's open dialog, once there is one. */
export const openDialog = (widget: string) =>
  vi.waitFor(() => getByRole<HTMLDialogElement>(shadowOf(widget), 'dialog'));
export const dialogOf = (widget: string) => queryByRole<HTMLDialogElement>(shadowOf(widget), 'dialog');
export const dialogGone = (widget: string) => vi.waitFor(() => expect(dialogOf(widget)).toBeNull());
/** Escape: the <dialog>'s cancel event (happy-dom does not make it from the key). */
export const pressEscape = async (dialog: HTMLDialogElement) => {
  await act(async () => void dialog.dispatchEvent(new Event('cancel', { cancelable: true })));
};
/** A press outside the dialog's box: on the dialog element itself, which fills the viewport. */
export const pressOutside = async (dialog: HTMLDialogElement) => {
  await act(async () => void dialog.dispatchEvent(new MouseEvent('mousedown', { bubbles: true })));
};

/**
 * A hook's latest answer, read by the test (as Testing Library's `renderHook`): render `<Probe />` under the
 * provider, then read `current`.
 */
export function probe<T>(use: () => T) {
  const seen: { value?: T } = {};
  function Probe() {
    seen.value = use();
    return null;
  }
  return {
    Probe,
    get current(): T {
      if (!('value' in seen)) throw new Error('The probe has not rendered yet');
      return seen.value as T;
    },
  };
}
