/**
 * What the merchant's commands (`products`, `members`) share: their input and output, the platform they call
 * (`--api-base`, else STOREFRONT_API_BASE, else the platform) with the key from STOREFRONT_API_KEY (never a flag,
 * which would land in the shell's history), and the reading of their arguments.
 */
import type { Writable } from 'node:stream';
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { type ApiClient, apiKeyAuth, createApiClient, DEFAULT_API_BASE } from '../api/http';

export interface MerchantIo {
  env: NodeJS.ProcessEnv;
  /** Standard output: what a command gives (an export, a list, a summary). */
  stdout: Writable & { isTTY?: boolean };
  /** Standard error: progress, and what went wrong. */
  stderr: Writable & { isTTY?: boolean };
  /** Replaces the global `fetch` (tests call the sandbox in-process). */
  fetch?: typeof fetch;
  /** Aborted by the first Ctrl-C: an import stops after the batch in flight. */
  signal?: AbortSignal;
  /** Waits between tries (tests pass a simulated clock). */
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

/** Exit codes: 1 when something failed (a row, a call), 2 for a command line that is wrong. */
export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;

/** A command line that cannot run: its message says what is wrong. */
export class MerchantUsageError extends Error {
  override name = 'MerchantUsageError';
}

export const API_OPTIONS_HELP = `  --api-base <url>   the platform's address (default: STOREFRONT_API_BASE, else ${DEFAULT_API_BASE});
                     the sandbox's is http://127.0.0.1:4100

Environment: STOREFRONT_API_KEY, the merchant's API key (required; the sandbox's is sandbox-admin-key),
STOREFRONT_API_BASE.`;

/** The client for the merchant's key, on `--api-base` or STOREFRONT_API_BASE. */
export function merchantClient(apiBase: string | undefined, io: MerchantIo): ApiClient {
  const key = io.env.STOREFRONT_API_KEY;
  if (!key)
    throw new MerchantUsageError(
      'STOREFRONT_API_KEY is not set: set it to your API key (the sandbox’s is sandbox-admin-key), e.g. STOREFRONT_API_KEY=… npx storefront-widgets …',
    );
  const base = apiBase ?? (io.env.STOREFRONT_API_BASE || DEFAULT_API_BASE);
  try {
    return createApiClient({
      apiBase: base,
      auth: apiKeyAuth(key),
      ...(io.fetch ? { fetch: io.fetch } : {}),
    });
  } catch (error) {
    throw new MerchantUsageError(`--api-base: ${(error as Error).message}`);
  }
}

/** Node's `parseArgs`, its errors as usage errors (without its hint about `--`, which does not apply). */
export function readArgs<T extends NonNullable<ParseArgsConfig['options']>>(args: string[], options: T) {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: true });
  } catch (error) {
    throw new MerchantUsageError(
      (error as Error).message.replace(/\. To specify a positional argument.*$/s, ''),
    );
  }
}

/** A whole number from 1 to `max` given to `flag`. */
export function positiveInt(value: string | undefined, flag: string, max: number): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > max)
    throw new MerchantUsageError(`${flag} must be a whole number from 1 to ${max}, not "${value}"`);
  return Number(value);
}

export const line = (stream: Writable, text: string) => {
  stream.write(`${text}\n`);
};
