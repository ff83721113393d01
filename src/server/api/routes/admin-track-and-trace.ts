/**
 * D40 under /api/admin/track-and-trace: the delivery reports to Metrc, newest first, with whether
 * Metrc's keys are set (so the screen says why reports wait), and a report put back to due now,
 * sent at once when asked. Mounted inside the admin router (its guard); ROLE_PATHS opens none of it
 * to dispatchers or drivers.
 */
import { Hono } from 'hono';
import { ReportRef, ReportsQuery, RetryInput } from '../../../features/metrc/metrc.schema.ts';
import { listReports, metrcCredentials, reportOf, retryReport, sendMetrcReports } from '../../../features/metrc/metrc.server.ts';
import { CACHE } from '../cache.ts';
import type { AppEnv } from '../env.ts';
import { jsonOnly, valid } from '../validate.ts';

const trackAndTraceRoutes = new Hono<AppEnv>()
  .get('/', valid('query', ReportsQuery, 'status'), async (c) => {
    c.header('Cache-Control', CACHE.none);
    return c.json({ credentials: metrcCredentials(c.env), reports: await listReports(c.var.db, c.req.valid('query').status) });
  })
  .post('/:orderRef/retry', valid('param', ReportRef, 'orderRef'), jsonOnly, valid('json', RetryInput, 'sendNow'), async (c) => {
    const { orderRef } = c.req.valid('param');
    const now = Date.now();
    const orderId = await retryReport(c.var.db, orderRef, now);
    // Sent in this request when asked, so the admin reads Metrc's answer at once; the client's
    // own deadline bounds the wait.
    if (c.req.valid('json').sendNow) await sendMetrcReports(c.var.db, c.env, now, { orderId, limit: 1 });
    return c.json(await reportOf(c.var.db, orderRef));
  });

/** The track-and-trace routes, for the admin router to mount at its root. */
export const adminTrackAndTraceRoutes = new Hono<AppEnv>().route('/track-and-trace', trackAndTraceRoutes);
