/**
 * Dispatch through the API (D30, D35, D36): drivers as data, a day's deliveries by window with the
 * places booked against capacity, assigning orders or a whole window to a driver (which confirms a
 * placed order, with its history row and e-mail), the refusals, the driver's manifest, and which
 * staff roles may use all of it.
 */
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryClosedDates, deliveryWindows, drivers, orderStatusHistory, orders, outbox, products } from '../../src/db/schema.ts';
import { addDays, nyDate, weekdayOf } from '../../src/features/delivery/windows.ts';
import type { AssignResult } from '../../src/features/dispatch/dispatch.server.ts';
import type { DispatchDay, DispatchWindow, Manifest } from '../../src/features/dispatch/dispatch.ts';
import { DRIVER_ACCOUNT_HOW } from '../../src/features/dispatch/drivers.schema.ts';
import type { AdminDriver } from '../../src/features/dispatch/drivers.ts';
import { newOrderRef } from '../../src/features/orders/orders.ts';
import { SITE } from '../../src/features/site/settings.ts';
import { createAdmin } from '../../src/features/staff/accounts.server.ts';
import { formatMoney } from '../../src/lib/money.ts';
import { signIn, TEST_ORIGIN } from '../helpers/admin.ts';
import { createTestDb, type TestDb } from '../helpers/db.ts';
import { insertOrder, setOrderWindow } from '../helpers/delivery.ts';
import { type TestApp, testApp } from '../helpers/env.ts';

const PASSWORD = 'correct horse battery staple';
const ADMIN = 'dispatch-boss@example.com';
const DISPATCHER = 'dispatcher@example.com';
const DRIVER_ACCOUNT = 'driver-sam@example.com';

let t: TestDb;
let app: TestApp;
let adminCookie: string;
let dispatcherCookie: string;
let driverCookie: string;
/** Dates computed from today (New York), so the tests hold at any time of day. */
const DAY = addDays(nyDate(Date.now()), 2);
const OTHER_DAY = addDays(DAY, 1);

beforeAll(async () => {
  t = await createTestDb({ windows: 'seed' });
  app = testApp({ db: () => t.db });
  await createAdmin(t.db, ADMIN, PASSWORD);
  await createAdmin(t.db, DISPATCHER, PASSWORD, 'dispatcher');
  await createAdmin(t.db, DRIVER_ACCOUNT, PASSWORD, 'driver');
  adminCookie = await signIn(app, ADMIN, PASSWORD, '198.51.100.1');
  dispatcherCookie = await signIn(app, DISPATCHER, PASSWORD, '198.51.100.2');
  driverCookie = await signIn(app, DRIVER_ACCOUNT, PASSWORD, '198.51.100.3');
});
afterAll(() => t.close());

function request(path: string, init: { method?: string; body?: unknown; cookie?: string } = {}) {
  const headers: Record<string, string> = { origin: TEST_ORIGIN, cookie: init.cookie ?? adminCookie };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  return app.request(path, {
    method: init.method ?? 'GET',
    headers,
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
}

async function json<T>(res: Response | Promise<Response>, status = 200): Promise<T> {
  const r = await res;
  const text = await r.text();
  expect(r.status, text).toBe(status);
  return JSON.parse(text) as T;
}

type ErrorBody = { error: string; code: string; fields?: Record<string, string> };

let orderCounter = 0;

/**
 * An order as checkout leaves it (placed, 'processing'), written straight to the database so these
 * tests are about dispatch, then put into a window with setOrderWindow.
 */
async function addOrder(
  window: [string, string] | null,
  details: { zip?: string; instructions?: string; lastName?: string; apartment?: string } = {},
): Promise<{ ref: string; total: number }> {
  const ref = newOrderRef();
  const n = ++orderCounter;
  const [flower] = await t.db.select().from(products).where(eq(products.categoryId, 1)).limit(1);
  const [other] = await t.db.select().from(products).limit(1).offset(5);
  if (!flower || !other) throw new Error('no seed products');
  const total = 5000 + n * 100;
  await insertOrder(
    t.db,
    {
      ref,
      firstName: 'Ada',
      lastName: details.lastName ?? `Customer${n}`,
      email: `customer${n}@example.com`,
      deliveryAddress: `${n} Main Street`,
      deliveryApartment: details.apartment ?? '',
      deliveryZipCode: details.zip ?? '20850',
      deliveryInstructions: details.instructions ?? '',
      subtotal: total - 1000,
      deliveryFee: 1000,
      total,
    },
    [
      { productId: flower.id, name: 'Blue Dream', category: 'Flower', weight: 'half-oz', quantity: 1, unitPrice: 3000, lineTotal: 3000 },
      { productId: other.id, name: 'Gummies', category: 'Edible', weight: null, quantity: 2, unitPrice: 500, lineTotal: 1000 },
    ],
  );
  if (window) await setOrderWindow(t.db, ref, window[0], window[1]);
  return { ref, total };
}

const morning = (date = DAY): [string, string] => [`${date}T09:00`, `${date}T12:00`];
const afternoon = (date = DAY): [string, string] => [`${date}T12:00`, `${date}T17:00`];
const evening = (date = DAY): [string, string] => [`${date}T17:00`, `${date}T21:00`];

async function orderRow(ref: string) {
  const [row] = await t.db.select().from(orders).where(eq(orders.ref, ref));
  if (!row) throw new Error(`no order ${ref}`);
  return row;
}

async function newDriver(name: string, extra: Record<string, unknown> = {}): Promise<AdminDriver> {
  return json<AdminDriver>(request('/api/admin/drivers', { method: 'POST', body: { name, phone: '(202) 555-0101', ...extra } }), 201);
}

const day = (date = DAY, cookie = adminCookie) => json<DispatchDay>(request(`/api/admin/deliveries?date=${date}`, { cookie }));
const windowAt = (d: DispatchDay, time: string): DispatchWindow => {
  const w = d.windows.find((x) => x.time === time);
  if (!w) throw new Error(`no ${time} window on ${d.date}`);
  return w;
};
const assign = (body: unknown, cookie = adminCookie) => request('/api/admin/deliveries/assign', { method: 'POST', body, cookie });

describe('drivers (D30)', () => {
  it('adds, lists and edits drivers; an inactive one stays listed', async () => {
    const created = await newDriver('  Rosa Parks  ');
    expect(created).toMatchObject({ name: 'Rosa Parks', phone: '(202) 555-0101', active: true, email: null, openDeliveries: 0 });

    const edited = await json<AdminDriver>(
      request(`/api/admin/drivers/${created.id}`, { method: 'PATCH', body: { phone: '202.555.0199', active: false } }),
    );
    expect(edited).toMatchObject({ id: created.id, name: 'Rosa Parks', phone: '202.555.0199', active: false });

    const { drivers: list } = await json<{ drivers: AdminDriver[] }>(request('/api/admin/drivers'));
    expect(list.find((d) => d.id === created.id)).toMatchObject({ active: false });
  });

  it('refuses bad details with 422 naming the field, and saves nothing', async () => {
    const before = (await t.db.select({ n: count() }).from(drivers))[0]?.n;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: ' ', phone: '2025550101' }, 'name', 'Name is required'],
      [{ name: 'x'.repeat(81), phone: '2025550101' }, 'name', 'The name must be at most 80 characters'],
      [{ name: 'Sam', phone: '12' }, 'phone', 'Please enter a valid phone number'],
      [{ name: 'Sam' }, 'phone', 'Phone is required'],
      [{ name: 'Sam', phone: '2025550101', active: 'yes' }, 'active', 'Choose whether the driver is active'],
      [{ name: 'Sam', phone: '2025550101', email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
    ];
    for (const [body, field, message] of cases) {
      const err = await json<ErrorBody>(request('/api/admin/drivers', { method: 'POST', body }), 422);
      expect(err.fields?.[field], JSON.stringify(body)).toBe(message);
    }
    expect((await t.db.select({ n: count() }).from(drivers))[0]?.n).toBe(before);
  });

  it('links a sign-in e-mail only to a driver account, and names the command that makes one', async () => {
    const none = await json<ErrorBody>(
      request('/api/admin/drivers', { method: 'POST', body: { name: 'Sam', phone: '2025550101', email: 'nobody@example.com' } }),
      422,
    );
    expect(none.fields?.email).toBe(`There is no driver account nobody@example.com. ${DRIVER_ACCOUNT_HOW}`);
    const wrongRole = await json<ErrorBody>(
      request('/api/admin/drivers', { method: 'POST', body: { name: 'Sam', phone: '2025550101', email: DISPATCHER } }),
      422,
    );
    expect(wrongRole.fields?.email).toMatch(/is a dispatcher account, not a driver account/);

    const sam = await newDriver('Sam Lee', { email: ` ${DRIVER_ACCOUNT.toUpperCase()} ` });
    expect(sam.email).toBe(DRIVER_ACCOUNT);
    const taken = await json<ErrorBody>(
      request('/api/admin/drivers', { method: 'POST', body: { name: 'Sam Two', phone: '2025550101', email: DRIVER_ACCOUNT } }),
      422,
    );
    expect(taken.fields?.email).toMatch(/already signs in as the driver Sam Lee/);
    // Saving the same driver with its own account again is no conflict; null unlinks it.
    expect(
      await json<AdminDriver>(request(`/api/admin/drivers/${sam.id}`, { method: 'PATCH', body: { email: DRIVER_ACCOUNT } })),
    ).toMatchObject({ email: DRIVER_ACCOUNT });
    expect(await json<AdminDriver>(request(`/api/admin/drivers/${sam.id}`, { method: 'PATCH', body: { email: null } }))).toMatchObject({
      email: null,
    });
    await json(request(`/api/admin/drivers/${sam.id}`, { method: 'PATCH', body: { email: DRIVER_ACCOUNT } }));
  });

  it('answers 404 for an unknown driver and 422 for a bad change', async () => {
    expect((await json<ErrorBody>(request('/api/admin/drivers/999999', { method: 'PATCH', body: { active: true } }), 404)).code).toBe(
      'not_found',
    );
    const d = await newDriver('Pat');
    const err = await json<ErrorBody>(request(`/api/admin/drivers/${d.id}`, { method: 'PATCH', body: { name: '' } }), 422);
    expect(err.fields?.name).toBe('Name is required');
    expect((await orderlessDriver(d.id)).name).toBe('Pat');
  });
});

async function orderlessDriver(id: number) {
  const [row] = await t.db.select().from(drivers).where(eq(drivers.id, id));
  if (!row) throw new Error('no driver');
  return row;
}

describe('GET /api/admin/deliveries (D36)', () => {
  it("lists the day's windows from the schedule, even empty ones, with places booked against capacity", async () => {
    const date = addDays(DAY, 3);
    const a = await addOrder(morning(date), { zip: '20852' });
    const b = await addOrder(morning(date), { zip: '20850', instructions: 'Ring twice', apartment: 'Apt 4' });
    const cancelled = await addOrder(morning(date));
    await t.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.ref, cancelled.ref));
    const odd = await addOrder([`${date}T07:00`, `${date}T08:30`]);
    await addOrder(morning(addDays(date, 1)));
    // The schedule's capacity counts, even though the orders were booked when it was 10.
    await t.db
      .update(deliveryWindows)
      .set({ capacity: 4 })
      .where(and(eq(deliveryWindows.weekday, weekdayOf(date)), eq(deliveryWindows.startMinute, 540)));

    const d = await day(date);
    expect(d.date).toBe(date);
    expect(d.closed).toBeNull();
    expect(d.windows.map((w) => [w.time, w.scheduled])).toEqual([
      ['07:00', false],
      ['09:00', true],
      ['12:00', true],
      ['17:00', true],
    ]);
    const m = windowAt(d, '09:00');
    expect(m).toMatchObject({ id: `${date}T09:00`, label: 'Morning, 9:00 AM - 12:00 PM', capacity: 4, booked: 2 });
    // Nearby stops together: by ZIP.
    expect(m.orders.map((o) => o.ref)).toEqual([b.ref, a.ref]);
    expect(m.orders[0]).toMatchObject({
      ref: b.ref,
      status: 'processing',
      deliveryStatus: 'unassigned',
      customer: expect.stringMatching(/^Ada Customer/),
      phone: '(301) 555-0100',
      address: expect.stringMatching(/Main Street, Apt 4, Rockville, MD 20850$/),
      zip: '20850',
      instructions: 'Ring twice',
      itemCount: 3,
      total: b.total,
      driver: null,
      assignable: true,
    });
    expect(m.cancelled.map((o) => o.ref)).toEqual([cancelled.ref]);
    expect(windowAt(d, '12:00')).toMatchObject({ capacity: 10, booked: 0, orders: [], cancelled: [] });
    expect(windowAt(d, '07:00')).toMatchObject({ capacity: 10, booked: 1, label: 'Morning, 7:00 AM - 8:30 AM' });
    expect(windowAt(d, '07:00').orders.map((o) => o.ref)).toEqual([odd.ref]);
  });

  it('lists only active drivers to assign, and flags a closed date', async () => {
    const active = await newDriver('Active Al');
    const idle = await newDriver('Idle Ida', { active: false });
    const date = addDays(DAY, 5);
    await t.db.insert(deliveryClosedDates).values({ date, note: 'Holiday' });
    const late = await addOrder(evening(date));
    const d = await day(date);
    expect(d.drivers.map((x) => x.id)).toContain(active.id);
    expect(d.drivers.map((x) => x.id)).not.toContain(idle.id);
    expect(d.closed).toEqual({ note: 'Holiday' });
    // The schedule has no windows on a closed date; the order booked before it closed still shows.
    expect(d.windows.map((w) => [w.time, w.scheduled, w.orders.map((o) => o.ref)])).toEqual([['17:00', false, [late.ref]]]);
  });

  it("defaults to today in New York and refuses a bad date with 422 naming 'date'", async () => {
    const before = nyDate(Date.now());
    const today = await json<DispatchDay>(request('/api/admin/deliveries'));
    expect([before, nyDate(Date.now())]).toContain(today.date);
    for (const bad of ['2026-02-30', 'tomorrow', '2026-1-5']) {
      const err = await json<ErrorBody>(request(`/api/admin/deliveries?date=${bad}`), 422);
      expect(Object.keys(err.fields ?? {})).toEqual(['date']);
    }
  });
});

describe('POST /api/admin/deliveries/assign (D30)', () => {
  it('gives chosen orders to a driver; a placed order is confirmed, with its history row and e-mail', async () => {
    const driver = await newDriver('Grace Hopper');
    const placed = await addOrder(afternoon());
    const confirmed = await addOrder(afternoon());
    await t.db.update(orders).set({ status: 'confirmed' }).where(eq(orders.ref, confirmed.ref));

    const result = await json<AssignResult>(assign({ driverId: driver.id, refs: [placed.ref, confirmed.ref] }));
    expect(result).toEqual({
      driver: { id: driver.id, name: 'Grace Hopper' },
      assigned: expect.arrayContaining([placed.ref, confirmed.ref]),
      confirmed: [placed.ref],
    });
    expect(result.assigned).toHaveLength(2);
    for (const ref of [placed.ref, confirmed.ref]) {
      expect(await orderRow(ref)).toMatchObject({ status: 'confirmed', deliveryStatus: 'assigned', driverId: driver.id });
    }
    const placedRow = await orderRow(placed.ref);
    const history = await t.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, placedRow.id));
    expect(history).toEqual([
      expect.objectContaining({
        fromStatus: 'processing',
        toStatus: 'confirmed',
        actor: `admin:${ADMIN}`,
        note: expect.stringMatching(/^Delivery planned for .*Afternoon, 12:00 PM - 5:00 PM\.$/),
      }),
    ]);
    const mail = await t.db.select().from(outbox).where(eq(outbox.orderId, placedRow.id));
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ kind: 'order_status', toAddress: placedRow.email });
    expect(mail[0]?.body).toContain(`/order-confirmation/${placed.ref}`);
    expect(mail[0]?.body).toContain('Delivery planned for');
    // The order that was already confirmed gets no second history row or e-mail.
    const confirmedRow = await orderRow(confirmed.ref);
    expect(await t.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, confirmedRow.id))).toEqual([]);
    expect(await t.db.select().from(outbox).where(eq(outbox.orderId, confirmedRow.id))).toEqual([]);

    const listed = windowAt(await day(), '12:00').orders.find((o) => o.ref === placed.ref);
    expect(listed?.driver).toEqual({ id: driver.id, name: 'Grace Hopper', active: true });
    const { drivers: list } = await json<{ drivers: AdminDriver[] }>(request('/api/admin/drivers'));
    expect(list.find((d) => d.id === driver.id)?.openDeliveries).toBe(2);
  });

  it("gives a whole window's open orders to a driver, leaving those out, delivered or cancelled alone", async () => {
    const date = addDays(DAY, 4);
    const driver = await newDriver('Window Wes');
    const open1 = await addOrder(evening(date));
    const open2 = await addOrder(evening(date));
    const out = await addOrder(evening(date));
    await t.db.update(orders).set({ status: 'shipped', deliveryStatus: 'out' }).where(eq(orders.ref, out.ref));
    const gone = await addOrder(evening(date));
    await t.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.ref, gone.ref));
    const elsewhere = await addOrder(morning(date));

    const result = await json<AssignResult>(assign({ driverId: driver.id, window: `${date}T17:00` }));
    expect(result.assigned.sort()).toEqual([open1.ref, open2.ref].sort());
    expect(result.confirmed.sort()).toEqual([open1.ref, open2.ref].sort());
    expect(await orderRow(out.ref)).toMatchObject({ deliveryStatus: 'out', driverId: null });
    expect(await orderRow(gone.ref)).toMatchObject({ status: 'cancelled', driverId: null });
    expect(await orderRow(elsewhere.ref)).toMatchObject({ status: 'processing', driverId: null });
    const w = windowAt(await day(date), '17:00');
    expect(w.drivers).toEqual([{ id: driver.id, name: 'Window Wes' }]);

    // A null driver takes the orders back; they stay confirmed.
    const back = await json<AssignResult>(assign({ driverId: null, refs: [open1.ref] }));
    expect(back).toEqual({ driver: null, assigned: [open1.ref], confirmed: [] });
    expect(await orderRow(open1.ref)).toMatchObject({ status: 'confirmed', deliveryStatus: 'unassigned', driverId: null });

    const empty = await json<ErrorBody>(assign({ driverId: driver.id, window: `${date}T12:00` }), 409);
    expect(empty.error).toBe('That window has no orders to assign.');
  });

  it('refuses orders out, delivered, failed or cancelled (409) and changes nothing', async () => {
    const driver = await newDriver('Careful Cal');
    const fine = await addOrder(morning());
    const states = [
      { status: 'shipped', deliveryStatus: 'out', why: 'out for delivery' },
      { status: 'delivered', deliveryStatus: 'delivered', why: 'delivered' },
      { status: 'cancelled', deliveryStatus: 'failed', why: 'cancelled' },
      { status: 'cancelled', deliveryStatus: 'unassigned', why: 'cancelled' },
    ] as const;
    for (const s of states) {
      const o = await addOrder(morning());
      await t.db.update(orders).set({ status: s.status, deliveryStatus: s.deliveryStatus }).where(eq(orders.ref, o.ref));
      const err = await json<ErrorBody>(assign({ driverId: driver.id, refs: [fine.ref, o.ref] }), 409);
      expect(err.code).toBe('not_assignable');
      expect(err.error).toBe(`Order ${o.ref} can no longer be assigned: ${s.why}. Nothing was changed.`);
    }
    expect(await orderRow(fine.ref)).toMatchObject({ status: 'processing', deliveryStatus: 'unassigned', driverId: null });
    const fineRow = await orderRow(fine.ref);
    expect(await t.db.select().from(outbox).where(eq(outbox.orderId, fineRow.id))).toEqual([]);
  });

  it('refuses unknown and inactive drivers (422 on driverId), unknown orders (404) and bad input (422)', async () => {
    const o = await addOrder(morning());
    const idle = await newDriver('Idle Ian', { active: false });
    const inactive = await json<ErrorBody>(assign({ driverId: idle.id, refs: [o.ref] }), 422);
    expect(inactive.fields?.driverId).toBe('Idle Ian is not active. Make the driver active again, or choose another driver.');
    const unknown = await json<ErrorBody>(assign({ driverId: 999999, refs: [o.ref] }), 422);
    expect(Object.keys(unknown.fields ?? {})).toEqual(['driverId']);
    const active = await newDriver('Ready Rae');
    const missing = await json<ErrorBody>(assign({ driverId: active.id, refs: [o.ref, 'A'.repeat(22)] }), 404);
    expect(missing.error).toBe(`We couldn't find order ${'A'.repeat(22)}.`);

    const bad: [unknown, string][] = [
      [{ refs: [o.ref] }, 'driverId'],
      [{ driverId: 'one', refs: [o.ref] }, 'driverId'],
      [{ driverId: active.id }, 'refs'],
      [{ driverId: active.id, refs: [o.ref], window: `${DAY}T09:00` }, 'refs'],
      [{ driverId: active.id, refs: [] }, 'refs'],
      [{ driverId: active.id, refs: ['nope'] }, 'refs'],
      [{ driverId: active.id, window: `${DAY} 09:00` }, 'window'],
      [{ driverId: active.id, window: '2026-02-30T09:00' }, 'window'],
    ];
    for (const [body, field] of bad) {
      const err = await json<ErrorBody>(assign(body), 422);
      expect(Object.keys(err.fields ?? {}), JSON.stringify(body)).toContain(field);
    }
    expect(await orderRow(o.ref)).toMatchObject({ status: 'processing', deliveryStatus: 'unassigned', driverId: null });
  });
});

describe('GET /api/admin/deliveries/manifest', () => {
  it("lists a driver's stops in a window: address, phone, instructions, items, the cash to collect; never a cancelled order", async () => {
    const date = addDays(DAY, 6);
    const driver = await newDriver('Manifest Mo', { phone: '(202) 555-0177' });
    const other = await newDriver('Other Olu');
    const first = await addOrder(afternoon(date), { zip: '20852', instructions: 'Gate code 1234', apartment: 'Unit 9' });
    const second = await addOrder(afternoon(date), { zip: '20850' });
    const cancelled = await addOrder(afternoon(date));
    const later = await addOrder(evening(date));
    const someoneElse = await addOrder(afternoon(date));
    await json(assign({ driverId: driver.id, refs: [first.ref, second.ref, cancelled.ref, later.ref] }));
    await json(assign({ driverId: other.id, refs: [someoneElse.ref] }));
    await t.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.ref, cancelled.ref));

    const m = await json<Manifest>(request(`/api/admin/deliveries/manifest?date=${date}&window=12:00&driver=${driver.id}`));
    expect(m.shop).toEqual({ name: SITE.name, phone: SITE.phone });
    expect(m.driver).toEqual({ id: driver.id, name: 'Manifest Mo', phone: '(202) 555-0177' });
    expect(m.date).toBe(date);
    expect(m.windows).toHaveLength(1);
    const w = m.windows[0];
    expect(w).toMatchObject({ id: `${date}T12:00`, label: 'Afternoon, 12:00 PM - 5:00 PM', departureText: '12:00 PM' });
    expect(w?.stops.map((s) => s.ref)).toEqual([second.ref, first.ref]);
    expect(w?.stops[1]).toEqual({
      number: 2,
      ref: first.ref,
      customer: expect.stringMatching(/^Ada Customer/),
      phone: '(301) 555-0100',
      street: expect.stringMatching(/Main Street, Unit 9$/),
      place: 'Rockville, MD 20852',
      instructions: 'Gate code 1234',
      items: [
        { name: 'Blue Dream', quantity: 1, weight: '1/2 oz' },
        { name: 'Gummies', quantity: 2, weight: null },
      ],
      cash: first.total,
      cashText: formatMoney(first.total),
    });
    expect(m.cash).toBe(first.total + second.total);
    expect(m.stopCount).toBe(2);

    // Without a window: every window of the driver's day, in departure order.
    const all = await json<Manifest>(request(`/api/admin/deliveries/manifest?date=${date}&driver=${driver.id}`));
    expect(all.windows.map((x) => [x.departureText, x.stops.map((s) => s.ref)])).toEqual([
      ['12:00 PM', [second.ref, first.ref]],
      ['5:00 PM', [later.ref]],
    ]);
    expect(all.stopCount).toBe(3);
  });

  it('answers 404 for an unknown driver and 422 naming a bad field', async () => {
    expect((await json<ErrorBody>(request(`/api/admin/deliveries/manifest?date=${DAY}&driver=999999`), 404)).fields).toHaveProperty(
      'driver',
    );
    expect((await json<ErrorBody>(request(`/api/admin/deliveries/manifest?date=${DAY}`), 422)).fields).toHaveProperty('driver');
    const d = await newDriver('Query Quinn');
    for (const [query, field] of [
      [`date=${DAY}&window=25:00&driver=${d.id}`, 'window'],
      [`date=${DAY}&window=9am&driver=${d.id}`, 'window'],
      // The spring-forward night skips 2:30 AM in New York.
      [`date=2026-03-08&window=02:30&driver=${d.id}`, 'window'],
      [`date=2026-13-01&driver=${d.id}`, 'date'],
    ] as const) {
      expect((await json<ErrorBody>(request(`/api/admin/deliveries/manifest?${query}`), 422)).fields, query).toHaveProperty(field);
    }
  });
});

describe('roles (D35)', () => {
  it('lets a dispatcher use dispatch, records them as the actor, and keeps a driver out (403)', async () => {
    const o = await addOrder(morning(OTHER_DAY));
    const created = await newDriver('Dispatched Dee');
    await json(request(`/api/admin/drivers`, { cookie: dispatcherCookie }));
    await json(
      request(`/api/admin/drivers/${created.id}`, { method: 'PATCH', body: { name: 'Dispatched Dee' }, cookie: dispatcherCookie }),
    );
    await json(
      request('/api/admin/drivers', { method: 'POST', body: { name: 'By Dispatcher', phone: '2025550123' }, cookie: dispatcherCookie }),
      201,
    );
    expect(windowAt(await day(OTHER_DAY, dispatcherCookie), '09:00').booked).toBe(1);
    await json(assign({ driverId: created.id, refs: [o.ref] }, dispatcherCookie));
    const row = await orderRow(o.ref);
    const [history] = await t.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, row.id));
    expect(history?.actor).toBe(`dispatcher:${DISPATCHER}`);
    await json(request(`/api/admin/deliveries/manifest?date=${OTHER_DAY}&driver=${created.id}`, { cookie: dispatcherCookie }));

    const driverCalls = [
      request('/api/admin/drivers', { cookie: driverCookie }),
      request('/api/admin/drivers', { method: 'POST', body: { name: 'X', phone: '2025550123' }, cookie: driverCookie }),
      request(`/api/admin/drivers/${created.id}`, { method: 'PATCH', body: { active: false }, cookie: driverCookie }),
      request(`/api/admin/deliveries?date=${OTHER_DAY}`, { cookie: driverCookie }),
      assign({ driverId: created.id, refs: [o.ref] }, driverCookie),
      request(`/api/admin/deliveries/manifest?date=${OTHER_DAY}&driver=${created.id}`, { cookie: driverCookie }),
    ];
    for (const res of await Promise.all(driverCalls)) expect(res.status).toBe(403);
    expect((await orderlessDriver(created.id)).active).toBe(true);
  });

  it('needs a session (401)', async () => {
    const res = await app.request('/api/admin/deliveries', { headers: { origin: TEST_ORIGIN } });
    expect(res.status).toBe(401);
  });
});
