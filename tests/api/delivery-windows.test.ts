/**
 * D36 through the API: GET /api/delivery/windows and the window checkout books. Every expectation
 * is built from the rows each test sets and from New York's date now, so the suite passes at any
 * hour; tests about "today" set the clock (Date only) to a fixed New York time.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { deliveryClosedDates, deliverySettings, deliveryWindows, orders, outbox, states } from '../../src/db/schema.ts';
import type { ApiProduct } from '../../src/features/catalog/catalog.ts';
import {
  addDays,
  type BookableWindow,
  dayText,
  fullWindowLabel,
  NEXT_WINDOWS_OFFERED,
  nyDate,
  weekdayOf,
} from '../../src/features/delivery/windows.ts';
import type { OrderView } from '../../src/features/orders/orders.ts';
import { createAdmin } from '../../src/features/staff/accounts.server.ts';
import { checkoutPayload, newCustomer, newKey, pick } from '../fixtures/checkout.ts';
import { patchState, signIn } from '../helpers/admin.ts';
import { createTestDb, type TestDb } from '../helpers/db.ts';
import { nyInstant } from '../helpers/delivery.ts';
import { type TestApp, testApp } from '../helpers/env.ts';
import { fillStock } from '../helpers/stock.ts';

let t: TestDb;
let app: TestApp;
let catalogue: ApiProduct[];

const FULL = 'That delivery window just filled up';
/** The migration's schedule: Morning 9-12, Afternoon 12-17, Evening 17-21, every day. */
const SEED_WINDOWS = [
  [540, 720],
  [720, 1020],
  [1020, 1260],
] as const;

beforeAll(async () => {
  t = await createTestDb({ windows: 'seed' });
  app = testApp({ db: () => t.db });
  catalogue = (await (await app.request('/api/products')).json()) as ApiProduct[];
  await fillStock(t.db, 1_000_000_000);
});
afterAll(() => t.close());

/** Each test starts from the seeded schedule and rules, no closed dates and no booked windows. */
beforeEach(async () => {
  await t.db.delete(deliveryWindows);
  await t.db
    .insert(deliveryWindows)
    .values(
      [0, 1, 2, 3, 4, 5, 6].flatMap((weekday) =>
        SEED_WINDOWS.map(([startMinute, endMinute]) => ({ weekday, startMinute, endMinute, capacity: 10 })),
      ),
    );
  await t.db.update(deliverySettings).set({ cutoffMinutes: 60, daysAhead: 6 });
  await t.db.delete(deliveryClosedDates);
  await t.db.update(orders).set({ status: 'cancelled' });
});
afterEach(() => {
  vi.useRealTimers();
});

/** New York's clock reads `wall` ('YYYY-MM-DDTHH:mm') for the test; only Date is replaced. */
function clockAt(wall: string) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(nyInstant(wall));
}

const product = () => pick(catalogue, (p) => p.category === 'Edible' && !p.isDeal && p.inStock && p.price < 5000, 'cheap edible');

function checkout(overrides: Record<string, unknown>, key = newKey()) {
  return app.request('/api/checkout', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify(checkoutPayload([{ productId: product().id, quantity: 1 }], overrides)),
  });
}

async function placed(overrides: Record<string, unknown>) {
  const res = await checkout(overrides);
  expect(res.status, await res.clone().text()).toBe(200);
  const { orderId } = (await res.json()) as { orderId: string };
  const [row] = await t.db.select().from(orders).where(eq(orders.ref, orderId));
  if (!row) throw new Error('order row missing');
  return row;
}

type WindowsAnswer =
  | { deliverable: true; zip: string; zone: { name: string }; today: string; windows: BookableWindow[] }
  | { deliverable: false; zip: string; reason: string; message: string };

async function windowsFor(zip = '20001'): Promise<WindowsAnswer> {
  const res = await app.request(`/api/delivery/windows?zip=${zip}`);
  expect(res.status).toBe(200);
  return (await res.json()) as WindowsAnswer;
}

async function openWindows(): Promise<BookableWindow[]> {
  const answer = await windowsFor();
  if (!answer.deliverable) throw new Error('20001 is served');
  return answer.windows;
}

const today = () => nyDate(Date.now());

describe('GET /api/delivery/windows (D36)', () => {
  it("lists a served ZIP's open windows, each with its places, labels and cutoff", async () => {
    const res = await app.request('/api/delivery/windows?zip=20001');
    expect(res.headers.get('cache-control')).toMatch(/^public, max-age=[0-5]$/);
    const answer = (await res.json()) as WindowsAnswer;
    if (!answer.deliverable) throw new Error('20001 is served');
    expect(answer).toMatchObject({ zip: '20001', zone: { name: expect.any(String) }, today: today() });
    const now = Date.now();
    expect(answer.windows.every((w) => w.closesAt > now && w.closesAt === w.start - 60 * 60_000)).toBe(true);
    // Whatever the hour, every window after today is still open: 3 a day for 6 days.
    const later = answer.windows.filter((w) => w.date > today());
    expect(later).toHaveLength(18);
    expect(later.at(-1)?.date).toBe(addDays(today(), 6));
    const tomorrow = addDays(today(), 1);
    expect(later.slice(0, 3)).toEqual([
      expect.objectContaining({ id: `${tomorrow}T09:00`, part: 'morning', label: 'Morning, 9:00 AM - 12:00 PM', placesLeft: 10 }),
      expect.objectContaining({ id: `${tomorrow}T12:00`, part: 'afternoon', label: 'Afternoon, 12:00 PM - 5:00 PM' }),
      expect.objectContaining({
        id: `${tomorrow}T17:00`,
        date: tomorrow,
        start: nyInstant(`${tomorrow}T17:00`),
        end: nyInstant(`${tomorrow}T21:00`),
        part: 'evening',
        label: 'Evening, 5:00 PM - 9:00 PM',
        dayLabel: dayText(nyInstant(`${tomorrow}T17:00`)),
        placesLeft: 10,
        capacity: 10,
      }),
    ]);
  });

  it("answers an unserved ZIP with the zones' plain no, and a malformed one with a 400 naming zip", async () => {
    expect(await windowsFor('22901')).toEqual({
      deliverable: false,
      zip: '22901',
      reason: 'not_served',
      message: "We don't deliver to 22901 yet",
    });
    const bad = await app.request('/api/delivery/windows?zip=12ab');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fields: Record<string, string> }).fields).toHaveProperty('zip');
  });

  it('counts the places booked (a cancelled order frees its place) and leaves out a full window', async () => {
    const id = `${addDays(today(), 2)}T17:00`;
    const a = await placed({ deliveryWindow: id });
    await placed({ deliveryWindow: id });
    await placed({ deliveryWindow: id });
    expect((await openWindows()).find((w) => w.id === id)?.placesLeft).toBe(7);
    await t.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, a.id));
    expect((await openWindows()).find((w) => w.id === id)?.placesLeft).toBe(8);
    await t.db
      .update(deliveryWindows)
      .set({ capacity: 2 })
      .where(and(eq(deliveryWindows.weekday, weekdayOf(addDays(today(), 2))), eq(deliveryWindows.startMinute, 1020)));
    expect((await openWindows()).some((w) => w.id === id)).toBe(false);
  });

  it('skips closed dates and inactive windows, and books no further ahead than the rules allow', async () => {
    const closed = addDays(today(), 3);
    await t.db.insert(deliveryClosedDates).values({ date: closed, note: 'Holiday' });
    await t.db
      .update(deliveryWindows)
      .set({ active: false })
      .where(and(eq(deliveryWindows.weekday, weekdayOf(addDays(today(), 4))), eq(deliveryWindows.startMinute, 540)));
    await t.db.update(deliverySettings).set({ daysAhead: 4 });
    const windows = await openWindows();
    expect(windows.some((w) => w.date === closed)).toBe(false);
    expect(windows.filter((w) => w.date === addDays(today(), 4)).map((w) => w.part)).toEqual(['afternoon', 'evening']);
    expect(windows.at(-1)?.date).toBe(addDays(today(), 4));
  });

  it('closes each window its cutoff before it starts', async () => {
    // Two days' cutoff: nothing today or tomorrow, all of the third day's windows on.
    await t.db.update(deliverySettings).set({ cutoffMinutes: 2 * 24 * 60 });
    const windows = await openWindows();
    const now = Date.now();
    expect(windows.every((w) => w.start - now > 2 * 86_400_000)).toBe(true);
    expect(windows.some((w) => w.date <= addDays(today(), 1))).toBe(false);
    expect(windows.filter((w) => w.date === addDays(today(), 3))).toHaveLength(3);
  });
});

describe("GET /api/delivery/windows follows the ZIP's state (D38)", () => {
  const PASSWORD = 'delivery windows test password';
  let cookie = '';
  const patch = (code: string, body: unknown) => patchState(app, cookie, code, body);

  beforeAll(async () => {
    await createAdmin(t.db, 'admin-windows@example.com', PASSWORD, 'admin');
    cookie = await signIn(app, 'admin-windows@example.com', PASSWORD, '198.51.100.92');
  });
  afterEach(async () => {
    await t.db.update(states).set({ deliveryStart: '09:00', deliveryEnd: '21:00' });
  });

  it("answers a ZIP of a closed state as the quote does: not deliverable, in the state's own words", async () => {
    expect(await windowsFor('22201')).toEqual({
      deliverable: false,
      zip: '22201',
      reason: 'state_closed',
      message: "We can't deliver to Virginia yet.",
    });
  });

  it("lists only the windows within the state's delivery hours, from the request after they change", async () => {
    const before = await windowsFor('20850');
    if (!before.deliverable) throw new Error('20850 is served');
    expect(new Set(before.windows.filter((w) => w.date > today()).map((w) => w.part))).toEqual(
      new Set(['morning', 'afternoon', 'evening']),
    );

    const res = await patch('MD', { deliveryStart: '12:00', deliveryEnd: '17:00' });
    expect(res.status, await res.clone().text()).toBe(200);
    const after = await windowsFor('20850');
    if (!after.deliverable) throw new Error('20850 is served');
    // Only the Afternoon window (12-5 PM) lies within 12:00-17:00; every later day still has it.
    expect(after.windows.length).toBeGreaterThan(0);
    expect(after.windows.every((w) => w.label === 'Afternoon, 12:00 PM - 5:00 PM')).toBe(true);
    expect(after.windows.filter((w) => w.date > today())).toHaveLength(6);
    // Another state's hours are its own.
    const dc = await windowsFor('20001');
    if (!dc.deliverable) throw new Error('20001 is served');
    expect(dc.windows.map((w) => w.id)).toEqual(before.windows.map((w) => w.id));
  });
});

describe('checkout books a window (D36)', () => {
  it('books the window it names: the order row, its e-mail and its confirmation name it', async () => {
    const date = addDays(today(), 1);
    const row = await placed({ deliveryWindow: `${date}T17:00`, deliveryTime: 'asap' });
    const start = nyInstant(`${date}T17:00`);
    const end = nyInstant(`${date}T21:00`);
    expect(row).toMatchObject({ windowStart: start, windowEnd: end, windowCapacity: 10, deliveryTime: 'evening' });
    const label = fullWindowLabel({ part: 'evening', start, end });
    expect(label).toMatch(/^\w{3}, \w{3} \d{1,2}, Evening, 5:00 PM - 9:00 PM$/);
    const view = (await (await app.request(`/api/orders/${row.ref}`)).json()) as OrderView;
    expect(view.shippingMethod).toBe(`Delivery: ${label}`);
    const [mail] = await t.db.select().from(outbox).where(eq(outbox.orderId, row.id));
    expect(mail?.body).toContain(`Delivery time: ${label}`);
  });

  it('ASAP books the next open window today; a part of the day its first open window on any day', async () => {
    const day = addDays(today(), 2);
    clockAt(`${day}T13:00`);
    // 1 PM with a 60-minute cutoff: today's Evening is open, its Morning and Afternoon are not.
    expect(await placed({ deliveryTime: 'asap' })).toMatchObject({ deliveryTime: 'asap', windowStart: nyInstant(`${day}T17:00`) });
    expect(await placed({ deliveryTime: 'evening' })).toMatchObject({ deliveryTime: 'evening', windowStart: nyInstant(`${day}T17:00`) });
    const next = addDays(day, 1);
    expect(await placed({ deliveryTime: 'morning' })).toMatchObject({ deliveryTime: 'morning', windowStart: nyInstant(`${next}T09:00`) });
    expect(await placed({ deliveryTime: 'afternoon' })).toMatchObject({ windowStart: nyInstant(`${next}T12:00`) });
    // Left out, the delivery time is ASAP (D12's default).
    const { deliveryTime: _t, ...payload } = checkoutPayload([{ productId: product().id, quantity: 1 }]);
    const res = await app.request('/api/checkout', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': newKey() },
      body: JSON.stringify(payload),
    });
    const { orderId } = (await res.json()) as { orderId: string };
    const [row] = await t.db.select().from(orders).where(eq(orders.ref, orderId));
    expect(row).toMatchObject({ deliveryTime: 'asap', windowStart: nyInstant(`${day}T17:00`) });
    // An ASAP order's confirmation names the window it booked.
    const view = (await (await app.request(`/api/orders/${orderId}`)).json()) as OrderView;
    expect(view.shippingMethod).toContain('Evening, 5:00 PM - 9:00 PM');
  });

  it("answers ASAP after the day's last cutoff with a 409 and the next windows, and books nothing", async () => {
    const day = addDays(today(), 2);
    clockAt(`${day}T16:30`);
    const before = await orderCount();
    const res = await checkout({ deliveryTime: 'asap' });
    expect(res.status).toBe(409);
    const body = (await res.json()) as { code: string; fields: Record<string, string>; windows: BookableWindow[] };
    expect(body.code).toBe('no_window_today');
    expect(body.fields.deliveryTime).toMatch(/no delivery windows left today/);
    const next = addDays(day, 1);
    expect(body.windows.map((w) => w.id)).toEqual([`${next}T09:00`, `${next}T12:00`, `${next}T17:00`]);
    expect(await orderCount()).toBe(before);
  });

  it('refuses a window past its cutoff, or not in the schedule, with a 422 on deliveryWindow', async () => {
    const day = addDays(today(), 2);
    clockAt(`${day}T11:30`);
    const before = await orderCount();
    for (const id of [`${day}T09:00`, `${day}T12:00`, `${day}T10:30`, `${addDays(day, 30)}T17:00`, '2026-02-30T17:00']) {
      const res = await checkout({ deliveryWindow: id });
      expect(res.status, id).toBe(422);
      const body = (await res.json()) as { code: string; fields: Record<string, string>; windows: BookableWindow[] };
      expect(body.code, id).toBe('window_closed');
      expect(body.fields.deliveryWindow).toBe('That delivery window is no longer open for orders. Please choose another.');
      expect(body.windows[0]?.id).toBe(`${day}T17:00`);
    }
    for (const id of ['tomorrow', '2026-11-26 17:00', 42]) {
      const res = await checkout({ deliveryWindow: id });
      expect(res.status).toBe(422);
      expect(await res.json()).toMatchObject({ code: 'invalid_order', fields: { deliveryWindow: 'Please choose a delivery window' } });
    }
    expect(await orderCount()).toBe(before);
  });

  it('answers a full window with a 409, its message on deliveryWindow and the next open windows', async () => {
    // 6 PM: today's windows are all closed, so tomorrow's Evening is the first open one.
    clockAt(`${addDays(today(), 2)}T18:00`);
    const date = addDays(today(), 1);
    const id = `${date}T17:00`;
    await t.db
      .update(deliveryWindows)
      .set({ capacity: 2 })
      .where(and(eq(deliveryWindows.weekday, weekdayOf(date)), eq(deliveryWindows.startMinute, 1020)));
    await placed({ deliveryWindow: id });
    await placed({ deliveryWindow: id });
    const before = await orderCount();
    const res = await checkout({ deliveryWindow: id });
    expect(res.status).toBe(409);
    const body = (await res.json()) as { error: string; code: string; fields: Record<string, string>; windows: BookableWindow[] };
    expect(body).toMatchObject({ error: FULL, code: 'window_full', fields: { deliveryWindow: FULL } });
    expect(body.windows).toHaveLength(NEXT_WINDOWS_OFFERED);
    expect(body.windows.some((w) => w.id === id)).toBe(false);
    expect(body.windows).toEqual((await openWindows()).slice(0, NEXT_WINDOWS_OFFERED));
    expect(await orderCount()).toBe(before);
    // The evening of that day is full, so "evening" goes to the next day's.
    expect(await placed({ deliveryTime: 'evening' })).toMatchObject({ windowStart: nyInstant(`${addDays(date, 1)}T17:00`) });
  });

  it('replays a checkout with its first answer, even once its window has filled or closed', async () => {
    const date = addDays(today(), 1);
    const key = newKey();
    // A replay is the same request: the same customer too (the payload gives each a new one).
    const same = { deliveryWindow: `${date}T17:00`, customer: newCustomer() };
    const first = await checkout(same, key);
    const { orderId } = (await first.json()) as { orderId: string };
    await t.db
      .update(deliveryWindows)
      .set({ capacity: 1 })
      .where(and(eq(deliveryWindows.weekday, weekdayOf(date)), eq(deliveryWindows.startMinute, 1020)));
    const again = await checkout(same, key);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ success: true, orderId });
    clockAt(`${date}T20:00`);
    expect(await (await checkout(same, key)).json()).toEqual({ success: true, orderId });
    const booked = await t.db
      .select({ ref: orders.ref })
      .from(orders)
      .where(and(eq(orders.windowStart, nyInstant(`${date}T17:00`)), ne(orders.status, 'cancelled')));
    expect(booked).toEqual([{ ref: orderId }]);
  });

  it('refuses an unserved ZIP before it looks at windows', async () => {
    // Cumberland, MD: in a state that sells, in no zone.
    const res = await checkout({ deliveryZipCode: '21502', deliveryCity: 'Cumberland', deliveryWindow: '2000-01-01T17:00' });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ code: 'zip_not_served' });
  });
});

async function orderCount(): Promise<number> {
  const [row] = await t.db.select({ n: sql<number>`count(*)` }).from(orders);
  return row?.n ?? 0;
}
