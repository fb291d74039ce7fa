import { describe, expect, it } from 'vitest';
import { type Loaders, loaderOf } from '../../../src/loader-url';

const tag = (cartApi?: string) => ({
  src: 'https://cdn.example.com/storefront/1.2.0/embed.js?v=3',
  dataset: cartApi === undefined ? {} : { cartApi },
});

const built: Loaders = [
  ['loader-AbC123.js', 'sha256-one'],
  ['v2/loader-dEf456.js', 'sha256-two'],
];
const loaderUrlOf = (script: ReturnType<typeof tag>) => loaderOf(script)[0];

describe('the loader embed.js imports', () => {
  it('is the built file, with its hash, once the build has named them', () => {
    expect(loaderOf(tag('v2'), built)).toEqual([
      'https://cdn.example.com/storefront/1.2.0/v2/loader-dEf456.js',
      'sha256-two',
    ]);
    expect(loaderOf(tag(), built)).toEqual([
      'https://cdn.example.com/storefront/1.2.0/loader-AbC123.js',
      'sha256-one',
    ]);
  });

  it('is the V2 build beside embed.js for a Cart V2 page, however the attribute is spelt', () => {
    for (const value of ['v2', ' V2 ', 'V2'])
      expect(loaderUrlOf(tag(value))).toBe('https://cdn.example.com/storefront/1.2.0/v2/loader.js');
  });

  it('is the v1 build for v1, no attribute, and values the loader refuses (which fall back to v1)', () => {
    for (const value of [undefined, 'v1', '', 'v3', 'v2x'])
      expect(loaderUrlOf(tag(value))).toBe('https://cdn.example.com/storefront/1.2.0/loader.js');
  });
});
