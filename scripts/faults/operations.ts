/**
 * The fault suite's operations, as a shopper does them in a tab: adds by a page's button and by
 * `Storefront.addToCart`, a drawer line's stepper, typed quantity or remove button, a coupon, a shipping
 * estimate, the drawer opened or closed, a reload, a wait. Each draws from the seed's random stream
 * (`SeedRun`), in the same order for the same seed.
 */
import type { Locator } from 'playwright-core';
import type { Product } from '../../src/api/types/products';
import type { AddToCartInput } from '../../src/store/store';
import type { AddRecord, Variant } from './checks';
import { ACTION_MS, note, pollButtons, quietly, RELOAD_MS, type SeedRun, sleep, type Tab } from './seed-run';
import { closeDrawer, drawer, openDrawer } from './tabs';

export type Operation = (run: SeedRun, tab: Tab) => Promise<unknown>;

/** The part of the page that holds a product's add button and its pickers. */
function productScope(tab: Tab, productId: string, name: string): Locator {
  return tab.kind === 'handmade'
    ? tab.page.locator('article', { has: tab.page.locator(`[data-sf-add-to-cart="${productId}"]`) })
    : tab.page.locator('sf-product-grid').last().locator('[part="card"]', { hasText: name });
}

/** Picks the variant's choices in the product's pickers: colour swatches, selects. */
async function chooseOptions(tab: Tab, scope: Locator, product: Product, variant: Variant): Promise<void> {
  for (const option of product.productOptions ?? []) {
    const choice = variant.choices[option.name ?? ''] ?? '';
    if (option.optionType === 'color')
      await scope.locator(`input[type="radio"][value="${choice}"]`).check({ timeout: ACTION_MS });
    else if (tab.kind === 'handmade')
      await scope
        .locator(`select[data-sf-option="${option.name}"]`)
        .selectOption(choice, { timeout: ACTION_MS });
    else
      await scope.getByLabel(option.name ?? '', { exact: true }).selectOption(choice, { timeout: ACTION_MS });
  }
}

/** Clicks an add button; the add is recorded when the button says one started. */
async function clickAdd(
  run: SeedRun,
  tab: Tab,
  button: Locator,
  add: { productId: string; name: string; variant: Variant; quantity: number },
) {
  const { productId, name, variant, quantity } = add;
  const record: AddRecord = {
    op: run.n,
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
    [productId, name],
  );
  // A click that failed may still have landed: the button says whether an add started.
  if (!clicked.ok && !state?.busy)
    return note(run, tab, `add by button: ${variant.label} not clicked`, [variant.key]);
  run.adds.push(record);
  run.pendingButtons.push({ record, tab, productId, name });
  note(run, tab, `add by button: ${variant.label} ×${quantity}`, [variant.key]);
}

/** An add through the page's own button (hand-written page) or a product card (grid page). */
export async function addByButton(run: SeedRun, tab: Tab) {
  const { catalogue } = run.suite;
  const names = await tab.page.evaluate(() => window.__faults.addable());
  const wanted = names.length ? run.pick(names) : undefined;
  const product = catalogue.products.find((p) => p.name === wanted);
  if (!product?.id) return note(run, tab, 'add by button: no button');
  const productId = product.id;
  const variant = run.pick(catalogue.variants.filter((v) => v.productId === productId));
  const name = product.name ?? '';
  // A press on a button that is still adding must do nothing: pressed in the page, where its state is read.
  const pressed = await tab.page.evaluate(
    ([id, shown]) => window.__faults.pressIfBusy(id as string, shown as string),
    [productId, name],
  );
  if (pressed === 'ignored')
    return note(run, tab, `add by button: ${name} pressed while adding`, [variant.key]);
  // Its last add ended since the poll: its outcome is read before the pickers change it.
  if (run.pendingButtons.some((p) => p.tab === tab && p.productId === productId)) await pollButtons(run);
  await closeDrawer(tab);
  const scope = productScope(tab, productId, name);
  await chooseOptions(tab, scope, product, variant);
  const field = scope.locator(tab.kind === 'handmade' ? '[data-sf-quantity-input]' : 'input[type="number"]');
  const hasField = (await field.count()) > 0;
  const quantity = hasField ? run.int(1, 3) : 1;
  if (hasField) await field.fill(String(quantity), { timeout: ACTION_MS });
  const button = scope.locator(tab.kind === 'handmade' ? '[data-sf-add-to-cart]' : '[part="add-button"]');
  if ((await button.getAttribute('aria-disabled', { timeout: ACTION_MS })) === 'true')
    return note(run, tab, `add by button: ${variant.label} sold out`, [variant.key]);
  await clickAdd(run, tab, button, { productId, name, variant, quantity });
}

/** An add through `Storefront.addToCart`, by options or by variant id; not awaited. */
export async function addByCall(run: SeedRun, tab: Tab) {
  const { catalogue } = run.suite;
  const product = run.pick(catalogue.products);
  const variant = run.pick(catalogue.variants.filter((v) => v.productId === product.id));
  const quantity = run.int(1, 3);
  const byId = run.random() < 0.4;
  const given: Omit<AddToCartInput, 'productId'> = byId
    ? { quantity, variantId: variant.variantId }
    : { quantity, ...(Object.keys(variant.choices).length ? { options: variant.choices } : {}) };
  const record: AddRecord = {
    op: run.n,
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
      window.Storefront?.loaded ? window.Storefront.addToCart(id, input).then((n) => n > 0) : 'not loaded',
    { id: variant.productId, input: given },
  );
  const settled = call.then(
    (result) => {
      if (result === 'not loaded') run.adds.splice(run.adds.indexOf(record), 1);
      else Object.assign(record, { result, end: Date.now() });
    },
    () => {}, // cut off by a reload: unknown
  );
  run.pendingCalls.add(settled);
  void settled.then(() => run.pendingCalls.delete(settled));
  run.adds.push(record);
  note(run, tab, `Storefront.addToCart ${variant.label} ×${quantity}${byId ? ' by variant id' : ''}`, [
    variant.key,
  ]);
}

/** A drawer line's stepper, typed quantity or remove button. */
async function onLine(run: SeedRun, tab: Tab, what: 'more' | 'fewer' | 'type' | 'remove') {
  await openDrawer(tab);
  const lines = drawer(tab).locator('[part="line"]');
  const count = await lines.count();
  if (!count) return note(run, tab, `${what}: no lines`);
  const line = lines.nth(run.int(0, count - 1));
  const name = (await line.locator('[part="line-name"]').textContent({ timeout: ACTION_MS })) ?? '';
  const choices = await line.locator('ul.options > li').allTextContents();
  const key = run.suite.catalogue.byName(name, choices)?.key ?? '?';
  const shown = `${name}${choices.length ? ` (${choices.join(', ')})` : ''}`;
  if (what === 'type') {
    const value = run.pick(['1', '2', '3', '4', '6', '9', '0']);
    const input = line.getByRole('spinbutton');
    await input.fill(value, { timeout: ACTION_MS });
    await input.press('Enter', { timeout: ACTION_MS });
    return note(run, tab, `type quantity ${value}: ${shown}`, [key]);
  }
  const label = { more: /^One more /, fewer: /^One fewer /, remove: /^Remove / }[what];
  const button = line.getByRole('button', { name: label });
  if ((await button.getAttribute('aria-disabled', { timeout: ACTION_MS })) === 'true')
    return note(run, tab, `${what}: ${shown} blocked`, [key]);
  await button.click({ timeout: ACTION_MS });
  note(run, tab, `${what}: ${shown}`, [key]);
}

/** Opens a drawer's disclosure (the coupon's form, the shipping estimate's) by its button, unless it is open. */
async function disclose(toggle: Locator) {
  if ((await toggle.getAttribute('aria-expanded', { timeout: ACTION_MS })) !== 'true')
    await toggle.click({ timeout: ACTION_MS });
}

async function coupon(run: SeedRun, tab: Tab) {
  await openDrawer(tab);
  const box = drawer(tab).locator('[part="coupon"]');
  if (!(await box.count())) return note(run, tab, 'coupon: no lines');
  const remove = box.getByRole('button', { name: /^Remove coupon/ });
  if ((await remove.count()) && run.random() < 0.6) {
    await remove.click({ timeout: ACTION_MS });
    return note(run, tab, 'coupon: remove');
  }
  const input = box.getByLabel('Coupon code');
  if (!(await input.count())) return note(run, tab, 'coupon: applied already');
  const code = run.pick(['SAVE10', 'SAVE10', 'TENOFF', 'BOGUS']);
  // Its form is behind "Add a coupon code" (no draw of the random stream for it: the runs stay the same).
  await disclose(box.locator('[part="coupon-toggle"]'));
  await input.fill(code, { timeout: ACTION_MS });
  await box.getByRole('button', { name: 'Apply' }).click({ timeout: ACTION_MS });
  note(run, tab, `coupon: apply ${code}`);
}

async function shipping(run: SeedRun, tab: Tab) {
  await openDrawer(tab);
  const section = drawer(tab).locator('[part="shipping"]');
  if (!(await section.count())) return note(run, tab, 'shipping: no lines');
  const options = section.locator('label.option');
  if ((await options.count()) && run.random() < 0.5) {
    const option = options.nth(run.int(0, (await options.count()) - 1));
    await option.click({ timeout: ACTION_MS });
    return note(
      run,
      tab,
      `shipping: option ${(await option.textContent({ timeout: ACTION_MS }))?.split(' · ')[0]}`,
    );
  }
  const [country, postal] = run.pick([
    ['US', '10001'],
    ['DE', '10115'],
    ['GB', 'SW1A 1AA'],
  ] as const);
  // Its form is behind "Estimate shipping", or "Change" once an address was given.
  await disclose(section.locator('[part="shipping-toggle"]'));
  await section.getByLabel('Country').selectOption(country, { timeout: ACTION_MS });
  await section.getByLabel('Postal code').fill(postal, { timeout: ACTION_MS });
  await section.getByRole('button', { name: 'Estimate', exact: true }).click({ timeout: ACTION_MS });
  note(run, tab, `shipping: estimate ${country}`);
}

async function reload(run: SeedRun, tab: Tab) {
  for (const pending of run.pendingButtons.filter((p) => p.tab === tab))
    run.pendingButtons.splice(run.pendingButtons.indexOf(pending), 1);
  note(run, tab, 'reload');
  await tab.page.reload({ timeout: RELOAD_MS });
}

/** The operations, each with its weight. */
const OPS: Array<[number, Operation]> = [
  [22, addByButton],
  [14, addByCall],
  [12, (run, tab) => onLine(run, tab, 'more')],
  [8, (run, tab) => onLine(run, tab, 'fewer')],
  [8, (run, tab) => onLine(run, tab, 'type')],
  [7, (run, tab) => onLine(run, tab, 'remove')],
  [7, coupon],
  [5, shipping],
  [
    4,
    async (run, tab) => {
      note(run, tab, 'close the drawer');
      await closeDrawer(tab);
    },
  ],
  [
    3,
    async (run, tab) => {
      note(run, tab, 'open the drawer');
      await openDrawer(tab);
    },
  ],
  [3, reload],
  [
    7,
    async (run, tab) => {
      const ms = run.int(100, 600);
      note(run, tab, `wait ${ms} ms`);
      await sleep(ms);
    },
  ],
];
const TOTAL = OPS.reduce((sum, [weight]) => sum + weight, 0);

/** The next operation, drawn by weight. */
export function pickOperation(run: SeedRun): Operation {
  const roll = run.random() * TOTAL;
  return (
    OPS.find((_, i) => OPS.slice(0, i + 1).reduce((sum, [weight]) => sum + weight, 0) > roll)?.[1] ??
    addByCall
  );
}
