/**
 * Reports (R1-R7): each report as JSON for its chart and as CSV, and the daily summary's switch.
 * Mounted inside the admin router, behind its guard; roles.ts opens /api/admin/reports to
 * dispatchers, while /api/admin/report-settings stays the admins' (a dispatcher changes no settings).
 */
import { Hono } from 'hono';
import { ReportParam, ReportQuery, ReportSettingsInput, reportFileOf } from '../../../features/reports/reports.schema.ts';
import { buildReport, reportCsv, reportSettings, saveReportSettings, sendDailySummary } from '../../../features/reports/reports.server.ts';
import { CACHE } from '../cache.ts';
import type { AppEnv } from '../env.ts';
import { jsonOnly, valid } from '../validate.ts';

const reportRoutes = new Hono<AppEnv>().get(
  '/:name',
  valid('param', ReportParam, 'name'),
  valid('query', ReportQuery, 'from', { status: 422 }),
  async (c) => {
    const { report, csv } = reportFileOf(c.req.valid('param').name);
    c.header('Cache-Control', CACHE.none);
    if (csv) {
      const file = await reportCsv(c.var.db, report, c.req.valid('query'));
      c.header('Content-Type', 'text/csv; charset=utf-8');
      c.header('Content-Disposition', `attachment; filename="${file.fileName}"`);
      return c.body(file.text);
    }
    return c.json(await buildReport(c.var.db, report, c.req.valid('query')));
  },
);

const settingsRoutes = new Hono<AppEnv>()
  .get('/', async (c) => c.json(await reportSettings(c.var.db)))
  .put('/', jsonOnly, valid('json', ReportSettingsInput, 'dailySummary', { status: 422 }), async (c) =>
    c.json(await saveReportSettings(c.var.db, c.req.valid('json'))),
  )
  .post('/daily-summary', async (c) => c.json(await sendDailySummary(c.var.db, Date.now(), c.env)));

/** The reports' admin routes, for the admin router to mount at its root. */
export const adminReportRoutes = new Hono<AppEnv>().route('/reports', reportRoutes).route('/report-settings', settingsRoutes);
