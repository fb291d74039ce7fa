/**
 * The fault suite's tabs: each opened with the in-page script whose reports land in the suite, a new visitor
 * in both for each seed, and the cart drawer of a tab opened and closed.
 */
import type { Browser } from '../../test/e2e/browser';
import { inPageScript, type PageEvent } from './page';
import { ACTION_MS, type Dev, type Suite, type Tab } from './seed-run';

/** The sandbox's own routes at `sandboxUrl`, as JSON. */
export function sandboxDev(sandboxUrl: string): Dev {
  return async (method, path, body) => {
    const response = await fetch(`${sandboxUrl}${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  };
}

/** A report of the page in tab `index`, into the suite's record for the seed under way. */
function onReport(suite: Suite, index: number, event: PageEvent): void {
  if (event.type === 'start') {
    const { id, method, path, body, at } = event;
    suite.calls.set(id, { tab: index, method, path, ...(body ? { body } : {}), start: at, end: Infinity });
  } else if (event.type === 'end') {
    const { type: _type, id, at, ...answer } = event;
    const call = suite.calls.get(id);
    if (call) Object.assign(call, answer, { end: at });
  } else suite.problems.push({ tab: index, text: `unhandled rejection: ${event.message}` });
}

/** Opens the tab of the hand-written page (`handmade`) or of the product grid, its reports going to `suite`. */
export async function openTab(
  browser: Browser,
  suite: Suite,
  index: number,
  kind: Tab['kind'],
): Promise<Tab> {
  const page = await browser.context.newPage();
  const tab: Tab = { index, kind, url: `${suite.demoUrl}/${kind === 'grid' ? 'index' : kind}.html`, page };
  await page.exposeBinding('__faultsReport', (_source, event: PageEvent) => onReport(suite, index, event));
  await page.addInitScript(inPageScript(suite.sandboxUrl));
  page.on('pageerror', (error) =>
    suite.problems.push({ tab: index, text: `page error: ${error.stack ?? error.message}` }),
  );
  page.on('console', (message) => {
    if (message.type() !== 'error' || message.text().startsWith('Failed to load resource')) return;
    suite.problems.push({ tab: index, text: `console: ${message.text()}` });
  });
  return tab;
}

/**
 * A new visitor in both tabs: the sandbox back to `seed`, storage cleared on a page without the widgets, what
 * the last seed's pages reported forgotten, then each tab's page loaded until its cart count is ready.
 */
export async function freshVisitor(suite: Suite, seed: number): Promise<void> {
  await suite.dev('POST', '/_sandbox/reset', { seed });
  for (const tab of suite.tabs) await tab.page.goto(`${suite.demoUrl}/styles.css`);
  // What the last seed's pages reported as they went belongs to that seed.
  suite.calls = new Map();
  suite.problems = [];
  await suite.tabs[0]?.page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  for (const tab of suite.tabs) {
    await tab.page.goto(tab.url);
    await tab.page
      .locator('[data-sf-cart-count][data-sf-status="ready"]')
      .first()
      .waitFor({ timeout: 10_000 });
  }
}

export const drawer = (tab: Tab) => tab.page.locator('sf-cart-drawer dialog[open]');
const isOpen = (tab: Tab) => tab.page.evaluate(() => window.__faults.drawerOpen());

export async function openDrawer(tab: Tab): Promise<void> {
  if (await isOpen(tab)) return;
  await tab.page.locator('.site-header [data-sf-open-cart]').click({ timeout: ACTION_MS });
  await drawer(tab).waitFor({ timeout: ACTION_MS });
}

export async function closeDrawer(tab: Tab): Promise<void> {
  if (!(await isOpen(tab))) return;
  await drawer(tab).getByRole('button', { name: 'Close', exact: true }).click({ timeout: ACTION_MS });
  await drawer(tab).waitFor({ state: 'detached', timeout: ACTION_MS });
}
