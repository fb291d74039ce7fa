/**
 * The `storefront-widgets` command's process: `dist/cli/bin.js` once built (the package's `bin`), and
 * `npm run sandbox` (`tsx bin/storefront-widgets.ts sandbox`) from the sources. `sandbox` is the sandbox's own
 * command line (`sandbox/cli.ts`), `products` and `members` the merchant's (`src/cli/`). Ctrl-C (or SIGTERM)
 * closes the sandbox; during an import the first Ctrl-C stops it after the calls in flight (a run again
 * finishes the job), a second one at once.
 */
import { runCli } from '../sandbox/cli';
import { isMerchantCommand, runMerchantCommand } from '../src/cli/main';

const args = process.argv.slice(2);
if (isMerchantCommand(args[0])) {
  const stopping = new AbortController();
  process.on('SIGINT', () => {
    if (stopping.signal.aborted) process.exit(130);
    stopping.abort();
    process.stderr.write('\nStopping after the calls in flight (Ctrl-C again to stop at once)…\n');
  });
  process.exitCode = await runMerchantCommand(args, {
    env: process.env,
    stdout: process.stdout,
    stderr: process.stderr,
    signal: stopping.signal,
  });
} else {
  const result = await runCli(args, {
    env: process.env,
    log: (text) => console.log(text),
    error: (text) => console.error(text),
  });
  if (typeof result === 'number') process.exitCode = result;
  else {
    const stop = () => void result.close().then(() => process.exit(0));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  }
}
