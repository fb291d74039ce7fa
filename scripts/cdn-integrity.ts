/**
 * The script-tag build's integrity (src/integrity.ts says how a page uses it): the import wrapper the app
 * builds compile in, and the step `npm run build` runs after them, which writes the hashes into the built files
 * and `dist/cdn/integrity.json`.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

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
 * whose hashes come with the language pack that imports them.
 */
export const integrityGate = {
  name: 'integrity-gate',
  enforce: 'post',
  transform(code: string, id: string) {
    const file = id.replace(/\?.*$/, '').replaceAll('\\', '/');
    if (!file.startsWith(`${root.replaceAll('\\', '/')}/src/`) || file === GATE_MODULE) return null;
    let wrapped = 0;
    const out = code.replace(DYNAMIC_IMPORT, (whole, _quote: string, spec: string) => {
      if (LANGUAGE_PACK_IMPORT.test(spec)) return whole;
      wrapped++;
      return `__sfGated(() => ${whole})`;
    });
    if (!wrapped) return null;
    return { code: `import { gated as __sfGated } from ${JSON.stringify(GATE_MODULE)};\n${out}`, map: null };
  },
} as const;

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

/**
 * Seals one app build (`dist/cdn` or `dist/cdn/v2`; src/integrity.ts says how a page uses it): each language's
 * packs (`texts.de-…`, `products.de-…`, `member.de-…`, `menu.de-…`) in the table of its language pack
 * (`lang.de-…`); every other chunk, English's packs and the language packs too, in the build's manifest
 * (`chunks/integrity-<hash>.json`); the manifest's name and hash in the loader. Stops the build when a
 * language pack's packs are not all there, or a placeholder is left. Returns the loader's file and hash, for
 * embed.js.
 */
export function sealAppBuild(folder: string): { file: string; integrity: string } {
  const chunksDir = join(folder, 'chunks');
  const chunks = readdirSync(chunksDir).filter((file) => file.endsWith('.js'));
  const loaders = readdirSync(folder).filter((file) => /^loader-[\w-]+\.js$/.test(file));
  if (loaders.length !== 1)
    throw new Error(`${folder}: expected one loader-<hash>.js, found ${loaders.length}`);
  const loaderFile = loaders[0] as string;
  const loaderPath = join(folder, loaderFile);
  const read = (file: string) => readFileSync(join(chunksDir, file), 'utf8');
  const packs = chunks.map((file) => PACK.exec(file)).filter((match) => match !== null);
  const inPacks = new Set<string>();
  for (const [langFile, kind, lang] of packs) {
    if (kind !== 'lang') continue;
    const table: Record<string, string> = {};
    for (const [file, , language] of packs) {
      if (language !== lang || file === langFile) continue;
      table[file] = sha('sha256', read(file));
      inPacks.add(file);
    }
    if (Object.keys(table).length !== 4) throw new Error(`${chunksDir}: ${langFile} should have 4 packs`);
    writeFileSync(
      join(chunksDir, langFile),
      writeTable(join(chunksDir, langFile), read(langFile), 'packs', table),
    );
  }
  const manifest: Record<string, string> = {};
  for (const file of chunks) if (!inPacks.has(file)) manifest[file] = sha('sha256', read(file));
  const json = `${JSON.stringify(manifest)}\n`;
  const name = `integrity-${createHash('sha256').update(json).digest('base64url').slice(0, 8)}.json`;
  writeFileSync(join(chunksDir, name), json);
  const loader = writeTable(loaderPath, readFileSync(loaderPath, 'utf8'), 'manifest', [
    `chunks/${name}`,
    sha('sha256', json),
  ]);
  writeFileSync(loaderPath, loader);

  for (const file of [loaderFile, ...chunks.map((chunk) => `chunks/${chunk}`)]) {
    if (readFileSync(join(folder, file), 'utf8').includes('__sf_integrity_'))
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
