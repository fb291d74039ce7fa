import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The sandbox may share the client's wire *types*, never its values (STYLE.md): its allow-lists come from
 * WIRE.md and SPEC.md, so a client mistake cannot make the sandbox agree with it.
 *
 * Why a test and not a Biome rule: Biome 2.5's `noRestrictedImports` (paths or `patterns` with
 * `importNamePattern`) matches the module a statement names, and reports `import type { X }` exactly like
 * `import { X }`; it has no equivalent of typescript-eslint's `allowTypeImports` (checked against Biome
 * 2.5.15 with an `overrides` entry for `sandbox/**`: all five import and export forms were reported). So
 * "type-only allowed" cannot be said in biome.json, and this scan says it instead.
 *
 * With `verbatimModuleSyntax` (tsconfig.json), `import { type X } from '…'` still loads the module at run
 * time (as `import {} from '…'`), so only `import type` and `export type` count as type-only.
 */

const root = resolve(import.meta.dirname, '../../..');
const sandboxDir = join(root, 'sandbox');
const srcDir = join(root, 'src');

/** Files allowed to keep value imports from src/, each with the reason: none. */
const VALUE_IMPORT_ALLOW_LIST: Record<string, string> = {};

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return tsFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** Whether a module specifier, seen from `file`, names the client (`src/`, or the package itself). */
function namesClient(file: string, specifier: string): boolean {
  if (specifier === 'storefront-widgets' || specifier.startsWith('storefront-widgets/')) return true;
  if (!specifier.startsWith('.')) return false;
  const target = resolve(dirname(file), specifier);
  return target === srcDir || target.startsWith(srcDir + sep);
}

interface ValueImport {
  file: string;
  line: number;
  statement: string;
}

/** Every statement of `source` that loads a client module for its values. */
function valueImportsFromClient(file: string, source: string): ValueImport[] {
  const found: ValueImport[] = [];
  const lineOf = (index: number) => source.slice(0, index).split('\n').length;
  // Static imports and re-exports (one statement may span lines), side-effect imports, import() and require().
  const patterns = [
    /\b(import|export)\s+([^;'"]*?)\s+from\s+['"]([^'"]+)['"]/g,
    /\b(import)\s*()['"]([^'"]+)['"]/g,
    /\b(import|require)\s*\(\s*()['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const pattern of patterns) {
    for (const match of source.matchAll(pattern)) {
      const [statement, , clause = '', specifier = ''] = match;
      if (!namesClient(file, specifier)) continue;
      if (/^type\b/.test(clause.trim())) continue;
      found.push({ file: relative(root, file), line: lineOf(match.index), statement: statement.trim() });
    }
  }
  return found;
}

describe('sandbox/ takes only types from src/', () => {
  it('has no value import from the client (except the allow-listed files)', () => {
    const offences = tsFiles(sandboxDir)
      .flatMap((file) => valueImportsFromClient(file, readFileSync(file, 'utf8')))
      .filter((offence) => !Object.hasOwn(VALUE_IMPORT_ALLOW_LIST, offence.file.split(sep).join('/')));
    expect(offences.map((o) => `${o.file}:${o.line} ${o.statement.replace(/\s+/g, ' ')}`)).toEqual([]);
  });

  it('tells value imports from type-only ones', () => {
    const file = join(sandboxDir, 'routes', 'example.ts');
    const source = [
      "import type { Member } from '../../src/api/types/members';",
      "export type { Cart } from '../../src/api/types/cart';",
      "import { type Product } from '../../src/api/types/products';",
      'import {\n  MemberStatus,\n  ChannelType,\n} from "../../src/api/types/enums";',
      "export { STORES_APP_ID } from '../../src/api/types/enums';",
      "import '../../src/api/index';",
      "const lazy = await import('../../src/api/http');",
      "import { Hono } from 'hono';",
      "import { applicationError } from '../errors';",
      "import { anything } from 'storefront-widgets/api';",
    ].join('\n');
    expect(valueImportsFromClient(file, source).map((o) => o.line)).toEqual([3, 4, 8, 13, 9, 10]);
  });
});
