/**
 * The fault suite's checks: the faults off, the tabs left to go quiet (`settle`), then the server's cart
 * against the adds and line changes so far (`boundsOf`) and against what each tab shows (`compareTab`).
 */
import { boundsOf, compareTab, markArrivals, type ServerCart, type SetRecord, setsFrom } from './checks';
import { callLine, logLine, story } from './describe';
import type { TabView } from './page';
import {
  type Call,
  NO_FAULTS,
  pollButtons,
  QUIET_MS,
  quietly,
  type SeedRun,
  sleep,
  type Tab,
  TOKENS_KEY,
} from './seed-run';
import { closeDrawer, openDrawer } from './tabs';

/** What each tab and its pending adds still have under way. */
async function busyNow(run: SeedRun): Promise<string[]> {
  const busy: string[] = [];
  for (const tab of run.suite.tabs) {
    const state = await tab.page
      .evaluate(() => ({ inflight: window.__faults.inflight(), busy: window.__faults.busy() }))
      .catch(() => ({ inflight: 1, busy: ['(no answer from the page)'] }));
    if (state.inflight) busy.push(`tab ${tab.index}: ${state.inflight} calls on their way`);
    busy.push(...state.busy.map((b) => `tab ${tab.index}: ${b} still busy`));
  }
  for (const pending of run.pendingButtons)
    busy.push(`tab ${pending.tab.index}: the add of ${pending.name} never ended`);
  if (run.pendingCalls.size) busy.push(`${run.pendingCalls.size} Storefront.addToCart calls never ended`);
  return busy;
}

/** Waits until nothing is on its way or busy (at most `QUIET_MS`); returns what still is. */
export async function settle(run: SeedRun): Promise<string[]> {
  const deadline = Date.now() + QUIET_MS;
  let calm = 0;
  let seen = -1;
  let busy: string[] = [];
  while (Date.now() < deadline && calm < 3) {
    await pollButtons(run);
    busy = await busyNow(run);
    calm = busy.length === 0 && run.suite.calls.size === seen ? calm + 1 : 0;
    seen = run.suite.calls.size;
    await sleep(250);
  }
  return busy;
}

/** The server's cart for the visitor whose tokens the tabs keep (no tokens: no cart). */
export async function serverCart(run: SeedRun, tab: Tab): Promise<ServerCart> {
  const raw = await tab.page.evaluate((key) => localStorage.getItem(key), TOKENS_KEY);
  const token = raw
    ? (JSON.parse(raw) as { accessToken?: { value?: string } }).accessToken?.value
    : undefined;
  const empty: ServerCart = { lines: new Map(), count: 0, coupon: null };
  if (!token) return empty;
  const response = await fetch(`${run.suite.sandboxUrl}/ecom/v1/carts/current`, {
    headers: { authorization: token },
  });
  if (response.status === 404) return empty;
  if (!response.ok) throw new Error(`the server's cart: ${response.status} ${await response.text()}`);
  const { cart } = (await response.json()) as {
    cart: {
      lineItems?: Array<{
        quantity?: number;
        catalogReference?: { catalogItemId?: string; options?: Record<string, unknown> };
      }>;
      appliedDiscounts?: Array<{ coupon?: { code?: string } }>;
    };
  };
  const lines = new Map<string, number>();
  for (const line of cart.lineItems ?? []) {
    const key =
      run.suite.catalogue.resolve(line.catalogReference?.catalogItemId, line.catalogReference?.options)
        ?.key ?? '?';
    lines.set(key, (lines.get(key) ?? 0) + (line.quantity ?? 0));
  }
  return {
    lines,
    count: [...lines.values()].reduce((sum, q) => sum + q, 0),
    coupon: cart.appliedDiscounts?.find((d) => d.coupon?.code)?.coupon?.code ?? null,
  };
}

/**
 * Once the tabs are quiet: the server's cart and what each tab shows, then again with every drawer open;
 * what never went quiet is a finding.
 */
async function quietViews(run: SeedRun, where: string) {
  const { tabs } = run.suite;
  const stuck = await settle(run);
  const server = await serverCart(run, tabs[0] as Tab);
  const before = await Promise.all(tabs.map((tab) => tab.page.evaluate(() => window.__faults.view())));
  // As a shopper looks: each drawer open (that reads the cart only in a tab with none to show).
  for (const tab of tabs) await quietly(openDrawer(tab));
  stuck.push(...(await settle(run)).filter((b) => !stuck.includes(b)));
  const after = await Promise.all(tabs.map((tab) => tab.page.evaluate(() => window.__faults.view())));
  run.findings.stuck += stuck.length;
  run.details.push(...stuck.map((b) => `stuck ${where}: ${b}`));
  return { server, before, after };
}

/** Each variant the server holds fewer of than were surely added (lost) or more than were asked for (doubled). */
function checkBounds(run: SeedRun, where: string, sets: SetRecord[], server: ServerCart): void {
  const { adds, findings, details } = run;
  const { catalogue } = run.suite;
  const keys = new Set([...adds.map((a) => a.key), ...sets.flatMap((s) => (s.key ? [s.key] : []))]);
  for (const key of [...keys, ...server.lines.keys()]) {
    const variant = catalogue.variants.find((v) => v.key === key);
    const { least, most } = boundsOf(key, variant?.stock ?? Infinity, adds, sets);
    const held = server.lines.get(key) ?? 0;
    const name = variant?.label ?? key;
    if (held < least && !findings.lost.has(key)) {
      findings.lost.add(key);
      details.push(
        `lost ${where}: ${name}: the server holds ${held}, at least ${least} were added for sure`,
        ...story(run, sets, key),
      );
    }
    if (held > most && !findings.doubled.has(key)) {
      findings.doubled.add(key);
      details.push(
        `doubled ${where}: ${name}: the server holds ${held}, at most ${most} were asked for`,
        ...story(run, sets, key),
      );
    }
  }
}

/** Each tab's view (its drawer as it was once opened) against the server's cart. */
function checkTabs(
  run: SeedRun,
  where: string,
  callList: Call[],
  server: ServerCart,
  views: { before: TabView[]; after: TabView[] },
): void {
  const { findings, details, log } = run;
  const { catalogue } = run.suite;
  const { before, after } = views;
  const shown = [...server.lines].map(
    ([k, q]) => `${catalogue.variants.find((v) => v.key === k)?.label ?? k} ×${q}`,
  );
  before.forEach((view, index) => {
    const verdict = compareTab(catalogue, { ...view, drawer: after[index]?.drawer ?? null }, server);
    findings.mismatched += verdict.counts.silent;
    findings.flagged += verdict.counts.flagged;
    if (!verdict.silent.length && !verdict.flagged.length) return;
    const error = after[index]?.drawer?.banner ?? after[index]?.drawer?.couponError ?? view.header.status;
    details.push(
      ...verdict.silent.map((d) => `mismatched ${where}: tab ${index} ${d}`),
      ...verdict.flagged.map((d) => `flagged ${where}: tab ${index} ${d} (the tab shows: ${error})`),
      `    server: ${shown.join(', ') || 'empty'}${server.coupon ? `, coupon ${server.coupon}` : ''}`,
      ...log.slice(-12).map((l) => `    ${logLine(l)}`),
      `    the last calls of tab ${index}:`,
      ...callList
        .filter((c) => c.tab === index)
        .slice(-10)
        .map((c) => `      ${callLine(run, c)}`),
    );
  });
}

/**
 * Faults off; once the tabs are quiet, the server's cart against the adds and changes so far and against
 * what each tab shows, then again with every drawer open; then the faults go on again (`resume`).
 */
export async function check(run: SeedRun, done: number, resume: boolean): Promise<void> {
  const { dev, tabs, catalogue } = run.suite;
  await dev('PATCH', '/_sandbox/settings', NO_FAULTS);
  const where = `after #${done}`;
  const { server, before, after } = await quietViews(run, where);

  const callList = [...run.suite.calls.values()];
  const sets = setsFrom(callList, catalogue);
  markArrivals(run.adds, callList, catalogue);
  const unnamed = sets.filter((s) => s.key === undefined).length;
  if (unnamed) run.details.push(`harness ${where}: ${unnamed} line changes of lines no answer named`);
  checkBounds(run, where, sets, server);
  checkTabs(run, where, callList, server, { before, after });
  if (!resume) return;
  // Drawers left open half the time, as a shopper would.
  for (const tab of tabs) if (run.random() < 0.5) await quietly(closeDrawer(tab));
  await dev('PATCH', '/_sandbox/settings', run.faults);
}
