/**
 * The door (D30, D34, D35, D39) through the API against a real database: a driver's own stops
 * today, out for delivery, delivered only after a passing ID check with the cash, and a failed
 * delivery that cancels the order and returns its stock through the ledger; dispatch's own door
 * routes; the generic status route that no longer marks an order delivered; a day's limits by ID
 * and the registry card in a patients-only state, with each refusal on record.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryProofs, doorRefusals, orderStatusHistory, orders, outbox, products, stockMovements } from '../../src/db/schema.ts';
import type { ApiProduct } from '../../src/features/catalog/catalog.ts';
import { addDays, isDate, nyDate } from '../../src/features/delivery/windows.ts';
import type { DeliveryCheck } from '../../src/features/dispatch/door.schema.ts';
import { type DoorRequest, markDelivered } from '../../src/features/dispatch/door.server.ts';
import type { DoorOrder, DriverAssignments } from '../../src/features/dispatch/door.ts';
import { ensureDriverRecord } from '../../src/features/dispatch/drivers.server.ts';
import { REGISTRY_MESSAGES, UNDER_AGE_MESSAGE } from '../../src/features/dispatch/proof.ts';
import { createAdmin } from '../../src/features/staff/accounts.server.ts';
import { checkoutPayload, newKey, pick } from '../fixtures/checkout.ts';
import { signIn, TEST_ORIGIN } from '../helpers/admin.ts';
import { createTestDb, type TestDb } from '../helpers/db.ts';
import { setOrderWindow } from '../helpers/delivery.ts';
import { type TestApp, testApp } from '../helpers/env.ts';

const PASSWORD = 'door test password, long enough';
const STAFF = {
  admin: 'door-admin@example.com',
  dispatcher: 'door-dispatch@example.com',
  sam: 'sam.driver@example.com',
  lee: 'lee.driver@example.com',
  unlinked: 'new.driver@example.com',
} as const;

let t: TestDb;
let app: TestApp;
let catalogue: ApiProduct[];
const cookies = {} as Record<keyof typeof STAFF, string>;
const driverIds = { sam: 0, lee: 0 };
const today = nyDate(Date.now());

beforeAll(async () => {
  t = await createTestDb();
  app = testApp({ db: () => t.db });
  catalogue = (await (await app.request('/api/products')).json()) as ApiProduct[];
  await createAdmin(t.db, STAFF.admin, PASSWORD);
  await createAdmin(t.db, STAFF.dispatcher, PASSWORD, 'dispatcher');
  driverIds.sam = await ensureDriverRecord(t.db, await createAdmin(t.db, STAFF.sam, PASSWORD, 'driver'), {
    name: 'Sam Rivera',
    phone: '(202) 555-0101',
  });
  driverIds.lee = await ensureDriverRecord(t.db, await createAdmin(t.db, STAFF.lee, PASSWORD, 'driver'), {
    name: 'Lee Chen',
    phone: '(202) 555-0102',
  });
  await createAdmin(t.db, STAFF.unlinked, PASSWORD, 'driver');
  let ip = 0;
  for (const who of Object.keys(STAFF) as (keyof typeof STAFF)[])
    cookies[who] = await signIn(app, STAFF[who], PASSWORD, `198.51.100.${++ip}`);
});
afterAll(() => t.close());

function request(path: string, init: { method?: string; body?: unknown; as?: keyof typeof STAFF } = {}) {
  const headers: Record<string, string> = { origin: TEST_ORIGIN };
  if (init.as) headers.cookie = cookies[init.as];
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  return app.request(path, {
    method: init.method ?? 'GET',
    headers,
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
}

const post = (path: string, as: keyof typeof STAFF, body?: unknown) =>
  request(path, { method: 'POST', as, ...(body !== undefined ? { body } : {}) });

const trackedAccessory = () =>
  pick(catalogue, (p) => p.category === 'Accessories' && p.inStock && !p.isDeal && p.stockQuantity != null, 'tracked accessory');
const untracked = () => pick(catalogue, (p) => p.category === 'Accessories' && p.inStock && p.stockQuantity == null, 'untracked accessory');

let customer = 0;

/** A shopper's order through checkout, then put in a window on `date` (17:00-21:00 New York) and assigned as dispatch would. */
async function assignedOrder(
  driver: keyof typeof driverIds,
  {
    date = today,
    items = [{ productId: trackedAccessory().id, quantity: 1 }],
  }: { date?: string; items?: { productId: number; quantity: number }[] } = {},
): Promise<string> {
  const res = await app.request('/api/checkout', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': newKey() },
    body: JSON.stringify(
      checkoutPayload(items, {
        customer: { firstName: 'Grace', lastName: 'Hopper', email: `door-${++customer}@example.com`, phone: '(301) 555-0177' },
        deliveryInstructions: 'Buzz 4B',
      }),
    ),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const { orderId: ref } = (await res.json()) as { orderId: string };
  await setOrderWindow(t.db, ref, `${date}T17:00`, `${date}T21:00`);
  await t.db
    .update(orders)
    .set({ driverId: driverIds[driver], deliveryStatus: 'assigned', status: 'confirmed' })
    .where(eq(orders.ref, ref));
  return ref;
}

async function orderRow(ref: string) {
  const [row] = await t.db.select().from(orders).where(eq(orders.ref, ref));
  if (!row) throw new Error(`no order ${ref}`);
  return row;
}

const history = async (ref: string) =>
  t.db
    .select({
      from: orderStatusHistory.fromStatus,
      to: orderStatusHistory.toStatus,
      actor: orderStatusHistory.actor,
      note: orderStatusHistory.note,
    })
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, (await orderRow(ref)).id))
    .orderBy(asc(orderStatusHistory.id));

const statusMails = async (ref: string) =>
  t.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.orderId, (await orderRow(ref)).id), eq(outbox.kind, 'order_status')))
    .orderBy(asc(outbox.id));

/** 'YYYY-MM-DD' `years` before `date`; Feb 29 in a year without one reads as Feb 28. */
function yearsBefore(date: string, years: number): string {
  const same = `${Number(date.slice(0, 4)) - years}${date.slice(4)}`;
  return isDate(same) ? same : same.replace('-02-29', '-02-28');
}

const check = (over: Record<string, unknown> = {}) => ({
  idType: 'drivers_license',
  dateOfBirth: '1990-05-04',
  idLast4: 'ab12',
  cashCollected: 1_000_000,
  ...over,
});

describe("the driver's day (D35)", () => {
  it("lists only the driver's own orders in today's New York windows, by window, with what the door needs", async () => {
    const evening = await assignedOrder('sam');
    const lees = await assignedOrder('lee');
    const tomorrows = await assignedOrder('sam', { date: addDays(today, 1) });
    const morning = await assignedOrder('sam');
    await setOrderWindow(t.db, morning, `${today}T09:00`, `${today}T12:00`);

    const res = await request('/api/driver/assignments', { as: 'sam' });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/no-store/);
    const day = (await res.json()) as DriverAssignments;
    expect(day.date).toBe(today);
    expect(day.message).toBeNull();
    expect(day.windows.map((w) => w.label)).toEqual(['Morning, 9:00 AM - 12:00 PM', 'Evening, 5:00 PM - 9:00 PM']);
    const refs = day.windows.flatMap((w) => w.stops.map((s) => s.ref));
    expect(refs).toContain(morning);
    expect(refs).toContain(evening);
    expect(refs).not.toContain(lees);
    expect(refs).not.toContain(tomorrows);

    const stop = day.windows[1]?.stops.find((s) => s.ref === evening);
    const row = await orderRow(evening);
    expect(stop).toEqual({
      ref: evening,
      status: 'confirmed',
      deliveryStatus: 'assigned',
      total: row.total,
      customer: { firstName: 'Grace', lastName: 'Hopper', phone: '(301) 555-0177' },
      address: { street: '12 Main Street', apartment: 'Apt 4', city: 'Rockville', state: 'MD', zip: '20850' },
      instructions: 'Buzz 4B',
      items: [{ name: trackedAccessory().name, quantity: 1 }],
      needsRegistryCard: false,
      patientName: 'Grace Hopper',
    });
    // Nothing the door does not need: no e-mail address, no internal ids.
    expect(JSON.stringify(day)).not.toMatch(/@example\.com|"id"|driverId/);
  });

  it('gives an account with no driver record an empty day and a sentence', async () => {
    const day = (await (await request('/api/driver/assignments', { as: 'unlinked' })).json()) as DriverAssignments;
    expect(day.windows).toEqual([]);
    expect(day.message).toBe('Your account is not linked to a driver yet. Ask a dispatcher to add you as a driver.');
  });

  it("answers 404 for another driver's order, another day's, an unknown one, and any order to an unlinked account", async () => {
    const lees = await assignedOrder('lee');
    const tomorrows = await assignedOrder('sam', { date: addDays(today, 1) });
    const yesterdays = await assignedOrder('sam', { date: addDays(today, -1) });
    for (const ref of [lees, tomorrows, yesterdays, 'AAAAAAAAAAAAAAAAAAAAAA']) {
      for (const move of ['out', 'failed'] as const) {
        const res = await post(`/api/driver/orders/${ref}/${move}`, 'sam', move === 'failed' ? { reason: 'No one home' } : undefined);
        expect(res.status, `${move} ${ref}`).toBe(404);
        expect(await res.json()).toEqual({ error: "We couldn't find this order", code: 'not_found' });
      }
    }
    expect((await post(`/api/driver/orders/${lees}/out`, 'unlinked')).status).toBe(404);
    expect((await orderRow(lees)).deliveryStatus).toBe('assigned');
    expect((await post('/api/driver/orders/not-a-ref/out', 'sam')).status).toBe(400);
  });

  it('keeps drivers to their own routes and everyone else out of theirs', async () => {
    for (const path of ['/api/admin/orders', '/api/admin/products', '/api/admin/deliveries/AAAAAAAAAAAAAAAAAAAAAA/out']) {
      const res = await request(path, { as: 'sam', method: path.endsWith('/out') ? 'POST' : 'GET' });
      expect(res.status, path).toBe(403);
    }
    expect((await request('/api/driver/assignments', { as: 'dispatcher' })).status).toBe(403);
    expect((await request('/api/driver/assignments')).status).toBe(401);
    const ref = await assignedOrder('sam');
    expect((await request(`/api/driver/orders/${ref}/out`, { method: 'POST' })).status).toBe(401);
    const crossSite = await app.request(`/api/driver/orders/${ref}/out`, {
      method: 'POST',
      headers: { origin: 'https://evil.example', cookie: cookies.sam },
    });
    expect(crossSite.status).toBe(403);
    expect((await orderRow(ref)).deliveryStatus).toBe('assigned');
  });
});

describe('out for delivery and delivered (D30, D34)', () => {
  it('sends the order out with its driver, then delivers it only after a passing ID check and the cash', async () => {
    const ref = await assignedOrder('sam');
    const total = (await orderRow(ref)).total;

    // Not out yet: no delivering it.
    const early = await post(`/api/driver/orders/${ref}/delivered`, 'sam', check());
    expect(early.status).toBe(409);
    expect((await early.json()).error).toBe('This order has not gone out for delivery yet. Mark it out for delivery first.');

    const out = await post(`/api/driver/orders/${ref}/out`, 'sam');
    expect(out.status).toBe(200);
    expect((await out.json()) as DoorOrder).toEqual({ ref, status: 'shipped', deliveryStatus: 'out', total });
    expect((await history(ref)).at(-1)).toEqual({
      from: 'confirmed',
      to: 'shipped',
      actor: `driver:${STAFF.sam}`,
      note: 'Out for delivery with Sam',
    });
    const outMail = (await statusMails(ref)).at(-1);
    expect(outMail?.body).toContain('Out for delivery with Sam');
    expect(outMail?.body).toContain(`/order-confirmation/${ref}`);

    const again = await post(`/api/driver/orders/${ref}/out`, 'sam');
    expect(again.status).toBe(409);
    expect((await again.json()).error).toBe('This order is already out for delivery.');

    const historyAfterOut = (await history(ref)).length;
    const untouched = async () => {
      expect(
        await t.db
          .select()
          .from(deliveryProofs)
          .where(eq(deliveryProofs.orderId, (await orderRow(ref)).id)),
      ).toEqual([]);
      expect((await orderRow(ref)).status).toBe('shipped');
      expect((await history(ref)).length).toBe(historyAfterOut);
    };

    // The day before the 21st birthday: refused on the date of birth, nothing saved.
    const twentyOneYearsAgo = yearsBefore(today, 21);
    const young = await post(`/api/driver/orders/${ref}/delivered`, 'sam', check({ dateOfBirth: addDays(twentyOneYearsAgo, 1) }));
    expect(young.status).toBe(422);
    expect(await young.json()).toEqual({
      error: 'The recipient must be 21 or older today. Do not hand over the order.',
      code: 'under_age',
      fields: { dateOfBirth: 'The recipient must be 21 or older today. Do not hand over the order.' },
    });
    await untouched();

    // A whole ID number is refused, never cut down to its last 4.
    const whole = await post(`/api/driver/orders/${ref}/delivered`, 'sam', check({ idLast4: 'D123456789' }));
    expect(whole.status).toBe(400);
    expect((await whole.json()).fields).toEqual({ idLast4: 'Enter only the last 4 characters of the ID number, never the whole number' });
    await untouched();

    const short = await post(`/api/driver/orders/${ref}/delivered`, 'sam', check({ cashCollected: total - 1 }));
    expect(short.status).toBe(422);
    const shortBody = await short.json();
    expect(shortBody.fields).toEqual({ cashCollected: expect.stringContaining(`$${(total / 100).toFixed(2)}`) });
    await untouched();

    const incomplete = await post(`/api/driver/orders/${ref}/delivered`, 'sam', {});
    expect(incomplete.status).toBe(400);
    expect(Object.keys((await incomplete.json()).fields)).toEqual(
      expect.arrayContaining(['idType', 'dateOfBirth', 'idLast4', 'cashCollected']),
    );
    await untouched();

    // The 21st birthday itself passes.
    const delivered = await post(
      `/api/driver/orders/${ref}/delivered`,
      'sam',
      check({ dateOfBirth: twentyOneYearsAgo, cashCollected: total }),
    );
    expect(delivered.status, await delivered.clone().text()).toBe(200);
    expect(await delivered.json()).toEqual({ ref, status: 'delivered', deliveryStatus: 'delivered', total });
    const row = await orderRow(ref);
    expect(row.deliveryStatus).toBe('delivered');
    const proofs = await t.db.select().from(deliveryProofs).where(eq(deliveryProofs.orderId, row.id));
    expect(proofs).toEqual([
      {
        orderId: row.id,
        idType: 'drivers_license',
        dateOfBirth: twentyOneYearsAgo,
        idLast4: 'AB12',
        cashCollectedCents: total,
        registryLast4: null,
        registryExpiresOn: null,
        registryNameMatched: null,
        recordedBy: `driver:${STAFF.sam}`,
        createdAt: expect.any(Number),
      },
    ]);
    expect((await history(ref)).at(-1)).toMatchObject({ from: 'shipped', to: 'delivered', actor: `driver:${STAFF.sam}` });
    expect((await statusMails(ref)).map((m) => m.subject)).toEqual([
      expect.stringContaining('is out for delivery'),
      expect.stringContaining('was delivered'),
    ]);

    for (const move of ['out', 'delivered', 'failed'] as const) {
      const res = await post(
        `/api/driver/orders/${ref}/${move}`,
        'sam',
        move === 'delivered' ? check() : move === 'failed' ? { reason: 'Too late' } : undefined,
      );
      expect(res.status, move).toBe(409);
      expect((await res.json()).error).toBe('This order has already been delivered.');
    }
  });

  it('never keeps a whole ID number anywhere', async () => {
    const ref = await assignedOrder('sam');
    await post(`/api/driver/orders/${ref}/out`, 'sam');
    await post(`/api/driver/orders/${ref}/delivered`, 'sam', check({ idLast4: 'ZX98765432' }));
    const dump = JSON.stringify([
      await t.db.select().from(deliveryProofs),
      await t.db.select().from(orderStatusHistory),
      await t.db.select().from(outbox),
    ]);
    expect(dump).not.toContain('ZX98765432');
  });
});

describe('could not deliver (D30)', () => {
  it('cancels the order with its reason, e-mails the customer and returns the stock through the ledger', async () => {
    const tracked = trackedAccessory();
    const loose = untracked();
    const ref = await assignedOrder('sam', {
      items: [
        { productId: tracked.id, quantity: 2 },
        { productId: loose.id, quantity: 1 },
      ],
    });
    const stock = async (id: number) => (await t.db.select({ s: products.stockMilli }).from(products).where(eq(products.id, id)))[0]?.s;
    const ledgerSum = async (id: number) =>
      (
        await t.db
          .select({ n: sql<number>`coalesce(sum(${stockMovements.deltaMilli}), 0)` })
          .from(stockMovements)
          .where(eq(stockMovements.productId, id))
      )[0]?.n;
    const before = await stock(tracked.id);
    expect((await post(`/api/driver/orders/${ref}/out`, 'sam')).status).toBe(200);

    const tooShort = await post(`/api/driver/orders/${ref}/failed`, 'sam', { reason: 'no' });
    expect(tooShort.status).toBe(400);
    expect((await tooShort.json()).fields).toEqual({ reason: 'The reason must be at least 3 characters' });

    const failed = await post(`/api/driver/orders/${ref}/failed`, 'sam', { reason: 'No one home after two calls' });
    expect(failed.status).toBe(200);
    expect((await failed.json()) as DoorOrder).toMatchObject({ ref, status: 'cancelled', deliveryStatus: 'failed' });
    const row = await orderRow(ref);
    expect(row.deliveryFailureReason).toBe('No one home after two calls');
    expect((await history(ref)).at(-1)).toEqual({
      from: 'shipped',
      to: 'cancelled',
      actor: `driver:${STAFF.sam}`,
      note: 'Delivery failed: No one home after two calls',
    });
    expect((await statusMails(ref)).at(-1)?.body).toContain('Delivery failed: No one home after two calls');

    const returned = await t.db.select().from(stockMovements).where(eq(stockMovements.orderId, row.id)).orderBy(asc(stockMovements.id));
    expect(returned.map((m) => [m.productId, m.deltaMilli, m.reason])).toEqual([
      [tracked.id, -2000, 'sold'],
      [tracked.id, 2000, 'delivery_failed'],
    ]);
    expect(await stock(tracked.id)).toBe((before ?? 0) + 2000);
    expect(await stock(tracked.id)).toBe(await ledgerSum(tracked.id));
    expect(await stock(loose.id)).toBeNull();

    const again = await post(`/api/driver/orders/${ref}/failed`, 'sam', { reason: 'Still nobody' });
    expect(again.status).toBe(409);
    expect((await again.json()).error).toBe('This delivery has already been marked as not delivered.');
    expect(await stock(tracked.id)).toBe(await ledgerSum(tracked.id));
  });

  it('fails an assigned order before it leaves, and refuses an order staff already cancelled', async () => {
    const ref = await assignedOrder('sam');
    expect((await post(`/api/driver/orders/${ref}/failed`, 'sam', { reason: 'Address is a vacant lot' })).status).toBe(200);
    expect((await history(ref)).at(-1)).toMatchObject({ from: 'confirmed', to: 'cancelled' });

    const cancelled = await assignedOrder('sam');
    await t.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.ref, cancelled));
    const res = await post(`/api/driver/orders/${cancelled}/failed`, 'sam', { reason: 'No one home' });
    expect(res.status).toBe(409);
    expect((await res.json()).error).toBe('This order is already cancelled; there is no delivery left to record.');
  });
});

describe("dispatch's door and the generic status route", () => {
  it('lets a dispatcher move any order, on any day, recorded under their name', async () => {
    const ref = await assignedOrder('lee', { date: addDays(today, 2) });
    const total = (await orderRow(ref)).total;
    expect((await post(`/api/admin/deliveries/${ref}/out`, 'dispatcher')).status).toBe(200);
    const res = await post(`/api/admin/deliveries/${ref}/delivered`, 'dispatcher', check({ cashCollected: total }));
    expect(res.status).toBe(200);
    expect((await history(ref)).slice(-2)).toEqual([
      { from: 'confirmed', to: 'shipped', actor: `dispatcher:${STAFF.dispatcher}`, note: 'Out for delivery with Lee' },
      { from: 'shipped', to: 'delivered', actor: `dispatcher:${STAFF.dispatcher}`, note: expect.any(String) },
    ]);
    const [proof] = await t.db
      .select()
      .from(deliveryProofs)
      .where(eq(deliveryProofs.orderId, (await orderRow(ref)).id));
    expect(proof?.recordedBy).toBe(`dispatcher:${STAFF.dispatcher}`);

    const unassigned = await assignedOrder('lee');
    await t.db.update(orders).set({ driverId: null, deliveryStatus: 'unassigned' }).where(eq(orders.ref, unassigned));
    const refused = await post(`/api/admin/deliveries/${unassigned}/out`, 'admin');
    expect(refused.status).toBe(409);
    expect((await refused.json()).error).toBe('This order has no driver yet. Assign one in Deliveries first.');
    expect((await post('/api/admin/deliveries/AAAAAAAAAAAAAAAAAAAAAA/out', 'admin')).status).toBe(404);
  });

  it("refuses 'delivered' on PATCH /api/admin/orders/:ref/status and changes nothing", async () => {
    const ref = await assignedOrder('sam');
    await post(`/api/driver/orders/${ref}/out`, 'sam');
    const before = await history(ref);
    const res = await request(`/api/admin/orders/${ref}/status`, { method: 'PATCH', as: 'admin', body: { status: 'delivered' } });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      error: 'Mark an order delivered from Deliveries, with the ID check at the door',
      code: 'delivered_needs_id_check',
      fields: { status: 'Mark an order delivered from Deliveries, with the ID check at the door' },
    });
    expect((await orderRow(ref)).status).toBe('shipped');
    expect(await history(ref)).toEqual(before);
  });
});

/** The refusals the door recorded for an order (D39), oldest first. */
const refusalsOf = async (ref: string) =>
  t.db
    .select()
    .from(doorRefusals)
    .where(eq(doorRefusals.orderId, (await orderRow(ref)).id))
    .orderBy(asc(doorRefusals.id));

/**
 * An order out for delivery with `sam` that counts `flower` grams against the limits (as checkout
 * would have written it), in `state`, bought under its own e-mail and phone.
 */
async function outOrder({
  flower = 0,
  state = 'MD',
  patient,
}: {
  flower?: number;
  state?: 'MD' | 'DC';
  patient?: { id: string; expiresOn: string };
} = {}): Promise<string> {
  // An untracked accessory: as many orders as a test needs, without running out of stock.
  const ref = await assignedOrder('sam', { items: [{ productId: untracked().id, quantity: 1 }] });
  expect((await post(`/api/driver/orders/${ref}/out`, 'sam')).status).toBe(200);
  const n = ++customer;
  await t.db
    .update(orders)
    .set({
      limitFlowerG: flower,
      deliveryState: state,
      email: `person-${n}@example.com`,
      emailKey: `person-${n}@example.com`,
      phone: `(301) 555-${String(1000 + n).slice(-4)}`,
      phoneKey: `301555${String(1000 + n).slice(-4)}`,
      ...(patient ? { patientId: patient.id, patientExpiresOn: patient.expiresOn } : {}),
    })
    .where(eq(orders.ref, ref));
  return ref;
}

describe("a day's limits at the door, by ID (D39)", () => {
  const id = { idType: 'state_id', dateOfBirth: '1985-02-14', idLast4: 'lm34' } as const;

  it('refuses a second order to the same ID past the flower limit the same day, under another e-mail, and records it', async () => {
    const first = await outOrder({ flower: 28 });
    const second = await outOrder({ flower: 28 });
    const deliver = (ref: string, over: Record<string, unknown> = {}) =>
      post(`/api/driver/orders/${ref}/delivered`, 'sam', check({ ...id, cashCollected: 1_000_000, ...over }));
    expect((await deliver(first)).status).toBe(200);

    // The warning before the handover: the same ID, then another one. It records nothing.
    const warned = await post(`/api/driver/orders/${second}/id-check`, 'sam', id);
    expect(warned.status).toBe(200);
    const message =
      "This ID is over Maryland's limits per person a day: 28 g of flower already handed to this ID today and 28 g in this order make 56 g, over the limit of 42.52 g. Do not hand over the order.";
    expect(await warned.json()).toEqual({ ok: false, warnings: [{ code: 'daily_limit', message }], needsRegistryCard: false });
    const other = await post(`/api/driver/orders/${second}/id-check`, 'sam', { ...id, idLast4: 'LM35' });
    expect(await other.json()).toEqual({ ok: true, warnings: [], needsRegistryCard: false });
    const dispatcher = await post(`/api/admin/deliveries/${second}/id-check`, 'dispatcher', id);
    expect((await dispatcher.json()).warnings).toHaveLength(1);
    expect(await refusalsOf(second)).toEqual([]);

    const refused = await deliver(second);
    expect(refused.status).toBe(422);
    expect(await refused.json()).toEqual({ error: message, code: 'daily_limit' });
    expect(await refusalsOf(second)).toEqual([
      {
        id: expect.any(Number),
        orderId: (await orderRow(second)).id,
        reason: 'daily_limit',
        idType: 'state_id',
        dateOfBirth: '1985-02-14',
        idLast4: 'LM34',
        message,
        recordedBy: `driver:${STAFF.sam}`,
        createdAt: expect.any(Number),
      },
    ]);
    // Nothing else changed: the order is still out, with no proof.
    const row = await orderRow(second);
    expect([row.status, row.deliveryStatus]).toEqual(['shipped', 'out']);
    expect(await t.db.select().from(deliveryProofs).where(eq(deliveryProofs.orderId, row.id))).toEqual([]);

    // Another ID (another person at the door) takes it.
    expect((await deliver(second, { idLast4: 'LM35' })).status).toBe(200);
  });

  it('no longer counts an order handed over and then cancelled, nor one in another state', async () => {
    const who = { ...id, idLast4: 'CX01' };
    const cancelled = await outOrder({ flower: 28 });
    expect((await post(`/api/driver/orders/${cancelled}/delivered`, 'sam', check(who))).status).toBe(200);
    await t.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.ref, cancelled));
    const next = await outOrder({ flower: 28 });
    expect((await post(`/api/driver/orders/${next}/id-check`, 'sam', who)).status).toBe(200);
    expect((await post(`/api/driver/orders/${next}/delivered`, 'sam', check(who))).status).toBe(200);
  });

  it('answers the warning only for an order the driver may deliver now', async () => {
    const lees = await assignedOrder('lee');
    expect((await post(`/api/driver/orders/${lees}/id-check`, 'sam', id)).status).toBe(404);
    const notOut = await assignedOrder('sam');
    expect((await post(`/api/driver/orders/${notOut}/id-check`, 'sam', id)).status).toBe(409);
    const whole = await post(`/api/driver/orders/${notOut}/id-check`, 'sam', { ...id, idLast4: 'D123456789' });
    expect(whole.status).toBe(400);
    expect((await whole.json()).fields).toEqual({ idLast4: 'Enter only the last 4 characters of the ID number, never the whole number' });
  });

  it('counts the New York day of each handover, across the night the clocks go back', async () => {
    const who: DeliveryCheck = { idType: 'passport', dateOfBirth: '1979-07-07', idLast4: 'DST1', cashCollected: 1_000_000 };
    const req = (now: number): DoorRequest => ({
      actor: `dispatcher:${STAFF.dispatcher}`,
      siteUrl: TEST_ORIGIN,
      scope: { via: 'admin' },
      now,
    });
    const [eve, night, late, after] = [
      await outOrder({ flower: 28 }),
      await outOrder({ flower: 28 }),
      await outOrder({ flower: 28 }),
      await outOrder({ flower: 28 }),
    ];
    // Oct 31, 23:30 EDT: yesterday's handover, seen from Nov 1.
    await markDelivered(t.db, eve, who, req(Date.parse('2026-11-01T03:30:00Z')));
    // Nov 1, 00:30 EDT: a new New York day; Oct 31's 28 g do not count.
    await markDelivered(t.db, night, who, req(Date.parse('2026-11-01T04:30:00Z')));
    // Nov 1, 23:30 EST (25 hours into the day): 00:30 EDT's 28 g still count.
    await expect(markDelivered(t.db, late, who, req(Date.parse('2026-11-02T04:30:00Z')))).rejects.toMatchObject({
      status: 422,
      code: 'daily_limit',
    });
    expect((await refusalsOf(late)).map((r) => [r.reason, r.createdAt])).toEqual([['daily_limit', Date.parse('2026-11-02T04:30:00Z')]]);
    // Nov 2, 00:30 EST: the next day.
    await markDelivered(t.db, late, who, req(Date.parse('2026-11-02T05:30:00Z')));
    // Yesterday (by New York date, whatever the hour now) does not count against today.
    await markDelivered(t.db, after, who, req(Date.now()));
    expect((await orderRow(after)).status).toBe('delivered');
  });

  it('records an under-21 refusal with the ID as the proof would keep it, and not a short cash one', async () => {
    const ref = await outOrder();
    const young = await post(
      `/api/driver/orders/${ref}/delivered`,
      'sam',
      check({ dateOfBirth: addDays(yearsBefore(today, 21), 1), idLast4: 'yg21' }),
    );
    expect(young.status).toBe(422);
    expect((await young.json()).code).toBe('under_age');
    const short = await post(`/api/driver/orders/${ref}/delivered`, 'sam', check({ cashCollected: 0 }));
    expect((await short.json()).code).toBe('cash_short');
    expect(await refusalsOf(ref)).toEqual([
      expect.objectContaining({
        reason: 'under_age',
        idType: 'drivers_license',
        dateOfBirth: addDays(yearsBefore(today, 21), 1),
        idLast4: 'YG21',
        message: UNDER_AGE_MESSAGE,
        recordedBy: `driver:${STAFF.sam}`,
      }),
    ]);
    expect((await orderRow(ref)).deliveryStatus).toBe('out');
  });
});

describe('the registry card at the door (D39)', () => {
  const expiresOn = addDays(today, 120);
  const patient = { id: 'DC-0012-3456', expiresOn };
  const card = (over: Record<string, unknown> = {}) => ({ last4: '3456', expiresOn, nameMatches: true, ...over });

  it("says which stops need the card, and names the order's patient", async () => {
    const ref = await outOrder({ state: 'DC', patient });
    const day = (await (await request('/api/driver/assignments', { as: 'sam' })).json()) as DriverAssignments;
    const stop = day.windows.flatMap((w) => w.stops).find((s) => s.ref === ref);
    expect(stop).toMatchObject({ needsRegistryCard: true, patientName: 'Grace Hopper' });
    expect(JSON.stringify(day)).not.toContain('0012');
    // Dispatch's form, which does not know the state's rule, hears it with the ID's warning.
    const warned = await post(`/api/admin/deliveries/${ref}/id-check`, 'dispatcher', {
      idType: 'passport',
      dateOfBirth: '1990-05-04',
      idLast4: 'PP12',
    });
    expect(await warned.json()).toEqual({ ok: true, warnings: [], needsRegistryCard: true });
  });

  it('refuses a patients-only order without the card, with another number, an expired card or the name unconfirmed, and records each', async () => {
    const ref = await outOrder({ state: 'DC', patient });
    const deliver = (registry?: Record<string, unknown>) =>
      post(`/api/driver/orders/${ref}/delivered`, 'sam', check(registry ? { registry } : {}));

    const none = await deliver();
    expect(none.status).toBe(422);
    expect(await none.json()).toEqual({
      error: REGISTRY_MESSAGES.missing,
      code: 'registry',
      fields: {
        'registry.last4': REGISTRY_MESSAGES.last4,
        'registry.expiresOn': REGISTRY_MESSAGES.expiresOn,
        'registry.nameMatches': REGISTRY_MESSAGES.nameMatches,
      },
    });
    const wrong = await deliver(card({ last4: '3465' }));
    expect(await wrong.json()).toMatchObject({ code: 'registry', fields: { 'registry.last4': REGISTRY_MESSAGES.wrongNumber } });
    const otherExpiry = await deliver(card({ expiresOn: addDays(expiresOn, 1) }));
    expect(await otherExpiry.json()).toMatchObject({ code: 'registry', fields: { 'registry.expiresOn': REGISTRY_MESSAGES.wrongExpiry } });
    const unconfirmed = await deliver(card({ nameMatches: false }));
    expect(await unconfirmed.json()).toMatchObject({ code: 'registry', fields: { 'registry.nameMatches': REGISTRY_MESSAGES.nameMatches } });
    expect((await refusalsOf(ref)).map((r) => [r.reason, r.idLast4])).toEqual([
      ['registry', 'AB12'],
      ['registry', 'AB12'],
      ['registry', 'AB12'],
      ['registry', 'AB12'],
    ]);
    const row = await orderRow(ref);
    expect([row.status, row.deliveryStatus]).toEqual(['shipped', 'out']);

    // An expired registration: the card and the order agree, but the date has passed.
    const expired = await outOrder({ state: 'DC', patient: { ...patient, expiresOn: addDays(today, -1) } });
    const late = await post(`/api/driver/orders/${expired}/delivered`, 'sam', check({ registry: card({ expiresOn: addDays(today, -1) }) }));
    expect(await late.json()).toMatchObject({ code: 'registry', error: REGISTRY_MESSAGES.expired });
    expect((await refusalsOf(expired)).map((r) => r.reason)).toEqual(['registry']);
  });

  it('delivers with the matching card, keeping only its last 4, its expiry and the name confirmed', async () => {
    const ref = await outOrder({ state: 'DC', patient });
    const res = await post(`/api/driver/orders/${ref}/delivered`, 'sam', check({ registry: card({ last4: '3456' }) }));
    expect(res.status, await res.clone().text()).toBe(200);
    const [proof] = await t.db
      .select()
      .from(deliveryProofs)
      .where(eq(deliveryProofs.orderId, (await orderRow(ref)).id));
    expect(proof).toMatchObject({ registryLast4: '3456', registryExpiresOn: expiresOn, registryNameMatched: true });
    const dump = JSON.stringify([await t.db.select().from(deliveryProofs), await t.db.select().from(doorRefusals)]);
    expect(dump).not.toContain('0012');
  });

  it('refuses a whole registry number rather than cutting it down', async () => {
    const ref = await outOrder({ state: 'DC', patient });
    const res = await post(`/api/driver/orders/${ref}/delivered`, 'sam', check({ registry: card({ last4: 'DC-0012-3456' }) }));
    expect(res.status).toBe(400);
    expect((await res.json()).fields).toEqual({
      'registry.last4': 'Enter only the last 4 characters of the registry card number, never the whole number',
    });
  });
});
