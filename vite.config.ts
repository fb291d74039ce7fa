import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { defineConfig, type UserConfig } from 'vite';
import { textPacks } from './build/texts.ts';
import { integrityGate } from './scripts/cdn-integrity.ts';

/**
 * The widgets are written against React's API (`react`, `react-dom`); the script-tag build runs them on
 * preact/compat. (The React entry, `storefront-widgets/react`, leaves `react` to the app.) Also used by the
 * widgets' happy-dom tests (vitest.config.ts).
 */
export const REACT_ON_PREACT = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
];

/**
 * JSX as `createElement(type, props, ...children)` imported from `react` in each .tsx (tsconfig.json): the
 * same calls run on preact/compat and on React, and they are shorter than the automatic runtime's
 * `jsx(type, {…props, children})` (0.15 KB gzip less in all).
 */
export const CLASSIC_JSX = {
  jsx: { runtime: 'classic', pragma: 'createElement', pragmaFrag: 'Fragment' },
} as const;

/**
 * A chunk by the modules it starts from: files under src/ (a CSS file by its path, without `?inline`) and whole
 * packages, with everything they import that an earlier chunk does not hold (Rolldown's groups take a module's
 * imports along). What no chunk reaches goes in a chunk of its own, named after the module a dynamic
 * `import()` loads (`menu-*.js`, `hosted-*.js`). The build fails when a named file is not in the build
 * (renamed, moved, no longer imported): no code moves between chunks without a change here.
 */
interface NamedChunk {
  name: string;
  files?: readonly string[];
  packages?: readonly string[];
}

/**
 * The two cart services' changes (`data-cart-api`), wanted with the views (in `widgets-*.js`). Each app build
 * puts its own service's there and the other's in a lazy chunk of its own (`cart-v2-*.js`, or `cart-v1-*.js`), so
 * either build runs either service; embed.js picks the build that matches the script tag. Their reads: v1's is in
 * the store itself (`loader.js`); V2's request too, and its view of V2's cart (`CART_V2_VIEW`) downloads beside
 * a V2 page's first read, in both builds.
 */
const CART_CODE = {
  v1: { changes: ['src/store/cart-v1.ts', 'src/api/cart.ts'] },
  v2: { changes: ['src/store/cart-v2.ts', 'src/api/cart-v2.ts', 'src/api/delivery.ts'] },
} as const;

/**
 * Cart V2's cart in the widgets' view, `cart-v2-read-*.js`: not needed before the count shows (a new visitor has
 * no cart to read; a returning one's count shows from the cached one), so not in a V2 page's first script. It
 * downloads beside the first read's request (0.5 KB gzip less before any widget opens and with a product grid),
 * and V2's changes import it (`widgets-*.js` of the V2 build).
 */
const CART_V2_VIEW = ['src/store/cart-v2-read.ts'];

/**
 * The app build's chunks beyond what the imports give (`cart`: the page's own cart service; `other`: the other
 * one's), in the order Rolldown tries them: a module goes to the first that names it.
 */
function appChunks(cart: (typeof CART_CODE)['v1' | 'v2'], other: 'v1' | 'v2'): NamedChunk[] {
  return [
    // The entry and everything it imports (a module's group takes its imports too), and the image address check
    // the badge's member part shares with the views (else in `runtime-*.js`, which a member's first page would
    // download for it).
    { name: 'loader', files: ['src/loader.ts', 'src/ui/format.ts'] },
    // Cart V2's view of its cart, with a V2 page's first read (named before the views, whose V2 changes import it).
    { name: 'cart-v2-read', files: CART_V2_VIEW },
    // What every view needs, in a chunk the drawer's, the menu's and the products' share: Preact (compat,
    // hooks), zustand's hook, the shared controls. A page with products but no open cart loads this and the
    // products' chunk, not the drawer's and the modal's views (0.3 KB gzip more on the drawer's page than one
    // chunk with the views: gzip's dictionary starts again).
    {
      name: 'runtime',
      packages: ['preact', 'zustand'],
      files: [
        'src/ui/mount.ts',
        'src/ui/button.tsx',
        'src/ui/price.ts',
        'src/ui/initial.ts',
        'src/ui/controls.css',
      ],
    },
    // The views of the drawer and the login modal as one chunk, loaded when the first of them opens, with the
    // cart's edits. One file compresses far better than one per widget (gzip starts each file with an empty
    // dictionary): 2.5 KB less in all.
    {
      name: 'widgets',
      files: [
        'src/widgets/cart-drawer/index.tsx',
        'src/widgets/login-modal/index.tsx',
        'src/store/cart-edits.ts',
        ...cart.changes,
        // (The hosted pages' sessions: checkout on v1, the hosted sign-in, sign-out. Named, or on V2 it would go
        // with v1's service, which no V2 page loads.)
        'src/api/redirects.ts',
      ],
    },
    // The badge's member part with what follows a sign-in or sign-out (the member read, her cart): each comes
    // with the other on a sign-in, a sign-out from the menu, another tab's sign-in and an ended session; only a
    // member's first page takes the turns' 0.35 KB gzip without needing them (one file, not two, on a sign-in).
    { name: 'member', files: ['src/widgets/member-badge/member.ts', 'src/store/session-turns.ts'] },
    // The sign-in flows with the hosted sign-in's code exchange, which a sign-in in the modal uses too: one
    // file, not two (0.3 KB gzip less; the return from the hosted login page, rare, downloads the flows too).
    { name: 'sign-in-flows', files: ['src/store/sign-in-flows.ts', 'src/auth/hosted.ts'] },
    // <sf-product> and <sf-product-grid>: their views and styles, the catalogue's store slice and its calls.
    { name: 'products', files: ['src/widgets/product/index.tsx', 'src/store/products.ts'] },
    // What only a product page (`layout="page"`) shows: gallery (videos too), description, info, the sanitiser.
    { name: 'product-page', files: ['src/widgets/product/page.tsx'] },
    // The other cart service, for a page whose script tag asks for it without embed.js (embed.js picks the
    // build of the page's service): the v1 build has V2's changes (with the first change), the V2 build v1's.
    // No page on the build's own service downloads them.
    { name: `cart-${other}`, files: CART_CODE[other].changes },
  ];
}

/**
 * Code few pages load, whose imports the script-tag build's integrity gate marks (scripts/cdn-integrity.ts), so
 * that its hashes are in a second manifest the other pages never download: the return from the hosted
 * sign-in, the member's own calls, the return from checkout, and the other cart service's code (with V2's view
 * of its cart, on v1). (The sign-in flows and a sign-in's turns are in the first: a sign-in in the modal would
 * otherwise download the second manifest for them, 0.35 KB gzip more than their two hashes in the first.)
 */
function rareCode(cart: 'v1' | 'v2'): string[] {
  return [
    'src/auth/redirect-back.ts',
    'src/store/member-actions.ts',
    'src/store/order-return.ts',
    ...(cart === 'v1' ? [...CART_CODE.v2.changes, ...CART_V2_VIEW] : CART_CODE.v1.changes),
  ];
}

/**
 * Rolldown's `codeSplitting.groups` for named chunks, and a check at the end of the build that every named
 * file was in it.
 */
function namedChunks(root: string, chunks: NamedChunk[]) {
  const abs = (file: string) => resolve(root, file).replaceAll('\\', '/');
  const plain = (id: string) => id.replace(/\?.*$/, '').replaceAll('\\', '/');
  const groups = chunks.map(({ name, files = [], packages = [] }) => {
    const named = new Set(files.map(abs));
    const dirs = packages.map((pkg) => `/node_modules/${pkg}/`);
    return {
      name,
      test: (id: string) => named.has(plain(id)) || dirs.some((dir) => plain(id).includes(dir)),
    };
  });
  const plugin = {
    name: 'named-chunks-exist',
    buildEnd(this: { getModuleIds(): IterableIterator<string> }, error?: Error) {
      if (error) return;
      const ids = [...this.getModuleIds()].map(plain);
      const missing = chunks.flatMap(({ name, files = [], packages = [] }) => [
        ...files.filter((file) => !ids.includes(abs(file))).map((file) => `${file} (chunk "${name}")`),
        ...packages
          .filter((pkg) => !ids.some((id) => id.includes(`/node_modules/${pkg}/`)))
          .map((pkg) => `package ${pkg} (chunk "${name}")`),
      ]);
      if (missing.length)
        throw new Error(`vite.config.ts names modules that are not in the build: ${missing.join(', ')}`);
    },
  };
  return { groups, plugin };
}

/**
 * Five builds share this file, chosen by `--mode`:
 * - `app` (default): `dist/cdn/loader-<hash>.js`, the ESM entry, with one hashed lazy chunk per widget in
 *   `dist/cdn/chunks/`, for the pages on the platform's v1 cart;
 * - `app-v2`: the same entry and chunks for the pages on Cart V2 (`data-cart-api="v2"`), in `dist/cdn/v2/`: V2's
 *   changes in the views' chunk, where the `app` build has v1's (`CART_CODE`);
 * - `embed`: `dist/cdn/embed.js`, the classic-script bootstrap that loads the loader beside it (`v2/loader-*.js`
 *   for a V2 page), the one file of dist/cdn/ whose name never changes: built after the app builds are sealed
 *   (scripts/cdn-integrity.ts), it is given their loaders' files and hashes (`__SF_LOADERS__`);
 * - `api`: `dist/api/index.js`, the framework-free API client for Node and bundlers;
 * - `react`: `dist/react/index.js`, the components and hooks for React apps (`storefront-widgets/react`).
 * `npm run build` (scripts/build.ts) runs them all and writes the API's type declarations.
 */
/**
 * @floating-ui/react and zustand's hook get React by namespace or default object; given only the functions they
 * use (src/ui/react-subset), the rest of preact/compat is left out of the bundle. The widgets' happy-dom tests
 * (vitest.config.ts) run on the same subset, so a function it lacks fails them as it fails the build.
 */
export const reactSubset = {
  name: 'react-subset-for-libraries',
  enforce: 'pre',
  resolveId(source: string, importer: string | undefined) {
    if (!importer || !/[\\/]node_modules[\\/](@floating-ui|zustand)[\\/]/.test(importer)) return null;
    // (`react` and `react-dom` are already preact/compat here: the aliases apply first.)
    if (source === 'preact/compat') return resolve(import.meta.dirname, 'src/ui/react-subset/react.ts');
    return null;
  },
} as const;

/** A language pack's chunk: the views' texts, the product elements', the badge's or the menu's, in one language. */
const LANGUAGE_PACK = /^chunks\/((?:lang|texts|products|member|menu)\.[a-z]{2,3})-[\w-]+\.js$/;

/**
 * Every language pack of the app build named with one hash, of all their code (`chunks/texts.fr-<hash>.js`,
 * `chunks/badge.ja-<hash>.js`): a table of packs (`fr: () => import("./chunks/texts.fr-<hash>.js")`, one entry a
 * language) then repeats one name but for the language, which gzip stores in a few bytes an entry instead of
 * the 8 random characters of a hash each (0.15 KB gzip less in loader.js with 9 languages). A changed text
 * renames every pack: they are small, and a page downloads one language's.
 */
export const sharedPackHash = {
  name: 'language-packs-share-a-hash',
  generateBundle(
    this: { emitFile(file: { type: 'asset'; fileName: string; source: string }): string },
    _options: unknown,
    bundle: Record<string, { type: string; fileName: string; code?: string }>,
  ) {
    const packs = Object.values(bundle)
      .filter((file) => file.type === 'chunk' && LANGUAGE_PACK.test(file.fileName))
      .sort((a, b) => a.fileName.localeCompare(b.fileName));
    if (!packs.length) return;
    const hash = createHash('sha256');
    for (const pack of packs) hash.update(`${pack.fileName.replace(LANGUAGE_PACK, '$1')}\0${pack.code}\0`);
    const shared = hash.digest('base64url').slice(0, 8);
    const renamed = new Map(
      packs.map((pack) => [pack.fileName, pack.fileName.replace(LANGUAGE_PACK, `chunks/$1-${shared}.js`)]),
    );
    const base = (path: string) => path.slice(path.lastIndexOf('/') + 1);
    for (const file of Object.values(bundle)) {
      if (file.type !== 'chunk' || file.code === undefined) continue;
      for (const [from, to] of renamed) file.code = file.code.replaceAll(base(from), base(to));
    }
    for (const pack of packs) {
      delete bundle[pack.fileName];
      this.emitFile({
        type: 'asset',
        fileName: renamed.get(pack.fileName) as string,
        source: pack.code ?? '',
      });
    }
  },
} as const;

/**
 * The chunks whose every function Chromium compiles as it loads them (V8's compile hints magic comment,
 * Chromium 136 and later; other engines read a comment), off the main thread while the chunk streams in,
 * instead of each on its first call. The member menu's code loads at the pointer over the badge, or at the
 * press that opens it, and all of it runs in that first open: compiled then, it made the open's first task
 * 46–68 ms at 4× CPU slowdown; compiled before, 32–46 (issue 26).
 */
const EAGER_CHUNKS = new Set(['menu']);

/**
 * A build warning is a build error: a name imported but not exported (a function missing from
 * src/ui/react-subset, which would ship as `undefined` and crash the menu), an import that cannot split, an
 * eval. The one warning let through says why (`expected`); the timings note is Rolldown's own report on slow
 * plugins, not about the code, and is left out.
 */
function strictLogs(expected: (log: { code?: string; message: string }) => boolean = () => false) {
  return (
    level: 'warn' | 'info' | 'debug',
    log: { code?: string; message: string },
    handler: (level: 'warn' | 'info' | 'debug', log: { code?: string; message: string }) => void,
  ) => {
    if (log.code === 'PLUGIN_TIMINGS' || expected(log)) return;
    // (Vite's handler only prints an 'error' level: the build must stop, so this throws.)
    if (level === 'warn') throw new Error(`The build stopped on a warning: [${log.code}] ${log.message}`);
    handler(level, log);
  };
}

export default defineConfig(({ mode }): UserConfig => {
  const root = import.meta.dirname;
  const shared = {
    define: { 'process.env.NODE_ENV': '"production"' },
    build: {
      emptyOutDir: false,
      reportCompressedSize: false,
      sourcemap: false,
      rolldownOptions: { onLog: strictLogs() },
    },
  } satisfies UserConfig;
  if (mode === 'embed') {
    return {
      ...shared,
      build: {
        ...shared.build,
        target: 'es2020',
        lib: {
          entry: resolve(root, 'src/embed.ts'),
          formats: ['iife'],
          name: 'StorefrontEmbed',
          fileName: () => 'embed.js',
        },
        outDir: 'dist/cdn',
        rolldownOptions: { ...shared.build.rolldownOptions, output: { minify: true } },
      },
    };
  }
  if (mode === 'react') {
    // `storefront-widgets/react`: the same components on the app's React. React (a peer dependency), zustand
    // and floating-ui (the package's dependencies, shared with an app that has them) are imported, never
    // bundled; the texts packs and the menu stay lazy chunks.
    return {
      ...shared,
      oxc: CLASSIC_JSX,
      plugins: [textPacks(root)],
      build: {
        ...shared.build,
        outDir: 'dist/react',
        target: 'es2022',
        lib: { entry: resolve(root, 'src/react/index.ts'), formats: ['es'], fileName: () => 'index.js' },
        rolldownOptions: {
          ...shared.build.rolldownOptions,
          external: [/^react($|\/)/, /^react-dom($|\/)/, /^zustand($|\/)/, /^@floating-ui\//],
          output: {
            minify: false,
            chunkFileNames: 'chunks/[name]-[hash].js',
            // The client boundary is the package's: a Next.js Server Component imports the components as they
            // are (the directive is written on the entry, where a module's own would be dropped by bundling).
            banner: (chunk) => (chunk.isEntry ? "'use client';" : ''),
          },
        },
      },
    };
  }
  if (mode === 'api') {
    return {
      ...shared,
      build: {
        ...shared.build,
        outDir: 'dist/api',
        target: 'es2022',
        lib: { entry: resolve(root, 'src/api/index.ts'), formats: ['es'], fileName: () => 'index.js' },
        rolldownOptions: {
          ...shared.build.rolldownOptions,
          // `jose` (the webhooks' verification) is the package's dependency, imported when first needed.
          external: [/^jose($|\/)/],
          output: { minify: false },
        },
      },
    };
  }
  // The app, for the pages on one cart service: `app` for v1 (the default) into dist/, `app-v2` into dist/v2/.
  const [cartApi, otherApi] = mode === 'app-v2' ? (['v2', 'v1'] as const) : (['v1', 'v2'] as const);
  const chunks = namedChunks(root, appChunks(CART_CODE[cartApi], otherApi));
  return {
    ...shared,
    oxc: CLASSIC_JSX,
    resolve: { alias: REACT_ON_PREACT },
    plugins: [reactSubset, textPacks(root), chunks.plugin, sharedPackHash, integrityGate(rareCode(cartApi))],
    build: {
      ...shared.build,
      target: 'es2022',
      // After the built-in minifier, Terser with three passes: 0.27 KB gzip less over every widget (0.11 KB in
      // loader.js). Only its safe transforms (no unsafe_arrows: Preact's constructors must stay functions).
      minify: 'terser',
      terserOptions: {
        module: true,
        ecma: 2020,
        compress: { passes: 3, hoist_funs: true },
        format: { comments: /^!|@license|@preserve/ },
      },
      outDir: cartApi === 'v2' ? 'dist/cdn/v2' : 'dist/cdn',
      // (Named by its content as the chunks are: only embed.js keeps its name from one release to the next.)
      lib: { entry: resolve(root, 'src/loader.ts'), formats: ['es'], fileName: () => 'loader-[hash].js' },
      rolldownOptions: {
        ...shared.build.rolldownOptions,
        // Code the loader needs stays in loader.js (the widgets' chunks import it from there), instead of
        // being split into small shared chunks that each compress worse and cost a request before any widget.
        preserveEntrySignatures: 'allow-extension',
        output: {
          minify: true,
          // Licences stay; the `/* @__PURE__ */` marks the JSX transform leaves on every createElement call
          // (and JSDoc) go: they served the tree-shaking already done (0.35 KB gzip less with every widget open).
          comments: { legal: true, annotation: false, jsdoc: false },
          chunkFileNames: 'chunks/[name]-[hash].js',
          codeSplitting: { groups: chunks.groups },
          postBanner: (chunk) => (EAGER_CHUNKS.has(chunk.name) ? '//# allFunctionsCalledOnLoad' : ''),
        },
      },
    },
  };
});
