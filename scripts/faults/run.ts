/**
 * The fault suite's runs: two tabs of the demo shop (one browser context: shared storage and
 * BroadcastChannel) drive seeded random operations under the sandbox's simulated faults; every
 * `checkEvery` operations and at the end the faults stop, and the server's cart is compared with what each tab
 * shows and with the adds and line changes so far (`checks.ts`).
 */
import type { Page } from 'playwright-core';
import { DEFAULT_API_KEY, seededRandom } from '../../sandbox/app';
import { apiKeyAuth, createApiClient } from '../../src/api/http';
import { queryProducts } from '../../src/api/products';
import type { AddToCartInput } from '../../src/store/store';
import type { Browser } from '../../test/e2e/browser';
import {
  type AddRecord,
  boundsOf,
  type CallRecord,
  catalogueOf,
  compareTab,
  markArrivals,
  type ServerCart,
  setsFrom,
} from './checks';
import { inPageScript, type PageEvent } from './page';

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
const NO_FAULTS: Faults = {
  failureRate: 0,
  dropRate: 0,
  latencyMs: 0,
  latencyJitterMs: 0,
  lostAnswerRate: 0,
};

/** One click, fill or key press: an operation never waits longer for the page. */
const ACTION_MS = 1_500;
const RELOAD_MS = 15_000;
/** How long the tabs get to go quiet once the faults stop. */
const QUIET_MS = 20_000;
const TOKENS_KEY = 'sf:demo-client:tokens';
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

interface Call extends CallRecord {
  method: string;
  error?: string;
  broken?: boolean;
}

interface Tab {
  index: number;
  kind: 'handmade' | 'grid';
  url: string;
  page: Page;
}

interface Logged {
  n: number;
  tab: number;
  at: number;
  text: string;
  keys: string[];
}

interface PendingButtonAdd {
  record: AddRecord;
  tab: Tab;
  productId: string;
  name: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const quietly = <T>(promise: Promise<T>) =>
  promise.then(
    (value) => ({ ok: true as const, value }),
    (error: Error) => ({ ok: false as const, error }),
  );

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
  const dev = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${sandboxUrl}${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  };
  const merchant = createApiClient({ apiBase: sandboxUrl, auth: apiKeyAuth(DEFAULT_API_KEY) });
  await dev('POST', '/_sandbox/reset');
  const { items } = await queryProducts(merchant, { includeVariants: true }).limit(100).find();
  const catalogue = catalogueOf(items.filter((p) => p.visible !== false));

  // What the tabs report, for the seed under way.
  let calls = new Map<string, Call>();
  let problems: Array<{ tab: number; text: string }> = [];
  const tabs: Tab[] = [];
  for (const [index, kind] of (['handmade', 'grid'] as const).entries()) {
    const page = await browser.context.newPage();
    const tab: Tab = { index, kind, url: `${demoUrl}/${kind === 'grid' ? 'index' : kind}.html`, page };
    await page.exposeBinding('__faultsReport', (_source, event: PageEvent) => {
      if (event.type === 'start') {
        const { id, method, path, body, at } = event;
        calls.set(id, { tab: index, method, path, ...(body ? { body } : {}), start: at, end: Infinity });
      } else if (event.type === 'end') {
        const { type: _type, id, at, ...answer } = event;
        const call = calls.get(id);
        if (call) Object.assign(call, answer, { end: at });
      } else problems.push({ tab: index, text: `unhandled rejection: ${event.message}` });
    });
    await page.addInitScript(inPageScript(sandboxUrl));
    page.on('pageerror', (error) =>
      problems.push({ tab: index, text: `page error: ${error.stack ?? error.message}` }),
    );
    page.on('console', (message) => {
      if (message.type() !== 'error' || message.text().startsWith('Failed to load resource')) return;
      problems.push({ tab: index, text: `console: ${message.text()}` });
    });
    tabs.push(tab);
  }

  async function runSeed(seed: number, options: SeedOptions = {}): Promise<SeedReport> {
    const { ops: opCount = 200, faults = DEFAULT_FAULTS, checkEvery = CHECK_EVERY } = options;
    const began = Date.now();
    const random = seededRandom(seed);
    const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
    const adds: AddRecord[] = [];
    const log: Logged[] = [];
    const pendingButtons: PendingButtonAdd[] = [];
    const pendingCalls = new Set<Promise<unknown>>();
    let n = 0;
    const note = (tab: Tab, text: string, keys: string[] = []) =>
      log.push({ n, tab: tab.index, at: Date.now() - began, text, keys });

    // A new visitor in both tabs: the sandbox back to its seed, storage cleared on a page without the widgets.
    await dev('POST', '/_sandbox/reset', { seed });
    for (const tab of tabs) await tab.page.goto(`${demoUrl}/styles.css`);
    // What the last seed's pages reported as they went belongs to that seed.
    calls = new Map();
    problems = [];
    await tabs[0]?.page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    for (const tab of tabs) {
      await tab.page.goto(tab.url);
      await tab.page
        .locator('[data-sf-cart-count][data-sf-status="ready"]')
        .first()
        .waitFor({ timeout: 10_000 });
    }
    await dev('PATCH', '/_sandbox/settings', faults);

    /** Records the outcome of every page-button add that is no longer busy. */
    const pollButtons = async () => {
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
    };

    const drawer = (tab: Tab) => tab.page.locator('sf-cart-drawer dialog[open]');
    const isOpen = (tab: Tab) => tab.page.evaluate(() => window.__faults.drawerOpen());
    const openDrawer = async (tab: Tab) => {
      if (await isOpen(tab)) return;
      await tab.page.locator('.site-header [data-sf-open-cart]').click({ timeout: ACTION_MS });
      await drawer(tab).waitFor({ timeout: ACTION_MS });
    };
    const closeDrawer = async (tab: Tab) => {
      if (!(await isOpen(tab))) return;
      await drawer(tab).getByRole('button', { name: 'Close', exact: true }).click({ timeout: ACTION_MS });
      await drawer(tab).waitFor({ state: 'detached', timeout: ACTION_MS });
    };

    /** An add through the page's own button (hand-written page) or a product card (grid page). */
    const addByButton = async (tab: Tab) => {
      const names = await tab.page.evaluate(() => window.__faults.addable());
      const wanted = names.length ? pick(names) : undefined;
      const product = catalogue.products.find((p) => p.name === wanted);
      if (!product?.id) return note(tab, 'add by button: no button');
      const variant = pick(catalogue.variants.filter((v) => v.productId === product.id));
      const name = product.name ?? '';
      // A press on a button that is still adding must do nothing: pressed in the page, where its state is read.
      const pressed = await tab.page.evaluate(
        ([id, shown]) => window.__faults.pressIfBusy(id as string, shown as string),
        [product.id, name],
      );
      if (pressed === 'ignored')
        return note(tab, `add by button: ${name} pressed while adding`, [variant.key]);
      // Its last add ended since the poll: its outcome is read before the pickers change it.
      if (pendingButtons.some((p) => p.tab === tab && p.productId === product.id)) await pollButtons();
      await closeDrawer(tab);
      const scope =
        tab.kind === 'handmade'
          ? tab.page.locator('article', { has: tab.page.locator(`[data-sf-add-to-cart="${product.id}"]`) })
          : tab.page.locator('sf-product-grid').last().locator('[part="card"]', { hasText: name });
      for (const option of product.productOptions ?? []) {
        const choice = variant.choices[option.name ?? ''] ?? '';
        if (option.optionType === 'color')
          await scope.locator(`input[type="radio"][value="${choice}"]`).check({ timeout: ACTION_MS });
        else if (tab.kind === 'handmade')
          await scope
            .locator(`select[data-sf-option="${option.name}"]`)
            .selectOption(choice, { timeout: ACTION_MS });
        else
          await scope
            .getByLabel(option.name ?? '', { exact: true })
            .selectOption(choice, { timeout: ACTION_MS });
      }
      const field = scope.locator(
        tab.kind === 'handmade' ? '[data-sf-quantity-input]' : 'input[type="number"]',
      );
      const hasField = (await field.count()) > 0;
      const quantity = hasField ? int(1, 3) : 1;
      if (hasField) await field.fill(String(quantity), { timeout: ACTION_MS });
      const button = scope.locator(tab.kind === 'handmade' ? '[data-sf-add-to-cart]' : '[part="add-button"]');
      if ((await button.getAttribute('aria-disabled', { timeout: ACTION_MS })) === 'true')
        return note(tab, `add by button: ${variant.label} sold out`, [variant.key]);
      const record: AddRecord = {
        op: n,
        tab: tab.index,
        how: 'button',
        key: variant.key,
        quantity,
        start: Date.now(),
        end: Infinity,
      };
      const clicked = await quietly(button.click({ timeout: ACTION_MS }));
      const state = await tab.page.evaluate(
        ([id, shown]) => window.__faults.addState(id as string, shown as string),
        [product.id, name],
      );
      // A click that failed may still have landed: the button says whether an add started.
      if (!clicked.ok && !state?.busy)
        return note(tab, `add by button: ${variant.label} not clicked`, [variant.key]);
      adds.push(record);
      pendingButtons.push({ record, tab, productId: product.id, name });
      note(tab, `add by button: ${variant.label} ×${quantity}`, [variant.key]);
    };

    /** An add through `Storefront.addToCart`, by options or by variant id; not awaited. */
    const addByCall = async (tab: Tab) => {
      const product = pick(catalogue.products);
      const variant = pick(catalogue.variants.filter((v) => v.productId === product.id));
      const quantity = int(1, 3);
      const byId = random() < 0.4;
      const given: Omit<AddToCartInput, 'productId'> = byId
        ? { quantity, variantId: variant.variantId }
        : { quantity, ...(Object.keys(variant.choices).length ? { options: variant.choices } : {}) };
      const record: AddRecord = {
        op: n,
        tab: tab.index,
        how: 'api',
        key: variant.key,
        quantity,
        start: Date.now(),
        end: Infinity,
      };
      const call = tab.page.evaluate<boolean | 'not loaded', { id: string; input: typeof given }>(
        ({ id, input }) =>
          // (Resolves with how many were added: reported added when any were.)
          window.Storefront?.loaded
            ? window.Storefront.addToCart(id, input).then((n) => n > 0)
            : 'not loaded',
        { id: variant.productId, input: given },
      );
      const settled = call.then(
        (result) => {
          if (result === 'not loaded') adds.splice(adds.indexOf(record), 1);
          else Object.assign(record, { result, end: Date.now() });
        },
        () => {}, // cut off by a reload: unknown
      );
      pendingCalls.add(settled);
      void settled.then(() => pendingCalls.delete(settled));
      adds.push(record);
      note(tab, `Storefront.addToCart ${variant.label} ×${quantity}${byId ? ' by variant id' : ''}`, [
        variant.key,
      ]);
    };

    /** A drawer line's stepper, typed quantity or remove button. */
    const onLine = async (tab: Tab, what: 'more' | 'fewer' | 'type' | 'remove') => {
      await openDrawer(tab);
      const lines = drawer(tab).locator('[part="line"]');
      const count = await lines.count();
      if (!count) return note(tab, `${what}: no lines`);
      const line = lines.nth(int(0, count - 1));
      const name = (await line.locator('[part="line-name"]').textContent({ timeout: ACTION_MS })) ?? '';
      const choices = await line.locator('ul.options > li').allTextContents();
      const key = catalogue.byName(name, choices)?.key ?? '?';
      const shown = `${name}${choices.length ? ` (${choices.join(', ')})` : ''}`;
      if (what === 'type') {
        const value = pick(['1', '2', '3', '4', '6', '9', '0']);
        const input = line.getByRole('spinbutton');
        await input.fill(value, { timeout: ACTION_MS });
        await input.press('Enter', { timeout: ACTION_MS });
        return note(tab, `type quantity ${value}: ${shown}`, [key]);
      }
      const label = { more: /^One more /, fewer: /^One fewer /, remove: /^Remove / }[what];
      const button = line.getByRole('button', { name: label });
      if ((await button.getAttribute('aria-disabled', { timeout: ACTION_MS })) === 'true')
        return note(tab, `${what}: ${shown} blocked`, [key]);
      await button.click({ timeout: ACTION_MS });
      note(tab, `${what}: ${shown}`, [key]);
    };

    const coupon = async (tab: Tab) => {
      await openDrawer(tab);
      const box = drawer(tab).locator('[part="coupon"]');
      if (!(await box.count())) return note(tab, 'coupon: no lines');
      const remove = box.getByRole('button', { name: /^Remove coupon/ });
      if ((await remove.count()) && random() < 0.6) {
        await remove.click({ timeout: ACTION_MS });
        return note(tab, 'coupon: remove');
      }
      const input = box.getByLabel('Coupon code');
      if (!(await input.count())) return note(tab, 'coupon: applied already');
      const code = pick(['SAVE10', 'SAVE10', 'TENOFF', 'BOGUS']);
      await input.fill(code, { timeout: ACTION_MS });
      await box.getByRole('button', { name: 'Apply' }).click({ timeout: ACTION_MS });
      note(tab, `coupon: apply ${code}`);
    };

    const shipping = async (tab: Tab) => {
      await openDrawer(tab);
      const section = drawer(tab).locator('[part="shipping"]');
      if (!(await section.count())) return note(tab, 'shipping: no lines');
      const options = section.locator('label.option');
      if ((await options.count()) && random() < 0.5) {
        const option = options.nth(int(0, (await options.count()) - 1));
        await option.click({ timeout: ACTION_MS });
        return note(
          tab,
          `shipping: option ${(await option.textContent({ timeout: ACTION_MS }))?.split(' · ')[0]}`,
        );
      }
      const [country, postal] = pick([
        ['US', '10001'],
        ['DE', '10115'],
        ['GB', 'SW1A 1AA'],
      ] as const);
      await section.getByLabel('Country').selectOption(country, { timeout: ACTION_MS });
      await section.getByLabel('Postal code').fill(postal, { timeout: ACTION_MS });
      await section.getByRole('button', { name: 'Estimate' }).click({ timeout: ACTION_MS });
      note(tab, `shipping: estimate ${country}`);
    };

    const reload = async (tab: Tab) => {
      for (const pending of pendingButtons.filter((p) => p.tab === tab))
        pendingButtons.splice(pendingButtons.indexOf(pending), 1);
      note(tab, 'reload');
      await tab.page.reload({ timeout: RELOAD_MS });
    };

    const OPS: Array<[number, (tab: Tab) => Promise<unknown>]> = [
      [22, addByButton],
      [14, addByCall],
      [12, (tab) => onLine(tab, 'more')],
      [8, (tab) => onLine(tab, 'fewer')],
      [8, (tab) => onLine(tab, 'type')],
      [7, (tab) => onLine(tab, 'remove')],
      [7, coupon],
      [5, shipping],
      [
        4,
        async (tab) => {
          note(tab, 'close the drawer');
          await closeDrawer(tab);
        },
      ],
      [
        3,
        async (tab) => {
          note(tab, 'open the drawer');
          await openDrawer(tab);
        },
      ],
      [3, reload],
      [
        7,
        async (tab) => {
          const ms = int(100, 600);
          note(tab, `wait ${ms} ms`);
          await sleep(ms);
        },
      ],
    ];
    const total = OPS.reduce((sum, [weight]) => sum + weight, 0);

    /** Waits until nothing is on its way or busy (at most `QUIET_MS`); returns what still is. */
    const settle = async (): Promise<string[]> => {
      const deadline = Date.now() + QUIET_MS;
      let calm = 0;
      let seen = -1;
      let busy: string[] = [];
      while (Date.now() < deadline && calm < 3) {
        await pollButtons();
        busy = [];
        for (const tab of tabs) {
          const state = await tab.page
            .evaluate(() => ({ inflight: window.__faults.inflight(), busy: window.__faults.busy() }))
            .catch(() => ({ inflight: 1, busy: ['(no answer from the page)'] }));
          if (state.inflight) busy.push(`tab ${tab.index}: ${state.inflight} calls on their way`);
          busy.push(...state.busy.map((b) => `tab ${tab.index}: ${b} still busy`));
        }
        for (const pending of pendingButtons)
          busy.push(`tab ${pending.tab.index}: the add of ${pending.name} never ended`);
        if (pendingCalls.size) busy.push(`${pendingCalls.size} Storefront.addToCart calls never ended`);
        calm = busy.length === 0 && calls.size === seen ? calm + 1 : 0;
        seen = calls.size;
        await sleep(250);
      }
      return busy;
    };

    const findings = {
      lost: new Set<string>(),
      doubled: new Set<string>(),
      mismatched: 0,
      flagged: 0,
      stuck: 0,
    };
    const details: string[] = [];
    const at = (ms: number) => (Number.isFinite(ms) ? `${ms - began} ms` : 'never');
    const logLine = (l: Logged) => `#${l.n} tab ${l.tab} at ${l.at} ms: ${l.text}`;
    const lineName = (productId: string, options: Record<string, unknown> | null) =>
      catalogue.resolve(productId, options)?.label ?? productId;
    /** A call as a finding shows it: what it sent, when, its answer and the cart the answer carried. */
    const callLine = (c: Call) => {
      const sent = c.body && c.body.length < 400 ? ` ${c.body}` : '';
      const answer = c.error
        ? `no answer (${c.error})`
        : c.broken
          ? `${c.status}, answer broken off`
          : `${c.status ?? 'never settled'}`;
      const lines = c.lines
        ? ` → [${c.lines.map(([id, p, o, q]) => `${lineName(p, o)} ×${q} (${id.slice(0, 4)})`).join(', ')}]`
        : '';
      return `${c.method} ${c.path.replace('/ecom/v1/carts/current', '…')}${sent}, ${at(c.start)}–${at(c.end)}: ${answer}${lines}`;
    };

    /**
     * Faults off; once the tabs are quiet, the server's cart against the adds and changes so far and against
     * what each tab shows, then again with every drawer open; then the faults go on again (`resume`).
     */
    const check = async (done: number, resume: boolean) => {
      await dev('PATCH', '/_sandbox/settings', NO_FAULTS);
      const where = `after #${done}`;
      const stuck = await settle();
      const server = await serverCart(tabs[0] as Tab);
      const before = await Promise.all(tabs.map((tab) => tab.page.evaluate(() => window.__faults.view())));
      // As a shopper looks: each drawer open (that reads the cart only in a tab with none to show).
      for (const tab of tabs) await quietly(openDrawer(tab));
      stuck.push(...(await settle()).filter((b) => !stuck.includes(b)));
      const after = await Promise.all(tabs.map((tab) => tab.page.evaluate(() => window.__faults.view())));
      findings.stuck += stuck.length;
      details.push(...stuck.map((b) => `stuck ${where}: ${b}`));

      const callList = [...calls.values()];
      const sets = setsFrom(callList, catalogue);
      markArrivals(adds, callList, catalogue);
      const unnamed = sets.filter((s) => s.key === undefined).length;
      if (unnamed) details.push(`harness ${where}: ${unnamed} line changes of lines no answer named`);
      const story = (key: string) => [
        ...log.filter((l) => l.keys.includes(key)).map((l) => `    ${logLine(l)}`),
        ...adds
          .filter((a) => a.key === key)
          .map(
            (a) =>
              `    add #${a.op} (tab ${a.tab}, ${a.how}) ×${a.quantity}: ${a.result ?? 'unknown'}${a.mayHaveArrived ? '' : ', never arrived'}, ${at(a.start)}–${at(a.end)}`,
          ),
        ...sets
          .filter((s) => s.key === key || s.key === undefined)
          .map(
            (s) =>
              `    set to ${s.quantity} (tab ${s.tab}): ${s.status ?? 'no answer'}, ${at(s.start)}–${at(s.end)}`,
          ),
      ];
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
            ...story(key),
          );
        }
        if (held > most && !findings.doubled.has(key)) {
          findings.doubled.add(key);
          details.push(
            `doubled ${where}: ${name}: the server holds ${held}, at most ${most} were asked for`,
            ...story(key),
          );
        }
      }

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
            .map((c) => `      ${callLine(c)}`),
        );
      });
      if (!resume) return;
      // Drawers left open half the time, as a shopper would.
      for (const tab of tabs) if (random() < 0.5) await quietly(closeDrawer(tab));
      await dev('PATCH', '/_sandbox/settings', faults);
    };

    let front: Tab | undefined;
    for (n = 1; n <= opCount; n++) {
      const tab = pick(tabs);
      const roll = random() * total;
      const op =
        OPS.find((_, i) => OPS.slice(0, i + 1).reduce((sum, [weight]) => sum + weight, 0) > roll)?.[1] ??
        addByCall;
      await pollButtons();
      if (front !== tab) await tab.page.bringToFront();
      front = tab;
      const done = await quietly(op(tab));
      if (!done.ok) note(tab, `… interrupted: ${done.error.message.split('\n')[0]}`);
      await sleep(int(0, 120));
      if (n % checkEvery === 0 && n < opCount) await check(n, true);
    }
    await check(opCount, false);

    const unhandledSeen = new Set<string>();
    for (const problem of problems) {
      if (problem.text.startsWith('console: ')) {
        details.push(`note: tab ${problem.tab} ${problem.text}`);
        continue;
      }
      const key = `${problem.tab} ${problem.text.replace(/^(page error|unhandled rejection): /, '')}`;
      if (unhandledSeen.has(key)) continue;
      unhandledSeen.add(key);
      details.push(`unhandled: tab ${problem.tab} ${problem.text}`);
    }
    const callList = [...calls.values()];
    return {
      seed,
      ops: opCount,
      seconds: Math.round((Date.now() - began) / 100) / 10,
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
      unhandled: unhandledSeen.size,
      details,
      log: log.map(logLine),
    };
  }

  /** The server's cart for the visitor whose tokens the tabs keep (no tokens: no cart). */
  async function serverCart(tab: Tab): Promise<ServerCart> {
    const raw = await tab.page.evaluate((key) => localStorage.getItem(key), TOKENS_KEY);
    const token = raw
      ? (JSON.parse(raw) as { accessToken?: { value?: string } }).accessToken?.value
      : undefined;
    const empty: ServerCart = { lines: new Map(), count: 0, coupon: null };
    if (!token) return empty;
    const response = await fetch(`${sandboxUrl}/ecom/v1/carts/current`, {
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
        catalogue.resolve(line.catalogReference?.catalogItemId, line.catalogReference?.options)?.key ?? '?';
      lines.set(key, (lines.get(key) ?? 0) + (line.quantity ?? 0));
    }
    return {
      lines,
      count: [...lines.values()].reduce((sum, q) => sum + q, 0),
      coupon: cart.appliedDiscounts?.find((d) => d.coupon?.code)?.coupon?.code ?? null,
    };
  }

  return {
    runSeed,
    async close() {
      await dev('PATCH', '/_sandbox/settings', NO_FAULTS).catch(() => {});
      for (const tab of tabs) await tab.page.close();
    },
  };
}
