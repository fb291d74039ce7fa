/**
 * Every file of the script-tag build checked against its hash when the page pinned embed.js with `integrity`
 * (Subresource Integrity): a CDN that serves one altered chunk runs none of it. The hashes are chained, so that
 * the first page carries few of them (they do not compress):
 * - the page's tag pins embed.js (sha384, `dist/cdn/integrity.json`);
 * - embed.js holds the loaders' hashes and loads the page's by a module `<script integrity>` (`src/embed.ts`);
 * - the loader holds the hash of the build's manifest (`chunks/integrity-*.js`, a module of a table), which holds every
 *   chunk's but the languages' packs (a first page downloads no chunk: the badge shell's texts are the loader's);
 * - a language pack (`lang.<code>-*.js`, in the manifest) holds its language's packs' (`texts.<code>-*.js`, …).
 * Each table goes into an import map's `integrity` before its files can be imported, so that the browser checks
 * every fetch of them, a chunk's static imports too: the manifest's before the first chunk import that is not a
 * language's pack (`gated`, which the build wraps around every other import), a language pack's as it runs. A
 * file that does not match is blocked by the browser, which names it on the console; the import rejects, and
 * the widget that wanted it says the shop cannot load.
 *
 * The tables are written into the built files by `scripts/cdn-integrity.ts` (sha256: a third shorter than
 * sha384, and as unforgeable); in the sources, the tests and the React entry they stay the placeholders, and
 * nothing is checked. A page without `integrity` on its tag gets no checks either: whoever can alter the chunks
 * there can alter embed.js.
 *
 * Browsers: import maps with `integrity` added after the page's first module (multiple import maps) are in
 * Chromium 133 and later (tested here; Safari 18.4 has them too); a browser without them ignores the maps and
 * loads the chunks unchecked (embed.js and the loader are checked by every browser). The maps are inline scripts: a page whose
 * Content-Security-Policy does not allow them gives embed.js's tag a `nonce`, which they carry.
 */

import { loadOnce, retryOnce } from './chunks';

/** File (relative to the file that holds the table) → `sha256-…`. */
export type IntegrityTable = Record<string, string>;

/** A manifest: its files' hashes, and the next manifest's file and hash (relative to it), if there is one. */
interface Manifest {
  files: IntegrityTable;
  next?: [file: string, hash: string];
}

interface Checks {
  doc: Document;
  nonce: string;
  /** The loader's address, against which a language pack's table names its packs (`chunks/texts.de-….js`). */
  base: string;
  /** The first manifest's table in the import map, loaded once (again after a failure). */
  first: () => Promise<Manifest & { url: string }>;
  /** The next manifest's, after the first's. */
  more: () => Promise<unknown>;
}

let checks: Checks | undefined;

/**
 * A table the build writes over a placeholder: `JSON.parse('"__sf_integrity_…__"')` in the sources (a string, so
 * nothing is checked), the table's JSON in the built file (scripts/cdn-integrity.ts). Parsed, not a literal, so
 * that the minifier cannot fold the checks away before the build writes the table.
 */
export const builtTable = <T = IntegrityTable>(json: string): T | string => JSON.parse(json);

const MANIFEST = builtTable<[file: string, hash: string]>('"__sf_integrity_manifest__"');

/**
 * Starts the checks when the tag that configures the loader pinned its file (`integrity`, as embed.js passes it
 * on) and the build wrote its tables.
 */
export function checkChunks(script: HTMLScriptElement | null | undefined, doc: Document): void {
  if (!script?.integrity || typeof MANIFEST === 'string') return;
  // (Once each, tried again after a pause when a download fails, and by the next import after that.)
  const first = loadOnce(() => retryOnce(() => manifest(MANIFEST, import.meta.url)));
  const more = loadOnce(() => first().then(({ next, url }) => next && retryOnce(() => manifest(next, url))));
  checks = { doc, nonce: script.nonce ?? '', base: import.meta.url, first, more };
}

/**
 * Puts a table into the page's import map, its files resolved against `base` (a manifest's own address; by
 * default the loader's, as a language pack's table names its packs, so that no pack needs its own address).
 */
export function addIntegrity(table: IntegrityTable | string, base?: string): void {
  if (!checks || typeof table === 'string') return;
  const integrity: IntegrityTable = {};
  for (const [file, hash] of Object.entries(table)) integrity[new URL(file, base ?? checks.base).href] = hash;
  const map = checks.doc.createElement('script');
  map.type = 'importmap';
  map.nonce = checks.nonce;
  try {
    // (A page that enforces Trusted Types refuses a script's text set from a string: its chunks load unchecked.)
    map.textContent = JSON.stringify({ integrity });
    checks.doc.head.append(map);
  } catch (error) {
    console.error('[storefront]', error);
  }
}

/**
 * A manifest of hashes: a module (`export default {files, next}`), imported once its own hash is in the import
 * map, so that the browser checks its bytes, and a page's Content-Security-Policy treats it as the widgets' code
 * (`script-src`), not as a request (`connect-src`); its table then goes into the import map. One that cannot be
 * had, or does not match, rejects, naming the file.
 */
function manifest([file, integrity]: [string, string], base: string) {
  const url = new URL(file, base).href;
  addIntegrity({ [url]: integrity }, url);
  return import(/* @vite-ignore */ url).then(
    ({ default: table }: { default: Manifest }) => {
      addIntegrity(table.files, url);
      return { ...table, url };
    },
    (why: unknown) => {
      throw new Error(`[storefront] could not load ${url}, or it does not match its hash (${why})`);
    },
  );
}

/**
 * A chunk's import, once the build's manifest is in the import map (at once when nothing is checked); with
 * `more`, the next manifest's too (the code few pages load: the build writes `1` on those imports). A manifest
 * that failed is fetched again by the next import (`loadOnce`).
 */
export function gated<T>(load: () => Promise<T>, more: 0 | 1 = 0): Promise<T> {
  if (!checks) return load();
  return (more ? checks.more() : checks.first()).then(load);
}
