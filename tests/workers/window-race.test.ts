/**
 * D36 in workerd (the compiled Pages function, as production runs it) against sqld: concurrent
 * shoppers for the last places of one window book exactly its capacity.
 */
import { and, count, desc, eq, gte, ne } from 'drizzle-orm';
import type { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorkerd, workerConfig } from '../../scripts/lib/workerd.ts';
import { createNodeDb } from '../../src/db/client.server.ts';
import { categories, deliveryWindows, orders, products } from '../../src/db/schema.ts';
import { addDays, nyDate, weekdayOf } from '../../src/features/delivery/windows.ts';
import { checkoutPayload, newKey } from '../fixtures/checkout.ts';
import { ROOMY_WINDOW_CAPACITY } from '../helpers/db.ts';
import { nyInstant } from '../helpers/delivery.ts';
import { siteTemplate, workersDbUrl } from '../helpers/run-stack.ts';

/** The Worker's config in the run's build of the site: production's bindings, assets and triggers. */
const config = workerConfig((await siteTemplate()).distDir);

const dbUrl = await workersDbUrl();
const CAPACITY = 10;
const SHOPPERS = 100;

let mf: Miniflare;

beforeAll(async () => {
  mf = startWorkerd({ config, bindings: { LIBSQL_URL: dbUrl, SITE_URL: 'https://shop.example' } });
  await mf.ready;
});
afterAll(async () => {
  await mf?.dispose();
});

describe('a delivery window raced in workerd', () => {
  it(`gives ${CAPACITY} places to exactly ${CAPACITY} of ${SHOPPERS} concurrent shoppers`, async () => {
    const { db, close } = createNodeDb({ LIBSQL_URL: dbUrl });
    // A Morning three days on: the other suites on this database book Evening windows.
    const date = addDays(nyDate(Date.now()), 3);
    const windowId = `${date}T09:00`;
    const row = and(eq(deliveryWindows.weekday, weekdayOf(date)), eq(deliveryWindows.startMinute, 9 * 60));
    try {
      await db.update(deliveryWindows).set({ capacity: CAPACITY }).where(row);
      // An accessory (sold by the unit, under no purchase limit) with stock for more than the
      // places, so only the window can refuse.
      const [product] = await db
        .select({ id: products.id })
        .from(products)
        .innerJoin(categories, eq(categories.id, products.categoryId))
        .where(
          and(
            eq(categories.name, 'Accessories'),
            eq(products.available, true),
            eq(products.status, 'active'),
            gte(products.stockMilli, 2 * CAPACITY * 1000),
          ),
        )
        .orderBy(desc(products.stockMilli))
        .limit(1);
      const checkout = () =>
        mf.dispatchFetch('http://shop.test/api/checkout', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': newKey() },
          body: JSON.stringify(checkoutPayload([{ productId: product?.id ?? 0, quantity: 1 }], { deliveryWindow: windowId })),
        });
      const raced = await Promise.all(Array.from({ length: SHOPPERS }, checkout));
      const bodies = (await Promise.all(raced.map((r) => r.json()))) as { code?: string; windows?: unknown[] }[];
      expect(raced.filter((r) => r.status === 200)).toHaveLength(CAPACITY);
      const refused = bodies.filter((_, i) => raced[i]?.status === 409);
      expect(refused).toHaveLength(SHOPPERS - CAPACITY);
      expect(refused.every((b) => b.code === 'window_full' && (b.windows?.length ?? 0) > 0)).toBe(true);
      const [booked] = await db
        .select({ n: count() })
        .from(orders)
        .where(and(eq(orders.windowStart, nyInstant(windowId)), ne(orders.status, 'cancelled')));
      expect(booked?.n).toBe(CAPACITY);
    } finally {
      await db.update(deliveryWindows).set({ capacity: ROOMY_WINDOW_CAPACITY }).where(row);
      close();
    }
  }, 120_000);
});
