/**
 * The database away, as the Worker sees it in workerd: hung (sqld stopped with SIGSTOP, as a
 * network partition to a hosted libSQL looks) and refusing (sqld killed, so its port refuses).
 * Either way a catalogue page already in the page cache is still served, one not in it answers the
 * plain 503 page with Retry-After, every API route answers the plain 503 with Retry-After, all
 * within a few seconds instead of hanging, checkout writes nothing, a staff page says plainly that
 * the shop cannot reach its database (no redirect to sign in), and once sqld is back on the same
 * port and data the same Worker serves again.
 * Last, a checkout whose write batch commits but whose answer is lost past its deadline: the
 * shopper is told 503, and the retry with the same Idempotency-Key gets the committed order.
 * This file runs its own sqld: the shared one the other files use is never stopped.
 */
import { connect, createServer, type Socket } from 'node:net';
import { createClient } from '@libsql/client';
import type { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startWorkerd, workerConfig } from '../../scripts/lib/workerd.ts';
import { DATABASE_UNAVAILABLE } from '../../src/server/api/db-errors.ts';
import { checkoutPayload, newKey } from '../fixtures/checkout.ts';
import { siteTemplate } from '../helpers/run-stack.ts';
import { type ControlledSqld, scratchDir, startControlledSqld } from '../helpers/stack.ts';
import { addAdmin, signInTo } from '../helpers/worker.ts';

/** The Worker's config in the run's build of the site: production's bindings, assets and triggers. */
const config = workerConfig((await siteTemplate()).distDir);

const ORIGIN = 'https://shop.test';
const EMAIL = 'down@example.com';
const ADMIN = { email: 'down-admin@example.com', password: 'a long enough password' };
/** How long the shop may take to say the database is away: the page must not hang. */
const ANSWER_WITHIN_MS = 3_000;
/** A request the test gives up on, so a hang fails the test rather than blocking it. */
const GIVE_UP_MS = 10_000;
/** How long recovery may take to show, and how often it is looked at. */
const WAIT = { timeout: 20_000, interval: 100 };
const READS = ['/api/products/3', '/api/products?category=flower', '/api/categories'];
/** Catalogue pages viewed once with the database up, so the page cache holds them. */
const CACHED_PAGES = ['/product/3', '/categories/flower'];
/** The tables a checkout writes: none may change while the database is away. */
const CHECKOUT_TABLES = ['orders', 'order_items', 'order_status_history', 'stock_movements', 'idempotency_keys', 'outbox'];

let scratch: { dir: string; remove: () => void };
let sqld: ControlledSqld;
let mf: Miniflare;
let productId = 0;
let cookie = '';

beforeAll(async () => {
  scratch = scratchDir('database-down');
  sqld = await startControlledSqld(scratch.dir);
  await addAdmin(sqld.url, ADMIN);
  // An accessory (no purchase limit applies) with tracked stock, so an order writes a ledger row.
  const client = createClient({ url: sqld.url });
  try {
    const row = await client.execute(
      `update products set stock_milli = 1000000, available = 1
       where id = (select p.id from products p join categories c on c.id = p.category_id where c.name = 'Accessories' order by p.id limit 1)
       returning id`,
    );
    productId = Number(row.rows[0]?.id);
    // D40: checkout takes from the product's packages; its seeded opening package holds the same.
    await client.execute({ sql: 'update packages set quantity_milli = 1000000 where product_id = ?', args: [productId] });
  } finally {
    client.close();
  }
  mf = startWorkerd({ config, bindings: { LIBSQL_URL: sqld.url } });
  await mf.ready;
  cookie = await signInTo(mf, ORIGIN, ADMIN, '198.51.100.30');
  for (const page of CACHED_PAGES) {
    const res = await mf.dispatchFetch(`${ORIGIN}${page}`);
    expect(res.status, page).toBe(200);
    await res.arrayBuffer();
  }
}, 60_000);

afterAll(async () => {
  await mf?.dispose();
  await sqld?.end();
  scratch?.remove();
});

interface Answer {
  path: string;
  status: number;
  headers: { get: (name: string) => string | null };
  text: string;
  ms: number;
}

interface Ask {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

/** One request to the shop, timed; it gives up after GIVE_UP_MS so a hang fails the test. */
async function request(pathname: string, ask: Ask = {}, shop = mf): Promise<Answer> {
  const started = performance.now();
  const res = await shop.dispatchFetch(`${ORIGIN}${pathname}`, {
    ...ask,
    headers: { cookie, origin: ORIGIN, ...ask.headers },
    redirect: 'manual',
    signal: AbortSignal.timeout(GIVE_UP_MS),
  });
  const text = await res.text();
  return { path: pathname, status: res.status, headers: res.headers, text, ms: performance.now() - started };
}

const checkout = (key: string, firstName = 'Dee', shop = mf) =>
  request(
    '/api/checkout',
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify(
        checkoutPayload([{ productId, quantity: 1 }], { customer: { firstName, lastName: 'Down', email: EMAIL, phone: '(301) 555-0100' } }),
      ),
    },
    shop,
  );

/** Rows in each table a checkout writes (read with the database up). */
async function checkoutRows(): Promise<Record<string, number>> {
  const client = createClient({ url: sqld.url });
  try {
    const counts: Record<string, number> = {};
    for (const table of CHECKOUT_TABLES) {
      const result = await client.execute(`select count(*) as n from ${table}`);
      counts[table] = Number(result.rows[0]?.n);
    }
    return counts;
  } finally {
    client.close();
  }
}

/** The API's one 503: the plain sentence, its code, Retry-After, and in time. */
function expectApiUnavailable(a: Answer): void {
  expect({ path: a.path, status: a.status, body: JSON.parse(a.text) }).toEqual({
    path: a.path,
    status: 503,
    body: { error: DATABASE_UNAVAILABLE.message, code: DATABASE_UNAVAILABLE.code },
  });
  expect(a.headers.get('retry-after'), a.path).toBe(String(DATABASE_UNAVAILABLE.retryAfterSeconds));
  expect(a.ms, `${a.path} answered within ${ANSWER_WITHIN_MS} ms`).toBeLessThan(ANSWER_WITHIN_MS);
}

/**
 * While the database is away: the cached pages, a page never viewed (`uncachedPage`), the reads,
 * checkout, a staff API route and an admin page, all at once (nothing one request does may hold
 * up another). Returns the key checkout was refused with.
 */
async function expectShopSaysDatabaseIsAway(uncachedPage: string): Promise<string> {
  const key = newKey();
  const [cached, uncached, reads, placed, staffApi, adminPage] = await Promise.all([
    Promise.all(CACHED_PAGES.map((p) => request(p))),
    request(uncachedPage),
    Promise.all(READS.map((p) => request(p))),
    checkout(key),
    request('/api/admin/orders'),
    request('/admin', { headers: { accept: 'text/html' } }),
  ]);
  for (const page of cached) {
    expect(page.status, `${page.path}, in the page cache, is still served`).toBe(200);
    expect(page.text, page.path).toContain('</html>');
    expect(page.ms, `${page.path} answered within ${ANSWER_WITHIN_MS} ms`).toBeLessThan(ANSWER_WITHIN_MS);
  }
  expect(uncached.status, `${uncachedPage}, not in the page cache: the plain 503 page`).toBe(503);
  expect(uncached.headers.get('content-type')).toMatch(/^text\/html/);
  expect(uncached.headers.get('retry-after')).toBe(String(DATABASE_UNAVAILABLE.retryAfterSeconds));
  expect(uncached.headers.get('cache-control')).toBe('no-store');
  expect(uncached.text).toContain(DATABASE_UNAVAILABLE.message);
  expect(uncached.ms, `${uncachedPage} answered within ${ANSWER_WITHIN_MS} ms`).toBeLessThan(ANSWER_WITHIN_MS);
  for (const read of reads) expectApiUnavailable(read);
  expectApiUnavailable(placed);
  expectApiUnavailable(staffApi);
  expect(adminPage.status, 'the admin page: a plain 503, not a redirect to sign in').toBe(503);
  expect(adminPage.headers.get('location')).toBeNull();
  expect(adminPage.headers.get('content-type')).toMatch(/^text\/html/);
  expect(adminPage.headers.get('retry-after')).toBe(String(DATABASE_UNAVAILABLE.retryAfterSeconds));
  expect(adminPage.headers.get('cache-control')).toBe('no-store');
  expect(adminPage.text).toContain(DATABASE_UNAVAILABLE.message);
  expect(adminPage.ms, `the admin page answered within ${ANSWER_WITHIN_MS} ms`).toBeLessThan(ANSWER_WITHIN_MS);
  return key;
}

/**
 * With the database back, the same Worker serves again: reads and the page refused answer 200, the checkout refused
 * while it was away goes through on retry with its key (and a second retry gets the same order),
 * and a fresh checkout places an order.
 */
async function expectShopRecovers(refusedKey: string, uncachedPage: string): Promise<void> {
  await vi.waitFor(async () => {
    const reads = await Promise.all([...READS, uncachedPage].map((p) => request(p)));
    expect(reads.map((r) => [r.path, r.status])).toEqual([...READS, uncachedPage].map((p) => [p, 200]));
  }, WAIT);
  const retried = await checkout(refusedKey);
  expect(retried.status, retried.text).toBe(200);
  const { orderId } = JSON.parse(retried.text) as { orderId: string };
  expect(JSON.parse((await checkout(refusedKey)).text)).toEqual({ success: true, orderId });
  const fresh = await checkout(newKey());
  expect(fresh.status, fresh.text).toBe(200);
  expect(JSON.parse(fresh.text).orderId).not.toBe(orderId);
  expect((await request('/api/admin/orders')).status).toBe(200);
}

describe('the database away, in workerd', () => {
  it('hung (SIGSTOP): cached pages are served, the rest answers a plain 503 in time, checkout writes nothing, and it recovers on SIGCONT', async () => {
    const before = await checkoutRows();
    sqld.hang();
    let refusedKey: string;
    try {
      refusedKey = await expectShopSaysDatabaseIsAway('/product/4');
    } finally {
      sqld.resume();
    }
    // Resumed, sqld reads what was sent while it was stopped: none of it may have written.
    expect(await checkoutRows(), 'nothing of the refused checkout was written').toEqual(before);
    await expectShopRecovers(refusedKey, '/product/4');
  }, 60_000);

  it('refusing (sqld killed): cached pages are served, the rest answers a plain 503 in time, checkout writes nothing, and it recovers on restart', async () => {
    const before = await checkoutRows();
    await sqld.stop();
    const refusedKey = await expectShopSaysDatabaseIsAway('/categories/edible');
    await sqld.start();
    expect(await checkoutRows(), 'nothing of the refused checkout was written').toEqual(before);
    await expectShopRecovers(refusedKey, '/categories/edible');
  }, 60_000);
});

/**
 * A TCP relay to sqld that passes every request on but swallows sqld's answer on a connection
 * once a request on it carried `marker`: the statement runs and commits, and its answer is lost,
 * as when a partition falls between a commit and its reply.
 */
async function startRelay(target: URL, marker: string): Promise<{ url: string; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(Number(target.port), target.hostname);
    sockets.add(client).add(upstream);
    let seen = '';
    let swallow = false;
    client.on('data', (chunk: Buffer) => {
      seen = (seen + chunk.toString('latin1')).slice(-65_536);
      if (seen.includes(marker)) swallow = true;
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (!swallow) client.write(chunk);
    });
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    for (const socket of [client, upstream]) socket.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port: relayPort } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${relayPort}`,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe('a checkout whose commit is answered too late', () => {
  it('answers 503, and the retry with its key gets the order the batch did commit, once', async () => {
    // Only checkout's write batch carries the shopper's name: its answer alone is lost.
    const marker = 'Lostanswer';
    const relay = await startRelay(new URL(sqld.url), marker);
    const late = startWorkerd({ config, bindings: { LIBSQL_URL: relay.url } });
    try {
      await late.ready;
      const key = newKey();
      const first = await checkout(key, marker, late);
      expect({ status: first.status, body: JSON.parse(first.text) }).toEqual({
        status: 503,
        body: { error: DATABASE_UNAVAILABLE.message, code: DATABASE_UNAVAILABLE.code },
      });
      const client = createClient({ url: sqld.url });
      try {
        const keys = await client.execute({ sql: 'select order_ref from idempotency_keys where key = ?', args: [key] });
        const committed = keys.rows.map((r) => String(r.order_ref));
        expect(committed, 'the batch committed on the server before its answer was lost').toHaveLength(1);
        // The retry only reads the key's record (its answer comes back) and answers as the commit would have.
        const retried = await checkout(key, marker, late);
        expect({ status: retried.status, body: JSON.parse(retried.text) }).toEqual({
          status: 200,
          body: { success: true, orderId: committed[0] },
        });
        const orders = await client.execute({ sql: 'select count(*) as n from orders where first_name = ?', args: [marker] });
        expect(Number(orders.rows[0]?.n), 'one order, not two').toBe(1);
      } finally {
        client.close();
      }
    } finally {
      await late.dispose();
      await relay.close();
    }
  }, 60_000);
});
