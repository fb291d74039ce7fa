/**
 * The `storefront-widgets` command's process: `dist/cli/bin.js` once built (the package's `bin`). Ctrl-C (or
 * SIGTERM) closes the sandbox; during an import the first Ctrl-C stops it after the batch in flight (a run
 * again finishes the job), a second one at once.
 */
import { runCommand } from './main';

const stopping = new AbortController();
const interrupt = () => {
  if (stopping.signal.aborted) process.exit(130);
  stopping.abort();
  process.stderr.write('\nStopping after the calls in flight (Ctrl-C again to stop at once)…\n');
};
const merchant = process.argv[2] === 'products' || process.argv[2] === 'members';
if (merchant) process.on('SIGINT', interrupt);
const result = await runCommand(process.argv.slice(2), {
  env: process.env,
  stdout: process.stdout,
  stderr: process.stderr,
  signal: stopping.signal,
});
if (typeof result === 'number') process.exitCode = result;
else {
  const stop = () => void result.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
