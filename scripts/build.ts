/**
 * `npm run build`: the three Vite builds of vite.config.ts (app, embed, api) into a fresh `dist/`, then the
 * API's type declarations.
 */
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { build } from 'vite';

const root = resolve(import.meta.dirname, '..');
// Always the production bundle, also when a test runner (NODE_ENV=test) starts the build: Preact's
// development checks must not ship, and the tests must drive what ships.
process.env.NODE_ENV = 'production';
rmSync(resolve(root, 'dist'), { recursive: true, force: true });
for (const mode of ['app', 'embed', 'api']) {
  await build({ root, mode, logLevel: 'warn', configFile: resolve(root, 'vite.config.ts') });
}
execFileSync(resolve(root, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.api.json'], {
  cwd: root,
  stdio: 'inherit',
});
console.log('Built dist/: embed.js, loader.js, chunks/, api/');
