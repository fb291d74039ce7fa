import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { journeys } from './journey';
import { animationsDone, cartWith, expectAccessible, overflows, unexpectedErrors } from './page-checks';

const { demoUrl, freshPage, shot } = journeys();

const badge = (page: Page) => page.locator('sf-member-badge');
const panel = (page: Page) => page.locator('sf-cart-drawer [part="drawer"]');
const modal = (page: Page) => page.locator('sf-login-modal dialog');
const menu = (page: Page) => page.locator('sf-member-badge [role="menu"]');
const card = (page: Page, name: string) => page.locator('[part="card"]', { hasText: name }).first();
const PHONE = { width: 360, height: 740 };

/**
 * The demo shop in a language: `<html lang>` (and `dir`) set as the parser makes `<html>`, as a site in that
 * language writes them, before the script tag reads them. Records the scripts the page downloads.
 */
async function shopIn(lang: string, dir: 'ltr' | 'rtl', viewport = PHONE) {
  const { page, errors } = await freshPage();
  await page.setViewportSize(viewport);
  await page.addInitScript(
    ([lang, dir]) => {
      new MutationObserver((_, observer) => {
        if (!document.documentElement) return;
        document.documentElement.lang = lang as string;
        document.documentElement.dir = dir as string;
        observer.disconnect();
      }).observe(document, { childList: true });
    },
    [lang, dir],
  );
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto(`${demoUrl}/`);
  return { page, errors, scripts };
}

/** The language packs a page downloaded, as `kind.lang` (`lang.ar`, `texts.ar`, `products.ar`, `member.ar`). */
const packsOf = (scripts: string[]) =>
  scripts.flatMap((path) => {
    const found = /\/chunks\/((?:lang|texts|products|member|menu)\.[a-z]{2})-[\w-]+\.js$/.exec(path);
    return found ? [found[1] as string] : [];
  });

describe('a shop in Arabic, right to left', () => {
  it('speaks Arabic everywhere, mirrors the drawer, the modal, the menu and the cards, and fits a 360 px phone', async () => {
    const { page, errors, scripts } = await shopIn('ar', 'rtl');
    const signIn = badge(page).getByRole('button', { name: 'تسجيل الدخول', exact: true });
    await signIn.waitFor();
    const mug = card(page, 'Stoneware Mug');
    await mug.getByRole('button', { name: 'أضف إلى السلة' }).waitFor();
    // A card's ribbon sits at its inline start: the right, right to left.
    const tee = card(page, 'Everyday Cotton Tee');
    const media = await tee.locator('[part="media"]').boundingBox();
    const ribbon = await tee.locator('[part="ribbon"]').boundingBox();
    expect((ribbon?.x ?? 0) + (ribbon?.width ?? 0)).toBeGreaterThan(
      (media?.x ?? 0) + (media?.width ?? 0) - 20,
    );
    await mug.scrollIntoViewIfNeeded();
    await animationsDone(page);
    await shot(page, 'ar-grid-360');
    expect(await overflows(page)).toEqual([]);

    // The drawer: in LTR it comes in at the right (the inline end); right to left at the left, with its texts.
    await mug.getByRole('button', { name: 'أضف إلى السلة' }).click();
    await panel(page).getByRole('heading', { name: 'سلة التسوق (منتج واحد)' }).waitFor();
    await animationsDone(page);
    const box = await panel(page).boundingBox();
    expect(box?.x).toBe(0);
    expect(await panel(page).evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
    await panel(page).getByRole('button', { name: 'إتمام الشراء' }).waitFor();
    // The line's controls mirror too: − (fewer) on the right of the quantity, + on its left.
    const fewer = await panel(page).getByRole('button', { name: 'تقليل كمية Stoneware Mug' }).boundingBox();
    const more = await panel(page).getByRole('button', { name: 'زيادة كمية Stoneware Mug' }).boundingBox();
    expect(fewer?.x).toBeGreaterThan(more?.x ?? 0);
    await shot(page, 'ar-drawer-360');
    expect(await overflows(page)).toEqual([]);
    await expectAccessible(page, 'the Arabic drawer', 'sf-cart-drawer');
    await page.keyboard.press('Escape');
    await panel(page).waitFor({ state: 'detached' });

    // The login modal, and the member's menu at her button's end (its left, right to left).
    await signIn.click();
    await modal(page).getByRole('heading', { name: 'تسجيل الدخول' }).waitFor();
    await modal(page).getByLabel('البريد الإلكتروني').fill('jane@example.com');
    await modal(page).getByLabel('كلمة المرور', { exact: true }).fill('storefront-demo');
    await animationsDone(page);
    await shot(page, 'ar-modal-360');
    expect(await overflows(page)).toEqual([]);
    await modal(page).getByRole('button', { name: 'تسجيل الدخول', exact: true }).click();
    await modal(page).waitFor({ state: 'detached' });
    const trigger = badge(page).getByRole('button', { name: /قائمة الحساب/ });
    await trigger.click();
    await menu(page).waitFor();
    expect(await menu(page).getByRole('menuitem').allTextContents()).toEqual([
      'حسابي',
      'طلباتي',
      'إعدادات الحساب',
      'مغادرة المجتمع',
      'تسجيل الخروج',
    ]);
    await animationsDone(page);
    await shot(page, 'ar-menu-360');
    // Under her button, inside the phone's width, with an edge at one of the button's (its end, the left, when
    // there is room; else its start: floating-ui's flip), and its items' texts at their right.
    const menuPanel = badge(page).locator('[part="menu"]');
    const panelBox = (await menuPanel.boundingBox()) ?? { x: 0, y: 0, width: 0, height: 0 };
    const button = (await trigger.boundingBox()) ?? { x: 0, y: 0, width: 0, height: 0 };
    expect(panelBox.y).toBeGreaterThan(button.y + button.height);
    expect(panelBox.x).toBeGreaterThanOrEqual(8);
    expect(panelBox.x + panelBox.width).toBeLessThanOrEqual(PHONE.width - 8);
    const edges = [panelBox.x - button.x, panelBox.x + panelBox.width - (button.x + button.width)];
    expect(Math.min(...edges.map(Math.abs))).toBeLessThanOrEqual(1);
    const item = (await menu(page).getByRole('menuitem', { name: 'تسجيل الخروج' }).boundingBox()) ?? panelBox;
    expect(item.x + item.width).toBeGreaterThan(panelBox.x + panelBox.width - 16);
    expect(
      await menu(page)
        .getByRole('menuitem', { name: 'تسجيل الخروج' })
        .evaluate((el) => getComputedStyle(el).textAlign),
    ).toMatch(/^(start|right)$/);
    expect(await overflows(page)).toEqual([]);
    // The account's settings: Back (an arrow to the right, the menu's start) and the rest.
    await menu(page).getByRole('menuitem', { name: 'إعدادات الحساب' }).click();
    expect(await menu(page).getByRole('menuitem').allTextContents()).toEqual([
      'رجوع',
      'عنوان ملفك الشخصي',
      'حذف حسابي',
    ]);
    await animationsDone(page);
    await shot(page, 'ar-menu-settings-360');
    expect(await overflows(page)).toEqual([]);

    // Only Arabic's packs were downloaded: no other language's, and not English's texts.
    expect(new Set(packsOf(scripts))).toEqual(
      new Set(['lang.ar', 'texts.ar', 'products.ar', 'member.ar', 'menu.ar']),
    );
    expect(unexpectedErrors(errors, [404])).toEqual([]);
  });
});

describe('a shop in Japanese', () => {
  it('fits its texts in the cards, the drawer and the modal on a phone, and downloads only Japanese packs', async () => {
    const { page, errors, scripts } = await shopIn('ja-JP', 'ltr');
    await badge(page).getByRole('button', { name: 'ログイン', exact: true }).waitFor();
    const mug = card(page, 'Stoneware Mug');
    await mug.getByRole('button', { name: 'カートに入れる' }).click();
    await panel(page).getByRole('heading', { name: 'カート (1点)' }).waitFor();
    await animationsDone(page);
    await shot(page, 'ja-drawer-360');
    expect(await overflows(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await panel(page).waitFor({ state: 'detached' });
    await mug.scrollIntoViewIfNeeded();
    await animationsDone(page);
    await shot(page, 'ja-grid-360');
    expect(await overflows(page)).toEqual([]);
    await badge(page).getByRole('button', { name: 'ログイン', exact: true }).click();
    await modal(page).getByRole('heading', { name: 'ログイン' }).waitFor();
    await animationsDone(page);
    await shot(page, 'ja-modal-360');
    expect(await overflows(page)).toEqual([]);
    expect(new Set(packsOf(scripts))).toEqual(new Set(['lang.ja', 'texts.ja', 'products.ja']));
    expect(unexpectedErrors(errors, [404])).toEqual([]);
  });
});

describe('a German page', () => {
  it('downloads German packs only, never another language’s', async () => {
    const german = await shopIn('de-DE', 'ltr', { width: 1280, height: 800 });
    await badge(german.page).getByRole('button', { name: 'Anmelden', exact: true }).waitFor();
    await german.page.locator('.site-header [data-sf-open-cart]').click();
    await panel(german.page).getByRole('heading', { name: 'Dein Warenkorb' }).waitFor();
    expect(new Set(packsOf(german.scripts))).toEqual(new Set(['lang.de', 'texts.de', 'products.de']));
    expect(unexpectedErrors(german.errors, [404])).toEqual([]);
  });

  it('says the platform’s refusal of a wrong password in German', async () => {
    const { page, errors } = await shopIn('de', 'ltr', { width: 1280, height: 800 });
    await badge(page).getByRole('button', { name: 'Anmelden', exact: true }).click();
    const modal = page.locator('sf-login-modal [part="modal"]');
    await modal.getByLabel('E-Mail').fill('jane@example.com');
    await modal.getByLabel('Passwort', { exact: true }).fill('falsches-passwort');
    await modal.getByRole('button', { name: 'Anmelden', exact: true }).click();
    const alert = modal.locator('[role="alert"]');
    await alert.waitFor();
    expect(await alert.textContent()).toBe('E-Mail oder Passwort ist falsch.');
    expect(unexpectedErrors(errors, [401, 404])).toEqual([]);
  });
});

/**
 * A text's characters in the order the eye meets them, line by line and left to right (spaces and the invisible
 * direction marks left out), measured from their boxes (a range a character).
 */
const seen = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((elements) =>
    elements.map((el) => {
      const chars: Array<{ x: number; y: number; ch: string }> = [];
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
        if ((node.parentElement as Element).closest('.sf-visually-hidden')) continue;
        for (let i = 0; i < node.data.length; i++) {
          if (/[\s\u200e\u200f\u061c\u2066-\u2069]/.test(node.data[i] as string)) continue;
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const box = range.getBoundingClientRect();
          chars.push({
            x: box.left + box.width / 2,
            y: Math.round(box.top + box.height / 2),
            ch: node.data[i] as string,
          });
        }
      }
      const logical = chars.map((c) => c.ch).join('');
      const visual = [...chars]
        .sort((a, b) => (Math.abs(a.y - b.y) > 4 ? a.y - b.y : a.x - b.x))
        .map((c) => c.ch)
        .join('');
      return { logical, visual, rtlScript: /[\u0590-\u08ff\u200f\u061c]/.test(el.textContent ?? '') };
    }),
  );

describe('amounts on a right-to-left page', () => {
  for (const lang of ['en', 'de', 'ar']) {
    it(`keep their own direction in "${lang}": a sign, a currency and a delivery time where that language writes them`, async () => {
      const { page, errors } = await shopIn(lang, 'rtl', { width: 1280, height: 900 });
      await page.locator('sf-product-grid [part="price"]').first().waitFor();
      await cartWith(page, [{ productId: 'dace0cad-7e1d-4340-ac45-39a68ab5e3c8', quantity: 2 }]);
      const drawer = panel(page);
      await drawer.locator('[part="line"]').waitFor();
      await drawer.locator('[part="coupon-toggle"]').click();
      await drawer.locator('[part="coupon"] input').fill('SAVE10');
      await drawer.locator('[part="coupon"] button[type="submit"]').click();
      await drawer.locator('[part="shipping-toggle"]').click();
      await drawer.locator('[part="shipping"] select').selectOption('US');
      await drawer.locator('[part="shipping"] button[type="submit"]').click();
      await drawer.locator('[part="shipping"] .option').nth(2).waitFor();
      await expect.poll(() => drawer.locator('[part="totals"] dd').count()).toBe(5);
      await animationsDone(page);
      await shot(page, `rtl-amounts-${lang}`);
      const amounts = await seen(
        page,
        'sf-cart-drawer :is([part="line-total"], [part="totals"] dd, .option-head > .nowrap, .option-text > .muted)',
      );
      // The product cards' prices too (a sale's two, or the one).
      amounts.push(
        ...(await seen(
          page,
          'sf-product-grid :is([part="sale-price"], [part="regular-price"], [part="price"]:not(:has([part="sale-price"])))',
        )),
      );
      expect(amounts.length).toBeGreaterThan(10);
      const discount = (await seen(page, 'sf-cart-drawer [part="totals"] .total-row:nth-child(2) dd'))[0];
      expect(discount?.logical).toMatch(/^[−-]/);
      for (const { logical, visual, rtlScript } of amounts) {
        // What is written left to right (English's and German's amounts, the merchant's "3–5 business days")
        // reads left to right, its sign included; Arabic's amounts are as Arabic writes them, right to left.
        if (!rtlScript) expect(visual, logical).toBe(logical);
      }
      if (lang === 'ar') {
        // Arabic's discount as Intl (CLDR) writes a negative amount: the sign at the digits' left, in their
        // left-to-right run ("−17.20"), and the currency after them read from the right (at their left):
        // "US$ −17.20" seen.
        const { visual = '' } = discount ?? {};
        expect(visual.search(/[−-]/)).toBeLessThan(visual.search(/\d/));
        expect(visual.search(/\$/)).toBeLessThan(visual.search(/[−-]/));
        // Its currency whole, as Arabic writes it after the digits: "US$ 25.00" seen, never "$US 25.00".
        const arabic = amounts.filter(({ logical }) => logical.includes('US$'));
        expect(arabic.length).toBeGreaterThan(5);
        for (const { visual } of arabic) expect(visual).toMatch(/^US\$[−-]?[\d.,]+$/);
      } else {
        expect(discount?.visual).toBe(discount?.logical);
      }
      expect(unexpectedErrors(errors, [404])).toEqual([]);
    });
  }
});

describe('the merchant’s own words on a right-to-left page', () => {
  it('keep their direction: an English description reads left to right, its full stop at its end', async () => {
    const { page, errors } = await freshPage();
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (!document.documentElement) return;
        document.documentElement.lang = 'ar';
        document.documentElement.dir = 'rtl';
        observer.disconnect();
      }).observe(document, { childList: true });
    });
    await page.goto(`${demoUrl}/products/everyday-cotton-tee.html`);
    const description = page.locator('sf-product [part="description"]');
    await description.waitFor();
    const paragraphs = await seen(page, 'sf-product [part="description"] > *');
    expect(paragraphs.length).toBeGreaterThan(0);
    for (const { logical, visual } of paragraphs) expect(visual, logical).toBe(logical);
    expect(unexpectedErrors(errors, [404])).toEqual([]);
  });
});

describe('the widgets’ own texts on a right-to-left page in a language without a pack', () => {
  it('read left to right in English on a Hebrew page, their punctuation at their end, in a layout that follows the page', async () => {
    const { page, errors } = await shopIn('he', 'rtl');
    await page.locator('.site-header [data-sf-open-cart]').click();
    await panel(page).getByText('Your cart is empty.').waitFor();
    expect(await panel(page).evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
    const empty = await seen(page, 'sf-cart-drawer [part="empty"] .empty-title');
    expect(empty).toEqual([{ logical: 'Yourcartisempty.', visual: 'Yourcartisempty.', rtlScript: false }]);
    await page.keyboard.press('Escape');
    await expect.poll(() => panel(page).isVisible()).toBe(false);

    await page.evaluate(() => window.Storefront?.signIn());
    await modal(page).getByRole('button', { name: 'Forgot password?' }).waitFor();
    // The links' and the question's texts: "Forgot password?", "New here? Create an account".
    const texts = await seen(page, 'sf-login-modal :is(button.link, p.switch)');
    expect(texts.map((text) => text.logical)).toContain('Forgotpassword?');
    for (const { logical, visual } of texts) expect(visual, logical).toBe(logical);
    // Aligned as the page is: "Forgot password?" ends at the right, where the fields end (and a Hebrew text).
    const rightOf = (selector: string) =>
      modal(page)
        .locator(selector)
        .first()
        .evaluate((el) => {
          const range = document.createRange();
          range.selectNodeContents(el);
          return range.getBoundingClientRect().right;
        });
    const forgot = await rightOf('button.link');
    const field = await modal(page)
      .locator('input[type="email"]')
      .evaluate((el) => el.getBoundingClientRect().right);
    expect(Math.abs(field - forgot)).toBeLessThan(4);
    // Prices and fields keep the page's direction (a sale's price first, at the right; a value at the right).
    const bidi = (locator: ReturnType<Page['locator']>) =>
      locator.first().evaluate((el) => getComputedStyle(el).unicodeBidi);
    expect(await bidi(page.locator('sf-product-grid [part="price"]:has([part="sale-price"])'))).not.toBe(
      'plaintext',
    );
    expect(await bidi(modal(page).locator('input[type="email"]'))).not.toBe('plaintext');
    expect(await bidi(modal(page).locator('button.link'))).toBe('plaintext');
    expect(unexpectedErrors(errors, [404])).toEqual([]);
  });

  it('leave Arabic texts right to left on a page whose own language is another (data-lang="ar" on a Hebrew page)', async () => {
    const { page, errors } = await freshPage();
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        const tag = document.querySelector('script[data-client-id]');
        if (document.documentElement) {
          document.documentElement.lang = 'he';
          document.documentElement.dir = 'rtl';
        }
        if (!tag) return;
        tag.setAttribute('data-lang', 'ar');
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`${demoUrl}/`);
    await page.locator('.site-header [data-sf-open-cart]').click();
    await panel(page).locator('[part="empty"] .empty-title').waitFor();
    expect(await page.locator('sf-cart-drawer').getAttribute('data-texts')).toBe('rtl');
    const empty = (await seen(page, 'sf-cart-drawer [part="empty"] .empty-title'))[0];
    expect(empty?.rtlScript).toBe(true);
    expect(
      await panel(page)
        .locator('[part="empty"] .empty-title')
        .evaluate((el) => getComputedStyle(el).unicodeBidi),
    ).not.toBe('plaintext');
    expect(unexpectedErrors(errors, [404])).toEqual([]);
  });
});
