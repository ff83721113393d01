/**
 * The products CSV (export, template and import), as Shopify and Medusa do it: one row per
 * product, snake_case headers, weight prices as columns, money in dollars with two decimals.
 * Pure: the server reads what `planImport` needs and writes what it decides. This module reads a
 * file and decides what it does; the columns (./product-csv-columns.ts), the cells
 * (./product-csv-cells.ts) and the writing (./product-csv-export.ts) have their own, and the
 * whole CSV is imported from here.
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
import { categoryKey, WEIGHT_OPTIONS } from '../catalog/catalog.ts';
import { CsvSyntaxError, parseCsv } from './csv.ts';
import { type ImportRowError, MAX_IMPORT_ROWS, MAX_LISTED_ERRORS } from './csv-upload.ts';
import { formatDollars, type ProductCsvCells, ProductCsvRow, storedValue } from './product-csv-cells.ts';
import {
  type CategoryRef,
  type ExistingProduct,
  FIELD_OF,
  NEW_PRODUCT,
  PRODUCT_CSV_COLUMNS,
  type ProductCsvColumn,
  type ProductValues,
  REQUIRED_COLUMNS,
  WEIGHT_COLUMNS,
  WEIGHT_FIELDS,
  WEIGHT_LABELS,
} from './product-csv-columns.ts';
import { checkPrices, slugify, uniqueSlug } from './product-fields.ts';

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

// The rest of the CSV's public names, so callers import the CSV from one module.
export { formatDollars, parseDollars } from './product-csv-cells.ts';
export {
  type CategoryRef,
  type ExistingProduct,
  PRODUCT_CSV_COLUMNS,
  type ProductCsvColumn,
  type ProductValues,
  REQUIRED_COLUMNS,
} from './product-csv-columns.ts';
export { csvFileName, exportRecord, templateRecords } from './product-csv-export.ts';
