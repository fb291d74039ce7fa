import badgeEn from 'virtual:texts/badge.en';
import memberEn from 'virtual:texts/member.en';
import menuEn from 'virtual:texts/menu.en';
import productsEn from 'virtual:texts/products.en';
import de from 'virtual:texts/texts.de';
import en from 'virtual:texts/texts.en';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ENGLISH_TEXTS, englishStrings } from '../../../scripts/strings';
import type { BadgeStrings } from '../../../src/i18n/en';
import { fill, withOverrides } from '../../../src/ui/i18n';
import { plural } from '../../../src/ui/plural';
import { SHELL_TEXTS } from '../../../src/widgets/member-badge/shell-texts';
import type * as Texts from '../../../src/widgets/texts';
import { LANGUAGE_PACKS, type LanguagePack } from '../../../src/widgets/texts';

/** A fresh copy of the module, so each test starts with nothing loaded. */
async function fresh(): Promise<typeof Texts> {
  vi.resetModules();
  return import('../../../src/widgets/texts');
}

/**
 * `promise` settled, the fake clock run meanwhile (a failed pack's retry waits `RETRY_DELAY_MS` first): a timer
 * at a time, each after a turn of the event loop, until it settles.
 */
async function withRetries<T>(promise: Promise<T>): Promise<T> {
  let settled = false;
  const done = () => {
    settled = true;
  };
  promise.then(done, done);
  while (!settled) await vi.advanceTimersToNextTimerAsync();
  return promise;
}

const failing = <T>(times: number, load: () => Promise<T>) => {
  let failures = 0;
  return vi.fn(() =>
    failures++ < times
      ? Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
      : load(),
  );
};

/** The languages there are packs for, besides English. */
const LANGUAGES = Object.keys(LANGUAGE_PACKS);

/**
 * Every text of a language, by `<pack>.<key>`: the views', the product elements', the badge's, its member
 * part's and the member menu's.
 */
async function allTexts(language?: string): Promise<Record<string, string>> {
  const pack = language ? await (LANGUAGE_PACKS[language] as () => Promise<LanguagePack>)() : undefined;
  const views = pack ? (await pack.texts()).default : en;
  const products = pack ? (await pack.products()).default : productsEn;
  // (The badge shell's are the loader's; what a widget says when its code cannot be had, its language pack's.)
  const badge = pack
    ? { ...(SHELL_TEXTS[language as string] as BadgeStrings), cannotLoad: pack.cannotLoad }
    : badgeEn;
  const member = pack ? (await pack.member()).default : memberEn;
  const menu = pack ? (await pack.menu()).default : menuEn;
  const groups = { ...views, products, badge, member, menu } as Record<string, Record<string, string>>;
  return Object.fromEntries(
    Object.entries(groups).flatMap(([group, texts]) =>
      Object.entries(texts).map(([key, text]) => [`${group}.${key}`, text]),
    ),
  );
}

/** The `{name}` placeholders of a text, in every plural form. */
const holes = (text: string) => new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]));

/** A plural text's forms by CLDR category, when it is written keyed (`one:…|other:…`). */
const keyedForms = (text: string) =>
  text.split('|').every((form) => /^(zero|one|two|few|many|other):/.test(form))
    ? text.split('|').map((form) => form.slice(0, form.indexOf(':')))
    : undefined;

describe('the language packs', () => {
  it('are the nine languages the issue asks for: English and eight packs', () => {
    expect(LANGUAGES.sort()).toEqual(['ar', 'de', 'es', 'fr', 'it', 'ja', 'nl', 'pt']);
  });

  it('have every English text in every language, none of them empty, with the same placeholders', async () => {
    const english = await allTexts(undefined);
    for (const lang of LANGUAGES) {
      const texts = await allTexts(lang);
      expect(Object.keys(texts).sort(), lang).toEqual(Object.keys(english).sort());
      for (const [key, text] of Object.entries(english)) {
        const translated = texts[key] ?? '';
        expect(translated.trim(), `${lang} ${key}`).not.toBe('');
        // The same placeholders, over all of a text's plural forms (one form may leave the count out: "منتج واحد").
        expect(holes(translated), `${lang} ${key}`).toEqual(holes(text));
      }
    }
  });

  it('write plural forms in a syntax plural() reads: one|other, or keyed by the language’s own CLDR categories with other', async () => {
    for (const lang of LANGUAGES) {
      const texts = await allTexts(lang);
      const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories as string[];
      for (const [key, text] of Object.entries(texts)) {
        const keyed = keyedForms(text);
        if (keyed) {
          expect(keyed, `${lang} ${key}`).toContain('other');
          for (const category of keyed) expect(categories, `${lang} ${key}: ${category}`).toContain(category);
        } else expect(text.split('|').length, `${lang} ${key}`).toBeLessThanOrEqual(2);
      }
    }
  });

  it('speak German informally, as the German texts always did (du, not Sie)', async () => {
    const texts = Object.values(await allTexts('de'));
    expect(texts.filter((text) => /\b(Sie|Ihr|Ihre|Ihren|Ihrem)\b/.test(text))).toEqual([]);
  });
});

describe('the widgets’ texts in a page’s language', () => {
  let errors: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    // A pack's retry waits on the fake clock (`withRetries`), not for a second.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    errors.mockRestore();
    vi.useRealTimers();
  });

  it('takes the pack of the language’s primary subtag, and English for a language without one', async () => {
    const { widgetTexts } = await fresh();
    expect((await widgetTexts('de-AT')).drawer.cartTitle).toBe(de.drawer.cartTitle);
    expect((await widgetTexts('DE')).drawer.cartTitle).toBe(de.drawer.cartTitle);
    expect((await widgetTexts('pt-BR')).drawer.cartTitle).toBe('Seu carrinho');
    expect((await widgetTexts('ar-EG')).drawer.cartTitle).toBe('سلة التسوق');
    expect((await widgetTexts('zh-Hans')).drawer.cartTitle).toBe(en.drawer.cartTitle);
    expect((await widgetTexts('')).drawer.cartTitle).toBe(en.drawer.cartTitle);
    expect(errors).not.toHaveBeenCalled();
  });

  it('downloads the page’s language pack once however many widgets ask, and no other language’s', async () => {
    const { widgetTexts, LANGUAGE_PACKS: packs } = await fresh();
    const loads = Object.fromEntries(
      Object.entries(packs).map(([lang, load]) => {
        const spy = vi.fn(load);
        packs[lang] = spy;
        return [lang, spy];
      }),
    );
    const [a, b] = await Promise.all([widgetTexts('de'), widgetTexts('de-CH')]);
    expect(a).toBe(b);
    await widgetTexts('de');
    const { productStrings } = await import('../../../src/widgets/product/strings');
    expect((await productStrings('de')).addToCart).toBe('In den Warenkorb');
    expect(loads.de).toHaveBeenCalled();
    for (const [lang, load] of Object.entries(loads))
      if (lang !== 'de') expect(load, lang).not.toHaveBeenCalled();
  });

  it('tries a pack once more after a failed download (a dropped connection) before giving up on it', async () => {
    const { widgetTexts, TEXT_PACKS } = await fresh();
    const pack = failing(1, TEXT_PACKS.en);
    TEXT_PACKS.en = pack;
    expect((await withRetries(widgetTexts('en'))).login.signInTitle).toBe(en.login.signInTitle);
    expect(pack).toHaveBeenCalledTimes(2);
    expect(errors).not.toHaveBeenCalled();
  });

  it('shows English for the visit, and says why, when the page’s language pack fails twice', async () => {
    const { widgetTexts, LANGUAGE_PACKS: packs } = await fresh();
    const german = failing(2, packs.de as () => Promise<LanguagePack>);
    packs.de = german;
    const texts = await withRetries(widgetTexts('de'));
    expect(texts.login.signInTitle).toBe(en.login.signInTitle);
    expect(String(errors.mock.calls[0]?.[0])).toContain('"de" texts could not be loaded; showing English');
    expect(await widgetTexts('de-AT')).toBe(texts);
    expect(german).toHaveBeenCalledTimes(2);
  });

  it('rejects when English fails twice too, and starts over on the next ask', async () => {
    const { widgetTexts, TEXT_PACKS } = await fresh();
    const english = failing(2, TEXT_PACKS.en);
    TEXT_PACKS.en = english;
    await expect(withRetries(widgetTexts('en'))).rejects.toThrow('Failed to fetch');
    expect((await widgetTexts('en')).login.signInTitle).toBe(en.login.signInTitle);
    expect(english).toHaveBeenCalledTimes(3);
  });

  it('keeps the member menu’s texts in a pack of their own, which the drawer’s and the modal’s pack does not carry', async () => {
    const { widgetTexts, LANGUAGE_PACKS: packs } = await fresh();
    const { menuTexts } = await import('../../../src/widgets/member-badge/menu-texts');
    expect(await widgetTexts('de')).not.toHaveProperty('menu');
    const german = (await (await (packs.de as () => Promise<LanguagePack>)()).menu()).default;
    expect(german).not.toHaveProperty('cartTitle');
    expect(await menuTexts('de-AT')).toBe(german);
    expect(await menuTexts('zh-Hans')).toEqual(menuEn);
    expect(await menuTexts('en')).toEqual(menuEn);
    expect(errors).not.toHaveBeenCalled();
  });

  it('takes English for a language named like an object property', async () => {
    const { widgetTexts } = await fresh();
    for (const lang of ['constructor', 'toString', '__proto__', 'hasOwnProperty-x'])
      expect((await widgetTexts(lang)).drawer.cartTitle, lang).toBe(en.drawer.cartTitle);
  });

  it('lays the site’s overrides over one widget’s texts, for the keys that widget has', async () => {
    const { textsFor } = await fresh();
    const overrides = { cartTitle: 'Your bag', signInTitle: 'Log in', unknown: 'x' };
    const drawer = await textsFor('drawer', 'en', overrides);
    expect(drawer.cartTitle).toBe('Your bag');
    expect(drawer).not.toHaveProperty('signInTitle');
    expect(drawer).not.toHaveProperty('unknown');
    expect((await textsFor('login', 'de', overrides)).signInTitle).toBe('Log in');
    // The pack itself is left as it was for the next widget.
    expect((await textsFor('drawer', 'en')).cartTitle).toBe(en.drawer.cartTitle);
  });
});

describe('a language of a site’s own (data-strings, with dist/cdn/strings.en.json as its template)', () => {
  /** Every English text "translated": `SV ` before it, its placeholders kept. */
  const swedish = () =>
    Object.fromEntries(Object.entries(englishStrings()).map(([key, text]) => [key, `SV ${text}`]));

  it('has every text of every widget in its template, each flat key meaning one English text', () => {
    const template = englishStrings();
    for (const [group, texts] of Object.entries(ENGLISH_TEXTS)) {
      for (const [key, text] of Object.entries(texts)) {
        if (group === 'product' && template[`product.${key}`] !== undefined)
          expect(template[`product.${key}`], `product.${key}`).toBe(text);
        else expect(template[key], `${group}.${key}`).toBe(text);
      }
    }
    // The product elements' own keys are the few they say differently from the drawer.
    expect(
      Object.keys(template)
        .filter((key) => key.startsWith('product.'))
        .sort(),
    ).toEqual([
      'product.adding',
      'product.decrease',
      'product.increase',
      'product.loading',
      'product.quantityInvalid',
    ]);
  });

  it('shows the site’s texts for a language without a pack, in every widget, product.<key> for the product elements', async () => {
    const { textsFor } = await fresh();
    const { menuTexts } = await import('../../../src/widgets/member-badge/menu-texts');
    const { productStrings } = await import('../../../src/widgets/product/strings');
    const strings = swedish();
    const groups = {
      drawer: await textsFor('drawer', 'sv', strings),
      login: await textsFor('login', 'sv', strings),
      menu: withOverrides(await menuTexts('sv'), strings),
      product: await productStrings('sv-FI', strings),
    };
    for (const [group, texts] of Object.entries(groups))
      for (const [key, text] of Object.entries(texts)) expect(text, `${group}.${key}`).toMatch(/^SV /);
    expect(groups.drawer.decrease).toBe('SV One fewer {name}');
    expect(groups.product.decrease).toBe('SV One fewer');
  });
});

describe('plural', () => {
  const arabic =
    'zero:لا منتجات|one:منتج واحد|two:منتجان|few:{count} منتجات|many:{count} منتجًا|other:{count} منتج';

  it('picks Arabic’s six forms by count', () => {
    const forms = [0, 1, 2, 3, 11, 100].map((count) => fill(plural(arabic, count, 'ar'), { count }));
    expect(forms).toEqual(['لا منتجات', 'منتج واحد', 'منتجان', '3 منتجات', '11 منتجًا', '100 منتج']);
    // The drawer's own Arabic text is that one.
    expect(plural(arabic, 5, 'ar-EG')).toBe('{count} منتجات');
  });

  it('gives Japanese its one form for every count', () => {
    for (const count of [0, 1, 2, 11]) {
      expect(fill(plural('{count}点', count, 'ja'), { count })).toBe(`${count}点`);
      expect(plural('other:{count}点', count, 'ja')).toBe('{count}点');
    }
  });

  it('keeps every one|other text working, in each language’s rules (French says 0 article)', () => {
    expect(plural('{count} item|{count} items', 1, 'en')).toBe('{count} item');
    expect(plural('{count} item|{count} items', 0, 'en')).toBe('{count} items');
    expect(plural('{count} article|{count} articles', 0, 'fr')).toBe('{count} article');
    expect(plural('{count} Artikel', 7, 'de')).toBe('{count} Artikel');
    // A text with a colon is not a keyed one unless every form starts with a category.
    expect(plural('Total: {count} item|Total: {count} items', 2, 'en')).toBe('Total: {count} items');
  });

  it('takes other for a category a keyed text leaves out, else its last form', () => {
    expect(plural('one:{count} item|other:{count} items', 2, 'ar')).toBe('{count} items');
    expect(plural('one:a|few:b', 100, 'ar')).toBe('b');
  });
});

describe('languageOf', () => {
  it('finds a page language in a table by its primary subtag, and nothing for one the table lacks', async () => {
    const { languageOf } = await import('../../../src/ui/i18n');
    const table = { en: 1, de: 2 };
    expect(languageOf(table, 'de-AT')).toBe('de');
    expect(languageOf(table, 'DE')).toBe('de');
    expect(languageOf(table, 'en')).toBe('en');
    for (const lang of ['fr', '', 'constructor', '__proto__', 'toString-x'])
      expect(languageOf(table, lang), lang).toBeUndefined();
  });
});
