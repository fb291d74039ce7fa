import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { journeys } from './journey';
import { expectAccessible, unexpectedErrors } from './page-checks';

const { demoUrl, freshPage, shot } = journeys();

const count = (page: Page) => page.locator('.site-header .count');
const drawer = (page: Page) => page.locator('sf-cart-drawer dialog');
const modal = (page: Page) => page.locator('sf-login-modal dialog');
const badge = (page: Page) => page.locator('sf-member-badge');

describe('the React demo app (demo/react, real React and storefront-widgets/react)', () => {
  it('adds to the cart, opens the drawer, signs in through the modal, uses the badge menu and signs out', async () => {
    const { page, errors } = await freshPage();
    await page.goto(`${demoUrl}/react/`);
    await badge(page).getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    expect(await count(page).textContent()).toBe('0');

    // The app's own button: busy while the add is on its way, then added; the drawer opens with the line.
    const add = page.getByRole('button', { name: 'Add Everyday Cotton Tee to cart' });
    await add.click();
    await drawer(page).waitFor();
    await drawer(page).locator('[part="line"]', { hasText: 'Everyday Cotton Tee' }).waitFor();
    expect(await drawer(page).textContent()).toContain('Size: Medium');
    await expect.poll(() => add.getAttribute('data-sf-state')).toBe('added');
    await expect.poll(() => count(page).textContent()).toBe('1');
    // The app's broad `button {…}` rule does not reach into the drawer's shadow root.
    const colours = await page.evaluate(() => {
      const checkout = document
        .querySelector('sf-cart-drawer')
        ?.shadowRoot?.querySelector('[part="checkout-button"]') as HTMLElement;
      const app = document.querySelector('.add') as HTMLElement;
      return [getComputedStyle(checkout).backgroundColor, getComputedStyle(app).backgroundColor];
    });
    expect(colours[1]).toBe('rgb(181, 64, 42)');
    expect(colours[0]).not.toBe(colours[1]);
    await shot(page, 'react-drawer');
    await expectAccessible(page, 'React demo, drawer open');
    await page.keyboard.press('Escape');
    await drawer(page).waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toContain('Add');

    // Sign in from the badge, through the modal and the silent sign-in frame.
    await badge(page).getByRole('button', { name: 'Sign in', exact: true }).click();
    await modal(page).getByLabel('Email').fill('jane@example.com');
    await modal(page).getByLabel('Password', { exact: true }).fill('storefront-demo');
    await modal(page).getByRole('button', { name: 'Sign in', exact: true }).click();
    await modal(page).waitFor({ state: 'detached' });
    await expect.poll(() => page.locator('.greeting').textContent()).toBe('Hello, Jane');
    // Her cart kept the visitor's line (the platform merges it at sign-in).
    await expect.poll(() => count(page).textContent()).not.toBe('0');

    // The badge's menu, then sign out.
    await badge(page).getByRole('button', { name: /Jane/ }).click();
    await badge(page).getByRole('menuitem', { name: 'Sign out' }).waitFor();
    await shot(page, 'react-member-menu');
    await badge(page).getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/react'));
    await badge(page).getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    await expect.poll(() => page.locator('.greeting').textContent()).toBe('Welcome');
    expect(unexpectedErrors(errors, [404])).toEqual([]);
  });
});
