/**
 * The loader embed.js loads, beside embed.js itself: the build made for Cart V2 pages (`v2/loader-<hash>.js`)
 * when the script tag says `data-cart-api="v2"` (read as the loader reads it: spaces and case aside), the v1
 * build's (`loader-<hash>.js`) otherwise. Either build runs either cart service: the choice only decides which
 * service's code comes with the first page and the views, and which loads lazily when asked for.
 */

/** A loader's file, relative to embed.js, and its hash (`sha256-…`) for the module script's `integrity`. */
export type LoaderFile = [file: string, integrity?: string];

/** The two builds' loaders, v1's then V2's, which the build gives embed.js once it has sealed them (scripts/build.ts). */
export type Loaders = [v1: LoaderFile, v2: LoaderFile];

declare const __SF_LOADERS__: Loaders | undefined;

/** The built files (in the sources and their tests: the unhashed names, without a hash). */
const BUILT: Loaders =
  typeof __SF_LOADERS__ === 'object' ? __SF_LOADERS__ : [['loader.js'], ['v2/loader.js']];

/** The loader for a page's script tag: its absolute URL and hash. */
export function loaderOf(
  script: { src: string; dataset: DOMStringMap },
  loaders: Loaders = BUILT,
): [url: string, integrity?: string] {
  const [file, integrity] = loaders[script.dataset.cartApi?.trim().toLowerCase() === 'v2' ? 1 : 0];
  return [new URL(file, script.src).href, integrity];
}
