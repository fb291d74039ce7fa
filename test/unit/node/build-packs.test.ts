import { posix, resolve } from 'node:path';
import { build, type Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_PACK } from '../../../build/packs';

const root = resolve(import.meta.dirname, '../../..');

/** The app build's files in memory: name → code. */
async function appBuild(): Promise<Map<string, string>> {
  const result = await build({
    root,
    mode: 'app',
    logLevel: 'silent',
    configFile: resolve(root, 'vite.config.ts'),
    build: { write: false },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[];
  return new Map(
    outputs
      .flatMap(({ output }) => output)
      .map((file) => [
        file.fileName,
        file.type === 'chunk' ? file.code : String(file.source instanceof Uint8Array ? '' : file.source),
      ]),
  );
}

/** The relative addresses a file's code imports, dynamically or statically, from the folder of the build. */
const importsOf = (file: string, code: string) =>
  [...code.matchAll(/(?:import\(|from\s*)(['"`])(\.\.?\/[^'"`]+)\1/g)].map((match) =>
    posix.normalize(posix.join(posix.dirname(file), match[2] as string)),
  );

/**
 * The language packs are renamed after the build wrote them, and their names rewritten in the code that imports
 * them (build/packs.ts, `sharedPackHash`): every pack that the built loader or a built chunk imports is a file of
 * the build, and all packs share one hash.
 */
describe('the app build’s language packs', () => {
  it('are each imported by a name that is a file of the build, all with one hash', {
    timeout: 180_000,
  }, async () => {
    const files = await appBuild();
    const packs = [...files.keys()].filter((file) => LANGUAGE_PACK.test(file));
    expect(packs.length).toBeGreaterThanOrEqual(9 * 4 - 1);
    expect(new Set(packs.map((file) => file.replace(/^.*-([\w-]+)\.js$/, '$1'))).size).toBe(1);
    const imported = [...files].flatMap(([file, code]) => importsOf(file, code));
    const packImports = imported.filter((file) =>
      /\/(?:lang|texts|products|member|menu)\.[a-z]{2,3}-/.test(file),
    );
    // The loader's table (a language pack a language), and each language pack's four.
    expect(packImports.length).toBeGreaterThanOrEqual(8 + 8 * 4);
    expect(packImports.filter((file) => !files.has(file))).toEqual([]);
    expect(imported.filter((file) => !files.has(file))).toEqual([]);
  });
});
