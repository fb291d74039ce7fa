import { defineConfig } from 'vite';
import { apiBuild, appBuild, embedBuild, reactBuild } from './build/modes.ts';

/**
 * Five builds share this file, chosen by `--mode` (each one's configuration in build/modes.ts; the parts they
 * share in build/: which modules make which chunk, `chunks.ts`; the React subset, `react-subset.ts`; the texts
 * made of src/i18n/, `texts.ts`, and their packs' names, `packs.ts`; the minifiers, `minify.ts`):
 * - `app` (default): `dist/cdn/loader-<hash>.js`, the ESM entry, with one hashed lazy chunk per widget in
 *   `dist/cdn/chunks/`, for the pages on the platform's v1 cart;
 * - `app-v2`: the same entry and chunks for the pages on Cart V2 (`data-cart-api="v2"`), in `dist/cdn/v2/`: V2's
 *   changes in the views' chunk, where the `app` build has v1's (`CART_CODE` in build/chunks.ts);
 * - `embed`: `dist/cdn/embed.js`, the classic-script bootstrap that loads the loader beside it (`v2/loader-*.js`
 *   for a V2 page), the one file of dist/cdn/ whose name never changes: built after the app builds are sealed
 *   (scripts/cdn-integrity.ts), it is given their loaders' files and hashes (`__SF_LOADERS__`);
 * - `api`: `dist/api/index.js`, the framework-free API client for Node and bundlers;
 * - `react`: `dist/react/index.js`, the components and hooks for React apps (`storefront-widgets/react`).
 * `npm run build` (scripts/build.ts) runs them all and writes the API's type declarations.
 */
export default defineConfig(({ mode }) => {
  const root = import.meta.dirname;
  if (mode === 'embed') return embedBuild(root);
  if (mode === 'react') return reactBuild(root);
  if (mode === 'api') return apiBuild(root);
  return appBuild(root, mode === 'app-v2' ? 'v2' : 'v1');
});
