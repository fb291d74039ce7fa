import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { CLASSIC_JSX, REACT_ON_PREACT, reactSubset } from './build/react-subset.ts';
import { textPacks } from './build/texts.ts';

/**
 * `react` as preact/compat (REACT_ON_PREACT), and for @floating-ui and zustand the script tag's subset of it
 * (`reactSubset`): a plugin rather than aliases, which cannot see the importer.
 */
const reactOnPreact: Plugin = {
  name: 'react-on-preact',
  enforce: 'pre',
  resolveId(source, importer) {
    const alias = REACT_ON_PREACT.find(({ find }) => find.test(source));
    if (!alias) return null;
    return (
      reactSubset.resolveId(alias.replacement, importer) ??
      this.resolve(alias.replacement, importer, { skipSelf: true })
    );
  },
};

const REACT_18 = resolve(import.meta.dirname, 'test/react-18/node_modules');

/**
 * Unit tests: the sandbox, the API client and the session in Node; the loader, UI and widgets in happy-dom on
 * preact/compat, as the script tag runs them (`react` aliased as in the build).
 */
export default defineConfig({
  oxc: CLASSIC_JSX,
  // The widgets' texts, as the build makes them of src/i18n/ (`virtual:texts/…`).
  plugins: [textPacks(import.meta.dirname)],
  test: {
    css: true,
    // Worker threads start faster than processes (119 s → 96 s for the whole suite on 2 cores).
    pool: 'threads',
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['test/unit/node/**/*.test.ts'],
          setupFiles: ['test/setup/preload-chunks.ts'],
          // The Node tests make every store, session and sandbox from factories (no module singletons, no DOM):
          // they share one module graph per worker instead of loading it again for each file (45 s → 19 s).
          isolate: false,
        },
      },
      {
        extends: true,
        // `react` is preact/compat, as in the build; for @floating-ui and zustand, the script tag's subset of it
        // (vite.config.ts `reactSubset`), so a function the subset lacks fails these tests as it fails the build.
        plugins: [reactOnPreact],
        test: {
          name: 'dom',
          environment: 'happy-dom',
          include: ['test/unit/dom/**/*.test.{ts,tsx}'],
          setupFiles: ['test/setup/testing-library.ts'],
          // Packages that import `react` go through the alias too (else they would find the real React).
          server: { deps: { inline: ['zustand', /@floating-ui/] } },
        },
      },
      // The React entry on real React: 19 (the root's), and 18 (the test/react-18 workspace's).
      {
        extends: true,
        test: {
          name: 'react',
          environment: 'happy-dom',
          environmentOptions: { happyDOM: { url: 'http://localhost:4000/shop' } },
          include: ['test/unit/react/**/*.test.{ts,tsx}'],
          setupFiles: ['test/setup/testing-library.ts', 'test/setup/react.ts'],
        },
      },
      {
        extends: true,
        resolve: {
          alias: [
            { find: /^react(\/.*)?$/, replacement: `${REACT_18}/react$1` },
            { find: /^react-dom(\/.*)?$/, replacement: `${REACT_18}/react-dom$1` },
          ],
        },
        test: {
          name: 'react18',
          environment: 'happy-dom',
          environmentOptions: { happyDOM: { url: 'http://localhost:4000/shop' } },
          include: ['test/unit/react/**/*.test.{ts,tsx}'],
          setupFiles: ['test/setup/testing-library.ts', 'test/setup/react.ts'],
          server: { deps: { inline: ['zustand', /@floating-ui/] } },
        },
      },
    ],
  },
});
