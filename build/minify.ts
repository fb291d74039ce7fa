/**
 * How the app build's code is made small (vite.config.ts, modes `app` and `app-v2`): Rolldown's minifier, then
 * Terser; which comments stay; and the compile hint on the chunks run as soon as they load.
 */
import type { UserConfig } from 'vite';

/**
 * After the built-in minifier, Terser with three passes: 0.27 KB gzip less over every widget (0.11 KB in
 * loader.js). Only its safe transforms (no unsafe_arrows: Preact's constructors must stay functions).
 */
export const TERSER = {
  minify: 'terser',
  terserOptions: {
    module: true,
    ecma: 2020,
    compress: { passes: 3, hoist_funs: true },
    format: { comments: /^!|@license|@preserve/ },
  },
} satisfies UserConfig['build'];

/**
 * The chunks whose every function Chromium compiles as it loads them (V8's compile hints magic comment,
 * Chromium 136 and later; other engines read a comment), off the main thread while the chunk streams in,
 * instead of each on its first call:
 * - the member menu's, which loads at the pointer over the badge, or at the press that opens it, and all of it
 *   runs in that first open: compiled then, it made the open's first task 46–68 ms at 4× CPU slowdown;
 *   compiled before, 32–46 (issue 26);
 * - the views' (`widgets-*.js`) and what they run on (`runtime-*.js`), which a page with an add button fetches
 *   while idle: a new visitor's first add rendered the drawer with each function compiled on its first call, a
 *   task of 50–60 ms at 4×; compiled as they load, 24–27 ms, and the first add's click → drawer open went from
 *   205 to 162 ms (`npm run bench` part 5, medians of 5, load under 1), with the page's own script time and
 *   blocking time unchanged;
 * - the product elements' (`products-*.js`) and the catalogue's reads (`catalogue-*.js`), which a page with a
 *   grid or a product runs as they arrive, with `runtime-*.js`: on the demo's shop page at 4× (7 loads each,
 *   medians of two runs), script time 356–361 → 315–331 ms, total blocking time 175–190 → 138–165 ms, the grid's
 *   cards shown 847–870 → 712–727 ms after navigation. (Not the sign-in flows, the member's calls, the
 *   texts: code that runs later, in part, or not at all.)
 */
const EAGER_CHUNKS = new Set(['menu', 'widgets', 'runtime', 'products', 'catalogue']);

/** Rolldown's output options for the app's code: its minifier, the comments kept, the compile hint. */
export const MINIFIED_OUTPUT = {
  minify: true,
  // Licences stay; the `/* @__PURE__ */` marks the JSX transform leaves on every createElement call (and JSDoc)
  // go: they served the tree-shaking already done (0.35 KB gzip less with every widget open).
  comments: { legal: true, annotation: false, jsdoc: false },
  postBanner: (chunk: { name: string }) =>
    EAGER_CHUNKS.has(chunk.name) ? '//# allFunctionsCalledOnLoad' : '',
} as const;
