import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import type { AppEnv, OAuthClient, SandboxContext } from './context';
import { applicationError, PlatformError } from './errors';
import { hostCheck } from './hosts';
import { DEFAULT_IDP_KEY } from './idp';
import { limitBodySize } from './limits';
import { Mailbox } from './mailbox';
import { Notices } from './notices';
import { rateLimit } from './rate-limit';
import { registerCartV1Routes } from './routes/cart-v1';
import { registerCartV2Routes } from './routes/cart-v2';
import { registerCatalogRoutes } from './routes/catalog';
import { registerDeliveryRoutes } from './routes/delivery';
import { registerDevRoutes } from './routes/dev';
import { registerIdentityRoutes } from './routes/identity';
import { registerMemberRoutes } from './routes/members';
import { registerOAuthRoutes } from './routes/oauth';
import { registerRedirectRoutes } from './routes/redirects';
import { createSeed } from './seed';
import { DEFAULT_SETTINGS } from './settings';
import { TokenStore } from './tokens';
import {
  DEFAULT_SANDBOX_APP_ID,
  type DeliveryTimers,
  identityOf,
  SandboxWebhooks,
  type WebhookFetch,
} from './webhooks';

export const DEFAULT_SANDBOX_PORT = 4100;
export const DEFAULT_API_KEY = 'sandbox-admin-key';
export const DEMO_CLIENT_ID = 'demo-client';
export const DEMO_ALLOWED_ORIGINS = ['http://localhost:4000', 'http://127.0.0.1:4000'];

export interface SandboxOptions {
  /** Where the sandbox is reached from browsers, for media and hosted-page addresses; its host is answered. */
  publicUrl?: string;
  /**
   * More host names the sandbox answers requests for (their `Host`), besides loopback names (`localhost`,
   * `*.localhost`, 127.0.0.0/8, `[::1]`) and `publicUrl`'s host: a name or address, or `.example.test` for it
   * and every name under it. Any other is refused (DNS rebinding; `sandbox/hosts.ts`).
   */
  allowedHosts?: readonly string[];
  /**
   * Where the sandbox tells whoever runs it what it refused that they may have meant to allow (a page's origin
   * that no OAuth client allows, a host it does not answer): a line each, once. Nothing by default.
   */
  log?: (line: string) => void;
  /** The merchant API key (the elevated client of SPEC.md 6). */
  apiKey?: string;
  /** The identity provider's HMAC key for `tokenParams.id_token` (default `DEFAULT_IDP_KEY`). */
  idpKey?: string;
  /** OAuth clients; by default `demo-client` for the demo site's two origins. */
  clients?: OAuthClient[];
  /** Clock in milliseconds since the epoch; tests pass a fake one. */
  now?: () => number;
  /** Seed for the random numbers behind simulated latency, failures and drops. */
  randomSeed?: number;
  /** The app webhooks are for (their tokens' `aud`); default `DEFAULT_SANDBOX_APP_ID`. */
  appId?: string;
  /**
   * The private RSA key webhooks are signed with (PEM, or base64 of it); without one the sandbox makes a key
   * pair when first needed.
   */
  webhookKey?: string;
  /** The `fetch` webhook deliveries use (default the global one); tests route it to an in-process receiver. */
  webhookFetch?: WebhookFetch;
  /** The clock and timers of webhook deliveries (default the process's); tests run them on simulated time. */
  webhookTimers?: DeliveryTimers;
}

export interface Sandbox {
  /** The Hono app: `app.fetch` answers a web-standard Request in-process. */
  readonly app: Hono<AppEnv>;
  /**
   * A `fetch` for in-process use (tests, merchant scripts): like `app.fetch`, but a simulated dropped
   * connection (`dropRate`) rejects with a TypeError as a real `fetch` does.
   */
  fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response>;
  /** Whether the next platform request to `path` should have its connection reset (`dropRate`). */
  shouldDrop(path: string): boolean;
  /**
   * Whether the next platform request to `path` should be handled (its change made) and its answer then lost
   * (`lostAnswerRate`).
   */
  shouldLoseAnswer(path: string): boolean;
  /**
   * Back to the seed: data, tokens, mailbox, settings, clients and webhook subscriptions; the simulated
   * failures, drops and lost answers start again from `randomSeed` (the sandbox's own seed without one).
   */
  reset(randomSeed?: number): void;
  readonly context: SandboxContext;
}

/** mulberry32: a small seeded generator, so a `failureRate` run can be repeated. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const isDevPath = (path: string) => path.startsWith('/_sandbox/');

/** Hono's `/a/:id/*` as a regular expression, to tell a wrong method (405) from an unknown path (404). */
function pathPattern(path: string): RegExp {
  const source = path
    .split('/')
    .map((part) => {
      if (part === '*') return '.*';
      if (part.startsWith(':')) return '[^/]+';
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return new RegExp(`^${source}/?$`);
}

/**
 * A local stand-in for the hosted platform that speaks WIRE.md: strict about paths, methods and bodies,
 * with CORS for the OAuth clients' origins and a request id on every answer.
 */
export function createSandbox(options: SandboxOptions = {}): Sandbox {
  const publicUrl = (options.publicUrl ?? `http://127.0.0.1:${DEFAULT_SANDBOX_PORT}`).replace(/\/+$/, '');
  const initialClients = options.clients ?? [{ id: DEMO_CLIENT_ID, allowedOrigins: DEMO_ALLOWED_ORIGINS }];
  const now = options.now ?? Date.now;
  const randomSeed = options.randomSeed ?? 20_260_115;
  // One generator for every simulated chance, replaced (not re-seeded in place) by a reset.
  let random = seededRandom(randomSeed);

  const cloneClients = () => new Map(initialClients.map((c) => [c.id, structuredClone(c)]));

  const context: SandboxContext = {
    publicUrl,
    apiKey: options.apiKey ?? DEFAULT_API_KEY,
    idpKey: options.idpKey || DEFAULT_IDP_KEY,
    state: createSeed(publicUrl),
    settings: { ...DEFAULT_SETTINGS },
    clients: cloneClients(),
    shortLinks: new Map(),
    tokens: new TokenStore(() => Math.floor(now() / 1000)),
    mailbox: new Mailbox(now),
    // Set just below: the webhooks read the context they belong to.
    webhooks: undefined as unknown as SandboxWebhooks,
    now,
    random: () => random(),
  };
  context.webhooks = new SandboxWebhooks(context, {
    appId: options.appId || DEFAULT_SANDBOX_APP_ID,
    key: options.webhookKey,
    fetch: options.webhookFetch,
    timers: options.webhookTimers,
  });

  const notices = new Notices(options.log);
  const app = new Hono<AppEnv>();
  app.use('*', hostCheck({ publicUrl, allowedHosts: options.allowedHosts ?? [], notices }));
  addPlatformMiddleware(app, context, notices);
  registerRoutes(app, context, (seed) => sandbox.reset(seed));
  answerMisses(app);

  const sandbox: Sandbox = {
    app,
    context,
    shouldDrop(path) {
      return !isDevPath(path) && context.settings.dropRate > 0 && random() < context.settings.dropRate;
    },
    shouldLoseAnswer(path) {
      const rate = context.settings.lostAnswerRate;
      return !isDevPath(path) && rate > 0 && random() < rate;
    },
    async fetch(input, init) {
      const request = new Request(input, init);
      const path = new URL(request.url).pathname;
      const reset = (setting: string) =>
        new TypeError('fetch failed', {
          cause: new Error(`ECONNRESET: connection reset (simulated by the sandbox ${setting} setting)`),
        });
      if (sandbox.shouldDrop(path)) throw reset('dropRate');
      const lose = sandbox.shouldLoseAnswer(path);
      const response = await app.fetch(request);
      if (lose) throw reset('lostAnswerRate');
      return response;
    },
    reset(seed) {
      context.state = createSeed(publicUrl);
      context.settings = { ...DEFAULT_SETTINGS };
      context.clients = cloneClients();
      context.shortLinks.clear();
      context.tokens.clear();
      context.mailbox.clear();
      context.webhooks.clear();
      notices.clear();
      random = seededRandom(seed ?? randomSeed);
    },
  };
  return sandbox;
}

/**
 * What every answer goes through after the host check, in this order: a request id, CORS for the OAuth
 * clients' origins, the body size limit, the rate limit (`rateLimit`), the simulated network conditions, and the
 * consistency token of writes.
 */
function addPlatformMiddleware(app: Hono<AppEnv>, context: SandboxContext, notices: Notices): void {
  let requestCounter = 0;
  app.use('*', async (c, next) => {
    requestCounter += 1;
    const requestId = `${Math.floor(context.now() / 1000)}.${String(requestCounter).padStart(6, '0')}${Math.floor(context.random() * 1e9)}`;
    c.set('requestId', requestId);
    await next();
    c.res.headers.set('x-wix-request-id', requestId);
  });

  const ownOrigin = new URL(context.publicUrl).origin;
  const allowedOrigin = (origin: string, c: Context<AppEnv>) => {
    for (const client of context.clients.values()) if (client.allowedOrigins.includes(origin)) return origin;
    // The browser only says "CORS error": the sandbox's console names the origin and how to allow it.
    if (origin !== '' && origin !== ownOrigin && origin !== new URL(c.req.url).origin)
      notices.once(`origin ${origin}`, () => refusedOrigin(origin));
    return null;
  };
  app.use(
    '*',
    cors({
      origin: allowedOrigin,
      allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      allowHeaders: ['Authorization', 'Content-Type', 'X-Wix-Consistent', 'X-Wix-Client-Artifact-Id'],
      // Retry-After is no CORS-safelisted header: unexposed, a page's client could not read a 429's wait.
      exposeHeaders: ['x-wix-request-id', 'X-Wix-Consistent', 'Retry-After'],
      maxAge: 600,
    }),
  );

  app.use('*', limitBodySize());
  app.use('*', rateLimit(context));
  app.use('*', simulatedNetwork(context));

  // Writes answer with a consistency token that clients echo on their later calls (WIRE.md 1).
  let consistency = 0;
  app.use('*', async (c, next) => {
    await next();
    if (
      !isDevPath(c.req.path) &&
      c.req.method !== 'GET' &&
      c.req.method !== 'OPTIONS' &&
      c.res.status === 200
    ) {
      consistency += 1;
      c.res.headers.set('X-Wix-Consistent', `sandbox-consistent-${consistency}`);
    }
  });

  app.use('*', followChanges(context));
}

/** The line the sandbox's console gets for a page origin no OAuth client allows. */
function refusedOrigin(origin: string): string {
  if (origin === 'null')
    return '[sandbox] A page with no origin ("Origin: null": opened as a file, or in a sandboxed frame) called the sandbox, and the browser blocks the answers: serve the page over http(s) and allow its origin with npx storefront-widgets sandbox --origin <origin>';
  return `[sandbox] No OAuth client allows pages on ${origin}, so the browser blocks their calls (a CORS error). Allow it with: npx storefront-widgets sandbox --origin ${origin} (or SANDBOX_ALLOWED_ORIGINS=${origin})`;
}

/**
 * After each call that may change the state (any method but GET, HEAD and OPTIONS), its changes become webhook
 * events, sent once the call is answered; the identity is the caller's as the call began (a call that signs its
 * member out or deletes it still names them). Runs right after the handler, before any simulated latency, so
 * another call's changes are not taken for this one's.
 */
function followChanges(context: SandboxContext): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const method = c.req.method;
    if (!context.webhooks.tracking || method === 'GET' || method === 'HEAD' || method === 'OPTIONS')
      return next();
    const identity = identityOf(c.req.header('authorization'), context);
    try {
      await next();
    } finally {
      context.webhooks.afterCall(identity);
    }
  };
}

/** Simulated network conditions apply to the platform's calls, never to the sandbox's own dev endpoints. */
function simulatedNetwork(context: SandboxContext): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (isDevPath(c.req.path) || c.req.method === 'OPTIONS') return next();
    const { latencyMs, latencyJitterMs, failureRate } = context.settings;
    // With jitter, a random part of it before the call is handled and another before it is answered: calls
    // sent one after the other can be handled, and answered, in another order.
    const jitter = () => (latencyJitterMs > 0 ? Math.round(context.random() * latencyJitterMs) : 0);
    const before = latencyMs + jitter();
    if (before > 0) await new Promise((resolve) => setTimeout(resolve, before));
    if (failureRate > 0 && context.random() < failureRate) {
      throw applicationError(
        503,
        'SANDBOX_SIMULATED_FAILURE',
        'Service temporarily unavailable (simulated by the sandbox failureRate setting)',
      );
    }
    await next();
    const after = jitter();
    if (after > 0) await new Promise((resolve) => setTimeout(resolve, after));
  };
}

function registerRoutes(app: Hono<AppEnv>, context: SandboxContext, reset: (seed?: number) => void): void {
  registerOAuthRoutes(app, context);
  registerCartV1Routes(app, context);
  registerCartV2Routes(app, context);
  registerDeliveryRoutes(app, context);
  registerMemberRoutes(app, context);
  registerCatalogRoutes(app, context);
  registerRedirectRoutes(app, context);
  registerIdentityRoutes(app, context);
  registerDevRoutes(app, context, reset);
}

/** A path no route takes (404, or 405 with `Allow` when another method would), and an unexpected error (500). */
function answerMisses(app: Hono<AppEnv>): void {
  app.notFound((c) => {
    const path = c.req.path;
    const allowed = new Set<string>();
    for (const route of app.routes) {
      if (route.method === 'ALL') continue;
      if (pathPattern(route.path).test(path)) allowed.add(route.method);
    }
    if (allowed.size > 0) {
      if (allowed.has('GET')) allowed.add('HEAD');
      const error = applicationError(
        405,
        'METHOD_NOT_ALLOWED',
        `Method ${c.req.method} is not allowed on ${path}; allowed: ${[...allowed].sort().join(', ')}`,
      );
      return c.json(error.body, 405, { Allow: [...allowed].sort().join(', ') });
    }
    const error = applicationError(404, 'ENDPOINT_NOT_FOUND', `No endpoint ${c.req.method} ${path}`);
    return c.json(error.body, 404);
  });

  app.onError((error, c) => {
    if (error instanceof PlatformError) return c.json(error.body, error.status as 400, error.headers);
    console.error(`[sandbox] ${c.req.method} ${c.req.path} failed:`, error);
    const body = applicationError(500, 'INTERNAL', `Internal sandbox error: ${error.message}`).body;
    return c.json(body, 500);
  });
}
