/**
 * Scheduled work (docs/decisions/0021): a Cron Trigger Worker (scheduler/worker.ts) POSTs to
 * SCHEDULER_RUN_PATH with the shared secret every few minutes, and the shop runs its jobs. Each job
 * decides for itself whether it has anything to do at that time, so a run that comes twice, late or
 * early does no harm. Pure: shared by the Worker, the shop's route and the jobs.
 */
import { toNyWallTime } from '../../lib/ny-time.ts';
import { DEPLOY_HOOK_CALL_TIMEOUT_MS } from '../publish/deploy-hook.ts';

/** Where the shop's scheduler routes live: every one answers 404 to anyone without the secret. */
export const SCHEDULER_PATH = '/api/scheduler';

/** The shop's endpoint the scheduler Worker calls. */
export const SCHEDULER_RUN_PATH = `${SCHEDULER_PATH}/run`;

/** The header that carries SCHEDULER_SECRET: `Authorization: Bearer <secret>`. */
export const SCHEDULER_AUTH_SCHEME = 'Bearer';

/** The least length of SCHEDULER_SECRET (the environment schema refuses a shorter one). */
export const SCHEDULER_SECRET_MIN_LENGTH = 32;

/** The jobs of one run, in the order they are listed in its answer. */
export const SCHEDULED_JOBS = ['dailySummary', 'publish', 'housekeeping'] as const;
export type ScheduledJob = (typeof SCHEDULED_JOBS)[number];

/**
 * How long each job may take in one run before the run reports it as timed out. Each database call
 * has its own deadline as well (DB_DEADLINE_MS.request); these bound a job's calls together. The
 * summary writes its e-mails and hands them to the mail provider; publishing waits for the deploy
 * hook's answer, with time beside it for the reads and the record of the call.
 */
export const JOB_DEADLINE_MS: Record<ScheduledJob, number> = {
  dailySummary: 20_000,
  publish: DEPLOY_HOOK_CALL_TIMEOUT_MS + 5_000,
  housekeeping: 10_000,
};

/**
 * How long the Worker waits for the shop's answer: the jobs run side by side, so the longest job's
 * deadline and a margin for the request itself.
 */
export const SCHEDULER_CALL_TIMEOUT_MS = Math.max(...Object.values(JOB_DEADLINE_MS)) + 10_000;

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
