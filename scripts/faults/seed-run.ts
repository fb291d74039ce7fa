/**
 * The fault suite's state: the suite's (its tabs, the catalogue, the sandbox, what the tabs report) and one
 * seed's (`SeedRun`: its random stream, the adds and the log so far, what is still under way, the findings).
 */
import type { Page } from 'playwright-core';
import { seededRandom } from '../../sandbox/app';
import type { AddRecord, CallRecord, Catalogue } from './checks';

/** The sandbox's simulated faults during the operations (`PATCH /_sandbox/settings`, README "Settings"). */
export interface Faults {
  failureRate: number;
  dropRate: number;
  latencyMs: number;
  latencyJitterMs: number;
  lostAnswerRate: number;
}

export const DEFAULT_FAULTS: Faults = {
  failureRate: 0.3,
  dropRate: 0.1,
  latencyMs: 300,
  latencyJitterMs: 300,
  lostAnswerRate: 0.05,
};
export const NO_FAULTS: Faults = {
  failureRate: 0,
  dropRate: 0,
  latencyMs: 0,
  latencyJitterMs: 0,
  lostAnswerRate: 0,
};

/** One click, fill or key press: an operation never waits longer for the page. */
export const ACTION_MS = 1_500;
export const RELOAD_MS = 15_000;
/** How long the tabs get to go quiet once the faults stop. */
export const QUIET_MS = 20_000;
export const TOKENS_KEY = 'sf:demo-client:tokens';

export interface Call extends CallRecord {
  method: string;
  error?: string;
  broken?: boolean;
}

export interface Tab {
  index: number;
  kind: 'handmade' | 'grid';
  url: string;
  page: Page;
}

export interface Logged {
  n: number;
  tab: number;
  at: number;
  text: string;
  keys: string[];
}

export interface PendingButtonAdd {
  record: AddRecord;
  tab: Tab;
  productId: string;
  name: string;
}

/** A request to the sandbox's own routes (`/_sandbox/…`); throws on an error status. */
export type Dev = (method: string, path: string, body?: unknown) => Promise<void>;

/** The suite: its two tabs against the demo and the sandbox, and what the tabs report for the seed under way. */
export interface Suite {
  demoUrl: string;
  sandboxUrl: string;
  dev: Dev;
  catalogue: Catalogue;
  tabs: Tab[];
  /** The platform calls the tabs made, by the page's id for each. */
  calls: Map<string, Call>;
  problems: Array<{ tab: number; text: string }>;
}

export interface Findings {
  lost: Set<string>;
  doubled: Set<string>;
  mismatched: number;
  flagged: number;
  stuck: number;
}

/** One seed under way. */
export interface SeedRun {
  suite: Suite;
  seed: number;
  faults: Faults;
  began: number;
  random: () => number;
  int: (min: number, max: number) => number;
  pick: <T>(list: readonly T[]) => T;
  adds: AddRecord[];
  log: Logged[];
  pendingButtons: PendingButtonAdd[];
  pendingCalls: Set<Promise<unknown>>;
  /** The operation under way (from 1). */
  n: number;
  findings: Findings;
  details: string[];
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const quietly = <T>(promise: Promise<T>) =>
  promise.then(
    (value) => ({ ok: true as const, value }),
    (error: Error) => ({ ok: false as const, error }),
  );

export function newSeedRun(suite: Suite, seed: number, faults: Faults): SeedRun {
  const began = Date.now();
  const random = seededRandom(seed);
  return {
    suite,
    seed,
    faults,
    began,
    random,
    int: (min, max) => min + Math.floor(random() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T,
    adds: [],
    log: [],
    pendingButtons: [],
    pendingCalls: new Set(),
    n: 0,
    findings: { lost: new Set(), doubled: new Set(), mismatched: 0, flagged: 0, stuck: 0 },
    details: [],
  };
}

/** Writes down what the operation under way did in `tab`, with the variants it touched. */
export const note = (run: SeedRun, tab: Tab, text: string, keys: string[] = []) =>
  run.log.push({ n: run.n, tab: tab.index, at: Date.now() - run.began, text, keys });

/** Records the outcome of every page-button add that is no longer busy. */
export async function pollButtons(run: SeedRun): Promise<void> {
  const { pendingButtons } = run;
  for (const pending of [...pendingButtons]) {
    const state = await pending.tab.page
      .evaluate(
        ([id, name]) => window.__faults.addState(id as string, name as string),
        [pending.productId, pending.name],
      )
      .catch(() => undefined);
    if (state?.busy) continue;
    pendingButtons.splice(pendingButtons.indexOf(pending), 1);
    if (!state) continue; // gone with a reload: unknown
    pending.record.end = Date.now();
    pending.record.result = state.ok;
  }
}
