/**
 * The script-tag build's integrity (src/integrity.ts says how a page uses it): the import wrapper the app
 * builds compile in, and the step `npm run build` runs after them, which writes the hashes into the built files
 * and `dist/cdn/integrity.json`.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, posix, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const GATE_MODULE = resolve(root, 'src/integrity.ts').replaceAll('\\', '/');

/**
 * A language's pack other than English's (`./texts.ja`, `./member-badge/menu.fr`): its hash is in its language
 * pack's table (`lang.<code>.ts`), which the page has when it imports it.
 */
const LANGUAGE_PACK_IMPORT = /(?:^|\/)(?:texts|products|member|menu)\.(?!en$)[a-z]{2,3}$/;
const DYNAMIC_IMPORT = /\bimport\(\s*(['"])([^'"]+)\1\s*\)/g;

/**
 * Wraps every dynamic import of the widgets' code in `gated()` (src/integrity.ts), so that the build's manifest
 * of hashes is in the page's import map before the chunk is fetched; but the imports of a language's packs,
 * whose hashes come with the language pack that imports them. An import of a module named in `rare` (code few
 * pages load: the sign-in flows, the member's own calls, the other cart service…) is `gated(…, 1)`: its hash
 * is in the second manifest, which the first names, so that the pages that never load it do not download it.
 */
export function integrityGate(rare: readonly string[]) {
  const rareIds = new Set(rare.map((file) => resolve(root, file).replaceAll('\\', '/')));
  return {
    name: 'integrity-gate',
    enforce: 'post',
    async transform(
      this: { resolve(source: string, importer: string): Promise<{ id: string } | null> },
      code: string,
      id: string,
    ) {
      const file = id.replace(/\?.*$/, '').replaceAll('\\', '/');
      if (!file.startsWith(`${root.replaceAll('\\', '/')}/src/`) || file === GATE_MODULE) return null;
      const sites = [...code.matchAll(DYNAMIC_IMPORT)].filter(
        ([, , spec]) => !LANGUAGE_PACK_IMPORT.test(spec as string),
      );
      if (!sites.length) return null;
      const isRare = new Map<string, boolean>();
      for (const [, , spec] of sites) {
        const resolved = await this.resolve(spec as string, id);
        isRare.set(
          spec as string,
          rareIds.has((resolved?.id ?? '').replace(/\?.*$/, '').replaceAll('\\', '/')),
        );
      }
      const out = code.replace(DYNAMIC_IMPORT, (whole, _quote: string, spec: string) =>
        LANGUAGE_PACK_IMPORT.test(spec) ? whole : `__sfGated(() => ${whole}, ${isRare.get(spec) ? 1 : 0})`,
      );
      return {
        code: `import { gated as __sfGated } from ${JSON.stringify(GATE_MODULE)};\n${out}`,
        map: null,
      };
    },
  } as const;
}

const sha = (algorithm: 'sha256' | 'sha384', data: string | Buffer) =>
  `${algorithm}-${createHash(algorithm).update(data).digest('base64')}`;

/** `'"__sf_integrity_<name>__"'` as the minifier left it: the JSON string in single quotes or a template literal. */
const marker = (name: string) => new RegExp(`(['\`])"__sf_integrity_${name}__"\\1`, 'g');

/** Writes a table over its placeholder in a built file's code; exactly one placeholder, or the build stops. */
function writeTable(path: string, code: string, name: string, table: unknown): string {
  const found = code.match(marker(name))?.length ?? 0;
  if (found !== 1)
    throw new Error(`${path}: expected one placeholder __sf_integrity_${name}__, found ${found}`);
  const json = JSON.stringify(table);
  if (/['`$\\]/.test(json))
    throw new Error(`${path}: the ${name} table cannot be written in a quoted string`);
  return code.replace(marker(name), (_whole, quote: string) => `${quote}${json}${quote}`);
}

/** A language's pack (`lang.de-<hash>.js`), or one of its packs (`texts.de-…`). */
const PACK = /^(lang|texts|products|member|menu)\.([a-z]{2,3})-[\w-]+\.js$/;
/** A dynamic import as the minifier writes it, and a static one (`import{…}from"./x.js"`, `import"./x.js"`). */
const IMPORT_SITE = /import\((['"`])(\.\.?\/[^'"`]+)\1\)/g;
/**
 * The end of a gated import: `,0)` (`,1)` for the second manifest), after Rolldown's pick of the module from a
 * chunk that holds several (`.then(e=>e.a)`). (The gate's second argument is always written, so that an import
 * some other code wrapped in an arrow is not taken for a gated one.)
 */
const GATE_END = /^(?:\.then\(([\w$]+)=>\1\.[\w$]+\))?,([01])\)/;
const STATIC_IMPORT = /(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{}\s,]+from\s*)?["'`](\.\.?\/[^"'`]+)["'`]/g;

/** The relative specifiers of a built module's static imports (`./runtime-x.js`); `npm run size` reads them too. */
export const staticImportSpecs = (code: string): string[] =>
  [...code.matchAll(STATIC_IMPORT)].map((match) => match[1] as string);

/** One app build being sealed: its chunks (`chunks/…`) and its loader, named from `folder`. */
interface AppBuild {
  folder: string;
  chunksDir: string;
  chunks: string[];
  loaderFile: string;
  read(file: string): string;
}

function appBuild(folder: string): AppBuild {
  const chunksDir = join(folder, 'chunks');
  const chunks = readdirSync(chunksDir)
    .filter((file) => file.endsWith('.js'))
    .map((file) => `chunks/${file}`);
  const loaders = readdirSync(folder).filter((file) => /^loader-[\w-]+\.js$/.test(file));
  if (loaders.length !== 1)
    throw new Error(`${folder}: expected one loader-<hash>.js, found ${loaders.length}`);
  const loaderFile = loaders[0] as string;
  const read = (file: string) => readFileSync(join(folder, file), 'utf8');
  return { folder, chunksDir, chunks, loaderFile, read };
}

const packOf = (file: string) => PACK.exec(file.slice('chunks/'.length));
const fromFile = (file: string, spec: string) => posix.normalize(posix.join(posix.dirname(file), spec));

/**
 * The imports in the built code: gated (the first manifest, or with `, 1` the second), or a language's packs
 * (`leaves`, by the language pack that imports them); any other stops the build.
 */
function gatedImports(build: AppBuild) {
  const { folder, chunks, loaderFile, read } = build;
  const wanted = { first: new Set<string>(), more: new Set<string>() };
  const leaves = new Map<string, Set<string>>();
  for (const file of [loaderFile, ...chunks]) {
    const code = read(file);
    for (const site of code.matchAll(IMPORT_SITE)) {
      const target = fromFile(file, site[2] as string);
      const end = (site.index ?? 0) + site[0].length;
      const gated = code.slice((site.index ?? 0) - 4, site.index) === '()=>';
      const pack = packOf(file);
      const leaf = packOf(target);
      if (pack?.[1] === 'lang' && leaf && leaf[1] !== 'lang' && leaf[2] === pack[2]) {
        leaves.set(file, (leaves.get(file) ?? new Set()).add(target));
      } else if (gated && GATE_END.exec(code.slice(end, end + 80))?.[2] === '1') wanted.more.add(target);
      else if (gated && GATE_END.test(code.slice(end, end + 80))) wanted.first.add(target);
      else
        throw new Error(`${join(folder, file)}: an import of ${target} that is not gated (src/integrity.ts)`);
    }
  }
  return { wanted, leaves };
}

/**
 * The chunks of each manifest: what the gated imports load, with what those import (`more`: what only the
 * second manifest's imports load). The loader and the language's packs must import nothing that would load
 * unchecked.
 */
function manifestFiles(
  build: AppBuild,
  wanted: { first: Set<string>; more: Set<string> },
  leaves: Map<string, Set<string>>,
) {
  const { folder, chunks, loaderFile, read } = build;
  const staticImports = (file: string) => staticImportSpecs(read(file)).map((spec) => fromFile(file, spec));
  const closure = (from: Iterable<string>) => {
    const seen = new Set<string>();
    const queue = [...from];
    while (queue.length) {
      const file = queue.pop() as string;
      if (seen.has(file) || file === loaderFile) continue;
      if (!chunks.includes(file)) throw new Error(`${join(folder, file)} is imported but not built`);
      seen.add(file);
      queue.push(...staticImports(file));
    }
    return seen;
  };
  // The loader imports nothing before it runs (what it imported would load before any table is in the map), and a
  // language's pack nothing but the loader (what it imported would be in no table).
  if (staticImports(loaderFile).length) throw new Error(`${join(folder, loaderFile)} has static imports`);
  for (const pack of [...leaves.values()].flatMap((packs) => [...packs])) {
    if (staticImports(pack).some((file) => file !== loaderFile))
      throw new Error(`${join(folder, pack)} imports a chunk, which would load unchecked`);
  }
  const first = closure(wanted.first);
  const more = [...closure(wanted.more)].filter((file) => !first.has(file));
  return { first, more };
}

/** Writes both manifests, and the first's name and hash in the loader; returns the loader's code. */
function writeManifests(build: AppBuild, first: Set<string>, more: string[]): string {
  const { folder, chunksDir, loaderFile, read } = build;
  const table = (files: Iterable<string>) =>
    Object.fromEntries(
      [...files].sort().map((file) => [file.slice('chunks/'.length), sha('sha256', read(file))]),
    );
  // A manifest is a module (src/integrity.ts imports it, under the page's `script-src`), named by its content.
  const writeManifest = (prefix: string, body: object): [string, string] => {
    const code = `export default ${JSON.stringify(body)};\n`;
    const name = `${prefix}-${createHash('sha256').update(code).digest('base64url').slice(0, 8)}.js`;
    writeFileSync(join(chunksDir, name), code);
    return [name, sha('sha256', code)];
  };
  const next = writeManifest('integrity-more', { files: table(more) });
  const [name, hash] = writeManifest('integrity', { files: table(first), next });
  const loaderPath = join(folder, loaderFile);
  const loader = writeTable(loaderPath, read(loaderFile), 'manifest', [`chunks/${name}`, hash]);
  writeFileSync(loaderPath, loader);
  return loader;
}

/**
 * Seals one app build (`dist/cdn` or `dist/cdn/v2`; src/integrity.ts says how a page uses it):
 * - each language's packs (`texts.de-…`, …) in the table of its language pack (`lang.de-…`), which imports them;
 * - every chunk that a gated import loads, with what it imports, in the build's manifest
 *   (`chunks/integrity-<hash>.js`), but what only `gated(…, 1)` imports load, in a second one
 *   (`chunks/integrity-more-<hash>.js`) that the first names;
 * - the manifest's name and hash in the loader.
 * The imports are read in the built code, so that each manifest holds what its imports load: the build stops at
 * an import that is neither gated nor a language pack's, at a chunk in no table, and at a placeholder left.
 * Returns the loader's file and hash, for embed.js.
 */
export function sealAppBuild(folder: string): { file: string; integrity: string } {
  const build = appBuild(folder);
  const { chunks, loaderFile, read } = build;
  const { wanted, leaves } = gatedImports(build);
  const { first, more } = manifestFiles(build, wanted, leaves);

  for (const [file, packs] of leaves) {
    // (Named from the loader's folder, as src/integrity.ts resolves a language pack's table.)
    const table = Object.fromEntries([...packs].map((pack) => [pack, sha('sha256', read(pack))]));
    writeFileSync(join(folder, file), writeTable(join(folder, file), read(file), 'packs', table));
  }
  const inLeaves = new Set([...leaves.values()].flatMap((packs) => [...packs]));
  const unsealed = chunks.filter((file) => !first.has(file) && !more.includes(file) && !inLeaves.has(file));
  if (unsealed.length) throw new Error(`${folder}: ${unsealed.join(', ')} in no table of hashes`);

  const loader = writeManifests(build, first, more);
  for (const file of [loaderFile, ...chunks]) {
    if (read(file).includes('__sf_integrity_'))
      throw new Error(`${join(folder, file)}: an integrity placeholder was left unwritten`);
  }
  return { file: loaderFile, integrity: sha('sha256', loader) };
}

/**
 * `dist/cdn/integrity.json`: the sha384 of embed.js and of every file it may load (both builds' loaders, chunks
 * and manifests), by their path under dist/cdn/, for a page's `<script integrity>` and for mirrors.
 */
export function writeIntegrityJson(cdn: string, version: string): Record<string, string> {
  const files = readdirSync(cdn, { recursive: true, encoding: 'utf8' })
    .map((file) => file.replaceAll('\\', '/'))
    .filter((file) => /\.(js|json)$/.test(file) && !['integrity.json', 'strings.en.json'].includes(file))
    .sort();
  const hashes = Object.fromEntries(
    files.map((file) => [file, sha('sha384', readFileSync(join(cdn, file)))]),
  );
  writeFileSync(join(cdn, 'integrity.json'), `${JSON.stringify({ version, files: hashes }, null, 2)}\n`);
  return hashes;
}

/** The embed.js's sha384 as `dist/cdn/integrity.json` has it (for README's tag and its test). */
export function embedIntegrity(cdn = resolve(root, 'dist/cdn')): string {
  const path = join(cdn, 'integrity.json');
  if (!existsSync(path)) throw new Error(`${relative(root, path)} is missing: run \`npm run build\` first`);
  const { files } = JSON.parse(readFileSync(path, 'utf8')) as { files: Record<string, string> };
  const hash = files['embed.js'];
  if (!hash) throw new Error(`${relative(root, path)} has no embed.js`);
  return hash;
}
