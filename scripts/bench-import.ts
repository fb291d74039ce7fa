/**
 * `npm run bench:import`: `storefront-widgets products import` of a large CSV (50,000 rows; BENCH_ROWS
 * changes it) into the sandbox, as a process of its own (the built `dist/cli/bin.js`, built first if missing), then the same file again (every row unchanged).
 * Prints each run's time, its rate and the import process's peak memory (its maximum resident set), beside
 * the target of 200 MB; exits 1 when a run fails or passes it. The sandbox runs in this process, so that its
 * memory (the whole catalogue) is not the import's.
 */
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startSandboxServer } from '../sandbox/server';

const root = resolve(import.meta.dirname, '..');
const rows = Number(process.env.BENCH_ROWS ?? 50_000);
const TARGET_MB = 200;

/** A CSV of `rows` products, written as it goes. */
async function writeCsv(path: string): Promise<void> {
  const out = createWriteStream(path);
  out.write('sku,name,price,description,productType,visible,brand,weight,collections\n');
  for (let i = 0; i < rows; i++) {
    const line = `BENCH-${String(i).padStart(6, '0')},Bench product ${i},${(5 + (i % 90)).toFixed(2)},"<p>Product ${i}: a description of some length, as a shop's would be.</p>",physical,true,Bench & Co.,${(i % 10) / 10},bench|bench-${i % 20}\n`;
    if (!out.write(line)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

/** Runs the import as its own process; resolves with its time, its peak memory and its summary line. */
function importRun(file: string, apiBase: string): Promise<{ ms: number; peakMb: number; summary: string }> {
  // Printed by the import's process as it exits: its peak resident set (kilobytes, Linux and macOS alike).
  const peak =
    'data:text/javascript,process.on("exit",()=>process.stderr.write("\\npeak-rss-kb "+process.resourceUsage().maxRSS+"\\n"))';
  const start = performance.now();
  const child = spawn(process.execPath, ['--import', peak, 'dist/cli/bin.js', 'products', 'import', file], {
    cwd: root,
    env: { ...process.env, STOREFRONT_API_KEY: 'sandbox-admin-key', STOREFRONT_API_BASE: apiBase },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  child.stderr.on('data', (chunk) => (err += chunk));
  return new Promise((done, fail) => {
    child.on('exit', (code) => {
      const ms = performance.now() - start;
      const kb = Number(/peak-rss-kb (\d+)/.exec(err)?.[1]);
      if (code !== 0 || !kb) fail(new Error(`the import failed (exit ${code}):\n${out}\n${err}`));
      else done({ ms, peakMb: kb / 1024, summary: out.trim().split('\n')[0] ?? '' });
    });
  });
}

/** The newest change time of a file under `dir` (0 for none). */
const newest = (dir: string): number =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .reduce((latest, entry) => Math.max(latest, statSync(join(entry.parentPath, entry.name)).mtimeMs), 0);

// The command as the package ships it, run by Node alone (what a merchant's `npx storefront-widgets` runs),
// built again when the source changed since (a benchmark of an old build would measure the wrong code).
const bin = resolve(root, 'dist/cli/bin.js');
if (!existsSync(bin) || statSync(bin).mtimeMs < newest(resolve(root, 'src'))) {
  console.log('Building: dist/cli/bin.js is missing or older than src/');
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
}
const folder = mkdtempSync(join(tmpdir(), 'sf-bench-import-'));
const file = join(folder, 'products.csv');
await writeCsv(file);
const server = await startSandboxServer({ port: 0 });
let failed = false;
try {
  console.log(`Importing ${rows.toLocaleString('en-US')} rows into the sandbox (${server.url}), then again:`);
  for (const label of ['first run (creates)', 'second run (unchanged)']) {
    const { ms, peakMb, summary } = await importRun(file, server.url);
    const ok = peakMb < TARGET_MB;
    failed ||= !ok;
    console.log(
      `  ${label}: ${(ms / 1000).toFixed(1)} s, ${Math.round(rows / (ms / 1000)).toLocaleString('en-US')} rows/s, peak memory ${peakMb.toFixed(0)} MB (target < ${TARGET_MB} MB${ok ? '' : ': OVER'})\n    ${summary}`,
    );
  }
} finally {
  await server.close();
  rmSync(folder, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
