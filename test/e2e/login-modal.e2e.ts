import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { journeys } from './journey';
import { animationsDone } from './page-checks';
import { dressAsSite } from './site-look';

/*
 * The login modal's card stays where it is from view to view (issue 36): its top is the same px on the
 * sign-in, its error, the forgotten password, the link sent and the emailed code, on a phone and on a desktop.
 * `MODAL_SHOTS=<folder>` also runs every language (en, de, ar), scheme and width, and leaves a screenshot of each
 * state there, to look at.
 */

const { demoUrl, freshPage, sandbox } = journeys();

interface Combo {
  lang: 'en' | 'de' | 'ar';
  dark: boolean;
  width: 375 | 1280;
}

const SHOTS = process.env.MODAL_SHOTS;
const ALL: Combo[] = (['en', 'de', 'ar'] as const).flatMap((lang) =>
  [false, true].flatMap((dark) => ([375, 1280] as const).map((width) => ({ lang, dark, width }))),
);
/** Without screenshots: a phone in English, light, and a desktop in Arabic, dark. */
const COMBOS: Combo[] = SHOTS
  ? ALL
  : [
      { lang: 'en', dark: false, width: 375 },
      { lang: 'ar', dark: true, width: 1280 },
    ];

/** The demo shop in a language and scheme, at a phone's or a desktop's size, as the site's own HTML says them. */
async function shopAt({ lang, dark, width }: Combo) {
  const phone = width === 375;
  const { page, errors } = await freshPage({
    viewport: phone ? { width: 375, height: 812 } : { width: 1280, height: 800 },
    ...(phone ? { hasTouch: true, isMobile: true } : {}),
  });
  await dressAsSite(page, { lang, rtl: lang === 'ar', dark });
  await page.goto(`${demoUrl}/`);
  return { page, errors };
}

/** The card, found by its parts (the same in every language). */
const card = (page: Page) => page.locator('sf-login-modal [part="modal"]');
const submit = (page: Page) => card(page).locator('[part="submit"]');

/** The view on show, once it is there and every animation is over. */
async function viewShown(page: Page, name: string) {
  await page.locator(`sf-login-modal [part="modal"][data-view="${name}"]`).waitFor();
  await animationsDone(page);
}

/** The card's top in px, and a screenshot of the state when asked for. */
async function topOf(page: Page, combo: Combo, state: string): Promise<number> {
  await animationsDone(page);
  const box = await card(page).boundingBox();
  if (!box) throw new Error(`${state}: no card`);
  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true });
    const name = `${state}-${combo.lang}-${combo.dark ? 'dark' : 'light'}-${combo.width}`;
    await page.screenshot({ path: resolve(SHOTS, `${name}.png`), animations: 'disabled', caret: 'hide' });
  }
  return box.y;
}

/** Walks the views: sign-in, its error, the register view with its empty fields flagged, forgot, sent, code. */
async function topsAcrossViews(page: Page, combo: Combo): Promise<Record<string, number>> {
  const tops: Record<string, number> = {};
  await page.evaluate(() => (window as unknown as { Storefront: { signIn(): void } }).Storefront.signIn());
  await viewShown(page, 'signIn');
  tops.signIn = await topOf(page, combo, 'sign-in');

  await card(page).locator('input[autocomplete="username"]').fill('jane@example.com');
  await card(page).locator('input[autocomplete="current-password"]').fill('not-her-password');
  await submit(page).click();
  await card(page).locator('[role="alert"]').waitFor();
  tops.error = await topOf(page, combo, 'sign-in-error');

  await card(page).locator('.switch .link').click();
  await viewShown(page, 'register');
  await card(page).locator('input[autocomplete="email"]').fill('');
  await submit(page).click();
  await expect.poll(() => card(page).locator('[role="alert"]').count()).toBe(2);
  tops.registerEmpty = await topOf(page, combo, 'register-empty');

  await card(page).locator('.switch .link').click();
  await viewShown(page, 'signIn');
  await card(page).locator('form > .link').click();
  await viewShown(page, 'forgot');
  tops.forgot = await topOf(page, combo, 'forgot');

  await card(page).locator('input[type="email"]').fill('jane@example.com');
  await submit(page).click();
  await viewShown(page, 'forgotSent');
  tops.sent = await topOf(page, combo, 'forgot-sent');

  // The emailed code: a new member on a site that verifies emails.
  await card(page).locator('.primary').click();
  await viewShown(page, 'signIn');
  await card(page).locator('.switch .link').click();
  await viewShown(page, 'register');
  await card(page).locator('input[autocomplete="email"]').fill(`top-${Date.now()}@example.com`);
  await card(page).locator('input[autocomplete="new-password"]').fill('long-enough');
  await submit(page).click();
  await viewShown(page, 'verify');
  tops.code = await topOf(page, combo, 'code');
  return tops;
}

describe.each(COMBOS)('the login modal’s card ($lang, dark: $dark, $width px)', (combo) => {
  it('keeps its top where it is across the sign-in, its error, register, forgot, sent and the code', async () => {
    await sandbox('PATCH', '/_sandbox/settings', { requireEmailVerification: true });
    const { page } = await shopAt(combo);
    const tops = await topsAcrossViews(page, combo);
    const first = tops.signIn as number;
    expect(Object.keys(tops)).toEqual(['signIn', 'error', 'registerEmpty', 'forgot', 'sent', 'code']);
    for (const [view, top] of Object.entries(tops)) expect(top, `the card's top on ${view}`).toBe(first);
    // Near the top on a phone; lower, yet above the middle, on a desktop.
    if (combo.width === 375) expect(first).toBeLessThanOrEqual(24);
    else expect(first).toBeGreaterThan(24);
  });
});
