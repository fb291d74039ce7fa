/**
 * The store's lazily loaded modules, imported before a node test file runs: the first import of a module in a
 * test run makes Vite transform it, which on a busy machine can take longer than a test's wait for what the
 * module does (a `vi.waitFor` for a cart edit's answer). Imported here, the store's own `import()` later finds
 * them loaded, as a page finds a chunk it has already downloaded.
 */
await Promise.all([
  import('../../src/store/cart-edits'),
  import('../../src/store/cart-hints'),
  import('../../src/store/order-return'),
  import('../../src/store/session-turns'),
  import('../../src/store/cart-v1'),
  import('../../src/store/cart-v2'),
  import('../../src/store/cart-v2-read'),
  import('../../src/store/member-actions'),
  import('../../src/store/products'),
  import('../../src/store/sign-in-flows'),
  import('../../src/auth/redirect-back'),
]);

export {};
