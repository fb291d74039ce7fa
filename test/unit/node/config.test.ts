import { describe, expect, it } from 'vitest';
import { DEFAULT_API_BASE, readEmbedConfig } from '../../../src/config';

describe('readEmbedConfig', () => {
  it('reads every data attribute of the script tag', () => {
    const { config, problems } = readEmbedConfig({
      clientId: ' demo-client ',
      apiBase: 'http://127.0.0.1:4100/',
      lang: 'FR',
      currency: 'eur',
      theme: 'Dark',
    });
    expect(problems).toEqual([]);
    expect(config).toEqual({
      clientId: 'demo-client',
      apiBase: 'http://127.0.0.1:4100',
      lang: 'fr',
      currency: 'EUR',
      theme: 'dark',
      strings: {},
      openCartOnAdd: true,
    });
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
    });
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
    });
    expect(problems.map((p) => p.attribute)).toEqual([
      'data-client-id',
      'data-api-base',
      'data-currency',
      'data-theme',
      'data-open-cart-on-add',
    ]);
    expect(config.openCartOnAdd).toBe(true);
    expect(problems.at(-1)?.message).toBe('"nope" is not true or false; using true');
    expect(readEmbedConfig({ clientId: 'c', openCartOnAdd: ' FALSE ' }).config.openCartOnAdd).toBe(false);
    expect(problems[0]?.message).toContain('data-client-id="<your OAuth client id>"');
    expect(config.apiBase).toBe(DEFAULT_API_BASE);
    expect(config.currency).toBe('USD');
    expect(config.theme).toBe('auto');
  });
});
