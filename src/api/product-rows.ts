/**
 * The rows of a product file (`storefront-widgets products import`, `importProducts`): the columns, what a cell
 * may hold, and the check of a whole file before anything is written. Runtime-free: no file, no stream.
 */
import { StorefrontError } from './errors';

/** The columns of a product file, in the order the export writes them. `sku` is required: it is the key. */
export const PRODUCT_COLUMNS = [
  'sku',
  'name',
  'price',
  'description',
  'productType',
  'visible',
  'brand',
  'ribbon',
  'weight',
  'collections',
  'options',
] as const;
export type ProductColumn = (typeof PRODUCT_COLUMNS)[number];

/** One option of a product as a file gives it: its name and its choices (as shoppers see them), in order. */
export interface ProductRecordOption {
  name: string;
  choices: string[];
}

/**
 * One product of a file, checked. Only the fields it gives are imported: a field left out (a column the file
 * has not, or an empty cell of `name`, `price`, `productType`, `visible` or `weight`) leaves the product's as
 * it is. An empty `description`, `brand` or `ribbon` is none, empty `collections` no collection (but All
 * Products) and empty `options` no options.
 */
export interface ProductRecord {
  sku: string;
  name?: string;
  price?: number;
  /** HTML, as the platform keeps it. */
  description?: string;
  productType?: 'physical' | 'digital';
  visible?: boolean;
  brand?: string;
  ribbon?: string;
  weight?: number;
  /** The slugs of the collections the product is in, besides All Products. */
  collections?: string[];
  options?: ProductRecordOption[];
}

/**
 * A row as read from a file: a CSV record (every cell a string) or a JSON object (numbers, booleans, a list of
 * collection slugs and an `options` object `{"Size": ["S", "M"]}` may also be given as such).
 */
export type ProductRowInput = Readonly<Record<string, unknown>>;

/** What is wrong with one cell of a file: its row (a spreadsheet's number), its column and why. */
export interface RowProblem {
  row: number;
  column: string;
  message: string;
}

/** A file that cannot be imported, found before anything is written: every problem, by row and column. */
export class ProductRowsError extends StorefrontError {
  override name = 'ProductRowsError';
  declare readonly problems: RowProblem[];
  constructor(problems: RowProblem[], more = false) {
    const lines = problems.map((p) => `  row ${p.row}, column "${p.column}": ${p.message}`);
    super(
      `The file cannot be imported; nothing was written:\n${lines.join('\n')}${more ? '\n  (and more)' : ''}`,
    );
    this.problems = problems;
  }
}

export const isProductRowsError = (error: unknown): error is ProductRowsError =>
  error instanceof ProductRowsError ||
  (typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'ProductRowsError');

/** The platform's bounds (a product's texts, an amount). */
const MAX_LENGTH: Readonly<Record<string, number>> = {
  sku: 40,
  name: 80,
  description: 8000,
  brand: 50,
  ribbon: 30,
};
export const MAX_AMOUNT = 999_999_999.99;
const COLUMNS: ReadonlySet<string> = new Set(PRODUCT_COLUMNS);
const SLUG = /^[^\s/?#|]+$/;

type Cell = { ok: true; value: unknown } | { ok: false; message: string };
const bad = (message: string): Cell => ({ ok: false, message });
const good = (value: unknown): Cell => ({ ok: true, value });

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

function text(value: unknown, column: string): Cell {
  if (typeof value !== 'string') return bad(`must be text, not ${JSON.stringify(value)}`);
  const max = MAX_LENGTH[column] ?? Number.POSITIVE_INFINITY;
  return value.length > max
    ? bad(`must be at most ${max} characters long (it is ${value.length})`)
    : good(value);
}

/** A price: a number from 0 to 999999999.99 with at most 2 decimals (`12`, `12.5`, `12.50`). */
function amount(value: unknown, decimals: number | undefined): Cell {
  const source = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  const pattern = decimals === undefined ? /^\d+(?:\.\d+)?$/ : /^\d+(?:\.\d{1,2})?$/;
  const what = decimals === undefined ? 'a number' : 'a price';
  if (!pattern.test(source))
    return bad(
      `${JSON.stringify(value)} is not ${what} (digits with a "." for the decimals${decimals === undefined ? '' : ', at most 2'}, no currency sign or thousands separator)`,
    );
  const number = Number(source);
  return number > MAX_AMOUNT ? bad(`must be at most ${MAX_AMOUNT}`) : good(number);
}

function boolean(value: unknown): Cell {
  if (typeof value === 'boolean') return good(value);
  const lower = typeof value === 'string' ? value.trim().toLowerCase() : '';
  if (lower === 'true') return good(true);
  if (lower === 'false') return good(false);
  return bad(`${JSON.stringify(value)} is not true or false`);
}

function productType(value: unknown): Cell {
  const lower = typeof value === 'string' ? value.trim().toLowerCase() : '';
  return lower === 'physical' || lower === 'digital'
    ? good(lower)
    : bad(`${JSON.stringify(value)} is not physical or digital`);
}

/** Collection slugs, `|`-separated (or a JSON list): each without spaces, "/", "?", "#" or "|". */
function collections(value: unknown): Cell {
  const parts = Array.isArray(value) ? value : typeof value === 'string' ? value.split('|') : undefined;
  if (!parts) return bad('must be collection slugs separated by "|"');
  const slugs: string[] = [];
  for (const part of parts) {
    const slug = typeof part === 'string' ? part.trim() : '';
    if (!SLUG.test(slug) || slug.length > 100)
      return bad(
        `${JSON.stringify(part)} is not a collection slug (1 to 100 characters, no spaces, /, ?, # or |)`,
      );
    if (!slugs.includes(slug)) slugs.push(slug);
  }
  return good(slugs);
}

/** `Size: S|M|L; Color: Black|White` (or a JSON object `{"Size": ["S", "M", "L"]}`): at most 6 options. */
function options(value: unknown): Cell {
  let entries: Array<[string, unknown]>;
  if (typeof value === 'string') {
    const parts = value.split(';').filter((part) => part.trim() !== '');
    entries = [];
    for (const part of parts) {
      const colon = part.indexOf(':');
      if (colon < 0) return bad(`"${part.trim()}" is not an option: write "Name: choice|choice"`);
      entries.push([part.slice(0, colon), part.slice(colon + 1).split('|')]);
    }
  } else if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    entries = Object.entries(value);
  } else return bad('must be options written "Size: S|M|L; Color: Black|White"');
  if (entries.length > 6) return bad(`holds ${entries.length} options; a product has at most 6`);
  const result: ProductRecordOption[] = [];
  for (const [rawName, rawChoices] of entries) {
    const name = rawName.trim();
    if (!name || name.length > 50 || /[;:|]/.test(name))
      return bad(`"${name}" is not an option name (1 to 50 characters, no ";", ":" or "|")`);
    if (result.some((o) => o.name.toLowerCase() === name.toLowerCase()))
      return bad(`repeats the option "${name}"`);
    if (!Array.isArray(rawChoices)) return bad(`the choices of "${name}" must be a list`);
    const choices: string[] = [];
    for (const raw of rawChoices) {
      const choice = typeof raw === 'string' ? raw.trim() : '';
      if (!choice || choice.length > 50 || /[;|]/.test(choice))
        return bad(`${JSON.stringify(raw)} is not a choice of "${name}" (1 to 50 characters, no ";" or "|")`);
      if (choices.some((c) => c.toLowerCase() === choice.toLowerCase()))
        return bad(`repeats the choice "${choice}" of "${name}"`);
      choices.push(choice);
    }
    if (choices.length === 0 || choices.length > 100) return bad(`"${name}" must have 1 to 100 choices`);
    result.push({ name, choices });
  }
  return good(result);
}

/** What an empty cell means: none for texts, collections and options; left as it is for the others. */
const EMPTY_IS_NONE: ReadonlySet<string> = new Set([
  'description',
  'brand',
  'ribbon',
  'collections',
  'options',
]);

function readCell(column: ProductColumn, value: unknown): Cell {
  switch (column) {
    case 'price':
      return amount(value, 2);
    case 'weight':
      return amount(value, undefined);
    case 'visible':
      return boolean(value);
    case 'productType':
      return productType(value);
    case 'collections':
      return collections(value);
    case 'options':
      return options(value);
    case 'sku':
    case 'name': {
      const cell = text(value, column);
      return cell.ok ? good((cell.value as string).trim()) : cell;
    }
    default:
      return text(value, column);
  }
}

/**
 * One row checked: the product it gives, or what is wrong with it (every cell's problem, in column order).
 * `row` is the number its problems name.
 *
 * @example
 * readProductRow({ sku: 'MUG-1', price: '12.50', collections: 'kitchen|gifts' }, 2);
 * // { record: { sku: 'MUG-1', price: 12.5, collections: ['kitchen', 'gifts'] }, problems: [] }
 */
export function readProductRow(
  input: ProductRowInput,
  row: number,
): { record: ProductRecord | undefined; problems: RowProblem[] } {
  const problems: RowProblem[] = [];
  const record: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(input)) {
    if (!COLUMNS.has(column)) {
      problems.push({
        row,
        column,
        message: `is not a column (the columns are ${PRODUCT_COLUMNS.join(', ')})`,
      });
      continue;
    }
    if (isBlank(value)) {
      if (column === 'sku')
        problems.push({ row, column, message: 'is required: the SKU is what finds the product' });
      else if (EMPTY_IS_NONE.has(column))
        record[column] = column === 'collections' || column === 'options' ? [] : '';
      continue;
    }
    const cell = readCell(column as ProductColumn, value);
    if (cell.ok) record[column] = cell.value;
    else problems.push({ row, column, message: cell.message });
  }
  if (!('sku' in input))
    problems.push({ row, column: 'sku', message: 'is required: the SKU is what finds the product' });
  return { record: problems.length ? undefined : (record as unknown as ProductRecord), problems };
}

/** At most this many problems are gathered before the check stops reading. */
export const MAX_ROW_PROBLEMS = 50;

/**
 * Reads every row and checks it, and that no SKU is given twice: throws a `ProductRowsError` naming each
 * problem's row and column (at most `MAX_ROW_PROBLEMS`), or resolves with the number of rows.
 */
export async function checkProductRows(
  rows: Iterable<ProductRowInput> | AsyncIterable<ProductRowInput>,
  firstRow = 1,
): Promise<number> {
  const problems: RowProblem[] = [];
  /** The row each SKU was first seen in: a Map, the SKUs being the file's text. */
  const seen = new Map<string, number>();
  let row = firstRow - 1;
  for await (const input of rows) {
    row += 1;
    const { record, problems: found } = readProductRow(input, row);
    problems.push(...found);
    if (record) {
      const first = seen.get(record.sku);
      if (first !== undefined)
        problems.push({
          row,
          column: 'sku',
          message: `"${record.sku}" is given twice: in row ${first} and here`,
        });
      else seen.set(record.sku, row);
    }
    if (problems.length >= MAX_ROW_PROBLEMS)
      throw new ProductRowsError(problems.slice(0, MAX_ROW_PROBLEMS), true);
  }
  if (problems.length) throw new ProductRowsError(problems);
  return row - firstRow + 1;
}

/** A product record as a file's row of text cells (the export's CSV): every column, empty when not given. */
export function productRecordCells(record: ProductRecord): Record<ProductColumn, string> {
  const cell = (value: unknown) => (value === undefined ? '' : String(value));
  return {
    sku: record.sku,
    name: cell(record.name),
    price: cell(record.price),
    description: cell(record.description),
    productType: cell(record.productType),
    visible: cell(record.visible),
    brand: cell(record.brand),
    ribbon: cell(record.ribbon),
    weight: cell(record.weight),
    collections: (record.collections ?? []).join('|'),
    options: (record.options ?? []).map((o) => `${o.name}: ${o.choices.join('|')}`).join('; '),
  };
}
