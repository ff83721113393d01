/**
 * Resilience (issue 10): the database server is killed in the middle of a stream of checkouts and
 * started again. While it is down the shop answers 503 with a clear message (never a 500); once it
 * is back, every request retried with its Idempotency-Key (as the checkout page does, D13) ends in
 * exactly one order: none answered with success is lost, none is doubled, none is half written,
 * and stock moved by exactly what the orders took.
 */
import path from 'node:path';
import { createClient } from '@libsql/client';
import type { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort, type Proc, startSqld } from '../../scripts/lib/stack.ts';
import { createNodeDb } from '../../src/db/client.server.ts';
import { migrateDb } from '../../src/db/migrate.server.ts';
import { seedCatalog } from '../../src/db/seed/seed.server.ts';
import { DATABASE_UNAVAILABLE } from '../../src/server/api/db-errors.ts';
import { checkoutPayload, newKey } from '../fixtures/checkout.ts';
import { scratchDir } from '../helpers/stack.ts';
import { startWorker } from '../helpers/worker.ts';

const EMAIL = 'resilience@example.com';
const STREAMS = 6;
const STOCK_UNITS = 100_000;

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
  // An accessory (no purchase limit applies) with plenty of tracked stock.
  close();
  const client = createClient({ url: sqld.url });
  const row = await client.execute(
    `update products set stock_milli = ${STOCK_UNITS * 1000}, available = 1
     where id = (select p.id from products p join categories c on c.id = p.category_id where c.name = 'Accessories' order by p.id desc limit 1)
     returning id`,
  );
  productId = Number(row.rows[0]?.id);
  client.close();
  mf = startWorker(inject('workerScript'), { LIBSQL_URL: sqld.url });
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
  return { key, status: res.status, body: (await res.json()) as Attempt['body'] };
}

describe('the database server dies during checkouts', () => {
  it('answers 503 while it is down, and after a restart nothing answered is lost, doubled or half written', async () => {
    const attempts: Attempt[] = [];
    let running = true;
    const stream = async () => {
      while (running) {
        const attempt = await checkout(newKey());
        attempts.push(attempt);
        if (attempt.status !== 200) await new Promise((r) => setTimeout(r, 25));
      }
    };
    const streams = Array.from({ length: STREAMS }, stream);
    await new Promise((r) => setTimeout(r, 1500));
    const beforeKill = attempts.length;
    // A crash, not a shutdown: no chance to finish what it was doing.
    if (sqld.proc.child.pid) process.kill(-sqld.proc.child.pid, 'SIGKILL');
    await sqld.proc.exited;
    await new Promise((r) => setTimeout(r, 1500));
    sqld = await start();
    await new Promise((r) => setTimeout(r, 1500));
    running = false;
    await Promise.all(streams);

    expect(beforeKill, 'orders went through before the crash').toBeGreaterThan(5);
    const statuses = new Set(attempts.map((a) => a.status));
    expect(
      [...statuses].filter((s) => s !== 200 && s !== 503),
      'only successes and 503s',
    ).toEqual([]);
    const down = attempts.filter((a) => a.status === 503);
    expect(down.length, 'requests while the database was down').toBeGreaterThan(0);
    for (const a of down) expect(a.body).toEqual({ error: DATABASE_UNAVAILABLE.message, code: DATABASE_UNAVAILABLE.code });

    // The checkout page retries with the same key: each attempt ends in one order.
    const final = new Map<string, string>();
    for (const a of attempts) {
      let result = a;
      for (let i = 0; result.status !== 200 && i < 20; i++) {
        await new Promise((r) => setTimeout(r, 100));
        result = await checkout(a.key);
      }
      expect(result.status, `retry of ${a.key}`).toBe(200);
      // A success answered before the crash is answered the same way after it.
      if (a.status === 200) expect(result.body.orderId).toBe(a.body.orderId);
      final.set(a.key, result.body.orderId ?? '');
    }

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
