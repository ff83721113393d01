/**
 * One scheduled run (docs/decisions/0024): the daily summary at 7:00 New York (R7),
 * housekeeping and the reports due to Metrc (D40), side by side. Each job has its own deadline and
 * its own failure: one that throws or runs late is reported as such and the others still run.
 * `now` is the run's clock, given by the caller, so tests choose the time.
 */
import type { Db } from '../../db/db.ts';
import type { MailEnv } from '../mail/mail.server.ts';
import { sendMetrcReports } from '../metrc/metrc.server.ts';
import type { MetrcEnv } from '../metrc/metrc-client.ts';
import { type DailySummaryAnswer, sendDailySummary } from '../reports/reports.server.ts';
import { houseKeep } from './housekeeping.server.ts';
import { DAILY_SUMMARY_NY_TIME, dailySummaryDue, JOB_DEADLINE_MS, SCHEDULED_JOBS, type ScheduledJob } from './scheduler.ts';

export type JobEnv = MailEnv & MetrcEnv & { SITE_URL?: string };

export interface RunContext {
  db: Db;
  env: JobEnv;
  now: number;
  /**
   * Keeps work alive after the run's answer (its waitUntil): a job past its deadline is
   * reported as timed out and left to finish, since each of its database calls has a deadline too.
   */
  keepAlive?: (work: Promise<unknown>) => void;
  /** The jobs' deadlines; the tests shorten them. */
  deadlines?: Record<ScheduledJob, number>;
}

export type JobOutcome =
  | { status: 'done'; result: unknown }
  | { status: 'failed'; error: string }
  | { status: 'timed_out'; afterMs: number };

export type DailySummaryJobResult = DailySummaryAnswer | { sent: false; reason: 'not_yet'; at: string };

/** R7: nothing before 07:00 New York; from then on sendDailySummary sends yesterday's once. */
async function dailySummaryJob(db: Db, env: JobEnv, now: number): Promise<DailySummaryJobResult> {
  if (!dailySummaryDue(now)) return { sent: false, reason: 'not_yet', at: `${DAILY_SUMMARY_NY_TIME} America/New_York` };
  return sendDailySummary(db, now, env);
}

/** `work` within `deadlineMs`, its failure caught: the outcome, never a throw. */
async function withDeadline(
  job: ScheduledJob,
  deadlineMs: number,
  work: () => Promise<unknown>,
  keepAlive?: (work: Promise<unknown>) => void,
): Promise<JobOutcome> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const running = Promise.resolve()
    .then(work)
    .then(
      (result): JobOutcome => ({ status: 'done', result }),
      (err: unknown): JobOutcome => {
        console.error(`Scheduled job ${job} failed`, err);
        return { status: 'failed', error: err instanceof Error ? `${err.name}: ${err.message}` : String(err) };
      },
    );
  const late = new Promise<JobOutcome>((resolve) => {
    timer = setTimeout(() => resolve({ status: 'timed_out', afterMs: deadlineMs }), deadlineMs);
  });
  const outcome = await Promise.race([running, late]);
  clearTimeout(timer);
  if (outcome.status === 'timed_out') {
    console.error(`Scheduled job ${job} did not finish within ${deadlineMs} ms`);
    keepAlive?.(running);
  }
  return outcome;
}

export interface RunAnswer {
  /** Every job done; false when one failed or ran past its deadline. */
  ok: boolean;
  ranAt: number;
  jobs: Record<ScheduledJob, JobOutcome>;
}

/** Runs every job; resolves with each one's outcome, in SCHEDULED_JOBS order. */
export async function runScheduledJobs(ctx: RunContext): Promise<RunAnswer> {
  const deadlines = ctx.deadlines ?? JOB_DEADLINE_MS;
  const work: Record<ScheduledJob, () => Promise<unknown>> = {
    dailySummary: () => dailySummaryJob(ctx.db, ctx.env, ctx.now),
    housekeeping: () => houseKeep(ctx.db, ctx.now),
    metrcReports: () => sendMetrcReports(ctx.db, ctx.env, ctx.now),
  };
  const outcomes = await Promise.all(SCHEDULED_JOBS.map((job) => withDeadline(job, deadlines[job], work[job], ctx.keepAlive)));
  return {
    ok: outcomes.every((o) => o.status === 'done'),
    ranAt: ctx.now,
    jobs: Object.fromEntries(SCHEDULED_JOBS.map((job, i) => [job, outcomes[i]])) as Record<ScheduledJob, JobOutcome>,
  };
}
