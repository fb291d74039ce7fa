/**
 * `npm run size`: the gzip size of every file the browser may download from dist/, and of the budgets:
 * - embed.js alone;
 * - what a page loads before any widget opens (embed.js, loader.js with the member badge shown on the page,
 *   and their static imports): a visitor's sign-in button; and on a page with an add button, what the browser's
 *   first idle moment fetches besides (the drawer's code and the add's: a figure, with no budget);
 * - the same for a member, whose badge shows her button with the badge's member part (`chunks/member-*.js`,
 *   a figure, with no budget);
 * - a page with the cart drawer opened: that, the views' chunk (`chunks/widgets-*.js`) with its static imports
 *   and one language's texts pack, but not the member menu's chunk;
 * - a page with a product grid, before any cart opens: what the page loads first, the products' chunk
 *   (`chunks/products-*.js`) with its static imports (Preact's `runtime-*.js`), and one language's products
 *   texts (`chunks/products.<lang>-*.js`), but neither the drawer's views nor the member menu;
 * - every cart and member widget opened, the member menu (`chunks/menu-*.js`, floating-ui) included, one
 *   language's texts (the views', the member part's and the menu's): what those chunks import (a page without products: the product chunks are left out, and
 *   so are chunks no widget loads, such as the return from the hosted login page, `redirect-back-*.js`, and
 *   chunks an action loads when it is first used: the sign-in code, `sign-in-flows-*.js`, on the login form's
 *   first keystroke, and the member's own calls, `member-actions-*.js`, on the menu's first action);
 * - the same with a member signed in through the modal and the menu's actions used (a figure, with no budget);
 * - everything: a product page (`product-page-*.js` too) with every widget opened, one language (a figure, with
 *   no budget of its own).
 * Each page is measured twice, on the build embed.js loads for it: on the platform's v1 cart (the default,
 * `loader.js` and `chunks/`) and on Cart V2 (`data-cart-api="v2"`: `v2/loader.js` and `v2/chunks/`). Each build
 * holds its own cart service and keeps the other's in lazy chunks (`chunks/cart-v2-read-*.js` and
 * `chunks/cart-v2-*.js` in v1's, `v2/chunks/cart-v1-*.js` in V2's), which none of its pages may download.
 * Each page loads its own language's packs (`LANGUAGES`, nine): it is shown in English and in the language whose
 * packs weigh most on it (a language pack, with the badge's texts, on every page but an English one), and its
 * budget is checked against that largest language. Exits 1 when a budget is exceeded, a chunk is missing, or a
 * language's pack brings another chunk along. Run `npm run build` first. `--json` prints, instead of the table,
 * every language's files of the page with every widget used (with the budget) as JSON, which
 * test/e2e/cdn.e2e.ts checks against what Chromium downloads on that journey.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, posix, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { staticImportSpecs } from './cdn-integrity';

const dist = resolve(import.meta.dirname, '../dist/cdn');
if (!existsSync(join(dist, 'embed.js')) || !existsSync(join(dist, 'v2/chunks'))) {
  console.error('dist/cdn/embed.js or dist/cdn/v2/ is missing: run `npm run build` first.');
  process.exit(1);
}

/**
 * The budgets, gzip bytes. `all` is the page with every widget used (issue 34: 56 KB in every language, on both
 * cart services), where the browser places the member menu itself (CSS anchor positioning: Chrome 125, Safari 26,
 * Firefox 147; an older browser downloads floating-ui's placement too, a figure). The first page's went from 15
 * to 15.25 KB with issue 34 (the errors' brand, no idle prefetch on saved data, the line naming a page origin
 * the shop refuses). Raised again after issues 36 and 37 landed together (awaiting a product decision, and bytes
 * to win back: docs/budgets.md, "Issues 36 and 37"): the first page 15.25 → 15.5 KB (the analytics hook, the
 * links' check, consent, the badge's height from the page, the modal's and the notice's settings), the drawer's
 * page 42 → 45.5 KB (sale lines, disclosures, the coupon's refusals by code, the note's save, the way to the
 * marketing parts), the grid's 36 → 37 KB (two columns, sold out, the product page's bar, the notice's way),
 * every widget used 56 → 59 KB. The first page's bytes won back since (the console's words for an unusable
 * attribute, the calls' path segments and base64url out of the loader: 15.12 KB on both services), its budget
 * is 15.25 KB again. Then the first add made ready ahead (V8's compile hints, the drawer's fonts laid out while
 * the page is idle: 205 → 86–105 ms from the click at 4× CPU; docs/budgets.md, "The first add's drawer, ready
 * ahead"): the drawer's page 45.5 → 46 KB, every widget used 59 → 59.5 KB, the grid's 37 → 37.5 KB.
 */
const BUDGETS = {
  embed: 1024,
  initial: 15.25 * 1024,
  drawer: 46 * 1024,
  grid: 37.5 * 1024,
  all: 59.5 * 1024,
};
const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} KB`;
const gzip = (path: string) => gzipSync(readFileSync(path), { level: 9 }).length;
const embed = { raw: readFileSync(join(dist, 'embed.js')).length, gzip: gzip(join(dist, 'embed.js')) };
let failed = false;
const fail = (message: string) => {
  console.error(message);
  failed = true;
};

/**
 * Language packs: the views' (`chunks/texts.en-….js`), the product elements' (`chunks/products.en-….js`)
 * and, for every language but English, its language pack (`chunks/lang.de-….js`: the member badge shell's
 * texts, and the way to the language's other packs), which a page in that language downloads as its badge
 * mounts, and the badge's member part's texts (`chunks/member.de-….js`), with that part; and the member menu's
 * (`chunks/menu.en-….js`, English's too), with the menu. A page loads only its own language's packs of each kind
 * it needs.
 */
const LANGUAGES = ['en', 'de', 'fr', 'es', 'it', 'nl', 'pt', 'ja', 'ar'];
type PackKind = 'lang' | 'texts' | 'products' | 'member' | 'menu';
const isPack = (file: string, lang: string, kind = '(?:lang|texts|products|member|menu)') =>
  new RegExp(`^chunks/${kind}\\.${lang}-[\\w-]+\\.js$`).test(file);
const isAnyPack = (file: string) => LANGUAGES.some((lang) => isPack(file, lang));
/** The packs of a page with every widget used: the views', the badge's member part's and the menu's. */
const USED_PACKS: PackKind[] = ['texts', 'member', 'menu'];

type Size = { raw: number; gzip: number };
/** A row of the table: the page, its gzip bytes, its budget (none: a figure). */
type Row = [string, number, number | null];

/**
 * One app build: `loader-<hash>.js` and `chunks/` in `folder` (relative to dist/cdn/), with embed.js before it.
 * Its files are named relative to the folder (embed.js as `embed.js`), as its modules import one another. A page
 * whose tag pins embed.js with `integrity` (as README's does) also downloads the build's manifest of hashes
 * (`chunks/integrity-*.js`) before the first chunk that is not a language's, and the second manifest
 * (`chunks/integrity-more-*.js`) before code few pages load (the sign-in flows, the member's own calls…):
 * counted on every page that loads one.
 */
interface Build {
  folder: string;
  label: string;
  base: string;
  loader: string;
  /** The loader, then the chunks in name order. */
  files: string[];
  sizes: Map<string, Size>;
}

/** Reads the build in `folder` and prints its files' sizes; exits when it has no loader. */
function readBuild(folder: string, label: string): Build {
  const base = join(dist, folder);
  const loader = readdirSync(base).find((file) => /^loader-[\w-]+\.js$/.test(file));
  if (!loader) {
    console.error(`dist/cdn/${folder} has no loader-<hash>.js: run \`npm run build\` first.`);
    process.exit(1);
  }
  const files = [
    loader,
    ...readdirSync(join(base, 'chunks'))
      .filter((file) => file.endsWith('.js'))
      .map((file) => `chunks/${file}`)
      .sort(),
  ];
  const sizes = new Map([
    ['embed.js', embed],
    ...files.map((file): [string, Size] => [
      file,
      { raw: readFileSync(join(base, file)).length, gzip: gzip(join(base, file)) },
    ]),
  ]);
  console.log(`${label}: dist/cdn/${folder}`.padEnd(56), 'raw'.padStart(10), 'gzip'.padStart(10));
  for (const file of files) {
    const size = sizes.get(file) as Size;
    console.log(
      `  ${folder}${file}`.padEnd(56),
      String(size.raw).padStart(10),
      String(size.gzip).padStart(10),
    );
  }
  return { folder, label, base, loader, files, sizes };
}

/** Static imports of an ES module (`import … from "./x.js"`, `import "./x.js"`, `export … from`). */
const staticImports = (build: Build, file: string): string[] =>
  // (embed.js, a classic script, adds the loader's script tag.)
  file === 'embed.js'
    ? []
    : staticImportSpecs(readFileSync(join(build.base, file), 'utf8')).map((spec) =>
        posix.normalize(posix.join(posix.dirname(file), spec)),
      );

/** `entries` and every file of the build they import, statically, near and far. */
function closure(build: Build, entries: string[]): string[] {
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length) {
    const file = queue.pop() as string;
    if (seen.has(file) || !build.sizes.has(file)) continue;
    seen.add(file);
    queue.push(...staticImports(build, file));
  }
  return [...seen];
}

/** The one chunk whose name starts so (`chunks/widgets-`, `chunks/menu-`); exits when there is none. */
function chunk(build: Build, prefix: string, also: (file: string) => boolean = () => true): string {
  const found = build.files.filter((file) => file.startsWith(prefix) && also(file));
  if (found.length !== 1) {
    console.error(
      `Expected one ${prefix}* in dist/cdn/${build.folder}, found: ${found.join(', ') || 'none'}`,
    );
    process.exit(1);
  }
  return found[0] as string;
}

/** The chunks the pages are made of, and those of the other cart service (`otherService`). */
function chunksOf(build: Build, otherService: RegExp) {
  const one = (prefix: string, also?: (file: string) => boolean) => chunk(build, prefix, also);
  const chunks = {
    manifest: one('chunks/integrity-', (file) => !file.startsWith('chunks/integrity-more-')),
    moreManifest: one('chunks/integrity-more-'),
    views: one('chunks/widgets-'),
    menu: one('chunks/menu-', (file) => !file.startsWith('chunks/menu-place-')),
    // floating-ui's placement of the menu, for a browser without CSS anchor positioning (Chrome 125, Safari 26,
    // Firefox 147 have it).
    menuPlace: one('chunks/menu-place-'),
    products: one('chunks/products-'),
    productPage: one('chunks/product-page-'),
    // The drawer's marketing parts (the free-shipping bar, the cross-sell, the note), with the catalogue's reads.
    marketing: one('chunks/marketing-'),
    // The badge's member part (not `member-actions-*.js`, the menu's calls).
    memberPart: one('chunks/member-', (file) => !file.startsWith('chunks/member-actions-')),
    other: build.files.filter((file) => otherService.test(file)),
  };
  if (!chunks.other.length)
    fail(`dist/cdn/${build.folder} has no chunk of the other cart service (${otherService})`);
  return chunks;
}
type Chunks = ReturnType<typeof chunksOf>;

/**
 * The manifest a lazy chunk's hash is in, beyond the first (which the pages measured have already): the second
 * (`integrity-more-*.js`) when it names the chunk, else none.
 */
function manifestOf(build: Build, c: Chunks, file: string): string[] {
  const more = readFileSync(join(dist, build.folder, c.moreManifest), 'utf8');
  return more.includes(`"${posix.basename(file)}"`) ? [c.moreManifest] : [];
}

/** The files of each page measured (before its language's packs). */
function pagesOf(build: Build, c: Chunks) {
  const { loader } = build;
  const of = (entries: string[]) => closure(build, entries);
  // The member badge shows as soon as the page loads (it is not "opened"), so its code counts here: a
  // visitor's sign-in button, or a member's button with the badge's member part.
  const initial = of(['embed.js', loader]);
  const memberFirst = of(['embed.js', loader, c.manifest, c.memberPart]);
  const drawer = of(['embed.js', loader, c.manifest, c.views]);
  // The same with every marketing part on (issue 37): their chunk (with the catalogue's reads, for the
  // cross-sell), and the second manifest if it is the one with their hash.
  const drawerMarketing = of([...drawer, ...manifestOf(build, c, c.marketing), c.marketing]);
  // A page with an add button before any interaction: what the browser fetches when it is first idle, the
  // drawer's code and the add's (not for a visitor who asked to save data, or on 2G: src/host.ts).
  const idle = of(['embed.js', loader, c.manifest, c.views, chunk(build, 'chunks/host-add-to-cart-')]);
  const grid = of(['embed.js', loader, c.manifest, c.products]);
  const every = of(['embed.js', loader, c.manifest, c.memberPart, c.views, c.menu]);
  // Every widget used, as a shopper uses them on a page with an add-to-cart button: an add (the page's button's
  // code, the drawer opening), a sign-in through the modal (the sign-in code at the first keystroke; the turns
  // of the session that follow it come with the badge's member part) and the member's menu opened. What a page really downloads then
  // (test/e2e/cdn.e2e.ts follows this journey in Chromium and checks it is this list).
  const used = of([
    ...every,
    chunk(build, 'chunks/host-add-to-cart-'),
    chunk(build, 'chunks/sign-in-flows-'),
  ]);
  // The same in a browser without CSS anchor positioning: floating-ui places the menu.
  const usedOlder = of([...used, c.menuPlace]);
  // What a member who also uses the menu's actions adds: the member's own calls, loaded by the menu's first action.
  const member = of([...used, c.moreManifest, chunk(build, 'chunks/member-actions-')]);
  // Every file of the build but the other service and the language packs (each row adds its own language's).
  const everything = [
    'embed.js',
    ...build.files.filter((file) => !c.other.includes(file) && !isAnyPack(file)),
  ];
  return {
    initial,
    memberFirst,
    drawer,
    drawerMarketing,
    idle,
    grid,
    every,
    used,
    usedOlder,
    member,
    everything,
  };
}
type Pages = ReturnType<typeof pagesOf>;

/** Chunks a page must not download before it wants them, by page; no page downloads the other service. */
function checkLazyChunks(build: Build, c: Chunks, p: Pages): void {
  const notBefore: Array<[string, string[], string[]]> = [
    [
      'before any widget opens',
      p.initial,
      [c.memberPart, c.menu, c.views, c.products, c.marketing, ...c.other],
    ],
    ['a member’s first page', p.memberFirst, [c.menu, c.views, c.products, ...c.other]],
    ['the drawer', p.drawer, [c.menu, c.products, c.marketing, ...c.other]],
    ['the drawer with every marketing part on', p.drawerMarketing, [c.menu, c.products, ...c.other]],
    ['a page with a product grid', p.grid, [c.menu, c.views, c.productPage, ...c.other]],
    ['every cart and member widget', p.every, c.other],
  ];
  for (const [page, set, chunks] of notBefore) {
    for (const wanted of chunks.filter((file) => set.includes(file))) {
      fail(`${build.label}, ${page} would download ${wanted}: it must load only when wanted.`);
    }
  }
}

const packsOf = (build: Build, lang: string, kind: PackKind) =>
  build.files.filter((file) => isPack(file, lang, kind));

/** One pack of each kind a language, and no pack that brings another chunk with it. */
function checkPacks(build: Build): void {
  const { folder, files, loader } = build;
  for (const lang of LANGUAGES) {
    // One pack of each kind a language (English has no language pack: its badge's texts are the code's).
    for (const kind of [
      'texts',
      'products',
      'menu',
      ...(lang === 'en' ? [] : ['lang', 'member']),
    ] as PackKind[]) {
      if (packsOf(build, lang, kind).length !== 1)
        fail(`dist/cdn/${folder} has no single ${kind} pack for "${lang}"`);
    }
    // A pack brings no other chunk with it (but the loader, which every page has): a page in one language
    // downloads nothing of another's.
    for (const pack of files.filter((file) => isPack(file, lang))) {
      const brought = staticImports(build, pack).filter((file) => file !== loader);
      if (brought.length) fail(`dist/cdn/${folder}${pack} imports ${brought.join(', ')}`);
    }
  }
}

/** A page's files in a language: `list` and the language's packs of `packs` kinds. */
function withPacks(build: Build, list: string[], lang: string, packs: PackKind[]): string[] {
  // (A language's packs but English's come through its language pack, `lang.<lang>-*.js`, the way to them.)
  const kinds: PackKind[] = packs.length ? [...packs, 'lang'] : [];
  return [...list, ...kinds.flatMap((kind) => packsOf(build, lang, kind))];
}

/**
 * A page in each language: its files and its language's packs of `packs` kinds, with the language pack (the
 * badge's texts) on every page in a language but English. Two rows: English, and the largest language, which
 * the budget is checked against.
 */
function perLanguage(
  build: Build,
  page: string,
  list: string[],
  budget: number | null,
  packs: PackKind[],
): Row[] {
  const pages = LANGUAGES.map((lang) => {
    const all = withPacks(build, list, lang, packs);
    return { lang, all, total: all.reduce((sum, file) => sum + (build.sizes.get(file)?.gzip ?? 0), 0) };
  });
  const largest = pages.reduce((a, b) => (b.total > a.total ? b : a));
  const english = pages[0] as (typeof pages)[number];
  return (largest === english ? [english] : [english, largest]).map(({ lang, all, total }) => {
    const which = lang === 'en' ? `"en"` : `"${lang}", the largest language`;
    return [`${build.label}, ${page}, ${which} (${all.join(', ')})`, total, budget];
  });
}

/** The rows of the table for the build's pages. */
function rowsOf(build: Build, p: Pages): Row[] {
  const row = (page: string, list: string[], budget: number | null, packs: PackKind[]) =>
    perLanguage(build, page, list, budget, packs);
  return [
    ...row('before any widget opens, badge shown', p.initial, BUDGETS.initial, []),
    ...row('before any interaction, a page with an add button (the idle prefetch)', p.idle, null, ['texts']),
    ...row('the same for a member, her badge shown', p.memberFirst, null, ['member']),
    ...row('a page with the cart drawer opened', p.drawer, BUDGETS.drawer, ['texts']),
    ...row('the drawer with every marketing part on', p.drawerMarketing, null, ['texts']),
    ...row('a page with a product grid, before any cart opens', p.grid, BUDGETS.grid, ['products']),
    ...row('every cart and member widget opened, member menu included', p.every, null, [
      'texts',
      'member',
      'menu',
    ]),
    ...row(
      'every widget used: an add, the drawer, a sign-in with the modal, the menu',
      p.used,
      BUDGETS.all,
      USED_PACKS,
    ),
    ...row('every widget used, in a browser without CSS anchor positioning', p.usedOlder, null, [
      'texts',
      'member',
      'menu',
    ]),
    ...row('every widget used, and the menu’s actions', p.member, null, ['texts', 'member', 'menu']),
    ...row('everything: a product page with every widget opened', p.everything, null, [
      'texts',
      'products',
      'member',
      'menu',
    ]),
  ];
}

/** One app build measured (`Build`): its files printed, its pages checked, the rows of its pages returned. */
function measure(folder: string, label: string, otherService: RegExp): Row[] {
  const build = readBuild(folder, label);
  const chunks = chunksOf(build, otherService);
  const pages = pagesOf(build, chunks);
  checkLazyChunks(build, chunks, pages);
  checkPacks(build);
  // Every language's list of the page with every widget used, for test/e2e/cdn.e2e.ts (`--json`).
  for (const lang of LANGUAGES) {
    usedPages.push({
      service: folder ? 'v2' : 'v1',
      lang,
      files: withPacks(build, pages.used, lang, USED_PACKS).map((f) => (f === 'embed.js' ? f : folder + f)),
    });
  }
  return rowsOf(build, pages);
}

/** The page with every widget used, by service and language: its files under dist/cdn/ (`--json` prints them). */
const usedPages: Array<{ service: 'v1' | 'v2'; lang: string; files: string[] }> = [];
const json = process.argv.includes('--json');
if (json) console.log = () => {};
const v1 = measure('', 'on v1', /^chunks\/cart-v2(-read)?-[\w-]+\.js$/);
console.log('');
const v2 = measure('v2/', 'on Cart V2', /^chunks\/cart-v1-[\w-]+\.js$/);
console.log('');
const rows: Row[] = [['embed.js', embed.gzip, BUDGETS.embed], ...v1, ...v2];
for (const [label, bytes, budget] of rows) {
  const ok = budget === null || bytes <= budget;
  if (!ok) failed = true;
  const limit = budget === null ? 'no budget' : `budget ${kb(budget)}`;
  const mark = budget === null ? '    ' : ok ? 'ok  ' : 'OVER';
  console.log(`${mark} ${label}: ${bytes} B gzip (${kb(bytes)}), ${limit}`);
}
if (json)
  process.stdout.write(`${JSON.stringify({ usedPages, budgets: { v1: BUDGETS.all, v2: BUDGETS.all } })}\n`);
if (failed) process.exit(1);
