/**
 * How the fault suite's findings read: an operation of the log, a platform call, and the story of a variant
 * (the operations, adds and line changes behind a finding about it).
 */
import type { SetRecord } from './checks';
import type { Call, Logged, SeedRun } from './seed-run';

/** A time of the seed, from its start. */
export const at = (run: SeedRun, ms: number) => (Number.isFinite(ms) ? `${ms - run.began} ms` : 'never');

export const logLine = (l: Logged) => `#${l.n} tab ${l.tab} at ${l.at} ms: ${l.text}`;

const lineName = (run: SeedRun, productId: string, options: Record<string, unknown> | null) =>
  run.suite.catalogue.resolve(productId, options)?.label ?? productId;

/** A call as a finding shows it: what it sent, when, its answer and the cart the answer carried. */
export function callLine(run: SeedRun, c: Call): string {
  const sent = c.body && c.body.length < 400 ? ` ${c.body}` : '';
  const answer = c.error
    ? `no answer (${c.error})`
    : c.broken
      ? `${c.status}, answer broken off`
      : `${c.status ?? 'never settled'}`;
  const lines = c.lines
    ? ` → [${c.lines.map(([id, p, o, q]) => `${lineName(run, p, o)} ×${q} (${id.slice(0, 4)})`).join(', ')}]`
    : '';
  return `${c.method} ${c.path.replace('/ecom/v1/carts/current', '…')}${sent}, ${at(run, c.start)}–${at(run, c.end)}: ${answer}${lines}`;
}

/** What happened to variant `key`: the operations that touched it, its adds and the line changes. */
export function story(run: SeedRun, sets: SetRecord[], key: string): string[] {
  return [
    ...run.log.filter((l) => l.keys.includes(key)).map((l) => `    ${logLine(l)}`),
    ...run.adds
      .filter((a) => a.key === key)
      .map(
        (a) =>
          `    add #${a.op} (tab ${a.tab}, ${a.how}) ×${a.quantity}: ${a.result ?? 'unknown'}${a.mayHaveArrived ? '' : ', never arrived'}, ${at(run, a.start)}–${at(run, a.end)}`,
      ),
    ...sets
      .filter((s) => s.key === key || s.key === undefined)
      .map(
        (s) =>
          `    set to ${s.quantity} (tab ${s.tab}): ${s.status ?? 'no answer'}, ${at(run, s.start)}–${at(run, s.end)}`,
      ),
  ];
}
