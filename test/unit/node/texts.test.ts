import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Texts from '../../../src/widgets/texts';
import de from '../../../src/widgets/texts.de';
import en from '../../../src/widgets/texts.en';

/** A fresh copy of the module, so each test starts with nothing loaded (and retries without a wait). */
async function fresh(): Promise<typeof Texts> {
  vi.resetModules();
  const texts = await import('../../../src/widgets/texts');
  (await import('../../../src/chunks')).chunkRetry.delayMs = 0;
  return texts;
}

const failing = (times: number, load: () => Promise<unknown>) => {
  let failures = 0;
  const pack = vi.fn(() =>
    failures++ < times
      ? Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
      : load(),
  );
  return pack as unknown as () => Promise<{ default: typeof en }>;
};

describe('the widgets’ language packs', () => {
  let errors: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    errors = vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => errors.mockRestore());

  it('has every English text in German too, none of them empty, with the same placeholders', () => {
    for (const widget of ['drawer', 'login', 'menu'] as const) {
      expect(Object.keys(de[widget]).sort(), widget).toEqual(Object.keys(en[widget]).sort());
      for (const [key, english] of Object.entries(en[widget])) {
        const german = (de[widget] as Record<string, string>)[key] ?? '';
        expect(german.trim(), `${widget}.${key}`).not.toBe('');
        // The same placeholders (a language may need fewer plural forms: "{count} Artikel").
        const holes = (text: string) => new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]));
        expect(holes(german), `${widget}.${key}`).toEqual(holes(english));
      }
    }
  });

  it('takes the pack of the language’s primary subtag, and English for a language without one', async () => {
    const { widgetTexts } = await fresh();
    expect((await widgetTexts('de-AT')).drawer.cartTitle).toBe(de.drawer.cartTitle);
    expect((await widgetTexts('DE')).drawer.cartTitle).toBe(de.drawer.cartTitle);
    expect((await widgetTexts('fr')).drawer.cartTitle).toBe(en.drawer.cartTitle);
    expect((await widgetTexts('')).drawer.cartTitle).toBe(en.drawer.cartTitle);
  });

  it('loads a pack once however many widgets ask for it', async () => {
    const { widgetTexts, TEXT_PACKS } = await fresh();
    const load = vi.fn(TEXT_PACKS.de);
    TEXT_PACKS.de = load;
    const [a, b] = await Promise.all([widgetTexts('de'), widgetTexts('de-CH')]);
    expect(a).toBe(b);
    await widgetTexts('de');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries a pack once more after a failed download (a dropped connection) before giving up on it', async () => {
    const { widgetTexts, TEXT_PACKS } = await fresh();
    const pack = failing(1, TEXT_PACKS.en as () => Promise<unknown>);
    TEXT_PACKS.en = pack;
    expect((await widgetTexts('en')).menu.signOut).toBe(en.menu.signOut);
    expect(pack).toHaveBeenCalledTimes(2);
    expect(errors).not.toHaveBeenCalled();
  });

  it('shows English for the visit, and says why, when the page’s pack fails twice', async () => {
    const { widgetTexts, TEXT_PACKS } = await fresh();
    const german = failing(2, TEXT_PACKS.de as () => Promise<unknown>);
    TEXT_PACKS.de = german;
    const texts = await widgetTexts('de');
    expect(texts.login.signInTitle).toBe(en.login.signInTitle);
    expect(String(errors.mock.calls[0]?.[0])).toContain('"de" texts could not be loaded; showing English');
    expect(await widgetTexts('de-AT')).toBe(texts);
    expect(german).toHaveBeenCalledTimes(2);
  });

  it('rejects when English fails twice too, and starts over on the next ask', async () => {
    const { widgetTexts, TEXT_PACKS } = await fresh();
    const english = failing(2, TEXT_PACKS.en as () => Promise<unknown>);
    TEXT_PACKS.en = english;
    await expect(widgetTexts('en')).rejects.toThrow('Failed to fetch');
    expect((await widgetTexts('en')).menu.signOut).toBe(en.menu.signOut);
    expect(english).toHaveBeenCalledTimes(3);
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
