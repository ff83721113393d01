import type { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ApiProduct } from '../../src/features/catalog/catalog.ts';
import type { OrderView } from '../../src/features/orders/orders.ts';
import { checkoutPayload, newKey, pick } from '../fixtures/checkout.ts';
import { type FakeMailServer, startFakeMailServer } from '../helpers/fake-mail.ts';
import { startWorker } from '../helpers/worker.ts';

let mf: Miniflare;
let mail: FakeMailServer;

beforeAll(async () => {
  mail = await startFakeMailServer();
  mf = startWorker(inject('workerScript'), {
    LIBSQL_URL: inject('workerDbUrl'),
    SITE_URL: 'https://shop.example',
    MAIL_API_URL: mail.url,
    MAIL_API_KEY: 'test-mail-key',
    MAIL_FROM: 'orders@shop.example',
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
    const res = await mf.dispatchFetch('http://shop.test/api/checkout', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': newKey() },
      body: JSON.stringify(checkoutPayload([{ productId: product.id, quantity: 1, price: 1 }])),
    });
    expect(res.status).toBe(200);
    const { orderId } = (await res.json()) as { orderId: string };

    const order = (await (await mf.dispatchFetch(`http://shop.test/api/orders/${orderId}`)).json()) as OrderView;
    expect(order.items[0]?.price).toBe(product.price);

    await expect.poll(() => mail.received.length, { timeout: 10_000 }).toBeGreaterThan(0);
    const sent = mail.received.find((m) => m.body.text.includes(orderId));
    expect(sent?.authorization).toBe('Bearer test-mail-key');
    expect(sent?.body).toMatchObject({ from: 'orders@shop.example', to: 'ada@example.com' });
    expect(sent?.body.text).toContain(`https://shop.example/order-confirmation/${orderId}`);
  });

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
