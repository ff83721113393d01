/**
 * D40: the queue of delivery reports to Metrc (docs/decisions/0026). The handover writes a
 * report in its own batch (queueReport), keyed by the order, so a delivered order has one and
 * never two. sendMetrcReports, run by the scheduled job and right after a handover, claims due
 * reports in one UPDATE (as the outbox does, mail.server.ts), builds each again from the order, its
 * packages and its run (a tag added since is used), and sends what it can; what it cannot send
 * waits, saying why. Every write after a claim is guarded by that claim, so two runs never send
 * one report twice.
 */
import { and, asc, desc, eq, inArray, isNull, lte, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import type { MetrcReportStatus } from '../../db/inventory-values.ts';
import {
  deliveryProofs,
  deliveryRunStops,
  deliveryRuns,
  drivers,
  metrcReports,
  orderItems,
  orders,
  states,
  type US_STATES,
  vehicles,
} from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { linePackages } from '../inventory/order-packages.server.ts';
import { isTraced } from '../inventory/packages.ts';
import { SITE } from '../site/settings.ts';
import { METRC_TIMEOUT_MS, type MetrcEnv, type MetrcVariable, metrcFromEnv } from './metrc-client.ts';
import { afterAnswer, blockedBy, type DeliveryReportInput, deliveryReport, RECHECK_MS } from './metrc-report.ts';

type Reader = Pick<Db, 'select'>;

/** deliveryReport's input, with the order's state as the schema knows it. */
type OrderReportInput = DeliveryReportInput & { order: { deliveryState: (typeof US_STATES)[number] } };

/** Everything deliveryReport reads of one order, or null when there is no such order. */
export async function reportInput(db: Reader, orderId: number, deliveredAt?: number): Promise<OrderReportInput | null> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order) return null;
  const rows = await db
    .select({
      id: orderItems.id,
      name: orderItems.name,
      category: orderItems.category,
      weight: orderItems.weight,
      lineTotal: orderItems.lineTotal,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
  // Only cannabis is reported; accessories are not tracked in Metrc.
  const items = rows.filter((i) => isTraced(i.category));
  const packagesOf = await linePackages(db, [orderId]);
  const [run] = await db
    .select({
      id: deliveryRuns.id,
      plannedDeparture: deliveryRuns.plannedDeparture,
      plannedArrival: deliveryRuns.plannedArrival,
      route: deliveryRuns.route,
      driverName: drivers.name,
      employeeId: drivers.employeeId,
      licenceNumber: drivers.licenceNumber,
      make: vehicles.make,
      model: vehicles.model,
      plate: vehicles.plate,
    })
    .from(deliveryRunStops)
    .innerJoin(deliveryRuns, eq(deliveryRuns.id, deliveryRunStops.runId))
    .innerJoin(drivers, eq(drivers.id, deliveryRuns.driverId))
    .innerJoin(vehicles, eq(vehicles.id, deliveryRuns.vehicleId))
    .where(eq(deliveryRunStops.orderId, orderId))
    .limit(1);
  const stopPlaces = run
    ? (
        await db
          .select({ city: orders.deliveryCity, state: orders.deliveryState, zip: orders.deliveryZipCode })
          .from(deliveryRunStops)
          .innerJoin(orders, eq(orders.id, deliveryRunStops.orderId))
          .where(eq(deliveryRunStops.runId, run.id))
          .orderBy(asc(deliveryRunStops.position))
      ).map((s) => `${s.city}, ${s.state} ${s.zip}`)
    : [];
  const [state] = await db
    .select({ code: states.code, name: states.name, metrcLicense: states.metrcLicense })
    .from(states)
    .where(eq(states.code, order.deliveryState))
    .limit(1);
  let at = deliveredAt;
  if (at === undefined) {
    const [proof] = await db
      .select({ at: deliveryProofs.createdAt })
      .from(deliveryProofs)
      .where(eq(deliveryProofs.orderId, orderId))
      .limit(1);
    at = proof?.at ?? order.updatedAt;
  }
  return {
    order,
    lines: items.map((i) => ({
      name: i.name,
      category: i.category,
      weight: i.weight,
      lineTotal: i.lineTotal,
      packages: (packagesOf.get(i.id) ?? []).map((p) => ({ tag: p.tag, quantity: p.quantity, unit: p.unit })),
    })),
    run: run
      ? {
          driver: { name: run.driverName, employeeId: run.employeeId, licenceNumber: run.licenceNumber },
          vehicle: { make: run.make, model: run.model, plate: run.plate },
          plannedDeparture: run.plannedDeparture,
          plannedArrival: run.plannedArrival,
          route: run.route,
          stopPlaces,
        }
      : null,
    state: state ?? null,
    deliveredAt: at,
    shopPhone: SITE.phone,
  };
}

/** What a report says before the job first looks at it, when nothing keeps it from going. */
export const QUEUED_ANSWER = 'Queued: the job sends it to Metrc on its next run.';

/** The report a handover queues, as queueReport writes it. */
export type QueuedReport = typeof metrcReports.$inferInsert;

/**
 * D40: the delivery report of the order about to be handed over at `deliveredAt`, due at once:
 * needing a tag when a line left from an untagged package or from no package, waiting (with why)
 * when the shop lacks something Metrc asks for; null for an order of accessories alone, which
 * holds nothing Metrc tracks. Read before the handover's batch: once an order is out, its lines
 * and the packages they left from are fixed (a cancel that would change them also changes the
 * status the handover's batch is guarded on), and the job builds the report again before sending.
 */
export async function reportToQueue(db: Reader, orderId: number, deliveredAt: number): Promise<QueuedReport | null> {
  const input = await reportInput(db, orderId, deliveredAt);
  if (!input || input.lines.length === 0) return null;
  const report = deliveryReport(input);
  const blocked = blockedBy(report, null);
  return {
    orderId,
    state: input.order.deliveryState,
    status: blocked?.status ?? 'waiting',
    payload: [report.delivery],
    lastAnswer: blocked?.lastAnswer ?? QUEUED_ANSWER,
    nextAttemptAt: deliveredAt,
    createdAt: deliveredAt,
    updatedAt: deliveredAt,
  };
}

/**
 * D40: the statement, for the handover's batch, that queues `report` (from reportToQueue). ON
 * CONFLICT DO NOTHING on the order's key: a report is never queued twice.
 */
export function queueReport(db: Pick<Db, 'insert'>, report: QueuedReport) {
  return db.insert(metrcReports).values(report).onConflictDoNothing({ target: metrcReports.orderId });
}

/** How many reports one run takes at most. */
export const METRC_BATCH = 10;
/**
 * How long a run holds each report it took, past Metrc's deadline: time to build it and write the
 * answer. A run holds its reports for all of them one after another, so it is done before any claim
 * runs out; a run that dies meanwhile leaves them to the first run after.
 */
const CLAIM_MARGIN_MS = 5_000;
/** A run starts no new call to Metrc after this long, so it ends within its job's deadline; the rest wait for the next run. */
export const METRC_SEND_BUDGET_MS = 40_000;

const OPEN: MetrcReportStatus[] = ['waiting', 'needs_tag'];

export interface MetrcRunResult {
  /** Reports this run took. */
  claimed: number;
  sent: number;
  /** Refused by Metrc (4xx), or out of tries. */
  failed: number;
  /** No answer (5xx, 429, timeout): tried again later. */
  retrying: number;
  /** Waiting for a tag, a setting or the keys. */
  blocked: number;
  /** Taken but left for the next run (the run's time was up). */
  released: number;
}

export interface MetrcRunOptions {
  /** Only this order's report (right after its handover, or a retry). */
  orderId?: number;
  limit?: number;
}

/**
 * D40: sends the due reports (oldest due first). Claims them in one UPDATE guarded by their
 * claim, so a concurrent run takes none of them; builds each again; sends what can go with
 * Metrc's deadline; writes each outcome in one UPDATE guarded by this run's claim. `now` is the
 * run's clock (the scheduled time; the tests choose it).
 */
export async function sendMetrcReports(db: Db, env: MetrcEnv, now: number, options: MetrcRunOptions = {}): Promise<MetrcRunResult> {
  const settings = metrcFromEnv(env);
  const limit = options.limit ?? METRC_BATCH;
  const claim = now + limit * ((settings.configured ? settings.timeoutMs : METRC_TIMEOUT_MS) + CLAIM_MARGIN_MS);
  const free = or(isNull(metrcReports.claimedUntil), lte(metrcReports.claimedUntil, now));
  const open = inArray(metrcReports.status, OPEN);
  const due = db
    .select({ id: metrcReports.id })
    .from(metrcReports)
    .where(
      and(
        open,
        lte(metrcReports.nextAttemptAt, now),
        free,
        options.orderId !== undefined ? eq(metrcReports.orderId, options.orderId) : undefined,
      ),
    )
    .orderBy(asc(metrcReports.nextAttemptAt), asc(metrcReports.id))
    .limit(limit);
  const claimed = await db
    .update(metrcReports)
    .set({ claimedUntil: claim })
    .where(and(inArray(metrcReports.id, due), open, free))
    .returning();
  const result: MetrcRunResult = { claimed: claimed.length, sent: 0, failed: 0, retrying: 0, blocked: 0, released: 0 };
  const started = Date.now();
  for (const row of claimed.sort((a, b) => a.nextAttemptAt - b.nextAttemptAt || a.id - b.id)) {
    const mine = and(eq(metrcReports.id, row.id), eq(metrcReports.claimedUntil, claim));
    const input = await reportInput(db, row.orderId);
    if (!input) {
      await db.update(metrcReports).set({ claimedUntil: null }).where(mine);
      result.released++;
      continue;
    }
    const report = deliveryReport(input);
    const payload = [report.delivery];
    const blocked = blockedBy(report, settings.configured ? null : settings.missing);
    if (blocked || !report.licence || !settings.configured) {
      const state = blocked ?? { status: 'waiting' as const, lastAnswer: 'Waiting.' };
      const changed = state.status !== row.status || state.lastAnswer !== row.lastAnswer;
      await db
        .update(metrcReports)
        .set({
          status: state.status,
          lastAnswer: state.lastAnswer,
          payload,
          nextAttemptAt: now + RECHECK_MS,
          claimedUntil: null,
          updatedAt: changed ? now : row.updatedAt,
        })
        .where(mine);
      result.blocked++;
      continue;
    }
    if (Date.now() - started > METRC_SEND_BUDGET_MS) {
      await db.update(metrcReports).set({ claimedUntil: null }).where(mine);
      result.released++;
      continue;
    }
    const answer = await settings.client.createDeliveries(report.licence, payload);
    const after = afterAnswer(answer, row.attempts + 1, now);
    await db
      .update(metrcReports)
      .set({ ...after, payload, claimedUntil: null, updatedAt: now })
      .where(mine);
    if (after.status === 'sent') result.sent++;
    else if (after.status === 'failed') result.failed++;
    else result.retrying++;
  }
  return result;
}

/**
 * The report of the order `orderRef` sent now if it is due, right after its handover: nothing when
 * Metrc's keys are not set (the job's next run says so on the report). Answers the run's result.
 */
export async function sendReportOf(db: Db, env: MetrcEnv, orderRef: string, now = Date.now()): Promise<MetrcRunResult | null> {
  if (!metrcFromEnv(env).configured) return null;
  const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.ref, orderRef)).limit(1);
  return order ? sendMetrcReports(db, env, now, { orderId: order.id, limit: 1 }) : null;
}

/** Whether the keys are set, and which are missing by name, for the screen. */
export function metrcCredentials(env: MetrcEnv): { configured: boolean; missing: MetrcVariable[] } {
  const settings = metrcFromEnv(env);
  return settings.configured ? { configured: true, missing: [] } : { configured: false, missing: settings.missing };
}

/** A report as the admin's screen reads it. */
export interface TrackAndTraceReport {
  orderRef: string;
  state: string;
  status: MetrcReportStatus;
  payload: unknown;
  attempts: number;
  lastStatus: number | null;
  lastAnswer: string | null;
  sentAt: number | null;
  nextAttemptAt: number;
  /** True while a run holds the report (it is being sent). */
  sending: boolean;
  createdAt: number;
  updatedAt: number;
}

export const TRACK_AND_TRACE_LIMIT = 200;

const REPORT_COLUMNS = {
  orderRef: orders.ref,
  state: metrcReports.state,
  status: metrcReports.status,
  payload: metrcReports.payload,
  attempts: metrcReports.attempts,
  lastStatus: metrcReports.lastStatus,
  lastAnswer: metrcReports.lastAnswer,
  sentAt: metrcReports.sentAt,
  nextAttemptAt: metrcReports.nextAttemptAt,
  claimedUntil: metrcReports.claimedUntil,
  createdAt: metrcReports.createdAt,
  updatedAt: metrcReports.updatedAt,
};

const toView = ({ claimedUntil, ...r }: { claimedUntil: number | null } & Omit<TrackAndTraceReport, 'sending'>, now: number) => ({
  ...r,
  sending: claimedUntil != null && claimedUntil > now,
});

/** The reports, newest first, of one status or all. */
export async function listReports(db: Db, status: MetrcReportStatus | undefined, now = Date.now()): Promise<TrackAndTraceReport[]> {
  const rows = await db
    .select(REPORT_COLUMNS)
    .from(metrcReports)
    .innerJoin(orders, eq(orders.id, metrcReports.orderId))
    .where(status ? eq(metrcReports.status, status) : undefined)
    .orderBy(desc(metrcReports.createdAt), desc(metrcReports.id))
    .limit(TRACK_AND_TRACE_LIMIT);
  return rows.map((r) => toView(r, now));
}

/** One order's report, or a 404. */
export async function reportOf(db: Db, orderRef: string, now = Date.now()): Promise<TrackAndTraceReport> {
  const [row] = await db
    .select(REPORT_COLUMNS)
    .from(metrcReports)
    .innerJoin(orders, eq(orders.id, metrcReports.orderId))
    .where(eq(orders.ref, orderRef))
    .limit(1);
  if (!row) throw new HttpError(404, 'not_found', 'This order has no report to Metrc');
  return toView(row, now);
}

/**
 * D40: puts a report that is not sent back to due now, its tries counted afresh (a person looked
 * at it). A report a run holds right now is left alone (409), and a sent one is never sent again
 * (409). Answers the order's id, for a send right away.
 */
export async function retryReport(db: Db, orderRef: string, now = Date.now()): Promise<number> {
  const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.ref, orderRef)).limit(1);
  if (!order) throw new HttpError(404, 'not_found', 'This order has no report to Metrc');
  const [row] = await db
    .update(metrcReports)
    .set({ status: 'waiting', attempts: 0, nextAttemptAt: now, updatedAt: now })
    .where(
      and(
        eq(metrcReports.orderId, order.id),
        ne(metrcReports.status, 'sent'),
        or(isNull(metrcReports.claimedUntil), lte(metrcReports.claimedUntil, now)),
      ),
    )
    .returning({ id: metrcReports.id });
  if (row) return order.id;
  const report = await reportOf(db, orderRef, now);
  if (report.status === 'sent') throw new HttpError(409, 'already_sent', 'This report was sent to Metrc already; it is never sent twice.');
  throw new HttpError(409, 'being_sent', 'This report is being sent right now. Refresh in a moment to see Metrc’s answer.');
}
