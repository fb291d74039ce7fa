/**
 * The app build's chunks (`vite.config.ts`, modes `app` and `app-v2`): which modules go together, and which the
 * integrity gate counts as rare (scripts/cdn-integrity.ts).
 */
import { resolve } from 'node:path';

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
export const CART_CODE = {
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
export function appChunks(cart: (typeof CART_CODE)['v1' | 'v2'], other: 'v1' | 'v2'): NamedChunk[] {
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
    // chunk with the views: gzip's dictionary starts again). And the path segments of the calls the views' code
    // makes (the cart's changes, the catalogue's, the member's: `src/api/seg.ts`), which the first script makes
    // none of: named, or it would go with the first chunk that imports it (V2's changes, in the views'), and
    // the products' chunk would download that one.
    {
      name: 'runtime',
      packages: ['preact', 'zustand'],
      files: [
        'src/ui/mount.ts',
        'src/ui/button.tsx',
        'src/ui/price.ts',
        'src/ui/initial.ts',
        'src/ui/controls.css',
        'src/api/seg.ts',
        'src/api/base64.ts',
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
    // The catalogue's reads for the store and their keys: the product elements' (which import it, so it downloads
    // beside them) and the drawer's cross-sell's (issue 37: without the product elements' views, 9.8 KB gzip).
    // (One product's read on its own, in the product elements' chunk: 0.19 KB gzip less for the cross-sell, 0.19
    // KB more on a grid's page.)
    { name: 'catalogue', files: ['src/store/products.ts', 'src/store/product-keys.ts'] },
    // <sf-product> and <sf-product-grid>: their views and styles.
    { name: 'products', files: ['src/widgets/product/index.tsx'] },
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
 * sign-in, the member's own calls, the return from checkout, the drawer's marketing parts and the notice of an
 * add (issue 37), and the other cart service's code (with V2's view
 * of its cart, on v1). (The sign-in flows and a sign-in's turns are in the first: a sign-in in the modal would
 * otherwise download the second manifest for them, 0.35 KB gzip more than their two hashes in the first.)
 */
export function rareCode(cart: 'v1' | 'v2'): string[] {
  return [
    'src/auth/redirect-back.ts',
    'src/store/member-actions.ts',
    'src/store/order-return.ts',
    // The notice of an add (issue 37): only pages that ask for it. (The drawer's marketing parts are in the first:
    // a page with them would download the second manifest for one hash, 0.4 KB gzip, against 0.06 KB on every
    // page with the drawer.)
    'src/widgets/toast/index.tsx',
    // What the console says of a script tag's unusable attribute: only a page whose tag has one.
    'src/config-problems.ts',
    ...(cart === 'v1' ? [...CART_CODE.v2.changes, ...CART_V2_VIEW] : CART_CODE.v1.changes),
  ];
}

/**
 * Rolldown's `codeSplitting.groups` for named chunks, and a check at the end of the build that every named
 * file was in it.
 */
export function namedChunks(root: string, chunks: NamedChunk[]) {
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
        throw new Error(`build/chunks.ts names modules that are not in the build: ${missing.join(', ')}`);
    },
  };
  return { groups, plugin };
}
