import type { Hono, MiddlewareHandler } from 'hono';
import type { FieldViolation } from '../../src/api/types/errors';
import type { AppEnv, SandboxContext } from '../context';
import { applicationError, notFound, validationError } from '../errors';
import { readJsonBody } from '../json-body';
import { ALL_EVENT_TYPES, MAX_SUBSCRIPTIONS, SANDBOX_INSTANCE_ID } from '../webhooks';

/** A subscription's address: an absolute http(s) URL without credentials, at most this long. */
const MAX_URL_LENGTH = 2_000;

/**
 * The sandbox's webhooks (dev endpoints): subscriptions, the public key receivers verify with, and the log of
 * delivery attempts. Those that change state go through `guard` (JSON only, no other site's requests).
 */
export function registerWebhookRoutes(
  app: Hono<AppEnv>,
  ctx: SandboxContext,
  guard: MiddlewareHandler<AppEnv>,
) {
  const webhooks = () => ctx.webhooks;

  app.get('/_sandbox/webhooks', (c) =>
    c.json({
      appId: webhooks().appId,
      instanceId: SANDBOX_INSTANCE_ID,
      publicKeyUrl: `${ctx.publicUrl}/_sandbox/webhooks/public-key`,
      eventTypes: [...ALL_EVENT_TYPES],
      subscriptions: webhooks().subscriptions(),
      pendingDeliveries: webhooks().pendingDeliveries,
    }),
  );

  app.post('/_sandbox/webhooks', guard, async (c) => {
    const body = await readJsonBody(c);
    const url = readUrl(body.url);
    const events = readEventTypes(body.events);
    if (webhooks().subscriptions().length >= MAX_SUBSCRIPTIONS) {
      throw applicationError(
        400,
        'TOO_MANY_SUBSCRIPTIONS',
        `The sandbox keeps at most ${MAX_SUBSCRIPTIONS} subscriptions: delete one first`,
      );
    }
    return c.json({ subscription: webhooks().subscribe(url, events) });
  });

  app.delete('/_sandbox/webhooks/:id', guard, (c) => {
    const id = c.req.param('id');
    if (!webhooks().unsubscribe(id)) throw notFound(`Webhook subscription "${id}"`, 'SUBSCRIPTION_NOT_FOUND');
    return c.json({});
  });

  app.get('/_sandbox/webhooks/public-key', async (c) =>
    c.text(await webhooks().publicKeyPem(), 200, { 'Content-Type': 'text/plain; charset=utf-8' }),
  );

  app.get('/_sandbox/webhooks/deliveries', (c) => {
    const subscriptionId = c.req.query('subscription');
    const eventId = c.req.query('event');
    return c.json({
      deliveries: webhooks().attempts({
        ...(subscriptionId === undefined ? {} : { subscriptionId }),
        ...(eventId === undefined ? {} : { eventId }),
      }),
    });
  });
}

function readUrl(value: unknown): string {
  const problem = urlProblem(value);
  if (problem) throw validationError([{ field: 'url', description: problem, violatedRule: 'FORMAT' }]);
  return new URL(value as string).href;
}

/** Why a subscription's address cannot be used, or undefined. */
function urlProblem(value: unknown): string | undefined {
  if (typeof value !== 'string' || value === '') return 'is required: the address to POST events to';
  if (value.length > MAX_URL_LENGTH) return `must be at most ${MAX_URL_LENGTH} characters`;
  if (!URL.canParse(value)) return 'must be an absolute URL such as "http://127.0.0.1:3000/webhooks"';
  const url = new URL(value);
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return `must be an http: or https: URL (not ${url.protocol})`;
  if (url.username || url.password) return 'must not hold a user name or password';
  return undefined;
}

/** `events`: the event types to send, each one the sandbox emits; all of them when absent (null). */
function readEventTypes(value: unknown): string[] | null {
  if (value === undefined || value === null) return null;
  const violations: FieldViolation[] = [];
  if (!Array.isArray(value) || value.length === 0) {
    violations.push({
      field: 'events',
      description: 'must be a non-empty list of event types (leave it out for all of them)',
      violatedRule: 'FORMAT',
    });
  } else {
    value.forEach((type, i) => {
      if (typeof type !== 'string' || !ALL_EVENT_TYPES.has(type))
        violations.push({
          field: `events[${i}]`,
          description: `is not an event type the sandbox sends (they are ${[...ALL_EVENT_TYPES].join(', ')})`,
          violatedRule: 'INVALID_ENUM_VALUE',
        });
    });
  }
  if (violations.length) throw validationError(violations);
  return [...new Set(value as string[])];
}
