/** The five builds of vite.config.ts, one function a mode (`defineConfig` there says what each makes). */
import { resolve } from 'node:path';
import type { UserConfig } from 'vite';
import { integrityGate } from '../scripts/cdn-integrity.ts';
import { appChunks, CART_CODE, namedChunks, rareCode } from './chunks.ts';
import { MINIFIED_OUTPUT, TERSER } from './minify.ts';
import { sharedPackHash } from './packs.ts';
import { CLASSIC_JSX, REACT_ON_PREACT, reactSubset } from './react-subset.ts';
import { textPacks } from './texts.ts';

type Log = { code?: string; message: string };
type Level = 'warn' | 'info' | 'debug';

/**
 * A build warning is a build error: a name imported but not exported (a function missing from
 * src/ui/react-subset, which would ship as `undefined` and crash the menu), an import that cannot split, an
 * eval. The one warning let through says why (`expected`); the timings note is Rolldown's own report on slow
 * plugins, not about the code, and is left out.
 */
function strictLogs(expected: (log: Log) => boolean = () => false) {
  return (level: Level, log: Log, handler: (level: Level, log: Log) => void) => {
    if (log.code === 'PLUGIN_TIMINGS' || expected(log)) return;
    // (Vite's handler only prints an 'error' level: the build must stop, so this throws.)
    if (level === 'warn') throw new Error(`The build stopped on a warning: [${log.code}] ${log.message}`);
    handler(level, log);
  };
}

/** What every build shares. */
const SHARED = {
  define: { 'process.env.NODE_ENV': '"production"' },
  build: {
    emptyOutDir: false,
    reportCompressedSize: false,
    sourcemap: false,
    rolldownOptions: { onLog: strictLogs() },
  },
} satisfies UserConfig;

/** `embed`: the classic-script bootstrap, `dist/cdn/embed.js`. */
export const embedBuild = (root: string): UserConfig => ({
  ...SHARED,
  build: {
    ...SHARED.build,
    target: 'es2020',
    lib: {
      entry: resolve(root, 'src/embed.ts'),
      formats: ['iife'],
      name: 'StorefrontEmbed',
      fileName: () => 'embed.js',
    },
    outDir: 'dist/cdn',
    rolldownOptions: { ...SHARED.build.rolldownOptions, output: { minify: true } },
  },
});

/**
 * `react`: `storefront-widgets/react`, the same components on the app's React. React (a peer dependency), zustand
 * and floating-ui (the package's dependencies, shared with an app that has them) are imported, never bundled;
 * the texts packs and the menu stay lazy chunks.
 */
export const reactBuild = (root: string): UserConfig => ({
  ...SHARED,
  oxc: CLASSIC_JSX,
  plugins: [textPacks(root)],
  build: {
    ...SHARED.build,
    outDir: 'dist/react',
    target: 'es2022',
    lib: { entry: resolve(root, 'src/react/index.ts'), formats: ['es'], fileName: () => 'index.js' },
    rolldownOptions: {
      ...SHARED.build.rolldownOptions,
      external: [/^react($|\/)/, /^react-dom($|\/)/, /^zustand($|\/)/, /^@floating-ui\//],
      output: {
        minify: false,
        chunkFileNames: 'chunks/[name]-[hash].js',
        // The client boundary is the package's: a Next.js Server Component imports the components as they
        // are (the directive is written on the entry, where a module's own would be dropped by bundling).
        banner: (chunk) => (chunk.isEntry ? "'use client';" : ''),
      },
    },
  },
});

/** `api`: the framework-free API client, `dist/api/index.js`. */
export const apiBuild = (root: string): UserConfig => ({
  ...SHARED,
  build: {
    ...SHARED.build,
    outDir: 'dist/api',
    target: 'es2022',
    lib: { entry: resolve(root, 'src/api/index.ts'), formats: ['es'], fileName: () => 'index.js' },
    rolldownOptions: {
      ...SHARED.build.rolldownOptions,
      // `jose` (the webhooks' verification) is the package's dependency, imported when first needed.
      external: [/^jose($|\/)/],
      output: { minify: false },
    },
  },
});

/** `app` and `app-v2`: the script tag's loader and chunks, for the pages on one cart service. */
export function appBuild(root: string, cartApi: 'v1' | 'v2'): UserConfig {
  const chunks = namedChunks(root, appChunks(CART_CODE[cartApi], cartApi === 'v1' ? 'v2' : 'v1'));
  return {
    ...SHARED,
    oxc: CLASSIC_JSX,
    resolve: { alias: REACT_ON_PREACT },
    plugins: [reactSubset, textPacks(root), chunks.plugin, sharedPackHash, integrityGate(rareCode(cartApi))],
    build: {
      ...SHARED.build,
      target: 'es2022',
      ...TERSER,
      outDir: cartApi === 'v2' ? 'dist/cdn/v2' : 'dist/cdn',
      // (Named by its content as the chunks are: only embed.js keeps its name from one release to the next.)
      lib: { entry: resolve(root, 'src/loader.ts'), formats: ['es'], fileName: () => 'loader-[hash].js' },
      rolldownOptions: {
        ...SHARED.build.rolldownOptions,
        // Code the loader needs stays in loader.js (the widgets' chunks import it from there), instead of
        // being split into small shared chunks that each compress worse and cost a request before any widget.
        preserveEntrySignatures: 'allow-extension',
        output: {
          ...MINIFIED_OUTPUT,
          chunkFileNames: 'chunks/[name]-[hash].js',
          codeSplitting: { groups: chunks.groups },
        },
      },
    },
  };
}
