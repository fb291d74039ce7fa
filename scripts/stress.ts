/**
 * `npm run test:stress`, while a CPU burner spins on every core, as on a busy 2-core machine:
 *
 * 1. the unit suite (`vitest run`, its four projects) `STRESS_RUNS` times in a row (default 5);
 * 2. the end-to-end files that take screenshots or measure layout (`E2E_FILES`: the visual tests, the layout
 *    sweep, the languages and the phone) `STRESS_E2E_RUNS` times (default 2), each run one vitest process that
 *    builds once and runs the files one after the other.
 *
 * A test that waits for time rather than for a signal (a frame count, a timeout, fonts not yet loaded) fails
 * here. `STRESS_ONLY=unit` or `STRESS_ONLY=e2e` runs one part. Stops at the first failing run (exit 1); prints
 * each run's duration and a summary line.
 *
 * Bounded: a run that takes longer than `STRESS_RUN_TIMEOUT_MS` (default 15 min) is stopped and counts as a
 * failure. The burners are child processes: killed when the runs end, on every path (a failure, Ctrl-C, an
 * exception). Extra arguments go to the unit runs' vitest (`npm run test:stress -- --project dom`).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const VITEST = resolve(root, 'node_modules/vitest/vitest.mjs');
const TSX = resolve(root, 'node_modules/tsx/dist/cli.mjs');
const RUNS = positive(process.env.STRESS_RUNS, 5);
const E2E_RUNS = positive(process.env.STRESS_E2E_RUNS, 2);
/** The end-to-end files whose results hang on layout: screenshots compared, sizes and positions measured. */
const E2E_FILES = [
  'test/e2e/visual.e2e.ts',
  'test/e2e/layout-sweep.e2e.ts',
  'test/e2e/languages.e2e.ts',
  'test/e2e/phone.e2e.ts',
];
const ONLY = process.env.STRESS_ONLY;
const BURNERS = positive(process.env.STRESS_BURNERS, availableParallelism());
const RUN_TIMEOUT_MS = positive(process.env.STRESS_RUN_TIMEOUT_MS, 15 * 60_000);
/** How long a stopped run gets to end after SIGTERM before it is killed. */
const KILL_GRACE_MS = 5_000;

function positive(value: string | undefined, fallback: number): number {
  const n = Math.floor(Number(value));
  return Number.isFinite(n) && n > 0 ? n : fallback;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

// ——— the burners ———

const burners: ChildProcess[] = [];

/** One process a core, spinning at the machine's normal priority (the suite gets no head start). */
function startBurners(count: number): void {
  for (let i = 0; i < count; i++)
    burners.push(spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
}

/** Synchronous, so it also runs in an `exit` handler. */
function stopBurners(): void {
  for (const burner of burners.splice(0)) if (burner.exitCode === null) burner.kill('SIGKILL');
}

// ——— the runs ———

let running: ChildProcess | undefined;

/** Signals the run's whole process group (vitest and its workers). */
function signalRun(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

/** One `vitest run`, its output on this terminal; resolves to whether it passed, never later than the bound. */
function runSuite(args: string[]): Promise<{ passed: boolean; timedOut: boolean }> {
  return new Promise((resolvePromise, reject) => {
    // Its own process group, so a stopped run takes its workers with it.
    const child = spawn(process.execPath, [VITEST, 'run', ...args], {
      cwd: root,
      stdio: 'inherit',
      detached: true,
    });
    running = child;
    let timedOut = false;
    let killer: NodeJS.Timeout | undefined;
    const timer = setTimeout(() => {
      timedOut = true;
      signalRun(child, 'SIGTERM');
      killer = setTimeout(() => signalRun(child, 'SIGKILL'), KILL_GRACE_MS);
    }, RUN_TIMEOUT_MS);
    const done = () => {
      clearTimeout(timer);
      clearTimeout(killer);
      running = undefined;
    };
    child.on('error', (error) => {
      done();
      reject(error);
    });
    child.on('exit', (code) => {
      done();
      resolvePromise({ passed: code === 0 && !timedOut, timedOut });
    });
  });
}

function cleanUp(): void {
  if (running) signalRun(running, 'SIGKILL');
  stopBurners();
}

process.on('exit', cleanUp);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
  process.on(signal, () => {
    cleanUp();
    process.exit(128 + ({ SIGHUP: 1, SIGINT: 2, SIGTERM: 15 } as const)[signal]);
  });

interface Part {
  name: string;
  args: string[];
  runs: number;
}

async function main(): Promise<number> {
  const extra = process.argv.slice(2);
  const parts: Part[] = [
    { name: 'unit', args: extra, runs: RUNS },
    { name: 'e2e', args: ['--config', 'vitest.e2e.config.ts', ...E2E_FILES], runs: E2E_RUNS },
  ].filter((part) => !ONLY || part.name === ONLY);
  if (parts.length === 0) {
    console.error(`Stress: STRESS_ONLY is "${ONLY}": "unit" or "e2e"`);
    return 1;
  }
  if (parts.some((part) => part.name === 'e2e')) {
    // Chromium, as `npm run test:e2e` makes sure of first (its pretest script).
    const { status } = spawnSync(process.execPath, [TSX, 'scripts/ensure-chromium.ts'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (status !== 0) return 1;
  }
  const summary: string[] = [];
  startBurners(BURNERS);
  try {
    for (const part of parts) {
      const durations: number[] = [];
      const command = ['vitest', 'run', ...part.args].join(' ');
      console.log(
        `\nStress (${part.name}): ${part.runs} runs of \`${command}\` beside ${BURNERS} CPU burners`,
      );
      for (let run = 1; run <= part.runs; run++) {
        console.log(`\n=== ${part.name} run ${run}/${part.runs} ===`);
        const started = performance.now();
        const { passed, timedOut } = await runSuite(part.args);
        const took = performance.now() - started;
        durations.push(took);
        const outcome = passed ? 'passed' : timedOut ? `stopped after ${seconds(RUN_TIMEOUT_MS)}` : 'FAILED';
        console.log(`=== ${part.name} run ${run}/${part.runs} ${outcome} in ${seconds(took)} ===`);
        if (!passed) {
          console.log(
            `\nStress: FAILED on ${part.name} run ${run} of ${part.runs} (${durations.map(seconds).join(', ')}; ${BURNERS} burners)`,
          );
          return 1;
        }
      }
      const total = durations.reduce((sum, ms) => sum + ms, 0);
      summary.push(
        `${part.name}: ${part.runs} of ${part.runs} runs passed (${durations.map(seconds).join(', ')}; total ${seconds(total)})`,
      );
    }
  } finally {
    stopBurners();
  }
  console.log(`\nStress, with ${BURNERS} burners:\n  ${summary.join('\n  ')}`);
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error('Stress: could not run the suite:', error);
    process.exitCode = 1;
  },
);
