import type { Hono, MiddlewareHandler } from 'hono';
import type { FieldViolation } from '../../src/api/types/errors';
import type { AppEnv, SandboxContext, SiteUrls } from '../context';
import { applicationError, forbidden, notFound, PlatformError, validationError } from '../errors';
import { readJsonBody } from '../json-body';
import { renderArtwork } from '../media';
import { applySettingsPatch } from '../settings';
import { registerWebhookRoutes } from './webhooks';

/**
 * Guards the dev endpoints that change state against cross-site requests. A plain HTML form or a no-cors
 * `fetch` from any page can reach a local port, but only with a "simple" Content-Type, so these endpoints
 * require `Content-Type: application/json` (even with no body). A browser sends `Origin` with every
 * POST/PATCH/DELETE, so a request naming an origin other than the sandbox's own is refused too: the OAuth
 * clients' origins get CORS for the platform's calls, not for these. Scripts and tools send no Origin.
 */
function sameSiteJsonOnly(ctx: SandboxContext): MiddlewareHandler<AppEnv> {
  const ownOrigin = new URL(ctx.publicUrl).origin;
  return async (c, next) => {
    const where = `${c.req.method} ${c.req.path}`;
    if (!/^application\/json\b/i.test(c.req.header('content-type') ?? '')) {
      const message = `${where} changes the sandbox: send it with Content-Type: application/json (a cross-site form or no-cors fetch cannot)`;
      throw new PlatformError(415, {
        message,
        details: { applicationError: { code: 'UNSUPPORTED_MEDIA_TYPE', description: message } },
      });
    }
    const origin = c.req.header('origin');
    if (origin !== undefined && origin !== ownOrigin) {
      throw forbidden(`${where} is not for web pages: it refuses requests from ${origin}`);
    }
    await next();
  };
}

/**
 * The sandbox's own endpoints under `/_sandbox/`: not part of the platform, for tests and the demo to put
 * the platform in a known state and to read what it "sent". Those that change state take only JSON and no
 * other site's requests (`sameSiteJsonOnly`).
 */
export function registerDevRoutes(
  app: Hono<AppEnv>,
  ctx: SandboxContext,
  reset: (randomSeed?: number) => void,
): void {
  const guard = sameSiteJsonOnly(ctx);
  registerStatusAndReset(app, ctx, guard, reset);
  registerMailbox(app, ctx, guard);
  registerSettings(app, ctx, guard);
  registerClients(app, ctx, guard);
  registerRevocation(app, ctx, guard);
  registerMedia(app, ctx);
  registerWebhookRoutes(app, ctx, guard);
}

type Guard = MiddlewareHandler<AppEnv>;

const counts = (ctx: SandboxContext) => ({
  products: ctx.state.products.size,
  collections: ctx.state.collections.size,
  members: ctx.state.members.size,
});

function registerStatusAndReset(
  app: Hono<AppEnv>,
  ctx: SandboxContext,
  guard: Guard,
  reset: (randomSeed?: number) => void,
): void {
  app.get('/_sandbox/status', (c) =>
    c.json({ ok: true, publicUrl: ctx.publicUrl, counts: counts(ctx), settings: ctx.settings }),
  );

  // `{"seed": n}` starts the simulated failures, drops and lost answers from seed n.
  app.post('/_sandbox/reset', guard, async (c) => {
    const { seed } = await readJsonBody(c);
    const seedOk = typeof seed === 'number' && Number.isInteger(seed) && seed >= 0 && seed < 2 ** 32;
    if (seed !== undefined && !seedOk) {
      throw validationError([
        { field: 'seed', description: 'must be a whole number from 0 to 4294967295', violatedRule: 'FORMAT' },
      ]);
    }
    reset(seed as number | undefined);
    return c.json({ reset: true, counts: counts(ctx) });
  });
}

/** What the platform "sent": the emails, by recipient. */
function registerMailbox(app: Hono<AppEnv>, ctx: SandboxContext, guard: Guard): void {
  app.get('/_sandbox/mailbox', (c) => {
    const to = c.req.query('to');
    if (to !== undefined && !/^[^\s@]+@[^\s@]+$/.test(to.trim())) {
      throw validationError([
        { field: 'to', description: 'must be an email address', violatedRule: 'FORMAT' },
      ]);
    }
    return c.json({ messages: ctx.mailbox.list(to) });
  });

  app.delete('/_sandbox/mailbox', guard, (c) => {
    ctx.mailbox.clear();
    return c.json({ messages: [] });
  });
}

function registerSettings(app: Hono<AppEnv>, ctx: SandboxContext, guard: Guard): void {
  app.get('/_sandbox/settings', (c) => c.json({ settings: ctx.settings }));

  app.patch('/_sandbox/settings', guard, async (c) => {
    ctx.settings = applySettingsPatch(ctx.settings, await readJsonBody(c));
    return c.json({ settings: ctx.settings });
  });
}

/** The OAuth clients: their origins, and the site's pages the platform's pages lead back to. */
function registerClients(app: Hono<AppEnv>, ctx: SandboxContext, guard: Guard): void {
  app.get('/_sandbox/clients', (c) => c.json({ clients: [...ctx.clients.values()] }));

  app.post('/_sandbox/clients', guard, async (c) => {
    const body = await readJsonBody(c);
    if (typeof body.id !== 'string' || !/^[\w.-]{1,100}$/.test(body.id)) {
      throw validationError([
        {
          field: 'id',
          description: 'must be a client id of letters, digits, "-", "_" or "."',
          violatedRule: 'FORMAT',
        },
      ]);
    }
    const origins = readOrigins(body.allowedOrigins);
    const client = { id: body.id, allowedOrigins: origins };
    ctx.clients.set(body.id, client);
    return c.json({ client });
  });

  const clientOf = (id: string) => {
    const client = ctx.clients.get(id);
    if (!client) throw notFound(`OAuth client "${id}"`);
    return client;
  };

  // Replaces the client's origins with the list given.
  app.patch('/_sandbox/clients/:id', guard, async (c) => {
    const client = clientOf(c.req.param('id'));
    const body = await readJsonBody(c);
    client.allowedOrigins = readOrigins(body.allowedOrigins);
    return c.json({ client });
  });

  // Adds one origin to the client's, keeping the others (and answering the same when it is there already).
  app.post('/_sandbox/clients/:id/origins', guard, async (c) => {
    const client = clientOf(c.req.param('id'));
    const body = await readJsonBody(c);
    const [origin] = readOrigins([body.origin], 'origin');
    if (origin && !client.allowedOrigins.includes(origin)) client.allowedOrigins.push(origin);
    return c.json({ client });
  });

  // The site's pages the platform's pages lead back to when a flow names none (Cart V2's checkout page), as
  // a headless project's URL settings: each on one of the client's origins; a field left out is cleared.
  app.put('/_sandbox/clients/:id/site-urls', guard, async (c) => {
    const client = clientOf(c.req.param('id'));
    const body = await readJsonBody(c);
    client.siteUrls = readSiteUrls(body, client.allowedOrigins);
    return c.json({ client });
  });
}

function readSiteUrls(body: Record<string, unknown>, allowedOrigins: string[]): SiteUrls {
  const urls: SiteUrls = {};
  const violations: FieldViolation[] = [];
  for (const field of ['thankYouPageUrl', 'cartPageUrl', 'postFlowUrl'] as const) {
    const url = body[field];
    if (url === undefined) continue;
    if (typeof url !== 'string' || !URL.canParse(url) || !allowedOrigins.includes(new URL(url).origin))
      violations.push({
        field,
        description: `must be an address on one of the client's origins (${allowedOrigins.join(', ')})`,
        violatedRule: 'FORMAT',
      });
    else urls[field] = url;
  }
  if (violations.length) throw validationError(violations);
  return urls;
}

function registerRevocation(app: Hono<AppEnv>, ctx: SandboxContext, guard: Guard): void {
  app.post('/_sandbox/revoke', guard, async (c) => {
    const body = await readJsonBody(c);
    const { refreshToken, memberId } = body;
    if (typeof refreshToken !== 'string' && typeof memberId !== 'string') {
      throw validationError([
        { field: 'refreshToken', description: 'or memberId is required', violatedRule: 'ONE_OF_ALIGNMENT' },
      ]);
    }
    const revoked = ctx.tokens.revoke({
      ...(typeof refreshToken === 'string' ? { refreshToken } : {}),
      ...(typeof memberId === 'string' ? { memberId } : {}),
    });
    return c.json({ revoked });
  });
}

/** The seed's artwork, drawn as SVG: the catalogue's media addresses point here. */
function registerMedia(app: Hono<AppEnv>, ctx: SandboxContext): void {
  app.get('/_sandbox/media/:file', (c) => {
    const file = c.req.param('file');
    const name = file.endsWith('.svg') ? file.slice(0, -4) : undefined;
    const art = name === undefined ? undefined : ctx.state.artwork.get(name);
    if (!art) throw applicationError(404, 'MEDIA_NOT_FOUND', `No media file "${file}"`);
    return c.body(renderArtwork(art), 200, {
      'Content-Type': 'image/svg+xml; charset=utf-8',
      'Cache-Control': 'public, max-age=3600',
    });
  });
}

function readOrigins(origins: unknown, field = 'allowedOrigins'): string[] {
  const valid =
    Array.isArray(origins) &&
    origins.every((o) => typeof o === 'string' && URL.canParse(o) && new URL(o).origin === o);
  if (!valid) {
    throw validationError([
      {
        field,
        description: `must be ${field === 'origin' ? 'an origin' : 'a list of origins'} such as "http://localhost:4000" (scheme, host and port, no path)`,
        violatedRule: 'FORMAT',
      },
    ]);
  }
  return [...(origins as string[])];
}
