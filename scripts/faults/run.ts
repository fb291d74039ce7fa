/**
 * The fault suite's runs: two tabs of the demo shop (one browser context: shared storage and
 * BroadcastChannel) drive seeded random operations (`operations.ts`) under the sandbox's simulated faults;
 * every `checkEvery` operations and at the end the faults stop, and the server's cart is compared with what
 * each tab shows and with the adds and line changes so far (`settle-and-check.ts`, `checks.ts`).
 */
import { DEFAULT_API_KEY } from '../../sandbox/app';
import { apiKeyAuth, createApiClient } from '../../src/api/http';
import { queryProducts } from '../../src/api/products';
import type { Browser } from '../../test/e2e/browser';
import { catalogueOf } from './checks';
import { logLine } from './describe';
import { pickOperation } from './operations';
import {
  DEFAULT_FAULTS,
  type Faults,
  NO_FAULTS,
  newSeedRun,
  note,
  pollButtons,
  quietly,
  type SeedRun,
  type Suite,
  sleep,
  type Tab,
} from './seed-run';
import { check } from './settle-and-check';
import { freshVisitor, openTab, sandboxDev } from './tabs';

export { DEFAULT_FAULTS, type Faults };

/** Operations between two checks: a stale cart shows only until the next answer, so it is looked for often. */
const CHECK_EVERY = 25;

export interface SeedReport {
  seed: number;
  ops: number;
  seconds: number;
  /** Adds that reported true, false, or never reported (cut off by a reload). */
  adds: { ok: number; failed: number; unknown: number };
  /** Platform calls the tabs made, those answered with a 5xx, those with no answer, those with a broken one. */
  calls: { total: number; failed: number; dropped: number; broken: number };
  lost: number;
  doubled: number;
  mismatched: number;
  /** Differences a tab shows an error for: reported, not counted as defects. */
  flagged: number;
  stuck: number;
  unhandled: number;
  /** What each finding is, with the operations behind it. */
  details: string[];
  /** Every operation, as done. */
  log: string[];
}

export interface SeedOptions {
  /** Operations (default 200). */
  ops?: number;
  faults?: Faults;
  /** A check (faults off, quiet, compare, faults on again) after every this many operations, and at the end. */
  checkEvery?: number;
}

export interface FaultSuite {
  /** One seed: fresh sandbox and storage, the operations under the faults, checked as they go and at the end. */
  runSeed(seed: number, options?: SeedOptions): Promise<SeedReport>;
  close(): Promise<void>;
}

/** The operations of a seed, each in a tab picked at random, checked after every `checkEvery`. */
async function runOperations(run: SeedRun, opCount: number, checkEvery: number): Promise<void> {
  let front: Tab | undefined;
  for (run.n = 1; run.n <= opCount; run.n++) {
    const tab = run.pick(run.suite.tabs);
    const op = pickOperation(run);
    await pollButtons(run);
    if (front !== tab) await tab.page.bringToFront();
    front = tab;
    const done = await quietly(op(run, tab));
    if (!done.ok) note(run, tab, `… interrupted: ${done.error.message.split('\n')[0]}`);
    await sleep(run.int(0, 120));
    if (run.n % checkEvery === 0 && run.n < opCount) await check(run, run.n, true);
  }
}

/** The pages' errors and unhandled rejections, each once; console errors as notes. Returns how many. */
function reportProblems(run: SeedRun): number {
  const unhandledSeen = new Set<string>();
  for (const problem of run.suite.problems) {
    if (problem.text.startsWith('console: ')) {
      run.details.push(`note: tab ${problem.tab} ${problem.text}`);
      continue;
    }
    const key = `${problem.tab} ${problem.text.replace(/^(page error|unhandled rejection): /, '')}`;
    if (unhandledSeen.has(key)) continue;
    unhandledSeen.add(key);
    run.details.push(`unhandled: tab ${problem.tab} ${problem.text}`);
  }
  return unhandledSeen.size;
}

function reportOf(run: SeedRun, opCount: number): SeedReport {
  const { adds, findings } = run;
  const unhandled = reportProblems(run);
  const callList = [...run.suite.calls.values()];
  return {
    seed: run.seed,
    ops: opCount,
    seconds: Math.round((Date.now() - run.began) / 100) / 10,
    adds: {
      ok: adds.filter((a) => a.result === true).length,
      failed: adds.filter((a) => a.result === false).length,
      unknown: adds.filter((a) => a.result === undefined).length,
    },
    calls: {
      total: callList.length,
      failed: callList.filter((c) => (c.status ?? 0) >= 500).length,
      dropped: callList.filter((c) => c.error !== undefined).length,
      broken: callList.filter((c) => c.broken).length,
    },
    lost: findings.lost.size,
    doubled: findings.doubled.size,
    mismatched: findings.mismatched,
    flagged: findings.flagged,
    stuck: findings.stuck,
    unhandled,
    details: run.details,
    log: run.log.map(logLine),
  };
}

async function runSeed(suite: Suite, seed: number, options: SeedOptions = {}): Promise<SeedReport> {
  const { ops: opCount = 200, faults = DEFAULT_FAULTS, checkEvery = CHECK_EVERY } = options;
  const run = newSeedRun(suite, seed, faults);
  await freshVisitor(suite, seed);
  await suite.dev('PATCH', '/_sandbox/settings', faults);
  await runOperations(run, opCount, checkEvery);
  await check(run, opCount, false);
  return reportOf(run, opCount);
}

/**
 * Opens the two tabs (the hand-written page and the product grid) in `browser`, against the demo at `demoUrl`
 * and the sandbox at `sandboxUrl`.
 */
export async function openFaultSuite(options: {
  browser: Browser;
  demoUrl: string;
  sandboxUrl: string;
}): Promise<FaultSuite> {
  const { browser, demoUrl, sandboxUrl } = options;
  const dev = sandboxDev(sandboxUrl);
  const merchant = createApiClient({ apiBase: sandboxUrl, auth: apiKeyAuth(DEFAULT_API_KEY) });
  await dev('POST', '/_sandbox/reset');
  const { items } = await queryProducts(merchant, { includeVariants: true }).limit(100).find();
  const catalogue = catalogueOf(items.filter((p) => p.visible !== false));
  // What the tabs report, for the seed under way, lands in the suite's `calls` and `problems`.
  const suite: Suite = { demoUrl, sandboxUrl, dev, catalogue, tabs: [], calls: new Map(), problems: [] };
  for (const [index, kind] of (['handmade', 'grid'] as const).entries())
    suite.tabs.push(await openTab(browser, suite, index, kind));
  return {
    runSeed: (seed, options) => runSeed(suite, seed, options),
    async close() {
      await dev('PATCH', '/_sandbox/settings', NO_FAULTS).catch(() => {});
      for (const tab of suite.tabs) await tab.page.close();
    },
  };
}
