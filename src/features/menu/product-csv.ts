/**
 * The products CSV (export, template and import), as Shopify and Medusa do it: one row per
 * product, snake_case headers, weight prices as columns, money in dollars with two decimals.
 * Pure: the server reads what `planImport` needs and writes what it decides.
 *
 * Import rules:
 * - A row matches a product by `id`, else by `slug`; no id and an unknown or empty slug creates
 *   one (an empty slug is made from the name, unique among all products and the file).
 * - The header must name `name` and `category`; any other column may be left out, and a product
 *   then keeps its value (a new one gets the default: a draft, available, no flags). An unknown or
 *   repeated header is an error for the whole file.
 * - An empty cell is "none" (no sale price, stock not counted, no strain); in a column that cannot
 *   be none it is the default (rating 0, flags false, available true), except name, category and
 *   status, which must be given. An empty slug keeps the product's slug.
 * - Decimals are free where the database keeps any (THC, rating); money takes whole cents and
 *   stock thousandths of its unit, what the database can hold exactly.
 * - Row numbers count the header as row 1, as a spreadsheet does.
 * - "Unchanged" means every column in the file equals the product's current value; exporting and
 *   importing again therefore changes nothing.
 */

import * as v from 'valibot';
import { DEFAULT_LOW_STOCK_MILLI, PRODUCT_STATUSES, type ProductStatus } from '../../db/menu-values.ts';
import { toNyWallTime } from '../../lib/ny-time.ts';
import { STRAIN_TYPES } from '../catalog/browse.ts';
import { categoryKey, WEIGHT_OPTIONS, type WeightPriceField, type WeightPrices } from '../catalog/catalog.ts';
import { STOCK_SCALE } from '../catalog/stock.ts';
import { type CsvCell, CsvSyntaxError, parseCsv, restoreFormulaText } from './csv.ts';
import { type ImportRowError, MAX_IMPORT_ROWS, MAX_LISTED_ERRORS } from './csv-upload.ts';
import { checkPrices, slugify, uniqueSlug } from './product-fields.ts';

export const PRODUCT_CSV_COLUMNS = [
  'id',
  'slug',
  'name',
  'status',
  'category',
  'strain',
  'description',
  'price',
  'sale_price',
  'price_1g',
  'price_2g',
  'price_3_5g',
  'price_7g',
  'price_half_oz',
  'price_oz',
  'thc_percent',
  'cbd_percent',
  'thc_mg',
  'net_grams',
  'strain_type',
  'effects',
  'flavor',
  'origin',
  'rating',
  'stock',
  'low_stock',
  'image',
  'available',
  'is_featured',
  'is_best_seller',
  'is_new_arrival',
  'is_organic',
] as const;
export type ProductCsvColumn = (typeof PRODUCT_CSV_COLUMNS)[number];

/** What a new product cannot do without; every other column may be left out of the file. */
export const REQUIRED_COLUMNS = ['name', 'category'] as const satisfies readonly ProductCsvColumn[];

/** The product fields the CSV covers, as stored (cents, stock units). */
export interface ProductValues extends WeightPrices {
  slug: string;
  name: string;
  status: ProductStatus;
  categoryId: number;
  subcategoryId: number | null;
  description: string;
  price: number;
  salePrice: number | null;
  thcContent: number | null;
  cbdContent: number | null;
  thcMg: number | null;
  netGrams: number | null;
  strainType: string | null;
  effects: string;
  flavor: string | null;
  origin: string | null;
  rating: number;
  /** Thousandths of the base unit; null = not counted (D6). */
  stockMilli: number | null;
  lowStockMilli: number;
  image: string;
  available: boolean;
  isFeatured: boolean;
  isBestSeller: boolean;
  isNewArrival: boolean;
  isOrganic: boolean;
}

export interface ExistingProduct extends ProductValues {
  id: number;
}

export interface CategoryRef {
  id: number;
  name: string;
  /** The rules' name for a built-in category (catalog.ts categoryKey). */
  kind: string | null;
  slug: string;
  parentId: number | null;
  retired: boolean;
}

const WEIGHT_COLUMNS = {
  price1g: 'price_1g',
  price2g: 'price_2g',
  price3_5g: 'price_3_5g',
  price7g: 'price_7g',
  priceHalfOz: 'price_half_oz',
  priceOz: 'price_oz',
} as const satisfies Record<WeightPriceField, ProductCsvColumn>;
const WEIGHT_FIELDS = Object.keys(WEIGHT_COLUMNS) as WeightPriceField[];
const WEIGHT_LABELS: Record<WeightPriceField, string> = {
  price1g: '1g',
  price2g: '2g',
  price3_5g: '3.5g',
  price7g: '7g',
  priceHalfOz: '1/2 oz',
  priceOz: '1 oz',
};

/** Columns that hold a ProductValues field one to one (id, category and strain are looked up). */
const FIELD_OF = {
  slug: 'slug',
  name: 'name',
  status: 'status',
  description: 'description',
  price: 'price',
  sale_price: 'salePrice',
  ...Object.fromEntries(WEIGHT_FIELDS.map((f) => [WEIGHT_COLUMNS[f], f])),
  thc_percent: 'thcContent',
  cbd_percent: 'cbdContent',
  thc_mg: 'thcMg',
  net_grams: 'netGrams',
  strain_type: 'strainType',
  effects: 'effects',
  flavor: 'flavor',
  origin: 'origin',
  rating: 'rating',
  stock: 'stockMilli',
  low_stock: 'lowStockMilli',
  image: 'image',
  available: 'available',
  is_featured: 'isFeatured',
  is_best_seller: 'isBestSeller',
  is_new_arrival: 'isNewArrival',
  is_organic: 'isOrganic',
} as Record<Exclude<ProductCsvColumn, 'id' | 'category' | 'strain'>, keyof ProductValues>;

const MAX_CENTS = 10_000_000;
const MAX_STOCK = 1_000_000;
const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A new product's values before its row's cells are applied (the columns' defaults). */
const NEW_PRODUCT: Omit<ProductValues, 'categoryId'> = {
  slug: '',
  name: '',
  status: 'draft',
  subcategoryId: null,
  description: '',
  price: 0,
  salePrice: null,
  price1g: null,
  price2g: null,
  price3_5g: null,
  price7g: null,
  priceHalfOz: null,
  priceOz: null,
  thcContent: null,
  cbdContent: null,
  thcMg: null,
  netGrams: null,
  strainType: null,
  effects: '',
  flavor: null,
  origin: null,
  rating: 0,
  stockMilli: null,
  lowStockMilli: DEFAULT_LOW_STOCK_MILLI,
  image: '',
  available: true,
  isFeatured: false,
  isBestSeller: false,
  isNewArrival: false,
  isOrganic: false,
};

// ---------------------------------------------------------------------------------------------
// Cells: text to value, and back
// ---------------------------------------------------------------------------------------------

type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };
const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const fail = (message: string): Parsed<never> => ({ ok: false, message });

/** Dollars as typed or exported ("12.50", "$1,200", "12") to cents; empty is null. */
export function parseDollars(text: string, label: string): Parsed<number | null> {
  let t = text.trim().replace(/\s+/g, '');
  if (t === '') return ok(null);
  const negative = t.startsWith('-');
  t = t
    .replace(/^-/, '')
    .replace(/^\$/, '')
    .replace(/,(?=\d{3}(?:\D|$))/g, '');
  if (!/^(?:\d+(?:\.\d*)?|\.\d+)$/.test(t)) return fail(`${label} must be an amount in dollars, like 12.50`);
  if (negative && Number(t) !== 0) return fail(`${label} cannot be negative`);
  const [whole = '', fraction = ''] = t.split('.');
  if (fraction.length > 2) return fail(`${label} takes at most 2 decimals (whole cents)`);
  const cents = Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0'));
  if (cents > MAX_CENTS) return fail(`${label} is too large`);
  return ok(cents);
}

/** Cents as the CSV writes them: dollars with two decimals, as Shopify does. */
export const formatDollars = (cents: number | null): string => (cents == null ? '' : (cents / 100).toFixed(2));

function parseNumber(
  text: string,
  label: string,
  { min, max, decimals = Number.POSITIVE_INFINITY, range }: { min: number; max: number; decimals?: number; range?: boolean },
): Parsed<number | null> {
  const t = text.trim();
  if (t === '') return ok(null);
  if (!/^-?(?:\d+(?:\.\d*)?|\.\d+)$/.test(t)) return fail(`${label} must be a number`);
  const n = Number(t);
  if (range && (n < min || n > max)) return fail(`${label} must be between ${min} and ${max}`);
  if (n < min) return fail(min === 0 ? `${label} cannot be negative` : `${label} must be at least ${min}`);
  if (n > max) return fail(`${label} must be at most ${max}`);
  const places = t.split('.')[1]?.length ?? 0;
  if (places > decimals) return fail(decimals === 0 ? `${label} must be a whole number` : `${label} takes at most ${decimals} decimals`);
  return ok(n);
}

const TRUE_WORDS = new Set(['true', 'yes', '1']);
const FALSE_WORDS = new Set(['false', 'no', '0']);

function parseBoolean(text: string, label: string): Parsed<boolean | null> {
  const t = text.trim().toLowerCase();
  if (t === '') return ok(null);
  if (TRUE_WORDS.has(t)) return ok(true);
  if (FALSE_WORDS.has(t)) return ok(false);
  return fail(`${label} must be true or false`);
}

/** Free text: the formula mark restored (csv.ts), trimmed as the edit dialog trims. */
function parseText(text: string, label: string, max: number): Parsed<string> {
  const t = restoreFormulaText(text).trim();
  return t.length > max ? fail(`${label} must be at most ${max.toLocaleString('en-US')} characters`) : ok(t);
}

/** A valibot schema for one optional column: its cell's text through `parse`, with its message. */
function cell<T>(parse: (text: string) => Parsed<T>) {
  return v.optional(
    v.pipe(
      v.string(),
      v.rawTransform<string, T>(({ dataset, addIssue, NEVER }) => {
        const result = parse(dataset.value);
        if (result.ok) return result.value;
        addIssue({ message: result.message });
        return NEVER;
      }),
    ),
  );
}

const money = (label: string) => cell((t) => parseDollars(t, label));
const flag = (label: string) => cell((t) => parseBoolean(t, label));
const optionalText = (label: string, max: number) =>
  cell((t) => {
    const r = parseText(t, label, max);
    return r.ok ? ok(r.value === '' ? null : r.value) : r;
  });
const lookupSlug = (label: string) =>
  cell((t) => {
    const s = t.trim().toLowerCase();
    return s.length > 100 ? fail(`${label} is too long`) : ok(s === '' ? null : s);
  });

/**
 * One data row's cells, each column parsed and checked on its own (a row with a bad cell reports
 * it under the column's name). What needs other rows or the database is checked by planImport.
 */
export const ProductCsvRow = v.object({
  id: cell((t) => {
    const s = t.trim();
    if (s === '') return ok(null);
    return /^\d{1,15}$/.test(s) && Number(s) > 0 ? ok(Number(s)) : fail('The id must be a positive whole number');
  }),
  slug: cell((t) => {
    const s = t.trim();
    if (s === '') return ok(null);
    if (s.length > 80) return fail('Slug must be at most 80 characters');
    return SLUG_PATTERN.test(s) ? ok(s) : fail('Slug must be lowercase letters, digits and single hyphens, like blue-dream-3-5g');
  }),
  name: cell((t) => {
    const r = parseText(t, 'Name', 200);
    return r.ok && r.value === '' ? fail('Name is required') : r;
  }),
  status: cell((t) => {
    const s = t.trim().toLowerCase();
    return (PRODUCT_STATUSES as readonly string[]).includes(s) ? ok(s as ProductStatus) : fail('Status must be draft, active or archived');
  }),
  category: cell((t) => {
    const s = t.trim().toLowerCase();
    return s === '' ? fail('Category is required') : ok(s);
  }),
  strain: lookupSlug('Strain'),
  description: cell((t) => parseText(t, 'Description', 5000)),
  price: money('Price'),
  sale_price: money('Sale price'),
  price_1g: money('1g price'),
  price_2g: money('2g price'),
  price_3_5g: money('3.5g price'),
  price_7g: money('7g price'),
  price_half_oz: money('1/2 oz price'),
  price_oz: money('1 oz price'),
  thc_percent: cell((t) => parseNumber(t, 'THC', { min: 0, max: 100, range: true })),
  cbd_percent: cell((t) => parseNumber(t, 'CBD', { min: 0, max: 100, range: true })),
  thc_mg: cell((t) => parseNumber(t, 'THC mg', { min: 0, max: 100_000, decimals: 0 })),
  net_grams: cell((t) => parseNumber(t, 'Net grams', { min: 0, max: 1000 })),
  strain_type: cell((t) => {
    const s = t.trim().toLowerCase();
    if (s === '') return ok(null);
    const known = STRAIN_TYPES.find((type) => type.toLowerCase() === s);
    return known ? ok(known) : fail(`Strain type must be ${STRAIN_TYPES.join(', ')} or empty`);
  }),
  effects: cell((t) => parseText(t, 'Effects', 300)),
  flavor: optionalText('Flavor', 100),
  origin: optionalText('Origin', 100),
  rating: cell((t) => parseNumber(t, 'Rating', { min: 0, max: 5, range: true })),
  stock: cell((t) => parseNumber(t, 'Stock', { min: 0, max: MAX_STOCK, decimals: 3 })),
  low_stock: cell((t) => parseNumber(t, 'Low stock', { min: 0, max: MAX_STOCK, decimals: 3 })),
  image: cell((t) => parseText(t, 'Image', 2000)),
  available: flag('Available'),
  is_featured: flag('Featured'),
  is_best_seller: flag('Best seller'),
  is_new_arrival: flag('New arrival'),
  is_organic: flag('Organic'),
});
export type ProductCsvCells = v.InferOutput<typeof ProductCsvRow>;

/** A cell's value as stored: stock columns to stock units, empty booleans and text to the default. */
function storedValue(column: ProductCsvColumn, value: unknown): unknown {
  if (column === 'stock') return value == null ? null : Math.round((value as number) * STOCK_SCALE);
  if (column === 'low_stock') return value == null ? DEFAULT_LOW_STOCK_MILLI : Math.round((value as number) * STOCK_SCALE);
  if (value != null) return value;
  const field = FIELD_OF[column as keyof typeof FIELD_OF];
  return field ? (NEW_PRODUCT as Record<string, unknown>)[field] : null;
}

// ---------------------------------------------------------------------------------------------
// Export and template
// ---------------------------------------------------------------------------------------------

const stockText = (milli: number | null) => (milli == null ? '' : String(milli / STOCK_SCALE));
const numberText = (n: number | null) => (n == null ? '' : String(n));

/** One product as a CSV record, in PRODUCT_CSV_COLUMNS order. Numbers are written as numbers. */
export function exportRecord(p: ExistingProduct, categorySlug: ReadonlyMap<number, string>): CsvCell[] {
  const cells: Record<ProductCsvColumn, CsvCell> = {
    id: p.id,
    slug: p.slug,
    name: p.name,
    status: p.status,
    category: categorySlug.get(p.categoryId) ?? '',
    strain: p.subcategoryId == null ? '' : (categorySlug.get(p.subcategoryId) ?? ''),
    description: p.description,
    price: formatDollars(p.price),
    sale_price: formatDollars(p.salePrice),
    price_1g: formatDollars(p.price1g),
    price_2g: formatDollars(p.price2g),
    price_3_5g: formatDollars(p.price3_5g),
    price_7g: formatDollars(p.price7g),
    price_half_oz: formatDollars(p.priceHalfOz),
    price_oz: formatDollars(p.priceOz),
    thc_percent: numberText(p.thcContent),
    cbd_percent: numberText(p.cbdContent),
    thc_mg: numberText(p.thcMg),
    net_grams: numberText(p.netGrams),
    strain_type: p.strainType ?? '',
    effects: p.effects,
    flavor: p.flavor ?? '',
    origin: p.origin ?? '',
    rating: String(p.rating),
    stock: stockText(p.stockMilli),
    low_stock: stockText(p.lowStockMilli),
    image: p.image,
    available: p.available,
    is_featured: p.isFeatured,
    is_best_seller: p.isBestSeller,
    is_new_arrival: p.isNewArrival,
    is_organic: p.isOrganic,
  };
  return PRODUCT_CSV_COLUMNS.map((c) => cells[c]);
}

/**
 * The template's example rows: one weighed product (a flower with its strain) and one sold by the
 * piece (an edible), as drafts, so importing the template unchanged adds nothing a shopper sees.
 */
export function templateRecords(slugs: { flower: string; strain: string | null; edible: string }): CsvCell[][] {
  const example = (values: Partial<Record<ProductCsvColumn, CsvCell>>) => PRODUCT_CSV_COLUMNS.map((c) => values[c] ?? '');
  return [
    example({
      name: 'Lemon Haze Reserve',
      status: 'draft',
      category: slugs.flower,
      strain: slugs.strain ?? '',
      description: 'Bright citrus nose with a sweet haze finish. Hand-trimmed, slow-cured.',
      price: '38.00',
      price_3_5g: '38.00',
      price_7g: '70.00',
      price_half_oz: '130.00',
      price_oz: '240.00',
      thc_percent: '22.4',
      cbd_percent: '0.1',
      strain_type: 'Sativa',
      effects: 'Energizing, Happy, Uplifting',
      flavor: 'Lemon',
      origin: 'Maryland',
      rating: '4.6',
      stock: '448',
      low_stock: '28',
      available: 'true',
      is_featured: 'false',
      is_best_seller: 'false',
      is_new_arrival: 'true',
      is_organic: 'false',
    }),
    example({
      name: 'Black Cherry Gummies 100mg',
      status: 'draft',
      category: slugs.edible,
      description: 'Ten 10 mg gummies with real cherry juice. Start low and go slow.',
      price: '22.00',
      sale_price: '26.00',
      thc_mg: '100',
      strain_type: 'Hybrid',
      effects: 'Relaxing, Happy',
      flavor: 'Black cherry',
      origin: 'Virginia',
      rating: '4.4',
      stock: '60',
      low_stock: '10',
      available: 'true',
      is_featured: 'false',
      is_best_seller: 'false',
      is_new_arrival: 'true',
      is_organic: 'false',
    }),
  ];
}

/** `products-2026-03-08.csv`: the day in the shop's time zone, so a file's name is the admin's date. */
export function csvFileName(kind: 'products' | 'products-template', now: Date): string {
  const day = toNyWallTime(now.getTime()).slice(0, 10);
  return `${kind}-${day}.csv`;
}

// ---------------------------------------------------------------------------------------------
// Reading a file
// ---------------------------------------------------------------------------------------------

/** A problem with the whole file: nothing in it is read. `field` is the column it names, or 'file'. */
export interface FileError {
  field: string;
  message: string;
}

interface ParsedRow {
  row: number;
  cells: ProductCsvCells;
  errors: ImportRowError[];
}

export interface ParsedFile {
  columns: readonly ProductCsvColumn[];
  rows: ParsedRow[];
}

const isColumn = (name: string): name is ProductCsvColumn => (PRODUCT_CSV_COLUMNS as readonly string[]).includes(name);

/** Reads the header and parses every row's cells; a file error when the file cannot be read as a whole. */
export function readProductCsv(text: string): ParsedFile | FileError {
  let records: string[][];
  try {
    records = parseCsv(text);
  } catch (err) {
    if (err instanceof CsvSyntaxError) return { field: 'file', message: err.message };
    throw err;
  }
  const [header, ...data] = records;
  if (!header || (header.length === 1 && header[0]?.trim() === '')) {
    return { field: 'file', message: 'The file is empty: it needs a header row and at least one product.' };
  }
  if (data.length > MAX_IMPORT_ROWS) {
    return {
      field: 'file',
      message: `The file has ${data.length.toLocaleString('en-US')} rows; at most ${MAX_IMPORT_ROWS.toLocaleString('en-US')} can be imported at once. Split it into smaller files.`,
    };
  }
  const columns: ProductCsvColumn[] = [];
  for (const [index, raw] of header.entries()) {
    const name = raw.trim().toLowerCase();
    if (name === '') return { field: 'file', message: `Column ${index + 1} of the header (row 1) has no name.` };
    if (!isColumn(name)) {
      return {
        field: raw || 'file',
        message: `Unknown column '${raw}' in the header (row 1). The columns are: ${PRODUCT_CSV_COLUMNS.join(', ')}.`,
      };
    }
    if (columns.includes(name)) return { field: name, message: `The column '${name}' appears twice in the header (row 1).` };
    columns.push(name);
  }
  for (const required of REQUIRED_COLUMNS) {
    if (!columns.includes(required)) return { field: required, message: `The header (row 1) has no '${required}' column; it is required.` };
  }

  const rows: ParsedRow[] = [];
  data.forEach((record, index) => {
    const row = index + 2;
    if (record.every((c) => c.trim() === '')) return;
    if (record.length !== columns.length) {
      rows.push({
        row,
        cells: {},
        errors: [{ row, column: null, message: `The row has ${record.length} cells; the header has ${columns.length}.` }],
      });
      return;
    }
    const input = Object.fromEntries(columns.map((c, i) => [c, record[i] ?? '']));
    const result = v.safeParse(ProductCsvRow, input);
    if (result.success) {
      rows.push({ row, cells: result.output, errors: [] });
      return;
    }
    const errors: ImportRowError[] = [];
    const good: Record<string, unknown> = {};
    for (const issue of result.issues) {
      const column = v.getDotPath(issue);
      if (column && !errors.some((e) => e.column === column)) errors.push({ row, column, message: issue.message });
    }
    // The cells that did parse still count (a bad price should not also make the name look missing).
    for (const c of columns) {
      if (errors.some((e) => e.column === c)) continue;
      const one = v.safeParse(ProductCsvRow.entries[c], input[c]);
      if (one.success) good[c] = one.output;
    }
    rows.push({ row, cells: good as ProductCsvCells, errors });
  });
  return { columns, rows };
}

/** The ids and slugs the file names, so the server reads only those products in full. */
export function namedProducts(file: ParsedFile): { ids: number[]; slugs: string[] } {
  const ids = new Set<number>();
  const slugs = new Set<string>();
  for (const { cells } of file.rows) {
    if (cells.id != null) ids.add(cells.id);
    if (cells.slug != null) slugs.add(cells.slug);
  }
  return { ids: [...ids], slugs: [...slugs] };
}

// ---------------------------------------------------------------------------------------------
// Deciding
// ---------------------------------------------------------------------------------------------

export interface ImportContext {
  categories: readonly CategoryRef[];
  /** Every product's slug and id (slugs must stay unique; new ones must not collide). */
  slugOwners: ReadonlyMap<string, number>;
  /** The products the file names by id or slug, as they are now. */
  products: ReadonlyMap<number, ExistingProduct>;
}

export type RowDecision =
  | { kind: 'create'; row: number; values: ProductValues }
  | { kind: 'update'; row: number; before: ExistingProduct; changes: Partial<ProductValues> }
  | { kind: 'unchanged'; row: number; id: number };

export interface ImportPlan {
  decisions: RowDecision[];
  /** Every error, in row then column order. */
  errors: ImportRowError[];
  counts: { create: number; update: number; unchanged: number };
}

const COLUMN_ORDER = new Map<string | null, number>(PRODUCT_CSV_COLUMNS.map((c, i) => [c, i]));

/** The listed errors (capped) and how many more there are. */
export function listErrors(errors: readonly ImportRowError[]): { errors: ImportRowError[]; moreErrors: number } {
  return { errors: errors.slice(0, MAX_LISTED_ERRORS), moreErrors: Math.max(0, errors.length - MAX_LISTED_ERRORS) };
}

/**
 * What each row does: create, update (with the fields that change) or nothing, and every error
 * (row, column, reason). Rows with an error decide nothing; the import applies only a file
 * without errors.
 */
export function planImport(file: ParsedFile, ctx: ImportContext): ImportPlan {
  const present = new Set(file.columns);
  const topBySlug = new Map(ctx.categories.filter((c) => c.parentId == null).map((c) => [c.slug, c]));
  const byId = new Map(ctx.categories.map((c) => [c.id, c]));
  const bySlug = new Map(ctx.categories.map((c) => [c.slug, c]));

  const errors: ImportRowError[] = [];
  const pending: { row: number; before: ExistingProduct | undefined; values: ProductValues }[] = [];
  const productRow = new Map<number, number>();
  const slugRow = new Map<string, number>();

  for (const { row, cells, errors: cellErrors } of file.rows) {
    const rowErrors = [...cellErrors];
    // One reason a cell: the first found.
    const err = (column: ProductCsvColumn | null, message: string) => {
      if (!rowErrors.some((e) => e.column === column)) rowErrors.push({ row, column, message });
    };
    const failed = (column: ProductCsvColumn) => rowErrors.some((e) => e.column === column);
    if (rowErrors.some((e) => e.column == null)) {
      errors.push(...rowErrors);
      continue;
    }

    // Which product: by id, else by slug, else a new one.
    let before: ExistingProduct | undefined;
    if (!failed('id') && cells.id != null) {
      before = ctx.products.get(cells.id);
      if (!before) err('id', `No product has the id ${cells.id}`);
    } else if (!failed('id') && cells.slug != null) {
      const owner = ctx.slugOwners.get(cells.slug);
      before = owner == null ? undefined : ctx.products.get(owner);
    }
    if (failed('id') || (cells.id != null && !before)) {
      errors.push(...rowErrors);
      continue;
    }
    if (before) {
      const earlier = productRow.get(before.id);
      if (earlier != null) err(cells.id != null ? 'id' : 'slug', `Product ${before.id} is also on row ${earlier}`);
      else productRow.set(before.id, row);
    }

    // The values after this row: the product's (or a new one's defaults) with the file's cells.
    const values = { ...NEW_PRODUCT, categoryId: 0, ...before } as ProductValues & { id?: number };
    delete values.id;
    const target = values as unknown as Record<string, unknown>;
    for (const column of file.columns) {
      const field = FIELD_OF[column as keyof typeof FIELD_OF];
      if (!field || failed(column) || !(column in cells)) continue;
      // An empty slug keeps the product's own (a new product's is made from its name below).
      if (column === 'slug' && cells.slug == null) continue;
      target[field] = storedValue(column, cells[column]);
    }

    // Slug: unique among all products and within the file.
    if (cells.slug != null) {
      const owner = ctx.slugOwners.get(cells.slug);
      if (owner != null && owner !== before?.id) err('slug', `Duplicate slug '${cells.slug}': product ${owner} already has it`);
      const earlier = slugRow.get(cells.slug);
      if (earlier != null) err('slug', `Duplicate slug '${cells.slug}': row ${earlier} has it too`);
      else slugRow.set(cells.slug, row);
    }

    // Category and strain.
    let category: CategoryRef | undefined = byId.get(values.categoryId);
    if (present.has('category') && !failed('category') && cells.category != null) {
      category = topBySlug.get(cells.category);
      if (!category) {
        const strain = bySlug.get(cells.category);
        err('category', strain ? `'${cells.category}' is a strain, not a category` : `Unknown category '${cells.category}'`);
      } else {
        if (category.retired && category.id !== before?.categoryId) err('category', `The category '${category.slug}' is retired`);
        values.categoryId = category.id;
      }
    }
    if (present.has('strain') && !failed('strain')) {
      const slug = cells.strain ?? null;
      if (slug == null) values.subcategoryId = null;
      else {
        const strain = bySlug.get(slug);
        if (!strain || strain.parentId == null) err('strain', `Unknown strain '${slug}'`);
        else if (category && strain.parentId !== category.id) {
          err('strain', `'${slug}' is a strain of ${byId.get(strain.parentId)?.name ?? 'another category'}, not of ${category.name}`);
        } else {
          if (strain.retired && strain.id !== before?.subcategoryId) err('strain', `The strain '${slug}' is retired`);
          values.subcategoryId = strain.id;
        }
      }
    } else if (category && values.subcategoryId != null && byId.get(values.subcategoryId)?.parentId !== category.id) {
      // Moved out of the strain's category with no strain column: the strain no longer applies.
      values.subcategoryId = null;
    }

    // Prices (§5, D5): weight prices only on weighed categories, the price follows the smallest.
    if (category && !failed('category')) checkRowPrices(category, values, cells, present, failed, err);

    // D33: a counted stock stays counted; stopping the count is not a number the ledger can hold.
    if (before?.stockMilli != null && values.stockMilli == null && present.has('stock') && !failed('stock')) {
      err('stock', 'This product’s stock is counted: enter a count (0 or more) instead of an empty cell');
    }

    if (rowErrors.length > 0) errors.push(...rowErrors);
    else pending.push({ row, before, values });
  }

  // New products without a slug get one made from their name, clear of every other slug.
  const taken = new Set<string>([...ctx.slugOwners.keys(), ...slugRow.keys()]);
  const decisions: RowDecision[] = [];
  const counts = { create: 0, update: 0, unchanged: 0 };
  for (const { row, before, values } of pending) {
    if (!before) {
      if (values.slug === '') values.slug = uniqueSlug(slugify(values.name), taken);
      taken.add(values.slug);
      decisions.push({ kind: 'create', row, values });
      counts.create++;
      continue;
    }
    const changes: Partial<ProductValues> = {};
    for (const key of Object.keys(values) as (keyof ProductValues)[]) {
      if (values[key] !== before[key]) (changes as Record<string, unknown>)[key] = values[key];
    }
    if (Object.keys(changes).length === 0) {
      decisions.push({ kind: 'unchanged', row, id: before.id });
      counts.unchanged++;
    } else {
      decisions.push({ kind: 'update', row, before, changes });
      counts.update++;
    }
  }
  errors.sort((a, b) => a.row - b.row || (COLUMN_ORDER.get(a.column) ?? -1) - (COLUMN_ORDER.get(b.column) ?? -1));
  return { decisions, errors, counts };
}

/** The shared price rules (product-fields.ts) plus the CSV's own: a weight price its category lacks is an error, not dropped. */
function checkRowPrices(
  category: CategoryRef,
  values: ProductValues,
  cells: ProductCsvCells,
  present: ReadonlySet<ProductCsvColumn>,
  failed: (column: ProductCsvColumn) => boolean,
  err: (column: ProductCsvColumn | null, message: string) => void,
): void {
  const rules = categoryKey(category);
  const categoryName = category.name;
  const options = WEIGHT_OPTIONS[rules];
  const offered = new Set(options?.map((o) => o.field) ?? []);
  for (const field of WEIGHT_FIELDS) {
    if (offered.has(field) || values[field] == null) continue;
    const column = WEIGHT_COLUMNS[field];
    // A price the file sets is an error; one the product had before moving category is dropped.
    if (present.has(column)) err(column, `A ${categoryName.toLowerCase()} product has no ${WEIGHT_LABELS[field]} price; leave it empty`);
    else values[field] = null;
  }
  if (WEIGHT_FIELDS.some((f) => failed(WEIGHT_COLUMNS[f])) || failed('price') || failed('sale_price')) return;

  if (!options && values.price <= 0) {
    err('price', present.has('price') && cells.price != null ? 'Price must be above zero' : 'Price is required');
    return;
  }
  const check = checkPrices(rules, { ...values, price: values.price });
  if (!check.ok) {
    const column: ProductCsvColumn = 'salePrice' in check.fields ? 'sale_price' : options?.[0] ? WEIGHT_COLUMNS[options[0].field] : 'price';
    err(column, check.message);
    return;
  }
  if (options && present.has('price') && cells.price != null && cells.price !== check.price) {
    const smallest = formatDollars(check.price);
    err(
      'price',
      `A ${categoryName.toLowerCase()} product's price is its smallest weight's price (${smallest}): leave it empty or write ${smallest}`,
    );
  }
  values.price = check.price;
}
