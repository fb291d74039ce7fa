/**
 * Delivering events as the platform does (WEBHOOKS.md): a `POST` per event per subscription whose body is the
 * signed token; the receiver has 1,250 ms to answer 2xx, else the event (the same event id) is sent again
 * after each wait of `webhookRetryDelaysMs`. Each is written down for `GET /_sandbox/webhooks/deliveries`.
 *
 * An event gives up after its attempts, never after a time: its retries may wait in its lane behind a backlog
 * for longer than the schedule says, so each attempt sends the event's token only while it has time left
 * (`fresh`), and an event that waited past that is signed again, with the same envelope, so no token is sent
 * past its `exp` and no retry is refused as expired.
 *
 * A dead receiver must not slow the platform's calls. Attempts start on timers, after the call that caused them
 * has been answered; and each subscription has a lane: at most `MAX_ATTEMPTS_IN_FLIGHT` attempts waiting for an
 * answer at once, and once one has failed, one at a time, `PAUSE_AFTER_FAILURE_MS` apart, until one succeeds.
 * So a receiver that never answers, or a closed port, costs the sandbox a few attempts a second whatever the
 * rate of events (which wait their turn), rather than five connections for each call.
 */
import { randomUUID } from 'node:crypto';
import type { SandboxEvent } from './events';

/** How long a receiver has to answer 2xx (WEBHOOKS.md). */
export const WEBHOOK_TIMEOUT_MS = 1_250;
/** Subscriptions a sandbox keeps at most. */
export const MAX_SUBSCRIPTIONS = 50;
/** Attempts the log keeps (the oldest go first). */
export const MAX_LOGGED_ATTEMPTS = 500;
/** Attempts one subscription may have waiting for an answer at once. */
export const MAX_ATTEMPTS_IN_FLIGHT = 4;
/** After a failed attempt, the subscription's next one starts no sooner than this. */
export const PAUSE_AFTER_FAILURE_MS = 250;

export interface Subscription {
  id: string;
  url: string;
  /** The event types sent; `null` for all. */
  events: string[] | null;
  createdDate: string;
}

/** One delivery attempt, as `GET /_sandbox/webhooks/deliveries` lists it. */
export interface DeliveryAttempt {
  eventId: string;
  eventType: string;
  entityId: string;
  subscriptionId: string;
  url: string;
  /** 1 for the first delivery, 2 for the first retry… */
  attempt: number;
  sentDate: string;
  durationMs: number;
  /** The receiver's HTTP status; null when no answer came (timeout, refused or broken connection). */
  status: number | null;
  error?: string;
  /** `delivered` (2xx in time), `retrying` (another attempt is due) or `failed` (no attempt left). */
  outcome: 'delivered' | 'retrying' | 'failed';
  nextAttemptInMs?: number;
}

export type WebhookFetch = (url: string, init: RequestInit) => Promise<Response>;

/** An event's token and its `exp` (seconds since the epoch). */
export interface SignedToken {
  token: string;
  exp: number;
}

/** The clock and timers attempts run on: the process's, or a test's simulated time. */
export interface DeliveryTimers {
  /** Milliseconds since the epoch. */
  now(): number;
  setTimeout(task: () => void, delayMs: number): unknown;
  clearTimeout(timer: unknown): void;
}

export const REAL_DELIVERY_TIMERS: DeliveryTimers = {
  now: () => Date.now(),
  setTimeout(task, delayMs) {
    const timer = setTimeout(task, delayMs);
    // A script that used the sandbox in-process may end while a retry waits.
    timer.unref?.();
    return timer;
  },
  clearTimeout: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
};

/** An event's token, shared by its attempts to every subscription; signed when first needed, again when stale. */
interface Signing {
  event: SandboxEvent;
  token: Promise<SignedToken> | undefined;
}

interface Job {
  event: SandboxEvent;
  signing: Signing;
  subscription: Subscription;
  attempt: number;
}

/** One subscription's attempts: those due, in order, and how many wait for an answer. */
interface Lane {
  subscription: Subscription;
  due: Job[];
  inFlight: number;
  /** The last attempt failed: one at a time, paused after each failure. */
  failing: boolean;
  /** No attempt starts before this time (ms since the epoch). */
  notBefore: number;
  /** Set while a start of due attempts is on a timer. */
  timer: unknown;
}

interface Outcome {
  sentDate: string;
  durationMs: number;
  status: number | null;
  error: string | undefined;
}

/** Why an attempt got no answer, in a few words (undici hides the reason in `cause`). */
function reasonOf(error: unknown, timedOut: boolean): string {
  if (timedOut) return `no answer within ${WEBHOOK_TIMEOUT_MS} ms`;
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  return cause?.code ?? cause?.message ?? (error as Error)?.message ?? String(error);
}

/** The subscriptions, their lanes of attempts and the log. */
export class Deliveries {
  readonly subscriptions = new Map<string, Subscription>();
  private readonly lanes = new Map<string, Lane>();
  private readonly log: DeliveryAttempt[] = [];
  private readonly timers = new Set<unknown>();
  /** Attempts signing or waiting for their answer. */
  private readonly underWay = new Set<Promise<void>>();
  /** Moved by `clear()`: whatever an older generation had started is dropped. */
  private generation = 0;
  /** Deliveries (an event to a subscription) not yet delivered nor given up: due, waiting for an answer or a retry. */
  private unfinished = 0;
  private readonly clock: DeliveryTimers;

  constructor(
    private readonly deps: {
      fetch: WebhookFetch;
      /** Signs an event: at its first attempt, and again when an attempt finds the token not `fresh`. */
      sign: (event: SandboxEvent) => Promise<SignedToken>;
      /** Whether a token may be sent now: its `exp` far enough ahead. */
      fresh: (signed: SignedToken) => boolean;
      /** The waits before each retry, read at each failure (`PATCH /_sandbox/settings` applies at once). */
      retryDelaysMs: () => readonly number[];
      /** The clock and timers of the attempts (default the process's). */
      timers?: DeliveryTimers | undefined;
    },
  ) {
    this.clock = deps.timers ?? REAL_DELIVERY_TIMERS;
  }

  subscribe(url: string, events: string[] | null): Subscription {
    const subscription = {
      id: randomUUID(),
      url,
      events,
      createdDate: new Date(this.clock.now()).toISOString(),
    };
    this.subscriptions.set(subscription.id, subscription);
    this.lanes.set(subscription.id, {
      subscription,
      due: [],
      inFlight: 0,
      failing: false,
      notBefore: 0,
      timer: undefined,
    });
    return subscription;
  }

  /** Ends a subscription: its attempts still due or waiting for a retry are dropped (those under way end). */
  unsubscribe(id: string): boolean {
    const lane = this.lanes.get(id);
    if (!lane) return false;
    this.unfinished -= lane.due.length;
    if (lane.timer) this.cancel(lane.timer);
    this.lanes.delete(id);
    this.subscriptions.delete(id);
    return true;
  }

  /** Each event to each subscription that wants its type. */
  send(events: readonly SandboxEvent[]): void {
    for (const event of events) {
      const signing: Signing = { event, token: undefined };
      for (const lane of this.lanes.values()) {
        const { events: wanted } = lane.subscription;
        if (wanted && !wanted.includes(event.eventType)) continue;
        this.unfinished += 1;
        lane.due.push({ event, signing, subscription: lane.subscription, attempt: 1 });
        this.wake(lane);
      }
    }
  }

  /** The attempts, oldest first; of one subscription or one event when asked. */
  attempts(filter: { subscriptionId?: string; eventId?: string } = {}): DeliveryAttempt[] {
    return this.log.filter(
      (a) =>
        (filter.subscriptionId === undefined || a.subscriptionId === filter.subscriptionId) &&
        (filter.eventId === undefined || a.eventId === filter.eventId),
    );
  }

  /** Deliveries not yet delivered nor given up. */
  get pending(): number {
    return this.unfinished;
  }

  /**
   * Resolves once no attempt is signing or waiting for its answer: all that is left waits on a timer. Tests on
   * simulated time move the clock to the next timer then.
   */
  async idle(): Promise<void> {
    while (this.underWay.size > 0) await Promise.allSettled([...this.underWay]);
  }

  /** No subscriptions, no log, and every attempt still to come dropped. */
  clear(): void {
    this.generation += 1;
    this.unfinished = 0;
    for (const timer of this.timers) this.clock.clearTimeout(timer);
    this.timers.clear();
    this.lanes.clear();
    this.subscriptions.clear();
    this.log.length = 0;
  }

  /** Runs `task` after `delayMs` unless `clear()` came first. */
  private later(delayMs: number, task: () => void): unknown {
    const generation = this.generation;
    const timer = this.clock.setTimeout(() => {
      this.timers.delete(timer);
      if (generation === this.generation) task();
    }, delayMs);
    this.timers.add(timer);
    return timer;
  }

  private cancel(timer: unknown): void {
    this.clock.clearTimeout(timer);
    this.timers.delete(timer);
  }

  /** Starts the lane's due attempts on a timer: never within the call that made the event. */
  private wake(lane: Lane): void {
    if (lane.timer || lane.due.length === 0) return;
    lane.timer = this.later(Math.max(0, lane.notBefore - this.clock.now()), () => {
      lane.timer = undefined;
      this.start(lane);
    });
  }

  private start(lane: Lane): void {
    if (this.lanes.get(lane.subscription.id) !== lane) return;
    if (this.clock.now() < lane.notBefore) {
      this.wake(lane);
      return;
    }
    const room = lane.failing ? 1 : MAX_ATTEMPTS_IN_FLIGHT;
    while (lane.inFlight < room && lane.due.length > 0) {
      const job = lane.due.shift() as Job;
      lane.inFlight += 1;
      const generation = this.generation;
      const run = this.attempt(job)
        .catch((error: unknown) => ({
          sentDate: new Date(this.clock.now()).toISOString(),
          durationMs: 0,
          status: null,
          error: `not sent: ${(error as Error).message}`,
        }))
        .then((outcome) => {
          if (generation === this.generation) this.finish(lane, job, outcome);
        })
        .finally(() => this.underWay.delete(run));
      this.underWay.add(run);
    }
  }

  /**
   * The token to send now: the event's, while `fresh`; else (its retries waited long in the lane) the event
   * signed again, once for all the attempts that find it so.
   */
  private async tokenOf(signing: Signing): Promise<string> {
    const held = signing.token;
    if (held) {
      const signed = await held;
      if (this.deps.fresh(signed)) return signed.token;
      if (signing.token === held) signing.token = this.deps.sign(signing.event);
    } else signing.token = this.deps.sign(signing.event);
    return (await (signing.token as Promise<SignedToken>)).token;
  }

  /** One POST of the event's token, with 1,250 ms to answer. */
  private async attempt(job: Job): Promise<Outcome> {
    const body = await this.tokenOf(job.signing);
    const started = this.clock.now();
    const sentDate = new Date(started).toISOString();
    const controller = new AbortController();
    const timer = this.clock.setTimeout(() => controller.abort(), WEBHOOK_TIMEOUT_MS);
    let status: number | null = null;
    let error: string | undefined;
    try {
      const response = await this.deps.fetch(job.subscription.url, {
        method: 'POST',
        headers: { 'content-type': 'text/plain; charset=utf-8', 'user-agent': 'storefront-widgets-sandbox' },
        body,
        signal: controller.signal,
        redirect: 'manual',
      });
      status = response.status;
      // The answer's body is not read: only its status counts.
      await response.body?.cancel().catch(() => {});
    } catch (caught) {
      error = reasonOf(caught, controller.signal.aborted);
    } finally {
      this.clock.clearTimeout(timer);
    }
    return { sentDate, durationMs: Math.max(0, this.clock.now() - started), status, error };
  }

  /** Notes the attempt, and retries it after its wait, gives it up or counts it delivered. */
  private finish(lane: Lane, job: Job, outcome: Outcome): void {
    lane.inFlight -= 1;
    const delivered = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
    lane.failing = !delivered;
    if (!delivered) lane.notBefore = this.clock.now() + PAUSE_AFTER_FAILURE_MS;
    const live = this.lanes.get(lane.subscription.id) === lane;
    const wait = delivered || !live ? undefined : this.deps.retryDelaysMs()[job.attempt - 1];
    this.record(job, outcome, delivered, wait);
    if (wait === undefined) this.unfinished -= 1;
    else
      this.later(wait, () => {
        // Unsubscribed meanwhile: the retry is dropped.
        if (this.lanes.get(lane.subscription.id) !== lane) this.unfinished -= 1;
        else lane.due.push({ ...job, attempt: job.attempt + 1 });
        this.wake(lane);
      });
    this.wake(lane);
  }

  private record(job: Job, outcome: Outcome, delivered: boolean, wait: number | undefined): void {
    this.log.push({
      eventId: job.event.id,
      eventType: job.event.eventType,
      entityId: job.event.entityId,
      subscriptionId: job.subscription.id,
      url: job.subscription.url,
      attempt: job.attempt,
      sentDate: outcome.sentDate,
      durationMs: outcome.durationMs,
      status: outcome.status,
      ...(outcome.error ? { error: outcome.error } : {}),
      outcome: delivered ? 'delivered' : wait === undefined ? 'failed' : 'retrying',
      ...(wait === undefined ? {} : { nextAttemptInMs: wait }),
    });
    if (this.log.length > MAX_LOGGED_ATTEMPTS) this.log.splice(0, this.log.length - MAX_LOGGED_ATTEMPTS);
  }
}
