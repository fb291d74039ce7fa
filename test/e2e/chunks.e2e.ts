import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Browser, launchBrowser } from './browser';
import { unexpectedErrors } from './page-checks';

const demoUrl = inject('demoUrl');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * Code that only an action needs loads with the action, not with the view: the sign-in code (the login state
 * machine, the silent sign-in, the identity calls) on the login form's first keystroke, so a shopper who opens
 * the cart or only looks at the login modal never downloads it, and a sign-in does not wait for it.
 */
describe('chunks loaded when wanted', () => {
  it('downloads the sign-in code on the login form’s first keystroke, and the badge’s member part with the sign-in, not with the drawer or the modal', async () => {
    const { page, errors } = await browser.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(`${demoUrl}/handmade.html`);
    const signInCode = () => scripts.filter((path) => /\/chunks\/sign-in-flows-[\w-]+\.js$/.test(path));
    // The badge's member part (her button, the notices): not on a visitor's page, with her sign-in.
    const memberPart = () => scripts.filter((path) => /\/chunks\/member-(?!actions-)[\w-]+\.js$/.test(path));
    await page.evaluate(() =>
      (window as unknown as { Storefront: { openCart(): void } }).Storefront.openCart(),
    );
    await page.locator('sf-cart-drawer [part="drawer"]').waitFor();
    await page.keyboard.press('Escape');
    await page.evaluate(() => (window as unknown as { Storefront: { signIn(): void } }).Storefront.signIn());
    const email = page.locator('sf-login-modal').getByRole('textbox', { name: 'Email' });
    await email.waitFor();
    expect(signInCode()).toEqual([]);
    expect(memberPart()).toEqual([]);
    await email.pressSequentially('j');
    await expect.poll(() => signInCode(), { timeout: 15_000 }).toHaveLength(1);
    // The sign-in itself then works with the code already there.
    await email.fill('jane@example.com');
    await page.locator('sf-login-modal').getByLabel('Password', { exact: true }).fill('storefront-demo');
    await page.locator('sf-login-modal').getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect
      .poll(
        () =>
          page
            .locator('sf-member-badge')
            .getByRole('button', { name: /account menu/ })
            .count(),
        {
          timeout: 15_000,
        },
      )
      .toBe(1);
    expect(signInCode()).toHaveLength(1);
    expect(memberPart()).toHaveLength(1);
    expect(unexpectedErrors(errors, [404])).toEqual([]);
  });
});
