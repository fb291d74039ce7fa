/**
 * The `storefront-widgets` command's process: `dist/sandbox/bin.js` once built (the package's `bin`), and
 * `npm run sandbox` (`tsx sandbox/bin.ts sandbox`) from the sources. Ctrl-C (or SIGTERM) closes the server.
 */
import { runCli } from './cli';

const result = await runCli(process.argv.slice(2), {
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
