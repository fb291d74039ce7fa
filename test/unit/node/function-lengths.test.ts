import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parseAst } from 'rolldown/parseAst';
import { describe, expect, it } from 'vitest';

/**
 * Issue 23: small functions. No function in src/ or sandbox/ is over ~80 lines (every line from its first to
 * its last, nested functions and comments included), but for the few listed here, each with its reason and the
 * length it may not grow past.
 */
const LIMIT = 80;
const EXCEPTIONS = new Map<string, { lines: number; why: string }>([]);

const root = resolve(import.meta.dirname, '../../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** A folder's source files; none for a folder not there (`build/` holds the build's parts once they leave vite.config.ts). */
function sourceFilesIfAny(dir: string): string[] {
  return existsSync(dir) ? sourceFiles(dir) : [];
}

interface Found {
  where: string;
  lines: number;
}

/** Every function of a file (declarations, expressions, arrows, methods), named as its binding names it. */
function functionsOf(file: string): Found[] {
  const source = readFileSync(file, 'utf8');
  const lineAt = (offset: number) => source.slice(0, offset).split('\n').length;
  const found: Found[] = [];
  const walk = (node: unknown, name: string | undefined): void => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const child of node) walk(child, name);
      return;
    }
    const n = node as Record<string, unknown> & { type?: string; start: number; end: number };
    if (typeof n.type === 'string' && /Function|ArrowFunctionExpression/.test(n.type) && n.body) {
      const id = (n.id as { name?: string } | null | undefined)?.name;
      found.push({
        where: `${relative(root, file)} ${id ?? name ?? '(anonymous)'}`,
        lines: lineAt(n.end) - lineAt(n.start) + 1,
      });
    }
    for (const [key, value] of Object.entries(n)) {
      if (key === 'type' || key === 'start' || key === 'end') continue;
      const keyName = (n.key as { name?: string; value?: string } | undefined) ?? {};
      walk(
        value,
        n.type === 'VariableDeclarator' && key === 'init'
          ? (n.id as { name?: string }).name
          : (n.type === 'Property' || n.type === 'MethodDefinition') && key === 'value'
            ? (keyName.name ?? keyName.value)
            : name,
      );
    }
  };
  walk(parseAst(source, { lang: file.endsWith('x') ? 'tsx' : 'ts' }, file), undefined);
  return found;
}

describe('functions in src/, sandbox/, scripts/ and build/', () => {
  const all = ['src', 'sandbox', 'scripts', 'build']
    .flatMap((dir) => sourceFilesIfAny(join(root, dir)))
    .flatMap(functionsOf);

  it(`are at most ${LIMIT} lines, but for the listed exceptions, which do not grow`, () => {
    const long = all
      .filter(({ where, lines }) => lines > (EXCEPTIONS.get(where)?.lines ?? LIMIT))
      .map(({ where, lines }) => `${where}: ${lines} lines`);
    expect(long).toEqual([]);
  });

  it('list no exception that is gone', () => {
    const present = new Set(all.filter(({ lines }) => lines > LIMIT).map(({ where }) => where));
    expect([...EXCEPTIONS.keys()].filter((where) => !present.has(where))).toEqual([]);
  });
});

describe('the views in src/', () => {
  it('are files of at most 400 lines each (issue 35: a part a file)', () => {
    const long = sourceFiles(join(root, 'src'))
      .filter((file) => file.endsWith('.tsx'))
      .map((file) => ({ file: relative(root, file), lines: readFileSync(file, 'utf8').split('\n').length }))
      .filter(({ lines }) => lines > 400)
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    expect(long).toEqual([]);
  });
});
