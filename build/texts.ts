/**
 * The widgets' texts, one source file a language (`src/i18n/<code>.ts`, English's shape: `src/i18n/en.ts`), made
 * into the modules the code imports, each part of one language a module of its own so that each is its own
 * chunk (an import of one `de.ts` from several chunks would put all of it in a shared one):
 * - `virtual:texts/texts.<code>`: the views' (`{ drawer, login }`), downloaded with the drawer or the modal;
 * - `virtual:texts/products.<code>`, `virtual:texts/member.<code>`, `virtual:texts/menu.<code>`: the product
 *   elements', the badge's member part's, the member menu's;
 * - `virtual:texts/lang.<code>` (not English): the language pack, what a widget says when its code cannot be had
 *   and the way to the four above, with their hashes (src/integrity.ts);
 * - `virtual:texts/badge.en`: the loader's English (the badge shell's and `cannotLoad`), and
 *   `virtual:texts/shell`: every other language's badge shell texts, by code, in the loader too.
 * The types of these modules are `src/i18n/packs.d.ts`. Used by every build of vite.config.ts and by the unit
 * tests (vitest.config.ts): the dev server reads the files again when they change.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { transformWithOxc } from 'vite';

const PREFIX = 'virtual:texts/';
/**
 * A module's resolved id, `virtual:texts/<pack>.<code>.js`: its chunk is then `<pack>.<code>-<hash>.js`, as the
 * packs' shared hash (build/packs.ts) and the integrity gate (scripts/cdn-integrity.ts) know packs. (No `\0`
 * before it, the mark of a virtual module: the React build names each module in a comment.)
 */
const resolved = (source: string) => (source.endsWith('.js') ? source : `${source}.js`);
const PACK = /^(texts|products|member|menu|lang|badge)\.([a-z]{2,3})$/;
/** A language's file in src/i18n/: its code, two or three small letters. */
const LANGUAGE_FILE = /^([a-z]{2,3})\.ts$/;

type Part = Record<string, string>;
/** One language's texts, as `src/i18n/en.ts` has them. */
interface Texts {
  shell: Part;
  cannotLoad: string;
  drawer: Part;
  login: Part;
  product: Part;
  member: Part;
  menu: Part;
}

/** The languages with a file in `dir`, English's included. */
export const languagesIn = (dir: string): string[] =>
  readdirSync(dir)
    .map((file) => LANGUAGE_FILE.exec(file)?.[1])
    .filter((code): code is string => code !== undefined)
    .sort();

/** A language's file, read as the module it is (its only imports are types). */
async function readTexts(file: string): Promise<Texts> {
  const { code } = await transformWithOxc(readFileSync(file, 'utf8'), file, { lang: 'ts' });
  if (/^\s*import\s/m.test(code)) throw new Error(`${file}: a language's file imports nothing but types`);
  const module = (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as {
    default: Texts;
  };
  return module.default;
}

/** English has no language pack (its texts are the code's), and only English's badge texts are not the shell's. */
const wrongFor = (pack: string, code: string) =>
  (pack === 'lang' && code === 'en') || (pack === 'badge' && code !== 'en');

const json = (value: unknown) => JSON.stringify(value);

/** An object of texts as a literal, its keys unquoted where they can be (as the unminified React build shows it). */
const literal = (value: unknown, indent = ''): string => {
  if (typeof value !== 'object' || value === null) return json(value);
  const inner = `${indent}  `;
  const entries = Object.entries(value).map(
    ([key, item]) => `${inner}${/^[A-Za-z_$][\w$]*$/.test(key) ? key : json(key)}: ${literal(item, inner)},`,
  );
  return `{\n${entries.join('\n')}\n${indent}}`;
};

/** The module of one pack of one language. */
function packModule(pack: string, code: string, texts: Texts, integrity: string): string {
  switch (pack) {
    case 'texts':
      return `export default ${literal({ drawer: texts.drawer, login: texts.login })};`;
    case 'products':
      return `export default ${literal(texts.product)};`;
    case 'member':
      return `export default ${literal(texts.member)};`;
    case 'menu':
      return `export default ${literal(texts.menu)};`;
    case 'badge':
      return `export default ${literal({ ...texts.shell, cannotLoad: texts.cannotLoad })};`;
    default:
      // (Its packs' hashes are named from the loader's folder, which this module needs no address of its own for:
      // an app's bundler would write it out. The build writes them over the placeholder: scripts/cdn-integrity.ts.)
      return [
        `import { addIntegrity, builtTable } from ${json(integrity)};`,
        `export const cannotLoad = ${json(texts.cannotLoad)};`,
        ...['texts', 'products', 'member', 'menu'].map(
          (part) => `export const ${part} = () => import(${json(`${PREFIX}${part}.${code}`)});`,
        ),
        `addIntegrity(builtTable('"__sf_integrity_packs__"'));`,
      ].join('\n');
  }
}

/** The Vite plugin that makes the `virtual:texts/…` modules from `src/i18n/` under `root`. */
export function textPacks(root: string) {
  const dir = resolve(root, 'src/i18n');
  const integrity = resolve(root, 'src/integrity.ts').replaceAll('\\', '/');
  return {
    name: 'text-packs',
    enforce: 'pre',
    resolveId(source: string) {
      return source.startsWith(PREFIX) ? resolved(source) : null;
    },
    async load(this: { addWatchFile(file: string): void }, id: string) {
      if (!id.startsWith(PREFIX) || !id.endsWith('.js')) return null;
      const name = id.slice(PREFIX.length, -'.js'.length);
      const languages = languagesIn(dir);
      const read = (code: string) => {
        const file = resolve(dir, `${code}.ts`);
        this.addWatchFile(file);
        return readTexts(file);
      };
      if (name === 'shell') {
        const others = languages.filter((code) => code !== 'en');
        const shells = await Promise.all(others.map(async (code) => [code, (await read(code)).shell]));
        return `export default ${literal(Object.fromEntries(shells))};`;
      }
      const [, pack, code] = PACK.exec(name) ?? [];
      if (!pack || !code || !languages.includes(code) || wrongFor(pack, code))
        throw new Error(`${PREFIX}${name}: no such texts (languages in src/i18n/: ${languages.join(', ')})`);
      return packModule(pack, code, await read(code), integrity);
    },
  } as const;
}
