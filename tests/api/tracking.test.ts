/**
 * Shopper tracking (D14, D30): GET /api/orders/{ref}/tracking against a real database, with the
 * order moved the way staff move it (recordStatusChange), and the e-mail each move sends.
 */
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderStatus } from '../../src/db/order-values.ts';
import { deliveryProofs, drivers, type OrderRow, orderStatusHistory, orders, outbox } from '../../src/db/schema.ts';
import type { ApiProduct } from '../../src/features/catalog/catalog.ts';
import { addDays, fullWindowLabel, nyDate } from '../../src/features/delivery/windows.ts';
import { recordStatusChange } from '../../src/features/orders/orders-admin.server.ts';
import type { Tracking } from '../../src/features/orders/tracking.ts';
import { formatNyTime } from '../../src/lib/ny-time.ts';
import { checkoutPayload, newKey, pick } from '../fixtures/checkout.ts';
import { createTestDb, type TestDb } from '../helpers/db.ts';
import { nyInstant, setOrderWindow } from '../helpers/delivery.ts';
import { type TestApp, testApp } from '../helpers/env.ts';

const SITE_URL = 'https://shop.example';

let t: TestDb;
let app: TestApp;
let product: ApiProduct;
let driverId: number;

beforeAll(async () => {
  t = await createTestDb();
  app = testApp({ db: () => t.db });
  const catalogue = (await (await app.request('/api/products')).json()) as ApiProduct[];
  product = pick(catalogue, (p) => p.category === 'Edible' && p.inStock && !p.isDeal, 'edible');
  const [driver] = await t.db.insert(drivers).values({ name: 'Sam Okafor', phone: '(202) 555-0177' }).returning({ id: drivers.id });
  driverId = driver?.id ?? 0;
});
afterAll(() => t.close());

async function placeOrder(email: string): Promise<string> {
  const res = await app.request('/api/checkout', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': newKey() },
    body: JSON.stringify(
      checkoutPayload([{ productId: product.id, quantity: 1 }], {
        customer: { firstName: 'Tia', lastName: 'Tracker', email, phone: '(301) 555-0123' },
      }),
    ),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { orderId: string }).orderId;
}

/** Moves the order as staff do: status, history row and e-mail in one batch. */
async function move(ref: string, to: OrderStatus, note = '', extra: Partial<OrderRow> = {}) {
  const [order] = await t.db.select().from(orders).where(eq(orders.ref, ref));
  if (!order) throw new Error(`no order ${ref}`);
  await t.db.batch(recordStatusChange(t.db, order, to, { actor: 'admin:boss@example.com', note, siteUrl: SITE_URL, extra }));
}

const tracking = (ref: string) => app.request(`/api/orders/${ref}/tracking`);
const read = async (ref: string) => (await (await tracking(ref)).json()) as Tracking;
const statusMails = (email: string) =>
  t.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.toAddress, email), eq(outbox.kind, 'order_status')))
    .orderBy(asc(outbox.id));

/** A window tomorrow (New York), whatever the time of day the test runs. */
const tomorrow = () => addDays(nyDate(Date.now()), 1);

describe('GET /api/orders/{ref}/tracking (D30)', () => {
  it('follows an order from placed to delivered, each step with its New York time and the driver by first name only', async () => {
    const email = 'tia.delivered@example.com';
    const ref = await placeOrder(email);
    const day = tomorrow();
    await setOrderWindow(t.db, ref, `${day}T17:00`, `${day}T21:00`);
    const window = fullWindowLabel({ part: 'evening', start: nyInstant(`${day}T17:00`), end: nyInstant(`${day}T21:00`) });

    const placed = await tracking(ref);
    expect(placed.status).toBe(200);
    expect(placed.headers.get('cache-control')).toContain('no-store');
    const first = (await placed.json()) as Tracking;
    expect(first).toMatchObject({ status: 'processing', open: true, window });
    expect(first.steps.map((s) => [s.label, s.state])).toEqual([
      ['Placed', 'current'],
      ['Confirmed', 'upcoming'],
      ['Out for delivery', 'upcoming'],
      ['Delivered', 'upcoming'],
    ]);

    await move(ref, 'confirmed');
    expect((await read(ref)).steps.map((s) => s.state)).toEqual(['done', 'current', 'upcoming', 'upcoming']);

    await move(ref, 'shipped', 'Out for delivery with Sam', { driverId, deliveryStatus: 'out' });
    const out = await read(ref);
    expect(out.steps[2]).toMatchObject({ label: 'Out for delivery', state: 'current', detail: 'with Sam' });
    expect(out.summary).toBe('Your order is out for delivery with Sam.');

    const [row] = await t.db.select({ id: orders.id }).from(orders).where(eq(orders.ref, ref));
    await t.db.insert(deliveryProofs).values({
      orderId: row?.id ?? 0,
      idType: 'drivers_license',
      dateOfBirth: '1990-05-17',
      idLast4: '4321',
      cashCollectedCents: 5000,
      recordedBy: 'driver:sam@example.com',
    });
    await move(ref, 'delivered', '', { deliveryStatus: 'delivered' });

    const done = await read(ref);
    expect(done).toMatchObject({ status: 'delivered', open: false, window });
    const history = await t.db
      .select({ to: orderStatusHistory.toStatus, at: orderStatusHistory.createdAt })
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, row?.id ?? 0))
      .orderBy(asc(orderStatusHistory.id));
    const at = (status: OrderStatus) => history.filter((h) => h.to === status).at(-1)?.at;
    expect(done.steps.map((s) => [s.label, s.state, s.at, s.time, s.detail])).toEqual([
      ['Placed', 'done', expect.any(Number), expect.any(String), null],
      ['Confirmed', 'done', at('confirmed'), formatNyTime(at('confirmed') ?? 0), null],
      ['Out for delivery', 'done', at('shipped'), formatNyTime(at('shipped') ?? 0), 'with Sam'],
      ['Delivered', 'current', at('delivered'), formatNyTime(at('delivered') ?? 0), null],
    ]);
    for (const step of done.steps) expect(step.time).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M E[SD]T$/);

    // Of the driver, the first name only; nothing of the ID check.
    const text = JSON.stringify(done);
    for (const secret of ['Okafor', '555-0177', '4321', '1990-05-17', 'drivers_license', 'sam@example.com', 'boss@example.com']) {
      expect(text).not.toContain(secret);
    }

    // One e-mail per move, each with the tracking link.
    const mails = await statusMails(email);
    expect(mails.map((m) => m.subject)).toEqual([
      `Your Greenline Delivery order ${ref} is confirmed`,
      `Your Greenline Delivery order ${ref} is out for delivery`,
      `Your Greenline Delivery order ${ref} was delivered`,
    ]);
    for (const m of mails) expect(m.body).toContain(`Track your order: ${SITE_URL}/order-confirmation/${ref}`);
    expect(mails[1]?.body).toContain('Out for delivery with Sam');
    expect(mails[1]?.body).not.toContain('Okafor');
  });

  it('shows a failed delivery as Cancelled with its reason, and e-mails the reason', async () => {
    const email = 'tia.failed@example.com';
    const ref = await placeOrder(email);
    await move(ref, 'confirmed');
    await move(ref, 'shipped', 'Out for delivery with Sam', { driverId, deliveryStatus: 'out' });
    await move(ref, 'cancelled', 'Delivery failed: Nobody was home', {
      deliveryStatus: 'failed',
      deliveryFailureReason: 'Nobody was home',
    });

    const failed = await read(ref);
    expect(failed).toMatchObject({ status: 'cancelled', open: false, window: expect.stringMatching(/, Evening, 5:00 PM - 9:00 PM$/) });
    expect(failed.steps.map((s) => [s.label, s.state, s.detail])).toEqual([
      ['Placed', 'done', null],
      ['Confirmed', 'done', null],
      ['Out for delivery', 'done', 'with Sam'],
      ['Cancelled', 'current', 'Delivery failed: Nobody was home'],
    ]);
    expect(failed.steps.at(-1)?.time).not.toBeNull();

    const mails = await statusMails(email);
    expect(mails).toHaveLength(3);
    expect(mails[2]?.subject).toBe(`Your Greenline Delivery order ${ref} was cancelled`);
    expect(mails[2]?.body).toContain('Reason: Delivery failed: Nobody was home');
    expect(mails[2]?.body).toContain(`${SITE_URL}/order-confirmation/${ref}`);
  });

  it('answers 404 for an unknown reference and 400 naming the field for one that is not a reference', async () => {
    const unknown = await tracking('AAAAAAAAAAAAAAAAAAAAAA');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ code: 'not_found', error: "We couldn't find this order" });
    const bad = await tracking('not-a-ref');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ fields: { ref: 'That is not an order reference' } });
  });
});
