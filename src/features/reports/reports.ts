/**
 * Reports (docs/product-rules.md R1-R9): what the owner reads each morning. Pure rules and the
 * answers' shapes, shared by the server, the Reports tab and the CSV. Days are New York calendar
 * days; money is cents (D1).
 */
import { REFUSAL_CAUSES, type RefusalCause } from '../../db/report-values.ts';
import type { UsState } from '../../db/schema.ts';
import { fromNyWallTime, zoneOffsetMs } from '../../lib/ny-time.ts';
import { addDays, minuteText, weekdayOf } from '../delivery/windows.ts';
import { CSV_BOM, type CsvCell, csvLine } from '../menu/csv.ts';
import { type InventoryReport, inventoryCsvTables, type ReconciliationReport, reconciliationCsvTables } from './stock-reports.ts';

export { REFUSAL_CAUSES, type RefusalCause };

/** The reports, in the order the Reports tab shows them; each is `/api/admin/reports/{name}[.csv]`. */
export const REPORT_NAMES = ['sales', 'windows', 'zones', 'products', 'refusals', 'inventory', 'reconciliation'] as const;
export type ReportName = (typeof REPORT_NAMES)[number];

export const REPORT_TITLES: Record<ReportName, string> = {
  sales: 'Sales',
  windows: 'Delivery windows',
  zones: 'Zones and states',
  products: 'Products and categories',
  refusals: 'Checkouts refused',
  // R8, R9 (stock-reports.ts): the packages' ledger over the range, and whether it agrees with the orders.
  inventory: 'Inventory by package',
  reconciliation: 'Daily stock reconciliation',
};

/** The longest range one request may ask for, in days. */
export const MAX_RANGE_DAYS = 366;

/** The range pickers' presets: today, or the last N days ending today. */
export const RANGE_PRESETS = [
  { id: 'today', label: 'Today', days: 1 },
  { id: '7', label: 'Last 7 days', days: 7 },
  { id: '30', label: 'Last 30 days', days: 30 },
  { id: '90', label: 'Last 90 days', days: 90 },
] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number]['id'];

/** New York dates 'YYYY-MM-DD', both included. */
export interface ReportRange {
  from: string;
  to: string;
}

/** The preset's range ending on `today` (a New York date). */
export function presetRange(preset: RangePreset, today: string): ReportRange {
  const days = RANGE_PRESETS.find((p) => p.id === preset)?.days ?? 7;
  return { from: addDays(today, 1 - days), to: today };
}

/** Every date of the range, in order. */
export function datesOf(range: ReportRange): string[] {
  const dates: string[] = [];
  for (let d = range.from; d <= range.to; d = addDays(d, 1)) dates.push(d);
  return dates;
}

/** What the owner reads when a range holds no orders. */
export const NO_ORDERS_MESSAGE = 'No orders in this period';

// --- sales (R2) --------------------------------------------------------------------------------

export interface SalesDay {
  date: string;
  /** Orders placed that day and not cancelled (a failed delivery cancels its order). */
  orders: number;
  /** The orders' totals, tax included: what the customers paid. */
  revenueCents: number;
  /** The tax in those totals (D38): what the shop collected for the states. */
  taxCents: number;
  /** revenueCents / orders, rounded to a cent; 0 with no orders. */
  averageCents: number;
  cancelled: number;
  failed: number;
}

export interface ReasonCount {
  reason: string;
  count: number;
}

/** One tax line of one state, summed over the range's orders not cancelled (D38). */
export interface TaxCollected {
  /** The state delivered to, whose law charged the tax. */
  state: UsState;
  /** The tax's name as the order recorded it: "Maryland cannabis sales and use tax". */
  name: string;
  /** Its rate in percent (12 for 1200 basis points); a rate that changed within the range is a row of its own. */
  percent: number;
  /** Orders that paid it. */
  orders: number;
  taxCents: number;
}

export interface SalesReport {
  range: ReportRange;
  /** Every day of the range, days without orders included. */
  days: SalesDay[];
  totals: { orders: number; revenueCents: number; averageCents: number; taxCents: number };
  /** Tax collected by state and tax line, by state then amount; empty when no order paid tax. */
  taxes: TaxCollected[];
  /** Cancelled orders that did not fail at the door, by the note given when cancelling. */
  cancelled: { count: number; reasons: ReasonCount[] };
  /** Failed deliveries, by the reason the driver or dispatcher gave. */
  failed: { count: number; reasons: ReasonCount[] };
}

// --- windows (R3) ------------------------------------------------------------------------------

export interface WindowCell {
  /** 0 Sunday ... 6 Saturday. */
  weekday: number;
  startMinute: number;
  endMinute: number;
  /** Orders booked into this weekday's window on the range's dates, not cancelled. */
  orders: number;
  /** Places the window offered over the range's dates. */
  capacity: number;
}

export interface WindowsReport {
  range: ReportRange;
  /** The grid's rows: each window time that has a cell, in order of the day. */
  slots: { startMinute: number; endMinute: number }[];
  cells: WindowCell[];
  totals: { orders: number; capacity: number };
}

// --- zones (R4) --------------------------------------------------------------------------------

export interface ZoneSales {
  /**
   * The zone the orders recorded at checkout (D31); null: they recorded none, being placed before
   * orders recorded zones, to a ZIP in no zone when migration 0016 filled the older orders in.
   */
  zoneId: number | null;
  zone: string;
  state: UsState | null;
  orders: number;
  revenueCents: number;
}

export interface StateSales {
  state: UsState;
  orders: number;
  revenueCents: number;
  /** The tax in that revenue, collected for the state (D38). */
  taxCents: number;
}

export interface ZonesReport {
  range: ReportRange;
  zones: ZoneSales[];
  states: StateSales[];
}

// --- products (R5) -----------------------------------------------------------------------------

/** How many products the top and bottom lists name. */
export const PRODUCT_LIST_SIZE = 10;

export interface ProductSales {
  productId: number;
  name: string;
  category: string;
  units: number;
  revenueCents: number;
}

export interface CategorySales {
  categoryId: number;
  name: string;
  units: number;
  revenueCents: number;
}

export interface ProductsReport {
  range: ReportRange;
  /** Best sellers by revenue, then units. */
  top: ProductSales[];
  /** Active products that sold least by units, then revenue; those that sold none come first. */
  bottom: ProductSales[];
  /** Every category, by revenue. */
  categories: CategorySales[];
}

// --- refusals (R6) -----------------------------------------------------------------------------

export const REFUSAL_LABELS: Record<RefusalCause, string> = {
  purchase_limit: 'Purchase limit',
  daily_limit: "A day's limit",
  out_of_stock: 'Out of stock',
  window_full: 'Delivery window full or closed',
  zip_not_served: 'ZIP not served',
  state_closed: 'State closed',
  patient_required: 'No patient registry',
  below_minimum: 'Under the minimum',
};

export interface RefusalsReport {
  range: ReportRange;
  /** Every cause, in REFUSAL_CAUSES order, zero counts included. */
  causes: { cause: RefusalCause; count: number }[];
  total: number;
}

export interface ReportAnswers {
  sales: SalesReport;
  windows: WindowsReport;
  zones: ZonesReport;
  products: ProductsReport;
  refusals: RefusalsReport;
  inventory: InventoryReport;
  reconciliation: ReconciliationReport;
}

// --- rules ---------------------------------------------------------------------------------------

/** R1: the range a request asks for; neither date means the last 7 days ending `today`. */
export function resolveRange(query: { from?: string | undefined; to?: string | undefined }, today: string): ReportRange {
  if (query.from != null && query.to != null) return { from: query.from, to: query.to };
  return presetRange('7', today);
}

/** R1: the instants the range covers, [from, to): New York midnight of its first day to the one after its last. */
export function rangeInstants(range: ReportRange): { from: number; to: number } {
  // Midnight is never skipped or repeated in New York (its clocks change at 2 AM).
  const midnight = (date: string) => {
    const r = fromNyWallTime(`${date}T00:00`);
    if (!r.ok) throw new RangeError(r.message);
    return r.ms;
  };
  return { from: midnight(range.from), to: midnight(addDays(range.to, 1)) };
}

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/**
 * New York's offset from UTC over [from, to): one span per offset, each but the last ending at the
 * instant the clocks change. SQLite knows no time zones; the spans let a query add the right
 * offset to an instant before cutting it into days (nyLocal in report-days.server.ts).
 */
export interface OffsetSpan {
  /** The first instant no longer on this offset; null for the last span. */
  until: number | null;
  offsetMs: number;
}

export function offsetSpans(from: number, to: number): OffsetSpan[] {
  const spans: OffsetSpan[] = [];
  let offset = zoneOffsetMs(from);
  // New York changes its clocks at most once a day, so sampling each day finds every change; the
  // change's own minute is then found by halving the day it falls in.
  for (let at = from; at < to; at += DAY_MS) {
    const next = Math.min(at + DAY_MS, to);
    const nextOffset = zoneOffsetMs(next);
    if (nextOffset === offset) continue;
    let lo = at;
    let hi = next;
    while (hi - lo > MINUTE_MS) {
      const mid = lo + Math.floor((hi - lo) / 2 / MINUTE_MS) * MINUTE_MS;
      if (zoneOffsetMs(mid) === offset) lo = mid;
      else hi = mid;
    }
    spans.push({ until: hi, offsetMs: offset });
    offset = nextOffset;
  }
  spans.push({ until: null, offsetMs: offset });
  return spans;
}

/** The days since 1970-01-01 of a date: what a query's `(ms + offset) / DAY_MS` gives for its instants. */
export function dayNumberOf(date: string): number {
  return Date.parse(`${date}T00:00:00Z`) / DAY_MS;
}

export function dateOfDayNumber(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

export const MS_PER_DAY = DAY_MS;
export const MS_PER_MINUTE = MINUTE_MS;

/** R2: revenue over orders, rounded to a cent; 0 with no orders. */
export function averageCents(revenueCents: number, orders: number): number {
  return orders > 0 ? Math.round(revenueCents / orders) : 0;
}

/** R2: what a cancellation or a failed delivery is counted under when nobody gave a reason. */
export const NO_REASON = 'No reason given';

/** R4: the zone an order is counted under when it recorded none (see ZoneSales.zoneId). */
export const NO_ZONE = 'No zone';

/**
 * R6: the refusal a placeOrder error code counts as, or null when it is no refusal (a price that
 * changed, bad input, a replayed key). Every way a window cannot be booked counts as a full window.
 */
const REFUSAL_OF_CODE: Readonly<Record<string, RefusalCause>> = {
  purchase_limit: 'purchase_limit',
  daily_limit: 'daily_limit',
  state_closed: 'state_closed',
  patient_required: 'patient_required',
  out_of_stock: 'out_of_stock',
  zip_not_served: 'zip_not_served',
  below_minimum: 'below_minimum',
  window_full: 'window_full',
  window_closed: 'window_full',
  no_window_today: 'window_full',
  no_window_for_part: 'window_full',
};

export function refusalCauseOf(code: string): RefusalCause | null {
  return Object.hasOwn(REFUSAL_OF_CODE, code) ? (REFUSAL_OF_CODE[code] ?? null) : null;
}

/** Reasons by count, most first, then by name, so equal counts keep one order. */
function byCount(reasons: readonly ReasonCount[]): ReasonCount[] {
  return [...reasons].sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason));
}

/** One New York day's figures as the sales query groups them. */
export interface SalesDayRow {
  day: number;
  orders: number;
  revenueCents: number;
  taxCents: number;
  cancelled: number;
  failed: number;
}

/** R2: every day of the range, from the days that had orders, and the tax collected by state and line. */
export function salesReport(
  range: ReportRange,
  rows: readonly SalesDayRow[],
  cancelled: readonly ReasonCount[],
  failed: readonly ReasonCount[],
  taxes: readonly TaxCollected[] = [],
): SalesReport {
  const byDay = new Map(rows.map((r) => [dateOfDayNumber(r.day), r]));
  const days = datesOf(range).map((date): SalesDay => {
    const r = byDay.get(date);
    const orders = r?.orders ?? 0;
    const revenueCents = r?.revenueCents ?? 0;
    return {
      date,
      orders,
      revenueCents,
      taxCents: r?.taxCents ?? 0,
      averageCents: averageCents(revenueCents, orders),
      cancelled: r?.cancelled ?? 0,
      failed: r?.failed ?? 0,
    };
  });
  const orders = days.reduce((n, d) => n + d.orders, 0);
  const revenueCents = days.reduce((n, d) => n + d.revenueCents, 0);
  const taxCents = days.reduce((n, d) => n + d.taxCents, 0);
  const total = (list: readonly ReasonCount[]) => list.reduce((n, r) => n + r.count, 0);
  return {
    range,
    days,
    totals: { orders, revenueCents, averageCents: averageCents(revenueCents, orders), taxCents },
    taxes: [...taxes].sort(
      (a, b) => a.state.localeCompare(b.state) || b.taxCents - a.taxCents || a.name.localeCompare(b.name) || a.percent - b.percent,
    ),
    cancelled: { count: total(cancelled), reasons: byCount(cancelled) },
    failed: { count: total(failed), reasons: byCount(failed) },
  };
}

/** One window on one New York date, as the windows query groups the orders booked into it. */
export interface BookedWindowRow {
  day: number;
  startMinute: number;
  endMinute: number;
  /** Orders not cancelled. */
  orders: number;
  /** The largest capacity recorded on the window's orders, cancelled ones included. */
  capacity: number;
}

/** A window of the current schedule, as R3 reads it for dates nobody booked. */
export interface ScheduleSlot {
  weekday: number;
  startMinute: number;
  endMinute: number;
  capacity: number;
  active: boolean;
}

/** R3: the weekday by window grid, with the places each cell offered over the range. */
export function windowsReport(
  range: ReportRange,
  booked: readonly BookedWindowRow[],
  schedule: readonly ScheduleSlot[],
  closedDates: ReadonlySet<string>,
): WindowsReport {
  const cells = new Map<string, WindowCell>();
  const cellOf = (weekday: number, startMinute: number, endMinute: number): WindowCell => {
    const key = `${weekday}/${startMinute}/${endMinute}`;
    let cell = cells.get(key);
    if (!cell) {
      cell = { weekday, startMinute, endMinute, orders: 0, capacity: 0 };
      cells.set(key, cell);
    }
    return cell;
  };
  // A date's window that has orders counts the capacity they were booked with; the schedule
  // speaks only for the windows of a date nobody booked.
  const bookedStarts = new Set<string>();
  for (const row of booked) {
    const date = dateOfDayNumber(row.day);
    bookedStarts.add(`${date}/${row.startMinute}`);
    const cell = cellOf(weekdayOf(date), row.startMinute, row.endMinute);
    cell.orders += row.orders;
    cell.capacity += row.capacity;
  }
  for (const date of datesOf(range)) {
    if (closedDates.has(date)) continue;
    const weekday = weekdayOf(date);
    for (const w of schedule) {
      if (!w.active || w.weekday !== weekday || bookedStarts.has(`${date}/${w.startMinute}`)) continue;
      cellOf(weekday, w.startMinute, w.endMinute).capacity += w.capacity;
    }
  }
  const list = [...cells.values()].sort((a, b) => a.startMinute - b.startMinute || a.endMinute - b.endMinute || a.weekday - b.weekday);
  const slots = new Map<string, { startMinute: number; endMinute: number }>();
  for (const c of list) slots.set(`${c.startMinute}/${c.endMinute}`, { startMinute: c.startMinute, endMinute: c.endMinute });
  return {
    range,
    slots: [...slots.values()],
    cells: list,
    totals: { orders: list.reduce((n, c) => n + c.orders, 0), capacity: list.reduce((n, c) => n + c.capacity, 0) },
  };
}

/** R4: zones and states, each by revenue, then orders. */
export function zonesReport(range: ReportRange, zones: readonly ZoneSales[], states: readonly StateSales[]): ZonesReport {
  const order = <T extends { revenueCents: number; orders: number }>(list: readonly T[], name: (t: T) => string) =>
    [...list].sort((a, b) => b.revenueCents - a.revenueCents || b.orders - a.orders || name(a).localeCompare(name(b)));
  return { range, zones: order(zones, (z) => z.zone), states: order(states, (s) => s.state) };
}

/**
 * R5: the best and worst sellers and every category, from what the query picked (each list already
 * cut to PRODUCT_LIST_SIZE); put in their order here, so the order is one rule whatever the database.
 */
export function productsReport(
  range: ReportRange,
  top: readonly ProductSales[],
  bottom: readonly ProductSales[],
  categories: readonly CategorySales[],
): ProductsReport {
  return {
    range,
    top: [...top]
      .sort((a, b) => b.revenueCents - a.revenueCents || b.units - a.units || a.name.localeCompare(b.name) || a.productId - b.productId)
      .slice(0, PRODUCT_LIST_SIZE),
    bottom: [...bottom]
      .sort((a, b) => a.units - b.units || a.revenueCents - b.revenueCents || a.name.localeCompare(b.name) || a.productId - b.productId)
      .slice(0, PRODUCT_LIST_SIZE),
    categories: [...categories].sort(
      (a, b) => b.revenueCents - a.revenueCents || b.units - a.units || a.name.localeCompare(b.name) || a.categoryId - b.categoryId,
    ),
  };
}

/** R6: every cause, zero counts included. */
export function refusalsReport(range: ReportRange, rows: readonly { cause: RefusalCause; count: number }[]): RefusalsReport {
  const counts = new Map(rows.map((r) => [r.cause, r.count]));
  const causes = REFUSAL_CAUSES.map((cause) => ({ cause, count: counts.get(cause) ?? 0 }));
  return { range, causes, total: causes.reduce((n, c) => n + c.count, 0) };
}

// --- CSV ---------------------------------------------------------------------------------------

/** Cents as dollars with two decimals, a number a spreadsheet sums. */
const dollars = (cents: number): string => (cents / 100).toFixed(2);
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** Each report's CSV: one or more tables, each under its own header, a blank line between them. */
const CSV_TABLES: { [N in ReportName]: (report: ReportAnswers[N]) => CsvCell[][][] } = {
  sales: (s) => [
    [
      // Tax goes last, so a sheet that reads the columns by place still finds the first ones where they were.
      ['Date', 'Orders', 'Revenue (USD)', 'Average order (USD)', 'Cancelled', 'Failed deliveries', 'Tax (USD)'],
      ...s.days.map((d) => [
        d.date,
        d.orders,
        dollars(d.revenueCents),
        dollars(d.averageCents),
        d.cancelled,
        d.failed,
        dollars(d.taxCents),
      ]),
      [
        'Total',
        s.totals.orders,
        dollars(s.totals.revenueCents),
        dollars(s.totals.averageCents),
        s.cancelled.count,
        s.failed.count,
        dollars(s.totals.taxCents),
      ],
    ],
    [
      ['State', 'Tax', 'Rate (%)', 'Orders', 'Tax (USD)'],
      ...s.taxes.map((x) => [x.state, x.name, x.percent, x.orders, dollars(x.taxCents)]),
    ],
    [['Cancellation reason', 'Orders'], ...s.cancelled.reasons.map((x) => [x.reason, x.count])],
    [['Failed delivery reason', 'Orders'], ...s.failed.reasons.map((x) => [x.reason, x.count])],
  ],
  windows: (w) => [
    [
      ['Weekday', 'Window start', 'Window end', 'Orders', 'Capacity'],
      ...[...w.cells]
        .sort((a, b) => a.weekday - b.weekday || a.startMinute - b.startMinute)
        .map((c) => [WEEKDAYS[c.weekday] ?? '', minuteText(c.startMinute), minuteText(c.endMinute), c.orders, c.capacity]),
    ],
  ],
  zones: (z) => [
    [['Zone', 'State', 'Orders', 'Revenue (USD)'], ...z.zones.map((x) => [x.zone, x.state, x.orders, dollars(x.revenueCents)])],
    [
      ['State', 'Orders', 'Revenue (USD)', 'Tax (USD)'],
      ...z.states.map((x) => [x.state, x.orders, dollars(x.revenueCents), dollars(x.taxCents)]),
    ],
  ],
  products: (p) => {
    const rows = (list: readonly ProductSales[], label: string) =>
      list.map((x) => [label, x.productId, x.name, x.category, x.units, dollars(x.revenueCents)]);
    return [
      [['List', 'Product id', 'Product', 'Category', 'Units', 'Revenue (USD)'], ...rows(p.top, 'Top'), ...rows(p.bottom, 'Bottom')],
      [['Category', 'Units', 'Revenue (USD)'], ...p.categories.map((c) => [c.name, c.units, dollars(c.revenueCents)])],
    ];
  },
  refusals: (f) => [[['Cause', 'Checkouts refused'], ...f.causes.map((c) => [REFUSAL_LABELS[c.cause], c.count]), ['Total', f.total]]],
  inventory: inventoryCsvTables,
  reconciliation: reconciliationCsvTables,
};

/**
 * A report as a CSV file: a first line naming the report and its range, then its tables. Every
 * text cell goes through csvLine, which neutralises a cell a spreadsheet would run as a formula.
 */
export function reportCsvText<N extends ReportName>(name: N, report: ReportAnswers[N]): string {
  const { from, to } = report.range;
  const lines = [csvLine([REPORT_TITLES[name], `${from} to ${to}`])];
  const tables: (report: ReportAnswers[N]) => CsvCell[][][] = CSV_TABLES[name];
  for (const table of tables(report)) lines.push('\r\n', ...table.map(csvLine));
  return CSV_BOM + lines.join('');
}

/** The file a report's CSV downloads as. */
export function reportFileName(name: ReportName, range: ReportRange): string {
  return `greenline-${name}-${range.from}-to-${range.to}.csv`;
}
