import Papa from 'papaparse';
import { csvLines, CsvNumber, unguardField } from './csv-text.ts';
import { parsePriceInput } from './filters.ts';
import { formatPrice } from './money.ts';
import type { CatalogueRow } from './rows.ts';
import type { ProductStatus } from './types.ts';

// The products' CSV (docs/product.md, Back office page): staff export names, addresses, prices,
// statuses, colours and SKUs, change them in a spreadsheet and import the file again. The import
// is planned first (a dry run): every change and every error by line, before anything is written.
// It changes existing products only; new products, with their specification sheets, are made in
// the editor. Colours and their SKUs are lists separated by "|".

export const PRODUCT_CSV_HEADER = [
  'Key',
  'Name',
  'Address',
  'Category',
  'Status',
  'Price (USD)',
  'Colours',
  'SKUs',
  'Description',
] as const;

const STATUSES: readonly ProductStatus[] = ['draft', 'published', 'archived'];
const URL_KEY = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const SKU = /^[A-Z0-9]+(-[A-Z0-9]+)*$/;

/** A product as the shop holds it: its row, with the time of its last change (for conflicts). */
export type HeldRow = CatalogueRow & { updated_at: string };

/** Every product as CSV, header first, in the order given. */
export function productsCsv(rows: readonly CatalogueRow[]): string {
  const lines = rows.map((r) => [
    r.key,
    r.name,
    r.url_key,
    r.category,
    r.status,
    new CsvNumber((r.price_cents / 100).toFixed(2)),
    r.variants.map((v) => v.color).join(' | '),
    r.variants.map((v) => v.sku).join(' | '),
    r.description,
  ]);
  return csvLines([PRODUCT_CSV_HEADER, ...lines]);
}

/** One field of a product the import changes, as staff read it. */
export interface FieldChange {
  field:
    'name' | 'urlKey' | 'status' | 'price' | 'colours' | 'skus' | 'defaultColour' | 'description';
  before: string;
  after: string;
}

/** What the import would write for one line: the product as saved, and what differs. */
export interface PlannedChange {
  line: number;
  key: string;
  name: string;
  changes: FieldChange[];
  /** The row after the change, and the time it was read (the save is refused if it moved). */
  next: CatalogueRow;
  expectedUpdatedAt: string;
}

export interface LineError {
  /** The file's line (the header is line 1); 0 for the file as a whole. */
  line: number;
  message: string;
}

export interface ImportPlan {
  changes: PlannedChange[];
  errors: LineError[];
  /** Lines that match the shop already. */
  unchanged: number;
}

const list = (text: string) =>
  text
    .split('|')
    .map((part) => part.trim())
    .filter((part) => part !== '');

type Row = Record<(typeof PRODUCT_CSV_HEADER)[number], string>;

function readFile(text: string): { rows: Row[]; errors: LineError[] } {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const errors: LineError[] = parsed.errors.map((e) => ({
    line: (e.row ?? -1) + 1,
    message: `The file could not be read here: ${e.message}.`,
  }));
  const [header, ...records] = parsed.data;
  const names = (header ?? []).map((h) => h.trim());
  const missing = PRODUCT_CSV_HEADER.filter((h) => !names.includes(h));
  const extra = names.filter((h) => !(PRODUCT_CSV_HEADER as readonly string[]).includes(h));
  if (!header || missing.length > 0 || extra.length > 0) {
    const wanted = `The first line must name the columns ${PRODUCT_CSV_HEADER.join(', ')}`;
    const detail = [
      missing.length > 0 ? `missing: ${missing.join(', ')}` : '',
      extra.length > 0 ? `unknown: ${extra.join(', ')}` : '',
    ].filter(Boolean);
    return {
      rows: [],
      errors: [{ line: 1, message: `${wanted} (${detail.join('; ') || 'none found'}).` }],
    };
  }
  const rows = records.map((cells) => {
    const row = {} as Row;
    names.forEach((name, i) => {
      row[name as keyof Row] = unguardField((cells[i] ?? '').trim());
    });
    return row;
  });
  return { rows, errors };
}

/** The checks of one line against the product it names: the product after it, or the problems. */
function readLine(row: Row, held: CatalogueRow): { next: CatalogueRow } | { problems: string[] } {
  const problems: string[] = [];
  const name = row.Name;
  if (name === '' || name.length > 120) problems.push('Name must have 1 to 120 characters.');
  const urlKey = row.Address;
  if (!URL_KEY.test(urlKey) || urlKey.length > 80) {
    problems.push('Address must be lowercase letters and digits joined by hyphens (at most 80).');
  }
  if (row.Category !== held.category)
    problems.push(`Category cannot change (it is ${held.category}).`);
  const status = STATUSES.find((s) => s === row.Status);
  if (!status) problems.push(`Status must be one of ${STATUSES.join(', ')}.`);
  const price = parsePriceInput(row['Price (USD)']);
  if (!price.ok || price.cents === null || price.cents <= 0) {
    problems.push('Price must be an amount in dollars above 0, like 129.99.');
  }
  const colours = list(row.Colours);
  const skus = list(row.SKUs);
  if (colours.length === 0) problems.push('Colours must name at least one colour.');
  if (new Set(colours).size !== colours.length)
    problems.push('Colours must differ from each other.');
  if (colours.some((c) => c.length > 40)) problems.push('A colour has at most 40 characters.');
  if (skus.length !== colours.length)
    problems.push('SKUs must give one SKU per colour, in the same order.');
  if (skus.some((s) => !SKU.test(s) || s.length > 40)) {
    problems.push('A SKU is uppercase letters and digits joined by hyphens (at most 40).');
  }
  if (row.Description.length > 4000) problems.push('Description has at most 4000 characters.');
  if (problems.length > 0 || !status || !price.ok || price.cents === null) return { problems };
  const next: CatalogueRow = {
    ...held,
    name,
    url_key: urlKey,
    status,
    price_cents: price.cents,
    variants: colours.map((color, i) => ({ color, sku: skus[i]! })),
    // The default colour stays while the product still has it.
    selected_color: colours.includes(held.selected_color) ? held.selected_color : colours[0]!,
    description: row.Description,
  };
  return { next };
}

function differences(before: CatalogueRow, after: CatalogueRow): FieldChange[] {
  const colours = (r: CatalogueRow) => r.variants.map((v) => v.color).join(' | ');
  const skus = (r: CatalogueRow) => r.variants.map((v) => v.sku).join(' | ');
  const pairs: [FieldChange['field'], string, string][] = [
    ['name', before.name, after.name],
    ['urlKey', before.url_key, after.url_key],
    ['status', before.status, after.status],
    ['price', formatPrice(before.price_cents), formatPrice(after.price_cents)],
    ['colours', colours(before), colours(after)],
    ['skus', skus(before), skus(after)],
    ['defaultColour', before.selected_color, after.selected_color],
    ['description', before.description, after.description],
  ];
  return pairs
    .filter(([, b, a]) => b !== a)
    .map(([field, b, a]) => ({ field, before: b, after: a }));
}

/** Names, addresses and SKUs must stay unique across the whole catalogue after the import. */
function clashes(changes: PlannedChange[], held: readonly HeldRow[]): LineError[] {
  const errors: LineError[] = [];
  const after = new Map<string, CatalogueRow>(held.map((h) => [h.key, h]));
  for (const change of changes) after.set(change.key, change.next);
  const lineOf = new Map(changes.map((c) => [c.key, c.line]));
  const seen = new Map<string, string>();
  for (const product of after.values()) {
    const values: [string, string][] = [
      [`name:${product.name.toLowerCase()}`, `Another product is named "${product.name}"`],
      [`url:${product.url_key}`, `Another product has the address "${product.url_key}"`],
      ...product.variants.map((v): [string, string] => [
        `sku:${v.sku}`,
        `Another product has the SKU ${v.sku}`,
      ]),
    ];
    for (const [id, message] of values) {
      const other = seen.get(id);
      if (other === undefined) {
        seen.set(id, product.key);
        continue;
      }
      if (other === product.key) continue;
      const line = lineOf.get(product.key) ?? lineOf.get(other) ?? 0;
      const otherName = after.get(lineOf.has(product.key) ? other : product.key)?.name ?? other;
      errors.push({ line, message: `${message} (${otherName}).` });
    }
  }
  return errors;
}

/** The dry run: what importing `text` would change in the products held, and every error by line. */
export function planProductImport(text: string, held: readonly HeldRow[]): ImportPlan {
  const { rows, errors } = readFile(text);
  const byKey = new Map(held.map((h) => [h.key, h]));
  const seenKeys = new Set<string>();
  const changes: PlannedChange[] = [];
  let unchanged = 0;
  rows.forEach((row, index) => {
    const line = index + 2;
    const key = row.Key;
    const found = byKey.get(key);
    if (!found) {
      errors.push({
        line,
        message: `Unknown product key "${key}": new products are made in the editor.`,
      });
      return;
    }
    if (seenKeys.has(key)) {
      errors.push({ line, message: `${key} is on an earlier line already.` });
      return;
    }
    seenKeys.add(key);
    const read = readLine(row, found);
    if ('problems' in read) {
      for (const message of read.problems) errors.push({ line, message });
      return;
    }
    const fields = differences(found, read.next);
    if (fields.length === 0) unchanged += 1;
    else {
      changes.push({
        line,
        key,
        name: read.next.name,
        changes: fields,
        next: read.next,
        expectedUpdatedAt: found.updated_at,
      });
    }
  });
  errors.push(...clashes(changes, held));
  errors.sort((a, b) => a.line - b.line);
  return { changes, errors, unchanged };
}
