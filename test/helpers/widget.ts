import { vi } from 'vitest';
import type { Sandbox } from '../../sandbox/app';
import type { SandboxSettings } from '../../sandbox/settings';
import { createSession, type Session } from '../../src/auth/session';
import { type KeyValueStorage, memoryStorage } from '../../src/auth/storage';
import type { EmbedConfig } from '../../src/config';
import { createStorefrontStore, type StoreDeps, type Storefront } from '../../src/store/store';
import type { WidgetModule } from '../../src/ui/lazy-element';
import { REDIRECT_SESSION_PATH } from './navigation';
import { SANDBOX_ORIGIN, testSandbox } from './sandbox';
import { SITE_ORIGIN } from './session';

/**
 * How long a test file may wait for the chunks its code imports on demand (`import()`). A chunk's first import
 * in a test file has vitest transform and run it and what it imports (the member menu brings floating-ui):
 * half a second on an idle machine, several on a busy one. Only `importChunks` waits this long.
 */
export const CHUNK_TIMEOUT_MS = 60_000;

/** The chunks the widgets, the loader and the store import on demand, as their own `import()` gets them. */
export const CHUNKS = {
  /** The views' texts (drawer, login modal, member menu), by language. */
  textsEn: () => import('../../src/widgets/texts.en'),
  textsDe: () => import('../../src/widgets/texts.de'),
  /** A language's pack (its badge shell's texts, and the way to its other packs), by language. */
  langDe: () => import('../../src/widgets/lang.de'),
  langAr: () => import('../../src/widgets/lang.ar'),
  /** The badge's member part's texts, by language. */
  memberDe: () => import('../../src/widgets/member-badge/member.de'),
  memberAr: () => import('../../src/widgets/member-badge/member.ar'),
  textsAr: () => import('../../src/widgets/texts.ar'),
  /** The product elements' texts, by language. */
  productTextsEn: () => import('../../src/widgets/products.en'),
  productTextsDe: () => import('../../src/widgets/products.de'),
  /** The loader's widget chunks. */
  drawer: () => import('../../src/widgets/cart-drawer/index'),
  loginModal: () => import('../../src/widgets/login-modal/index'),
  product: () => import('../../src/widgets/product/index'),
  /** A product page's gallery and details (`layout="page"`). */
  productPage: () => import('../../src/widgets/product/page'),
  /** The member badge's member part (her button, the notices), and its menu (with floating-ui). */
  memberPart: () => import('../../src/widgets/member-badge/member'),
  menu: () => import('../../src/widgets/member-badge/menu'),
  /** The store's actions loaded with their first call. */
  cartEdits: () => import('../../src/store/cart-edits'),
  cartV1: () => import('../../src/store/cart-v1'),
  cartV2: () => import('../../src/store/cart-v2'),
  cartV2Read: () => import('../../src/store/cart-v2-read'),
  memberActions: () => import('../../src/store/member-actions'),
  productCalls: () => import('../../src/store/products'),
  signInFlows: () => import('../../src/store/sign-in-flows'),
  /** The session's redirect sessions (checkout, logout, the members area). */
  redirects: () => import('../../src/api/redirects'),
  /** The loader's end of a hosted sign-in, and the host page's add-to-cart buttons. */
  redirectBack: () => import('../../src/auth/redirect-back'),
  hostAdd: () => import('../../src/host-add-to-cart'),
} satisfies Record<string, () => Promise<unknown>>;

export type ChunkName = keyof typeof CHUNKS;

/**
 * Imports chunks that the code under test imports on demand, in a test file's `beforeAll` with
 * `CHUNK_TIMEOUT_MS`: the code's own `import()` then gets the same module at once, so the tests' waits are for
 * what the widgets do, never for vitest loading a chunk (which the 1 s default of `vi.waitFor` does not cover
 * on a busy machine). What a chunk does when it loads (its code, its failures) is still the code's.
 * @example beforeAll(() => importChunks('drawer', 'textsEn', 'cartEdits', 'cartV1'), CHUNK_TIMEOUT_MS);
 */
export async function importChunks(...names: ChunkName[]): Promise<void> {
  await Promise.all(names.map((name) => CHUNKS[name]()));
}

/** A request as the widget sent it to the sandbox. */
export interface SentRequest {
  method: string;
  path: string;
  body?: unknown;
}

/**
 * Decides what happens to one request before it reaches the sandbox: `undefined` lets it through, a Response
 * answers it instead, a thrown error is a network failure, and a promise holds it until it settles.
 */
export type Interceptor = (request: SentRequest) => Response | Promise<Response | undefined> | undefined;

export const TEST_CONFIG: EmbedConfig = {
  clientId: 'demo-client',
  apiBase: SANDBOX_ORIGIN,
  lang: 'en',
  currency: 'USD',
  theme: 'auto',
  strings: {},
  openCartOnAdd: true,
  cartApi: 'v1',
};

/**
 * The real store and session on an in-process sandbox (memory storage), for tests of the page's own wiring.
 * Two stores share a sandbox and a storage (a page before and after a change of its script tag) by passing
 * the first one's `harness` and `storage`.
 */
export function sandboxStore(
  deps: Omit<StoreDeps, 'session' | 'storage'> = {},
  options: {
    /** The platform calls' `fetch` over the sandbox's (to hold or fail some); the sandbox's by default. */
    fetch?: (sandbox: Sandbox) => typeof fetch;
    harness?: ReturnType<typeof testSandbox>;
    storage?: KeyValueStorage;
  } = {},
) {
  const harness = options.harness ?? testSandbox();
  const { sandbox } = harness;
  const storage = options.storage ?? memoryStorage();
  const store = createStorefrontStore({
    session: (tokens) =>
      createSession({
        clientId: 'demo-client',
        apiBase: SANDBOX_ORIGIN,
        fetch: options.fetch ? options.fetch(sandbox) : sandbox.fetch,
        storage,
        tokens,
      }),
    storage,
    ...deps,
  });
  // Listening to the session and the other tabs, as a started page's store (without its first read).
  store.getState().listen();
  /** A seeded product's id by its slug. */
  const productId = (slug: string) =>
    [...sandbox.context.state.products.values()].find((p) => p.slug === slug)?.id as string;
  return { harness, sandbox, storage, store, session: store.session, productId };
}

/**
 * A widget mounted, as the loader mounts it, into the open shadow root of an element on the page, with the
 * real session and store talking to an in-process sandbox (no port, no network). Every request is recorded
 * in `sent`; `intercept` can hold, fail or answer requests on their way.
 */
export function mountWidget(
  widget: WidgetModule,
  options: {
    config?: Partial<EmbedConfig>;
    tag?: string;
    site?: string;
    /** More of the store's dependencies (the page's window for the silent sign-in is there already). */
    store?: Partial<StoreDeps>;
  } = {},
) {
  const harness = testSandbox();
  const { sandbox } = harness;
  const sent: SentRequest[] = [];
  const interceptors = new Set<Interceptor>();
  const sandboxFetch: typeof fetch = async (input, init) => {
    const request = new Request(input as RequestInfo, init);
    const text = await request.clone().text();
    const entry: SentRequest = {
      method: request.method,
      path: new URL(request.url).pathname,
      ...(text ? { body: JSON.parse(text) as unknown } : {}),
    };
    sent.push(entry);
    for (const interceptor of [...interceptors]) {
      const answer = await interceptor(entry);
      if (answer) return answer;
    }
    return sandbox.fetch(request);
  };
  const storage = memoryStorage();
  const navigations: string[] = [];
  const site = options.site ?? `${SITE_ORIGIN}/shop`;
  const store: Storefront = createStorefrontStore({
    session: (tokens) =>
      createSession({
        clientId: 'demo-client',
        apiBase: SANDBOX_ORIGIN,
        fetch: sandboxFetch,
        storage,
        tokens,
      }),
    storage,
    win: window,
    navigate: (url) => navigations.push(url),
    location: () => site,
    ...options.store,
  });
  store.getState().listen();
  const session: Session = store.session;
  const config: EmbedConfig = { ...TEST_CONFIG, ...options.config };

  const host = document.createElement(options.tag ?? 'sf-widget-under-test');
  document.body.append(host);
  const root = host.attachShadow({ mode: 'open' });
  const unmount = widget.mount(root, host, { config, store });

  /** Seeded products by slug (`stoneware-mug`, `everyday-cotton-tee`, …). */
  const productId = (slug: string) => {
    const found = [...sandbox.context.state.products.values()].find((p) => p.slug === slug);
    if (!found?.id) throw new Error(`No seeded product "${slug}"`);
    return found.id;
  };

  /** Changes the sandbox's simulated conditions (`PATCH /_sandbox/settings`). */
  const settings = async (patch: Partial<SandboxSettings>) => {
    const res = await harness.call('PATCH', '/_sandbox/settings', { body: patch });
    if (res.status !== 200) throw new Error(`Settings refused: ${res.text}`);
  };

  /** Adds an interceptor; returns its removal. */
  const intercept = (interceptor: Interceptor) => {
    interceptors.add(interceptor);
    return () => void interceptors.delete(interceptor);
  };

  /**
   * Holds the requests matching `method path-suffix` until `release()`; `arrived` resolves once one waits.
   */
  const hold = (method: string, pathEnd: string) => {
    let release!: () => void;
    const gate = new Promise<undefined>((resolve) => {
      release = () => resolve(undefined);
    });
    let arrivedResolve!: () => void;
    const arrived = new Promise<void>((resolve) => {
      arrivedResolve = resolve;
    });
    const stop = intercept((request) => {
      if (request.method !== method || !request.path.endsWith(pathEnd)) return undefined;
      arrivedResolve();
      return gate;
    });
    return {
      arrived,
      release() {
        stop();
        release();
      },
    };
  };

  /** Answers every redirect session with `fullUrl` (as a compromised platform could); returns the removal. */
  const answerRedirects = (fullUrl: string) =>
    intercept((request) =>
      request.path.endsWith(REDIRECT_SESSION_PATH)
        ? Response.json({ redirectSession: { id: 'hostile', fullUrl } })
        : undefined,
    );

  /** Requests sent so far to paths ending with `pathEnd`. */
  const requestsTo = (pathEnd: string, method?: string) =>
    sent.filter((r) => r.path.endsWith(pathEnd) && (method === undefined || r.method === method));

  const cleanup = () => {
    unmount();
    host.remove();
    store.getState().destroy();
  };

  return {
    ...harness,
    sandbox,
    session,
    store,
    config,
    host,
    root,
    sent,
    navigations,
    productId,
    settings,
    intercept,
    hold,
    answerRedirects,
    requestsTo,
    cleanup,
  };
}

export type MountedWidget = ReturnType<typeof mountWidget>;

// ——— Queries by what a person (or a screen reader) perceives ———

const text = (el: Element | null | undefined) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();

/**
 * An element's accessible name, as far as the widgets need it: aria-labelledby, aria-label, a `<label for>`
 * or a wrapping `<label>`, then the text.
 */
export function accessibleName(el: Element): string {
  const root = el.getRootNode() as ShadowRoot | Document;
  const labelledBy = el.getAttribute('aria-labelledby');
  if (labelledBy) {
    return labelledBy
      .split(/\s+/)
      .map((id) => text(root.getElementById(id)))
      .join(' ')
      .trim();
  }
  const label = el.getAttribute('aria-label');
  if (label) return label.trim();
  if (el.id) {
    const forLabel = root.querySelector(`label[for="${CSS.escape(el.id)}"]`);
    if (forLabel) return text(forLabel);
  }
  const wrapping = el.closest('label');
  if (wrapping && wrapping !== el) return text(wrapping);
  return text(el);
}

const IMPLICIT_ROLES: Record<string, string> = {
  button: 'button,input[type="button"],input[type="submit"]',
  dialog: 'dialog',
  textbox: 'input:not([type]),input[type="text"],textarea',
  spinbutton: 'input[type="number"]',
  combobox: 'select',
  radio: 'input[type="radio"]',
  heading: 'h1,h2,h3,h4,h5,h6',
  list: 'ul,ol',
  listitem: 'li',
  img: 'img[alt]:not([alt=""])',
  group: 'fieldset',
  region: 'section[aria-labelledby],section[aria-label]',
};

/** Elements with a role (explicit or implicit), optionally with a name (exact text or a pattern). */
export function allByRole(container: ParentNode, role: string, name?: string | RegExp): HTMLElement[] {
  const selector = [`[role="${role}"]`, IMPLICIT_ROLES[role]].filter(Boolean).join(',');
  return [...container.querySelectorAll<HTMLElement>(selector)].filter((el) => {
    if (el.closest('[aria-hidden="true"]')) return false;
    if (el.hasAttribute('role') && el.getAttribute('role') !== role) return false;
    if (name === undefined) return true;
    const accessible = accessibleName(el);
    return typeof name === 'string' ? accessible === name : name.test(accessible);
  });
}

/** The one element with that role and name; throws (with what there is) when there is none or several. */
export function getByRole<T extends HTMLElement = HTMLElement>(
  container: ParentNode,
  role: string,
  name?: string | RegExp,
): T {
  const found = allByRole(container, role, name);
  if (found.length !== 1) {
    const all = allByRole(container, role).map((el) => JSON.stringify(accessibleName(el)));
    throw new Error(
      `Expected one ${role}${name === undefined ? '' : ` named ${String(name)}`}, found ${found.length}; ${role}s: ${all.join(', ') || 'none'}`,
    );
  }
  return found[0] as T;
}

export const queryByRole = <T extends HTMLElement = HTMLElement>(
  container: ParentNode,
  role: string,
  name?: string | RegExp,
): T | null => (allByRole(container, role, name)[0] as T | undefined) ?? null;

/** The whitespace-normalised text of a node. */
export const textOf = (node: Node | null | undefined) =>
  (node?.textContent ?? '').replace(/\s+/g, ' ').trim();

// ——— Time ———

/** What the code can wait on: timers and animation frames (Preact runs effects after a frame and a timeout). */
const CLOCK: NonNullable<Parameters<typeof vi.useFakeTimers>[0]>['toFake'] = [
  'setTimeout',
  'clearTimeout',
  'setInterval',
  'clearInterval',
  'setImmediate',
  'clearImmediate',
  'requestAnimationFrame',
  'cancelAnimationFrame',
];

/** More than Preact's longest wait before it runs effects (a frame or 35 ms, then a 0 ms timeout). */
export const AFTER_PAINT_MS = 100;

/**
 * Holds the clock (timers and animation frames, not `Date`) for a check that something does not happen, or
 * not yet: the test moves it on with `vi.advanceTimersByTimeAsync(ms)` (which runs what falls due and the
 * promises it settles) and then asserts, instead of sleeping and hoping the machine was quick enough. Undo it
 * with `releaseClock()` (in `afterEach` too).
 */
export function holdClock(): void {
  vi.useFakeTimers({ toFake: CLOCK });
}

/**
 * Gives the real clock back after `holdClock()`, first running every timer still pending on the held one (a
 * dropped one would leave Preact's effects queue waiting for good). Does nothing when the clock is real.
 */
export async function releaseClock(): Promise<void> {
  if (!vi.isFakeTimers()) return;
  try {
    await vi.runAllTimersAsync();
  } finally {
    vi.useRealTimers();
  }
}

// ——— Events as a person makes them ———

/** Lets Preact render what the last event changed (it renders after the event, before the next one). */
export const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Sets a field's value as the browser does when a person types: through the element's own setter, under
 * the instance property React puts over it to tell its own writes from the person's.
 */
function setValue(field: HTMLInputElement | HTMLSelectElement, value: string): void {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set;
  if (setter) setter.call(field, value);
  else field.value = value;
}

/**
 * Types a value into an input, as `input` events report it, without waiting for anything: for a test that
 * holds the clock (fake timers), where `settle()` would never come back.
 */
export function typeNow(input: HTMLInputElement, value: string): void {
  input.focus();
  setValue(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
}

/** Types a value into an input, as `input` events report it, and lets the widget render it. */
export async function type(input: HTMLInputElement, value: string): Promise<void> {
  typeNow(input, value);
  await settle();
}

/** Chooses an option of a select, and lets the widget render it. */
export async function choose(select: HTMLSelectElement, value: string): Promise<void> {
  select.focus();
  setValue(select, value);
  select.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  select.dispatchEvent(new Event('change', { bubbles: true, composed: true }));
  await settle();
}

/** Presses a key on an element (keydown, then keyup). */
export function press(target: Element, key: string, init: KeyboardEventInit = {}): KeyboardEvent {
  const down = new KeyboardEvent('keydown', {
    key,
    bubbles: true,
    composed: true,
    cancelable: true,
    ...init,
  });
  target.dispatchEvent(down);
  target.dispatchEvent(new KeyboardEvent('keyup', { key, bubbles: true, composed: true, ...init }));
  return down;
}

/** Whether a button cannot act now: `aria-disabled` (the widgets keep such a button focusable). */
export const isBlocked = (button: Element | null | undefined): boolean =>
  button?.getAttribute('aria-disabled') === 'true';
