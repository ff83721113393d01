/**
 * The stock reports (R8, R9; D33, D40), pure: inventory by package over a range, and the daily
 * reconciliation of what orders sold against what the packages' ledger moved, with the stock
 * invariants. The server reads the rows (stock-reports.server.ts); this module shapes them, and
 * writes their CSV tables. Amounts arrive in stock units (thousandths of the package's unit,
 * decision 0006) and leave in the unit: grams or pieces.
 */
import type { PackageStatus, PackageUnit } from '../../db/inventory-values.ts';
import { STOCK_REASONS, type StockReason } from '../../db/menu-values.ts';
import { addDays } from '../delivery/windows.ts';
import { NEEDS_A_TAG } from '../dispatch/runs.ts';
import type { CsvCell } from '../menu/csv.ts';
import type { ReportRange } from './reports.ts';

export { NEEDS_A_TAG };

/** What a ledger row counts as in the inventory report: every reason is one of the three (R8). */
export type MoveKind = 'received' | 'sold' | 'adjusted';

/**
 * R8: a sale and its returns (a cancel, a failed delivery) are 'sold', net; a count, damage and
 * waste are 'adjusted', signed. A Record, so a reason added later must be given a kind here.
 */
export const MOVE_KINDS: Readonly<Record<StockReason, MoveKind>> = {
  received: 'received',
  sold: 'sold',
  order_cancelled: 'sold',
  delivery_failed: 'sold',
  correction: 'adjusted',
  damaged: 'adjusted',
  waste: 'adjusted',
};

/** The reasons of one kind, in STOCK_REASONS order. */
export function reasonsOf(kind: MoveKind): StockReason[] {
  return STOCK_REASONS.filter((r) => MOVE_KINDS[r] === kind);
}

const SCALE = 1000;
/** Stock units to the package's unit; sums stay in stock units until here, so no float drifts. */
export const fromMilli = (milli: number): number => milli / SCALE;

/** The unit as the reports write it: 'g' or 'pieces'. */
export const unitLabel = (unit: PackageUnit): string => (unit === 'g' ? 'g' : 'pieces');

/** Every date of the range (reports.ts has its twin; this module imports only its types, as reports.ts imports this one). */
function datesOf(range: ReportRange): string[] {
  const dates: string[] = [];
  for (let d = range.from; d <= range.to; d = addDays(d, 1)) dates.push(d);
  return dates;
}

// --- inventory by package (R8) -----------------------------------------------------------------

/** One package as the inventory query reads it: amounts in stock units. */
export interface PackageMovesRow {
  packageId: number;
  tag: string | null;
  productId: number;
  product: string;
  batch: string;
  unit: PackageUnit;
  receivedOn: string;
  status: PackageStatus;
  /** The ledger's sum before the range's first instant. */
  openingMilli: number;
  receivedMilli: number;
  /** Taken by sales, less what cancels and failed deliveries returned: positive when stock left. */
  soldMilli: number;
  /** Counts, damage and waste, signed. */
  adjustedMilli: number;
  /** The ledger's sum before the instant after the range's last day. */
  closingMilli: number;
  /** `packages.quantity_milli` as it is now. */
  onHandMilli: number;
}

export interface PackageInventory {
  packageId: number;
  /** The Metrc tag; null while the package needs one (D40). */
  tag: string | null;
  productId: number;
  product: string;
  batch: string;
  unit: PackageUnit;
  receivedOn: string;
  status: PackageStatus;
  /** What the ledger says the package held when the range began. */
  opening: number;
  received: number;
  /** Sold less returned, within the range. */
  sold: number;
  /** Counts, damage and waste within the range, signed. */
  adjusted: number;
  /** What the ledger says it held when the range ended: opening + received - sold + adjusted. */
  closing: number;
  /** What it holds now, whatever the range. */
  onHand: number;
}

/** The packages of one unit added up: grams and pieces are never added together. */
export interface InventoryTotals {
  unit: PackageUnit;
  packages: number;
  opening: number;
  received: number;
  sold: number;
  adjusted: number;
  closing: number;
  onHand: number;
}

export interface InventoryReport {
  range: ReportRange;
  /** Every package that held stock when the range began, moved within it, or was received in it. */
  packages: PackageInventory[];
  /** One row per unit the packages use, grams first. */
  totals: InventoryTotals[];
  /** Packages listed that have no tag yet. */
  needsTag: number;
  /**
   * True when the range runs to now (it ends today or later): then each package's closing balance is
   * its whole ledger and must be what it holds. A range that ended earlier closes before later moves.
   */
  reachesNow: boolean;
  /** With `reachesNow`, the packages whose closing balance is not what they hold; else 0. */
  disagreements: number;
}

const UNIT_ORDER: readonly PackageUnit[] = ['g', 'each'];

/** R8: the packages by product name, then first in, first out; totals by unit. */
export function inventoryReport(range: ReportRange, rows: readonly PackageMovesRow[], reachesNow: boolean): InventoryReport {
  const sorted = [...rows].sort(
    (a, b) =>
      a.product.localeCompare(b.product) ||
      a.productId - b.productId ||
      (a.receivedOn === b.receivedOn ? a.packageId - b.packageId : a.receivedOn < b.receivedOn ? -1 : 1),
  );
  const totals = UNIT_ORDER.flatMap((unit): InventoryTotals[] => {
    const of = sorted.filter((r) => r.unit === unit);
    if (of.length === 0) return [];
    const sum = (pick: (r: PackageMovesRow) => number) => fromMilli(of.reduce((n, r) => n + pick(r), 0));
    return [
      {
        unit,
        packages: of.length,
        opening: sum((r) => r.openingMilli),
        received: sum((r) => r.receivedMilli),
        sold: sum((r) => r.soldMilli),
        adjusted: sum((r) => r.adjustedMilli),
        closing: sum((r) => r.closingMilli),
        onHand: sum((r) => r.onHandMilli),
      },
    ];
  });
  return {
    range,
    packages: sorted.map((r) => ({
      packageId: r.packageId,
      tag: r.tag,
      productId: r.productId,
      product: r.product,
      batch: r.batch,
      unit: r.unit,
      receivedOn: r.receivedOn,
      status: r.status,
      opening: fromMilli(r.openingMilli),
      received: fromMilli(r.receivedMilli),
      sold: fromMilli(r.soldMilli),
      adjusted: fromMilli(r.adjustedMilli),
      closing: fromMilli(r.closingMilli),
      onHand: fromMilli(r.onHandMilli),
    })),
    totals,
    needsTag: sorted.filter((r) => r.tag == null).length,
    reachesNow,
    disagreements: reachesNow ? sorted.filter((r) => r.closingMilli !== r.onHandMilli).length : 0,
  };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What the Reports tab reads out above the packages, and the CSV opens with. */
export function inventorySummary(r: Pick<InventoryReport, 'packages' | 'needsTag' | 'reachesNow' | 'disagreements'>): string {
  const listed = `${plural(r.packages.length, 'package', 'packages')}, ${r.needsTag} without a tag.`;
  if (!r.reachesNow) return `${listed} Closing is what the ledger held when the period ended; on hand is what each holds now.`;
  if (r.disagreements === 0) return `All moves agree: every package holds what its ledger adds up to. ${listed}`;
  return `${plural(r.disagreements, 'disagreement', 'disagreements')}: ${plural(r.disagreements, 'package holds', 'packages hold')} other than what its ledger adds up to. ${listed}`;
}

export const INVENTORY_COLUMNS = [
  'Tag',
  'Package id',
  'Product',
  'Batch',
  'Unit',
  'Received on',
  'Status',
  'Opening',
  'Received',
  'Sold',
  'Adjusted',
  'Closing',
  'On hand now',
] as const;

export function inventoryCsvTables(r: InventoryReport): CsvCell[][][] {
  return [
    [['Summary', inventorySummary(r)]],
    [
      [...INVENTORY_COLUMNS],
      ...r.packages.map((p) => [
        p.tag ?? NEEDS_A_TAG,
        p.packageId,
        p.product,
        p.batch,
        unitLabel(p.unit),
        p.receivedOn,
        p.status,
        p.opening,
        p.received,
        p.sold,
        p.adjusted,
        p.closing,
        p.onHand,
      ]),
      ...r.totals.map((t) => [
        `Total (${unitLabel(t.unit)})`,
        null,
        `${t.packages} ${t.packages === 1 ? 'package' : 'packages'}`,
        null,
        unitLabel(t.unit),
        null,
        null,
        t.opening,
        t.received,
        t.sold,
        t.adjusted,
        t.closing,
        t.onHand,
      ]),
    ],
  ];
}

// --- daily reconciliation (R9) -----------------------------------------------------------------

/** One product on one New York day, as the reconciliation query groups it: stock units. */
export interface ReconciliationRow {
  date: string;
  productId: number;
  product: string;
  unit: PackageUnit;
  /** What the day's orders not cancelled took: their lines' `stock_taken_milli`. */
  orderedMilli: number;
  /** What the ledger's sale rows took for those lines, less returns, plus sale rows naming no line. */
  movedMilli: number;
  /** Sale or return rows that name no line of their order (of that product), counted on their own day. */
  unmatchedRows: number;
}

export interface ReconciliationLine {
  date: string;
  productId: number;
  product: string;
  unit: PackageUnit;
  /** Sold by orders: what the day's orders not cancelled took from stock. */
  ordered: number;
  /** Moved by packages: what the ledger took for them, net of returns. */
  moved: number;
  /** moved - ordered: above zero, the ledger took more than the orders sold. */
  difference: number;
  unmatchedRows: number;
  agrees: boolean;
}

export interface ReconciliationDay {
  date: string;
  /** Products that sold from stock or moved that day. */
  products: number;
  /** Of those, how many disagree. */
  disagreements: number;
}

/** What a stock invariant finds (R9): a figure the database keeps that its parts do not add up to. */
export type StockCheck = 'product' | 'package';

export interface StockMismatchRow {
  check: StockCheck;
  productId: number;
  product: string;
  /** The package, for a package's check; null for a product's. */
  packageId: number | null;
  tag: string | null;
  unit: PackageUnit;
  /** `products.stock_milli` (null: untracked) or `packages.quantity_milli`. */
  recordedMilli: number;
  /** The product's packages' quantities added up, or the package's ledger rows added up. */
  expectedMilli: number;
}

export interface StockMismatch {
  check: StockCheck;
  productId: number;
  product: string;
  packageId: number | null;
  tag: string | null;
  unit: PackageUnit;
  recorded: number;
  expected: number;
}

export interface ReconciliationReport {
  range: ReportRange;
  /** True when every day's products agree and every stock invariant holds. */
  agrees: boolean;
  /** Day-product disagreements plus stock mismatches. */
  disagreementCount: number;
  /** Every day of the range. */
  days: ReconciliationDay[];
  /** Every product on every day it sold from stock or moved, by day then product. */
  lines: ReconciliationLine[];
  /** The lines that disagree. */
  disagreements: ReconciliationLine[];
  /** Products and packages whose stock is not the sum of its parts, now (not over the range). */
  stock: StockMismatch[];
}

/** R9: the day-product lines, every day of the range, and the stock invariants. */
export function reconciliationReport(
  range: ReportRange,
  rows: readonly ReconciliationRow[],
  mismatches: readonly StockMismatchRow[],
): ReconciliationReport {
  const lines = [...rows]
    .sort((a, b) => (a.date === b.date ? a.product.localeCompare(b.product) || a.productId - b.productId : a.date < b.date ? -1 : 1))
    .map(
      (r): ReconciliationLine => ({
        date: r.date,
        productId: r.productId,
        product: r.product,
        unit: r.unit,
        ordered: fromMilli(r.orderedMilli),
        moved: fromMilli(r.movedMilli),
        difference: fromMilli(r.movedMilli - r.orderedMilli),
        unmatchedRows: r.unmatchedRows,
        agrees: r.orderedMilli === r.movedMilli,
      }),
    );
  const disagreements = lines.filter((l) => !l.agrees);
  const days = datesOf(range).map((date): ReconciliationDay => {
    const of = lines.filter((l) => l.date === date);
    return { date, products: of.length, disagreements: of.filter((l) => !l.agrees).length };
  });
  const stock = [...mismatches]
    .sort(
      (a, b) =>
        a.product.localeCompare(b.product) || a.productId - b.productId || (a.check === b.check ? 0 : a.check === 'product' ? -1 : 1),
    )
    .map(
      (m): StockMismatch => ({
        check: m.check,
        productId: m.productId,
        product: m.product,
        packageId: m.packageId,
        tag: m.tag,
        unit: m.unit,
        recorded: fromMilli(m.recordedMilli),
        expected: fromMilli(m.expectedMilli),
      }),
    );
  const disagreementCount = disagreements.length + stock.length;
  return { range, agrees: disagreementCount === 0, disagreementCount, days, lines, disagreements, stock };
}

/** The summary the Reports tab reads out and the CSV opens with. */
export function reconciliationSummary(r: Pick<ReconciliationReport, 'disagreementCount'>): string {
  const n = r.disagreementCount;
  return n === 0 ? 'All moves agree' : plural(n, 'disagreement', 'disagreements');
}

/** What a stock check compares, in words. */
export const STOCK_CHECK_LABELS: Record<StockCheck, string> = {
  product: "Product's stock against its packages",
  package: "Package's quantity against its ledger rows",
};

export function reconciliationCsvTables(r: ReconciliationReport): CsvCell[][][] {
  return [
    [['Summary', reconciliationSummary(r)]],
    [
      ['Date', 'Product id', 'Product', 'Unit', 'Sold by orders', 'Moved by packages', 'Difference', 'Rows naming no order line', 'Agrees'],
      ...r.lines.map((l) => [
        l.date,
        l.productId,
        l.product,
        unitLabel(l.unit),
        l.ordered,
        l.moved,
        l.difference,
        l.unmatchedRows,
        l.agrees ? 'yes' : 'no',
      ]),
    ],
    [
      ['Stock check', 'Product id', 'Product', 'Package id', 'Tag', 'Unit', 'Recorded', 'Sum of its parts', 'Difference'],
      ...r.stock.map((m) => [
        STOCK_CHECK_LABELS[m.check],
        m.productId,
        m.product,
        m.packageId,
        m.packageId == null ? null : (m.tag ?? NEEDS_A_TAG),
        unitLabel(m.unit),
        m.recorded,
        m.expected,
        fromMilli(Math.round((m.recorded - m.expected) * SCALE)),
      ]),
    ],
  ];
}
