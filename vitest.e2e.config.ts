import { defineConfig } from 'vitest/config';

/**
 * End-to-end tests: real Chromium (playwright-core) against the servers of `npm start`, started once by the
 * global setup on free ports after a fresh build.
 */
export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['test/e2e/**/*.e2e.ts'],
    globalSetup: ['test/e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
