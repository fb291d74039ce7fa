/**
 * `npm run test:stress`: the unit suite (`vitest run`, its four projects) run `STRESS_RUNS` times in a row
 * (default 5) while a CPU burner spins on every core, as on a busy 2-core machine. A test that waits for time
 * rather than for a signal fails here. Stops at the first failing run (exit 1); prints each run's duration and
 * a summary line.
 *
 * Bounded: a run that takes longer than `STRESS_RUN_TIMEOUT_MS` (default 15 min) is stopped and counts as a
 * failure. The burners are child processes: killed when the runs end, on every path (a failure, Ctrl-C, an
 * exception). Extra arguments go to vitest (`npm run test:stress -- --project dom`).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const VITEST = resolve(root, 'node_modules/vitest/vitest.mjs');
const RUNS = positive(process.env.STRESS_RUNS, 5);
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

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const durations: number[] = [];
  const command = ['vitest', 'run', ...args].join(' ');
  console.log(`Stress: ${RUNS} runs of \`${command}\` beside ${BURNERS} CPU burners`);
  startBurners(BURNERS);
  try {
    for (let run = 1; run <= RUNS; run++) {
      console.log(`\n=== Run ${run}/${RUNS} ===`);
      const started = performance.now();
      const { passed, timedOut } = await runSuite(args);
      const took = performance.now() - started;
      durations.push(took);
      const outcome = passed ? 'passed' : timedOut ? `stopped after ${seconds(RUN_TIMEOUT_MS)}` : 'FAILED';
      console.log(`=== Run ${run}/${RUNS} ${outcome} in ${seconds(took)} ===`);
      if (!passed) {
        console.log(
          `\nStress: FAILED on run ${run} of ${RUNS} (${durations.map(seconds).join(', ')}; ${BURNERS} burners)`,
        );
        return 1;
      }
    }
  } finally {
    stopBurners();
  }
  const total = durations.reduce((sum, ms) => sum + ms, 0);
  console.log(
    `\nStress: ${RUNS} of ${RUNS} runs passed with ${BURNERS} burners (${durations.map(seconds).join(', ')}; total ${seconds(total)})`,
  );
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
