/**
 * Migration 0016 (D31, R4): orders placed before orders recorded their zone take the zone their ZIP
 * belongs to when the migration runs, with that zone's rules resolved as checkout resolves them
 * (D3's defaults where the zone sets none); an order whose ZIP is in no zone keeps nulls and the
 * zones report counts it under 'No zone'. The database is built up to 0015, given zones and orders
 * of this suite's own, then migrated.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeDb } from '../../src/db/client.server.ts';
import type { Db } from '../../src/db/db.ts';
import { migrateDb } from '../../src/db/migrate.server.ts';
import { orders } from '../../src/db/schema.ts';
import { DEFAULT_DELIVERY } from '../../src/features/pricing/pricing.ts';
import { buildReport } from '../../src/features/reports/reports.server.ts';
import { NO_ZONE } from '../../src/features/reports/reports.ts';
import { ORDER_ZONE_COLUMNS } from '../helpers/delivery.ts';
import { migrateUpTo } from '../helpers/migrate-to.ts';

let dir: string;
let db: Db;
let close: () => void;
/** The orders table's columns as 0015 left them. */
let columnsBefore: string[];

/** Zones of this suite's own, on Charlottesville ZIPs taken out of any zone that listed them. */
const ZONES = {
  defaults: { id: 9001, name: 'Backfill Defaults', state: 'VA', zip: '22901' },
  own: { id: 9002, name: 'Backfill Own Rules', state: 'VA', zip: '22903' },
} as const;
const NO_ZONE_ZIP = '22911';
/** 2026-05-01 12:00 New York (EDT). */
const PLACED = Date.UTC(2026, 4, 1, 16);

async function addOrder(ref: string, zip: string, total: number, status = 'delivered'): Promise<void> {
  await db.run(sql`
    insert into orders (ref, status, first_name, last_name, email, phone, delivery_address, delivery_city,
      delivery_state, delivery_zip_code, subtotal_cents, delivery_fee_cents, tax_cents, total_cents, created_at, updated_at)
    values (${ref}, ${status}, 'Old', 'Order', 'old@example.com', '(434) 555-0100', '1 Main Street', 'Charlottesville',
      'VA', ${zip}, ${total - 999}, 999, 0, ${total}, ${PLACED}, ${PLACED})`);
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'greenline-0016-'));
  ({ db, close } = createNodeDb({ LIBSQL_URL: `file:${path.join(dir, 'test.db')}` }));
  await migrateUpTo(db, '0015_staff_accounts');
  columnsBefore = (await db.all<{ name: string }>(sql`select name from pragma_table_info('orders')`)).map((c) => c.name);
  const zips = [ZONES.defaults.zip, ZONES.own.zip, NO_ZONE_ZIP];
  await db.run(sql`delete from delivery_zone_zips where zip in (${sql.join(zips, sql`, `)})`);
  await db.run(sql`
    insert into delivery_zones (id, state, name, fee_cents, minimum_cents, free_from_cents, active) values
      (${ZONES.defaults.id}, 'VA', ${ZONES.defaults.name}, null, null, null, 1),
      (${ZONES.own.id}, 'VA', ${ZONES.own.name}, 1799, 2000, 20000, 0)`);
  await db.run(sql`
    insert into delivery_zone_zips (zip, zone_id) values
      (${ZONES.defaults.zip}, ${ZONES.defaults.id}), (${ZONES.own.zip}, ${ZONES.own.id})`);
  await addOrder('backfill-defaults-1', ZONES.defaults.zip, 3000);
  await addOrder('backfill-defaults-2', ZONES.defaults.zip, 4000);
  await addOrder('backfill-own-rules', ZONES.own.zip, 6000);
  await addOrder('backfill-no-zone', NO_ZONE_ZIP, 1500);
  await migrateDb(db);
});
afterAll(() => {
  close();
  rmSync(dir, { recursive: true, force: true });
});

const zoneColumns = { ref: orders.ref, ...ORDER_ZONE_COLUMNS };

describe('migration 0016_order_zone', () => {
  it('adds the zone columns to a database built up to 0015', async () => {
    const after = (await db.all<{ name: string }>(sql`select name from pragma_table_info('orders')`)).map((c) => c.name);
    const added = ['zone_id', 'zone_name', 'zone_state', 'zone_fee_cents', 'zone_minimum_cents', 'zone_free_from_cents'];
    expect(columnsBefore).toContain('delivery_zip_code');
    expect(columnsBefore.filter((c) => added.includes(c))).toEqual([]);
    expect(after.filter((c) => added.includes(c))).toEqual(added);
  });

  it("fills each order with its ZIP's zone, D3's defaults resolved where the zone sets none", async () => {
    const rows = await db.select(zoneColumns).from(orders).orderBy(asc(orders.id));
    // The migration writes D3's numbers as they stood when it was written; should D3 change, this
    // expectation becomes those numbers (999, 5000), since a migration never changes.
    const defaults = {
      zoneId: ZONES.defaults.id,
      zoneName: ZONES.defaults.name,
      zoneState: 'VA',
      zoneFeeCents: DEFAULT_DELIVERY.fee,
      zoneMinimumCents: null,
      zoneFreeFromCents: DEFAULT_DELIVERY.freeFrom,
      deliveryFee: 999,
    };
    expect(rows).toEqual([
      { ref: 'backfill-defaults-1', ...defaults },
      { ref: 'backfill-defaults-2', ...defaults },
      {
        ref: 'backfill-own-rules',
        zoneId: ZONES.own.id,
        zoneName: ZONES.own.name,
        zoneState: 'VA',
        zoneFeeCents: 1799,
        zoneMinimumCents: 2000,
        zoneFreeFromCents: 20000,
        // The fee charged stays what it was: only the zone is filled in.
        deliveryFee: 999,
      },
      {
        ref: 'backfill-no-zone',
        zoneId: null,
        zoneName: null,
        zoneState: null,
        zoneFeeCents: null,
        zoneMinimumCents: null,
        zoneFreeFromCents: null,
        deliveryFee: 999,
      },
    ]);
    expect(DEFAULT_DELIVERY).toEqual({ fee: 999, freeFrom: 5000, minimum: null });
  });

  it('has the zones report count the filled orders under their zones and the rest under No zone', async () => {
    const report = await buildReport(db, 'zones', { from: '2026-05-01', to: '2026-05-01' });
    expect(report.zones).toEqual([
      { zoneId: ZONES.defaults.id, zone: ZONES.defaults.name, state: 'VA', orders: 2, revenueCents: 7000 },
      { zoneId: ZONES.own.id, zone: ZONES.own.name, state: 'VA', orders: 1, revenueCents: 6000 },
      { zoneId: null, zone: NO_ZONE, state: null, orders: 1, revenueCents: 1500 },
    ]);
  });

  it('keeps the recorded zone when the zone is deleted afterwards', async () => {
    await db.run(sql`delete from delivery_zones where id = ${ZONES.own.id}`);
    const [row] = await db.select(zoneColumns).from(orders).where(eq(orders.ref, 'backfill-own-rules'));
    expect(row).toMatchObject({ zoneId: ZONES.own.id, zoneName: ZONES.own.name, zoneFeeCents: 1799 });
  });
});
