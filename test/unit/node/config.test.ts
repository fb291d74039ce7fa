import { describe, expect, it, vi } from 'vitest';
import { type ConfigProblem, DEFAULT_API_BASE, readEmbedConfig } from '../../../src/config';
import { problemText } from '../../../src/config-problems';
import { marketingOf } from '../../../src/marketing';
import { languageOf } from '../../../src/ui/i18n';

/** What the console says of a problem (`undefined` for none). */
const said = (problem: ConfigProblem | undefined) => problem && problemText(problem);

describe('readEmbedConfig', () => {
  it('reads every data attribute of the script tag', () => {
    const data = {
      clientId: ' demo-client ',
      apiBase: 'http://127.0.0.1:4100/',
      lang: 'FR',
      currency: 'eur',
      theme: 'Dark',
      accountSections: 'orders bookings',
      cartApi: ' V2 ',
      hostedLoginLink: '',
    };
    const { config, problems } = readEmbedConfig(data);
    expect(problems).toEqual([]);
    expect(config).toStrictEqual({
      clientId: 'demo-client',
      apiBase: 'http://127.0.0.1:4100',
      lang: 'fr',
      currency: 'EUR',
      theme: 'dark',
      strings: {},
      openCartOnAdd: true,
      accountSections: 'orders bookings',
      cartApi: 'v2',
      hostedLoginLink: true,
      toastOnAdd: false,
    });
  });

  it('canonicalises a page language (en_US, pt_BR, de_DE) so plural rules and formats take it', () => {
    for (const [given, canonical] of [
      ['en_US', 'en-US'],
      ['pt_BR', 'pt-BR'],
      ['de_DE', 'de-DE'],
      ['DE-at', 'de-AT'],
    ]) {
      const { config, problems } = readEmbedConfig({ clientId: 'c' }, given);
      expect(problems).toEqual([]);
      expect(config.lang).toBe(canonical);
      expect(() => new Intl.PluralRules(config.lang).select(2)).not.toThrow();
    }
    // de_DE picks the German texts (by its primary subtag).
    expect(languageOf({ en: 1, de: 1 }, readEmbedConfig({ clientId: 'c', lang: 'de_DE' }).config.lang)).toBe(
      'de',
    );
  });

  it('takes English, with a note, for a language that is not a tag (en-, constructor)', () => {
    for (const [data, documentLang, attribute] of [
      [{ lang: 'en-' }, undefined, 'data-lang'],
      [{ lang: 'constructor' }, undefined, 'data-lang'],
      [{}, 'en-', '<html lang>'],
    ] as const) {
      const { config, problems } = readEmbedConfig({ clientId: 'c', ...data }, documentLang);
      expect(config.lang).toBe('en');
      expect(problems.map((problem) => [problem.attribute, said(problem)])).toEqual([
        [attribute, `"${data.lang ?? documentLang}" is not a language tag; using English`],
      ]);
    }
  });

  it('falls back to defaults and the document language', () => {
    const { config } = readEmbedConfig({ clientId: 'c' }, 'de');
    expect(config).toEqual({
      clientId: 'c',
      apiBase: DEFAULT_API_BASE,
      lang: 'de',
      currency: 'USD',
      theme: 'auto',
      strings: {},
      openCartOnAdd: true,
      cartApi: 'v1',
      hostedLoginLink: false,
      toastOnAdd: false,
    });
  });

  it('offers the hosted login page in the modal only when data-hosted-login-link is there (and not "false")', () => {
    // The loader reads `dataset`: a boolean attribute present is '' there.
    const read = (hostedLoginLink?: string) =>
      readEmbedConfig({ clientId: 'c', ...(hostedLoginLink === undefined ? {} : { hostedLoginLink }) });
    expect(read().config.hostedLoginLink).toBe(false);
    expect(read('').config.hostedLoginLink).toBe(true);
    expect(read('true').config.hostedLoginLink).toBe(true);
    expect(read('false').config.hostedLoginLink).toBe(false);
    expect(read('').problems).toEqual([]);
  });

  it('takes text overrides as JSON and reports bad JSON', () => {
    expect(
      readEmbedConfig({ clientId: 'c', strings: '{"checkout":"Pay now","nope":1}' }).config.strings,
    ).toEqual({ checkout: 'Pay now' });
    const { config, problems } = readEmbedConfig({ clientId: 'c', strings: '{checkout' });
    expect(config.strings).toEqual({});
    expect(problems.map((p) => p.attribute)).toEqual(['data-strings']);
  });

  it('reports each unusable attribute and keeps going with a default', () => {
    const { config, problems } = readEmbedConfig({
      apiBase: 'javascript:alert(1)',
      currency: 'dollars',
      theme: 'neon',
      openCartOnAdd: 'nope',
      cartApi: 'v3',
    });
    // Each said as the console says it, after the attribute's name.
    expect(problems.map((p) => [p.attribute, said(p)])).toEqual([
      ['data-client-id', 'is missing: add data-client-id="<your OAuth client id>" to the script tag'],
      ['data-api-base', `"javascript:alert(1)" is not an http(s) URL; using ${DEFAULT_API_BASE}`],
      ['data-currency', '"dollars" is not an ISO 4217 code such as USD; using USD'],
      ['data-theme', '"neon" is not light, dark or auto; using auto'],
      ['data-open-cart-on-add', '"nope" is not true, false or toast; using true'],
      ['data-cart-api', '"v3" is not v1 or v2; using v1'],
    ]);
    expect(said(readEmbedConfig({ clientId: 'c', strings: '[]' }).problems[0])).toBe(
      'must be JSON such as {"checkout":"Pay now"}; using the built-in texts',
    );
    expect(config.cartApi).toBe('v1');
    expect(config.openCartOnAdd).toBe(true);
    expect(readEmbedConfig({ clientId: 'c', openCartOnAdd: ' FALSE ' }).config.openCartOnAdd).toBe(false);
    expect(config.apiBase).toBe(DEFAULT_API_BASE);
    expect(config.currency).toBe('USD');
    expect(config.theme).toBe('auto');
  });

  it('takes data-open-cart-on-add="toast": no drawer on an add, a notice instead', () => {
    const { config, problems } = readEmbedConfig({ clientId: 'c', openCartOnAdd: ' Toast ' });
    expect(problems).toEqual([]);
    expect(config.openCartOnAdd).toBe(false);
    expect(config.toastOnAdd).toBe(true);
  });
});

describe('marketingOf (the drawer’s marketing parts, read when the drawer first opens)', () => {
  it('reads the free-shipping amount, the cross-sell’s collection and the note', () => {
    expect(marketingOf({ freeShippingOver: ' 49.90 ', crossSell: 'summer', cartNote: '' })).toEqual({
      freeShippingOver: 49.9,
      crossSell: 'summer',
      cartNote: true,
    });
    expect(marketingOf({ cartNote: 'false' })).toEqual({});
    expect(marketingOf({})).toEqual({});
  });

  it('says once on the console what it cannot use, and shows no such part', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const data = { freeShippingOver: '0', crossSell: 'a b', cartNote: 'yes' };
    expect(marketingOf(data)).toEqual({});
    expect(marketingOf(data)).toEqual({});
    expect(error.mock.calls.map((call) => call[0])).toEqual([
      '[storefront] data-free-shipping-over "0" is not a positive amount such as 50: no free-shipping bar',
      '[storefront] data-cross-sell "a b" is not a collection\'s slug such as summer: no cross-sell',
      '[storefront] data-cart-note "yes" is not true or false: no note',
    ]);
    error.mockRestore();
  });
});
