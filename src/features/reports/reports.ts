/**
 * Reports (docs/product-rules.md R1-R6): what the owner reads each morning. Pure rules and the
 * answers' shapes, shared by the server, the Reports tab and the CSV. Days are New York calendar
 * days; money is cents (D1).
 */
import type { UsState } from '../../db/schema.ts';
import { addDays } from '../delivery/windows.ts';

/** The reports, in the order the Reports tab shows them; each is `/api/admin/reports/{name}[.csv]`. */
export const REPORT_NAMES = ['sales', 'windows', 'zones', 'products', 'refusals'] as const;
export type ReportName = (typeof REPORT_NAMES)[number];

export const REPORT_TITLES: Record<ReportName, string> = {
  sales: 'Sales',
  windows: 'Delivery windows',
  zones: 'Zones and states',
  products: 'Products and categories',
  refusals: 'Checkouts refused',
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
  revenueCents: number;
  /** revenueCents / orders, rounded to a cent; 0 with no orders. */
  averageCents: number;
  cancelled: number;
  failed: number;
}

export interface ReasonCount {
  reason: string;
  count: number;
}

export interface SalesReport {
  range: ReportRange;
  /** Every day of the range, days without orders included. */
  days: SalesDay[];
  totals: { orders: number; revenueCents: number; averageCents: number };
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
  /** null: the order's ZIP is in no zone today. */
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

/** Why the server refused a checkout, counted when it refused (R6). */
export const REFUSAL_CAUSES = ['purchase_limit', 'out_of_stock', 'window_full', 'zip_not_served', 'below_minimum'] as const;
export type RefusalCause = (typeof REFUSAL_CAUSES)[number];

export const REFUSAL_LABELS: Record<RefusalCause, string> = {
  purchase_limit: 'Purchase limit',
  out_of_stock: 'Out of stock',
  window_full: 'Delivery window full or closed',
  zip_not_served: 'ZIP not served',
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
}
