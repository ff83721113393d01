import { count, eq } from 'drizzle-orm';
import type { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorkerd, workerConfig } from '../../scripts/lib/workerd.ts';
import { createNodeDb } from '../../src/db/client.server.ts';
import { orderItems, orders, products } from '../../src/db/schema.ts';
import type { ApiProduct } from '../../src/features/catalog/catalog.ts';
import type { OrderView } from '../../src/features/orders/orders.ts';
import { checkoutPayload, newKey, pick } from '../fixtures/checkout.ts';
import { type FakeMailServer, startFakeMailServer } from '../helpers/fake-mail.ts';
import { siteTemplate, workersDbUrl } from '../helpers/run-stack.ts';

/** The Worker's config in the run's build of the site: production's bindings, assets and triggers. */
const config = workerConfig((await siteTemplate()).distDir);

const dbUrl = await workersDbUrl();
let mf: Miniflare;
let mail: FakeMailServer;

beforeAll(async () => {
  mail = await startFakeMailServer();
  mf = startWorkerd({
    config,
    bindings: {
      LIBSQL_URL: dbUrl,
      SITE_URL: 'https://shop.example',
      MAIL_API_URL: mail.url,
      MAIL_API_KEY: 'test-mail-key',
      MAIL_FROM: 'orders@shop.example',
    },
  });
  await mf.ready;
});
afterAll(async () => {
  await mf?.dispose();
  await mail?.close();
});

describe('checkout in workerd against sqld', () => {
  it('places an order, reads it by reference, and delivers the confirmation through the mail provider', async () => {
    const catalogue = (await (await mf.dispatchFetch('http://shop.test/api/products')).json()) as ApiProduct[];
    const product = pick(catalogue, (p) => p.category === 'Edible' && p.inStock && !p.isDeal, 'edible');
    const payload = checkoutPayload([{ productId: product.id, quantity: 1, price: product.price }]);
    const res = await mf.dispatchFetch('http://shop.test/api/checkout', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': newKey() },
      body: JSON.stringify(payload),
    });
    expect(res.status).toBe(200);
    const { orderId } = (await res.json()) as { orderId: string };

    const order = (await (await mf.dispatchFetch(`http://shop.test/api/orders/${orderId}`)).json()) as OrderView;
    expect(order.items[0]?.price).toBe(product.price);

    await expect.poll(() => mail.received.length, { timeout: 10_000 }).toBeGreaterThan(0);
    const sent = mail.received.find((m) => m.body.text.includes(orderId));
    expect(sent?.authorization).toBe('Bearer test-mail-key');
    expect(sent?.body).toMatchObject({ from: 'orders@shop.example', to: payload.customer.email });
    expect(sent?.body.text).toContain(`https://shop.example/order-confirmation/${orderId}`);
  });

  it('sells a stock of 10 to exactly 10 of 100 concurrent shoppers, and 30 replays of one key make one order', async () => {
    const { db, close } = createNodeDb({ LIBSQL_URL: dbUrl });
    try {
      const [row] = await db.select({ id: products.id }).from(products).where(eq(products.slug, 'pre-roll-cones-32-pack'));
      const id = row?.id ?? 0;
      await db.update(products).set({ stockMilli: 10_000, available: true }).where(eq(products.id, id));
      const checkout = (key: string, body = checkoutPayload([{ productId: id, quantity: 1 }])) =>
        mf.dispatchFetch('http://shop.test/api/checkout', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': key },
          body: JSON.stringify(body),
        });

      const raced = await Promise.all(Array.from({ length: 100 }, () => checkout(newKey())));
      const statuses = raced.map((r) => r.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(10);
      expect(statuses.filter((s) => s === 409)).toHaveLength(90);
      const [sold] = await db.select({ n: count() }).from(orderItems).where(eq(orderItems.productId, id));
      expect(sold?.n).toBe(10);

      await db.update(products).set({ stockMilli: 100_000 }).where(eq(products.id, id));
      const [before] = await db.select({ n: count() }).from(orders);
      const key = newKey();
      const body = checkoutPayload([{ productId: id, quantity: 1 }]);
      const replays = await Promise.all(Array.from({ length: 30 }, () => checkout(key, body)));
      expect(replays.map((r) => r.status).every((s) => s === 200)).toBe(true);
      expect(new Set(await Promise.all(replays.map((r) => r.text()))).size).toBe(1);
      const [after] = await db.select({ n: count() }).from(orders);
      expect((after?.n ?? 0) - (before?.n ?? 0)).toBe(1);
      const [stock] = await db.select({ s: products.stockMilli }).from(products).where(eq(products.id, id));
      expect(stock?.s).toBe(99_000);
    } finally {
      close();
    }
  }, 120_000);

  it('answers validation errors in the JSON error shape', async () => {
    const res = await mf.dispatchFetch('http://shop.test/api/checkout', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': newKey() },
      body: JSON.stringify(checkoutPayload([{ productId: 1, quantity: 1 }], { deliveryZipCode: '99999' })),
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ code: 'invalid_order', fields: { deliveryZipCode: 'ZIP code is not in Maryland' } });
  });
});
