/**
 * React on Preact for the script-tag build and the widgets' happy-dom tests (vitest.config.ts): the aliases, the
 * JSX the two share with the React entry, and the narrower React that two libraries get.
 */
import { resolve } from 'node:path';

/**
 * The widgets are written against React's API (`react`, `react-dom`); the script-tag build runs them on
 * preact/compat. (The React entry, `storefront-widgets/react`, leaves `react` to the app.) Also used by the
 * widgets' happy-dom tests (vitest.config.ts).
 */
export const REACT_ON_PREACT = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
];

/**
 * JSX as `createElement(type, props, ...children)` imported from `react` in each .tsx (tsconfig.json): the
 * same calls run on preact/compat and on React, and they are shorter than the automatic runtime's
 * `jsx(type, {…props, children})` (0.15 KB gzip less in all).
 */
export const CLASSIC_JSX = {
  jsx: { runtime: 'classic', pragma: 'createElement', pragmaFrag: 'Fragment' },
} as const;

/**
 * @floating-ui/react and zustand's hook get React by namespace or default object; given only the functions they
 * use (src/ui/react-subset), the rest of preact/compat is left out of the bundle. The widgets' happy-dom tests
 * (vitest.config.ts) run on the same subset, so a function it lacks fails them as it fails the build.
 */
export const reactSubset = {
  name: 'react-subset-for-libraries',
  enforce: 'pre',
  resolveId(source: string, importer: string | undefined) {
    if (!importer || !/[\\/]node_modules[\\/](@floating-ui|zustand)[\\/]/.test(importer)) return null;
    // (`react` and `react-dom` are already preact/compat here: the aliases apply first.)
    if (source === 'preact/compat') return resolve(import.meta.dirname, '../src/ui/react-subset/react.ts');
    return null;
  },
} as const;
