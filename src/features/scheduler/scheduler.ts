/**
 * Scheduled work (docs/decisions/0024): the Worker's `scheduled` handler runs the jobs on its Cron
 * Trigger every few minutes (wrangler.toml). Each job decides for itself whether it has anything to
 * do at that time, so a run that comes twice, late or early does no harm. Pure: shared by the
 * handler and the jobs.
 */
import { toNyWallTime } from '../../lib/ny-time.ts';

/** The jobs of one run, in the order they are listed in its answer. */
export const SCHEDULED_JOBS = ['dailySummary', 'housekeeping', 'metrcReports'] as const;
export type ScheduledJob = (typeof SCHEDULED_JOBS)[number];

/**
 * How long each job may take in one run before the run reports it as timed out. Each database call
 * has its own deadline as well (DB_DEADLINE_MS.request); these bound a job's calls together. The
 * summary writes its e-mails and hands them to the mail provider; metrcReports sends the delivery
 * reports due to Metrc (D40).
 */
export const JOB_DEADLINE_MS: Record<ScheduledJob, number> = {
  dailySummary: 20_000,
  housekeeping: 10_000,
  // D40: the reports to Metrc; a run starts no new call after METRC_SEND_BUDGET_MS (40 s), each
  // call has its own 10 s deadline.
  metrcReports: 60_000,
};

/** R7: the daily summary goes at 7:00 New York time ('HH:mm', 24-hour), whatever the season. */
export const DAILY_SUMMARY_NY_TIME = '07:00';

/**
 * Whether the daily summary is due at `now`: at or after 07:00 on New York's wall clock, read in
 * New York's offset of that instant, so it is 12:00 UTC in winter (EST) and 11:00 UTC in summer
 * (EDT). Before 07:00 it is not due; sendDailySummary keys the day, so once due, asking again the
 * same day sends nothing more.
 */
export function dailySummaryDue(now: number): boolean {
  return toNyWallTime(now).slice(11) >= DAILY_SUMMARY_NY_TIME;
}
