import type { FieldViolation } from '../src/api/types/errors';
import { validationError } from './errors';

/** The platform's modes a test can switch with `PATCH /_sandbox/settings`. */
export interface SandboxSettings {
  /** New members must enter a 6-digit code sent to their mailbox before they can sign in. */
  requireEmailVerification: boolean;
  /** New members stay PENDING until a merchant approves them. */
  requireOwnerApproval: boolean;
  /** Sign-in and registration need a captcha token (the test token `sandbox-captcha-ok` passes). */
  captcha: boolean;
  /** Added delay before every platform call is answered, in milliseconds. */
  latencyMs: number;
  /**
   * Up to this many milliseconds more, at random, before a call is handled and again before it is answered:
   * calls overtake one another.
   */
  latencyJitterMs: number;
  /** Share of platform calls (0–1) answered with a simulated 503. */
  failureRate: number;
  /** Share of platform calls (0–1) whose connection is reset without an answer, before they are handled. */
  dropRate: number;
  /**
   * Share of platform calls (0–1) that are handled (their change made) and whose answer is then lost: the
   * connection breaks off after the answer's head.
   */
  lostAnswerRate: number;
  /** Lifetime of new access tokens, in seconds (the platform's is 4 hours). */
  accessTokenTtlSeconds: number;
  /** Tax rate applied to taxable cart lines, as a decimal fraction (0.1 is 10 %). */
  taxRate: number;
  /**
   * The waits before each new attempt of a webhook delivery that failed (no 2xx within 1,250 ms), in
   * milliseconds: one retry each. The platform keeps trying for up to 48 hours; tests shorten it.
   */
  webhookRetryDelaysMs: readonly number[];
  /**
   * The platform's rate limit: at most this many calls a second for each key (API key or token), the next
   * answered `429` with `Retry-After` (`sandbox/rate-limit.ts`). 0, the default, for no limit.
   */
  rateLimit: number;
}

export const DEFAULT_SETTINGS: Readonly<SandboxSettings> = Object.freeze({
  requireEmailVerification: false,
  requireOwnerApproval: false,
  captcha: false,
  latencyMs: 0,
  latencyJitterMs: 0,
  failureRate: 0,
  dropRate: 0,
  lostAnswerRate: 0,
  accessTokenTtlSeconds: 14_400,
  taxRate: 0,
  // 1 s, 10 s, 1 min, 10 min and 1 h: six attempts over about 71 minutes.
  webhookRetryDelaysMs: Object.freeze([1_000, 10_000, 60_000, 600_000, 3_600_000]),
  rateLimit: 0,
});

/** At most this many retries of one delivery, each at most a day away (`webhookRetryDelaysMs`). */
export const MAX_WEBHOOK_RETRIES = 20;
export const MAX_WEBHOOK_RETRY_DELAY_MS = 86_400_000;

type Rule =
  | { type: 'boolean' }
  | { type: 'number'; min: number; max: number; integer?: boolean }
  | { type: 'delays'; maxLength: number; max: number };

const RULE_OF: Readonly<Record<keyof SandboxSettings, Rule>> = {
  requireEmailVerification: { type: 'boolean' },
  requireOwnerApproval: { type: 'boolean' },
  captcha: { type: 'boolean' },
  latencyMs: { type: 'number', min: 0, max: 60_000, integer: true },
  latencyJitterMs: { type: 'number', min: 0, max: 60_000, integer: true },
  failureRate: { type: 'number', min: 0, max: 1 },
  dropRate: { type: 'number', min: 0, max: 1 },
  lostAnswerRate: { type: 'number', min: 0, max: 1 },
  accessTokenTtlSeconds: { type: 'number', min: 1, max: 30 * 24 * 3600, integer: true },
  taxRate: { type: 'number', min: 0, max: 1 },
  webhookRetryDelaysMs: { type: 'delays', maxLength: MAX_WEBHOOK_RETRIES, max: MAX_WEBHOOK_RETRY_DELAY_MS },
  rateLimit: { type: 'number', min: 0, max: 100_000, integer: true },
};

/**
 * The settings a patch may name, looked up as a Map rather than in `RULE_OF`: a patch's keys are the
 * caller's, and the object would also answer for `constructor`, `toString` or `hasOwnProperty` (what every
 * object inherits), storing them as if they were settings.
 */
const RULES: ReadonlyMap<string, Rule> = new Map(Object.entries(RULE_OF));

/**
 * Checks a settings patch and returns the merged settings; throws a 400 with every violation, changing
 * nothing, when any key is unknown or any value out of range.
 */
export function applySettingsPatch(current: SandboxSettings, patch: unknown): SandboxSettings {
  if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) {
    throw validationError([
      { field: 'settings', description: 'must be a JSON object', violatedRule: 'FORMAT' },
    ]);
  }
  const violations: FieldViolation[] = [];
  // Only keys found in RULES are ever written, so `next` gains no key but the settings'.
  const next: Record<string, unknown> = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    const rule = RULES.get(key);
    const violation = rule
      ? violationOf(key, value, rule)
      : {
          field: key,
          description: `is not a setting (the settings are ${[...RULES.keys()].join(', ')})`,
          violatedRule: 'FIELD_NOT_ALLOWED' as const,
        };
    if (violation) violations.push(violation);
    else next[key] = rule?.type === 'delays' ? Object.freeze([...(value as number[])]) : value;
  }
  if (violations.length > 0) throw validationError(violations);
  return next as unknown as SandboxSettings;
}

/** What is wrong with one setting's new value, or undefined when it may be stored. */
function violationOf(key: string, value: unknown, rule: Rule): FieldViolation | undefined {
  if (rule.type === 'boolean') {
    return typeof value === 'boolean'
      ? undefined
      : { field: key, description: 'must be true or false', violatedRule: 'FORMAT' };
  }
  if (rule.type === 'delays') return delaysViolation(key, value, rule);
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    return { field: key, description: 'must be a number', violatedRule: 'FORMAT' };
  }
  if (rule.integer && !Number.isInteger(value)) {
    return { field: key, description: 'must be a whole number', violatedRule: 'FORMAT' };
  }
  if (value < rule.min) {
    return {
      field: key,
      description: `must be at least ${rule.min}`,
      violatedRule: rule.integer ? 'MIN' : 'DECIMAL_GTE',
      data: { threshold: rule.min },
    };
  }
  if (value > rule.max) {
    return {
      field: key,
      description: `must be at most ${rule.max}`,
      violatedRule: rule.integer ? 'MAX' : 'DECIMAL_LTE',
      data: { threshold: rule.max },
    };
  }
  return undefined;
}

/** A list of waits in milliseconds: whole numbers from 0 to `max`, at most `maxLength` of them. */
function delaysViolation(
  key: string,
  value: unknown,
  rule: { maxLength: number; max: number },
): FieldViolation | undefined {
  if (!Array.isArray(value)) {
    return {
      field: key,
      description: 'must be a list of milliseconds, such as [50, 200]',
      violatedRule: 'FORMAT',
    };
  }
  if (value.length > rule.maxLength) {
    return {
      field: key,
      description: `must list at most ${rule.maxLength} waits`,
      violatedRule: 'MAX_SIZE',
      data: { threshold: rule.maxLength },
    };
  }
  const bad = value.findIndex((v) => typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > rule.max);
  if (bad < 0) return undefined;
  return {
    field: `${key}[${bad}]`,
    description: `must be a whole number of milliseconds from 0 to ${rule.max}`,
    violatedRule: 'FORMAT',
  };
}
