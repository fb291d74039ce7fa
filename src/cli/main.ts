/**
 * The merchant's commands of `storefront-widgets`: `products` and `members`. No side effects here: the
 * command's process (`bin/storefront-widgets.ts`) hands in the arguments, the environment and the output.
 */
import { isApiError, isStorefrontError } from '../api/errors';
import { membersCommand } from './members';
import { EXIT_FAILED, EXIT_USAGE, line, type MerchantIo, MerchantUsageError } from './merchant';
import { productsCommand } from './products';

const MERCHANT_COMMANDS: ReadonlyMap<string, (args: string[], io: MerchantIo) => Promise<number>> = new Map([
  ['products', productsCommand],
  ['members', membersCommand],
]);

/** Whether `name` is one of the merchant's commands (the others are the sandbox's). */
export const isMerchantCommand = (name: string | undefined) =>
  name !== undefined && MERCHANT_COMMANDS.has(name);

/**
 * Runs `storefront-widgets <products|members> …` (the arguments after the command's name): resolves with the
 * exit code. A wrong command line is 2, the platform's refusal (a wrong key, an address that is not the
 * platform) 1, each with its message and no stack.
 */
export async function runMerchantCommand(args: string[], io: MerchantIo): Promise<number> {
  const [name = '', ...rest] = args;
  const command = MERCHANT_COMMANDS.get(name);
  if (!command) throw new TypeError(`'${name}' is not a merchant's command`);
  try {
    return await command(rest, io);
  } catch (error) {
    if (error instanceof MerchantUsageError) {
      line(io.stderr, `storefront-widgets ${name}: ${error.message}`);
      line(io.stderr, `Run 'storefront-widgets ${name} --help' for the options.`);
      return EXIT_USAGE;
    }
    if (!isStorefrontError(error)) throw error;
    const status = isApiError(error) ? ` (${error.status} ${error.code})` : '';
    line(io.stderr, `storefront-widgets ${name}: ${error.message}${status}`);
    return EXIT_FAILED;
  }
}
