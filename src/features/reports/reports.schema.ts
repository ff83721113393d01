/**
 * The reports' inputs (R1), for the Reports tab and the server: which report, as JSON or CSV, and
 * a range of New York dates.
 */
import * as v from 'valibot';
import { addDays, isDate } from '../delivery/windows.ts';
import { DateText } from '../dispatch/dispatch.schema.ts';
import { MAX_RANGE_DAYS, REPORT_NAMES, type ReportName } from './reports.ts';

/** `sales` answers JSON, `sales.csv` the same report as CSV. */
export const REPORT_FILES = [...REPORT_NAMES, ...REPORT_NAMES.map((n) => `${n}.csv` as const)] as const;
export const ReportParam = v.object({ name: v.picklist(REPORT_FILES, `Choose a report: ${REPORT_NAMES.join(', ')}`) });
export type ReportFile = (typeof REPORT_FILES)[number];

/** 'sales.csv' -> the sales report, as CSV. */
export function reportFileOf(file: ReportFile): { report: ReportName; csv: boolean } {
  const csv = file.endsWith('.csv');
  const name = csv ? file.slice(0, -'.csv'.length) : file;
  const report = REPORT_NAMES.find((n) => n === name);
  if (!report) throw new RangeError(`Not a report: ${file}`);
  return { report, csv };
}

/** `from` and `to` together, or neither (the last 7 days); `from` on or before `to`, at most MAX_RANGE_DAYS. */
export const ReportQuery = v.pipe(
  v.object({ from: v.optional(DateText), to: v.optional(DateText) }),
  v.forward(
    v.check((q) => (q.from == null) === (q.to == null), 'Give both dates of the range, or neither'),
    ['to'],
  ),
  v.forward(
    v.check((q) => q.from == null || q.to == null || q.from <= q.to, 'The range must end on or after its first day'),
    ['to'],
  ),
  v.forward(
    // valibot runs the range's checks even when a date failed its own; a date that is no date is
    // that date's error alone.
    v.check(
      (q) => q.from == null || q.to == null || !isDate(q.from) || q.to <= addDays(q.from, MAX_RANGE_DAYS - 1),
      `A range is at most ${MAX_RANGE_DAYS} days`,
    ),
    ['to'],
  ),
);
export type ReportQuery = v.InferOutput<typeof ReportQuery>;

/** The daily summary e-mail's switch (R7). */
export const ReportSettingsInput = v.strictObject({ dailySummary: v.boolean('Choose whether the daily summary is sent') });
export type ReportSettingsInput = v.InferOutput<typeof ReportSettingsInput>;
