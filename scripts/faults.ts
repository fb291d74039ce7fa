/**
 * `npm run faults`: the fault suite (issue 13 item 12). Two tabs of the demo shop in one Chromium (the
 * hand-written page and the product grid, sharing storage and BroadcastChannel as two tabs do) drive seeded
 * random operations (adds through the page's buttons, the product cards and `Storefront.addToCart` by
 * options or variant id; the drawer's steppers, typed quantities and remove buttons; coupons; a country
 * and a delivery option; a reload now and then) without waiting for the page to settle, under the sandbox's
 * simulated faults (a 503 for 30 % of the calls, 10 % dropped before the platform handles them, 5 % whose
 * answer is lost after it did, 300 ms latency plus up to 300 ms before and after handling; its random numbers
 * from the same seed). Every 25 operations and at the end the faults stop, the tabs get time to go quiet, and
 * the server's cart is compared with the adds and changes so far and with what each tab shows. Per seed:
 *
 * - lost: a variant the server's cart holds fewer of than the adds that reported `true` after every
 *   quantity change and removal of that variant had settled (up to the stock);
 * - doubled: a variant the server's cart holds more of than any order of the calls allows: the quantity of a
 *   change that may have been handled last (or none) plus every add that may have been handled after it,
 *   whatever it reported, unless every call it sent was answered with an error (each add counted once: more is
 *   an add that arrived twice);
 * - mismatched: a difference between the server's cart (lines, quantities, count, coupon) and what a tab
 *   shows, in its store (`Storefront.getState()`), its count and its drawer, while the tab does not say its
 *   cart may be stale; "flagged" counts those where it does (reported, not a failure);
 * - stuck: what still says it is busy (aria-busy, a skeleton, a button blocked while busy, a call or an add
 *   that never ended) once the tabs had 20 s to finish;
 * - unhandled: page errors and unhandled rejections.
 *
 * The bounds and why they hold are in `faults/checks.ts` (`boundsOf`). Exits 1 when any of the five is not 0.
 *
 * Options: `--seeds N` (20 seeds, 1 to N), `--seed N` (that one), `--ops N` (200 a seed), `--check-every N`
 * (25; 0 for the end only), `--lost-answers R` (0.05), `--jitter MS` (300), `--no-build`, `--verbose` (every
 * seed's details and operations, not only those of a seed with findings).
 */
import { parseArgs } from 'node:util';
import { launchBrowser } from '../test/e2e/browser';
import { DEFAULT_FAULTS, openFaultSuite, type SeedReport } from './faults/run';
import { buildDist, startServers } from './servers';

const { values } = parseArgs({
  options: {
    seeds: { type: 'string', default: '20' },
    seed: { type: 'string' },
    ops: { type: 'string', default: '200' },
    'no-build': { type: 'boolean', default: false },
    'lost-answers': { type: 'string', default: String(DEFAULT_FAULTS.lostAnswerRate) },
    jitter: { type: 'string', default: String(DEFAULT_FAULTS.latencyJitterMs) },
    'check-every': { type: 'string', default: '25' },
    verbose: { type: 'boolean', default: false },
  },
});
const whole = (name: string, text: string | undefined) => {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} takes a whole number, not "${text}"`);
  return value;
};
const seeds = values.seed
  ? [whole('seed', values.seed)]
  : Array.from({ length: whole('seeds', values.seeds) }, (_, i) => i + 1);
const ops = whole('ops', values.ops);
const checkEvery = whole('check-every', values['check-every']) || ops;
const lostAnswerRate = Number(values['lost-answers']);
if (!(lostAnswerRate >= 0 && lostAnswerRate <= 1)) throw new Error('--lost-answers takes a rate from 0 to 1');
const faults = { ...DEFAULT_FAULTS, lostAnswerRate, latencyJitterMs: whole('jitter', values.jitter) };

if (!values['no-build']) buildDist({ quiet: true });
const servers = await startServers({ demoPort: 0, sandboxPort: 0 });
const browser = await launchBrowser();
const COLUMNS = [
  'seed',
  'ops',
  'adds ok/failed/unknown',
  'calls (5xx/dropped/broken)',
  'lost',
  'doubled',
  'mismatched',
  'flagged',
  'stuck',
  'unhandled',
  'seconds',
];
const row = (cells: Array<string | number>) =>
  console.log(cells.map((c, i) => String(c).padStart(Math.max(4, (COLUMNS[i] ?? '').length))).join('  '));
const callsCell = (c: SeedReport['calls']) => `${c.total} (${c.failed}/${c.dropped}/${c.broken})`;
const FAILURES = ['lost', 'doubled', 'mismatched', 'stuck', 'unhandled'] as const;
const reports: SeedReport[] = [];
try {
  const suite = await openFaultSuite({ browser, demoUrl: servers.demoUrl, sandboxUrl: servers.sandboxUrl });
  console.log(
    `Fault suite: ${seeds.length} seed(s) × ${ops} operations, failureRate ${faults.failureRate}, dropRate ${faults.dropRate}, lostAnswerRate ${faults.lostAnswerRate}, latencyMs ${faults.latencyMs} + up to 2 × ${faults.latencyJitterMs} (latencyJitterMs)\n`,
  );
  row(COLUMNS);
  for (const seed of seeds) {
    const report = await suite.runSeed(seed, { ops, faults, checkEvery });
    reports.push(report);
    const { adds } = report;
    row([
      seed,
      ops,
      `${adds.ok}/${adds.failed}/${adds.unknown}`,
      callsCell(report.calls),
      ...FAILURES.slice(0, 3).map((k) => report[k]),
      report.flagged,
      report.stuck,
      report.unhandled,
      report.seconds,
    ]);
    if (values.verbose || FAILURES.some((k) => report[k] > 0))
      for (const line of report.details) console.log(`      ${line}`);
    if (values.verbose) for (const line of report.log) console.log(`      ${line}`);
  }
  await suite.close();
} finally {
  await browser.close();
  await servers.close();
}
const sum = (pick: (r: SeedReport) => number) => reports.reduce((total, r) => total + pick(r), 0);
row([
  'total',
  sum((r) => r.ops),
  `${sum((r) => r.adds.ok)}/${sum((r) => r.adds.failed)}/${sum((r) => r.adds.unknown)}`,
  callsCell({
    total: sum((r) => r.calls.total),
    failed: sum((r) => r.calls.failed),
    dropped: sum((r) => r.calls.dropped),
    broken: sum((r) => r.calls.broken),
  }),
  ...FAILURES.slice(0, 3).map((k) => sum((r) => r[k])),
  sum((r) => r.flagged),
  sum((r) => r.stuck),
  sum((r) => r.unhandled),
  Math.round(sum((r) => r.seconds)),
]);
process.exit(FAILURES.some((k) => sum((r) => r[k]) > 0) ? 1 : 0);
