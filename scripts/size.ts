/**
 * `npm run size`: the gzip size of every file the browser may download from dist/, and of the budgets:
 * - embed.js alone;
 * - what a page loads before any widget opens (embed.js, loader.js with the member badge shown on the page,
 *   and their static imports);
 * - a page with the cart drawer opened: that, the views' chunk (`chunks/widgets-*.js`) with its static imports
 *   and one language's texts pack, but not the member menu's chunk;
 * - a page with a product grid, before any cart opens: what the page loads first, the products' chunk
 *   (`chunks/products-*.js`) with its static imports (Preact's `runtime-*.js`), and one language's products
 *   texts (`chunks/products.<lang>-*.js`), but neither the drawer's views nor the member menu;
 * - every cart and member widget opened, the member menu (`chunks/menu-*.js`, floating-ui) included, one
 *   language's texts: what those chunks import (a page without products: the product chunks are left out, and
 *   so are chunks no widget loads, such as the return from the hosted login page, `redirect-back-*.js`);
 * - everything: a product page (`product-page-*.js` too) with every widget opened, one language (a figure, with
 *   no budget of its own).
 * Each page is measured twice: on the platform's v1 cart (the default) and on Cart V2 (`data-cart-api="v2"`),
 * whose read (`chunks/cart-v2-read-*.js`) such a page downloads with its first cart read and whose changes
 * (`chunks/cart-v2-*.js`) with the first change (v1's service is in the views' chunk); no v1 page downloads
 * them.
 * The page figures are per language (each page loads its own packs). Exits 1 when a budget is exceeded or a
 * chunk is missing. Run `npm run build` first.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, posix, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = resolve(import.meta.dirname, '../dist');
if (!existsSync(join(dist, 'embed.js'))) {
  console.error('dist/embed.js is missing: run `npm run build` first.');
  process.exit(1);
}

const BUDGETS = { embed: 1024, initial: 15 * 1024, drawer: 40 * 1024, grid: 34 * 1024, all: 56 * 1024 };

const files = readdirSync(dist, { recursive: true, encoding: 'utf8' })
  .map((file) => file.split('\\').join('/'))
  // What the script tag's pages download: embed.js, loader.js and their chunks (not the API client, the
  // React entry, its types or the React demo app, which apps bundle themselves).
  .filter((file) => file.endsWith('.js') && (!file.includes('/') || file.startsWith('chunks/')))
  .sort();

const gzip = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const sizes = new Map(
  files.map((file) => [file, { raw: readFileSync(join(dist, file)).length, gzip: gzip(file) }]),
);

/** Static imports of an ES module (`import … from "./x.js"`, `import "./x.js"`, `export … from`). */
function staticImports(file: string): string[] {
  const code = readFileSync(join(dist, file), 'utf8');
  const found: string[] = [];
  const pattern = /(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{}\s,]+from\s*)?["'`](\.{1,2}\/[^"'`]+)["'`]/g;
  for (const match of code.matchAll(pattern)) {
    const spec = match[1];
    if (spec) found.push(posix.normalize(posix.join(posix.dirname(file), spec)));
  }
  return found;
}

function closure(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length) {
    const file = queue.pop() as string;
    if (seen.has(file) || !sizes.has(file)) continue;
    seen.add(file);
    queue.push(...staticImports(file));
  }
  return seen;
}

const total = (set: Iterable<string>) =>
  [...set].reduce((sum, file) => sum + (sizes.get(file)?.gzip ?? 0), 0);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} KB`;

console.log('file'.padEnd(48), 'raw'.padStart(10), 'gzip'.padStart(10));
for (const [file, size] of sizes) {
  console.log(file.padEnd(48), String(size.raw).padStart(10), String(size.gzip).padStart(10));
}

/**
 * Language packs: the views' (`chunks/texts.en-….js`) and the product elements' (`chunks/products.en-….js`); a
 * page loads only its own language's of each kind it needs.
 */
const LANGUAGES = ['en', 'de'];
const isPack = (file: string, lang: string, kind = '(?:texts|products)') =>
  new RegExp(`^chunks/${kind}\\.${lang}-[\\w-]+\\.js$`).test(file);
const packsOf = (lang: string, kind: 'texts' | 'products') =>
  [...sizes.keys()].filter((file) => isPack(file, lang, kind));
const code = [...sizes.keys()].filter((file) => !LANGUAGES.some((lang) => isPack(file, lang)));
/** The one chunk whose name starts so (`chunks/widgets-`, `chunks/menu-`); exits when there is none. */
function chunk(prefix: string): string {
  const found = [...sizes.keys()].filter((file) => file.startsWith(prefix));
  if (found.length !== 1) {
    console.error(`Expected one ${prefix}*.js in dist/, found: ${found.join(', ') || 'none'}`);
    process.exit(1);
  }
  return found[0] as string;
}
const views = chunk('chunks/widgets-');
const menu = chunk('chunks/menu-');
const products = chunk('chunks/products-');
const productPage = chunk('chunks/product-page-');
const cartV2Read = chunk('chunks/cart-v2-read-');
const cartV2 = [...sizes.keys()].filter((file) => /^chunks\/cart-v2-(?!read-)/.test(file))[0] as string;
// The member badge shows as soon as the page loads (it is not "opened"), so its code counts here.
const initial = closure(['embed.js', 'loader.js']);
const drawer = closure(['embed.js', 'loader.js', views]);
const grid = closure(['embed.js', 'loader.js', products]);
/** Chunks a page must not download before it wants them, by page. */
const notBefore: Array<[string, Set<string>, string[]]> = [
  ['before any widget opens', initial, [menu, views, products, cartV2Read, cartV2]],
  ['the drawer', drawer, [menu, products, cartV2Read, cartV2]],
  ['a page with a product grid', grid, [menu, views, productPage, cartV2Read, cartV2]],
];
for (const [label, set, chunks] of notBefore) {
  for (const wanted of chunks.filter((file) => set.has(file))) {
    console.error(`${label} would download ${wanted}: it must load only when wanted.`);
    process.exit(1);
  }
}
const cartAndMember = [...closure(['embed.js', 'loader.js', views, menu])];
for (const file of [cartV2Read, cartV2]) {
  if (cartAndMember.includes(file)) {
    console.error(
      `every widget would download ${file}: a cart service loads only on the pages that speak it.`,
    );
    process.exit(1);
  }
}
/** A page on Cart V2: its read (with the first cart read) and, once something changes, its changes. */
const onV2 = (files: Iterable<string>, changes: boolean) => [
  ...new Set([...files, ...closure(changes ? [cartV2Read, cartV2] : [cartV2Read])]),
];
const perLanguage = (label: string, files: (lang: string) => string[], budget: number | null) =>
  LANGUAGES.map((lang): [string, number, number | null] => {
    const page = files(lang);
    return [`${label}, "${lang}" (${page.join(', ')})`, total(page), budget];
  });
const v1Code = code.filter((file) => file !== cartV2 && file !== cartV2Read);
/**
 * A page's rows on v1 and then on Cart V2 (`changes`: whether the page changes the cart, so that V2's changes
 * download too), per language with that language's packs of a kind, or once when it loads none.
 */
function onBoth(
  label: string,
  files: Iterable<string>,
  budget: number | null,
  options: { changes: boolean; packs?: Array<'texts' | 'products'> },
): Array<[string, number, number | null]> {
  const versions: Array<[string, string[]]> = [
    [label, [...files]],
    [`on Cart V2, ${label}`, onV2(files, options.changes)],
  ];
  const { packs } = options;
  return versions.flatMap(
    ([name, page]): Array<[string, number, number | null]> =>
      packs
        ? perLanguage(name, (lang) => [...page, ...packs.flatMap((kind) => packsOf(lang, kind))], budget)
        : [[`${name} (${page.join(', ')})`, total(page), budget]],
  );
}
const rows: Array<[string, number, number | null]> = [
  ['embed.js', sizes.get('embed.js')?.gzip ?? 0, BUDGETS.embed],
  ...onBoth('before any widget opens, badge shown', initial, BUDGETS.initial, { changes: false }),
  ...onBoth('a page with the cart drawer opened', drawer, BUDGETS.drawer, {
    changes: true,
    packs: ['texts'],
  }),
  ...onBoth('a page with a product grid, before any cart opens', grid, BUDGETS.grid, {
    changes: false,
    packs: ['products'],
  }),
  ...onBoth('every cart and member widget opened, member menu included', cartAndMember, BUDGETS.all, {
    changes: true,
    packs: ['texts'],
  }),
  ...onBoth('everything: a product page with every widget opened', v1Code, null, {
    changes: true,
    packs: ['texts', 'products'],
  }),
];
console.log('');
let over = false;
/**
 * Two Cart V2 pages are measured against the same budgets but do not fail yet: the drawer's and every widget's
 * are over (issue 14 stays open until they fit). Every other page fails the run when over: all of v1's, and
 * V2's first page and grid page.
 */
const PENDING = /^on Cart V2, (a page with the cart drawer|every cart and member widget)/;
for (const [label, bytes, budget] of rows) {
  const ok = budget === null || bytes <= budget;
  const pending = !ok && PENDING.test(label);
  over ||= !ok && !pending;
  const limit = budget === null ? 'no budget' : `budget ${kb(budget)}`;
  const mark = budget === null ? '    ' : ok ? 'ok  ' : pending ? 'over' : 'OVER';
  const note = pending ? ` (${kb(bytes - (budget ?? 0))} over; not yet enforced, issue 14)` : '';
  console.log(`${mark} ${label}: ${bytes} B gzip (${kb(bytes)}), ${limit}${note}`);
}
if (over) process.exit(1);
