import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { pageColorScheme, readEmbedConfig } from '../../../src/config';
import { boot } from '../../../src/loader';
import { CHUNK_TIMEOUT_MS, importChunks } from '../../helpers/widget';

// What the code loads on first use (`import()`), here once: the tests wait for it, not for vitest loading it.
beforeAll(() => importChunks('drawer', 'textsEn'), CHUNK_TIMEOUT_MS);

afterEach(() => {
  document.documentElement.removeAttribute('style');
  document.body.removeAttribute('style');
  for (const meta of document.querySelectorAll('meta[name="color-scheme"]')) meta.remove();
});

function meta(content: string) {
  const el = document.createElement('meta');
  el.name = 'color-scheme';
  el.content = content;
  document.head.append(el);
}

describe('the page’s own colour scheme', () => {
  it('is the root element’s color-scheme when it allows only one', () => {
    for (const [declared, scheme] of [
      ['light', 'light'],
      ['only light', 'light'],
      ['dark', 'dark'],
      ['dark only', 'dark'],
      ['light dark', undefined],
      ['dark light', undefined],
      // (Nothing declared: the background says, the light canvas here.)
      ['normal', 'light'],
    ] as const) {
      document.documentElement.style.colorScheme = declared;
      expect(pageColorScheme(document), declared).toBe(scheme);
    }
  });

  it('then its <meta name="color-scheme">, which the root element’s own declaration overrides', () => {
    meta('light');
    expect(pageColorScheme(document)).toBe('light');
    document.documentElement.style.colorScheme = 'dark';
    expect(pageColorScheme(document)).toBe('dark');
    document.documentElement.removeAttribute('style');
    (document.querySelector('meta[name="color-scheme"]') as HTMLMetaElement).content = 'light dark';
    expect(pageColorScheme(document)).toBe(undefined);
  });

  it('is its background’s when the page declares none: the body’s, else the root’s, else the light canvas', () => {
    expect(pageColorScheme(document)).toBe('light');
    document.body.style.backgroundColor = 'rgb(18, 18, 20)';
    expect(pageColorScheme(document)).toBe('dark');
    document.body.style.backgroundColor = 'rgba(18, 18, 20, 0)';
    document.documentElement.style.backgroundColor = 'rgb(32, 33, 36)';
    expect(pageColorScheme(document)).toBe('dark');
    document.documentElement.style.backgroundColor = 'rgb(250, 248, 245)';
    expect(pageColorScheme(document)).toBe('light');
    // A mid grey is light enough for the light widgets (the line is about L* 50: sRGB 118).
    document.documentElement.style.backgroundColor = 'rgb(128, 128, 128)';
    expect(pageColorScheme(document)).toBe('light');
    document.documentElement.style.backgroundColor = 'rgb(100, 100, 100)';
    expect(pageColorScheme(document)).toBe('dark');
  });

  it('is nothing (the visitor’s system) when the page allows both, whatever its background', () => {
    meta('light dark');
    document.body.style.backgroundColor = 'rgb(18, 18, 20)';
    expect(pageColorScheme(document)).toBe(undefined);
  });
});

describe('data-theme="auto"', () => {
  it('takes the page’s scheme; a site’s light or dark choice stays as it is', () => {
    const theme = (value: string | undefined, page?: 'light' | 'dark') =>
      readEmbedConfig({ clientId: 'c', ...(value ? { theme: value } : {}) }, 'en', page).config.theme;
    expect(theme('auto', 'light')).toBe('light');
    expect(theme(undefined, 'dark')).toBe('dark');
    expect(theme('auto')).toBe('auto');
    expect(theme('dark', 'light')).toBe('dark');
    expect(theme('light', 'dark')).toBe('light');
  });

  it('themes the widgets of a light-only page light (the loader reads the page)', async () => {
    meta('only light');
    const script = document.createElement('script');
    script.dataset.clientId = 'demo-client';
    script.dataset.apiBase = 'http://127.0.0.1:4100';
    const badge = document.createElement('sf-member-badge');
    document.body.append(badge);
    const { config, store } = boot({ script, fetch: async () => Response.json({}, { status: 404 }) });
    expect(config.theme).toBe('light');
    await vi.waitFor(() => expect(badge.getAttribute('data-theme')).toBe('light'));
    store.getState().openCart();
    await vi.waitFor(() =>
      expect(document.querySelector('sf-cart-drawer')?.getAttribute('data-theme')).toBe('light'),
    );
  });
});
