/**
 * Reports' database reads (R1-R7; the stock reports R8, R9 read in stock-reports.server.ts), the
 * checkout refusals' counter and the daily summary. Every report is one read batch that aggregates
 * in SQL: the database sends back a row per day, window, zone or list entry, never the orders
 * themselves.
 */

import { eq, sql } from 'drizzle-orm';
import { isBooked, isCancelled } from '../../db/booked.ts';
import type { Db } from '../../db/db.ts';
import { errorText } from '../../db/error-text.ts';
import { admins, checkoutRefusals, dailySummaries, reportSettings as settingsTable } from '../../db/schema.ts';
import { categoryRuleKey } from '../catalog/catalog.server.ts';
import { stockToBaseUnits, stockUnit } from '../catalog/stock.ts';
import { addDays, nyDate } from '../delivery/windows.ts';
import { longDateText } from '../dispatch/dispatch.ts';
import { deliverPending, enqueueMail, type MailEnv, mailProviderFromEnv } from '../mail/mail.server.ts';
import { dailySummaryEmail, type LowStockLine } from '../mail/templates.ts';
import { isLowStockSql } from '../menu/low-stock.server.ts';
import { SITE } from '../site/settings.ts';
import { DAY, MINUTE, num, nyLocal, type Span, spanOf } from './report-days.server.ts';
import type { ReportQuery, ReportSettingsInput } from './reports.schema.ts';
import {
  type BookedWindowRow,
  type CategorySales,
  NO_REASON,
  NO_ZONE,
  PRODUCT_LIST_SIZE,
  type ProductSales,
  productsReport,
  type ReasonCount,
  type RefusalCause,
  type ReportAnswers,
  type ReportName,
  type ReportRange,
  refusalsReport,
  reportCsvText,
  reportFileName,
  resolveRange,
  type SalesDayRow,
  type SalesReport,
  type ScheduleSlot,
  type StateSales,
  salesReport,
  type TaxCollected,
  windowsReport,
  type ZoneSales,
  zonesReport,
} from './reports.ts';
import { inventory, reconciliation } from './stock-reports.server.ts';

/** The reports read orders as `o`: booked or cancelled in the one sense the rest of the shop uses. */
const oBooked = isBooked(sql`o.status`);
const oCancelled = isCancelled(sql`o.status`);

// --- sales (R2) --------------------------------------------------------------------------------

/** The sales report's reads, unexecuted, so the daily summary can put them in its own batch. */
function salesReads(db: Db, s: Span) {
  const day = sql`${nyLocal('o.created_at', s.spans)} / ${DAY}`;
  const inRange = sql`o.created_at >= ${s.from} and o.created_at < ${s.to}`;
  return [
    db.all<Record<keyof SalesDayRow, unknown>>(sql`
      select ${day} as day,
        sum(${oBooked}) as orders,
        coalesce(sum(case when ${oBooked} then o.total_cents end), 0) as revenueCents,
        coalesce(sum(case when ${oBooked} then o.tax_cents end), 0) as taxCents,
        sum(${oCancelled} and o.delivery_status <> 'failed') as cancelled,
        sum(${oCancelled} and o.delivery_status = 'failed') as failed
      from orders o where ${inRange} group by day`),
    // A cancelled order's reason is the note of the latest move to 'cancelled' (it may have been
    // reopened and cancelled again).
    db.all<Record<keyof ReasonCount, unknown>>(sql`
      select coalesce(nullif(trim((
          select h.note from order_status_history h
          where h.order_id = o.id and ${isCancelled(sql`h.to_status`)}
          order by h.created_at desc, h.id desc limit 1)), ''), ${NO_REASON}) as reason,
        count(*) as count
      from orders o where ${inRange} and ${oCancelled} and o.delivery_status <> 'failed' group by reason`),
    db.all<Record<keyof ReasonCount, unknown>>(sql`
      select coalesce(nullif(trim(o.delivery_failure_reason), ''), ${NO_REASON}) as reason, count(*) as count
      from orders o where ${inRange} and ${oCancelled} and o.delivery_status = 'failed' group by reason`),
    // D38: each order keeps the tax lines it paid (name, rate, amount) as JSON; they are summed by
    // the state delivered to, the tax's name and its rate, so a rate that changed within the range
    // (Maryland's 9 % became 12 %) shows as two rows, each as charged.
    db.all<Record<keyof TaxCollected | 'basisPoints', unknown>>(sql`
      select o.delivery_state as state, json_extract(t.value, '$.name') as name,
        json_extract(t.value, '$.basisPoints') as basisPoints,
        count(distinct o.id) as orders, coalesce(sum(json_extract(t.value, '$.amount')), 0) as taxCents
      from orders o, json_each(o.tax_lines) t
      where ${inRange} and ${oBooked} group by state, name, basisPoints`),
  ] as const;
}

type SalesRows = [
  Record<keyof SalesDayRow, unknown>[],
  Record<keyof ReasonCount, unknown>[],
  Record<keyof ReasonCount, unknown>[],
  Record<keyof TaxCollected | 'basisPoints', unknown>[],
];

function salesOf(range: ReportRange, [days, cancelled, failed, taxes]: SalesRows): SalesReport {
  const reasons = (rows: SalesRows[1]) => rows.map((r) => ({ reason: String(r.reason), count: num(r.count) }));
  return salesReport(
    range,
    days.map((r) => ({
      day: num(r.day),
      orders: num(r.orders),
      revenueCents: num(r.revenueCents),
      taxCents: num(r.taxCents),
      cancelled: num(r.cancelled),
      failed: num(r.failed),
    })),
    reasons(cancelled),
    reasons(failed),
    taxes.map((r) => ({
      state: String(r.state) as TaxCollected['state'],
      name: String(r.name),
      percent: num(r.basisPoints) / 100,
      orders: num(r.orders),
      taxCents: num(r.taxCents),
    })),
  );
}

async function sales(db: Db, s: Span): Promise<SalesReport> {
  const [a, b, c, d] = salesReads(db, s);
  return salesOf(s.range, await db.batch([a, b, c, d]));
}

// --- windows (R3) ------------------------------------------------------------------------------

async function windows(db: Db, s: Span) {
  const start = nyLocal('o.window_start', s.spans);
  const end = nyLocal('o.window_end', s.spans);
  const [booked, schedule, closed] = await db.batch([
    db.all<Record<keyof BookedWindowRow, unknown>>(sql`
      select ${start} / ${DAY} as day,
        (${start} % ${DAY}) / ${MINUTE} as startMinute,
        (${end} - (${start} / ${DAY}) * ${DAY}) / ${MINUTE} as endMinute,
        sum(${oBooked}) as orders,
        coalesce(max(o.window_capacity), 0) as capacity
      from orders o where o.window_start >= ${s.from} and o.window_start < ${s.to}
      group by day, startMinute, endMinute`),
    db.all<Record<keyof ScheduleSlot, unknown>>(sql`
      select weekday, start_minute as startMinute, end_minute as endMinute, capacity, active from delivery_windows`),
    db.all<{ date: unknown }>(sql`select date from delivery_closed_dates where date >= ${s.range.from} and date <= ${s.range.to}`),
  ]);
  return windowsReport(
    s.range,
    booked.map((r) => ({
      day: num(r.day),
      startMinute: num(r.startMinute),
      endMinute: num(r.endMinute),
      orders: num(r.orders),
      capacity: num(r.capacity),
    })),
    schedule.map((r) => ({
      weekday: num(r.weekday),
      startMinute: num(r.startMinute),
      endMinute: num(r.endMinute),
      capacity: num(r.capacity),
      active: Boolean(num(r.active)),
    })),
    new Set(closed.map((r) => String(r.date))),
  );
}

// --- zones (R4) --------------------------------------------------------------------------------

/**
 * R4: orders grouped by the zone they recorded at checkout (D31), not by where their ZIP is today,
 * so moving a ZIP or changing a zone leaves past figures as they were. A zone renamed between two
 * orders is one row under the name its latest order in the range recorded: with max() as the one
 * min/max aggregate, SQLite takes the bare name and state from that row.
 */
async function zones(db: Db, s: Span) {
  const inRange = sql`o.created_at >= ${s.from} and o.created_at < ${s.to} and ${oBooked}`;
  const [zoneRows, stateRows] = await db.batch([
    db.all<Record<keyof ZoneSales, unknown>>(sql`
      select o.zone_id as zoneId, o.zone_name as zone, o.zone_state as state, max(o.id) as latest,
        count(*) as orders, sum(o.total_cents) as revenueCents
      from orders o where ${inRange} group by o.zone_id`),
    db.all<Record<keyof StateSales, unknown>>(sql`
      select o.delivery_state as state, count(*) as orders, sum(o.total_cents) as revenueCents, sum(o.tax_cents) as taxCents
      from orders o where ${inRange} group by o.delivery_state`),
  ]);
  return zonesReport(
    s.range,
    zoneRows.map((r) => ({
      zoneId: r.zoneId == null ? null : num(r.zoneId),
      zone: r.zoneId == null ? NO_ZONE : String(r.zone),
      state: r.zoneId == null ? null : (String(r.state) as ZoneSales['state']),
      orders: num(r.orders),
      revenueCents: num(r.revenueCents),
    })),
    stateRows.map((r) => ({
      state: String(r.state) as StateSales['state'],
      orders: num(r.orders),
      revenueCents: num(r.revenueCents),
      taxCents: num(r.taxCents),
    })),
  );
}

// --- products (R5) -----------------------------------------------------------------------------

interface ProductListRow {
  list: 'top' | 'bottom' | 'category';
  id: unknown;
  name: unknown;
  category: unknown;
  units: unknown;
  revenueCents: unknown;
}

/**
 * One statement: the range's lines are summed per product once (a materialised CTE), then read
 * three ways. A product's category is its category's top-level parent when it has one.
 */
async function products(db: Db, s: Span) {
  const size = sql.raw(String(PRODUCT_LIST_SIZE));
  const rows = await db.all<ProductListRow>(sql`
    with sold as materialized (
      select oi.product_id as id, sum(oi.quantity) as units, sum(oi.line_total_cents) as revenue
      from orders o join order_items oi on oi.order_id = o.id
      where o.created_at >= ${s.from} and o.created_at < ${s.to} and ${oBooked}
      group by oi.product_id
    ),
    placed as (
      select p.id, p.name, p.status, coalesce(top.id, c.id) as category_id, coalesce(top.name, c.name) as category
      from products p join categories c on c.id = p.category_id left join categories top on top.id = c.parent_id
    )
    select * from (
      select 'top' as list, p.id, p.name, p.category, s.units, s.revenue as revenueCents
      from sold s join placed p on p.id = s.id
      order by s.revenue desc, s.units desc, p.name, p.id limit ${size})
    union all select * from (
      select 'bottom' as list, p.id, p.name, p.category, coalesce(s.units, 0) as units, coalesce(s.revenue, 0) as revenueCents
      from placed p left join sold s on s.id = p.id where p.status = 'active'
      order by 5, 6, p.name, p.id limit ${size})
    union all select * from (
      select 'category' as list, t.id, t.name, null as category, coalesce(sum(x.units), 0) as units, coalesce(sum(x.revenue), 0) as revenueCents
      from categories t left join (select p.category_id, s.units, s.revenue from sold s join placed p on p.id = s.id) x on x.category_id = t.id
      where t.parent_id is null
      group by t.id having not t.retired or count(x.category_id) > 0)`);
  const product = (r: ProductListRow): ProductSales => ({
    productId: num(r.id),
    name: String(r.name),
    category: String(r.category),
    units: num(r.units),
    revenueCents: num(r.revenueCents),
  });
  const category = (r: ProductListRow): CategorySales => ({
    categoryId: num(r.id),
    name: String(r.name),
    units: num(r.units),
    revenueCents: num(r.revenueCents),
  });
  return productsReport(
    s.range,
    rows.filter((r) => r.list === 'top').map(product),
    rows.filter((r) => r.list === 'bottom').map(product),
    rows.filter((r) => r.list === 'category').map(category),
  );
}

// --- refusals (R6) -----------------------------------------------------------------------------

async function refusals(db: Db, s: Span) {
  const rows = await db.all<{ cause: RefusalCause; count: unknown }>(sql`
    select cause, count(*) as count from checkout_refusals
    where created_at >= ${s.from} and created_at < ${s.to} group by cause`);
  return refusalsReport(
    s.range,
    rows.map((r) => ({ cause: r.cause, count: num(r.count) })),
  );
}

/** Counts one refused checkout (R6). */
export async function recordRefusal(db: Db, cause: RefusalCause, at: number): Promise<void> {
  await db.insert(checkoutRefusals).values({ cause, createdAt: at });
}

// --- the routes' entry points ------------------------------------------------------------------

const BUILDERS: { [N in ReportName]: (db: Db, s: Span) => Promise<ReportAnswers[N]> } = {
  sales,
  windows,
  zones,
  products,
  refusals,
  inventory,
  reconciliation,
};

/** GET /api/admin/reports/{name}: one report over the asked range (R1), today being New York's. */
export async function buildReport<N extends ReportName>(db: Db, name: N, query: ReportQuery): Promise<ReportAnswers[N]> {
  const build: (db: Db, s: Span) => Promise<ReportAnswers[N]> = BUILDERS[name];
  return build(db, spanOf(resolveRange(query, nyDate(Date.now()))));
}

/** GET /api/admin/reports/{name}.csv: the same report as a CSV file. */
export async function reportCsv(db: Db, name: ReportName, query: ReportQuery): Promise<{ fileName: string; text: string }> {
  const report = await buildReport(db, name, query);
  return { fileName: reportFileName(name, report.range), text: reportCsvText(name, report) };
}

// --- settings and the daily summary (R7) -------------------------------------------------------

/** The one settings row (migration 0013 writes it); off when it is missing. */
export async function reportSettings(db: Db): Promise<{ dailySummary: boolean }> {
  const [row] = await db.select({ dailySummary: settingsTable.dailySummary }).from(settingsTable).where(eq(settingsTable.id, 1));
  return { dailySummary: row?.dailySummary ?? false };
}

export async function saveReportSettings(db: Db, input: ReportSettingsInput): Promise<{ dailySummary: boolean }> {
  await db
    .insert(settingsTable)
    .values({ id: 1, dailySummary: input.dailySummary })
    .onConflictDoUpdate({ target: settingsTable.id, set: { dailySummary: input.dailySummary, updatedAt: Date.now() } });
  return reportSettings(db);
}

/** How many low-stock products the summary names; it says how many more there are. */
export const SUMMARY_LOW_STOCK_LIMIT = 50;

/** True when `err`, or an error it wraps, is the daily summary's key already taken. */
const isSummaryTaken = (err: unknown): boolean => errorText(err).includes('daily_summaries.date');

export type DailySummaryAnswer = { sent: boolean; date: string; reason?: 'off' | 'already_sent' };

/**
 * Yesterday's summary (R7) to every admin, once per New York day however often it is asked for:
 * the day's key and the e-mails are written in one batch (one transaction), so a second ask, even
 * a concurrent one, fails on the key and writes nothing.
 */
export async function sendDailySummary(db: Db, now: number, env: MailEnv & { SITE_URL?: string }): Promise<DailySummaryAnswer> {
  const date = addDays(nyDate(now), -1);
  // Every staff page that opens asks, so the usual answer (off, or sent already) costs one small read.
  const [settings, done] = await db.batch([
    db.select({ on: settingsTable.dailySummary }).from(settingsTable).where(eq(settingsTable.id, 1)),
    db.select({ date: dailySummaries.date }).from(dailySummaries).where(eq(dailySummaries.date, date)),
  ]);
  if (!settings[0]?.on) return { sent: false, date, reason: 'off' };
  if (done.length > 0) return { sent: false, date, reason: 'already_sent' };

  const s = spanOf({ from: date, to: date });
  const [days, cancelled, failed, taxes] = salesReads(db, s);
  const lowStockRule = isLowStockSql(sql`p.stock_milli`, sql`p.low_stock_milli`);
  const [staff, lowStock, lowStockCount, ...salesRows] = await db.batch([
    db.select({ email: admins.email }).from(admins).where(eq(admins.role, 'admin')),
    db.all<{ name: unknown; stockMilli: unknown; category: unknown }>(sql`
      select p.name, p.stock_milli as stockMilli, ${categoryRuleKey} as category
      from products p join categories on categories.id = p.category_id
      where p.status = 'active' and ${lowStockRule}
      order by p.stock_milli, p.name limit ${SUMMARY_LOW_STOCK_LIMIT}`),
    db.all<{ count: unknown }>(sql`
      select count(*) as count from products p
      where p.status = 'active' and ${lowStockRule}`),
    days,
    cancelled,
    failed,
    taxes,
  ]);
  const report = salesOf(s.range, salesRows);
  const day = report.totals;
  const lines: LowStockLine[] = lowStock.map((p) => ({
    name: String(p.name),
    stock: stockToBaseUnits(num(p.stockMilli)) ?? 0,
    unit: stockUnit(String(p.category)),
  }));
  const email = dailySummaryEmail({
    date,
    dateLabel: longDateText(date),
    orders: day.orders,
    revenueCents: day.revenueCents,
    averageCents: day.averageCents,
    taxCents: day.taxCents,
    failed: report.failed,
    lowStock: lines,
    lowStockMore: Math.max(0, num(lowStockCount[0]?.count) - lines.length),
    reportsUrl: new URL('/admin/insights', env.SITE_URL ?? SITE.url).href,
  });
  try {
    await db.batch([
      db.insert(dailySummaries).values({ date, recipients: staff.length }),
      ...staff.map((a) => enqueueMail(db, 'daily_summary', { to: a.email, ...email })),
    ]);
  } catch (err) {
    if (isSummaryTaken(err)) return { sent: false, date, reason: 'already_sent' };
    throw err;
  }
  await deliverPending(db, mailProviderFromEnv(env));
  return { sent: true, date };
}
