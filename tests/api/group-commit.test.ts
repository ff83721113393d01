import { count, eq, inArray } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/db.ts';
import { categories, orderItems, orderStatusHistory, orders, outbox, products } from '../../src/db/schema.ts';
import { CheckoutPayload } from '../../src/features/checkout/checkout.schema.ts';
import { type OrderRequest, placeOrders } from '../../src/features/orders/orders.server.ts';
import { GroupCommit, type Outcome } from '../../src/lib/group-commit.ts';
import { HttpError } from '../../src/lib/http-error.ts';
import { checkoutPayload, newKey } from '../fixtures/checkout.ts';
import { createTestDb, type TestDb } from '../helpers/db.ts';

describe('GroupCommit', () => {
  const ok = <R>(value: R): Outcome<R> => ({ ok: true, value });

  it('flushes a lone item at once, and groups what arrives while a flush runs', async () => {
    const seen: number[][] = [];
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const group = new GroupCommit<number, number>(10);
    const flush = async (items: number[]) => {
      seen.push(items);
      if (seen.length === 1) await gate;
      return items.map((i) => ok(i * 10));
    };
    const first = group.submit(1, flush);
    const rest = [2, 3, 4].map((n) => group.submit(n, flush));
    await Promise.resolve();
    expect(seen).toEqual([[1]]);
    release();
    expect(await Promise.all([first, ...rest])).toEqual([10, 20, 30, 40]);
    expect(seen).toEqual([[1], [2, 3, 4]]);
  });

  it('never puts more than maxGroup items in one flush', async () => {
    const sizes: number[] = [];
    const group = new GroupCommit<number, number>(3);
    const flush = async (items: number[]) => {
      sizes.push(items.length);
      await new Promise((r) => setTimeout(r, 5));
      return items.map((i) => ok(i));
    };
    const all = await Promise.all(Array.from({ length: 10 }, (_, i) => group.submit(i, flush)));
    expect(all).toEqual(Array.from({ length: 10 }, (_, i) => i));
    expect(Math.max(...sizes)).toBeLessThanOrEqual(3);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(10);
  });

  it('gives each item its own outcome; a flush that throws fails only its own group', async () => {
    const group = new GroupCommit<number, number>(2);
    let calls = 0;
    const flush = async (items: number[]) => {
      calls++;
      await new Promise((r) => setTimeout(r, 1));
      if (calls === 2) throw new Error('disk on fire');
      return items.map((i): Outcome<number> => (i === 0 ? { ok: false, error: new Error('zero') } : ok(i)));
    };
    const settled = await Promise.allSettled([0, 1, 2, 3, 4].map((n) => group.submit(n, flush)));
    expect(settled.map((s) => (s.status === 'fulfilled' ? s.value : (s.reason as Error).message))).toEqual([
      'zero',
      'disk on fire',
      'disk on fire',
      3,
      4,
    ]);
  });
});

describe('placeOrders: a group of checkouts in one transaction', () => {
  let t: TestDb;
  let ids: number[];

  beforeAll(async () => {
    t = await createTestDb();
    // Accessories: no weights to choose and no purchase limits, so these tests are about the group.
    const rows = await t.db
      .select({ id: products.id })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(eq(categories.name, 'Accessories'))
      .limit(3);
    ids = rows.map((r) => r.id);
  });
  afterAll(() => t.close());

  const request = (items: { productId: number; quantity: number }[], key = newKey()): OrderRequest => ({
    payload: v.parse(CheckoutPayload, checkoutPayload(items)),
    key,
    siteUrl: 'http://127.0.0.1',
  });
  const stockOf = async (id: number) => (await t.db.select({ s: products.stockMilli }).from(products).where(eq(products.id, id)))[0]?.s;
  const orderCount = async () => (await t.db.select({ n: count() }).from(orders))[0]?.n ?? 0;
  const message = (o: Outcome<unknown> | undefined) => (o && !o.ok && o.error instanceof HttpError ? o.error.status : o?.ok);

  it('checks stock in arrival order, isolates each failure and writes every passing order whole', async () => {
    const [a = 0, b = 0] = ids;
    await t.db.update(products).set({ stockMilli: 1000, available: true }).where(eq(products.id, a));
    await t.db.update(products).set({ stockMilli: 5000, available: true }).where(eq(products.id, b));
    const before = await orderCount();
    const outcomes = await placeOrders(t.db, [
      request([{ productId: a, quantity: 1 }]),
      request([{ productId: a, quantity: 1 }]),
      request([{ productId: 999_999, quantity: 1 }]),
      request([{ productId: b, quantity: 2 }]),
    ]);
    expect(outcomes.map(message)).toEqual([true, 409, 422, true]);
    expect(await orderCount()).toBe(before + 2);
    expect(await stockOf(a)).toBe(0);
    expect(await stockOf(b)).toBe(3000);
    const refs = outcomes.flatMap((o) => (o.ok ? [o.value.orderId] : []));
    const placed = await t.db.select({ id: orders.id }).from(orders).where(inArray(orders.ref, refs));
    const placedIds = placed.map((p) => p.id);
    expect(placedIds).toHaveLength(2);
    for (const table of [orderItems, orderStatusHistory, outbox]) {
      const [n] = await t.db.select({ n: count() }).from(table).where(inArray(table.orderId, placedIds));
      expect(n?.n).toBe(2);
    }
  });

  it('answers a key repeated inside the group with the first answer, and refuses it with another body', async () => {
    const [, b = 0] = ids;
    await t.db.update(products).set({ stockMilli: 5000 }).where(eq(products.id, b));
    const key = newKey();
    const before = await orderCount();
    const outcomes = await placeOrders(t.db, [
      request([{ productId: b, quantity: 1 }], key),
      request([{ productId: b, quantity: 1 }], key),
      request([{ productId: b, quantity: 2 }], key),
    ]);
    const [first, twin, other] = outcomes;
    expect(first?.ok && twin?.ok && first.value.orderId === twin.value.orderId).toBe(true);
    expect(message(other)).toBe(422);
    expect(await orderCount()).toBe(before + 1);
    expect(await stockOf(b)).toBe(4000);
  });

  it('when stock moved after the group read it, writes nothing together and places each order alone', async () => {
    const [a = 0, , c = 0] = ids;
    await t.db.update(products).set({ stockMilli: 1000 }).where(eq(products.id, a));
    await t.db.update(products).set({ stockMilli: 1000 }).where(eq(products.id, c));
    // Another writer (an admin, another isolate) sells product a between the group's read and write.
    let batches = 0;
    const racing = new Proxy(t.db, {
      get(target, prop, receiver) {
        if (prop !== 'batch') return Reflect.get(target, prop, receiver);
        return async (items: Parameters<Db['batch']>[0]) => {
          if (++batches === 2) await target.update(products).set({ stockMilli: 0 }).where(eq(products.id, a));
          return target.batch(items);
        };
      },
    }) as Db;
    const before = await orderCount();
    const outcomes = await placeOrders(racing, [request([{ productId: a, quantity: 1 }]), request([{ productId: c, quantity: 1 }])]);
    expect(outcomes.map(message)).toEqual([409, true]);
    expect(await orderCount()).toBe(before + 1);
    expect(await stockOf(a)).toBe(0);
    expect(await stockOf(c)).toBe(0);
  });
});
