/**
 * The stock reports' reads (R8, R9): aggregated in SQL over the stock ledger (D33, D40), so the
 * database sends back a row per package, per product and day, or per figure that does not add up,
 * never the ledger's rows themselves. Shaped by stock-reports.ts.
 */

import { type SQL, sql } from 'drizzle-orm';
import { isBooked } from '../../db/booked.ts';
import type { Db } from '../../db/db.ts';
import type { PackageStatus, PackageUnit } from '../../db/inventory-values.ts';
import { packageUnit } from '../catalog/stock.ts';
import { DAY, num, nyLocal, type Span } from './report-days.server.ts';
import { dateOfDayNumber } from './reports.ts';
import {
  type InventoryReport,
  inventoryReport,
  type MoveKind,
  type PackageMovesRow,
  type ReconciliationReport,
  type ReconciliationRow,
  reasonsOf,
  reconciliationReport,
  type StockCheck,
  type StockMismatchRow,
} from './stock-reports.ts';

/** `column in (the reasons of kind)`, the reasons bound as parameters. */
function reasonIs(column: string, kind: MoveKind): SQL {
  return sql`${sql.raw(column)} in (${sql.join(
    reasonsOf(kind).map((r) => sql`${r}`),
    sql`, `,
  )})`;
}

const text = (v: unknown): string => String(v ?? '');

// --- inventory by package (R8) -----------------------------------------------------------------

/**
 * R8: one statement. The ledger's rows before the range's end are summed per package once: before
 * the range (opening), within it by kind, and all of them (closing). A package is listed when it
 * held stock as the range began, moved within it, or was received on one of its dates.
 */
export async function inventory(db: Db, s: Span): Promise<InventoryReport> {
  const within = sql`m.created_at >= ${s.from}`;
  const rows = await db.all<Record<keyof PackageMovesRow, unknown>>(sql`
    select pk.id as packageId, pk.tag as tag, pk.product_id as productId, p.name as product, pk.batch as batch,
      pk.unit as unit, pk.received_on as receivedOn, pk.status as status, pk.quantity_milli as onHandMilli,
      coalesce(m.opening, 0) as openingMilli, coalesce(m.received, 0) as receivedMilli, coalesce(m.sold, 0) as soldMilli,
      coalesce(m.adjusted, 0) as adjustedMilli, coalesce(m.closing, 0) as closingMilli
    from packages pk
    join products p on p.id = pk.product_id
    left join (
      select m.package_id,
        coalesce(sum(case when m.created_at < ${s.from} then m.delta_milli end), 0) as opening,
        coalesce(sum(case when ${within} and ${reasonIs('m.reason', 'received')} then m.delta_milli end), 0) as received,
        -coalesce(sum(case when ${within} and ${reasonIs('m.reason', 'sold')} then m.delta_milli end), 0) as sold,
        coalesce(sum(case when ${within} and ${reasonIs('m.reason', 'adjusted')} then m.delta_milli end), 0) as adjusted,
        sum(m.delta_milli) as closing,
        sum(${within}) as moves
      from stock_movements m
      where m.package_id is not null and m.created_at < ${s.to}
      group by m.package_id
    ) m on m.package_id = pk.id
    where coalesce(m.opening, 0) <> 0 or coalesce(m.moves, 0) > 0
      or (pk.received_on >= ${s.range.from} and pk.received_on <= ${s.range.to})`);
  return inventoryReport(
    s.range,
    rows.map((r) => ({
      packageId: num(r.packageId),
      tag: r.tag == null ? null : text(r.tag),
      productId: num(r.productId),
      product: text(r.product),
      batch: text(r.batch),
      unit: text(r.unit) as PackageUnit,
      receivedOn: text(r.receivedOn),
      status: text(r.status) as PackageStatus,
      openingMilli: num(r.openingMilli),
      receivedMilli: num(r.receivedMilli),
      soldMilli: num(r.soldMilli),
      adjustedMilli: num(r.adjustedMilli),
      closingMilli: num(r.closingMilli),
      onHandMilli: num(r.onHandMilli),
    })),
    s.to > Date.now(),
  );
}

// --- daily reconciliation (R9) -----------------------------------------------------------------

interface LineRow {
  day: unknown;
  productId: unknown;
  product: unknown;
  category: unknown;
  orderedMilli: unknown;
  movedMilli: unknown;
  unmatchedRows: unknown;
}

interface MismatchRow {
  check: unknown;
  productId: unknown;
  product: unknown;
  category: unknown;
  packageId: unknown;
  tag: unknown;
  unit: unknown;
  recordedMilli: unknown;
  expectedMilli: unknown;
}

/**
 * R9: one read batch. The first statement puts side by side, per New York day and product:
 * - what the orders placed that day and not cancelled took (their lines' stock_taken_milli);
 * - what the ledger's sale and return rows of those lines moved, counted on the day their order was
 *   placed, whenever they were written (a cancel next week nets the sale out of its order's day);
 * - sale and return rows that name no line of their order of that product, on the day they were
 *   written: nothing sold them, so they disagree.
 * The other two check the stock invariants as they stand now: each product's stock is what its
 * packages hold, and each package holds what its ledger rows add up to.
 */
export async function reconciliation(db: Db, s: Span): Promise<ReconciliationReport> {
  const orderDay = sql`${nyLocal('o.created_at', s.spans)} / ${DAY}`;
  const moveDay = sql`${nyLocal('m.created_at', s.spans)} / ${DAY}`;
  const placed = sql`o.created_at >= ${s.from} and o.created_at < ${s.to}`;
  const sale = reasonIs('m.reason', 'sold');
  const category = sql.raw('coalesce(c.kind, c.name)');
  const [lineRows, productRows, packageRows] = await db.batch([
    db.all<LineRow>(sql`
      select x.day as day, x.product_id as productId, p.name as product, ${category} as category,
        sum(x.ordered) as orderedMilli, sum(x.moved) as movedMilli, sum(x.unmatched) as unmatchedRows
      from (
        select ${orderDay} as day, oi.product_id as product_id, sum(oi.stock_taken_milli) as ordered, 0 as moved, 0 as unmatched
        from orders o join order_items oi on oi.order_id = o.id
        where ${placed} and ${isBooked(sql`o.status`)} and oi.stock_taken_milli is not null
        group by 1, 2
        union all
        select ${orderDay}, m.product_id, 0, -sum(m.delta_milli), 0
        from orders o
        join stock_movements m on m.order_id = o.id
        join order_items oi on oi.id = m.order_item_id and oi.order_id = o.id and oi.product_id = m.product_id
        where ${placed} and ${sale}
        group by 1, 2
        union all
        select ${moveDay}, m.product_id, 0, -sum(m.delta_milli), count(*)
        from stock_movements m
        where m.created_at >= ${s.from} and m.created_at < ${s.to} and ${sale}
          and not exists (
            select 1 from order_items oi
            where oi.id = m.order_item_id and oi.order_id = m.order_id and oi.product_id = m.product_id)
        group by 1, 2
      ) x
      join products p on p.id = x.product_id
      join categories c on c.id = p.category_id
      group by x.day, x.product_id`),
    db.all<MismatchRow>(sql`
      select 'product' as "check", productId, product, category, null as packageId, null as tag, null as unit,
        recordedMilli, expectedMilli
      from (
        select p.id as productId, p.name as product, ${category} as category,
          coalesce(p.stock_milli, 0) as recordedMilli,
          coalesce((select sum(pk.quantity_milli) from packages pk where pk.product_id = p.id), 0) as expectedMilli
        from products p join categories c on c.id = p.category_id
      )
      where recordedMilli <> expectedMilli`),
    db.all<MismatchRow>(sql`
      select 'package' as "check", pk.product_id as productId, p.name as product, ${category} as category,
        pk.id as packageId, pk.tag as tag, pk.unit as unit,
        pk.quantity_milli as recordedMilli, coalesce(m.total, 0) as expectedMilli
      from packages pk
      join products p on p.id = pk.product_id
      join categories c on c.id = p.category_id
      left join (
        select package_id, sum(delta_milli) as total from stock_movements where package_id is not null group by package_id
      ) m on m.package_id = pk.id
      where pk.quantity_milli <> coalesce(m.total, 0)`),
  ]);
  const lines: ReconciliationRow[] = lineRows.map((r) => ({
    date: dateOfDayNumber(num(r.day)),
    productId: num(r.productId),
    product: text(r.product),
    unit: packageUnit(text(r.category)),
    orderedMilli: num(r.orderedMilli),
    movedMilli: num(r.movedMilli),
    unmatchedRows: num(r.unmatchedRows),
  }));
  const mismatches: StockMismatchRow[] = [...productRows, ...packageRows].map((r) => ({
    check: text(r.check) as StockCheck,
    productId: num(r.productId),
    product: text(r.product),
    packageId: r.packageId == null ? null : num(r.packageId),
    tag: r.tag == null ? null : text(r.tag),
    unit: r.unit == null ? packageUnit(text(r.category)) : (text(r.unit) as PackageUnit),
    recordedMilli: num(r.recordedMilli),
    expectedMilli: num(r.expectedMilli),
  }));
  return reconciliationReport(s.range, lines, mismatches);
}
