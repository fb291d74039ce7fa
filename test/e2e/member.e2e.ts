import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { journeys } from './journey';
import { focused, tabTo } from './keyboard';
import { animationsDone, contrast, expectAccessible, unexpectedErrors } from './page-checks';

const { demoUrl, sandboxUrl, freshPage, sandbox, shot } = journeys();

/** The newest email to an address in the sandbox's mailbox. */
async function lastMail(to: string): Promise<{ subject: string; text: string; links?: string[] }> {
  const { messages } = await sandbox('GET', `/_sandbox/mailbox?to=${encodeURIComponent(to)}`);
  const last = messages.at(-1);
  if (!last) throw new Error(`no mail to ${to}`);
  return last;
}

const modal = (page: Page) => page.locator('sf-login-modal dialog');
const badge = (page: Page) => page.locator('sf-member-badge');
const menu = (page: Page) => page.locator('sf-member-badge [role="menu"]');

async function signInByMouse(page: Page, email: string, password: string) {
  await badge(page).getByRole('button', { name: 'Sign in', exact: true }).click();
  await modal(page).getByLabel('Email').fill(email);
  await modal(page).getByLabel('Password', { exact: true }).fill(password);
  await modal(page).getByRole('button', { name: 'Sign in', exact: true }).click();
}

async function registerByMouse(page: Page, email: string, password: string, name: string) {
  await badge(page).getByRole('button', { name: 'Sign in', exact: true }).click();
  await modal(page).getByRole('button', { name: 'Create an account' }).click();
  await modal(page).getByRole('heading', { name: 'Create an account' }).waitFor();
  await modal(page).getByLabel('Email').fill(email);
  await modal(page).getByLabel('Password', { exact: true }).fill(password);
  await modal(page).getByLabel('Name shown to others').fill(name);
  await modal(page).getByRole('button', { name: 'Create account', exact: true }).click();
}

describe('a member by mouse', () => {
  it('signs in after a wrong password, stays signed in over a reload and in a second tab, manages the profile and signs out everywhere', async () => {
    const { page, errors, another } = await freshPage();
    await page.goto(`${demoUrl}/`);
    await badge(page).getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    await shot(page, 'member-signed-out');
    const signedOutHeight = (await badge(page).boundingBox())?.height;
    // A second tab of the site, open before the sign-in.
    const second = await another();
    await second.page.goto(`${demoUrl}/`);
    await badge(second.page).getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    // The first tab in front again: a background tab's animation frames are throttled, and a click waits
    // for its element to be still over two of them.
    await page.bringToFront();

    await signInByMouse(page, 'jane@example.com', 'not-her-password');
    const passwordAlert = modal(page).locator('[role="alert"]');
    await passwordAlert.waitFor();
    expect(await passwordAlert.textContent()).toContain('Wrong email or password');
    expect(await modal(page).getByLabel('Password', { exact: true }).getAttribute('aria-invalid')).toBe(
      'true',
    );
    await shot(page, 'member-modal-wrong-password');
    await expectAccessible(page, 'modal with a wrong password');

    await modal(page).getByLabel('Password', { exact: true }).fill('storefront-demo');
    await modal(page).getByRole('button', { name: 'Show password' }).click();
    expect(await modal(page).getByLabel('Password', { exact: true }).getAttribute('type')).toBe('text');
    await modal(page).getByRole('button', { name: 'Sign in', exact: true }).click();
    await modal(page).waitFor({ state: 'detached' });
    const trigger = badge(page).getByRole('button', { name: 'Jane account menu' });
    await trigger.waitFor();
    await shot(page, 'member-signed-in');
    // The page's header does not jump: the member's button is as tall as the sign-in button.
    expect((await badge(page).boundingBox())?.height).toBe(signedOutHeight);
    // The other tab knows the member within a second.
    await badge(second.page).getByRole('button', { name: 'Jane account menu' }).waitFor({ timeout: 1_000 });

    // A reload keeps the member.
    await page.reload();
    await trigger.waitFor();

    // The menu: sections, the account's settings, the community, sign out.
    await trigger.click();
    await menu(page).waitFor();
    expect(await trigger.getAttribute('aria-expanded')).toBe('true');
    const items = await menu(page).getByRole('menuitem').allTextContents();
    // The demo is a shop with a community: its own sections and the community (data-account-sections).
    expect(items).toEqual(['My account', 'My orders', 'Account settings', 'Leave the community', 'Sign out']);
    await shot(page, 'member-menu');
    await expectAccessible(page, 'member menu open');
    // A second press of the button closes the menu.
    await trigger.click();
    await menu(page).waitFor({ state: 'detached' });
    expect(await trigger.getAttribute('aria-expanded')).toBe('false');
    await trigger.click();

    await menu(page).getByRole('menuitem', { name: 'Account settings' }).click();
    expect(await menu(page).getByRole('menuitem').allTextContents()).toEqual([
      'Back',
      'Your profile address',
      'Delete my account',
    ]);
    await shot(page, 'member-menu-settings');
    await expectAccessible(page, 'the account settings');
    await menu(page).getByRole('menuitem', { name: 'Your profile address' }).click();
    const slug = badge(page).getByLabel('Profile address');
    await slug.fill('marcus');
    await slug.press('Enter');
    const slugProblem = badge(page).locator('[role="alert"]');
    await slugProblem.waitFor();
    expect(await slugProblem.textContent()).toBe('“marcus” is another member’s address. Try another one.');
    expect(await slug.getAttribute('aria-invalid')).toBe('true');
    await slug.fill('jane-makes-things');
    await badge(page).getByRole('button', { name: 'Save' }).click();
    await badge(page).getByText('Your profile address is now jane-makes-things.').waitFor();
    await menu(page).getByRole('menuitem', { name: 'Back' }).click();

    await menu(page).getByRole('menuitem', { name: 'Leave the community' }).click();
    await badge(page).getByText('You left the community').waitFor();
    await menu(page).getByRole('menuitem', { name: 'Join the community' }).click();
    await badge(page).getByText('You are now part of the community.').waitFor();

    // An account section is a page of the platform, and back.
    await menu(page).getByRole('menuitem', { name: 'My orders' }).click();
    await page.waitForURL((url) => url.origin === sandboxUrl);
    await page.getByRole('link', { name: /Back/ }).click();
    await page.waitForURL((url) => url.origin === demoUrl);
    await trigger.waitFor();

    // Signing out here signs the other tab out within a second.
    await trigger.click();
    await menu(page).getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.origin === demoUrl && !url.pathname.startsWith('/_hosted'));
    await badge(page).getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    await badge(second.page)
      .getByRole('button', { name: 'Sign in', exact: true })
      .waitFor({ timeout: 1_000 });
    expect(unexpectedErrors([...errors, ...second.errors], [400, 401, 404, 409])).toEqual([]);
  });

  it('falls back to a visitor with a notice when the platform revokes the session, and the cart waits in the account', async () => {
    const { page, errors } = await freshPage();
    const count = page.locator('.site-header [data-sf-cart-count]');
    await page.goto(`${demoUrl}/handmade.html`);
    await expect.poll(() => count.getAttribute('data-sf-status')).toBe('ready');
    // As a visitor: one mug in the cart. Signing in takes it into the member's cart (as the platform does).
    await page
      .locator('article', { hasText: 'Stoneware Mug' })
      .getByRole('button', { name: 'Add to cart' })
      .click();
    await page.locator('sf-cart-drawer dialog').getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => count.textContent()).toBe('1');
    await signInByMouse(page, 'jane@example.com', 'storefront-demo');
    await badge(page).getByRole('button', { name: 'Jane account menu' }).waitFor();
    await expect.poll(() => count.textContent()).not.toBe('0');
    const inAccount = await count.textContent();
    const memberId = await page.evaluate(
      () =>
        (
          window as unknown as { Storefront: { getState(): { member: { id: string } } } }
        ).Storefront.getState().member.id,
    );
    expect(await sandbox('POST', '/_sandbox/revoke', { memberId })).toMatchObject({
      revoked: expect.any(Number),
    });

    // The next visit finds the member's session refused: a visitor again, and told so.
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 403)
        refused.push(`${response.request().method()} ${new URL(response.url()).pathname}`);
    });
    await page.reload();
    const notice = badge(page).locator('[part="notice"][role="status"]');
    await notice.waitFor();
    expect(await notice.textContent()).toContain(
      'You were signed out. Sign in again to get back to your account',
    );
    await badge(page).getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    await shot(page, 'member-session-revoked');
    await expectAccessible(page, 'revoked-session notice');

    // Signing in again brings the account's cart back, nothing lost.
    await badge(page).getByRole('button', { name: 'Sign in again' }).click();
    await modal(page).waitFor();
    expect(await badge(page).locator('[part="notice"]').count()).toBe(0);
    await modal(page).getByLabel('Email').fill('jane@example.com');
    await modal(page).getByLabel('Password', { exact: true }).fill('storefront-demo');
    await modal(page).getByRole('button', { name: 'Sign in', exact: true }).click();
    await badge(page).getByRole('button', { name: 'Jane account menu' }).waitFor();
    await expect.poll(() => count.textContent()).toBe(inAccount);
    // A member's call is not replayed as the visitor they fell back to: no 403 for "my member".
    expect(refused).toEqual([]);
    expect(unexpectedErrors(errors, [400, 401, 404, 409])).toEqual([]);
  });

  it('opens from the page’s own data-sf-sign-in button and tells the page through Storefront.on and sf:* events', async () => {
    const { page, errors } = await freshPage();
    await page.goto(`${demoUrl}/`);
    await badge(page).getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { seen: string[] }).seen = seen;
      const sf = (window as unknown as { Storefront: { on(name: string, fn: (d: unknown) => void): void } })
        .Storefront;
      sf.on('member:signedIn', (detail) =>
        seen.push(`on:${(detail as { member: { profile: { nickname: string } } }).member.profile.nickname}`),
      );
      sf.on('member:signedOut', () => seen.push('on:signedOut'));
      for (const name of ['login:opened', 'login:closed', 'member:signedIn', 'member:signedOut'])
        document.addEventListener(`sf:${name}`, () => seen.push(`dom:${name}`));
    });
    await page.locator('.site-footer').getByRole('button', { name: 'sign in' }).click();
    await modal(page).getByLabel('Email').fill('jane@example.com');
    await modal(page).getByLabel('Password', { exact: true }).fill('storefront-demo');
    await modal(page).getByRole('button', { name: 'Sign in', exact: true }).click();
    await badge(page).getByRole('button', { name: 'Jane account menu' }).waitFor();
    // Focus goes back to the page's own button that opened the modal.
    await expect.poll(() => focused(page)).toMatch(/^button sign in/);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { seen: string[] }).seen))
      .toEqual(['dom:login:opened', 'dom:login:closed', 'on:Jane', 'dom:member:signedIn']);
    // Storefront.signOut() from the page's own script.
    await page.evaluate(() =>
      (window as unknown as { Storefront: { signOut(): Promise<void> } }).Storefront.signOut(),
    );
    await page.waitForURL((url) => url.origin === demoUrl && !url.pathname.startsWith('/_hosted'));
    await badge(page).getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    expect(unexpectedErrors(errors, [400, 401, 404, 409])).toEqual([]);
  });

  it('signs in through the hosted login page and comes back signed in', async () => {
    // Not offered unless the site asks for it.
    const { page, errors } = await freshPage();
    await page.goto(`${demoUrl}/products/everyday-cotton-tee.html`);
    await badge(page).getByRole('button', { name: 'Sign in', exact: true }).click();
    await modal(page).getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(await modal(page).getByRole('button', { name: 'Use the hosted login page' }).count()).toBe(0);

    // A site that asks for it: `data-hosted-login-link` on its script tag.
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        const tag = document.querySelector('script[data-client-id]');
        if (!tag) return;
        tag.setAttribute('data-hosted-login-link', '');
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`${demoUrl}/products/everyday-cotton-tee.html`);
    await badge(page).getByRole('button', { name: 'Sign in', exact: true }).click();
    await modal(page).getByRole('button', { name: 'Use the hosted login page' }).click();
    await page.waitForURL((url) => url.origin === sandboxUrl);
    await page.getByLabel('Email').fill('jane@example.com');
    await page.getByLabel('Password').fill('storefront-demo');
    await page.getByRole('button', { name: /Sign in/ }).click();
    await page.waitForURL((url) => url.origin === demoUrl);
    await badge(page).getByRole('button', { name: 'Jane account menu' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/products/everyday-cotton-tee.html');
    expect(page.url()).not.toMatch(/code=|state=/);
    expect(unexpectedErrors(errors, [400, 401, 404, 409])).toEqual([]);
  });
});

/** The open menu's panel, once its entrance animation is over, must lie wholly inside the viewport. */
async function expectMenuInView(page: Page, label: string) {
  await animationsDone(page);
  const box = await badge(page).locator('[part="menu"]').boundingBox();
  const view = page.viewportSize();
  if (!box || !view) throw new Error(`${label}: no menu panel or no viewport`);
  const edges = {
    left: box.x,
    top: box.y,
    right: view.width - (box.x + box.width),
    bottom: view.height - (box.y + box.height),
  };
  // floating-ui keeps it 8 px in (its `padding`); half a pixel of rounding is allowed.
  for (const [edge, room] of Object.entries(edges))
    expect(
      room,
      `${label}: room at the ${edge} (${JSON.stringify(box)} in ${JSON.stringify(view)})`,
    ).toBeGreaterThanOrEqual(-0.5);
  return box;
}

describe('the member badge’s initials', () => {
  it('are readable: at least 14 px and 4.5:1 on their circle, on a dark system and with a site’s light accent', async () => {
    const { page, errors } = await freshPage();
    await page.goto(`${demoUrl}/`);
    // A site's own brand colour, a light one, as many are.
    await page.evaluate(() =>
      document.querySelector('sf-member-badge')?.setAttribute('style', '--sf-color-accent: #f6c445'),
    );
    await signInByMouse(page, 'marcus@example.com', 'sandbox-member');
    const initials = badge(page).locator('[part="avatar"]');
    await badge(page).getByRole('button', { name: 'Marcus account menu' }).waitFor();
    const look = () =>
      initials.evaluate((el) => {
        const before = getComputedStyle(el, '::before');
        return {
          text: before.content,
          size: Number.parseFloat(before.fontSize),
          color: before.color,
          background: getComputedStyle(el).backgroundColor,
        };
      });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      const { text, size, color, background } = await look();
      expect(text).toBe('"M"');
      expect(size, scheme).toBeGreaterThanOrEqual(14);
      expect(contrast(color, background), `${scheme}: ${color} on ${background}`).toBeGreaterThanOrEqual(4.5);
      await shot(page, `member-badge-initials-${scheme}`);
    }
    expect(unexpectedErrors(errors, [400, 401, 404])).toEqual([]);
  });
});

describe('the member badge in a site’s header', () => {
  /** The demo's header with its own rules: its cart button `cart` px high, the site's own --sf-* rules. */
  const headerRules = (cart: number, site = '') =>
    `.site-actions { --sf-control-height: initial; ${site} } .cart-button { height: ${cart}px; min-height: 0; padding-block: 0 }`;
  const heightOf = async (page: Page, selector: string) =>
    (await badge(page).locator(selector).boundingBox())?.height ?? 0;

  it('is as high as a 34 px button beside it, in the page’s font; the site’s --sf-control-height comes first', async () => {
    const { page, errors } = await freshPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${demoUrl}/`);
    await page.addStyleTag({ content: headerRules(34) });
    // The page's font (the demo's Georgia: the tests' serif), as its own buttons beside it have.
    const fontOf = (selector: string) =>
      page.evaluate((selector) => {
        const el = document.querySelector(selector);
        const inner = el?.shadowRoot?.querySelector('button') ?? el;
        return inner ? getComputedStyle(inner).fontFamily : '';
      }, selector);
    expect(await fontOf('sf-member-badge')).toBe(await fontOf('.site-actions'));
    expect(await fontOf('sf-member-badge')).toMatch(/^"Noto Serif"/);
    await signInByMouse(page, 'jane@example.com', 'storefront-demo');
    const trigger = badge(page).getByRole('button', { name: 'Jane account menu' });
    await trigger.waitFor();
    await expect.poll(() => heightOf(page, '[part="trigger"]')).toBe(34);
    await shot(page, 'member-badge-header-34');

    // The site's own height wins over its buttons'.
    await page.addStyleTag({ content: 'sf-member-badge { --sf-control-height: 48px }' });
    await expect.poll(() => heightOf(page, '[part="trigger"]')).toBe(48);
    expect(unexpectedErrors(errors, [400, 401, 404])).toEqual([]);
  });

  it('keeps a 44 px target for a finger around a lower button on a touch screen', async () => {
    const { page, errors } = await freshPage({
      viewport: { width: 375, height: 740 },
      hasTouch: true,
      isMobile: true,
    });
    await page.goto(`${demoUrl}/`);
    await page.addStyleTag({ content: headerRules(34, '--sf-control-height: 34px') });
    const signIn = badge(page).getByRole('button', { name: 'Sign in', exact: true });
    await expect.poll(() => heightOf(page, '[part="sign-in"]')).toBe(34);
    // 5 px above and below its edges is still the button.
    const hits = await signIn.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const root = el.getRootNode() as ShadowRoot;
      const x = box.left + box.width / 2;
      return [box.top - 4.5, box.bottom + 4.5, box.top - 6].map((y) => root.elementFromPoint(x, y) === el);
    });
    expect(hits).toEqual([true, true, false]);
    await shot(page, 'member-badge-header-34-phone');
    expect(unexpectedErrors(errors, [400, 401, 404])).toEqual([]);
  });
});

describe('the member menu on small and right-to-left pages', () => {
  // Placed by the browser's CSS anchor positioning (Chromium has it), and by floating-ui in a browser without it
  // (the page's `CSS.supports` says no to it: older Safari).
  it.each([
    ['placed by CSS anchor positioning', false],
    ['placed by floating-ui', true],
  ])(
    'stays inside a 320 × 480 viewport, scrolling inside itself, and inside a right-to-left page (%s)',
    async (_how, older) => {
      const { page, errors } = await freshPage();
      if (older)
        await page.addInitScript(() => {
          const supports = CSS.supports.bind(CSS);
          CSS.supports = ((...args: [string, string]) =>
            /^position-(area|try)/.test(args[0]) ? false : supports(...args)) as typeof CSS.supports;
        });
      await page.setViewportSize({ width: 320, height: 480 });
      await page.goto(`${demoUrl}/`);
      await signInByMouse(page, 'jane@example.com', 'storefront-demo');
      const trigger = badge(page).getByRole('button', { name: 'Jane account menu' });
      await trigger.click();
      await menu(page).waitFor();
      expect(await badge(page).locator('[part="menu"][data-anchored]').count()).toBe(older ? 0 : 1);
      await expectMenuInView(page, '320 × 480');
      await shot(page, `member-menu-320x480${older ? '-floating-ui' : ''}`);
      // Its last item is there too: the panel scrolls, not the page.
      await page.keyboard.press('End');
      await expect.poll(() => focused(page)).toMatch(/Sign out/);
      const last = await menu(page).getByRole('menuitem', { name: 'Sign out' }).boundingBox();
      expect((last?.y ?? 0) + (last?.height ?? 0)).toBeLessThanOrEqual(480);
      // The account's settings, and the confirmation behind their last item, in view too.
      await menu(page).getByRole('menuitem', { name: 'Account settings' }).click();
      await expect.poll(() => focused(page)).toMatch(/Your profile address/);
      await expectMenuInView(page, '320 × 480, the account settings');
      await shot(page, `member-menu-settings-320x480${older ? '-floating-ui' : ''}`);
      await page.keyboard.press('End');
      await page.keyboard.press('Enter');
      await badge(page).getByRole('alertdialog').waitFor();
      await expectMenuInView(page, '320 × 480, the delete confirmation');
      await shot(page, `member-menu-delete-320x480${older ? '-floating-ui' : ''}`);
      // Escape steps back: to the settings, to the menu, then closes.
      for (const back of [/Delete my account/, /Account settings/]) {
        await page.keyboard.press('Escape');
        await expect.poll(() => focused(page)).toMatch(back);
      }
      await page.keyboard.press('Escape');
      await menu(page).waitFor({ state: 'detached' });

      await page.evaluate(() => {
        document.documentElement.dir = 'rtl';
      });
      await trigger.click();
      await menu(page).waitFor();
      await expectMenuInView(page, '320 × 480, right to left');
      await page.keyboard.press('Escape');
      await menu(page).waitFor({ state: 'detached' });

      // A wide right-to-left page: the panel's start (its left) at the button's.
      await page.setViewportSize({ width: 1280, height: 800 });
      await trigger.click();
      await menu(page).waitFor();
      const box = await expectMenuInView(page, '1280 × 800, right to left');
      const button = await trigger.boundingBox();
      expect(Math.abs(box.x - Math.max(8, button?.x ?? 0))).toBeLessThanOrEqual(1);
      expect(box.y).toBeGreaterThan((button?.y ?? 0) + (button?.height ?? 0));
      await shot(page, `member-menu-rtl${older ? '-floating-ui' : ''}`);
      expect(unexpectedErrors(errors, [400, 401, 404, 409])).toEqual([]);
    },
  );
});

describe('the login modal, a modal dialog', () => {
  it('keeps the page behind inert (Tab never reaches it, a click on it does nothing), closes with Escape and gives the focus back to the button that opened it', async () => {
    const { page, errors } = await freshPage();
    await page.goto(`${demoUrl}/`);
    await badge(page).getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    const pageButton = page.locator('.site-footer').getByRole('button', { name: 'sign in' });
    await pageButton.click();
    await modal(page).waitFor();
    expect(await modal(page).evaluate((el) => el.tagName === 'DIALOG' && el.matches(':modal'))).toBe(true);
    await expect.poll(() => focused(page)).toMatch(/^input\[email\] Email/);

    // Tab and Shift+Tab go round the modal's own elements (and the browser's, where the focus is on no
    // element), never to the page's links and buttons behind it.
    const where = () =>
      page.evaluate(() => {
        const active = document.activeElement;
        return active === document.body || active === null ? 'nowhere' : active.tagName.toLowerCase();
      });
    const seen = new Set<string>();
    for (const key of [...Array(14).fill('Tab'), ...Array(14).fill('Shift+Tab')]) {
      await page.keyboard.press(key);
      seen.add(await where());
      expect(seen.has('a') || seen.has('button') || seen.has('sf-member-badge')).toBe(false);
    }
    expect(seen.has('sf-login-modal')).toBe(true);

    // Escape closes it, and the focus is back on the page's own button that opened it.
    await page.keyboard.press('Escape');
    await modal(page).waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toMatch(/^button sign in/);
    expect(await page.evaluate(() => document.activeElement?.closest('.site-footer') !== null)).toBe(true);

    // A click where the page's "The tee" link is (at the top: the footer's button scrolled the page down)
    // reaches the dialog (outside its box: it closes), not the link: the page stays where it is.
    await page.evaluate(() => window.scrollTo(0, 0));
    await badge(page).getByRole('button', { name: 'Sign in', exact: true }).click();
    await modal(page).waitFor();
    const link = page.getByRole('link', { name: 'The tee' });
    const box = await link.boundingBox();
    if (!box) throw new Error('no "The tee" link');
    const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    expect(await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.tagName, point)).toBe(
      'SF-LOGIN-MODAL',
    );
    const url = page.url();
    // A followed link starts its navigation during the click itself: recorded here, not waited for.
    const navigations: string[] = [];
    const onRequest = (request: import('playwright-core').Request) => {
      if (request.isNavigationRequest()) navigations.push(request.url());
    };
    page.on('request', onRequest);
    await page.mouse.click(point.x, point.y);
    await modal(page).waitFor({ state: 'detached' });
    // A round trip through the page after the click's handlers and default action have run.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    page.off('request', onRequest);
    expect(navigations).toEqual([]);
    expect(page.url()).toBe(url);
    expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe('A');

    // Opened from the member badge's button, inside the badge's shadow root: the focus goes back there.
    await badge(page).getByRole('button', { name: 'Sign in', exact: true }).click();
    await modal(page).waitFor();
    await page.keyboard.press('Escape');
    await modal(page).waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toMatch(/^button Sign in/);
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('SF-MEMBER-BADGE');
    expect(unexpectedErrors(errors, [400, 401, 404, 409])).toEqual([]);
  });
});

describe('a new member by mouse', () => {
  it('registers with email verification (asking for a new code), signs out, and resets a forgotten password', async () => {
    await sandbox('PATCH', '/_sandbox/settings', { requireEmailVerification: true });
    const email = `noor-${Date.now()}@example.com`;
    const { page, errors } = await freshPage();
    await page.goto(`${demoUrl}/`);
    await registerByMouse(page, email, 'noor-password', 'Noor');
    await modal(page).getByRole('heading', { name: 'Check your email' }).waitFor();
    await modal(page).getByRole('button', { name: 'Send a new code' }).click();
    // The address isolated (U+2068 … U+2069): its own direction on a right-to-left page.
    await modal(page).getByText(`A new code is on its way to \u2068${email}\u2069.`).waitFor();
    const code = /\b(\d{6})\b/.exec((await lastMail(email)).text)?.[1] as string;
    await modal(page).getByLabel('Verification code').fill(code);
    await modal(page).getByRole('button', { name: 'Verify', exact: true }).click();
    await modal(page).waitFor({ state: 'detached' });
    const trigger = badge(page).getByRole('button', { name: 'Noor account menu' });
    await trigger.click();
    await menu(page).getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.origin === demoUrl && !url.pathname.startsWith('/_hosted'));

    await badge(page).getByRole('button', { name: 'Sign in', exact: true }).click();
    await modal(page).getByRole('button', { name: 'Forgot password?' }).click();
    await modal(page).getByLabel('Email').fill(email);
    await modal(page).getByRole('button', { name: 'Send the link' }).click();
    await modal(page).getByText(`If \u2068${email}\u2069 has an account here`).waitFor();
    await modal(page).getByRole('button', { name: 'Back to sign in' }).click();
    await modal(page).getByRole('heading', { name: 'Sign in' }).waitFor();
    await modal(page).getByRole('button', { name: 'Close' }).click();
    await modal(page).waitFor({ state: 'detached' });
    await page.goto((await lastMail(email)).links?.[0] as string);
    await modal(page).getByLabel('New password').fill('noor-new-password');
    await modal(page).getByRole('button', { name: 'Show password' }).click();
    await modal(page).getByRole('button', { name: 'Save and sign in' }).click();
    await modal(page).waitFor({ state: 'detached' });
    await trigger.waitFor();
    expect(unexpectedErrors(errors, [400, 401, 404, 409])).toEqual([]);
  });

  it('is told to wait for the owner’s approval', async () => {
    await sandbox('PATCH', '/_sandbox/settings', { requireOwnerApproval: true });
    const { page, errors } = await freshPage();
    await page.goto(`${demoUrl}/`);
    await registerByMouse(page, `ola-${Date.now()}@example.com`, 'ola-password', 'Ola');
    await modal(page).getByRole('heading', { name: 'Almost there' }).waitFor();
    await modal(page).getByRole('button', { name: 'Done' }).click();
    await modal(page).waitFor({ state: 'detached' });
    await badge(page).getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    expect(unexpectedErrors(errors, [400, 401, 404, 409])).toEqual([]);
  });
});

describe('a member by keyboard only', () => {
  it('signs in after a wrong password, stays signed in over a reload and in a second tab, manages the profile and signs out everywhere', async () => {
    const { page, errors, another } = await freshPage();
    await page.goto(`${demoUrl}/`);
    await badge(page).getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    const second = await another();
    await second.page.goto(`${demoUrl}/`);
    await badge(second.page).getByRole('button', { name: 'Sign in', exact: true }).waitFor();

    // A wrong password, then the right one.
    await tabTo(page, /^button Sign in/);
    await page.keyboard.press('Enter');
    await modal(page).waitFor();
    await expect.poll(() => focused(page)).toMatch(/^input\[email\] Email/);
    await page.keyboard.type('jane@example.com');
    await page.keyboard.press('Tab');
    await page.keyboard.type('not-her-password');
    await page.keyboard.press('Enter');
    await modal(page).locator('[role="alert"]').waitFor();
    expect(await modal(page).locator('[role="alert"]').textContent()).toContain('Wrong email or password');
    await tabTo(page, /^input\[password\] Password/, { back: true });
    await page.keyboard.press('Control+A');
    await page.keyboard.type('storefront-demo');
    await page.keyboard.press('Enter');
    await modal(page).waitFor({ state: 'detached' });
    // The focus is on the member's button, where the sign-in started.
    await expect.poll(() => focused(page)).toMatch(/Jane\s*account menu/);
    await badge(second.page).getByRole('button', { name: 'Jane account menu' }).waitFor({ timeout: 1_000 });

    // A reload keeps the member.
    await page.reload();
    await badge(page).getByRole('button', { name: 'Jane account menu' }).waitFor();
    await tabTo(page, /Jane\s*account menu/);

    // Tab leaves the menu for what follows the badge on the page, Shift+Tab for its button; either closes it.
    await page.keyboard.press('Enter');
    await menu(page).waitFor();
    await expect.poll(() => focused(page)).toMatch(/My account/);
    await page.keyboard.press('Tab');
    await menu(page).waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toMatch(/^button Cart/i);
    expect(
      await badge(page).getByRole('button', { name: 'Jane account menu' }).getAttribute('aria-expanded'),
    ).toBe('false');
    await page.keyboard.press('Shift+Tab');
    await expect.poll(() => focused(page)).toMatch(/Jane\s*account menu/);
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => focused(page)).toMatch(/Sign out/);
    await page.keyboard.press('Shift+Tab');
    await menu(page).waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toMatch(/Jane\s*account menu/);

    // The profile address: a taken one explained, Tab kept inside the form, then a free one.
    await page.keyboard.press('ArrowDown');
    await menu(page).waitFor();
    await expect.poll(() => focused(page)).toMatch(/My account/);
    // Past the shop's own sections (My account, My orders: the demo names none of its own), into the
    // account's settings, on their first item.
    for (let i = 0; i < 2; i++) await page.keyboard.press('ArrowDown');
    await expect.poll(() => focused(page)).toMatch(/Account settings/);
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toMatch(/Your profile address/);
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toMatch(/^input\[text\] Profile address/);
    await page.keyboard.press('Control+A');
    await page.keyboard.type('marcus');
    await page.keyboard.press('Enter');
    const slugProblem = badge(page).locator('[role="alert"]');
    await slugProblem.waitFor();
    expect(await slugProblem.textContent()).toBe('“marcus” is another member’s address. Try another one.');
    await shot(page, 'member-slug-taken');
    await expectAccessible(page, 'profile address with a taken address');
    const path: string[] = [];
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('Tab');
      path.push(await focused(page));
    }
    expect(path).toEqual([
      expect.stringMatching(/^button Save/),
      expect.stringMatching(/^button Cancel/),
      expect.stringMatching(/^input\[text\] Profile address/),
    ]);
    await page.keyboard.press('Shift+Tab');
    await expect.poll(() => focused(page)).toMatch(/^button Cancel/);
    expect(await badge(page).locator('[part="menu"]').count()).toBe(1);
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await expect.poll(() => focused(page)).toMatch(/^input\[text\] Profile address/);
    await page.keyboard.press('Control+A');
    await page.keyboard.type('jane-by-keys');
    await page.keyboard.press('Enter');
    await badge(page).getByText('Your profile address is now jane-by-keys.').waitFor();
    await expect.poll(() => focused(page)).toMatch(/Your profile address/);
    // Escape: back in the menu, on the item that led there.
    await page.keyboard.press('Escape');
    await expect.poll(() => focused(page)).toMatch(/Account settings/);

    // Leave the community and join again, on the same item.
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => focused(page)).toMatch(/Leave the community/);
    await page.keyboard.press('Enter');
    await badge(page).getByText('You left the community').waitFor();
    await expect.poll(() => focused(page)).toMatch(/Join the community/);
    await page.keyboard.press('Enter');
    await badge(page).getByText('You are now part of the community.').waitFor();

    // Sign out here, and the other tab follows within a second.
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => focused(page)).toMatch(/Sign out/);
    await page.keyboard.press('Enter');
    // Signing out ends the platform's session too, through its page and back (a new page: the focus starts
    // at its top).
    await page.waitForURL((url) => url.origin === demoUrl && !url.pathname.startsWith('/_hosted'));
    await badge(page).getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    await badge(second.page)
      .getByRole('button', { name: 'Sign in', exact: true })
      .waitFor({ timeout: 1_000 });
    expect(unexpectedErrors([...errors, ...second.errors], [400, 401, 404, 409])).toEqual([]);
  });
});

describe('a new member by keyboard only', () => {
  it('registers with email verification, reading the code from the sandbox mailbox', async () => {
    await sandbox('PATCH', '/_sandbox/settings', { requireEmailVerification: true });
    const email = `kim-${Date.now()}@example.com`;
    const { page, errors } = await freshPage();
    await page.goto(`${demoUrl}/`);
    await badge(page).getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    await tabTo(page, /^button Sign in/);
    await page.keyboard.press('Enter');
    await modal(page).waitFor();
    await expect.poll(() => focused(page)).toMatch(/^input\[email\] Email/);
    await expectAccessible(page, 'sign-in view');
    await tabTo(page, /^button Create an account/);
    await page.keyboard.press('Enter');
    await modal(page).getByRole('heading', { name: 'Create an account' }).waitFor();
    await expect.poll(() => focused(page)).toMatch(/^input\[email\] Email/);
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    await page.keyboard.type('123');
    await tabTo(page, /^input\[text\] Name shown to others/);
    await page.keyboard.type('Kim');
    await page.keyboard.press('Enter');
    // The server's rule for passwords, at the password field.
    const problem = modal(page).locator('[role="alert"]');
    await problem.waitFor();
    expect(await problem.textContent()).toContain('at least 6 characters');
    await expectAccessible(page, 'register view with an error');
    await tabTo(page, /^input\[password\] Password/, { back: true });
    await page.keyboard.press('Control+A');
    await page.keyboard.type('kim-password');
    await page.keyboard.press('Enter');

    await modal(page).getByRole('heading', { name: 'Check your email' }).waitFor();
    await expect.poll(() => focused(page)).toMatch(/Verification code/);
    await shot(page, 'member-modal-verify');
    await expectAccessible(page, 'verification view');
    const mail = await lastMail(email);
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    await page.keyboard.type(code as string);
    await page.keyboard.press('Enter');
    await modal(page).waitFor({ state: 'detached' });
    await badge(page).getByRole('button', { name: 'Kim account menu' }).waitFor();

    // The menu by keyboard: arrows, Escape back to the button, Enter on an item.
    await expect.poll(() => focused(page)).toMatch(/Kim\s*account menu/);
    await page.keyboard.press('ArrowDown');
    await menu(page).waitFor();
    await expect.poll(() => focused(page)).toMatch(/My account/);
    await page.keyboard.press('End');
    await expect.poll(() => focused(page)).toMatch(/Sign out/);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => focused(page)).toMatch(/My account/);
    await page.keyboard.press('Escape');
    await menu(page).waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toMatch(/Kim\s*account menu/);

    // Delete the new account, from the account's settings, with a confirmation.
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => focused(page)).toMatch(/Sign out/);
    // Up past the community.
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => focused(page)).toMatch(/Account settings/);
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toMatch(/Your profile address/);
    await page.keyboard.press('End');
    await expect.poll(() => focused(page)).toMatch(/Delete my account/);
    await page.keyboard.press('Enter');
    await badge(page).getByRole('alertdialog').waitFor();
    await expect.poll(() => focused(page)).toMatch(/Delete my account/);
    await expectAccessible(page, 'delete confirmation');
    await page.keyboard.press('Enter');
    await badge(page).getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    expect(await badge(page).locator('[part="notice"]').count()).toBe(0);
    expect(unexpectedErrors(errors, [400, 401, 404, 409])).toEqual([]);
  });

  it('is told to wait for the owner’s approval', async () => {
    await sandbox('PATCH', '/_sandbox/settings', { requireOwnerApproval: true });
    const { page, errors } = await freshPage();
    await page.goto(`${demoUrl}/`);
    await badge(page).getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    await tabTo(page, /^button Sign in/);
    await page.keyboard.press('Enter');
    await modal(page).waitFor();
    await tabTo(page, /^button Create an account/);
    await page.keyboard.press('Enter');
    await modal(page).getByRole('heading', { name: 'Create an account' }).waitFor();
    await expect.poll(() => focused(page)).toMatch(/^input\[email\] Email/);
    await page.keyboard.type(`lee-${Date.now()}@example.com`);
    await page.keyboard.press('Tab');
    await page.keyboard.type('lee-password');
    await tabTo(page, /Name shown to others/);
    await page.keyboard.type('Lee');
    await page.keyboard.press('Enter');
    await modal(page).getByRole('heading', { name: 'Almost there' }).waitFor();
    await shot(page, 'member-modal-approval');
    await expectAccessible(page, 'approval view');
    await tabTo(page, /^button Done/);
    await page.keyboard.press('Enter');
    await modal(page).waitFor({ state: 'detached' });
    await badge(page).getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    expect(unexpectedErrors(errors, [400, 401, 404, 409])).toEqual([]);
  });

  it('resets a forgotten password from the emailed link and is signed in', async () => {
    const { page, errors } = await freshPage();
    await page.goto(`${demoUrl}/`);
    await badge(page).getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    await tabTo(page, /^button Sign in/);
    await page.keyboard.press('Enter');
    await modal(page).waitFor();
    await tabTo(page, /^button Forgot password/);
    await page.keyboard.press('Enter');
    await modal(page).getByRole('heading', { name: 'Reset your password' }).waitFor();
    await expectAccessible(page, 'forgot view');
    await page.keyboard.type('liu@example.com');
    await page.keyboard.press('Enter');
    await modal(page).getByText('If \u2068liu@example.com\u2069 has an account here').waitFor();
    await expectAccessible(page, 'email sent view');
    const link = (await lastMail('liu@example.com')).links?.[0] as string;
    expect(new URL(link).origin).toBe(demoUrl);

    await page.goto(link);
    await modal(page).getByRole('heading', { name: 'Choose a new password' }).waitFor();
    expect(page.url()).not.toContain('recoveryToken');
    await expect.poll(() => focused(page)).toMatch(/New password/);
    await expectAccessible(page, 'reset view');
    await page.keyboard.type('liu-new-password');
    await page.keyboard.press('Enter');
    await modal(page).waitFor({ state: 'detached' });
    await badge(page).getByRole('button', { name: 'Liu Yang account menu' }).waitFor();
    expect(unexpectedErrors(errors, [400, 401, 404, 409])).toEqual([]);
  });
});
