/**
 * `storefront-widgets products import <file>` (upsert by SKU, `--dry-run`, resumable), `products export` (CSV
 * or JSON on standard output, or `--output`) and `products template`: the merchant's catalogue from a
 * spreadsheet, on `importProducts` and `exportProducts`.
 */
import { createWriteStream } from 'node:fs';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { exportProducts } from '../api/product-export';
import { type ImportSummary, importProducts, type RowOutcome } from '../api/product-import';
import { isProductRowsError, PRODUCT_COLUMNS } from '../api/product-rows';
import { formatOf, type ProductFileFormat, productFile, writeProducts } from './files';
import {
  API_OPTIONS_HELP,
  EXIT_FAILED,
  line,
  type MerchantIo,
  MerchantUsageError,
  merchantClient,
  positiveInt,
  readArgs,
} from './merchant';
import { count, progressOn } from './progress';

export const PRODUCTS_USAGE = `Usage: storefront-widgets products <import|export|template> [options]

  import <file.csv|file.json>   creates and updates the file's products, by SKU: a SKU the shop has is
                                updated where the row differs, a new one created; a row that matches its
                                product writes nothing. Every row is checked before anything is written.
      --dry-run                 print what would be created and updated, and write nothing
      --concurrency <n>         calls at once (1 to 32, default 8)
  export                        every product, as the import takes them (CSV by default)
      --format <csv|json>       (default: the --output file's extension, else csv)
      --output <file>           write to a file rather than to standard output
  template                      the CSV's header row and one example product

Columns: ${PRODUCT_COLUMNS.join(', ')} (sku required). A re-run after an interruption finishes the job.
${API_OPTIONS_HELP}`;

const TEMPLATE = `${PRODUCT_COLUMNS.join(',')}
MUG-001,Stoneware Mug,18.00,<p>Hand-glazed stoneware.</p>,physical,true,Northwind,New,0.4,kitchen|gifts,Colour: Sand|Slate
`;

export async function productsCommand(args: string[], io: MerchantIo): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === undefined || sub === '-h' || sub === '--help') {
    line(io.stdout, PRODUCTS_USAGE);
    return 0;
  }
  if (sub === 'template') {
    readArgs(rest, {});
    io.stdout.write(TEMPLATE);
    return 0;
  }
  if (sub === 'import') return importCommand(rest, io);
  if (sub === 'export') return exportCommand(rest, io);
  throw new MerchantUsageError(`Unknown products command '${sub}' (import, export or template)`);
}

async function importCommand(args: string[], io: MerchantIo): Promise<number> {
  const { values, positionals } = readArgs(args, {
    'dry-run': { type: 'boolean' },
    concurrency: { type: 'string' },
    'api-base': { type: 'string' },
  });
  const [path, extra] = positionals;
  if (!path) throw new MerchantUsageError('Name the file to import: products import <file.csv|file.json>');
  if (extra) throw new MerchantUsageError(`Unexpected argument '${extra}'`);
  const format = formatOf(path);
  if (!format) throw new MerchantUsageError(`"${path}" is not a .csv or a .json file`);
  const concurrency = positiveInt(values.concurrency, '--concurrency', 32) ?? 8;
  const client = merchantClient(values['api-base'], io);
  const dryRun = values['dry-run'] ?? false;
  const { rows, firstRow } = productFile(path, format);
  const progress = progressOn(io.stderr, dryRun ? 'Comparing' : 'Importing', io.now);
  let summary: ImportSummary;
  try {
    summary = await importProducts(client, rows, {
      ...{ dryRun, concurrency, firstRow, signal: io.signal },
      ...(io.sleep ? { sleep: io.sleep } : {}),
      ...(io.now ? { now: io.now } : {}),
      onProgress: ({ done, total }) => progress.update(done, total),
      onRow: (outcome) => {
        if (dryRun) dryRunLine(io.stdout, outcome);
      },
    });
  } catch (error) {
    if (!isProductRowsError(error)) throw error;
    line(io.stderr, error.message);
    return EXIT_FAILED;
  } finally {
    progress.stop();
  }
  printSummary(io.stdout, summary);
  return summary.failed > 0 || summary.interrupted ? EXIT_FAILED : 0;
}

function dryRunLine(out: Writable, outcome: RowOutcome): void {
  const at = `${outcome.sku} (row ${outcome.row})`;
  if (outcome.outcome === 'created') line(out, `would create ${at}`);
  else if (outcome.outcome === 'updated') line(out, `would update ${at}: ${outcome.changes.join(', ')}`);
  else if (outcome.outcome === 'failed') line(out, `would fail   ${at}: ${outcome.error}`);
}

function printSummary(out: Writable, s: ImportSummary): void {
  const would = s.dryRun ? 'would be ' : '';
  const collections = s.collectionsCreated.length
    ? `; collections ${would}created: ${s.collectionsCreated.join(', ')}`
    : '';
  line(
    out,
    `${s.dryRun ? 'Dry run, nothing written: ' : ''}${count(s.done)} of ${count(s.total)} rows: ${count(s.created)} ${would}created, ${count(s.updated)} ${would}updated, ${count(s.unchanged)} unchanged, ${count(s.failed)} failed${collections}`,
  );
  for (const f of s.failures) line(out, `  row ${f.row} (SKU ${f.sku}): ${f.error}`);
  if (s.interrupted)
    line(out, 'Interrupted: run the same command again to finish (rows already done are left alone).');
}

async function exportCommand(args: string[], io: MerchantIo): Promise<number> {
  const { values, positionals } = readArgs(args, {
    format: { type: 'string' },
    output: { type: 'string', short: 'o' },
    'api-base': { type: 'string' },
  });
  if (positionals[0]) throw new MerchantUsageError(`Unexpected argument '${positionals[0]}'`);
  const given = values.format;
  if (given !== undefined && given !== 'csv' && given !== 'json')
    throw new MerchantUsageError(`--format must be csv or json, not "${given}"`);
  const format: ProductFileFormat = given ?? (values.output ? formatOf(values.output) : undefined) ?? 'csv';
  const client = merchantClient(values['api-base'], io);
  const progress = progressOn(io.stderr, 'Exporting', io.now);
  const out = values.output ? createWriteStream(values.output) : io.stdout;
  try {
    const records = exportProducts(client, {
      onProgress: ({ done, total }) => progress.update(done, total),
      ...(io.sleep ? { sleep: io.sleep } : {}),
    });
    await writeProducts(records, format, out);
  } finally {
    progress.stop();
    if (out !== io.stdout) {
      out.end();
      await finished(out);
    }
  }
  if (values.output) line(io.stderr, `Wrote ${values.output}`);
  return 0;
}
