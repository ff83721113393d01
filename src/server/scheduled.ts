/**
 * The Worker's `scheduled` handler (functions/worker.ts): the scheduled jobs, run on wrangler.toml's
 * Cron Trigger (docs/decisions/0024). A run whose jobs did not all succeed throws, so Cloudflare's
 * cron log shows it as failed; each job's outcome is logged.
 */
import type { ExecutionContext } from '@cloudflare/workers-types';
import { createDb } from '../db/client.web.ts';
import { runScheduledJobs } from '../features/scheduler/jobs.server.ts';
import type { Bindings } from './api/env.ts';

export async function runScheduled(scheduledTime: number, env: Bindings, ctx: Pick<ExecutionContext, 'waitUntil'>): Promise<void> {
  const run = await runScheduledJobs({
    db: createDb(env),
    env,
    now: scheduledTime,
    keepAlive: (work) => ctx.waitUntil(work.catch((err: unknown) => console.error('Scheduled work failed', err))),
  });
  console.log(`Scheduled run of ${new Date(scheduledTime).toISOString()}: ${JSON.stringify(run)}`);
  if (!run.ok) throw new Error(`Not every scheduled job succeeded: ${JSON.stringify(run.jobs)}`);
}
