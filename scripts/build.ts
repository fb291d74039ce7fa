/**
 * `npm run build`: the five Vite builds of vite.config.ts (the app for v1 and for Cart V2, embed, api, react)
 * into a fresh `dist/` (the script-tag build in `dist/cdn/`, its files' hashes written in, and
 * `dist/cdn/integrity.json`), the `storefront-widgets` command for Node (`dist/cli/bin.js`, the package's `bin`), the React
 * demo app (`dist/demo-react/`, left out of the package), then the type declarations of the API (`dist/api/`)
 * and of the React entry (`dist/types/`), with relative imports that resolve under `moduleResolution`
 * `nodenext` as well as `bundler`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { build } from 'vite';
import { sealAppBuild, writeIntegrityJson } from './cdn-integrity';
import { englishStrings } from './strings';

const root = resolve(import.meta.dirname, '..');
// Always the production bundle, also when a test runner (NODE_ENV=test) starts the build: Preact's
// development checks must not ship, and the tests must drive what ships.
process.env.NODE_ENV = 'production';
rmSync(resolve(root, 'dist'), { recursive: true, force: true });
const configFile = resolve(root, 'vite.config.ts');
// The script-tag build in dist/cdn/: the two app builds, sealed with their hashes (scripts/cdn-integrity.ts),
// then embed.js, given their loaders, then integrity.json.
for (const mode of ['app', 'app-v2']) await build({ root, mode, logLevel: 'warn', configFile });
const v1 = sealAppBuild(resolve(root, 'dist/cdn'));
const v2 = sealAppBuild(resolve(root, 'dist/cdn/v2'));
const loaders = [
  [v1.file, v1.integrity],
  [`v2/${v2.file}`, v2.integrity],
];
await build({
  root,
  mode: 'embed',
  logLevel: 'warn',
  configFile,
  define: { __SF_LOADERS__: JSON.stringify(loaders) },
});
const { version } = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as { version: string };
writeIntegrityJson(resolve(root, 'dist/cdn'), version);
for (const mode of ['api', 'react']) await build({ root, mode, logLevel: 'warn', configFile });
// The `storefront-widgets` command (the sandbox, and the merchant's products and members commands), for Node:
// an installed package has neither tsx nor TypeScript. Its packages (hono, @hono/node-server, csv-parse,
// csv-stringify, @streamparser/json, cli-progress) stay imports, resolved from the package's dependencies.
await build({
  root,
  configFile: false,
  logLevel: 'warn',
  build: {
    ssr: resolve(root, 'bin/storefront-widgets.ts'),
    outDir: resolve(root, 'dist/cli'),
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    reportCompressedSize: false,
    rolldownOptions: {
      external: [
        /^node:/,
        /^hono($|\/)/,
        /^@hono\//,
        /^csv-(parse|stringify)($|\/)/,
        /^@streamparser\//,
        /^cli-progress$/,
      ],
      output: { entryFileNames: 'bin.js', banner: '#!/usr/bin/env node' },
    },
  },
});
// The React demo app (demo/react), on real React and the built React entry, as an app would use the package.
await build({
  root: resolve(root, 'demo/react'),
  configFile: false,
  base: '/react/',
  logLevel: 'warn',
  define: { 'process.env.NODE_ENV': '"production"' },
  resolve: { alias: { 'storefront-widgets/react': resolve(root, 'dist/react/index.js') } },
  build: {
    outDir: resolve(root, 'dist/demo-react'),
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      // The package's `'use client'` marks its client boundary for server-rendering frameworks; in an app's
      // client bundle, as here, it means nothing and is dropped, as intended.
      onLog(level, log, handler) {
        if (log.code === 'MODULE_LEVEL_DIRECTIVE' && log.message.includes('"use client"')) return;
        handler(level, log);
      },
    },
  },
});
for (const project of ['tsconfig.api.json', 'tsconfig.react.json']) {
  execFileSync(resolve(root, 'node_modules/.bin/tsc'), ['-p', project], { cwd: root, stdio: 'inherit' });
}
for (const folder of ['dist/api', 'dist/types']) withExtensions(resolve(root, folder));
// The widgets' English texts by `data-strings` key, beside embed.js: the template for a language of a site's own.
writeFileSync(resolve(root, 'dist/cdn/strings.en.json'), `${JSON.stringify(englishStrings(), null, 2)}\n`);
console.log(
  'Built dist/: cdn/ (embed.js, loader-*.js, chunks/, v2/, integrity.json, strings.en.json), api/, react/, types/, cli/, demo-react/',
);

/**
 * Gives every relative import of the emitted declarations its file: `'./http'` becomes `'./http.js'` and
 * `'./types'` (a folder) `'./types/index.js'`. Under `nodenext` a relative import must name its file; under
 * `bundler` both forms work.
 */
function withExtensions(folder: string): void {
  const files = readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.d.ts'));
  for (const file of files) {
    const path = join(folder, file);
    const from = dirname(path);
    const fixed = readFileSync(path, 'utf8').replace(
      /((?:from|import)\s*\(?\s*)(['"])(\.{1,2}\/[^'"]*?)\2/g,
      (whole, before: string, quote: string, spec: string) => {
        if (/\.(js|json|css)$/.test(spec) || spec.includes('?')) return whole;
        const target = resolve(from, spec);
        if (existsSync(`${target}.d.ts`)) return `${before}${quote}${spec}.js${quote}`;
        if (existsSync(target) && statSync(target).isDirectory() && existsSync(join(target, 'index.d.ts')))
          return `${before}${quote}${spec}/index.js${quote}`;
        throw new Error(`${path}: cannot resolve the import '${spec}'`);
      },
    );
    writeFileSync(path, fixed);
  }
}
