import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue 23: the modules of src/ import one another without a circle (types included: a module of shared types
 * that nothing imports back from is how the store's slices are split), and the widgets reach the platform only
 * through the store: no value import from src/api or src/auth in src/widgets.
 */

const root = resolve(import.meta.dirname, '../../..');
const srcDir = join(root, 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The file a relative specifier names (`./store` → store.ts, `./types` → types/index.ts), if in src/. */
function fileOf(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(from), specifier.replace(/\?.*$/, ''));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

interface Edge {
  to: string;
  typeOnly: boolean;
}

/** Every module a file imports or re-exports, statically or with `import()`, and whether only for types. */
function importsOf(file: string): Edge[] {
  const source = readFileSync(file, 'utf8');
  const edges: Edge[] = [];
  for (const match of source.matchAll(/\b(import|export)\s+([^;'"]*?)\s+from\s+['"]([^'"]+)['"]/g)) {
    const to = fileOf(file, match[3] as string);
    if (to) edges.push({ to, typeOnly: /^type\b/.test(match[2] as string) });
  }
  for (const match of source.matchAll(/\bimport\s*(?:\(\s*)?['"]([^'"]+)['"]/g)) {
    const to = fileOf(file, match[1] as string);
    if (to) edges.push({ to, typeOnly: false });
  }
  return edges;
}

const files = sourceFiles(srcDir);
const graph = new Map(files.map((file) => [file, importsOf(file)]));
const name = (file: string) => relative(root, file);

/** The import circles among the files, each as the files around it (Tarjan's strongly connected components). */
function circles(): string[][] {
  let index = 0;
  const indexOf = new Map<string, number>();
  const lowOf = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string) => {
    indexOf.set(file, index);
    lowOf.set(file, index);
    index++;
    stack.push(file);
    onStack.add(file);
    for (const { to } of graph.get(file) ?? []) {
      if (!indexOf.has(to)) {
        visit(to);
        lowOf.set(file, Math.min(lowOf.get(file) as number, lowOf.get(to) as number));
      } else if (onStack.has(to))
        lowOf.set(file, Math.min(lowOf.get(file) as number, indexOf.get(to) as number));
    }
    if (lowOf.get(file) === indexOf.get(file)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        component.push(name(member));
      } while (member !== file);
      const selfImport = (graph.get(file) ?? []).some((edge) => edge.to === file);
      if (component.length > 1 || selfImport) found.push(component.sort());
    }
  };
  for (const file of files) if (!indexOf.has(file)) visit(file);
  return found;
}

describe('the modules of src/', () => {
  it('import one another without a circle', () => {
    expect(circles()).toEqual([]);
  });

  it('finds a circle when there is one (the check itself)', () => {
    const a = join(srcDir, 'store', 'store.ts');
    const b = join(srcDir, 'store', 'tokens.ts');
    const saved = graph.get(b) ?? [];
    graph.set(b, [...saved, { to: a, typeOnly: true }]);
    try {
      expect(circles().some((circle) => circle.includes(name(a)) && circle.includes(name(b)))).toBe(true);
    } finally {
      graph.set(b, saved);
    }
  });

  it('leave the platform to the store in the widgets: no value import from src/api or src/auth', () => {
    const reaching = files
      .filter((file) => file.startsWith(join(srcDir, 'widgets')))
      .flatMap((file) =>
        (graph.get(file) ?? [])
          .filter(({ to, typeOnly }) => !typeOnly && /^src\/(api|auth)\//.test(name(to)))
          .map(({ to }) => `${name(file)} → ${name(to)}`),
      );
    expect(reaching).toEqual([]);
  });
});
