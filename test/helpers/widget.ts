import { within } from '@testing-library/dom';
import { type UserEvent, userEvent } from '@testing-library/user-event';
import { vi } from 'vitest';
import type { Sandbox } from '../../sandbox/app';
import type { SandboxSettings } from '../../sandbox/settings';
import { createAccountTools } from '../../src/auth/account-tools';
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
  /** The views' texts (drawer, login modal), by language. */
  textsEn: () => import('virtual:texts/texts.en'),
  textsDe: () => import('virtual:texts/texts.de'),
  /** A language's pack (its badge shell's texts, and the way to its other packs), by language. */
  langDe: () => import('virtual:texts/lang.de'),
  langAr: () => import('virtual:texts/lang.ar'),
  /** The badge's member part's texts, by language. */
  memberDe: () => import('virtual:texts/member.de'),
  memberAr: () => import('virtual:texts/member.ar'),
  /** The member menu's texts, by language. */
  menuEn: () => import('virtual:texts/menu.en'),
  menuDe: () => import('virtual:texts/menu.de'),
  menuAr: () => import('virtual:texts/menu.ar'),
  textsAr: () => import('virtual:texts/texts.ar'),
  /** The product elements' texts, by language. */
  productTextsEn: () => import('virtual:texts/products.en'),
  productTextsDe: () => import('virtual:texts/products.de'),
  /** The loader's widget chunks. */
  drawer: () => import('../../src/widgets/cart-drawer/index'),
  loginModal: () => import('../../src/widgets/login-modal/index'),
  product: () => import('../../src/widgets/product/index'),
  /** A product page's gallery and details (`layout="page"`). */
  productPage: () => import('../../src/widgets/product/page'),
  /** The member badge's member part (her button, the notices), and its menu (with floating-ui). */
  memberPart: () => import('../../src/widgets/member-badge/member'),
  menu: () => import('../../src/widgets/member-badge/menu'),
  menuPlace: () => import('../../src/widgets/member-badge/menu-place'),
  /** The store's actions loaded with their first call. */
  cartEdits: () => import('../../src/store/cart-edits'),
  /** The page's analytics (`data-analytics`) and the links' code (`?coupon=`, `?sf-cart=open`). */
  analytics: () => import('../../src/analytics/analytics'),
  links: () => import('../../src/links'),
  cartV1: () => import('../../src/store/cart-v1'),
  cartV2: () => import('../../src/store/cart-v2'),
  cartV2Read: () => import('../../src/store/cart-v2-read'),
  memberActions: () => import('../../src/store/member-actions'),
  productCalls: () => import('../../src/store/products'),
  signInFlows: () => import('../../src/store/sign-in-flows'),
  /** What a sign-in or a sign-out changes (the member, the cart). */
  sessionTurns: () => import('../../src/store/session-turns'),
  /** The way back from the platform's checkout with an order placed. */
  orderReturn: () => import('../../src/store/order-return'),
  /** The session's redirect sessions (checkout, logout, the members area). */
  redirects: () => import('../../src/api/redirects'),
  /** The loader's end of a hosted sign-in, and the host page's add-to-cart buttons. */
  redirectBack: () => import('../../src/auth/redirect-back'),
  hostAdd: () => import('../../src/host-add-to-cart'),
  /** What the console says of a script tag's attribute the loader cannot use. */
  configProblems: () => import('../../src/config-problems'),
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
  hostedLoginLink: false,
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

/**
 * Testing Library's queries (`getByRole`, `findByRole`, `getByLabelText`…) within a widget's shadow root. Its
 * types ask for an HTMLElement; its queries need no more than a ShadowRoot has (`querySelectorAll`, and the
 * `getRootNode()` of the elements found, for `aria-labelledby`), and test/setup/testing-library.ts prints a
 * shadow root's content when one fails. An element inside the root takes Testing Library's own `within`.
 */
export const withinShadow = (root: ShadowRoot) => within(root as unknown as HTMLElement);

/** Testing Library's queries in an element or a shadow root. */
const inside = (root: ParentNode) =>
  root instanceof ShadowRoot ? withinShadow(root) : within(root as HTMLElement);

/**
 * The one element of a role, by its accessible name when one is given (a string is matched whole), in an
 * element or a shadow root: Testing Library's `getByRole`, for the React entry's tests, which look into several
 * widgets' roots and the app's own DOM.
 */
export const getByRole = <T extends HTMLElement = HTMLElement>(
  root: ParentNode,
  role: string,
  name?: string | RegExp,
): T => inside(root).getByRole(role, name === undefined ? {} : { name }) as T;

/** The same, or null when there is none. */
export const queryByRole = <T extends HTMLElement = HTMLElement>(
  root: ParentNode,
  role: string,
  name?: string | RegExp,
): T | null => inside(root).queryByRole(role, name === undefined ? {} : { name }) as T | null;

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
 * user-event, for typing and choosing as a person does (a new one for each test). No timer between two keys
 * (`delay: null`): Preact renders each one's change in a microtask, so a 0 ms timer per key only slows the
 * tests down, and a held clock (`holdClock`) would stop it.
 */
export const setupUser = (): UserEvent => userEvent.setup({ delay: null });

/**
 * Types `text` over what a field holds, as a person who selects it all first (user-event; `user.clear()` does
 * not do for a field in a shadow root, as it wants the field to be the document's `activeElement`, which is
 * the shadow root's host there). An empty `text` deletes what there was.
 */
export async function typeOver(user: UserEvent, field: HTMLInputElement, text: string): Promise<void> {
  // `{` and `[` start user-event's key descriptors: doubled, they are typed as themselves.
  const keys = text.replace(/[{[]/g, '$&$&') || '{Backspace}';
  await user.type(field, keys, { initialSelectionStart: 0, initialSelectionEnd: field.value.length });
}

/** Types `text` over what a field holds, with a user-event of its own (`typeOver`). */
export const type = (field: HTMLInputElement, text: string): Promise<void> =>
  typeOver(setupUser(), field, text);

/** Whether a button cannot act now: `aria-disabled` (the widgets keep such a button focusable). */
export const isBlocked = (button: Element | null | undefined): boolean =>
  button?.getAttribute('aria-disabled') === 'true';

/** A member's id in the sandbox, by her sign-in email. */
export function memberIdOf({ sandbox }: { sandbox: Sandbox }, email: string): string {
  const found = [...sandbox.context.state.members.values()].find((m) => m.loginEmail === email);
  if (!found?.id) throw new Error(`No member ${email} in the sandbox`);
  return found.id;
}

/**
 * Signs a member in as a merchant's server does for a member it vouches for (the `authorized_client` grant
 * with the sandbox's API key), and hands the tokens to the page's session: the store hears `signedIn`.
 */
export async function signInMember(
  page: { sandbox: Sandbox; session: Session },
  email = 'jane@example.com',
): Promise<void> {
  const tools = createAccountTools(page.session);
  page.session.signInWith(
    await tools.getMemberTokensForExternalLogin(memberIdOf(page, email), 'sandbox-admin-key'),
  );
}
