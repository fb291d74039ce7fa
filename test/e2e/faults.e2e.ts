import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type FaultSuite, openFaultSuite } from '../../scripts/faults/run';
import { type Browser, launchBrowser } from './browser';

/** The fault suite of `npm run faults`, small: one seed, 60 operations (the whole suite: 20 × 200). */
const SEED = 12;
const OPERATIONS = 60;

const sandboxUrl = inject('sandboxUrl');
let browser: Browser | undefined;
let suite: FaultSuite | undefined;
beforeAll(async () => {
  browser = await launchBrowser();
  suite = await openFaultSuite({ browser, demoUrl: inject('demoUrl'), sandboxUrl });
});
afterAll(async () => {
  await suite?.close();
  await browser?.close();
  // The sandbox is shared with the other journeys: back to its seed, faults off.
  await fetch(`${sandboxUrl}/_sandbox/reset`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
  });
});

describe('two tabs under simulated failures, drops, lost answers and latency', () => {
  it('lose no add, double none, show the server’s cart once quiet, leave nothing busy and reject nothing unhandled', async () => {
    const report = await (suite as FaultSuite).runSeed(SEED, { ops: OPERATIONS });
    const { lost, doubled, mismatched, stuck, unhandled } = report;
    expect({ lost, doubled, mismatched, stuck, unhandled }, report.details.join('\n')).toEqual({
      lost: 0,
      doubled: 0,
      mismatched: 0,
      stuck: 0,
      unhandled: 0,
    });
    // The faults happened: some calls failed and some adds did not work.
    expect(report.calls.failed).toBeGreaterThan(0);
    expect(report.adds.failed + report.adds.ok).toBeGreaterThan(5);
  });
});
