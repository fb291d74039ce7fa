/** The names of the app build's language packs (vite.config.ts, modes `app` and `app-v2`). */
import { createHash } from 'node:crypto';

/** A language pack's chunk: the views' texts, the product elements', the badge's or the menu's, in one language. */
export const LANGUAGE_PACK = /^chunks\/((?:lang|texts|products|member|menu)\.[a-z]{2,3})-[\w-]+\.js$/;

/**
 * Every language pack of the app build named with one hash, of all their code (`chunks/texts.fr-<hash>.js`,
 * `chunks/lang.ja-<hash>.js`): a table of packs (`fr: () => import("./chunks/lang.fr-<hash>.js")`, one entry a
 * language) then repeats one name but for the language, which gzip stores in a few bytes an entry instead of
 * the 8 random characters of a hash each (0.15 KB gzip less in loader.js with 9 languages). A changed text
 * renames every pack: they are small, and a page downloads one language's.
 *
 * A rewrite of the emitted code, not a naming hook: a name is given before the code is (`chunkFileNames` sees no
 * code, `augmentChunkHash` adds to one chunk's own hash), and the packs' code depends on more than their texts
 * (a language pack imports the loader by its hashed name). So the packs are renamed once all code is here, and
 * the names are rewritten where they are imported (the loader, the language packs). A test builds the app and
 * checks that every pack a built chunk imports is a file of the build (test/unit/node/build-packs.test.ts), and
 * the integrity step fails on one that is not (scripts/cdn-integrity.ts).
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
