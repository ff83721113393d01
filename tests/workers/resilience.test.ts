/**
 * Resilience: the database server is killed in the middle of a stream of checkouts and
 * started again. While it is down the shop answers 503 with a clear message (never a 500); once it
 * is back, every request retried with its Idempotency-Key (as the checkout page does, D13) ends in
 * exactly one order: none answered with success is lost, none is doubled, none is half written,
 * and stock moved by exactly what the orders took.
 */
import path from 'node:path';
import { createClient } from '@libsql/client';
import type { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort, type Proc, startSqld } from '../../scripts/lib/stack.ts';
import { startWorkerd, workerConfig } from '../../scripts/lib/workerd.ts';
import { createNodeDb } from '../../src/db/client.server.ts';
import { migrateDb } from '../../src/db/migrate.server.ts';
import { seedCatalog } from '../../src/features/catalog/seed/seed.server.ts';
import { DATABASE_UNAVAILABLE } from '../../src/server/api/db-errors.ts';
import { checkoutPayload, newKey } from '../fixtures/checkout.ts';
import { roomyWindows } from '../helpers/db.ts';
import { siteTemplate } from '../helpers/run-stack.ts';
import { scratchDir } from '../helpers/stack.ts';

/** The Worker's config in the run's build of the site: production's bindings, assets and triggers. */
const config = workerConfig((await siteTemplate()).distDir);

const EMAIL = 'resilience@example.com';
const STREAMS = 6;
const STOCK_UNITS = 100_000;
/** How long a condition may take to come true, and how often it is looked at. */
const WAIT = { timeout: 20_000, interval: 50 };

let scratch: { dir: string; remove: () => void };
let sqld: { proc: Proc; url: string };
let port: number;
let mf: Miniflare;
let productId = 0;

const dbPath = () => path.join(scratch.dir, 'sqld');
const start = () => startSqld({ dbPath: dbPath(), port, logFile: path.join(scratch.dir, 'sqld.log') });

beforeAll(async () => {
  scratch = scratchDir('resilience');
  port = await freePort();
  sqld = await start();
  const { db, close } = createNodeDb({ LIBSQL_URL: sqld.url });
  await migrateDb(db);
  await seedCatalog(db);
  // The streams place as many orders as they can: no window may run out under them.
  await roomyWindows(db);
  // An accessory (no purchase limit applies) with plenty of tracked stock.
  close();
  const client = createClient({ url: sqld.url });
  const row = await client.execute(
    `update products set stock_milli = ${STOCK_UNITS * 1000}, available = 1
     where id = (select p.id from products p join categories c on c.id = p.category_id where c.name = 'Accessories' order by p.id desc limit 1)
     returning id`,
  );
  productId = Number(row.rows[0]?.id);
  // D40: checkout takes from the product's packages; its seeded opening package holds the same.
  await client.execute({ sql: 'update packages set quantity_milli = ? where product_id = ?', args: [STOCK_UNITS * 1000, productId] });
  client.close();
  mf = startWorkerd({ config, bindings: { LIBSQL_URL: sqld.url } });
  await mf.ready;
}, 60_000);

afterAll(async () => {
  await mf?.dispose();
  await sqld?.proc.stop();
  scratch?.remove();
});

interface Attempt {
  key: string;
  status: number;
  retryAfter: string | null;
  body: { success?: boolean; orderId?: string; error?: string; code?: string };
}

async function checkout(key: string): Promise<Attempt> {
  const res = await mf.dispatchFetch('http://shop.test/api/checkout', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify(
      checkoutPayload([{ productId, quantity: 1 }], {
        customer: { firstName: 'Res', lastName: 'Ilience', email: EMAIL, phone: '(301) 555-0100' },
      }),
    ),
  });
  return { key, status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as Attempt['body'] };
}

describe('the database server dies during checkouts', () => {
  it('answers 503 while it is down, and after a restart nothing answered is lost, doubled or half written', async () => {
    const attempts: Attempt[] = [];
    let running = true;
    // Set while the database is down: a stream that got a 503 waits for it, as a shopper would.
    let databaseDown: Promise<void> | null = null;
    let back = () => {};
    const stream = async () => {
      while (running) {
        const attempt = await checkout(newKey());
        attempts.push(attempt);
        if (attempt.status !== 200 && databaseDown) await databaseDown;
      }
    };
    const streams = Array.from({ length: STREAMS }, stream);
    const answered = (status: number, from = 0) => attempts.slice(from).filter((a) => a.status === status).length;
    await vi.waitFor(() => expect(answered(200), 'orders went through before the crash').toBeGreaterThan(5), WAIT);
    databaseDown = new Promise((resolve) => {
      back = () => resolve();
    });
    const crashedAt = attempts.length;
    // A crash, not a shutdown: no chance to finish what it was doing.
    if (sqld.proc.child.pid) process.kill(-sqld.proc.child.pid, 'SIGKILL');
    await sqld.proc.exited;
    await vi.waitFor(() => expect(answered(503, crashedAt), 'requests while the database was down').toBeGreaterThanOrEqual(STREAMS), WAIT);
    sqld = await start();
    const restartedAt = attempts.length;
    databaseDown = null;
    back();
    await vi.waitFor(() => expect(answered(200, restartedAt), 'orders after the restart').toBeGreaterThan(5), WAIT);
    running = false;
    await Promise.all(streams);

    const statuses = new Set(attempts.map((a) => a.status));
    expect(
      [...statuses].filter((s) => s !== 200 && s !== 503),
      'only successes and 503s',
    ).toEqual([]);
    const down = attempts.filter((a) => a.status === 503);
    for (const a of down) {
      expect(a.body).toEqual({ error: DATABASE_UNAVAILABLE.message, code: DATABASE_UNAVAILABLE.code });
      expect(a.retryAfter).toBe(String(DATABASE_UNAVAILABLE.retryAfterSeconds));
    }

    // The checkout page retries with the same key: each attempt ends in one order.
    const final = new Map<string, string>();
    for (const a of attempts) {
      let result = a;
      if (result.status !== 200) {
        await vi.waitFor(async () => {
          result = await checkout(a.key);
          expect(result.status, `retry of ${a.key}`).toBe(200);
        }, WAIT);
      }
      final.set(a.key, result.body.orderId ?? '');
    }

    // A success answered before the crash is answered the same way after it.
    const lastBefore = attempts.slice(0, crashedAt).findLast((a) => a.status === 200);
    expect((await checkout(lastBefore?.key ?? '')).body.orderId).toBe(lastBefore?.body.orderId);

    const db = createClient({ url: sqld.url });
    try {
      const orders = await db.execute({ sql: 'select id, ref from orders where email = ?', args: [EMAIL] });
      const refs = new Set(orders.rows.map((r) => String(r.ref)));
      expect(refs.size, 'one order per attempt, none doubled').toBe(final.size);
      for (const ref of final.values()) expect(refs.has(ref), `order ${ref} was answered but is missing`).toBe(true);
      const halfWritten = await db.execute({
        sql: `select o.ref from orders o where o.email = ? and (
                not exists (select 1 from order_items i where i.order_id = o.id) or
                not exists (select 1 from order_status_history h where h.order_id = o.id))`,
        args: [EMAIL],
      });
      expect(halfWritten.rows, 'orders without items or history').toEqual([]);
      const stock = await db.execute({ sql: 'select stock_milli from products where id = ?', args: [productId] });
      expect(Number(stock.rows[0]?.stock_milli)).toBe((STOCK_UNITS - final.size) * 1000);
    } finally {
      db.close();
    }
  }, 120_000);
});
