/**
 * Track and trace (D40, decision 0026) against a real database and the shop's real Metrc client
 * talking HTTP to a fake Metrc on 127.0.0.1 that checks every body against the published shape:
 * the report is queued in the handover's own write, sent once even by two runs at the same time,
 * tried again with backoff after a 5xx or a timeout, failed and shown (not retried) after a 4xx,
 * kept waiting (with the reason) without Metrc's keys, a licence, a run or a tag, and sent as soon as
 * what it waited for is there. The admin's routes list the reports and retry one.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  deliveryRunStops,
  deliveryRuns,
  drivers,
  metrcReports,
  orderItems,
  orders,
  packages,
  states,
  stockMovements,
  vehicles,
} from '../../src/db/schema.ts';
import type { ApiProduct } from '../../src/features/catalog/catalog.ts';
import { nyDate } from '../../src/features/delivery/windows.ts';
import { ensureDriverRecord } from '../../src/features/dispatch/drivers.server.ts';
import {
  QUEUED_ANSWER,
  queueReport,
  reportToQueue,
  sendMetrcReports,
  type TrackAndTraceReport,
} from '../../src/features/metrc/metrc.server.ts';
import type { MetrcEnv } from '../../src/features/metrc/metrc-client.ts';
import { BACKOFF_BASE_MS, RECHECK_MS } from '../../src/features/metrc/metrc-report.ts';
import { runScheduledJobs } from '../../src/features/scheduler/jobs.server.ts';
import { createAdmin } from '../../src/features/staff/accounts.server.ts';
import type { Bindings } from '../../src/server/api/env.ts';
import { checkoutPayload, newKey, pick } from '../fixtures/checkout.ts';
import { signIn, TEST_ORIGIN } from '../helpers/admin.ts';
import { createTestDb, type TestDb } from '../helpers/db.ts';
import { type TestApp, testApp } from '../helpers/env.ts';
import { deliveryProblems, FAKE_USER_KEY, FAKE_VENDOR_KEY, type FakeMetrc, startFakeMetrc } from '../helpers/fake-metrc.ts';

const PASSWORD = 'metrc test password, long enough';
const ADMIN = 'metrc-admin@example.com';
const DISPATCHER = 'metrc-dispatch@example.com';
const MD_LICENCE = 'C-25-0000123-LIC';

let t: TestDb;
let app: TestApp;
let fake: FakeMetrc;
let metrc: MetrcEnv & Bindings;
let catalogue: ApiProduct[];
let adminCookie = '';
let dispatcherCookie = '';
let driverId = 0;

beforeAll(async () => {
  t = await createTestDb();
  app = testApp({ db: () => t.db });
  fake = await startFakeMetrc();
  metrc = { METRC_BASE_URL: fake.url, METRC_VENDOR_KEY: FAKE_VENDOR_KEY, METRC_USER_KEY: FAKE_USER_KEY, METRC_TIMEOUT_MS: '300' };
  catalogue = (await (await app.request('/api/products')).json()) as ApiProduct[];
  await createAdmin(t.db, ADMIN, PASSWORD);
  await createAdmin(t.db, DISPATCHER, PASSWORD, 'dispatcher');
  driverId = await ensureDriverRecord(t.db, await createAdmin(t.db, 'metrc.driver@example.com', PASSWORD, 'driver'), {
    name: 'Sam Rivera',
    phone: '(202) 555-0101',
  });
  await t.db.update(drivers).set({ employeeId: 'E-0042', licenceNumber: 'MD-S-123-456-789' }).where(eq(drivers.id, driverId));
  adminCookie = await signIn(app, ADMIN, PASSWORD, '198.51.100.61');
  dispatcherCookie = await signIn(app, DISPATCHER, PASSWORD, '198.51.100.62');
});
afterAll(async () => {
  await fake.close();
  t.close();
});
beforeEach(async () => {
  fake.answer('ok');
  fake.delay(0);
  await t.db.update(states).set({ metrcLicense: MD_LICENCE }).where(eq(states.code, 'MD'));
  // Each test's runs meet only its own reports: earlier tests' unsent ones are parked far ahead.
  await t.db
    .update(metrcReports)
    .set({ nextAttemptAt: PARKED })
    .where(inArray(metrcReports.status, ['waiting', 'needs_tag']));
});

const PARKED = 8_000_000_000_000;

function call(path: string, init: { method?: string; body?: unknown; cookie?: string } = {}, env: Bindings = {}) {
  const headers: Record<string, string> = { origin: TEST_ORIGIN, cookie: init.cookie ?? adminCookie };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  return app.request(
    path,
    { method: init.method ?? 'GET', headers, ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}) },
    env,
  );
}

/** Cannabis sold by the piece (accessories are not traced in Metrc). */
const tracked = () =>
  pick(catalogue, (p) => p.category === 'Edible' && p.inStock && !p.isDeal && p.stockQuantity != null, 'tracked edible');

let tagCount = 0;
/** A fresh Metrc tag: 24 letters and digits starting 1A4. */
const newTag = () => `1A4FF${String(Date.now()).slice(-9)}${String(++tagCount).padStart(10, '0')}`;

/** The packages the order's lines went out in. */
async function packagesOf(ref: string): Promise<number[]> {
  const rows = await t.db
    .selectDistinct({ id: stockMovements.packageId })
    .from(stockMovements)
    .innerJoin(orders, eq(orders.id, stockMovements.orderId))
    .where(eq(orders.ref, ref));
  return rows.map((r) => r.id).filter((id): id is number => id != null);
}

/** Tags (or, with null, untags) every package the order went out in, as an admin's SQL would. */
async function tagPackages(ref: string, tag: () => string | null = newTag): Promise<void> {
  for (const id of await packagesOf(ref)) await t.db.update(packages).set({ tag: tag() }).where(eq(packages.id, id));
}

/** A shopper's order through checkout, assigned to the driver through dispatch, on a run unless told not to. */
let street = 100;

/**
 * A shopper's order through checkout, to an address of its own (so the fake's requests can be told
 * apart by it), assigned to the driver through dispatch, on a run unless told not to.
 */
async function assignedOrder({ onRun = true, productId = tracked().id } = {}): Promise<string> {
  const res = await app.request('/api/checkout', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': newKey() },
    body: JSON.stringify(
      checkoutPayload([{ productId, quantity: 1 }], {
        deliveryAddress: `${++street} Main Street`,
        deliveryInstructions: 'Ring twice',
      }),
    ),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const { orderId: ref } = (await res.json()) as { orderId: string };
  const assigned = await call('/api/admin/deliveries/assign', { method: 'POST', body: { driverId, refs: [ref] } });
  expect(assigned.status, await assigned.clone().text()).toBe(200);
  if (onRun) {
    const [order] = await t.db.select().from(orders).where(eq(orders.ref, ref));
    if (!order?.windowStart) throw new Error('the order has no window');
    const [vehicle] = await t.db
      .insert(vehicles)
      .values({ make: 'Toyota', model: 'Prius', plate: `MTR${++tagCount}`, registrationState: 'MD' })
      .returning({ id: vehicles.id });
    const [run] = await t.db
      .insert(deliveryRuns)
      .values({
        driverId,
        vehicleId: vehicle?.id ?? 0,
        date: nyDate(order.windowStart),
        plannedDeparture: order.windowStart,
        plannedArrival: order.windowStart + 3 * 3_600_000,
        route: 'I-270 south to Rockville, back by MD-355',
        createdBy: `admin:${ADMIN}`,
      })
      .returning({ id: deliveryRuns.id });
    await t.db.insert(deliveryRunStops).values({ runId: run?.id ?? 0, orderId: order.id, position: 1 });
  }
  return ref;
}

const handover = { idType: 'drivers_license', dateOfBirth: '1990-05-04', idLast4: 'ab12', cashCollected: 1_000_000 };
let idCount = 0;
/** Each handover to another person's ID, so the day's limits at the door (D39) never add up across tests. */
const nextId = () => ({ ...handover, idLast4: `z${String(++idCount).padStart(3, '0')}` });

/** Out for delivery and delivered through the admin's door routes; `env` is the request's bindings. */
async function deliver(ref: string, env: Bindings = {}): Promise<void> {
  expect((await call(`/api/admin/deliveries/${ref}/out`, { method: 'POST' }, env)).status).toBe(200);
  const res = await call(`/api/admin/deliveries/${ref}/delivered`, { method: 'POST', body: nextId() }, env);
  expect(res.status, await res.clone().text()).toBe(200);
}

async function deliveredOrder(options: { onRun?: boolean; tagged?: boolean } = {}): Promise<string> {
  const ref = await assignedOrder(options);
  if (options.tagged !== false) await tagPackages(ref);
  await deliver(ref);
  return ref;
}

async function reportRow(ref: string) {
  const [row] = await t.db
    .select({ report: metrcReports })
    .from(metrcReports)
    .innerJoin(orders, eq(orders.id, metrcReports.orderId))
    .where(eq(orders.ref, ref));
  if (!row) throw new Error(`no report for ${ref}`);
  return row.report;
}

/** The job, as the scheduled run starts it, `afterMs` after the handover was queued. */
async function runJob(ref: string, afterMs = 0, env: MetrcEnv = metrc) {
  const row = await reportRow(ref);
  return sendMetrcReports(t.db, env, row.createdAt + afterMs);
}

/** The requests the fake received for this order's report (by the order's own street). */
const requestsFor = async (ref: string) => {
  const [o] = await t.db.select().from(orders).where(eq(orders.ref, ref));
  return fake.requests.filter(
    (r) => Array.isArray(r.body) && (r.body[0] as { RecipientAddressStreet1?: string })?.RecipientAddressStreet1 === o?.deliveryAddress,
  );
};

describe('the handover queues the report (D40)', () => {
  it('writes one report in the handover’s own write, due at once, with the body built from the order, its packages and its run', async () => {
    const ref = await deliveredOrder();
    const row = await reportRow(ref);
    expect(row).toMatchObject({ state: 'MD', status: 'waiting', attempts: 0, lastAnswer: QUEUED_ANSWER, sentAt: null, claimedUntil: null });
    expect(row.nextAttemptAt).toBe(row.createdAt);
    // The body is whole: the fake's check of the published shape finds nothing wrong.
    expect(deliveryProblems(row.payload)).toEqual([]);
    const [order] = await t.db.select().from(orders).where(eq(orders.ref, ref));
    const [item] = await t.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, order?.id ?? 0));
    const [tagged] = await t.db
      .select()
      .from(packages)
      .where(inArray(packages.id, await packagesOf(ref)));
    expect((row.payload as unknown[])[0]).toMatchObject({
      SalesCustomerType: 'Consumer',
      PatientLicenseNumber: null,
      DriverName: 'Sam Rivera',
      DriverEmployeeId: 'E-0042',
      DriversLicenseNumber: 'MD-S-123-456-789',
      PhoneNumberForQuestions: '+1-202-555-0142',
      VehicleMake: 'Toyota',
      VehicleModel: 'Prius',
      RecipientName: `${order?.firstName} ${order?.lastName}`,
      RecipientAddressStreet1: order?.deliveryAddress,
      RecipientAddressStreet2: 'Apt 4',
      RecipientAddressCity: 'Rockville',
      RecipientAddressState: 'MD',
      RecipientAddressPostalCode: '20850',
      PlannedRoute: 'I-270 south to Rockville, back by MD-355',
      Transactions: [{ PackageLabel: tagged?.tag, Quantity: 1, UnitOfMeasure: 'Each', TotalAmount: (item?.lineTotal ?? 0) / 100 }],
    });
  });

  it('never queues a second report for the order', async () => {
    const ref = await deliveredOrder();
    const row = await reportRow(ref);
    const again = await reportToQueue(t.db, row.orderId, Date.now());
    if (!again) throw new Error('the order has a report to queue');
    await queueReport(t.db, again);
    const rows = await t.db.select().from(metrcReports).where(eq(metrcReports.orderId, row.orderId));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.createdAt).toBe(row.createdAt);
  });

  it('queues nothing for an order of accessories alone: Metrc tracks cannabis only', async () => {
    const accessory = pick(
      catalogue,
      (p) => p.category === 'Accessories' && p.inStock && !p.isDeal && p.stockQuantity != null,
      'accessory',
    );
    const ref = await assignedOrder({ productId: accessory.id });
    await deliver(ref);
    const [order] = await t.db.select().from(orders).where(eq(orders.ref, ref));
    expect(order?.status).toBe('delivered');
    expect(
      await t.db
        .select()
        .from(metrcReports)
        .where(eq(metrcReports.orderId, order?.id ?? 0)),
    ).toEqual([]);
  });

  it('queues nothing for a handover the door refused', async () => {
    const ref = await assignedOrder();
    await call(`/api/admin/deliveries/${ref}/out`, { method: 'POST' });
    const refused = await call(`/api/admin/deliveries/${ref}/delivered`, { method: 'POST', body: { ...handover, cashCollected: 1 } });
    expect(refused.status).toBe(422);
    const [order] = await t.db.select().from(orders).where(eq(orders.ref, ref));
    expect(
      await t.db
        .select()
        .from(metrcReports)
        .where(eq(metrcReports.orderId, order?.id ?? 0)),
    ).toEqual([]);
  });
});

describe('sending (D40)', () => {
  it('sends a report once, even when two runs start at the same moment', async () => {
    const ref = await deliveredOrder();
    fake.delay(150);
    const [a, b] = await Promise.all([runJob(ref), runJob(ref)]);
    // One run took it; the other found it claimed.
    expect([a.claimed, b.claimed].sort()).toEqual([0, 1]);
    const sent = await requestsFor(ref);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      licenseNumber: MD_LICENCE,
      user: FAKE_VENDOR_KEY,
      password: FAKE_USER_KEY,
      problems: [],
      answered: 200,
    });
    const row = await reportRow(ref);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastStatus: 200, claimedUntil: null });
    expect(row.sentAt).toBe(row.createdAt);
    expect(row.lastAnswer).toMatch(/^Accepted by Metrc/);
    // Later runs leave a sent report alone.
    await runJob(ref, RECHECK_MS * 3);
    expect(await requestsFor(ref)).toHaveLength(1);
  });

  it('tries again with backoff after a 5xx, and after a timeout, then sends', async () => {
    const ref = await deliveredOrder();
    fake.answer('error', 1);
    await runJob(ref);
    let row = await reportRow(ref);
    expect(row).toMatchObject({ status: 'waiting', attempts: 1, lastStatus: 500, claimedUntil: null });
    expect(row.nextAttemptAt).toBe(row.createdAt + BACKOFF_BASE_MS);

    // Not before its time.
    await runJob(ref, BACKOFF_BASE_MS - 1);
    expect(await requestsFor(ref)).toHaveLength(1);

    fake.answer('hang', 1);
    await runJob(ref, BACKOFF_BASE_MS);
    row = await reportRow(ref);
    expect(row).toMatchObject({ status: 'waiting', attempts: 2, lastStatus: null });
    expect(row.lastAnswer).toMatch(/did not answer within 0\.3 seconds/);
    // The wait doubles.
    expect(row.nextAttemptAt).toBe(row.createdAt + BACKOFF_BASE_MS + 2 * BACKOFF_BASE_MS);

    await runJob(ref, 3 * BACKOFF_BASE_MS);
    row = await reportRow(ref);
    expect(row).toMatchObject({ status: 'sent', attempts: 3, lastStatus: 200 });
    expect((await requestsFor(ref)).map((r) => r.answered)).toEqual([500, null, 200]);
  });

  it('fails a report Metrc refuses (4xx), shows Metrc’s words, and does not try it again by itself', async () => {
    const ref = await deliveredOrder();
    fake.answer('refuse', 1);
    const result = await runJob(ref);
    expect(result).toMatchObject({ claimed: 1, failed: 1, sent: 0 });
    const row = await reportRow(ref);
    expect(row).toMatchObject({ status: 'failed', attempts: 1, lastStatus: 400, lastAnswer: `Row 0: ${fake.refusal}` });
    await runJob(ref, 10 * BACKOFF_BASE_MS);
    expect(await requestsFor(ref)).toHaveLength(1);

    const list = await call('/api/admin/track-and-trace?status=failed', {}, metrc);
    expect(list.status).toBe(200);
    const body = (await list.json()) as { credentials: unknown; reports: TrackAndTraceReport[] };
    expect(body.credentials).toEqual({ configured: true, missing: [] });
    expect(body.reports.every((r) => r.status === 'failed')).toBe(true);
    expect(body.reports.find((r) => r.orderRef === ref)).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastStatus: 400,
      lastAnswer: `Row 0: ${fake.refusal}`,
      sentAt: null,
      sending: false,
    });

    // A person retries it (sent in the same request), and a sent report is never sent again.
    const retried = await call(`/api/admin/track-and-trace/${ref}/retry`, { method: 'POST', body: { sendNow: true } }, metrc);
    expect(retried.status).toBe(200);
    expect(await retried.json()).toMatchObject({ orderRef: ref, status: 'sent', attempts: 1, lastStatus: 200 });
    expect(await requestsFor(ref)).toHaveLength(2);
    const again = await call(`/api/admin/track-and-trace/${ref}/retry`, { method: 'POST', body: { sendNow: true } }, metrc);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: 'already_sent' });
    expect(await requestsFor(ref)).toHaveLength(2);
  });

  it('waits without Metrc’s keys, saying which are missing, and counts no attempt', async () => {
    const ref = await deliveredOrder();
    await runJob(ref, 0, {});
    let row = await reportRow(ref);
    expect(row).toMatchObject({ status: 'waiting', attempts: 0, lastStatus: null, claimedUntil: null });
    expect(row.lastAnswer).toBe(
      'Waiting: Metrc is not configured: METRC_BASE_URL, METRC_VENDOR_KEY, METRC_USER_KEY are not set (Worker secrets). Reports wait until they are set.',
    );
    expect(row.nextAttemptAt).toBe(row.createdAt + RECHECK_MS);
    await runJob(ref, RECHECK_MS, { METRC_BASE_URL: fake.url, METRC_VENDOR_KEY: FAKE_VENDOR_KEY });
    row = await reportRow(ref);
    expect(row.lastAnswer).toMatch(/METRC_USER_KEY is not set/);
    expect(await requestsFor(ref)).toHaveLength(0);

    const list = (await (await call('/api/admin/track-and-trace?status=waiting')).json()) as { credentials: unknown };
    expect(list.credentials).toEqual({ configured: false, missing: ['METRC_BASE_URL', 'METRC_VENDOR_KEY', 'METRC_USER_KEY'] });

    // Once the keys are there, the next run sends it.
    await runJob(ref, 2 * RECHECK_MS);
    expect(await reportRow(ref)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('waits for the state’s licence number, and sends under the one the owner sets in States', async () => {
    const ref = await deliveredOrder();
    await t.db.update(states).set({ metrcLicense: '' }).where(eq(states.code, 'MD'));
    await runJob(ref);
    expect((await reportRow(ref)).lastAnswer).toBe(
      'Waiting: No Metrc licence number is set for Maryland: set it in Team & compliance, States.',
    );
    expect(await requestsFor(ref)).toHaveLength(0);

    const patched = await call('/api/admin/states/MD', { method: 'PATCH', body: { metrcLicense: 'C-25-0000999-LIC' } });
    expect(patched.status, await patched.clone().text()).toBe(200);
    expect(((await patched.json()) as { rules: { metrcLicense: string } }).rules.metrcLicense).toBe('C-25-0000999-LIC');
    await runJob(ref, RECHECK_MS);
    expect(await reportRow(ref)).toMatchObject({ status: 'sent' });
    expect((await requestsFor(ref))[0]?.licenseNumber).toBe('C-25-0000999-LIC');
  });

  it('needs a tag while a line’s package has none, and goes once it is tagged', async () => {
    const ref = await assignedOrder();
    await tagPackages(ref, () => null);
    await deliver(ref);
    const name = tracked().name;
    let row = await reportRow(ref);
    expect(row.status).toBe('needs_tag');
    expect(row.lastAnswer).toBe(`Needs a tag: ${name} left from a package with no Metrc tag. Tag the package and the report is sent.`);

    await runJob(ref);
    expect((await reportRow(ref)).status).toBe('needs_tag');
    expect(await requestsFor(ref)).toHaveLength(0);

    await tagPackages(ref);
    await runJob(ref, RECHECK_MS);
    row = await reportRow(ref);
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    const [tagged] = await t.db
      .select()
      .from(packages)
      .where(inArray(packages.id, await packagesOf(ref)));
    const [request] = await requestsFor(ref);
    const body = (request?.body ?? []) as { Transactions: { PackageLabel: string }[] }[];
    expect(body[0]?.Transactions[0]?.PackageLabel).toBe(tagged?.tag);
  });

  it('waits, saying why, for an order delivered on no run', async () => {
    const ref = await deliveredOrder({ onRun: false });
    const row = await reportRow(ref);
    expect(row.status).toBe('waiting');
    expect(row.lastAnswer).toMatch(/^Waiting: The order was delivered on no delivery run/);
    await runJob(ref);
    expect(await requestsFor(ref)).toHaveLength(0);
  });

  it('sends right after the handover when Metrc is configured', async () => {
    const ref = await assignedOrder();
    await tagPackages(ref);
    await deliver(ref, metrc);
    await expect.poll(async () => (await reportRow(ref)).status, { timeout: 5_000, interval: 50 }).toBe('sent');
    expect(await requestsFor(ref)).toHaveLength(1);
  });

  it('runs as a scheduled job', async () => {
    const ref = await deliveredOrder();
    const row = await reportRow(ref);
    const answer = await runScheduledJobs({ db: t.db, env: metrc, now: row.createdAt });
    expect(answer.jobs.metrcReports).toMatchObject({ status: 'done', result: { sent: 1 } });
    expect(await reportRow(ref)).toMatchObject({ status: 'sent' });
  });
});

describe('the admin’s routes (D35)', () => {
  it('are the admins’ only', async () => {
    expect((await call('/api/admin/track-and-trace', { cookie: dispatcherCookie })).status).toBe(403);
    expect((await call('/api/admin/track-and-trace', { cookie: '' })).status).toBe(401);
    const ref = await deliveredOrder({ tagged: false });
    const res = await call(`/api/admin/track-and-trace/${ref}/retry`, { method: 'POST', body: {}, cookie: dispatcherCookie });
    expect(res.status).toBe(403);
  });

  it('answers 404 for an order without a report and 400 for a bad filter', async () => {
    const res = await call('/api/admin/track-and-trace/AAAAAAAAAAAAAAAAAAAAAA/retry', { method: 'POST', body: {} });
    expect(res.status).toBe(404);
    expect((await call('/api/admin/track-and-trace?status=lost')).status).toBe(400);
  });

  it('puts a waiting report back to due now, without sending it unless asked', async () => {
    const ref = await deliveredOrder();
    await runJob(ref, 0, {});
    const res = await call(`/api/admin/track-and-trace/${ref}/retry`, { method: 'POST', body: {} });
    expect(res.status).toBe(200);
    const report = (await res.json()) as TrackAndTraceReport;
    expect(report).toMatchObject({ status: 'waiting', attempts: 0 });
    expect(report.nextAttemptAt).toBeLessThanOrEqual(Date.now());
    expect(await requestsFor(ref)).toHaveLength(0);
    const [order] = await t.db.select().from(orders).where(eq(orders.ref, ref));
    expect(
      await t.db
        .select()
        .from(metrcReports)
        .where(and(eq(metrcReports.orderId, order?.id ?? 0))),
    ).toHaveLength(1);
  });
});
