/**
 * Migration 0021 (D39): orders placed before it get the keys, the New York day and the limit
 * amounts checkout now writes, by the same rules (compliance/person.ts, delivery/windows.ts
 * nyDate, compliance/limits.ts), so a day's limits count them on the day of the release. The
 * database is built up to 0020, given orders of this suite's own, then migrated.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeDb } from '../../src/db/client.server.ts';
import type { Db } from '../../src/db/db.ts';
import { migrateDb } from '../../src/db/migrate.server.ts';
import { orders } from '../../src/db/schema.ts';
import { emailKey, phoneKey } from '../../src/features/compliance/person.ts';
import { nyDate } from '../../src/features/delivery/windows.ts';
import { migrateUpTo } from '../helpers/migrate-to.ts';

let dir: string;
let db: Db;
let close: () => void;

/** Instants either side of New York's midnights and changes of clocks in 2026. */
const PLACED = [
  Date.parse('2026-03-08T06:59:00Z'), // 01:59 EST, Mar 8 (clocks go forward at 02:00)
  Date.parse('2026-03-08T07:01:00Z'), // 03:01 EDT, Mar 8
  Date.parse('2026-03-09T03:59:00Z'), // 23:59 EDT, Mar 8
  Date.parse('2026-11-01T03:59:00Z'), // 23:59 EDT, Oct 31
  Date.parse('2026-11-01T04:01:00Z'), // 00:01 EDT, Nov 1
  Date.parse('2026-11-01T05:30:00Z'), // 01:30 EDT, Nov 1
  Date.parse('2026-11-01T06:30:00Z'), // 01:30 EST, Nov 1 (the hour again)
  Date.parse('2026-11-02T04:59:00Z'), // 23:59 EST, Nov 1
  Date.parse('2026-11-02T05:00:00Z'), // 00:00 EST, Nov 2
  Date.parse('2026-07-04T03:59:00Z'), // 23:59 EDT, Jul 3
  Date.parse('2026-12-31T04:59:00Z'), // 23:59 EST, Dec 30
];
const PHONES = ['(301) 555-0100', '+1 301.555.0101', '1-301-555-0102', '301 555 0103', '+44 20 7946 0958'];
const EMAILS = [' Ada@Example.com', 'ada+shop@example.com', 'ADA.B+x+y@Mail.Example.com', 'plain@example.com'];

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'greenline-0021-'));
  ({ db, close } = createNodeDb({ LIBSQL_URL: `file:${path.join(dir, 'test.db')}` }));
  await migrateUpTo(db, '0020_states');
  for (const [i, at] of PLACED.entries()) {
    await db.run(sql`
      insert into orders (ref, first_name, last_name, email, phone, delivery_address, delivery_city, delivery_state,
        delivery_zip_code, subtotal_cents, delivery_fee_cents, tax_cents, total_cents, created_at, updated_at)
      values (${`old-${i}`}, 'Old', 'Order', ${EMAILS[i % EMAILS.length]}, ${PHONES[i % PHONES.length]}, '1 Main Street', 'Rockville', 'MD',
        '20850', 1000, 0, 0, 1000, ${at}, ${at})`);
  }
  await db.run(sql`insert into categories (id, name, slug) values (1, 'Edibles', 'edibles-0021')`);
  await db.run(
    sql`insert into products (id, slug, name, price_cents, category_id, thc_mg, net_grams) values (1, 'gummies-0021', 'Gummies', 1000, 1, 100, null)`,
  );
  // The first order bought an ounce and a half-ounce of flower, two 1 g concentrates and 3 x 100 mg edibles.
  const [first] = await db.all<{ id: number }>(sql`select id from orders where ref = 'old-0'`);
  const item = (category: string, weight: string | null, quantity: number) => sql`
    insert into order_items (order_id, product_id, name, category, weight, quantity, unit_price_cents, line_total_cents)
    values (${first?.id}, 1, 'Item', ${category}, ${weight}, ${quantity}, 100, ${100 * quantity})`;
  await db.run(item('Flower', 'oz', 1));
  await db.run(item('Flower', 'half-oz', 1));
  await db.run(item('Concentrate', '1g', 2));
  await db.run(item('Edible', null, 3));
  await migrateDb(db);
});
afterAll(() => {
  close();
  rmSync(dir, { recursive: true, force: true });
});

describe('migration 0021_state_law', () => {
  it("gives each earlier order its New York day, as checkout's nyDate does, across the changes of clocks", async () => {
    const rows = await db.select({ ref: orders.ref, saleDay: orders.saleDay, createdAt: orders.createdAt }).from(orders);
    const mine = rows.filter((r) => r.ref.startsWith('old-'));
    expect(mine).toHaveLength(PLACED.length);
    for (const r of mine) expect(r.saleDay, r.ref).toBe(nyDate(r.createdAt));
  });

  it('gives each earlier order the phone and e-mail keys checkout writes', async () => {
    const rows = await db
      .select({ phone: orders.phone, email: orders.email, phoneKey: orders.phoneKey, emailKey: orders.emailKey })
      .from(orders);
    for (const r of rows) {
      expect(r.phoneKey, r.phone).toBe(phoneKey(r.phone));
      expect(r.emailKey, r.email).toBe(emailKey(r.email));
    }
  });

  it('counts what each earlier order bought against the limits', async () => {
    const [first] = await db.select().from(orders).where(eq(orders.ref, 'old-0'));
    expect(first).toMatchObject({ limitFlowerG: 42, limitConcentrateG: 2, limitEdibleThcMg: 300 });
    const [other] = await db.select().from(orders).where(eq(orders.ref, 'old-1'));
    expect(other).toMatchObject({ limitFlowerG: 0, limitConcentrateG: 0, limitEdibleThcMg: 0, taxLines: [] });
  });
});
