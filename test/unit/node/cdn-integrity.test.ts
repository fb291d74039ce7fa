import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { integrityGate, sealAppBuild } from '../../../scripts/cdn-integrity';

const root = resolve(import.meta.dirname, '../../..');
const sha256 = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`;

let folder = '';
afterEach(() => {
  if (folder) rmSync(folder, { recursive: true, force: true });
  folder = '';
});

/** A built app folder as the minifier writes one: a loader and its chunks, each file's code given. */
function build(files: Record<string, string>): string {
  if (folder) rmSync(folder, { recursive: true, force: true });
  folder = mkdtempSync(join(tmpdir(), 'sf-seal-'));
  mkdirSync(join(folder, 'chunks'));
  for (const [file, code] of Object.entries(files)) writeFileSync(join(folder, file), code);
  return folder;
}

const PLACEHOLDER = (name: string) => `JSON.parse('"__sf_integrity_${name}__"')`;
const read = (file: string) => readFileSync(join(folder, file), 'utf8');
/** A manifest module's table (`export default {…};`). */
const moduleTable = (code: string) =>
  JSON.parse(code.replace(/^export default /, '').replace(/;\n$/, '')) as unknown;
const manifestOf = (loader: string) => {
  const [file, hash] = JSON.parse(/JSON\.parse\('(\[[^']+\])'\)/.exec(read(loader))?.[1] ?? '[]') as string[];
  const code = read(file as string);
  expect(sha256(code)).toBe(hash);
  return moduleTable(code) as { files: Record<string, string>; next: [string, string] };
};

describe('sealing the script-tag build (scripts/cdn-integrity.ts)', () => {
  it('puts each gated import’s chunk and its static imports in the first manifest, `, 1` ones in the next, a language’s texts in its pack', () => {
    build({
      'loader-L.js': `const m=${PLACEHOLDER('manifest')};g(()=>import(\`./chunks/widgets-W.js\`),0);g(()=>import(\`./chunks/flows-F.js\`),1);g(()=>import(\`./chunks/lang.de-P.js\`).then(e=>e.a),0);`,
      'chunks/widgets-W.js': 'import{a}from"../loader-L.js";import{r}from"./runtime-R.js";export const w=1;',
      'chunks/runtime-R.js': 'export const r=1;',
      'chunks/flows-F.js': 'import{w}from"./widgets-W.js";import"./hosted-H.js";',
      'chunks/hosted-H.js': 'export const h=1;',
      'chunks/lang.de-P.js': `import{t}from"../loader-L.js";t(${PLACEHOLDER('packs')});export const texts=()=>import(\`./texts.de-P.js\`);`,
      'chunks/texts.de-P.js': 'export default {a:"b"};',
    });
    const { file, integrity } = sealAppBuild(folder);
    expect(file).toBe('loader-L.js');
    expect(integrity).toBe(sha256(read('loader-L.js')));
    const first = manifestOf('loader-L.js');
    expect(Object.keys(first.files).sort()).toEqual(['lang.de-P.js', 'runtime-R.js', 'widgets-W.js']);
    for (const [name, hash] of Object.entries(first.files)) expect(hash).toBe(sha256(read(`chunks/${name}`)));
    const next = moduleTable(read(`chunks/${first.next[0]}`)) as { files: Record<string, string> };
    expect(sha256(read(`chunks/${first.next[0]}`))).toBe(first.next[1]);
    // (What the first manifest has is not repeated.)
    expect(Object.keys(next.files).sort()).toEqual(['flows-F.js', 'hosted-H.js']);
    expect(read('chunks/lang.de-P.js')).toContain(
      `{"chunks/texts.de-P.js":"${sha256(read('chunks/texts.de-P.js'))}"}`,
    );
  });

  it('stops at an import that is not gated: its chunk would load unchecked', () => {
    build({
      'loader-L.js': `const m=${PLACEHOLDER('manifest')};g(()=>import(\`./chunks/widgets-W.js\`),0);import(\`./chunks/menu-M.js\`);`,
      'chunks/widgets-W.js': 'export const w=1;',
      'chunks/menu-M.js': 'export const m=1;',
    });
    expect(() => sealAppBuild(folder)).toThrow(/an import of chunks\/menu-M\.js that is not gated/);
    // An import some other code wrapped in an arrow (no gate's second argument) is not taken for a gated one.
    build({
      'loader-L.js': `const m=${PLACEHOLDER('manifest')};loadOnce(()=>import(\`./chunks/menu-M.js\`));`,
      'chunks/menu-M.js': 'export const m=1;',
    });
    expect(() => sealAppBuild(folder)).toThrow(/an import of chunks\/menu-M\.js that is not gated/);
  });

  it('stops at a static import of the loader (it would load before any table), and at a language’s pack that imports a chunk', () => {
    build({
      'loader-L.js': `import"./chunks/early-E.js";const m=${PLACEHOLDER('manifest')};`,
      'chunks/early-E.js': 'export const e=1;',
    });
    expect(() => sealAppBuild(folder)).toThrow(/loader-L\.js has static imports/);
    build({
      'loader-L.js': `const m=${PLACEHOLDER('manifest')};g(()=>import(\`./chunks/lang.de-P.js\`),0);`,
      'chunks/lang.de-P.js': `t(${PLACEHOLDER('packs')});export const texts=()=>import(\`./texts.de-P.js\`);`,
      'chunks/texts.de-P.js': 'import{r}from"./runtime-R.js";export default {};',
      'chunks/runtime-R.js': 'export const r=1;',
    });
    expect(() => sealAppBuild(folder)).toThrow(/texts\.de-P\.js imports a chunk/);
  });

  it('stops at a chunk in no table, and at a placeholder left unwritten', () => {
    build({
      'loader-L.js': `const m=${PLACEHOLDER('manifest')};g(()=>import(\`./chunks/widgets-W.js\`),0);`,
      'chunks/widgets-W.js': 'export const w=1;',
      'chunks/stray-S.js': 'export const s=1;',
    });
    expect(() => sealAppBuild(folder)).toThrow(/chunks\/stray-S\.js in no table of hashes/);
    build({
      'loader-L.js': `const m=${PLACEHOLDER('manifest')};g(()=>import(\`./chunks/widgets-W.js\`),0);`,
      'chunks/widgets-W.js': `const x=${PLACEHOLDER('packs')};`,
    });
    expect(() => sealAppBuild(folder)).toThrow(/placeholder was left unwritten/);
  });
});

describe('the integrity gate around the widgets’ dynamic imports', () => {
  const transform = async (code: string, rare: string[] = []) => {
    const plugin = integrityGate(rare);
    const id = resolve(root, 'src/store/example.ts');
    const resolver = {
      async resolve(source: string) {
        return { id: resolve(root, 'src/store', `${source}.ts`) };
      },
    };
    return (await plugin.transform.call(resolver, code, id))?.code;
  };

  it('wraps every import in gated(), `, 1` for a module named rare, but a language’s packs other than English’s', async () => {
    const out = await transform(
      "a = () => import('./cart-edits'); b = () => import('./sign-in-flows'); c = () => import('./texts.de'); d = () => import('./texts.en');",
      ['src/store/sign-in-flows.ts'],
    );
    expect(out).toContain("__sfGated(() => import('./cart-edits'), 0)");
    expect(out).toContain("__sfGated(() => import('./sign-in-flows'), 1)");
    expect(out).toContain("c = () => import('./texts.de')");
    expect(out).toContain("__sfGated(() => import('./texts.en'), 0)");
    expect(out?.startsWith('import { gated as __sfGated } from ')).toBe(true);
  });

  it('leaves a module without dynamic imports, and the gate’s own, as they are', async () => {
    expect(await transform('export const a = 1;')).toBeUndefined();
  });
});
