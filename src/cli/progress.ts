/**
 * How far a long command is: on a terminal a bar (cli-progress: done/total, rate, time left), redrawn in
 * place on standard error; elsewhere (a CI log, a pipe) a plain line at every tenth of the way.
 */
import cliProgress from 'cli-progress';

export interface Progress {
  update(done: number, total: number): void;
  stop(): void;
}

/** Thousands with commas: `2,000`. */
export const count = (n: number) => n.toLocaleString('en-US');

const seconds = (ms: number) => (ms < 60_000 ? `${Math.ceil(ms / 1000)} s` : `${Math.ceil(ms / 60_000)} min`);

/**
 * A progress display on `stream`: a bar when it is a terminal, plain lines otherwise. `now` is the clock
 * (tests pass their own).
 */
export function progressOn(
  stream: NodeJS.WritableStream & { isTTY?: boolean },
  label: string,
  now: () => number = Date.now,
): Progress {
  if (stream.isTTY) {
    const bar = new cliProgress.SingleBar(
      {
        stream,
        format: `${label} |{bar}| {value}/{total} | {rate}/s | {eta_formatted} left`,
        etaBuffer: 50,
        hideCursor: true,
        clearOnComplete: false,
      },
      cliProgress.Presets.shades_classic,
    );
    const start = now();
    let started = false;
    return {
      update(done, total) {
        const rate = Math.round(done / Math.max(0.001, (now() - start) / 1000));
        if (!started) bar.start(total, done, { rate });
        else bar.update(done, { rate });
        started = true;
      },
      stop: () => bar.stop(),
    };
  }
  const start = now();
  let lastTenth = -1;
  return {
    update(done, total) {
      const tenth = total ? Math.floor((done / total) * 10) : 10;
      if (tenth === lastTenth) return;
      lastTenth = tenth;
      const elapsed = now() - start;
      const rate = done / Math.max(0.001, elapsed / 1000);
      const left = done && done < total ? `, ${seconds(((total - done) / rate) * 1000)} left` : '';
      stream.write(
        `${label}: ${count(done)}/${count(total)} (${total ? Math.floor((done / total) * 100) : 100} %), ${count(Math.round(rate))}/s${left}\n`,
      );
    },
    stop() {},
  };
}
