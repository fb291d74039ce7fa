/**
 * `npm run readme:integrity`: writes the package's version and the sha384 of the built `dist/cdn/embed.js`
 * (`dist/cdn/integrity.json`) into README's pinned tag (between `<!-- cdn:pinned-tag -->` markers), after a
 * change to what the script-tag build ships. `test/e2e/cdn.e2e.ts` fails until it matches. Run `npm run build`
 * first.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { embedIntegrity } from './cdn-integrity';

const root = resolve(import.meta.dirname, '..');
const readmePath = resolve(root, 'README.md');
const { version } = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as { version: string };
const readme = readFileSync(readmePath, 'utf8');
const block = /(<!-- cdn:pinned-tag -->)([\s\S]*?)(<!-- \/cdn:pinned-tag -->)/;
const found = block.exec(readme);
if (!found) {
  console.error('README.md has no <!-- cdn:pinned-tag --> block');
  process.exit(1);
}
const integrity = embedIntegrity();
const written = (found[2] as string)
  .replace(/storefront-widgets@[\w.-]+\//g, `storefront-widgets@${version}/`)
  .replace(/integrity="[^"]*"/, `integrity="${integrity}"`);
const updated = readme
  .replace(block, `$1${written}$3`)
  .replace(/(https:\/\/unpkg\.com\/storefront-widgets@)[\w.-]+(\/dist\/cdn\/embed\.js)/g, `$1${version}$2`);
if (updated === readme) console.log(`README.md's pinned tag is up to date (${version}, ${integrity})`);
else {
  writeFileSync(readmePath, updated);
  console.log(`README.md's pinned tag: ${version}, ${integrity}`);
}
