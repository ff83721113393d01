/**
 * D40: the packages CSV, receiving many packages at once (a delivery's manifest, the stock on the
 * shelves when the shop starts tracking packages). Pure: the server reads what `planPackageImport`
 * needs and writes what it decides; the Packages tab reads the report's shape.
 *
 * Import rules:
 * - One row per package; the header names its columns in any order, case, spaces and underscores
 *   aside (`received_on` is receivedOn). `product` (the product's id or slug) and `quantity` are
 *   required; an unknown or repeated header is an error for the whole file.
 * - Each cell follows the rule of the receive form (packages.schema.ts). An empty `unit` is the
 *   product's; an empty `receivedOn` is today (New York); an empty `tag` receives the package
 *   without one ("needs a tag"). Lab results are all or nothing: any lab cell needs `testedOn`
 *   and `lab`.
 * - A row whose tag is already on a package of the same product was received before and is
 *   skipped, so importing a file again receives nothing twice; on another product's package it is
 *   an error, as is a tag twice in the file. Untagged rows are received every time.
 * - The preview answers every row's decision and every problem and writes nothing; the import
 *   writes every package in one batch, or nothing when any row has a problem.
 */
import * as v from 'valibot';
import type { PackageUnit } from '../../db/inventory-values.ts';
import { type PackageProduct, type Receipt, receiptProblem, tagTakenMessage } from '../inventory/package-view.ts';
import { PackageReceive, type PackageReceiveInput, TagInput } from '../inventory/packages.schema.ts';
import { CsvSyntaxError, csvLine, parseCsv, restoreFormulaText } from './csv.ts';
import { type ImportRowError, MAX_LISTED_ERRORS } from './csv-upload.ts';
import type { FileError } from './product-csv.ts';

export const PACKAGE_CSV_COLUMNS = [
  'tag',
  'product',
  'quantity',
  'unit',
  'batch',
  'receivedOn',
  'thcPercent',
  'cbdPercent',
  'thcMg',
  'testedOn',
  'lab',
] as const;
export type PackageCsvColumn = (typeof PACKAGE_CSV_COLUMNS)[number];

const REQUIRED_COLUMNS: readonly PackageCsvColumn[] = ['product', 'quantity'];
const LAB_COLUMNS = ['thcPercent', 'cbdPercent', 'thcMg', 'testedOn', 'lab'] as const;

/** The most packages one file receives: a delivery's manifest holds tens, a shop's shelves hundreds. */
export const MAX_PACKAGE_IMPORT_ROWS = 2000;

export const PACKAGES_CSV_URLS = {
  template: '/api/admin/packages/template.csv',
  import: '/api/admin/packages/import',
} as const;

/** One row of the preview: what the import does with it. */
export interface PackageImportRow {
  row: number;
  decision: 'receive' | 'skip';
  tag: string | null;
  product: string;
  quantity: number;
  unit: PackageUnit;
  /** Why a row is skipped; '' for one received. */
  note: string;
}

/** What an import would do (dry run) or did. */
export interface PackageImportReport {
  dryRun: boolean;
  receive: number;
  skip: number;
  /** The rows' decisions, in file order (at most MAX_LISTED_ERRORS of them). */
  rows: PackageImportRow[];
  errors: ImportRowError[];
  moreErrors: number;
}

export interface PackageCsvFile {
  columns: readonly PackageCsvColumn[];
  rows: { row: number; cells: Partial<Record<PackageCsvColumn, string>>; error?: ImportRowError }[];
}

/** 'Received On', 'received_on' and 'receivedon' all name receivedOn. */
const columnKey = (name: string) => name.toLowerCase().replace(/[\s_-]+/g, '');
const COLUMN_BY_KEY = new Map(PACKAGE_CSV_COLUMNS.map((c) => [columnKey(c), c]));

/** The header and every non-blank row's cells; a file error when the file cannot be read as a whole. */
export function readPackageCsv(text: string): PackageCsvFile | FileError {
  let records: string[][];
  try {
    records = parseCsv(text);
  } catch (err) {
    if (err instanceof CsvSyntaxError) return { field: 'file', message: err.message };
    throw err;
  }
  const [header, ...data] = records;
  if (!header || header.every((h) => h.trim() === '')) {
    return { field: 'file', message: 'The file is empty: it needs a header row and at least one package.' };
  }
  if (data.length > MAX_PACKAGE_IMPORT_ROWS) {
    return {
      field: 'file',
      message: `The file has ${data.length.toLocaleString('en-US')} rows; at most ${MAX_PACKAGE_IMPORT_ROWS.toLocaleString('en-US')} packages can be received at once. Split it into smaller files.`,
    };
  }
  const columns: PackageCsvColumn[] = [];
  for (const [index, raw] of header.entries()) {
    if (raw.trim() === '') return { field: 'file', message: `Column ${index + 1} of the header (row 1) has no name.` };
    const column = COLUMN_BY_KEY.get(columnKey(raw));
    if (!column) {
      return { field: raw, message: `Unknown column '${raw}' in the header (row 1). The columns are: ${PACKAGE_CSV_COLUMNS.join(', ')}.` };
    }
    if (columns.includes(column)) return { field: column, message: `The column '${column}' appears twice in the header (row 1).` };
    columns.push(column);
  }
  for (const required of REQUIRED_COLUMNS) {
    if (!columns.includes(required)) return { field: required, message: `The header (row 1) has no '${required}' column; it is required.` };
  }
  const rows: PackageCsvFile['rows'] = [];
  data.forEach((record, index) => {
    const row = index + 2;
    if (record.every((c) => c.trim() === '')) return;
    if (record.length !== columns.length) {
      rows.push({
        row,
        cells: {},
        error: { row, column: null, message: `The row has ${record.length} cells; the header has ${columns.length}.` },
      });
      return;
    }
    // Text a spreadsheet would run as a formula was written with a leading ' (csv.ts).
    rows.push({ row, cells: Object.fromEntries(columns.map((c, i) => [c, restoreFormulaText(record[i] ?? '').trim()])) });
  });
  if (rows.length === 0) return { field: 'file', message: 'The file has a header but no packages.' };
  return { columns, rows };
}

/** A product cell: digits are an id, anything else a slug. */
const productRef = (cell: string): { id: number } | { slug: string } =>
  /^\d{1,15}$/.test(cell) ? { id: Number(cell) } : { slug: cell.toLowerCase() };

/** The products and tags the file names, so the server reads only those. */
export function namedInPackageCsv(file: PackageCsvFile): { ids: number[]; slugs: string[]; tags: string[] } {
  const ids = new Set<number>();
  const slugs = new Set<string>();
  const tags = new Set<string>();
  for (const { cells } of file.rows) {
    if (cells.product) {
      const ref = productRef(cells.product);
      if ('id' in ref) ids.add(ref.id);
      else slugs.add(ref.slug);
    }
    const tag = v.safeParse(TagInput, cells.tag ?? '');
    if (tag.success && tag.output) tags.add(tag.output);
  }
  return { ids: [...ids], slugs: [...slugs], tags: [...tags] };
}

export interface PackageImportContext {
  /** The products the file names, by id and by slug. */
  byId: ReadonlyMap<number, PackageProduct>;
  bySlug: ReadonlyMap<string, PackageProduct>;
  /** The packages that already hold a tag the file names. */
  tagged: ReadonlyMap<string, { id: number; productId: number; productName: string }>;
}

export type PackageDecision =
  | { kind: 'receive'; row: number; receipt: Receipt }
  | { kind: 'skip'; row: number; tag: string; product: PackageProduct; quantity: number; packageId: number };

export interface PackageImportPlan {
  decisions: PackageDecision[];
  /** Every problem, in row then column order. */
  errors: ImportRowError[];
}

/** A number cell as the schema reads it: a number when it looks like one, else the text (which the schema refuses, saying why). */
const numberCell = (cell: string): number | string => (/^-?(?:\d+(?:\.\d*)?|\.\d+)$/.test(cell) ? Number(cell) : cell);
const orNull = (cell: string | undefined) => (cell ? numberCell(cell) : null);

/** The column an issue of PackageReceive belongs to ('labResults.thcPercent' is thcPercent). */
function columnOf(issue: v.BaseIssue<unknown>): PackageCsvColumn | null {
  const path = v.getDotPath(issue);
  if (path === 'productId') return 'product';
  const last = path?.split('.').at(-1);
  return (PACKAGE_CSV_COLUMNS as readonly string[]).includes(last ?? '') ? (last as PackageCsvColumn) : null;
}

/** What each row does (receive it, or skip it as received before) and every problem; rows with one decide nothing. */
export function planPackageImport(file: PackageCsvFile, ctx: PackageImportContext): PackageImportPlan {
  const decisions: PackageDecision[] = [];
  const errors: ImportRowError[] = [];
  const tagRow = new Map<string, number>();
  for (const { row, cells, error } of file.rows) {
    if (error) {
      errors.push(error);
      continue;
    }
    const rowErrors: ImportRowError[] = [];
    const err = (column: PackageCsvColumn | null, message: string) => {
      if (!rowErrors.some((e) => e.column === column)) rowErrors.push({ row, column, message });
    };
    const ref = cells.product ? productRef(cells.product) : null;
    const product = ref == null ? undefined : 'id' in ref ? ctx.byId.get(ref.id) : ctx.bySlug.get(ref.slug);
    if (!cells.product) err('product', 'Name the product by its id or its slug.');
    else if (!product) err('product', `No product has the id or slug "${cells.product}".`);
    const lab = LAB_COLUMNS.some((c) => cells[c]);
    const input: PackageReceiveInput = {
      tag: cells.tag ?? '',
      productId: product?.id ?? 0,
      quantity: cells.quantity ? (numberCell(cells.quantity) as number) : (undefined as unknown as number),
      unit: (cells.unit ? cells.unit.toLowerCase() : (product?.unit ?? 'g')) as PackageUnit,
      batch: cells.batch ?? '',
      ...(cells.receivedOn ? { receivedOn: cells.receivedOn } : {}),
      labResults: lab
        ? {
            thcPercent: orNull(cells.thcPercent) as number | null,
            cbdPercent: orNull(cells.cbdPercent) as number | null,
            thcMg: orNull(cells.thcMg) as number | null,
            testedOn: cells.testedOn ?? '',
            lab: cells.lab ?? '',
          }
        : null,
    };
    if (!cells.quantity) err('quantity', 'Enter the quantity received.');
    const parsed = v.safeParse(PackageReceive, input);
    if (!parsed.success) for (const issue of parsed.issues) err(columnOf(issue), issue.message);
    if (parsed.success && product) {
      const problem = receiptProblem(product, parsed.output);
      if (problem) err(problem.field === 'unit' ? 'unit' : 'product', problem.message);
      const tag = parsed.output.tag;
      const held = tag ? ctx.tagged.get(tag) : undefined;
      const earlier = tag ? tagRow.get(tag) : undefined;
      if (tag && earlier !== undefined) err('tag', `The tag ${tag} is on row ${earlier} as well. Each Metrc tag names one package.`);
      else if (tag && held && held.productId !== product.id) err('tag', tagTakenMessage(tag, held));
      if (tag && earlier === undefined) tagRow.set(tag, row);
      if (rowErrors.length === 0) {
        decisions.push(
          tag && held
            ? { kind: 'skip', row, tag, product, quantity: parsed.output.quantity, packageId: held.id }
            : { kind: 'receive', row, receipt: { product, input: parsed.output } },
        );
      }
    }
    const order = (c: PackageCsvColumn | null) => (c == null ? -1 : PACKAGE_CSV_COLUMNS.indexOf(c));
    errors.push(...rowErrors.sort((a, b) => order(a.column as PackageCsvColumn | null) - order(b.column as PackageCsvColumn | null)));
  }
  return { decisions, errors };
}

/** The report of a plan: its counts, its rows (capped) and its errors (capped). */
export function packageImportReport(plan: PackageImportPlan, dryRun: boolean): PackageImportReport {
  const rows = plan.decisions.slice(0, MAX_LISTED_ERRORS).map(
    (d): PackageImportRow =>
      d.kind === 'receive'
        ? {
            row: d.row,
            decision: 'receive',
            tag: d.receipt.input.tag,
            product: d.receipt.product.name,
            quantity: d.receipt.input.quantity,
            unit: d.receipt.input.unit,
            note: '',
          }
        : {
            row: d.row,
            decision: 'skip',
            tag: d.tag,
            product: d.product.name,
            quantity: d.quantity,
            unit: d.product.unit,
            note: `Received before as package #${d.packageId}`,
          },
  );
  const receive = plan.decisions.filter((d) => d.kind === 'receive').length;
  return {
    dryRun,
    receive,
    skip: plan.decisions.length - receive,
    rows,
    errors: plan.errors.slice(0, MAX_LISTED_ERRORS),
    moreErrors: Math.max(0, plan.errors.length - MAX_LISTED_ERRORS),
  };
}

/** The template: the header row, in the order the columns are listed. */
export const packagesCsvTemplate = (): string => csvLine(PACKAGE_CSV_COLUMNS);

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** What a report says in one sentence: the preview's plan, or what the import did. */
export function packageReportSummary(report: PackageImportReport): string {
  const total = report.errors.length + report.moreErrors;
  const plan = `${plural(report.receive, 'package', 'packages')} to receive, ${report.skip.toLocaleString('en-US')} received before (skipped)`;
  if (report.dryRun) {
    if (total > 0)
      return `${plural(total, 'problem', 'problems')} in the file: nothing can be received until ${total === 1 ? 'it is' : 'they are'} fixed.`;
    return report.receive === 0 ? 'Nothing to receive: every package in the file was received before.' : `Ready: ${plan}.`;
  }
  return `Received ${plural(report.receive, 'package', 'packages')}; ${report.skip.toLocaleString('en-US')} received before were skipped.`;
}
