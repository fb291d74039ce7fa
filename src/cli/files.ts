/**
 * Product files for Node (the `products` command; never in a browser build): CSV with a header row, read as
 * it streams (csv-parse), and JSON (a list of objects, streamed by @streamparser/json), so that memory stays
 * flat whatever the file's size; and the export written as CSV (csv-stringify) or JSON.
 */
import { createReadStream } from 'node:fs';
import { extname } from 'node:path';
import type { Writable } from 'node:stream';
import { JSONParser } from '@streamparser/json';
import { parse } from 'csv-parse';
import { stringify } from 'csv-stringify';
import {
  PRODUCT_COLUMNS,
  type ProductRecord,
  type ProductRowInput,
  ProductRowsError,
  productRecordCells,
} from '../api/product-rows';

export type ProductFileFormat = 'csv' | 'json';

/** A file's format by its extension (`.csv`, `.json`), or undefined. */
export function formatOf(path: string): ProductFileFormat | undefined {
  const ext = extname(path).toLowerCase();
  return ext === '.csv' ? 'csv' : ext === '.json' ? 'json' : undefined;
}

/**
 * The rows of a CSV file, as objects keyed by its header row (row 1; the first product is row 2). A header
 * that is not a column, named twice or empty is a `ProductRowsError` of row 1; a row with more or fewer cells than the header, or
 * broken quotes, one of its row.
 */
export async function* readCsvRows(path: string): AsyncGenerator<ProductRowInput> {
  const parser = createReadStream(path).pipe(
    parse({ bom: true, skip_empty_lines: true, relax_column_count: false }),
  );
  let header: string[] | undefined;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      if (!header) {
        header = checkedHeader(record);
        continue;
      }
      const row: Record<string, string> = {};
      header.forEach((column, i) => {
        row[column] = record[i] ?? '';
      });
      yield row;
    }
  } catch (error) {
    if (error instanceof ProductRowsError) throw error;
    const { code, records, lines, message } = error as {
      code?: string;
      records?: number;
      lines?: number;
      message: string;
    };
    const text =
      code === 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH'
        ? `has another number of cells than the header row's ${header?.length} (line ${lines} of the file)`
        : `cannot be read as CSV: ${message}`;
    throw new ProductRowsError([{ row: (records ?? 0) + 1, column: '(the whole row)', message: text }]);
  }
}

function checkedHeader(record: string[]): string[] {
  const header = record.map((name) => name.trim());
  const problems = header.flatMap((column, i) => {
    if (column === '') return [{ row: 1, column: `(column ${i + 1})`, message: 'has no name' }];
    if (header.indexOf(column) !== i) return [{ row: 1, column, message: 'is named twice' }];
    if (!(PRODUCT_COLUMNS as readonly string[]).includes(column))
      return [{ row: 1, column, message: `is not a column (the columns are ${PRODUCT_COLUMNS.join(', ')})` }];
    return [];
  });
  if (problems.length) throw new ProductRowsError(problems);
  return header;
}

/** The objects of a JSON file holding a list of them (the first is row 1). */
export async function* readJsonRows(path: string): AsyncGenerator<ProductRowInput> {
  const parser = new JSONParser({ paths: ['$.*'], keepStack: false });
  const ready: ProductRowInput[] = [];
  let row = 0;
  parser.onValue = ({ value }) => {
    row += 1;
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      throw new ProductRowsError([
        { row, column: '(the whole row)', message: 'must be an object of columns' },
      ]);
    ready.push(value as ProductRowInput);
  };
  let started = false;
  for await (const chunk of createReadStream(path)) {
    if (!started && /^\s*[^\s[]/.test(String(chunk).slice(0, 64)))
      throw new ProductRowsError([
        { row: 1, column: '(the file)', message: 'must be a JSON list of products: [{…}, …]' },
      ]);
    started = true;
    try {
      parser.write(chunk as Uint8Array);
    } catch (error) {
      if (error instanceof ProductRowsError) throw error;
      throw new ProductRowsError([
        { row: row + 1, column: '(the file)', message: `is not JSON: ${(error as Error).message}` },
      ]);
    }
    yield* ready.splice(0);
  }
  yield* ready.splice(0);
}

/** The rows of a product file and the number of its first product's row. */
export function productFile(path: string, format: ProductFileFormat) {
  return format === 'csv'
    ? { rows: () => readCsvRows(path), firstRow: 2 }
    : { rows: () => readJsonRows(path), firstRow: 1 };
}

/** Writes product records to `out` as CSV (a header row, then a row each) or as a JSON list; resolves at the end. */
export async function writeProducts(
  records: AsyncIterable<ProductRecord> | Iterable<ProductRecord>,
  format: ProductFileFormat,
  out: Writable,
): Promise<void> {
  const write = (text: string) =>
    new Promise<void>((resolve, reject) => {
      if (out.write(text)) resolve();
      else out.once('drain', resolve).once('error', reject);
    });
  if (format === 'json') {
    let first = true;
    for await (const record of records) {
      await write(`${first ? '[\n' : ',\n'}  ${JSON.stringify(jsonRecord(record))}`);
      first = false;
    }
    await write(first ? '[]\n' : '\n]\n');
    return;
  }
  const csv = stringify({ header: true, columns: [...PRODUCT_COLUMNS] });
  const done = new Promise<void>((resolve, reject) => {
    csv.on('data', (chunk: Buffer) => {
      if (!out.write(chunk)) {
        csv.pause();
        out.once('drain', () => csv.resume());
      }
    });
    csv.on('end', resolve).on('error', reject);
  });
  for await (const record of records) {
    if (!csv.write(productRecordCells(record))) await new Promise((resolve) => csv.once('drain', resolve));
  }
  csv.end();
  await done;
}

/** A record in the JSON file: options as `{"Size": ["S", "M"]}`. */
function jsonRecord(record: ProductRecord): Record<string, unknown> {
  const { options, ...rest } = record;
  return options === undefined
    ? rest
    : { ...rest, options: Object.fromEntries(options.map((o) => [o.name, o.choices])) };
}
