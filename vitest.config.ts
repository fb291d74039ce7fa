import preact from '@preact/preset-vite';
import { defineConfig } from 'vitest/config';

/** Unit tests: the sandbox, the API client and the session in Node; the loader, UI and widgets in happy-dom. */
export default defineConfig({
  plugins: [preact({ devtoolsInProd: false, prefreshEnabled: false })],
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
