/**
 * The reports over a busy shop: `orders` generated orders (two lines each) spread over the
 * `days` New York days ending today, a few cancelled and a few failed at the door, each booked into
 * one of that day's windows, plus refused checkouts; then each report's JSON for those days, read
 * through the running API as the Reports tab asks for it, timed from request to answer. Figures,
 * not assertions.
 */
import { createClient } from '@libsql/client';
import { fetchWithDeadline } from '../../src/db/db.ts';
import { addDays, nyDate } from '../../src/features/delivery/windows.ts';
import { REFUSAL_CAUSES, REPORT_NAMES, type ReportName } from '../../src/features/reports/reports.ts';
import { toEpochOrThrow } from '../../src/lib/ny-time.ts';
import { signIn } from './bench-import.ts';
import { BENCH_CALL_MS } from './load.ts';

/** The seeded schedule's windows, as New York minutes of the day: Morning, Afternoon, Evening. */
const SLOTS = [
  [9 * 60, 12 * 60],
  [12 * 60, 17 * 60],
  [17 * 60, 21 * 60],
] as const;
const REFUSALS = 5_000;
/** Reads of each report; the median is reported. */
const RUNS = 5;
/**
 * The generation is one batch of a few statements that write every order in one transaction: it
 * takes sqld a while on a busy machine, so it gets a bound of its own, still under undici's
 * five-minute headers timeout so that the error says what was waited for.
 */
const GENERATE_DB_MS = 240_000;

export interface ReportsBenchResult {
  orders: number;
  days: number;
  generateSeconds: number;
  /** Per report: the median and slowest of RUNS reads, in ms, and the answer's size. */
  reports: { name: ReportName; medianMs: number; maxMs: number; kilobytes: number }[];
}

const hhmm = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/** Writes the orders, their lines and the refusals straight into the database, in one transaction. */
export async function generate(dbUrl: string, orderCount: number, days: number, today: string): Promise<void> {
  const client = createClient({ url: dbUrl, fetch: fetchWithDeadline(GENERATE_DB_MS) });
  try {
    // Every window of the range, as instants, computed here: SQLite knows no time zones. The helper
    // tables are plain ones (sqld takes no TEMP), dropped in the same transaction.
    const windows: string[] = [];
    for (let d = 0; d < days; d++) {
      const date = addDays(today, -d);
      for (const [start, end] of SLOTS) {
        windows.push(`(${windows.length}, ${toEpochOrThrow(`${date}T${hhmm(start)}`)}, ${toEpochOrThrow(`${date}T${hhmm(end)}`)})`);
      }
    }
    const causes = REFUSAL_CAUSES.map((c, i) => `(${i}, '${c}')`).join(', ');
    await client.batch(
      [
        'CREATE TABLE bench_windows (k INTEGER PRIMARY KEY, start INTEGER, stop INTEGER)',
        `INSERT INTO bench_windows VALUES ${windows.join(', ')}`,
        // Each order records its zone as checkout does (D31), so the zones report groups real zones.
        `CREATE TABLE bench_zips AS SELECT row_number() OVER (ORDER BY z.zip) - 1 AS k, z.zip, zone.state,
             zone.id AS zone_id, zone.name AS zone_name
           FROM delivery_zone_zips z JOIN delivery_zones zone ON zone.id = z.zone_id`,
        `CREATE TABLE bench_products AS SELECT row_number() OVER (ORDER BY id) - 1 AS k, id, name, price_cents
           FROM products WHERE status = 'active' AND price_cents > 0`,
        `CREATE TABLE bench_causes (k INTEGER PRIMARY KEY, cause TEXT)`,
        `INSERT INTO bench_causes VALUES ${causes}`,
        // One order in 30 is cancelled, one in 50 failed at the door; the rest were delivered.
        `INSERT INTO orders (ref, status, first_name, last_name, email, phone, delivery_address, delivery_city,
           delivery_state, delivery_zip_code, subtotal_cents, delivery_fee_cents, tax_cents, total_cents,
           window_start, window_end, window_capacity, delivery_status, delivery_failure_reason, created_at, updated_at,
           zone_id, zone_name, zone_state)
         WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${orderCount - 1})
         SELECT printf('BENCH%017d', i),
           CASE WHEN i % 50 = 0 OR i % 30 = 0 THEN 'cancelled' ELSE 'delivered' END,
           'Bench', 'Shopper', printf('bench%d@example.com', i % 5000), '(202) 555-0100', '1 Bench St', 'Washington',
           z.state, z.zip, 0, 999, 0, 0, w.start, w.stop, 1000000,
           CASE WHEN i % 50 = 0 THEN 'failed' ELSE 'delivered' END,
           CASE WHEN i % 50 = 0 THEN CASE WHEN i % 100 = 0 THEN 'No one at the door' ELSE 'ID did not pass' END END,
           w.start - 3600000 - (i % 86400) * 1000, w.start,
           z.zone_id, z.zone_name, z.state
         FROM n
         JOIN bench_windows w ON w.k = i % (SELECT count(*) FROM bench_windows)
         JOIN bench_zips z ON z.k = (i / 7) % (SELECT count(*) FROM bench_zips)`,
        ...[7, 13].map(
          (step) => `INSERT INTO order_items (order_id, product_id, name, category, quantity, unit_price_cents, line_total_cents)
           SELECT o.id, p.id, p.name, 'Edible', 1 + o.id % 3, p.price_cents, (1 + o.id % 3) * p.price_cents
           FROM orders o JOIN bench_products p ON p.k = (o.id * ${step}) % (SELECT count(*) FROM bench_products)
           WHERE o.ref LIKE 'BENCH%'`,
        ),
        `UPDATE orders SET subtotal_cents = (SELECT sum(line_total_cents) FROM order_items WHERE order_id = orders.id),
           total_cents = delivery_fee_cents + (SELECT sum(line_total_cents) FROM order_items WHERE order_id = orders.id)
         WHERE ref LIKE 'BENCH%'`,
        `INSERT INTO checkout_refusals (cause, created_at)
         WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${REFUSALS - 1})
         SELECT c.cause, ${Date.now()} - i * ${Math.floor((days * 86_400_000) / REFUSALS)} FROM n JOIN bench_causes c ON c.k = i % ${REFUSAL_CAUSES.length}`,
        'DROP TABLE bench_windows',
        'DROP TABLE bench_zips',
        'DROP TABLE bench_products',
        'DROP TABLE bench_causes',
      ],
      'write',
    );
  } finally {
    client.close();
  }
}

/** Generates the orders into the database at `dbUrl`, then reads each report through the API at `base`. */
export async function benchReports(base: string, dbUrl: string, orderCount = 100_000, days = 90): Promise<ReportsBenchResult> {
  const today = nyDate(Date.now());
  const started = performance.now();
  await generate(dbUrl, orderCount, days, today);
  const generateSeconds = Math.round((performance.now() - started) / 100) / 10;
  const cookie = await signIn(base, dbUrl, 'reports');
  const query = `from=${addDays(today, 1 - days)}&to=${today}`;
  const reports: ReportsBenchResult['reports'] = [];
  for (const name of REPORT_NAMES) {
    const times: number[] = [];
    let bytes = 0;
    for (let run = 0; run < RUNS; run++) {
      const t0 = performance.now();
      const res = await fetch(`${base}/api/admin/reports/${name}?${query}`, {
        headers: { cookie },
        signal: AbortSignal.timeout(BENCH_CALL_MS),
      });
      const text = await res.text();
      times.push(performance.now() - t0);
      if (!res.ok) throw new Error(`report ${name} failed: ${res.status} ${text.slice(0, 300)}`);
      bytes = Buffer.byteLength(text);
    }
    times.sort((a, b) => a - b);
    reports.push({
      name,
      medianMs: Math.round(times[Math.floor(RUNS / 2)] ?? 0),
      maxMs: Math.round(times[RUNS - 1] ?? 0),
      kilobytes: Math.round(bytes / 102.4) / 10,
    });
  }
  return { orders: orderCount, days, generateSeconds, reports };
}
