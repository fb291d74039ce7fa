/**
 * The loader embed.js imports, beside embed.js itself: `v2/loader.js`, the build made for Cart V2 pages, when
 * the script tag says `data-cart-api="v2"` (read as the loader reads it: spaces and case aside); `loader.js`
 * otherwise. Either build runs either cart service: the choice only decides which service's code comes with
 * the first page and the views, and which loads lazily when asked for.
 */
export function loaderUrlOf(script: { src: string; dataset: DOMStringMap }): string {
  const v2 = script.dataset.cartApi?.trim().toLowerCase() === 'v2';
  return new URL(v2 ? 'v2/loader.js' : 'loader.js', script.src).href;
}
