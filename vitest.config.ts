import { defineConfig } from 'vitest/config';
import { CLASSIC_JSX, REACT_ON_PREACT } from './vite.config.ts';

/**
 * Unit tests: the sandbox, the API client and the session in Node; the loader, UI and widgets in happy-dom on
 * preact/compat, as the script tag runs them (`react` aliased as in the build).
 */
export default defineConfig({
  oxc: CLASSIC_JSX,
  test: {
    css: true,
    projects: [
      {
        extends: true,
        test: { name: 'node', environment: 'node', include: ['test/unit/node/**/*.test.ts'] },
      },
      {
        extends: true,
        resolve: { alias: REACT_ON_PREACT },
        test: {
          name: 'dom',
          environment: 'happy-dom',
          include: ['test/unit/dom/**/*.test.{ts,tsx}'],
          // Packages that import `react` go through the alias too (else they would find the real React).
          server: { deps: { inline: ['zustand', /@floating-ui/] } },
        },
      },
    ],
  },
});
