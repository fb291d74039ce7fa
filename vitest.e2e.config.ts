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
    // The fault run (one seed, 60 operations) finds store defects that issue 13 still has open (carts taken in
    // the order answers arrive): it fails some runs, so it stays out of `npm test` until they are fixed.
    // `SF_FAULTS=1 npm run test:e2e` (or `npm run faults`) runs it.
    exclude: process.env.SF_FAULTS ? [] : ['test/e2e/faults.e2e.ts'],
    globalSetup: ['test/e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
