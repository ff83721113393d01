/** The Reports tab's calls (R1-R7); paths, inputs and the settings' answers are typed by the routes. */
import { api, call, ok } from '../../lib/api.ts';
import type { ReportSettingsInput } from './reports.schema.ts';
import type { ReportAnswers, ReportName, ReportRange } from './reports.ts';

const admin = api.admin;

export const reportsApi = {
  /**
   * One report as JSON. One handler answers every report and its CSV, so the route's type cannot
   * say which shape a name gets; reports.ts's ReportAnswers does.
   */
  report: async <N extends ReportName>(name: N, range: ReportRange): Promise<ReportAnswers[N]> =>
    (await ok(admin.reports[':name'].$get({ param: { name }, query: range }))).json() as Promise<ReportAnswers[N]>,
  settings: () => call(admin['report-settings'].$get()),
  saveSettings: (json: ReportSettingsInput) => call(admin['report-settings'].$put({ json })),
  sendDailySummary: () => call(admin['report-settings']['daily-summary'].$post()),
};

/** The report's CSV for a plain link: a same-origin GET that carries the session cookie. */
export function reportCsvHref(name: ReportName, range: ReportRange): string {
  return `/api/admin/reports/${name}.csv?${new URLSearchParams({ from: range.from, to: range.to })}`;
}
