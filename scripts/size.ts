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
 * the shop refuses).
 */
const BUDGETS = { embed: 1024, initial: 15.25 * 1024, drawer: 42 * 1024, grid: 36 * 1024, all: 56 * 1024 };
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

/**
 * One app build: `loader-<hash>.js` and `chunks/` in `folder` (relative to dist/cdn/), with embed.js before it.
 * Its files are named relative to the folder (embed.js as `embed.js`), as its modules import one another. A page
 * whose tag pins embed.js with `integrity` (as README's does) also downloads the build's manifest of hashes
 * (`chunks/integrity-*.js`) before the first chunk that is not a language's, and the second manifest
 * (`chunks/integrity-more-*.js`) before code few pages load (the sign-in flows, the member's own calls…):
 * counted on every page that loads one.
 */
function measure(folder: string, label: string, otherService: RegExp) {
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
    ...files.map((file): [string, { raw: number; gzip: number }] => [
      file,
      { raw: readFileSync(join(base, file)).length, gzip: gzip(join(base, file)) },
    ]),
  ]);
  console.log(`${label}: dist/cdn/${folder}`.padEnd(56), 'raw'.padStart(10), 'gzip'.padStart(10));
  for (const file of files) {
    const size = sizes.get(file) as { raw: number; gzip: number };
    console.log(
      `  ${folder}${file}`.padEnd(56),
      String(size.raw).padStart(10),
      String(size.gzip).padStart(10),
    );
  }

  /** Static imports of an ES module (`import … from "./x.js"`, `import "./x.js"`, `export … from`). */
  const staticImports = (file: string): string[] =>
    // (embed.js, a classic script, adds the loader's script tag.)
    file === 'embed.js'
      ? []
      : staticImportSpecs(readFileSync(join(base, file), 'utf8')).map((spec) =>
          posix.normalize(posix.join(posix.dirname(file), spec)),
        );
  const closure = (entries: string[]): string[] => {
    const seen = new Set<string>();
    const queue = [...entries];
    while (queue.length) {
      const file = queue.pop() as string;
      if (seen.has(file) || !sizes.has(file)) continue;
      seen.add(file);
      queue.push(...staticImports(file));
    }
    return [...seen];
  };
  /** The one chunk whose name starts so (`chunks/widgets-`, `chunks/menu-`); exits when there is none. */
  const chunk = (prefix: string, also: (file: string) => boolean = () => true): string => {
    const found = files.filter((file) => file.startsWith(prefix) && also(file));
    if (found.length !== 1) {
      console.error(`Expected one ${prefix}* in dist/cdn/${folder}, found: ${found.join(', ') || 'none'}`);
      process.exit(1);
    }
    return found[0] as string;
  };
  const manifest = chunk('chunks/integrity-', (file) => !file.startsWith('chunks/integrity-more-'));
  const moreManifest = chunk('chunks/integrity-more-');
  const views = chunk('chunks/widgets-');
  const menu = chunk('chunks/menu-', (file) => !file.startsWith('chunks/menu-place-'));
  // floating-ui's placement of the menu, for a browser without CSS anchor positioning (Chrome 125, Safari 26,
  // Firefox 147 have it).
  const menuPlace = chunk('chunks/menu-place-');
  const products = chunk('chunks/products-');
  const productPage = chunk('chunks/product-page-');
  // The badge's member part (not `member-actions-*.js`, the menu's calls).
  const memberPart = chunk('chunks/member-', (file) => !file.startsWith('chunks/member-actions-'));
  const other = files.filter((file) => otherService.test(file));
  if (!other.length) fail(`dist/cdn/${folder} has no chunk of the other cart service (${otherService})`);
  // The member badge shows as soon as the page loads (it is not "opened"), so its code counts here: a
  // visitor's sign-in button, or a member's button with the badge's member part.
  const initial = closure(['embed.js', loader]);
  const memberFirst = closure(['embed.js', loader, manifest, memberPart]);
  const drawer = closure(['embed.js', loader, manifest, views]);
  // A page with an add button before any interaction: what the browser fetches when it is first idle, the
  // drawer's code and the add's (not for a visitor who asked to save data, or on 2G: src/host.ts).
  const idle = closure(['embed.js', loader, manifest, views, chunk('chunks/host-add-to-cart-')]);
  const grid = closure(['embed.js', loader, manifest, products]);
  const every = closure(['embed.js', loader, manifest, memberPart, views, menu]);
  // Every widget used, as a shopper uses them on a page with an add-to-cart button: an add (the page's button's
  // code, the drawer opening), a sign-in through the modal (the sign-in code at the first keystroke; the turns
  // of the session that follow it come with the badge's member part) and the member's menu opened. What a page really downloads then
  // (test/e2e/cdn.e2e.ts follows this journey in Chromium and checks it is this list).
  const used = closure([...every, chunk('chunks/host-add-to-cart-'), chunk('chunks/sign-in-flows-')]);
  // The same in a browser without CSS anchor positioning: floating-ui places the menu.
  const usedOlder = closure([...used, menuPlace]);
  // What a member who also uses the menu's actions adds: the member's own calls, loaded by the menu's first action.
  const member = closure([...used, moreManifest, chunk('chunks/member-actions-')]);
  // Every file of the build but the other service and the language packs (each row adds its own language's).
  const everything = ['embed.js', ...files.filter((file) => !other.includes(file) && !isAnyPack(file))];
  /** Chunks a page must not download before it wants them, by page; no page downloads the other service. */
  const notBefore: Array<[string, string[], string[]]> = [
    ['before any widget opens', initial, [memberPart, menu, views, products, ...other]],
    ['a member’s first page', memberFirst, [menu, views, products, ...other]],
    ['the drawer', drawer, [menu, products, ...other]],
    ['a page with a product grid', grid, [menu, views, productPage, ...other]],
    ['every cart and member widget', every, other],
  ];
  for (const [page, set, chunks] of notBefore) {
    for (const wanted of chunks.filter((file) => set.includes(file))) {
      fail(`${label}, ${page} would download ${wanted}: it must load only when wanted.`);
    }
  }
  const packsOf = (lang: string, kind: PackKind) => files.filter((file) => isPack(file, lang, kind));
  for (const lang of LANGUAGES) {
    // One pack of each kind a language (English has no language pack: its badge's texts are the code's).
    for (const kind of [
      'texts',
      'products',
      'menu',
      ...(lang === 'en' ? [] : ['lang', 'member']),
    ] as PackKind[]) {
      if (packsOf(lang, kind).length !== 1)
        fail(`dist/cdn/${folder} has no single ${kind} pack for "${lang}"`);
    }
    // A pack brings no other chunk with it (but the loader, which every page has): a page in one language
    // downloads nothing of another's.
    for (const pack of files.filter((file) => isPack(file, lang))) {
      const brought = staticImports(pack).filter((file) => file !== loader);
      if (brought.length) fail(`dist/cdn/${folder}${pack} imports ${brought.join(', ')}`);
    }
  }
  /**
   * A page in each language: its files and its language's packs of `packs` kinds, with the language pack (the
   * badge's texts) on every page in a language but English. Two rows: English, and the largest language, which
   * the budget is checked against.
   */
  /** A page's files in a language: `list` and the language's packs of `packs` kinds. */
  const withPacks = (list: string[], lang: string, packs: PackKind[]) => {
    // (A language's packs but English's come through its language pack, `lang.<lang>-*.js`, the way to them.)
    const kinds: PackKind[] = packs.length ? [...packs, 'lang'] : [];
    return [...list, ...kinds.flatMap((kind) => packsOf(lang, kind))];
  };
  const perLanguage = (
    page: string,
    list: string[],
    budget: number | null,
    packs: PackKind[],
  ): Array<[string, number, number | null]> => {
    const pages = LANGUAGES.map((lang) => {
      const all = withPacks(list, lang, packs);
      return { lang, all, total: all.reduce((sum, file) => sum + (sizes.get(file)?.gzip ?? 0), 0) };
    });
    const largest = pages.reduce((a, b) => (b.total > a.total ? b : a));
    const english = pages[0] as (typeof pages)[number];
    return (largest === english ? [english] : [english, largest]).map(({ lang, all, total }) => {
      const which = lang === 'en' ? `"en"` : `"${lang}", the largest language`;
      return [`${label}, ${page}, ${which} (${all.join(', ')})`, total, budget];
    });
  };
  // Every language's list of the page with every widget used, for test/e2e/cdn.e2e.ts (`--json`).
  for (const lang of LANGUAGES) {
    usedPages.push({
      service: folder ? 'v2' : 'v1',
      lang,
      files: withPacks(used, lang, USED_PACKS).map((f) => (f === 'embed.js' ? f : folder + f)),
    });
  }
  const rows: Array<[string, number, number | null]> = [
    ...perLanguage('before any widget opens, badge shown', initial, BUDGETS.initial, []),
    ...perLanguage('before any interaction, a page with an add button (the idle prefetch)', idle, null, [
      'texts',
    ]),
    ...perLanguage('the same for a member, her badge shown', memberFirst, null, ['member']),
    ...perLanguage('a page with the cart drawer opened', drawer, BUDGETS.drawer, ['texts']),
    ...perLanguage('a page with a product grid, before any cart opens', grid, BUDGETS.grid, ['products']),
    ...perLanguage('every cart and member widget opened, member menu included', every, null, [
      'texts',
      'member',
      'menu',
    ]),
    ...perLanguage(
      'every widget used: an add, the drawer, a sign-in with the modal, the menu',
      used,
      BUDGETS.all,
      USED_PACKS,
    ),
    ...perLanguage('every widget used, in a browser without CSS anchor positioning', usedOlder, null, [
      'texts',
      'member',
      'menu',
    ]),
    ...perLanguage('every widget used, and the menu’s actions', member, null, ['texts', 'member', 'menu']),
    ...perLanguage('everything: a product page with every widget opened', everything, null, [
      'texts',
      'products',
      'member',
      'menu',
    ]),
  ];
  return rows;
}

/** The page with every widget used, by service and language: its files under dist/cdn/ (`--json` prints them). */
const usedPages: Array<{ service: 'v1' | 'v2'; lang: string; files: string[] }> = [];
const json = process.argv.includes('--json');
if (json) console.log = () => {};
const v1 = measure('', 'on v1', /^chunks\/cart-v2(-read)?-[\w-]+\.js$/);
console.log('');
const v2 = measure('v2/', 'on Cart V2', /^chunks\/cart-v1-[\w-]+\.js$/);
console.log('');
const rows: Array<[string, number, number | null]> = [['embed.js', embed.gzip, BUDGETS.embed], ...v1, ...v2];
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
