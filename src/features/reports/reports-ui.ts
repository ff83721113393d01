/**
 * What the Reports tab shows, kept out of the components so it can be tested: dates as the charts
 * print them, the custom range's checks, the window grid's rows and columns, and the daily
 * summary's outcome in words. Pure.
 */
import * as v from 'valibot';
import { issuesToFields } from '../../lib/validation.ts';
import { clockText, WEEK_ORDER, WEEKDAY_NAMES } from '../delivery/delivery-settings.ts';
import { isDate, weekdayOf } from '../delivery/windows.ts';
import { ReportQuery } from './reports.schema.ts';
import type { ReportRange, WindowsReport } from './reports.ts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** 'Jan 5' for '2025-01-05'. */
export function shortDate(date: string): string {
  return `${MONTHS[Number(date.slice(5, 7)) - 1] ?? ''} ${Number(date.slice(8, 10))}`;
}

/** 'Sun, Jan 5' for '2025-01-05'. */
export function dayLabel(date: string): string {
  return `${(WEEKDAY_NAMES[weekdayOf(date)] ?? '').slice(0, 3)}, ${shortDate(date)}`;
}

/** 'Jan 5, 2025', or 'Jan 5 - Feb 3, 2025', or across years with both years. */
export function rangeLabel({ from, to }: ReportRange): string {
  const year = (d: string) => d.slice(0, 4);
  if (from === to) return `${dayLabel(from)}, ${year(from)}`;
  if (year(from) === year(to)) return `${shortDate(from)} - ${shortDate(to)}, ${year(to)}`;
  return `${shortDate(from)}, ${year(from)} - ${shortDate(to)}, ${year(to)}`;
}

export type RangeErrors = Partial<Record<'from' | 'to', string>>;

/** The custom range as typed, checked as the server checks it; errors by field. */
export function checkCustomRange(from: string, to: string): { ok: true; range: ReportRange } | { ok: false; errors: RangeErrors } {
  const errors: RangeErrors = {};
  if (!from) errors.from = 'Choose the first day';
  else if (!isDate(from)) errors.from = 'That is not a real date';
  if (!to) errors.to = 'Choose the last day';
  else if (!isDate(to)) errors.to = 'That is not a real date';
  if (errors.from || errors.to) return { ok: false, errors };
  const parsed = v.safeParse(ReportQuery, { from, to });
  if (!parsed.success) return { ok: false, errors: issuesToFields(parsed.issues, 'to') as RangeErrors };
  return { ok: true, range: { from, to } };
}

/** '9:00 AM - 12:00 PM'. */
export const slotLabel = (slot: { startMinute: number; endMinute: number }): string =>
  `${clockText(slot.startMinute)} - ${clockText(slot.endMinute)}`;

/**
 * The window report as a grid: a row per weekday that has a window in the range, Monday first as
 * the schedule shows them, and a column per window time. A weekday without that window has no
 * cell; a weekday the range does not reach has no row, rather than a row that says "no window".
 */
export function windowsGrid(report: WindowsReport) {
  const weekdays = WEEK_ORDER.filter((weekday) => report.cells.some((c) => c.weekday === weekday));
  const columns = report.slots.map((s) => ({ label: slotLabel(s), lines: [clockText(s.startMinute), `to ${clockText(s.endMinute)}`] }));
  const rows = weekdays.map((weekday) => ({ label: WEEKDAY_NAMES[weekday], lines: [WEEKDAY_NAMES[weekday].slice(0, 3)] }));
  const cells = weekdays.map((weekday) =>
    report.slots.map((s) => {
      const cell = report.cells.find((c) => c.weekday === weekday && c.startMinute === s.startMinute && c.endMinute === s.endMinute);
      return cell ? { value: cell.orders, max: cell.capacity } : null;
    }),
  );
  return { rows, columns, cells };
}

export type SummaryOutcome = { sent: boolean; date: string; reason?: 'off' | 'already_sent' | undefined };

/** What the admin reads after asking for yesterday's summary. */
export function summaryOutcomeText(outcome: SummaryOutcome): string {
  const day = `${dayLabel(outcome.date)}, ${outcome.date.slice(0, 4)}`;
  if (outcome.sent) return `The summary of ${day} was e-mailed to the admins.`;
  if (outcome.reason === 'already_sent') return `The summary of ${day} was already sent today; it goes out once a day.`;
  return 'Nothing was sent: the daily summary is turned off. Tick the box and save to turn it on.';
}
