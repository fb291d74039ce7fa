import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { languagesIn } from '../../../build/texts';
import en, { type Texts } from '../../../src/i18n/en';
import { SHELL_TEXTS } from '../../../src/widgets/member-badge/shell-texts';
import { LANGUAGE_PACKS } from '../../../src/widgets/texts';

/** The languages with a file in src/i18n/, English's included (docs/languages.md). */
const LANGUAGES = languagesIn(resolve(import.meta.dirname, '../../../src/i18n'));

const load = async (code: string): Promise<Record<string, unknown>> =>
  (await import(`../../../src/i18n/${code}.ts`)).default;

/**
 * What a language's texts lack of English's, and what they have that English lacks, part by part
 * (`drawer.cartTitle missing`, `menu.signOff extra`).
 */
function keyProblems(texts: Record<string, unknown>, english: Record<string, unknown> = en): string[] {
  const parts = new Set([...Object.keys(english), ...Object.keys(texts)]);
  return [...parts].flatMap((part) => {
    const mine = texts[part] as Record<string, unknown> | string | undefined;
    const theirs = english[part] as Record<string, unknown> | string | undefined;
    if (mine === undefined) return [`${part} missing`];
    if (theirs === undefined) return [`${part} extra`];
    if (typeof theirs === 'string') return typeof mine === 'string' ? [] : [`${part} is not a text`];
    if (typeof mine !== 'object' || mine === null) return [`${part} is not a part`];
    const keys = new Set([...Object.keys(theirs), ...Object.keys(mine)]);
    return [...keys].flatMap((key) => {
      if (!Object.hasOwn(mine, key)) return [`${part}.${key} missing`];
      if (!Object.hasOwn(theirs, key)) return [`${part}.${key} extra`];
      return typeof (mine as Record<string, unknown>)[key] === 'string'
        ? []
        : [`${part}.${key} is not a text`];
    });
  });
}

describe('the languages’ files (src/i18n/)', () => {
  it('are English and the eight languages of the packs', () => {
    expect(LANGUAGES).toEqual(['ar', 'de', 'en', 'es', 'fr', 'it', 'ja', 'nl', 'pt']);
  });

  it.each(LANGUAGES.filter((code) => code !== 'en'))(
    '%s has every key English has, and none it lacks',
    async (code) => {
      expect(keyProblems(await load(code))).toEqual([]);
    },
  );

  it('finds a missing key, an extra key and a missing part (the check itself)', async () => {
    const german = structuredClone(await load('de')) as Texts & Record<string, Record<string, string>>;
    delete (german.drawer as Partial<Texts['drawer']>).cartTitle;
    (german.menu as Record<string, string>).signOff = 'Abmelden';
    delete (german as Partial<Texts>).member;
    german.footer = { title: 'Fußzeile' };
    expect(keyProblems(german).sort()).toEqual(
      ['drawer.cartTitle missing', 'footer extra', 'member missing', 'menu.signOff extra'].sort(),
    );
  });

  it('each have a line in the table of language packs, and their badge shell’s texts in the loader', () => {
    const others = LANGUAGES.filter((code) => code !== 'en');
    expect(Object.keys(LANGUAGE_PACKS).sort()).toEqual(others);
    expect(Object.keys(SHELL_TEXTS).sort()).toEqual(others);
  });

  it('are the texts the packs hold, each part in the pack that ships it', async () => {
    const german = (await load('de')) as Texts;
    const pack = await (LANGUAGE_PACKS.de as NonNullable<(typeof LANGUAGE_PACKS)['de']>)();
    expect(pack.cannotLoad).toBe(german.cannotLoad);
    expect((await pack.texts()).default).toEqual({ drawer: german.drawer, login: german.login });
    expect((await pack.products()).default).toEqual(german.product);
    expect((await pack.member()).default).toEqual(german.member);
    expect((await pack.menu()).default).toEqual(german.menu);
    expect(SHELL_TEXTS.de).toEqual(german.shell);
  });
});
