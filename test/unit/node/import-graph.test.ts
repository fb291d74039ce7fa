import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue 23: the modules of src/ import one another without a circle (types included: a module of shared types
 * that nothing imports back from is how the store's slices are split), and the widgets reach the platform only
 * through the store: no value import from src/api or src/auth in src/widgets. Issue 35: the layers in their
 * order, types included (`LAYERS`); no circle among sandbox/'s modules either (their shared types are in
 * `sandbox/context.ts`, which imports nothing back).
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

/**
 * The file a relative specifier names (`./store` → store.ts, `./types` → types/index.ts), if in src/; a
 * language's texts as the build makes them (`virtual:texts/menu.de`, build/texts.ts), its file in src/i18n/.
 */
function fileOf(from: string, specifier: string): string | undefined {
  const texts = /^virtual:texts\/(?:\w+\.)?([a-z]{2,3})?/.exec(specifier);
  if (texts) return join(srcDir, 'i18n', `${texts[1] ?? 'en'}.ts`);
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
const sandboxFiles = sourceFiles(join(root, 'sandbox'));
const buildFiles = sourceFiles(join(root, 'build'));
const graph = new Map([...files, ...sandboxFiles, ...buildFiles].map((file) => [file, importsOf(file)]));
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
  for (const file of graph.keys()) if (!indexOf.has(file)) visit(file);
  return found;
}

/**
 * What each layer may not import (types too): the API client nothing of the widgets' code, the session only the
 * API client, the store no view (`ui`, `widgets`, `react`), the shared views no widget, the languages' texts
 * (`i18n`) nothing but each other, the sandbox (the platform's stand-in) none of the widgets' own code, and the
 * build's modules (`build/`) none of the code they build. A layer is a folder of src/ (`src/<layer>/…`; the files
 * at the top of src/, the script tag's wiring, are `app`), `sandbox` or `build`.
 */
const LAYERS: Record<string, RegExp> = {
  api: /^(?!api$)/,
  auth: /^(?!api$|auth$)/,
  store: /^(ui|widgets|react)$/,
  ui: /^widgets$/,
  // The languages' texts: data, whose types are English's.
  i18n: /^(?!i18n$)/,
  sandbox: /^(widgets|react|store)$/,
  // The build's plugins read src/ as files, never as modules (and the build scripts' own helpers).
  build: /^(?!build$|scripts$)/,
};

const layerOf = (file: string) => {
  const [top, second, ...rest] = name(file).split('/');
  if (top === 'sandbox' || top === 'build' || top === 'scripts') return top;
  return rest.length ? (second as string) : 'app';
};

/** Every import that crosses a layer the wrong way, as `from → to`. */
function layerBreaches(): string[] {
  return [...graph].flatMap(([file, edges]) => {
    const forbidden = LAYERS[layerOf(file)];
    return forbidden
      ? edges
          .filter(({ to }) => forbidden.test(layerOf(to)))
          .map(({ to }) => `${name(file)} (${layerOf(file)}) → ${name(to)} (${layerOf(to)})`)
      : [];
  });
}

describe('the modules of src/ and sandbox/', () => {
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

  it('finds a circle of types among the sandbox’s modules (the check itself)', () => {
    // The circle issue 35 broke: the context naming the webhooks' class, whose module reads the context.
    const context = join(root, 'sandbox', 'context.ts');
    const webhooks = join(root, 'sandbox', 'webhooks', 'index.ts');
    const saved = graph.get(context) ?? [];
    graph.set(context, [...saved, { to: webhooks, typeOnly: true }]);
    try {
      expect(
        circles().some((circle) => circle.includes(name(context)) && circle.includes(name(webhooks))),
      ).toBe(true);
    } finally {
      graph.set(context, saved);
    }
  });

  it('keep to their layers: api, auth, store, ui below the widgets; the sandbox none of the widgets’ code', () => {
    expect(layerBreaches()).toEqual([]);
  });

  it('finds an import across a layer when there is one (the check itself)', () => {
    const api = join(srcDir, 'api', 'http.ts');
    const sandbox = join(root, 'sandbox', 'app.ts');
    const saved = [graph.get(api) ?? [], graph.get(sandbox) ?? []] as const;
    graph.set(api, [...saved[0], { to: join(srcDir, 'store', 'store.ts'), typeOnly: true }]);
    graph.set(sandbox, [...saved[1], { to: join(srcDir, 'store', 'types.ts'), typeOnly: true }]);
    try {
      expect(layerBreaches()).toEqual([
        'src/api/http.ts (api) → src/store/store.ts (store)',
        'sandbox/app.ts (sandbox) → src/store/types.ts (store)',
      ]);
    } finally {
      graph.set(api, saved[0]);
      graph.set(sandbox, saved[1]);
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
