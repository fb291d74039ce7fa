/**
 * The `storefront-widgets` command: `sandbox` (the sandbox's own command line, `sandbox/cli.ts`), and the
 * merchant's `products` and `members`. No side effects here: `src/cli/bin.ts` hands in the arguments, the
 * environment and the output, and holds the process.
 */

import { type CliIo, runCli } from '../../sandbox/cli';
import type { SandboxServer } from '../../sandbox/server';
import { isApiError, isStorefrontError } from '../api/errors';
import { membersCommand } from './members';
import { EXIT_FAILED, EXIT_USAGE, line, type MerchantIo, MerchantUsageError } from './merchant';
import { productsCommand } from './products';

const MERCHANT_COMMANDS = new Map([
  ['products', productsCommand],
  ['members', membersCommand],
]);

/**
 * Runs a command line (the arguments after the command's name): resolves with the exit code, or with the
 * running sandbox (`sandbox`).
 */
export async function runCommand(args: string[], io: MerchantIo): Promise<number | SandboxServer> {
  const [name, ...rest] = args;
  const command = name === undefined ? undefined : MERCHANT_COMMANDS.get(name);
  if (!command) {
    const sandboxIo: CliIo = {
      env: io.env,
      log: (t) => line(io.stdout, t),
      error: (t) => line(io.stderr, t),
    };
    return runCli(args, sandboxIo);
  }
  try {
    return await command(rest, io);
  } catch (error) {
    if (error instanceof MerchantUsageError) {
      line(io.stderr, `storefront-widgets ${name}: ${error.message}`);
      line(io.stderr, `Run 'storefront-widgets ${name} --help' for the options.`);
      return EXIT_USAGE;
    }
    if (!isStorefrontError(error)) throw error;
    // The platform's answer (a wrong key, an address that is not the platform): its message, no stack.
    const status = isApiError(error) ? ` (${error.status} ${error.code})` : '';
    line(io.stderr, `storefront-widgets ${name}: ${error.message}${status}`);
    return EXIT_FAILED;
  }
}
