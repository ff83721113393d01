/**
 * A database pause under load (docs/decisions/0027), as the Worker sees it in workerd: sqld is
 * stopped (SIGSTOP) while shoppers read and check out and staff hand orders over at the door and
 * change orders' status, then resumed. Every request answers (a 503 while the database is away is
 * fine), none leaves the write lock held: the next checkout and the next handover succeed within
 * their deadlines, and sqld's CPU falls back to idle. Each write either happened whole or not at
 * all. This file runs its own sqld: the shared one the other files use is never stopped.
 */
import { createClient } from '@libsql/client';
import type { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cpuPercentOver } from '../../scripts/lib/bench-idle.ts';
import { startWorkerd, workerConfig } from '../../scripts/lib/workerd.ts';
import { DB_DEADLINE_MS } from '../../src/db/db.ts';
import { checkoutPayload, newKey } from '../fixtures/checkout.ts';
import { siteTemplate } from '../helpers/run-stack.ts';
import { type ControlledSqld, scratchDir, startControlledSqld } from '../helpers/stack.ts';
import { addAdmin, signInTo } from '../helpers/worker.ts';

const config = workerConfig((await siteTemplate()).distDir);

const ORIGIN = 'https://shop.test';
const ADMIN = { email: 'pause-admin@example.com', password: 'a long enough password' };
/**
 * Just past the request deadline: the requests in flight give up, and whatever one left held in
 * sqld is still held when it runs again, well inside sqld's own transaction timeout.
 */
const PAUSE_MS = DB_DEADLINE_MS.request + 300;
/** A request the test gives up on, so a hang fails the test rather than blocking it. */
const GIVE_UP_MS = 15_000;
/** sqld's CPU after the burst, as a share of one core, at or under which it is idle. */
const IDLE_CPU_PERCENT = 10;
/** Handovers, started this far apart around the pause's start, so some are mid-write when it comes. */
const HANDOVERS = 8;
const HANDOVER_SPACING_MS = 8;
/** When the pause starts, after the burst's first requests. */
const PAUSE_AT_MS = 40;
const CHECKOUTS = 8;
const READS = ['/api/products/3', '/api/products?category=flower', '/api/categories', '/product/7', '/categories/flower'];
const ID_CHECK = { idType: 'drivers_license', dateOfBirth: '1990-05-04', idLast4: 'ab12', cashCollected: 1_000_000 };

let scratch: { dir: string; remove: () => void };
let sqld: ControlledSqld;
let mf: Miniflare;
let productId = 0;
let driverId = 0;
let cookie = '';

async function sql(statement: string, args: (string | number)[] = []) {
  const client = createClient({ url: sqld.url });
  try {
    return await client.execute({ sql: statement, args });
  } finally {
    client.close();
  }
}

interface Ask {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** When the client gives up and goes (the Worker's request is cancelled with it). */
  giveUpMs?: number;
}

interface Answer {
  what: string;
  status: number | null;
  ms: number;
  text: string;
}

/** One request to the shop, timed; a hang past GIVE_UP_MS is an answer of none (status null). */
async function request(what: string, pathname: string, ask: Ask = {}): Promise<Answer> {
  const started = performance.now();
  const { giveUpMs = GIVE_UP_MS, ...init } = ask;
  try {
    const res = await mf.dispatchFetch(`${ORIGIN}${pathname}`, {
      ...init,
      headers: { cookie, origin: ORIGIN, ...init.headers },
      redirect: 'manual',
      signal: AbortSignal.timeout(giveUpMs),
    });
    const text = await res.text();
    return { what, status: res.status, ms: performance.now() - started, text };
  } catch (err) {
    return { what, status: null, ms: performance.now() - started, text: String(err) };
  }
}

const json = (body: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

const checkout = (n: number) =>
  request(
    `checkout ${n}`,
    '/api/checkout',
    json(
      checkoutPayload([{ productId, quantity: 1 }], {
        customer: { firstName: 'Pau', lastName: 'Se', email: `pause-${n}@example.com`, phone: '(301) 555-0100' },
      }),
      {
        'idempotency-key': newKey(),
      },
    ),
  );

/** An order placed, given to the driver and out for delivery: ready for the door. */
async function orderOut(n: number): Promise<string> {
  const placed = await checkout(1000 + n);
  expect(placed.status, placed.text).toBe(200);
  const { orderId: ref } = JSON.parse(placed.text) as { orderId: string };
  await sql(`update orders set driver_id = ?, delivery_status = 'assigned', status = 'confirmed' where ref = ?`, [driverId, ref]);
  const out = await request(`out ${ref}`, `/api/admin/deliveries/${ref}/out`, { method: 'POST' });
  expect(out.status, out.text).toBe(200);
  return ref;
}

const handover = (ref: string, giveUpMs?: number) =>
  request(`handover ${ref}`, `/api/admin/deliveries/${ref}/delivered`, { ...json(ID_CHECK), ...(giveUpMs ? { giveUpMs } : {}) });

beforeAll(async () => {
  scratch = scratchDir('database-pause');
  sqld = await startControlledSqld(scratch.dir);
  await addAdmin(sqld.url, ADMIN);
  // An accessory (no purchase limit applies) with tracked stock, so an order writes a ledger row.
  const row = await sql(
    `update products set stock_milli = 1000000, available = 1
     where id = (select p.id from products p join categories c on c.id = p.category_id where c.name = 'Accessories' order by p.id limit 1)
     returning id`,
  );
  productId = Number(row.rows[0]?.id);
  await sql('update packages set quantity_milli = 1000000 where product_id = ?', [productId]);
  driverId = Number((await sql(`insert into drivers (name, phone) values ('Pat Pause', '(301) 555-0101') returning id`)).rows[0]?.id);
  mf = startWorkerd({ config, bindings: { LIBSQL_URL: sqld.url } });
  await mf.ready;
  cookie = await signInTo(mf, ORIGIN, ADMIN, '198.51.100.41');
}, 60_000);

afterAll(async () => {
  await mf?.dispose();
  await sqld?.end();
  scratch?.remove();
});

describe('a database pause under a burst of reads and writes', () => {
  it('leaves no write lock held: the next checkout and handover succeed in time, and sqld goes idle', async () => {
    const refs = await Promise.all(Array.from({ length: HANDOVERS + 1 }, (_, n) => orderOut(n)));
    const later = refs.pop() as string;
    const { orderId: cancelled } = JSON.parse((await checkout(2000)).text) as { orderId: string };

    // The drivers' phones lose signal during the pause: each client goes a second into it, and
    // its Worker request is cancelled with it, whatever it had sent to the database.
    const handovers = Promise.all(
      refs.map(async (ref, i) => {
        await new Promise((r) => setTimeout(r, i * HANDOVER_SPACING_MS));
        return handover(ref, PAUSE_AT_MS - i * HANDOVER_SPACING_MS + 1_000);
      }),
    );
    const burst = Promise.all([
      ...Array.from({ length: CHECKOUTS }, (_, n) => checkout(n)),
      request('cancel', `/api/admin/orders/${cancelled}/status`, { ...json({ status: 'cancelled', note: 'Pause test' }), method: 'PATCH' }),
      ...READS.map((p) => request(`GET ${p}`, p)),
    ]);
    await new Promise((r) => setTimeout(r, PAUSE_AT_MS));
    sqld.hang();
    try {
      await new Promise((r) => setTimeout(r, PAUSE_MS));
    } finally {
      sqld.resume();
    }
    const [answers, handedOver] = await Promise.all([burst, handovers]);
    // Done, or the plain 503 of a database away: nothing hangs, nothing else goes wrong.
    for (const a of answers) expect([200, 503], `${a.what}: ${a.text.slice(0, 200)}`).toContain(a.status);
    for (const a of handedOver) expect([200, null], `${a.what}: ${a.text.slice(0, 200)}`).toContain(a.status);

    // The next writes, each within its own deadline (its client gives up past it: 503).
    const next = await checkout(3000);
    expect(next.status, next.text).toBe(200);
    const handed = await handover(later);
    expect(handed.status, handed.text).toBe(200);
    expect(Math.max(next.ms, handed.ms), 'the next writes answered within the request deadline').toBeLessThan(DB_DEADLINE_MS.request);

    // Each handover happened whole or not at all: delivered with its proof and its history, or
    // still out with neither. A 503 may hide one that committed after its client gave up.
    for (const [i, ref] of refs.entries()) {
      const a = handedOver[i] as Answer;
      const [order] = (await sql('select id, status, delivery_status from orders where ref = ?', [ref])).rows;
      const id = Number(order?.id);
      const proofs = Number((await sql('select count(*) as n from delivery_proofs where order_id = ?', [id])).rows[0]?.n);
      const delivered = Number(
        (await sql(`select count(*) as n from order_status_history where order_id = ? and to_status = 'delivered'`, [id])).rows[0]?.n,
      );
      const whole = { status: 'delivered', deliveryStatus: 'delivered', proofs: 1, delivered: 1 };
      const none = { status: 'shipped', deliveryStatus: 'out', proofs: 0, delivered: 0 };
      const found = { status: order?.status, deliveryStatus: order?.delivery_status, proofs, delivered };
      expect(found, `${ref} answered ${a.status}`).toEqual(a.status === 200 || found.proofs > 0 ? whole : none);
    }

    await vi.waitFor(async () => expect(await cpuPercentOver(sqld.pid(), 1_000)).toBeLessThanOrEqual(IDLE_CPU_PERCENT), {
      timeout: 15_000,
      interval: 0,
    });
  }, 90_000);
});
