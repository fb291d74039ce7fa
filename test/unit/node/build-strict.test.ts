import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { build } from 'vite';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');
const SUBSET = resolve(root, 'src/ui/react-subset/react.ts');

/**
 * Issue 23: a build warning stops the build. The script tag's React subset (src/ui/react-subset) lacking a
 * function a library imports would otherwise build with a warning, exit 0 and ship `undefined` in its place.
 */
describe('the script tag’s build', () => {
  it('stops when the React subset lacks a function a library imports', { timeout: 180_000 }, async () => {
    const without = readFileSync(SUBSET, 'utf8').replace(/^\s*useReducer,\n/m, '');
    expect(without).not.toContain('useReducer,');
    const building = build({
      root,
      mode: 'app',
      logLevel: 'silent',
      configFile: resolve(root, 'vite.config.ts'),
      build: { write: false },
      plugins: [
        {
          name: 'subset-without-useReducer',
          enforce: 'pre',
          load: (id) => (id === SUBSET ? without : null),
        },
      ],
    });
    await expect(building).rejects.toThrow(/IMPORT_IS_UNDEFINED.*useReducer/s);
  });

  it('stops when a module build/chunks.ts names for a chunk is not in the build', {
    timeout: 180_000,
  }, async () => {
    // As after a rename that build/chunks.ts did not follow: cart-edits.ts is no longer imported by anything.
    const actions = resolve(root, 'src/store/cart-actions.ts');
    const building = build({
      root,
      mode: 'app',
      logLevel: 'silent',
      configFile: resolve(root, 'vite.config.ts'),
      build: { write: false },
      plugins: [
        {
          name: 'cart-edits-renamed',
          enforce: 'pre',
          transform: (code, id) =>
            id === actions ? code.replace("import('./cart-edits')", "import('./cart-v1')") : null,
        },
      ],
    });
    await expect(building).rejects.toThrow(
      /build\/chunks\.ts names modules that are not in the build: src\/store\/cart-edits\.ts \(chunk "widgets"\)/,
    );
  });
});
