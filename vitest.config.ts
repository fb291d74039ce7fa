import { defineConfig } from 'vitest/config';

/** Unit tests: the sandbox, the API client and the session in Node; the loader, UI and widgets in happy-dom. */
export default defineConfig({
  // The same JSX as the build (vite.config.ts): Preact's classic `h`.
  oxc: { jsx: { runtime: 'classic', pragma: 'h', pragmaFrag: 'Fragment' } },
  test: {
    css: true,
    projects: [
      {
        extends: true,
        test: { name: 'node', environment: 'node', include: ['test/unit/node/**/*.test.ts'] },
      },
      {
        extends: true,
        test: { name: 'dom', environment: 'happy-dom', include: ['test/unit/dom/**/*.test.{ts,tsx}'] },
      },
    ],
  },
});
